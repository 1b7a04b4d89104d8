#!/usr/bin/env bash
# Provides pulumi-language-yaml and pulumi-converter-yaml (Pulumi YAML programs and
# `pulumi convert --from yaml`), built from Go modules at the version tools/pulumi-yaml/go.mod pins,
# in that module's own graph (pulumi-yaml pins an older pkg/v3 than the CLI and does not compile
# against the newer). Cached per user, keyed by that go.mod and go.sum; prints the directory.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/pulumi-yaml"
version="$(sed -n 's/^[[:space:]]*github.com\/pulumi\/pulumi-yaml \(v[^ ]*\).*/\1/p' "$src/go.mod")"
[ -n "$version" ] || { echo "yaml-host: tools/pulumi-yaml/go.mod pins no github.com/pulumi/pulumi-yaml" >&2; exit 1; }
key="$(cat "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/pulumi-yaml/$version-$key"
pulumi_sender_go_tools yaml-host "$src" "$dir" "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=$version" \
  "${1:-build}" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml
[ "${1:-}" = "--fetch" ] || echo "$dir"

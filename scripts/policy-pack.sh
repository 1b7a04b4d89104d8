#!/usr/bin/env bash
# The policy pack (policy/) as users install it: `npm pack` of the compiled pack, named
# pulumi-sender-policy-<version>.tgz, its version the root package.json's. Built once and cached per
# user, keyed by the pack's sources, this script and the compiler; prints the tarball's path.
# Installs policy/node_modules (@pulumi/policy's types) when a fresh clone has none. Everything but
# the path goes to stderr: the compiler's errors too, so that no caller reads one as the path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
pulumi_sender_policy_deps "$root"
version="$(node -p 'require("./package.json").version')"
tsc="$root/node_modules/.bin/tsc"
key="$({
  (cd policy && find . -path ./node_modules -prune -o -path ./dist -prune -o -type f -print0 | sort -z | xargs -0 sha256sum)
  sha256sum tsconfig.base.json LICENSE scripts/policy-pack.sh
  echo "$version $(node --version) $("$tsc" --version)"
} | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/policy-pack/$key"
tarball="$dir/pulumi-sender-policy-$version.tgz"
if [ ! -f "$tarball" ]; then
  stage="$(mktemp -d)"
  trap 'rm -rf "$stage"' EXIT
  # Compiled outside the checkout, without maps (they would point into it).
  "$tsc" -p policy/tsconfig.json --outDir "$stage/pkg/dist" --sourceMap false --declarationMap false >&2 ||
    { echo "policy-pack: the policy pack does not compile (above)" >&2; exit 1; }
  cp policy/PulumiPolicy.yaml policy/README.md LICENSE "$stage/pkg/"
  # The root's version, whatever policy/package.json says (test/policy/package.test.ts keeps them equal).
  node -e 'const p = require(process.argv[1]); p.version = process.argv[2]; console.log(JSON.stringify(p, null, 2))' \
    "$root/policy/package.json" "$version" >"$stage/pkg/package.json"
  mkdir -p "$stage/out"
  (cd "$stage/pkg" && npm pack --silent --ignore-scripts --pack-destination "$stage/out" >/dev/null)
  pulumi_sender_settle "$stage/out" "$dir" "pulumi-sender-policy-$version.tgz"
fi
echo "$tarball"

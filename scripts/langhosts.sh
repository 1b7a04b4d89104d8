#!/usr/bin/env bash
# Provides pulumi-language-nodejs, pulumi-language-go and pulumi-language-python: the project's
# minimal language host (tools/sdkgen/langhost), one binary that serves the language its name says,
# built once and cached per user, keyed by its sources; prints the directory that holds them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/sdkgen"
key="$(cat "$src/go.mod" "$src/go.sum" "$src"/langhost/*.go | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/langhosts/$key"
built() { [ -x "$dir/pulumi-language-go" ] && [ -x "$dir/pulumi-language-python" ] && [ -x "$dir/pulumi-language-nodejs" ]; }
# --fetch: when not built yet, only fetch the modules the build needs (scripts/pulumi-cli.sh runs it
# while the CLI compiles).
if [ "${1:-}" = "--fetch" ]; then
  built || (cd "$src" && go list -mod=mod -deps ./langhost >/dev/null)
  exit 0
fi
if ! built; then
  command -v go >/dev/null 2>&1 || { echo "langhosts: the Go toolchain is needed" >&2; exit 1; }
  echo "langhosts: building tools/sdkgen/langhost into $dir" >&2
  tmp="$dir.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -o "$tmp/pulumi-language-go" ./langhost)
  cp "$tmp/pulumi-language-go" "$tmp/pulumi-language-python"
  cp "$tmp/pulumi-language-go" "$tmp/pulumi-language-nodejs"
  # A running host is never overwritten in place ("text file busy"): the folder is renamed in whole.
  pulumi_sender_settle "$tmp" "$dir" pulumi-language-nodejs
fi
echo "$dir"

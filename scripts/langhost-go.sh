#!/usr/bin/env bash
# Provides pulumi-language-go, the project's minimal Go language host (tools/sdkgen/langhost-go),
# built once and cached per user, keyed by its sources; prints the directory that holds it (put it
# on PATH so that the engine finds it for `runtime: go` projects).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/sdkgen"
key="$(cat "$src/go.mod" "$src/go.sum" "$src/langhost-go/main.go" | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/langhost-go/$key"
if [ ! -x "$dir/pulumi-language-go" ]; then
  command -v go >/dev/null 2>&1 || { echo "langhost-go: the Go toolchain is needed" >&2; exit 1; }
  echo "langhost-go: building tools/sdkgen/langhost-go into $dir" >&2
  mkdir -p "$dir"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -o "$dir/pulumi-language-go.tmp.$$" ./langhost-go)
  mv "$dir/pulumi-language-go.tmp.$$" "$dir/pulumi-language-go"
fi
echo "$dir"

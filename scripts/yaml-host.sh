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
pkgs=(github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml)
built() { [ -x "$dir/pulumi-language-yaml" ] && [ -x "$dir/pulumi-converter-yaml" ]; }
# --fetch: when not built yet, only fetch the modules the build needs (scripts/pulumi-cli.sh runs it
# while the CLI compiles).
if [ "${1:-}" = "--fetch" ]; then
  built || (cd "$src" && go list -mod=mod -deps "${pkgs[@]}" >/dev/null)
  exit 0
fi
if ! built; then
  command -v go >/dev/null 2>&1 || { echo "yaml-host: the Go toolchain is needed to build Pulumi YAML $version" >&2; exit 1; }
  echo "yaml-host: building pulumi-language-yaml and pulumi-converter-yaml $version into $dir (about a minute)" >&2
  start=$SECONDS
  tmp="$dir.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  ldflags="-X github.com/pulumi/pulumi-yaml/pkg/version.Version=$version"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -ldflags "$ldflags" -o "$tmp/" "${pkgs[@]}")
  pulumi_sender_settle "$tmp" "$dir" pulumi-converter-yaml
  echo "yaml-host: built in $((SECONDS - start)) s" >&2
fi
echo "$dir"

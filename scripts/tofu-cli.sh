#!/usr/bin/env bash
# Provides the OpenTofu CLI that the Terraform door's tests run, and prints the directory that holds
# `tofu` (put it first on PATH: `export PATH="$(bash scripts/tofu-cli.sh | tail -n1):$PATH"`).
# usage: scripts/tofu-cli.sh [--fetch] [VERSION]
#   VERSION is one of the folders of tools/opentofu/ without its `v` (1.12.6, 1.10.10); without it,
#   PULUMI_SENDER_TOFU_VERSION, else the newest folder. Each folder is a module that requires that
#   OpenTofu and repeats its go.mod's one replace (`go install …@vX` refuses a module with a replace).
#   1. Without VERSION, a `tofu` already on PATH (outside this project's cache) of at least the
#      newest version is used; with VERSION, one of exactly that version.
#   2. Otherwise it is built from Go modules, from a copy of the folder's go.mod and go.sum in the
#      per-user cache (never in the checkout), and cached per user per version, keyed by those two
#      files. A cold build of 1.12.6 took 315 s here (13 s of module downloads, 302 s of compiling,
#      on 2 cores under other builds); later runs reuse it.
# With --fetch, only fetches the modules the build needs (while another build compiles).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
mode=build
if [ "${1:-}" = "--fetch" ]; then mode=--fetch; shift; fi
asked="${1:-${PULUMI_SENDER_TOFU_VERSION:-}}"
newest="$(find "$root/tools/opentofu" -mindepth 1 -maxdepth 1 -type d -name 'v*' -printf '%f\n' | sort -V | tail -n1)"
version="v${asked#v}"
[ -n "$asked" ] || version="$newest"
src="$root/tools/opentofu/$version"
[ -f "$src/go.mod" ] || {
  echo "tofu-cli: no tools/opentofu/$version/go.mod (versions: $(cd "$root/tools/opentofu" && echo v*))" >&2
  exit 1
}
grep -q "github.com/opentofu/opentofu $version\b" "$src/go.mod" || {
  echo "tofu-cli: tools/opentofu/$version/go.mod does not pin github.com/opentofu/opentofu $version" >&2
  exit 1
}
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
if [ "$mode" = build ] && command -v tofu >/dev/null 2>&1; then
  dir="$(dirname "$(command -v tofu)")"
  case "$dir" in
    "$PULUMI_SENDER_CACHE"/*) ;;
    *)
      have="$(tofu version 2>/dev/null | sed -n '1s/^OpenTofu v\([0-9.]*\).*/\1/p')"
      if [ -n "$have" ]; then
        if { [ -z "$asked" ] && version_ge "$have" "${version#v}"; } || [ "$have" = "${version#v}" ]; then
          echo "$dir"
          exit 0
        fi
      fi
      ;;
  esac
fi
key="$(cat "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/opentofu/$version-$key"
# The module's copy the Go command may write to (-mod=mod completes go.sum), one per process.
work="$PULUMI_SENDER_CACHE/opentofu/src-$version-$key.$$"
if [ ! -x "$dir/tofu" ]; then
  rm -rf "$work" && mkdir -p "$work" && cp "$src/go.mod" "$src/go.sum" "$work/"
  trap 'rm -rf "$work"' EXIT
  pulumi_sender_go_tools tofu-cli "$work" "$dir" "-X github.com/opentofu/opentofu/version.dev=no" \
    "$mode" github.com/opentofu/opentofu/cmd/tofu
fi
[ "$mode" = --fetch ] || echo "$dir"

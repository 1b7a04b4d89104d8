#!/usr/bin/env bash
# Provides the OpenTofu CLI that the Terraform door's tests run, and prints the directory that holds
# `tofu` (put it first on PATH: `export PATH="$(bash scripts/tofu-cli.sh | tail -n1):$PATH"`).
#   1. A `tofu` already on PATH (outside this project's cache) of at least the version below is used.
#   2. Otherwise it is built from Go modules (tools/opentofu: a module that requires OpenTofu and
#      repeats its one replace) and cached per user, keyed by that go.mod and go.sum. A cold build
#      took about 8 minutes on 2 cores; later runs reuse it.
# With --fetch, only fetches the modules the build needs (while another build compiles).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/opentofu"
version="$(sed -n 's/^[[:space:]]*github.com\/opentofu\/opentofu \(v[^ ]*\).*/\1/p' "$src/go.mod" | head -n1)"
[ -n "$version" ] || { echo "tofu-cli: tools/opentofu/go.mod pins no github.com/opentofu/opentofu" >&2; exit 1; }
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
if [ "${1:-}" != "--fetch" ] && command -v tofu >/dev/null 2>&1; then
  dir="$(dirname "$(command -v tofu)")"
  case "$dir" in
    "$PULUMI_SENDER_CACHE"/*) ;;
    *)
      have="$(tofu version 2>/dev/null | sed -n '1s/^OpenTofu v\([0-9.]*\).*/\1/p')"
      if [ -n "$have" ] && version_ge "$have" "${version#v}"; then echo "$dir"; exit 0; fi
      ;;
  esac
fi
key="$(cat "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/opentofu/$version-$key"
pulumi_sender_go_tools tofu-cli "$src" "$dir" "-X github.com/opentofu/opentofu/version.dev=no" \
  "${1:-build}" github.com/opentofu/opentofu/cmd/tofu
[ "${1:-}" = "--fetch" ] || echo "$dir"

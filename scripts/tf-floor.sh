#!/usr/bin/env bash
# Builds the Go floor of the bench's Terraform part (tools/tf-floor: terraform-plugin-framework,
# provider `floor` with one resource that makes no request) into the per-user cache, keyed by the
# module's files, never inside the checkout; prints the folder that holds
# `terraform-provider-floor`. Later runs reuse the build.
#   scripts/tf-floor.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/tf-floor"
command -v go >/dev/null 2>&1 || { echo "tf-floor: the Go toolchain is needed to build the floor" >&2; exit 1; }
key="$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" <(go env GOVERSION) | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/tf-floor/$key"
if [ ! -x "$dir/terraform-provider-floor" ]; then
  echo "tf-floor: building terraform-provider-floor into $dir" >&2
  start=$SECONDS
  tmp="$dir.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  trap 'rm -rf "$tmp"' EXIT
  # -mod=readonly: go.sum is complete in the checkout, and nothing is written there.
  (cd "$src" && CGO_ENABLED=0 go build -mod=readonly -p 2 -trimpath -o "$tmp/terraform-provider-floor" .)
  pulumi_sender_settle "$tmp" "$dir" terraform-provider-floor
  echo "tf-floor: built in $((SECONDS - start)) s" >&2
fi
echo "$dir"

#!/usr/bin/env bash
# Builds terraform-provider-sender_<version>_<os>_<arch>.zip, the Terraform/OpenTofu provider of one
# platform as the registries and `tofu providers mirror` lay it out, from that platform's Pulumi
# plugin archive (scripts/plugin-tarball.sh): the same bundle and runtime, and an executable
# `terraform-provider-sender_v<version>` that the engine runs (the entry point chooses the Terraform
# door by go-plugin's TF_PLUGIN_MAGIC_COOKIE):
#   linux-*, darwin-amd64  the plugin's sh launcher, renamed (it execs node/bin/node dist/plugin.js)
#   darwin-arm64           the plugin's bun-compiled executable itself, renamed
#   windows-amd64          `terraform-provider-sender_v<version>.exe`, tools/tf-launcher cross-compiled
#                          with Go (Terraform runs no `.cmd`), which runs node\node.exe dist\plugin.js;
#                          the plugin's `.cmd` is left out
#   scripts/terraform-zip.sh --platform=<os>-<arch> <plugin archive .tar.gz> <out dir>
# Prints the zip's path. Modes are kept in the zip (Terraform's unpacking restores them).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
platform="" archive="" out=""
for arg in "$@"; do
  case "$arg" in
    --platform=*) platform="${arg#--platform=}" ;;
    -*) echo "terraform-zip: unknown option $arg" >&2; exit 2 ;;
    *) if [ -z "$archive" ]; then archive="$arg"; else out="$arg"; fi ;;
  esac
done
[ -n "$platform" ] && [ -f "$archive" ] && [ -n "$out" ] ||
  { echo "usage: scripts/terraform-zip.sh --platform=<os>-<arch> <plugin archive .tar.gz> <out dir>" >&2; exit 2; }
case "$platform" in
  linux-amd64 | linux-arm64 | darwin-amd64 | darwin-arm64 | windows-amd64) ;;
  *) echo "terraform-zip: unknown platform $platform (linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64)" >&2; exit 2 ;;
esac
version="$(node -p 'require(process.argv[1]).version' "$root/package.json")"
exe="terraform-provider-sender_v$version"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
tar -xzf "$archive" -C "$stage"
if [ "$platform" = windows-amd64 ]; then
  rm -f "$stage/pulumi-resource-sender.cmd"
  (cd "$root/tools/tf-launcher" && CGO_ENABLED=0 GOOS=windows GOARCH=amd64 GOFLAGS=-mod=mod \
    go build -trimpath -ldflags="-s -w -buildid=" -o "$stage/$exe.exe" .)
else
  mv "$stage/pulumi-resource-sender" "$stage/$exe"
fi
mkdir -p "$out"
zip_path="$(cd "$out" && pwd)/terraform-provider-sender_${version}_${platform/-/_}.zip"
rm -f "$zip_path"
# -X: no uid/gid or extra timestamps, so the zip does not carry the build machine's accounts.
(cd "$stage" && zip -q -r -X "$zip_path" .)
echo "terraform-zip: $platform $(du -h "$zip_path" | cut -f1) $zip_path" >&2
echo "$zip_path"

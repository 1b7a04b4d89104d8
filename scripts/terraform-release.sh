#!/usr/bin/env bash
# Beside the terraform-provider-sender_<v>_<os>_<arch>.zip files of a folder (scripts/terraform-zip.sh),
# writes what the Terraform and OpenTofu registries and mirrors take (scripts/release.sh runs it;
# test/e2e/terraform-mirror.test.ts installs from what it writes):
#   terraform-provider-sender_<v>_manifest.json  the plugin protocol, 6.0
#   terraform-provider-sender_<v>_SHA256SUMS     over the zips and the manifest (the release
#                                                workflow signs it: scripts/terraform-sign.sh)
#   terraform-mirror/registry.opentofu.org/pulumi-sender/sender/
#                                                the zips as a filesystem mirror, packed as `tofu
#                                                providers mirror` writes one, with the network
#                                                mirror protocol's index.json and <v>.json
#   scripts/terraform-release.sh <dir>     (prints the mirror folder, <dir>/terraform-mirror)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/terraform-release.sh <dir with the zips>}"
version="$(node -p 'require(process.argv[1]).version' "$root/package.json")"
shopt -s nullglob
zips=("$out"/terraform-provider-sender_"$version"_*.zip)
[ "${#zips[@]}" -gt 0 ] || { echo "terraform-release: $out holds no terraform-provider-sender_${version}_<os>_<arch>.zip" >&2; exit 1; }
# The manifest names the plugin protocol, SHA256SUMS covers the zips
# and the manifest (the release workflow signs it, terraform-provider-sender_<v>_SHA256SUMS.sig).
tf="terraform-provider-sender_$version"
printf '%s\n' '{"version":1,"metadata":{"protocol_versions":["6.0"]}}' >"$out/${tf}_manifest.json"
(cd "$out" && sha256sum "${tf}"_*.zip "${tf}_manifest.json" >"${tf}_SHA256SUMS")
# The filesystem mirror, packed as `tofu providers mirror` writes it (hard links: no second copy),
# with the network mirror protocol's index.json and <v>.json beside the zips.
mirror="$out/terraform-mirror/registry.opentofu.org/pulumi-sender/sender"
mkdir -p "$mirror"
archives=""
for zip_path in "$out/${tf}"_*.zip; do
  name="$(basename "$zip_path")"
  rm -f "$mirror/$name"
  ln "$zip_path" "$mirror/$name" 2>/dev/null || cp "$zip_path" "$mirror/$name"
  target="${name#"${tf}_"}"
  target="${target%.zip}"
  sum="$(sha256sum "$zip_path" | cut -d' ' -f1)"
  archives="$archives${archives:+,}\"$target\":{\"url\":\"$name\",\"hashes\":[\"zh:$sum\"]}"
done
printf '{"versions":{"%s":{}}}\n' "$version" >"$mirror/index.json"
printf '{"archives":{%s}}\n' "$archives" >"$mirror/$version.json"
echo "terraform-release: ${#zips[@]} zips, ${tf}_SHA256SUMS and the mirror in $out" >&2
echo "$out/terraform-mirror"

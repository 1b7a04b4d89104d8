#!/usr/bin/env bash
# npm run release: every artifact of the version in package.json, in dist/release/<version>/, whose
# path it prints as its last line:
#   pulumi-sender-<v>.tgz                       the npm package (`npm pack` of a copy; prepack builds)
#   pulumi-sender-native-<v>.tgz                the Node.js SDK, compiled (scripts/sdk-packages.sh)
#   pulumi-sender-policy-<v>.tgz                the send-safety policy pack (scripts/policy-pack.sh)
#   pulumi_sender-<v>-py3-none-any.whl, .tar.gz the Python SDK's wheel and sdist
#   goproxy/<module>/@v/                        the Go SDK as a GOPROXY folder (list, .info, .mod,
#                                               .zip), what the tag sdks/go/v<v> serves
#   maven/<groupId path>/sender/<v>/            the Java SDK as a Maven repository folder (jar,
#                                               sources jar, javadoc jar, pom, each with .sha1 and
#                                               .md5), what Maven Central serves once published
#   pulumi-resource-sender-v<v>-<os>-<arch>.tar.gz  the plugin for linux-amd64, linux-arm64,
#                                               darwin-amd64, darwin-arm64 and windows-amd64
#                                               (scripts/plugin-tarball.sh)
#   terraform-provider-sender_<v>_<os>_<arch>.zip  the Terraform/OpenTofu provider of the same five
#                                               platforms, from the same archives (scripts/terraform-zip.sh)
#   terraform-provider-sender_<v>_manifest.json the registry manifest (plugin protocol 6.0)
#   terraform-provider-sender_<v>_SHA256SUMS    over the zips and the manifest, what the registries
#                                               take (the release workflow signs it)
#   terraform-mirror/registry.opentofu.org/pulumi-sender/sender/
#                                               the zips as a filesystem mirror in the packed layout
#                                               `tofu providers mirror` writes, with its index.json and
#                                               <v>.json, so the same folder serves as a network mirror
#   SHA256SUMS                                  over every file above (`sha256sum -c SHA256SUMS`)
# It fails before building when a file disagrees with package.json's version (scripts/versions.js),
# and after, when an archive's executable is not its platform's (file(1)) or a macOS executable's
# signature is not valid (scripts/macho-signature.js). Needs the root's npm dependencies (`npm ci`),
# git, python3 with venv (the Python SDK), Maven and a JDK 11 or later (the Java SDK), Go (the
# Terraform provider's Windows executable), zip, file(1) and sha256sum: it names any that is missing
# before it builds. Installs the policy pack's
# (scripts/policy-pack.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
start=$SECONDS
# What the steps need beside Node.js and npm, named before any starts: a fresh machine may lack one.
missing=0
need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "release: $2 needs $1, which is not on PATH: install it, then run npm run release again" >&2
  missing=1
}
need git "the npm package's copy of the checkout and the Go SDK's module"
need python3 "the Python SDK's wheel and sdist"
need file "the check of each plugin archive's executable"
need sha256sum "SHA256SUMS"
need go "the Terraform provider's Windows executable (tools/tf-launcher)"
need zip "the Terraform provider's archives"
need mvn "the Java SDK's Maven build"
need javac "the Java SDK's Maven build (a JDK 11 or later)"
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  echo "release: the Python SDK's wheel needs python3's venv module with pip (Debian, Ubuntu: apt-get install python3-venv)" >&2
  missing=1
fi
[ "$missing" = 0 ] || exit 1
version="$(node scripts/versions.js)"
out="$root/dist/release/$version"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# npm pack in a copy of the files git tracks, as a fresh clone has them: its prepack empties and
# rebuilds dist/, which in the checkout would pull the build from under anything running from it
# (the tests) and this release folder with it. Tracked files only: an untracked file (a stray
# bin/.env, notes) never reaches the package, whether .gitignore names it or not.
echo "release: npm pack in a copy of the checkout's tracked files (prepack builds its dist/)" >&2
bash scripts/stage-tracked.sh "$root" "$stage/src"
ln -s "$root/node_modules" "$stage/src/node_modules"
(cd "$stage/src" && npm pack --silent --pack-destination "$stage" >/dev/null)
rm -rf "$out" && mkdir -p "$out"
mv "$stage/pulumi-sender-$version.tgz" "$out/"

echo "release: the policy pack (scripts/policy-pack.sh; installs policy/node_modules when missing)" >&2
# Taken apart from the copy, so that a failed step stops the release (its status is lost in "$(…)"
# as an argument).
policy_pack="$(bash scripts/policy-pack.sh | tail -n1)"
cp "$policy_pack" "$out/"

echo "release: the SDK packages (scripts/sdk-packages.sh: the Node.js SDK with tsc, the Python wheel with $(python3 --version) in a venv of PyPI's build tools, the Go module with git, the Java SDK with Maven on scripts/maven-repo.sh's repository, from Maven Central once)" >&2
sdk_packages="$(bash scripts/sdk-packages.sh nodejs python go java)"
while read -r lang path; do
  case "$lang" in
    nodejs) cp "$path" "$out/" ;;
    python) cp "$path/pulumi_sender-$version-py3-none-any.whl" "$path/pulumi_sender-$version.tar.gz" "$out/" ;;
    go) mkdir -p "$out/goproxy" && cp -r "$path/." "$out/goproxy/" ;;
    java) mkdir -p "$out/maven" && cp -r "$path/." "$out/maven/" ;;
  esac
done <<<"$sdk_packages"

# Each platform, and what file(1) must say of the executable its archive runs.
platforms=(
  "linux-amd64 node/bin/node ELF 64-bit LSB .*x86-64"
  "linux-arm64 node/bin/node ELF 64-bit LSB .*ARM aarch64"
  "darwin-amd64 node/bin/node Mach-O 64-bit x86_64 executable"
  "darwin-arm64 pulumi-resource-sender Mach-O 64-bit arm64 executable"
  "windows-amd64 node/node.exe PE32\+ executable .*x86-64"
)
for row in "${platforms[@]}"; do
  read -r platform exe expected <<<"$row"
  archive="$out/pulumi-resource-sender-v$version-$platform.tar.gz"
  bash scripts/plugin-tarball.sh --platform="$platform" "$archive" >/dev/null
  check="$stage/check-$platform"
  mkdir -p "$check" && tar -xzf "$archive" -C "$check"
  what="$(file -b "$check/$exe")"
  if ! grep -Eq "^$expected" <<<"$what"; then
    echo "release: $platform: $exe is \"$what\", expected \"$expected\"" >&2
    exit 1
  fi
  echo "release: $platform: $exe: ${what%%,*}" >&2
  case "$platform" in darwin-*) node scripts/macho-signature.js "$check/$exe" >&2 ;; esac
  rm -rf "$check"
  # The Terraform provider from the same archive; its executable checked as the plugin's is.
  zip_path="$(bash scripts/terraform-zip.sh --platform="$platform" "$archive" "$out")"
  tf_exe="terraform-provider-sender_v$version"
  case "$platform" in windows-*) tf_exe="$tf_exe.exe" tf_expected="PE32\+ executable .*x86-64" ;; *) tf_expected="$expected" ;; esac
  mkdir -p "$check" && unzip -q "$zip_path" -d "$check"
  [ -x "$check/$tf_exe" ] || { echo "release: $platform: the Terraform zip has no executable $tf_exe" >&2; exit 1; }
  # What the executable runs: itself (bun), or the runtime of the plugin's check above.
  case "$platform" in darwin-arm64 | windows-*) runs="$check/$tf_exe" ;; *) runs="$check/$exe" ;; esac
  what="$(file -b "$runs")"
  if ! grep -Eq "^$tf_expected" <<<"$what"; then
    echo "release: $platform: the Terraform zip's ${runs#"$check/"} is \"$what\", expected \"$tf_expected\"" >&2
    exit 1
  fi
  echo "release: $platform: $(basename "$zip_path"): ${runs#"$check/"}: ${what%%,*}" >&2
  rm -rf "$check"
done

# The Terraform registries' files and the filesystem mirror, beside the zips.
bash scripts/terraform-release.sh "$out" >/dev/null

(cd "$out" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
(cd "$out" && sha256sum --quiet -c SHA256SUMS)
echo "release: $(($(wc -l <"$out/SHA256SUMS"))) artifacts, $(du -sh "$out" | cut -f1), in $((SECONDS - start)) s" >&2
echo "$out"

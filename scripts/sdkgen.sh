#!/usr/bin/env bash
# Regenerates the package schema and the Node.js, Python, Go and Java SDKs under sdks/ (npm run sdks).
#   1. sdks/schema.json from the field tables (the compiled provider: run after the build).
#   2. The SDKs with tools/sdkgen (the pkg/v3 code generators), built once and cached per user,
#      keyed by its sources like the Pulumi CLI (scripts/pulumi-cli.sh). The build needs the Go
#      toolchain and the Go module proxy (or a warm module cache).
#   3. The Java SDK, a Maven project, with javagen (pulumi-java's code generator, tools/pulumi-java),
#      built with the Java language host (scripts/java-host.sh).
# `scripts/sdkgen.sh --bin` only prints the generator's path (building it if needed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/sdkgen"
key="$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" | sha256sum | cut -c1-12)"
bin="$PULUMI_SENDER_CACHE/sdkgen/$key/sdkgen"
if [ ! -x "$bin" ]; then
  command -v go >/dev/null 2>&1 || { echo "sdkgen: the Go toolchain is needed to build tools/sdkgen" >&2; exit 1; }
  echo "sdkgen: building tools/sdkgen into $bin" >&2
  tmp="$bin.tmp.$$"
  mkdir -p "$(dirname "$bin")"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -o "$tmp" .)
  mv "$tmp" "$bin"
fi
if [ "${1:-}" = "--bin" ]; then echo "$bin"; exit 0; fi
out="${1:-$root/sdks}"
cd "$root"
node dist/generators/write-schema.js "$out/schema.json" >&2
"$bin" "$out/schema.json" "$out"
java_host="$(bash "$root/scripts/java-host.sh")"
"$java_host/javagen" "$out/schema.json" "$out"
echo "sdkgen: wrote $out/nodejs, $out/python, $out/go and $out/java" >&2

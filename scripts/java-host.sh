#!/usr/bin/env bash
# Provides pulumi-language-java (Java programs: `pulumi new`, preview, up, refresh, destroy, and
# `pulumi convert --language java`) and javagen (the Java SDK generator, scripts/sdkgen.sh), built
# from Go modules at the version tools/pulumi-java/go.mod pins, in that module's own graph (see its
# comment). Cached per user, keyed by that go.mod and go.sum and javagen's source; prints the
# directory. Programs run through Maven (`mvn` on PATH) and need a JDK 11 or later.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
src="$root/tools/pulumi-java"
version="$(sed -n 's/^[[:space:]]*github.com\/pulumi\/pulumi-java\/pkg \(v[^ ]*\).*/\1/p' "$src/go.mod")"
[ -n "$version" ] || { echo "java-host: tools/pulumi-java/go.mod pins no github.com/pulumi/pulumi-java/pkg" >&2; exit 1; }
key="$(cat "$src/go.mod" "$src/go.sum" "$src"/javagen/*.go | sha256sum | cut -c1-12)"
dir="$PULUMI_SENDER_CACHE/pulumi-java/$version-$key"
# The checksum database does not list pulumi-java's module: go.sum pins it.
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi-java"
pulumi_sender_go_tools java-host "$src" "$dir" "-X github.com/pulumi/pulumi-java/pkg/version.Version=$version" \
  "${1:-build}" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java ./javagen
[ "${1:-}" = "--fetch" ] || echo "$dir"

#!/usr/bin/env bash
# Provides the Pulumi CLI, the language hosts of every template (Node.js, Python, Go, Java, and Pulumi
# YAML's with its converter) and the dynamic-provider shim, and prints the directories that hold them
# (put them first on PATH: `export PATH="$(bash scripts/pulumi-cli.sh | tail -n1):$PATH"`).
#   1. A `pulumi` already on PATH (outside this project's cache), of at least the version below, with
#      its language host beside it, is used.
#   2. Otherwise the CLI is built from Go modules (tools/pulumi-cli) and cached per user, keyed by
#      its go.mod and go.sum, so later runs reuse it; the language host beside it is the project's
#      own (scripts/langhosts.sh). The builds need the Go toolchain and the Go module proxy.
# Pulumi YAML (scripts/yaml-host.sh) and the Java host (scripts/java-host.sh) are linked beside the
# CLI we build; beside a CLI of the machine that has no pulumi-language-yaml (or -java), they are put
# on PATH from their own cached directories.
# The shim `pulumi-resource-pulumi-nodejs` is scripts/pulumi-resource-pulumi-nodejs, copied: it runs
# the @pulumi/pulumi of the program's folder, so no checkout's node_modules is linked from the cache.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cli_version="v3.274.1"
min_version="3.274.1"
shim="$root/scripts/pulumi-resource-pulumi-nodejs"

version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
# Copies a file unless the copy is already the same, atomically (other checkouts share the cache).
install_copy() {
  [ ! -L "$2" ] && cmp -s "$1" "$2" 2>/dev/null && return 0
  cp "$1" "$2.tmp.$$" && chmod +x "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2"
}

if command -v pulumi >/dev/null 2>&1 && [ "${PULUMI_SENDER_BUILD_CLI:-}" != "1" ]; then
  have="$(pulumi version 2>/dev/null | sed 's/^v//')"
  dir="$(dirname "$(command -v pulumi)")"
  case "$dir" in "$PULUMI_SENDER_CACHE"/*) have="" ;; esac # ours: the keyed path below checks it is current
  if [ -n "$have" ] && version_ge "$have" "$min_version" && [ -x "$dir/pulumi-language-nodejs" ]; then
    echo "pulumi-cli: using pulumi $have from $dir" >&2
    dirs="$dir"
    if [ ! -x "$dir/pulumi-language-yaml" ]; then dirs="$(bash "$root/scripts/yaml-host.sh"):$dirs"; fi
    if [ ! -x "$dir/pulumi-language-java" ]; then dirs="$(bash "$root/scripts/java-host.sh"):$dirs"; fi
    # Python's and Go's: ours after the machine's folder, whose own hosts come first.
    if [ ! -x "$dir/pulumi-language-python" ] || [ ! -x "$dir/pulumi-language-go" ]; then
      dirs="$dirs:$(bash "$root/scripts/langhosts.sh")"
    fi
    # Official installs ship the shim beside the CLI, where the engine looks first.
    if [ -x "$dir/pulumi-resource-pulumi-nodejs" ]; then echo "$dirs"; exit 0; fi
    out="$PULUMI_SENDER_CACHE/pulumi-shim"
    mkdir -p "$out" && install_copy "$shim" "$out/pulumi-resource-pulumi-nodejs"
    echo "$out:$dirs"
    exit 0
  fi
fi

command -v go >/dev/null 2>&1 || { echo "pulumi-cli: no pulumi >= $min_version on PATH and no Go toolchain to build one" >&2; exit 1; }
src="$root/tools/pulumi-cli"
key="$(cat "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-12)"
bin="$PULUMI_SENDER_CACHE/pulumi-cli/$cli_version-$key"
# The CLI builds first and alone; the language hosts and Pulumi YAML after it, side by side. Built
# beside the CLI, each compiled the packages they share with it again at the same time (cold, the
# three took 704 s that way; this way the CLI 543 s and the others 93 s after it): after it, they take
# them from Go's build cache (tools/pulumi-yaml requires the CLI's versions of the modules it
# shares). Their modules are fetched while the CLI compiles.
hosts_out="$(mktemp)" yaml_out="$(mktemp)"
trap 'rm -f "$hosts_out" "$yaml_out"' EXIT
if [ ! -x "$bin/pulumi" ]; then
  echo "pulumi-cli: building the Pulumi CLI $cli_version from Go modules into $bin (a cold build takes several minutes)" >&2
  start=$SECONDS
  # A failed fetch is reported by the build that follows.
  bash "$root/scripts/langhosts.sh" --fetch >/dev/null 2>&1 &
  bash "$root/scripts/yaml-host.sh" --fetch >/dev/null 2>&1 &
  bash "$root/scripts/java-host.sh" --fetch >/dev/null 2>&1 &
  tmp="$bin.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  ldflags="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$cli_version"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -ldflags "$ldflags" -o "$tmp/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  pulumi_sender_settle "$tmp" "$bin" pulumi
  echo "pulumi-cli: built in $((SECONDS - start)) s" >&2
  wait
fi
bash "$root/scripts/langhosts.sh" >"$hosts_out" &
hosts_pid=$!
bash "$root/scripts/yaml-host.sh" >"$yaml_out" &
yaml_pid=$!
wait "$hosts_pid" || { echo "pulumi-cli: building the language hosts failed" >&2; exit 1; }
wait "$yaml_pid" || { echo "pulumi-cli: building Pulumi YAML failed" >&2; exit 1; }
langhosts="$(cat "$hosts_out")"
yaml="$(cat "$yaml_out")"
# The Java host after Pulumi YAML: it builds on Pulumi YAML's pkg/v3 (tools/pulumi-java/go.mod), whose
# packages then come from Go's build cache (cold, 9 s after it).
java="$(bash "$root/scripts/java-host.sh")" || { echo "pulumi-cli: building the Java language host failed" >&2; exit 1; }
# The engine takes its language hosts from beside the running `pulumi` (symlinks resolved), so the CLI
# gets one folder per set of hosts, `pulumi` hard-linked into it: checkouts whose language host
# differs (a branch that adds an RPC, such as RunPlugin for policy packs) never relink each other's.
view="$bin+$(basename "$langhosts")+$(basename "$yaml")+java-$(basename "$java")"
mkdir -p "$view"
# Each entry made under a temporary name and renamed, atomically: other checkouts share the folder.
place() { # place <ln options> <target> <name>
  [ -e "$view/$3" ] && [ "$1" = "-s" ] && [ "$(readlink "$view/$3")" = "$2" ] && return 0
  ln "$1" "$2" "$view/$3.tmp.$$" && mv -f "$view/$3.tmp.$$" "$view/$3"
}
[ "$view/pulumi" -ef "$bin/pulumi" ] || place -P "$bin/pulumi" pulumi
place -s "$langhosts/pulumi-language-nodejs" pulumi-language-nodejs
place -s "$langhosts/pulumi-language-python" pulumi-language-python
place -s "$langhosts/pulumi-language-go" pulumi-language-go
place -s "$yaml/pulumi-language-yaml" pulumi-language-yaml
place -s "$yaml/pulumi-converter-yaml" pulumi-converter-yaml
place -s "$java/pulumi-language-java" pulumi-language-java
install_copy "$shim" "$view/pulumi-resource-pulumi-nodejs"
"$view/pulumi" version >/dev/null
echo "$view"

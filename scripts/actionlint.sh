#!/usr/bin/env bash
# actionlint (https://github.com/rhysd/actionlint) over the repository's workflows, built from its Go
# module once per version into the per-user cache. `scripts/actionlint.sh [<workflow>...]`; with no
# argument it checks .github/workflows/. Exits as actionlint does (1 with one line per finding).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
version="v1.7.12"
bin="$PULUMI_SENDER_CACHE/actionlint/$version"
if [ ! -x "$bin/actionlint" ]; then
  command -v go >/dev/null 2>&1 || { echo "actionlint: the Go toolchain is needed to build it" >&2; exit 1; }
  echo "actionlint: building $version into $bin" >&2
  # The build's own lines ("go: downloading ...") only when it fails: a caller reads actionlint's output.
  log="$(mktemp)"
  GOBIN="$bin.tmp.$$" GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@$version" >"$log" 2>&1 ||
    { cat "$log" >&2; rm -f "$log"; exit 1; }
  rm -f "$log"
  pulumi_sender_settle "$bin.tmp.$$" "$bin" actionlint
fi
cd "$root"
exec "$bin/actionlint" -no-color "$@"

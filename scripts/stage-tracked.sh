#!/usr/bin/env bash
# Copies the files git tracks in the checkout at <root> (their working-tree content) into <dest>, as
# a fresh clone has them: never an untracked file, whether .gitignore names it (a stray bin/.env) or
# not. scripts/release.sh packs the npm package from this copy.
#   scripts/stage-tracked.sh <root> <dest>
set -euo pipefail
root="$1" dest="$2"
mkdir -p "$dest"
cd "$root"
# A tracked file deleted in the working tree is skipped.
git ls-files -z --cached |
  xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' _ |
  xargs -0 cp --parents -t "$dest"

#!/usr/bin/env bash
# The release notes of one version: its section of CHANGELOG.md (`## [<version>]` or `## <version>`,
# up to the next `## `), printed without the heading. Fails, naming the version, when there is none.
#   scripts/release-notes.sh <version> [<changelog>]
set -euo pipefail
version="$1"
changelog="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/CHANGELOG.md}"
notes="$(awk -v v="$version" '
  /^## / { if (on) exit; h = $2; gsub(/[\[\]]/, "", h); if (h == v) { on = 1; next } }
  on { print }' "$changelog")"
if [ -z "${notes//[[:space:]]/}" ]; then
  echo "release-notes: CHANGELOG.md has no section for $version (rename \"## Unreleased\" to \"## [$version] - <date>\")" >&2
  exit 1
fi
printf '%s\n' "$notes"

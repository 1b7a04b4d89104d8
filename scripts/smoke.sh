#!/usr/bin/env bash
# npm run smoke [-- --write]: a live check of the client's reader against SENDER_BASE_URL
# (default https://api.sender.net) with SENDER_API_TOKEN. Builds the package first when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f dist/smoke/index.js || -n "$(find provider smoke -name '*.ts' -newer dist/smoke/index.js -print -quit)" ]]; then
  npx tsc -p tsconfig.json >&2
fi
exec node dist/smoke/index.js "$@"

#!/usr/bin/env bash
# `npm run bench`: set-up, then the benchmarks under the real engine and the emulator.
# Quick by default (about 21 to 23 minutes on an idle 2 cores, the terraform part 3 to 5 of them); pass --full for more rounds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=setup.sh
source "$root/scripts/setup.sh"
cd "$root"
npx tsc -p tsconfig.bench.json
exec node dist-bench/bench/run.js "$@"

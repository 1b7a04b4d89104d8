#!/usr/bin/env bash
# The whole test suite on a fresh machine: set-up, lint, type-check, unit tests against the
# emulator, and end-to-end tests under the real Pulumi engine. Nothing is skipped.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Each step's time, so that a CI log shows where a cold run spends it.
began=$SECONDS
step() { echo "test: $1 in $((SECONDS - began)) s"; began=$SECONDS; }
# shellcheck source=env.sh
source "$root/scripts/env.sh"
# What only the tests need, fetched while the set-up builds (scripts/prefetch.sh).
prefetch_log="$(mktemp)"
bash "$root/scripts/prefetch.sh" >"$prefetch_log" 2>&1 &
prefetch_pid=$!
# The set-up's Pulumi CLI builds in the background while the lint and type-check run.
# shellcheck source=setup.sh
PULUMI_SENDER_AWAIT_CLI=later source "$root/scripts/setup.sh"
cd "$root"
step "npm dependencies and the build"
npx biome check .
npx tsc -p tsconfig.spec.json
# The API reference, from TSDoc; typedoc.json treats every warning as an error.
npm run docs --silent
step "lint, type-check and the API reference"
pulumi_sender_await_cli
# Chromium and PostgreSQL for the gitops end-to-end tests (apt, only when missing).
bash "$root/scripts/setup-gitops.sh" >/dev/null
echo "test: node $(node --version), $(pulumi version) at $(command -v pulumi)"
step "the rest of the set-up (the Pulumi CLI)"
# Every generated file is what its generator writes from today's sources (a scratch copy: nothing
# here changes). After the CLI: tools/sdkgen then builds from the language hosts' Go build cache.
npm run generate --silent -- --check
step "the generated files (npm run generate -- --check)"
wait "$prefetch_pid" || { cat "$prefetch_log" >&2; echo "test: scripts/prefetch.sh failed (above)" >&2; exit 1; }
step "the rest of the prefetch"
pulumi_sender_await_tofu
echo "test: $(tofu version | grep -m1 "^OpenTofu v") at $(command -v tofu)"
step "the OpenTofu CLI (scripts/tofu-cli.sh, after the Pulumi CLI)"
report="$(mktemp -d)/vitest.json"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
step "the tests"
# A plain closing line that any CI reader understands, with the runner's own counts.
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) { console.error("test: no test ran"); process.exit(1); }
  if (skipped > 0) { console.error("test: skipped tests are defects here"); process.exit(1); }
' "$report" || status=1
exit "$status"

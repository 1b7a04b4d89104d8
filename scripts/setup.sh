# Sourced: everything the demo and the tests need on a fresh machine, idempotent and cached.
#   Node >= 22 (scripts/env.sh), the npm dependencies (the root's and the policy pack's), the package
#   linked to itself so that examples and the engine's provider process resolve `pulumi-sender` from
#   this checkout, the build, and the Pulumi CLI (scripts/pulumi-cli.sh), put first on PATH with an
#   offline, local-only environment.
# The CLI is provided in the background from the start: on a cold machine its Go builds take minutes,
# which the npm installs and the build fill. The set-up waits for it at its end, unless
# PULUMI_SENDER_AWAIT_CLI=later: then the caller runs `pulumi_sender_await_cli` itself (scripts/test.sh
# lints first).
# The OpenTofu CLI of the Terraform door's tests (scripts/tofu-cli.sh: 1.12.6, about 5 minutes
# cold, once per version) has its modules fetched from the start, and builds after the Pulumi CLI,
# not beside it: both compile the same standard library and shared packages, which it then takes
# from Go's build cache, and two builds on two cores would only take turns.
# `pulumi_sender_await_tofu` waits for it and puts `tofu` on PATH (the set-up runs it at its end,
# scripts/test.sh before the tests).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
pulumi_sender_cli_out="$(mktemp)"
bash "$root/scripts/pulumi-cli.sh" >"$pulumi_sender_cli_out" &
pulumi_sender_cli_pid=$!
pulumi_sender_tofu_out="$(mktemp)"
bash "$root/scripts/tofu-cli.sh" --fetch >/dev/null 2>&1 &
pulumi_sender_tofu_fetch_pid=$!
pulumi_sender_tofu_pid=""
stamp="node_modules/.pulumi-sender-lock"
want="$(node --version) $(sha256sum package-lock.json | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing npm dependencies" >&2
  # `npm ci` installs exactly the lock file and never rewrites it, so a fresh clone stays clean; it
  # fails when package.json and the lock disagree (then `npm install` once and commit the lock).
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
pulumi_sender_policy_deps "$root"
ln -sfn .. node_modules/pulumi-sender
ln -sfn ../sdks/nodejs node_modules/pulumi-sender-native
npx tsc -p tsconfig.json
chmod +x dist/emulator/cli.js
export PATH="$root/node_modules/.bin:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_NODEJS_TRANSPILE_ONLY="${PULUMI_NODEJS_TRANSPILE_ONLY:-true}"
# Waits for scripts/pulumi-cli.sh (started above) and puts the folder it printed first on PATH.
pulumi_sender_await_cli() {
  wait "$pulumi_sender_cli_pid" || { echo "setup: scripts/pulumi-cli.sh failed (above)" >&2; return 1; }
  local dirs
  dirs="$(cat "$pulumi_sender_cli_out")"
  rm -f "$pulumi_sender_cli_out"
  [ -n "$dirs" ] || { echo "setup: scripts/pulumi-cli.sh printed no folder" >&2; return 1; }
  export PATH="$dirs:$PATH"
  # A failed fetch is reported by the build, which fetches what is missing itself.
  wait "$pulumi_sender_tofu_fetch_pid" 2>/dev/null || true
  bash "$root/scripts/tofu-cli.sh" >"$pulumi_sender_tofu_out" &
  pulumi_sender_tofu_pid=$!
}
# Waits for scripts/tofu-cli.sh (started by pulumi_sender_await_cli) and puts its folder first on PATH.
pulumi_sender_await_tofu() {
  [ -n "$pulumi_sender_tofu_pid" ] || { echo "setup: pulumi_sender_await_tofu before pulumi_sender_await_cli" >&2; return 1; }
  wait "$pulumi_sender_tofu_pid" || { echo "setup: scripts/tofu-cli.sh failed (above)" >&2; return 1; }
  local dir
  dir="$(tail -n1 "$pulumi_sender_tofu_out")"
  rm -f "$pulumi_sender_tofu_out"
  [ -n "$dir" ] || { echo "setup: scripts/tofu-cli.sh printed no folder" >&2; return 1; }
  export PATH="$dir:$PATH" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
}
if [ "${PULUMI_SENDER_AWAIT_CLI:-}" != "later" ]; then pulumi_sender_await_cli && pulumi_sender_await_tofu; fi

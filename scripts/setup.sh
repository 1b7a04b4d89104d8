# Sourced: everything the demo and the tests need on a fresh machine, idempotent and cached.
#   Node >= 22 (scripts/env.sh), the npm dependencies (the root's and the policy pack's), the package
#   linked to itself so that examples and the engine's provider process resolve `pulumi-sender` from
#   this checkout, the build, and the Pulumi CLI (scripts/pulumi-cli.sh), put first on PATH with an
#   offline, local-only environment.
# The CLI is provided in the background from the start: on a cold machine its Go builds take minutes,
# which the npm installs and the build fill. The set-up waits for it at its end, unless
# PULUMI_SENDER_AWAIT_CLI=later: then the caller runs `pulumi_sender_await_cli` itself (scripts/test.sh
# lints first).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
pulumi_sender_cli_out="$(mktemp)"
bash "$root/scripts/pulumi-cli.sh" >"$pulumi_sender_cli_out" &
pulumi_sender_cli_pid=$!
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
}
if [ "${PULUMI_SENDER_AWAIT_CLI:-}" != "later" ]; then pulumi_sender_await_cli; fi

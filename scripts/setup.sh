# Sourced: everything the demo and the tests need on a fresh machine, idempotent and cached.
#   Node >= 22 (scripts/env.sh), the npm dependencies (the root's and the policy pack's), the package
#   linked to itself so that examples and the engine's provider process resolve `pulumi-sender` from
#   this checkout, the build, and the Pulumi CLI (scripts/pulumi-cli.sh), put first on PATH with an
#   offline, local-only environment.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
stamp="node_modules/.pulumi-sender-lock"
want="$(node --version) $(sha256sum package-lock.json | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing npm dependencies" >&2
  # `npm ci` installs exactly the lock file and never rewrites it, so a fresh clone stays clean; it
  # fails when package.json and the lock disagree (then `npm install` once and commit the lock).
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
# The policy pack (policy/) is a package of its own, with its own lock file: @pulumi/policy.
stamp="policy/node_modules/.pulumi-sender-lock"
want="$(node --version) $(sha256sum policy/package-lock.json | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing the policy pack's npm dependencies" >&2
  (cd policy && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
fi
ln -sfn .. node_modules/pulumi-sender
ln -sfn ../sdks/nodejs node_modules/pulumi-sender-native
npx tsc -p tsconfig.json
chmod +x dist/emulator/cli.js
pulumi_bin="$(bash "$root/scripts/pulumi-cli.sh")"
export PATH="$pulumi_bin:$root/node_modules/.bin:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_NODEJS_TRANSPILE_ONLY="${PULUMI_NODEJS_TRANSPILE_ONLY:-true}"

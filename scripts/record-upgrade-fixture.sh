#!/usr/bin/env bash
# Records the upgrade fixtures of one release (docs/development.md, "Upgrade fixtures"): with the
# code of tag v<version>, one stack per family against the emulator, kept in
# test/fixtures/upgrade/v<version>/<family>/ for test/e2e/upgrade.test.ts to preview with HEAD's code.
#   dynamic: test/fixtures/upgrade/programs/dynamic (TypeScript) on the tag's packed package
#   plugin:  test/fixtures/upgrade/programs/plugin (Pulumi YAML) on the tag's native plugin
# The programs are this checkout's; everything that runs them is the tag's: its `npm pack`, its
# plugin, its emulator. Nothing in this checkout changes but the fixture folder.
# usage: scripts/record-upgrade-fixture.sh <version>   (e.g. 0.1.0, for the tag v0.1.0)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="${1:?usage: scripts/record-upgrade-fixture.sh <version> (the tag is v<version>)}"
tag="v$version"
out="$root/test/fixtures/upgrade/$tag"
# The token, passphrase, stack and ports the test knows (test/e2e/upgrade.test.ts).
token="tok-upgrade-fixture-Wq8Rt5Yn"
passphrase="upgrade-fixture"
stack="fixture"
declare -A port=([dynamic]=18431 [plugin]=18432)

git -C "$root" rev-parse --verify --quiet "$tag^{commit}" >/dev/null || {
  echo "record-upgrade-fixture: no tag $tag in this repository" >&2
  exit 1
}
[ ! -e "$out" ] || {
  echo "record-upgrade-fixture: $out exists: a release's fixture is recorded once (remove it to record again)" >&2
  exit 1
}
# shellcheck source=env.sh
source "$root/scripts/env.sh"
pulumi_dirs="$(bash "$root/scripts/pulumi-cli.sh" | tail -n1)"
export PATH="$pulumi_dirs:$PATH"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-sender-record-XXXXXX")"
emulator_pid=""
cleanup() {
  [ -z "$emulator_pid" ] || kill "$emulator_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# The tag's tree, as a fresh clone of it would be: its lock file installed, its package packed
# (prepack builds dist, which the plugin and the emulator then run from).
src="$scratch/src"
mkdir -p "$src"
git -C "$root" archive "$tag" | tar -x -C "$src"
export npm_config_cache="$PULUMI_SENDER_CACHE/npm" npm_config_update_notifier=false
echo "record-upgrade-fixture: installing and packing $tag" >&2
(cd "$src" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error >&2)
tarball="$(cd "$src" && npm pack --silent --pack-destination "$scratch" | tail -n1)"
pulumi_version="$(node -p "require('$src/node_modules/@pulumi/pulumi/package.json').version")"
typescript_version="$(node -p "require('$src/node_modules/typescript/package.json').version")"

# Starts the tag's emulator on the family's port with its state file in <dir>.
start_emulator() {
  local family="$1" dir="$2" log="$scratch/emulator-$1.log"
  node "$src/dist/emulator/cli.js" --port "${port[$family]}" --token "$token" \
    --state "$dir/emulator-state.json" >"$log" 2>&1 &
  emulator_pid=$!
  for _ in $(seq 100); do
    grep -q 'listening on' "$log" && return 0
    kill -0 "$emulator_pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log" >&2
  return 1
}
stop_emulator() {
  kill "$emulator_pid"
  wait "$emulator_pid" 2>/dev/null || true
  emulator_pid=""
}

# Runs the stack of <family> in <dir>: init, config, up, export.
record() {
  local family="$1" dir="$2"
  export PULUMI_BACKEND_URL="file://$scratch/backend-$family" PULUMI_HOME="$scratch/home-$family"
  export PULUMI_CONFIG_PASSPHRASE="$passphrase" PULUMI_SKIP_UPDATE_CHECK=true
  export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true PULUMI_NODEJS_TRANSPILE_ONLY=true
  export PULUMI_SENDER_JOURNAL_DIR="$scratch/journal-$family" SENDER_API_TOKEN="" SENDER_BASE_URL=""
  mkdir -p "$scratch/backend-$family"
  start_emulator "$family" "$dir"
  (
    cd "$dir"
    pulumi stack init "$stack" --non-interactive >&2
    pulumi config set sender:baseUrl "http://127.0.0.1:${port[$family]}" >&2
    pulumi config set --secret sender:apiToken "$token" >&2
    pulumi up --yes --non-interactive --skip-preview >&2
    # Secrets stay encrypted with the passphrase: no --show-secrets.
    pulumi stack export --file stack.json
  )
  stop_emulator
}

# Made in the scratch folder and moved in at the end: a failed recording leaves nothing behind.
stage="$scratch/fixture"
mkdir -p "$stage"

# The dynamic package: the program beside the tag's packed tarball, and the @pulumi/pulumi and
# TypeScript it was built with (the README's quick start installs TypeScript: @pulumi/pulumi's
# vendored one is too old for the program's tsconfig), installed as a user installs them.
dyn="$scratch/dynamic"
cp -r "$root/test/fixtures/upgrade/programs/dynamic" "$dyn"
(cd "$dyn" && npm install --no-audit --no-fund --prefer-offline --loglevel=error \
  "@pulumi/pulumi@$pulumi_version" "typescript@$typescript_version" "pulumi-sender@file:$scratch/$tarball" >&2)
record dynamic "$dyn"
mkdir -p "$stage/dynamic"
cp "$dyn/Pulumi.yaml" "$dyn/index.ts" "$dyn/tsconfig.json" "$dyn/Pulumi.$stack.yaml" \
  "$dyn/stack.json" "$dyn/emulator-state.json" "$stage/dynamic/"
# package.json as the user's, naming the release rather than the scratch tarball.
node -e '
  const [file, version, pulumi, typescript, to] = process.argv.slice(1);
  const pkg = JSON.parse(require("fs").readFileSync(file, "utf8"));
  pkg.dependencies = { "@pulumi/pulumi": pulumi, "pulumi-sender": version, typescript };
  require("fs").writeFileSync(to, `${JSON.stringify(pkg, null, 2)}\n`);
' "$dyn/package.json" "$version" "$pulumi_version" "$typescript_version" "$stage/dynamic/package.json"

# The native plugin: the tag's launcher (bin/pulumi-resource-sender, on the Node.js of PATH) first
# on PATH, as a user's install puts it.
plg="$scratch/plugin"
cp -r "$root/test/fixtures/upgrade/programs/plugin" "$plg"
PATH="$src/bin:$PATH" record plugin "$plg"
mkdir -p "$stage/plugin"
cp "$plg/Pulumi.yaml" "$plg/Pulumi.$stack.yaml" "$plg/stack.json" "$plg/emulator-state.json" "$stage/plugin/"

commit="$(git -C "$root" rev-parse "$tag^{commit}")"
for family in dynamic plugin; do
  cat >"$stage/$family/README.md" <<EOF
Recorded by \`scripts/record-upgrade-fixture.sh $version\` with the code of $tag ($commit), Pulumi CLI $(pulumi version), @pulumi/pulumi $pulumi_version: the stack \`$stack\` of test/fixtures/upgrade/programs/$family, \`pulumi up\` against the emulator on port ${port[$family]} (\`--state emulator-state.json\`, token \`$token\`), on a \`file://\` backend with PULUMI_CONFIG_PASSPHRASE=$passphrase; \`stack.json\` is its \`pulumi stack export\` (secrets encrypted). test/e2e/upgrade.test.ts previews it with HEAD's code.
EOF
done
# The scratch folder's paths, where the engine or the package recorded one, show here (none should).
if grep -rno ".\{0,80\}$scratch.\{0,80\}" "$stage" >&2; then
  echo "record-upgrade-fixture: the files above hold paths of the scratch folder $scratch" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
mv -T "$stage" "$out"
echo "$out"

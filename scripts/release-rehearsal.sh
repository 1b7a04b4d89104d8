#!/usr/bin/env bash
# The release, rehearsed: proves that once published it installs as the docs say. It builds the
# release as a user does, `npm ci && npm run release` in a fresh clone of the checkout with nothing
# else set up, starts local registries on 127.0.0.1 and publishes to them with the real commands,
# then runs what a user runs with only the registries' locations in the environment:
#   - verdaccio (npm; the public registry for everything else), `npm publish` of both npm packages;
#   - a PEP 503 index of the wheel and sdist, the Go module proxy folder, the plugin archives and a
#     Maven repository standing for Maven Central (the cached repository of scripts/maven-repo.sh
#     with the release's maven/ folder in it; beside it, the same without), served by one
#     `python3 -m http.server`;
#   - the README quick start, its shell block taken from README.md unchanged; then again with port
#     4010 already taken, which must stop at the emulator, naming the port;
#   - `pulumi new ./templates/<t>` for typescript, typescript-native, python, go, yaml and java, each
#     installed by its README's blocks as written: "From the release folder" (rel set to the
#     release, then preview) and "From the registries" (its `pulumi plugin install resource sender
#     <v> --server <the schema's URL>` with only the URL replaced by the local plugin server's, in a
#     Pulumi home of the template's own), then the README's emulator block (port and token
#     replaced: the plugin's `pulumi-resource-sender emulator`, or npx for the dynamic package),
#     preview, up, refresh --expect-no-changes and destroy against that emulator, and the first
#     Registry example pasted into the template's program file and previewed; python, go, yaml and
#     java with no `node` on PATH; java with Maven's settings naming the Maven Central stand-in, without our SDK
#     for the release folder's block, with it for the registries';
#   - templates/terraform installed from the release's filesystem mirror by docs/terraform/index.md's
#     block as written, then its README's emulator block, plan, apply, a clean plan and destroy
#     under the OpenTofu CLI (scripts/tofu-cli.sh), with no `node` on PATH;
#   - the GitOps starter copied out of the checkout, `npm ci` with its committed lock file.
#   scripts/release-rehearsal.sh [--release=<dir>] [<out-dir>]
# --release takes a release folder scripts/release.sh made before instead of building one.
# Writes what each run printed and the emulator's state after each up and destroy under <out-dir>
# (a fresh temporary folder by default; the release in <out-dir>/release/<version>), which
# test/e2e/release-rehearsal.test.ts reads, and prints <out-dir> as its last line. verdaccio 6.8.0 is
# installed once into the per-user cache.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
cd "$root"
start=$SECONDS
release=""
case "${1:-}" in --release=*) release="${1#--release=}"; shift ;; esac
out="${1:-$(mktemp -d "${TMPDIR:-/tmp}/pulumi-sender-rehearsal-XXXXXX")}"
mkdir -p "$out"
work="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-sender-rehearsal-work-XXXXXX")"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # The templates' emulators, started --detach by their READMEs' blocks, by the pid files they wrote.
  for f in "$work"/templates/*/emulator.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
say() { echo "rehearsal: $*" >&2; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_http() {
  for _ in $(seq 1 300); do curl -sf -o /dev/null "$1" && return 0; sleep 0.2; done
  echo "rehearsal: $1 did not answer" >&2
  return 1
}

node_bin="$(dirname "$(command -v node)")"

# --- The release, from a fresh clone ------------------------------------------------------------
# Exactly what docs/installing.md tells a user: `npm ci && npm run release` in a fresh clone, with
# nothing else set up (no policy/node_modules, no dist/), a PATH of the system's tools and Node.js,
# and a cache of its own: what the release builds (the policy pack, the SDK packages) is built; only
# the downloads (Node.js runtimes, bun, the Python build tools' venv, the Maven repository of what
# the Java SDK's build takes from Maven Central, npm's cache) are the user's.
if [ -z "$release" ]; then
  clone="$work/clone"
  say "a fresh clone of the checkout: npm ci && npm run release, nothing else set up"
  clone_start=$SECONDS
  mkdir -p "$clone" "$work/xdg/pulumi-sender"
  # The files git has (and new ones it does not ignore), as committed in a clone of this work tree.
  git ls-files -z --cached --others --exclude-standard |
    xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' _ |
    xargs -0 cp --parents -t "$clone"
  git -C "$clone" init -q && git -C "$clone" add -A &&
    git -C "$clone" -c user.name=rehearsal -c user.email=rehearsal@localhost commit -q -m "the checkout"
  for d in npm runtimes python-venv maven "node-v$PULUMI_SENDER_NODE_VERSION"; do
    [ -e "$PULUMI_SENDER_CACHE/$d" ] && ln -s "$PULUMI_SENDER_CACHE/$d" "$work/xdg/pulumi-sender/$d"
  done
  clone_status=0
  # The machine's environment (its proxy and certificates are the user's too) without what the
  # set-up or a caller's npm run put there.
  unset_setup=()
  for v in $(compgen -e); do
    case "$v" in PULUMI_* | SENDER_* | npm_* | VITEST* | NODE_ENV | TS_NODE_*) unset_setup+=(-u "$v") ;; esac
  done
  (cd "$clone" && env "${unset_setup[@]}" XDG_CACHE_HOME="$work/xdg" \
    npm_config_cache="$PULUMI_SENDER_CACHE/npm" npm_config_update_notifier=false \
    PATH="$node_bin:$(dirname "$(command -v python3)"):$(dirname "$(command -v go)"):/usr/local/bin:/usr/bin:/bin" \
    bash -c 'npm ci --no-audit --no-fund && npm run release') >"$out/fresh-clone.log" 2>&1 || clone_status=$?
  echo "$clone_status" >"$out/fresh-clone.status"
  echo "$((SECONDS - clone_start))" >"$out/fresh-clone.seconds"
  [ "$clone_status" = 0 ] || { say "fresh clone: FAILED"; tail -n 40 "$out/fresh-clone.log" >&2; exit 1; }
  built="$(tail -n1 "$out/fresh-clone.log")"
  # Kept beside what the tests read: the clone goes with $work.
  mkdir -p "$out/release" && mv "$built" "$out/release/"
  release="$out/release/$(basename "$built")"
  say "fresh clone: npm ci && npm run release: exit 0 in $(cat "$out/fresh-clone.seconds") s"
fi
version="$(basename "$release")"
say "release $version from $release ($((SECONDS - start)) s)"
echo "$release" >"$out/release-dir"
pulumi_dirs="$(bash scripts/pulumi-cli.sh | tail -n1)"
langhosts="$(bash scripts/langhosts.sh | tail -n1)"

# --- The registries -------------------------------------------------------------------------
verdaccio_dir="$PULUMI_SENDER_CACHE/verdaccio-6.8.0"
if [ ! -f "$verdaccio_dir/.complete" ]; then
  say "installing verdaccio 6.8.0 into $verdaccio_dir"
  rm -rf "$verdaccio_dir" && mkdir -p "$verdaccio_dir"
  # verdaccio-audit depends on node-fetch@cjs, a dist-tag the registry no longer has (its dist-tags
  # are `latest` alone): without the override the install fails.
  printf '%s\n' '{ "private": true, "dependencies": { "verdaccio": "6.8.0" }, "overrides": { "node-fetch": "2.7.0" } }' \
    >"$verdaccio_dir/package.json"
  (cd "$verdaccio_dir" && npm install --no-audit --no-fund --loglevel=error >&2)
  touch "$verdaccio_dir/.complete"
fi
npm_port="$(free_port)"
npm_url="http://127.0.0.1:$npm_port/"
mkdir -p "$work/verdaccio/storage"
cat >"$work/verdaccio/config.yaml" <<EOF
storage: $work/verdaccio/storage
auth:
  htpasswd:
    file: $work/verdaccio/htpasswd
    max_users: 10
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
    timeout: 60s
packages:
  # Ours are served from here only: never the public registry's package of the same name.
  "pulumi-sender":
    access: \$all
    publish: \$authenticated
  "pulumi-sender-native":
    access: \$all
    publish: \$authenticated
  "pulumi-sender-policy":
    access: \$all
    publish: \$authenticated
  "**":
    access: \$all
    publish: \$authenticated
    proxy: npmjs
server:
  keepAliveTimeout: 60
log: { type: stdout, format: pretty, level: warn }
EOF
node "$verdaccio_dir/node_modules/verdaccio/bin/verdaccio" --config "$work/verdaccio/config.yaml" \
  --listen "127.0.0.1:$npm_port" >"$out/verdaccio.log" 2>&1 &
pids+=($!)
wait_http "${npm_url}-/ping"
# A throwaway user (verdaccio's htpasswd), whose token only the publishing commands see.
password="rehearsal-$RANDOM$RANDOM"
token="$(curl -sf -X PUT -H 'content-type: application/json' \
  -d "{\"name\":\"rehearsal\",\"password\":\"$password\"}" "${npm_url}-/user/org.couchdb.user:rehearsal" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')"
printf '//127.0.0.1:%s/:_authToken=%s\n' "$npm_port" "$token" >"$work/publish.npmrc"
for tgz in "pulumi-sender-$version.tgz" "pulumi-sender-native-$version.tgz" "pulumi-sender-policy-$version.tgz"; do
  say "npm publish $tgz --registry $npm_url"
  npm publish "$release/$tgz" --registry "$npm_url" --userconfig "$work/publish.npmrc" --loglevel=warn >&2
done

# The PEP 503 index (https://peps.python.org/pep-0503/), the Go module proxy and the plugin archives.
www="$work/www"
mkdir -p "$www/simple/pulumi-sender" "$www/plugins"
{
  echo '<!DOCTYPE html><html><body>'
  for f in "pulumi_sender-$version-py3-none-any.whl" "pulumi_sender-$version.tar.gz"; do
    cp "$release/$f" "$www/simple/pulumi-sender/"
    echo "<a href=\"$f#sha256=$(sha256sum "$release/$f" | cut -d' ' -f1)\">$f</a><br>"
  done
  echo '</body></html>'
} >"$www/simple/pulumi-sender/index.html"
echo '<!DOCTYPE html><html><body><a href="pulumi-sender/">pulumi-sender</a></body></html>' >"$www/simple/index.html"
cp -r "$release/goproxy" "$www/goproxy"
cp "$release"/pulumi-resource-sender-v"$version"-*.tar.gz "$www/plugins/"
# Maven Central before publication (what the cached repository holds: com.pulumi:pulumi, Maven's
# plugins) and after it (the same with the release's maven/ folder), as symbolic links.
maven_repo="$(bash scripts/maven-repo.sh | tail -n1)"
mkdir -p "$www/maven-central" "$www/maven"
cp -rs "$maven_repo/." "$www/maven-central/"
cp -rs "$maven_repo/." "$www/maven/"
cp -r "$release/maven/." "$www/maven/"
www_port="$(free_port)"
www_url="http://127.0.0.1:$www_port"
python3 -m http.server --bind 127.0.0.1 --directory "$www" "$www_port" >"$out/http.log" 2>&1 &
pids+=($!)
wait_http "$www_url/simple/"
say "npm registry $npm_url; PEP 503 index $www_url/simple/; GOPROXY $www_url/goproxy; plugins $www_url/plugins; Maven Central $www_url/maven"

# --- What a user's machine has: the registries' locations, nothing else of ours ----------------
unset PULUMI_BACKEND_URL PULUMI_CONFIG_PASSPHRASE PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION \
  PULUMI_NODEJS_TRANSPILE_ONLY SENDER_API_TOKEN SENDER_BASE_URL
export npm_config_registry="$npm_url"
export PIP_INDEX_URL="https://pypi.org/simple" PIP_EXTRA_INDEX_URL="$www_url/simple/"
export GOPROXY="$www_url/goproxy,https://proxy.golang.org" GONOSUMDB="github.com/pulumi-sender/*"
export PULUMI_SKIP_UPDATE_CHECK=true
# npm's and Go's download caches stay the user's (shared); nothing resolves into the checkout.
export npm_config_cache="$PULUMI_SENDER_CACHE/npm" npm_config_update_notifier=false
export PATH="$pulumi_dirs:$langhosts:$PATH"

# --- The README quick start, unchanged -------------------------------------------------------
say "README quick start: its sh block under '### 1. Against the local emulator'"
awk '/^### 1\. Against the local emulator$/ { on = 1; next }
  !on { next }
  inside && /^```$/ { inside = 0; next }
  inside { print; next }
  /^```sh$/ { inside = 1; next }
  /^##+ / { exit }' README.md >"$out/quickstart.sh"
mkdir -p "$work/quickstart-home"
qs_status=0
(
  cd "$work/quickstart-home"
  export PULUMI_HOME="$work/quickstart-home/.pulumi"
  # The quick start stops its emulator itself; whatever a failure leaves behind goes with its own
  # process group, and the emulator (a session of its own, --detach) by the pid file it wrote.
  setsid bash -euo pipefail -c "$(cat "$out/quickstart.sh")" &
  qs=$!
  rc=0
  wait "$qs" || rc=$?
  kill -- "-$qs" 2>/dev/null || true
  pid_file="$work/quickstart-home/sender-quickstart/emulator.pid"
  if [ "$rc" != 0 ] && [ -f "$pid_file" ]; then kill "$(cat "$pid_file")" 2>/dev/null || true; fi
  exit "$rc"
) >"$out/quickstart.log" 2>&1 || qs_status=$?
echo "$qs_status" >"$out/quickstart.status"
cp "$work/quickstart-home/sender-quickstart/package.json" "$out/quickstart-package.json" 2>/dev/null || true
node -p 'require(process.argv[1]).version' "$work/quickstart-home/sender-quickstart/node_modules/pulumi-sender/package.json" \
  >"$out/quickstart-installed-version" 2>/dev/null || true
realpath "$work/quickstart-home/sender-quickstart/node_modules/pulumi-sender" >"$out/quickstart-installed-path" 2>/dev/null || true
say "README quick start: exit $qs_status ($(grep -Ec '^ *\+ *3 created|^ *- *3 deleted' "$out/quickstart.log") of up/destroy summaries)"
[ "$qs_status" = 0 ] || { tail -n 40 "$out/quickstart.log" >&2; exit 1; }

# The same block with port 4010 taken (by a server that logs every request it gets): the emulator's
# --detach must stop it there, naming the port, before any pulumi command runs.
say "README quick start with port 4010 taken: must stop before pulumi, naming the port"
mkdir -p "$work/quickstart-taken"
python3 -m http.server --bind 127.0.0.1 4010 >>"$out/port-4010-holder.log" 2>&1 &
holder=$!
pids+=("$holder")
wait_http "http://127.0.0.1:4010/"
: >"$out/port-4010-holder.log"
taken_status=0
(
  cd "$work/quickstart-taken"
  export PULUMI_HOME="$work/quickstart-taken/.pulumi"
  setsid bash -euo pipefail -c "$(cat "$out/quickstart.sh")" &
  qs=$!
  rc=0
  wait "$qs" || rc=$?
  kill -- "-$qs" 2>/dev/null || true
  exit "$rc"
) >"$out/quickstart-taken.log" 2>&1 || taken_status=$?
kill "$holder" 2>/dev/null || true
echo "$taken_status" >"$out/quickstart-taken.status"
say "README quick start with port 4010 taken: exit $taken_status"

# --- The templates -------------------------------------------------------------------------
token_emu="tok-rehearsal-$RANDOM$RANDOM"
emu_port="$(free_port)"
emu_url="http://127.0.0.1:$emu_port"
node dist/emulator/cli.js --port "$emu_port" --token "$token_emu" >"$out/emulator.log" 2>&1 &
pids+=($!)
wait_http "$emu_url/__emulator/state"
export PULUMI_HOME="$work/pulumi-home" PULUMI_CONFIG_PASSPHRASE="rehearsal"
mkdir -p "$work/backend"
export PULUMI_BACKEND_URL="file://$work/backend"
say "pulumi plugin install resource sender $version --server $www_url/plugins"
pulumi plugin install resource sender "$version" --server "$www_url/plugins" >"$out/plugin-install.log" 2>&1 ||
  { cat "$out/plugin-install.log" >&2; exit 1; }
pulumi plugin ls >>"$out/plugin-install.log" 2>&1

# A PATH with no node: every command of /usr/bin and /bin but Node's, then Go, then ours.
nonode="$work/no-node-bin"
mkdir -p "$nonode"
for dir in /usr/local/bin /usr/bin /bin; do
  for f in "$dir"/*; do
    name="${f##*/}"
    case "$name" in node | nodejs | npm | npx | corepack) continue ;; esac
    [ -x "$f" ] && [ ! -e "$nonode/$name" ] && ln -s "$f" "$nonode/$name"
  done
done
python="$(python3 -c 'import sys; print(sys.executable)')"
go_bin="$(dirname "$(command -v go)")"
no_node_path="$pulumi_dirs:$langhosts:$go_bin:$nonode"

# The first sh block under a heading of a README, as written.
readme_block() {
  awk -v h="$2" '$0 == h { on = 1; next }
    !on { next }
    inside && /^```$/ { exit }
    inside { print; next }
    /^```sh$/ { inside = 1 }' "$1"
}
release_heading="### From the release folder (today)"
registries_heading="### From the registries (once published)"
emulator_heading="## The local emulator"
plugin_server="$(node -p 'require("./dist/provider/plugin/schema.js").PLUGIN_DOWNLOAD_URL')"

# The first Registry example (examples/registry/), as each template's program file takes it:
# TypeScript's on the dynamic package for templates/typescript, YAML's under the project's name.
pasted="$work/pasted"
mkdir -p "$pasted"
node -e '
const fs = require("fs"), path = require("path");
const [first] = require("./dist/provider/plugin/examples.generated.js").registryExamples;
const { dynamicProgram } = require("./dist/provider/plugin/registry-examples.js");
const out = process.argv[1];
fs.writeFileSync(path.join(out, "typescript"), dynamicProgram(first.programs.typescript));
fs.writeFileSync(path.join(out, "typescript-native"), first.programs.typescript);
for (const l of ["python", "go", "java", "yaml"]) fs.writeFileSync(path.join(out, l), first.programs[l]);
fs.writeFileSync(path.join(out, "name"), first.name + "\n");
' "$pasted"
# The file of each template the program is.
program_file() {
  case "$1" in
    typescript | typescript-native) echo index.ts ;;
    python) echo __main__.py ;;
    go) echo main.go ;;
    java) echo src/main/java/myproject/App.java ;;
    yaml) echo Pulumi.yaml ;;
  esac
}

# Runs one template: `pulumi new` (the stack dev, the base URL left at the template's default), the
# token set as a secret, then its README's install block as written (the CLI here has our own
# language hosts, which leave installing to the project), pointed at this rehearsal's emulator.
#   registries: the block "From the registries" (the plugin's --server the local one), in a Pulumi
#               home of the run's own unless PULUMI_HOME_OWN=0, then the block "The local emulator"
#               on a free port with this rehearsal's token, then preview, up, refresh and destroy
#               against it, then the first Registry example as the program, previewed;
#   release:    the block "From the release folder" with rel set to the release folder and no
#               registry of ours for the package (npm's would serve it: the install must name the
#               tarball), then preview.
# Saves what each printed.
run_template() {
  local t="$1" name="$2" mode="$3" path="$4"
  local dir="$work/templates/$name" log="$out/$name" heading="$registries_heading"
  [ "$mode" = release ] && heading="$release_heading"
  mkdir -p "$log" "$work/templates"
  say "$name: pulumi new $root/templates/$t"
  # Not `( ... ) || { ... }`: bash ignores `set -e` inside a subshell whose status `||` tests, and a
  # failed step would let the next ones run.
  local status=0
  set +e
  (
    set -e
    export PATH="$path"
    # From the registries, the plugin comes from the README's own `pulumi plugin install` line (the
    # URL the local server's), into a Pulumi home of the run's own; before `pulumi new`, which
    # installs the plugins a program needs, as the YAML README says.
    if [ "$mode" = registries ] && [ "${PULUMI_HOME_OWN:-1}" = 1 ]; then
      export PULUMI_HOME="$work/pulumi-home-$name"
      readme_block "$root/templates/$t/README.md" "$registries_heading" | grep '^pulumi plugin install ' |
        sed "s#--server $plugin_server\( \|\$\)#--server $www_url/plugins\1#" >"$log/plugin-install.sh" || true
      bash -euo pipefail "$log/plugin-install.sh" >"$log/plugin-install.txt" 2>&1
    fi
    if [ "$mode" = release ]; then
      export rel="$release"
      unset PIP_EXTRA_INDEX_URL GOPROXY GONOSUMDB
    fi
    command -v node >"$log/node" || echo none >"$log/node"
    local new_status=0
    pulumi new "$root/templates/$t" --dir "$dir" --name "welcome-$name" --stack dev --yes --non-interactive \
      >"$log/new.txt" 2>&1 || new_status=$?
    echo "$new_status" >"$log/new-status"
    # Documented (templates/java/README.md): before publication, the Java template's `pulumi new`
    # ends with its `mvn compile` unable to resolve the SDK, the project and its stack made all the
    # same. That failure alone goes on, to the README's block; any other stops the run.
    if [ "$new_status" -ne 0 ] &&
      ! { [ "$t" = java ] && [ "$mode" = release ] &&
        grep -q 'Run `pulumi install` to complete the installation.' "$log/new.txt"; }; then
      exit "$new_status"
    fi
    cd "$dir"
    # `pulumi new -c` would save the token in plain text, whatever the template says: set it apart.
    pulumi config set --secret sender:apiToken "$token_emu" >"$log/config.txt" 2>&1
    cp Pulumi.dev.yaml "$log/Pulumi.dev.yaml.generated"
    # The README pulumi new copied into the project; the plugin's server the local one.
    readme_block README.md "$heading" >"$log/install.sh"
    sed "s#--server $plugin_server\( \|\$\)#--server $www_url/plugins\1#" "$log/install.sh" >"$log/install-run.sh"
    say "$name: $heading: $(paste -sd ';' "$log/install-run.sh")"
    bash -euo pipefail "$log/install-run.sh" >"$log/install.txt" 2>&1
    local url="$emu_url"
    if [ "$mode" = registries ]; then
      # The README's emulator block, on a port of its own with this rehearsal's token.
      local port
      port="$(free_port)"
      url="http://127.0.0.1:$port"
      readme_block README.md "$emulator_heading" >"$log/emulator.sh"
      sed -e "s#--port 4010 #--port $port #" -e "s#http://127\.0\.0\.1:4010\b#$url#" \
        -e "s#--token dev-token #--token $token_emu #" -e "s#sender:apiToken dev-token\$#sender:apiToken $token_emu#" \
        "$log/emulator.sh" >"$log/emulator-run.sh"
      say "$name: $emulator_heading: $(paste -sd ';' "$log/emulator-run.sh")"
      bash -euo pipefail "$log/emulator-run.sh" >"$log/emulator.txt" 2>&1
      cp Pulumi.dev.yaml "$log/Pulumi.dev.yaml.emulator"
    fi
    pulumi config set sender:baseUrl "$url" >>"$log/config.txt" 2>&1
    if [ "$mode" = release ]; then
      say "$name: preview (node on PATH: $(cat "$log/node"))"
      pulumi preview --non-interactive >"$log/preview.txt" 2>&1
      exit 0
    fi
    say "$name: preview, up, refresh --expect-no-changes, destroy (node on PATH: $(cat "$log/node"))"
    pulumi preview --non-interactive >"$log/preview.txt" 2>&1
    pulumi up --yes --skip-preview --non-interactive >"$log/up.txt" 2>&1
    curl -sf "$url/__emulator/state" >"$log/state-after-up.json"
    pulumi stack output --json >"$log/outputs.json" 2>&1
    pulumi refresh --yes --expect-no-changes --non-interactive >"$log/refresh.txt" 2>&1
    pulumi destroy --yes --skip-preview --non-interactive >"$log/destroy.txt" 2>&1
    curl -sf "$url/__emulator/state" >"$log/state-after-destroy.json"
    # The first Registry example pasted whole into the program file, as a user pastes it.
    local program
    program="$(program_file "${t}")"
    if [ "$t" = yaml ]; then
      sed "s/^name: .*/name: welcome-$name/" "$pasted/yaml" >"$program"
    else
      cp "$pasted/$t" "$program"
    fi
    pulumi preview --non-interactive >"$log/pasted-preview.txt" 2>&1
    kill "$(cat emulator.pid)"
    rm emulator.pid
  )
  status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    say "$name: FAILED; the last output:"
    tail -n 40 "$(ls -t "$log"/* | head -n1)" >&2
    return 1
  fi
  if [ "$mode" = release ]; then
    say "$name: ok ($(grep -Eo '[0-9]+ to create' "$log/preview.txt" | head -n1))"
  else
    say "$name: ok ($(grep -Eo '[0-9]+ created' "$log/up.txt" | head -n1), $(grep -Eo '[0-9]+ deleted' "$log/destroy.txt" | head -n1))"
  fi
}

# Go never fetches a version it has cached: an earlier build of the same version would shadow this one.
# The Go runs' module cache: the rehearsal's own (-modcacherw, so that the work folder's removal can
# delete it). The user's is shared with the e2e files that build the Go SDK at the same time, and
# removing our module from it under them left one of them with init.go and not group.go.
export GOMODCACHE="$work/gomodcache"
forget_go_sdk() {
  local gomodcache d
  gomodcache="$(go env GOMODCACHE)"
  for d in "$gomodcache/github.com/pulumi-sender" "$gomodcache/cache/download/github.com/pulumi-sender"; do
    if [ -d "$d" ]; then chmod -R u+w "$d" && rm -rf "$d"; fi
  done
}

# Java: a home of the rehearsal's per run, as HOME (the README's ~/.m2) and as Java's user.home
# (Maven's ~/.m2, which Java takes from the password database, not $HOME), with Maven's settings
# naming a Maven Central stand-in as the mirror of Central, as a user's machine reaches Maven
# Central; nothing else. Its local repository is empty at first.
maven_home() { # maven_home <run> <url of Maven Central>: prints the home
  local home="$work/$1-user"
  mkdir -p "$home/.m2"
  cat >"$home/.m2/settings.xml" <<EOF
<settings>
  <mirrors>
    <mirror><id>central</id><mirrorOf>central</mirrorOf><url>$2</url></mirror>
  </mirrors>
</settings>
EOF
  echo "$home"
}
# Before publication Maven Central has no SDK of ours: the stand-in without the release's maven/.
java_release_home="$(maven_home java-release "$www_url/maven-central")"
java_home_dir="$(maven_home java "$www_url/maven")"

with_node="$node_bin:$PATH"
# From the release folder first (install and preview), then from the registries (the whole cycle).
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript typescript-release release "$with_node"
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript-native typescript-native-release release "$with_node"
run_template python python-release release "$no_node_path"
forget_go_sdk
GOFLAGS="-mod=mod -modcacherw" run_template go go-release release "$no_node_path"
run_template yaml yaml-release release "$no_node_path"
HOME="$java_release_home" MAVEN_OPTS="-Duser.home=$java_release_home" \
  run_template java java-release release "$no_node_path"
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript typescript registries "$with_node"
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript-native typescript-native registries "$with_node"
run_template python python registries "$no_node_path"
forget_go_sdk
GOFLAGS="-mod=mod -modcacherw" run_template go go registries "$no_node_path"
run_template yaml yaml registries "$no_node_path"
HOME="$java_home_dir" MAVEN_OPTS="-Duser.home=$java_home_dir" run_template java java registries "$no_node_path"
# darwin-arm64's plugin is bun-compiled: the same build for linux-amd64 runs the YAML template too,
# in a Pulumi home of its own.
say "yaml-bun: the plugin compiled by bun for linux-amd64, as darwin-arm64's is"
bun_archive="$work/bun/pulumi-resource-sender-v$version-linux-amd64.tar.gz"
mkdir -p "$work/bun"
bash scripts/plugin-tarball.sh --platform=linux-amd64 --runtime=bun "$bun_archive" >/dev/null
tar -tzf "$bun_archive" | LC_ALL=C sort >"$out/yaml-bun-archive.txt"
PULUMI_HOME="$work/pulumi-home-bun" pulumi plugin install resource sender "$version" -f "$bun_archive" \
  >"$out/yaml-bun-plugin-install.log" 2>&1
PULUMI_HOME="$work/pulumi-home-bun" PULUMI_HOME_OWN=0 run_template yaml yaml-bun registries "$no_node_path"
# What each installed, from where.
node -p 'require(process.argv[1]).version' "$work/templates/typescript/node_modules/pulumi-sender/package.json" >"$out/typescript/installed-version"
node -p 'require(process.argv[1]).version' "$work/templates/typescript-native/node_modules/pulumi-sender-native/package.json" >"$out/typescript-native/installed-version"
"$work/templates/python/venv/bin/python" -m pip show pulumi_sender 2>/dev/null | sed -n 's/^Version: //p' >"$out/python/installed-version"
cp "$work/templates/go/go.mod" "$out/go/go.mod"
grep -E '^github.com/pulumi-sender/pulumi-sender/sdks/go ' "$work/templates/go/go.sum" | head -n1 | cut -d' ' -f2 >"$out/go/installed-version"
# From the release folder: what the npm installs wrote, the wheel pip took, the module Go got.
node -p 'require(process.argv[1]).dependencies["pulumi-sender"]' "$work/templates/typescript-release/package.json" >"$out/typescript-release/installed-from"
node -p 'require(process.argv[1]).dependencies["pulumi-sender-native"]' "$work/templates/typescript-native-release/package.json" >"$out/typescript-native-release/installed-from"
"$work/templates/python-release/venv/bin/python" -m pip show pulumi_sender 2>/dev/null | sed -n 's/^Version: //p' >"$out/python-release/installed-from"
grep -E '^github.com/pulumi-sender/pulumi-sender/sdks/go ' "$work/templates/go-release/go.sum" | head -n1 | cut -d' ' -f2 >"$out/go-release/installed-from"
# Java, both ways: the versions in the user's local repository, and whether its jar is the release's.
jar="io/github/pulumi-sender/sender/$version/sender-$version.jar"
for run in java java-release; do
  m2="$work/$run-user/.m2/repository"
  ls "$m2/io/github/pulumi-sender/sender" >"$out/$run/installed-version"
  if cmp -s "$m2/$jar" "$release/maven/$jar"; then echo same; else echo different; fi >"$out/$run/installed-jar"
done

# --- Terraform/OpenTofu: templates/terraform from the release's mirror ------------------------
# `rel` set to the release, as docs/terraform/index.md asks, then its install block as written,
# then the template README's emulator block (port and token replaced), plan, apply, a plan with
# -detailed-exitcode and destroy, with no node on PATH: the zip carries its runtime.
say "terraform: templates/terraform from the release's mirror, as docs/terraform/index.md installs it"
tofu_dir="$(bash scripts/tofu-cli.sh | tail -n1)"
tf_dir="$work/templates/terraform" tf_log="$out/terraform"
mkdir -p "$tf_dir" "$tf_log"
cp templates/terraform/main.tf templates/terraform/README.md "$tf_dir/"
{
  printf 'rel="%s"\n' "$release"
  awk '$0 == "## Install from the release'"'"'s filesystem mirror" { on = 1; next }
    !on { next }
    inside && /^```$/ { exit }
    inside { print; next }
    /^```sh$/ { inside = 1 }' docs/terraform/index.md
} >"$tf_log/install.sh"
tf_port="$(free_port)"
readme_block "$tf_dir/README.md" "$emulator_heading" |
  sed -e "s#--port 4010 #--port $tf_port #" -e "s#http://127\.0\.0\.1:4010\b#http://127.0.0.1:$tf_port#g" \
    -e "s#--token dev-token #--token $token_emu #" -e "s#SENDER_API_TOKEN=dev-token#SENDER_API_TOKEN=$token_emu#" \
    -e "s#^tofu apply -auto-approve\$#tofu apply -auto-approve -input=false#" >"$tf_log/emulator.sh"
set +e
(
  set -e
  cd "$tf_dir"
  export PATH="$tofu_dir:$nonode" HOME="$tf_dir" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
  command -v node >"$tf_log/node" || echo none >"$tf_log/node"
  bash -euo pipefail "$tf_log/install.sh" >"$tf_log/init.txt" 2>&1
  cp .terraform.lock.hcl "$tf_log/lock.hcl"
  # The README's block starts the emulator, exports its URL and token, plans and applies; then
  # the rest of the cycle in the same shell.
  cat "$tf_log/emulator.sh" - >"$tf_log/cycle.sh" <<EOF
curl -sf "http://127.0.0.1:$tf_port/__emulator/state" >"$tf_log/state-after-apply.json"
status=0
tofu plan -detailed-exitcode -input=false -no-color >"$tf_log/plan-again.txt" 2>&1 || status=\$?
echo "\$status" >"$tf_log/plan-again.status"
tofu destroy -auto-approve -input=false -no-color >"$tf_log/destroy.txt" 2>&1
curl -sf "http://127.0.0.1:$tf_port/__emulator/state" >"$tf_log/state-after-destroy.json"
EOF
  bash -euo pipefail "$tf_log/cycle.sh" >"$tf_log/cycle.txt" 2>&1
  kill "$(cat emulator.pid)"
  rm emulator.pid
)
tf_status=$?
set -e
echo "$tf_status" >"$tf_log/status"
if [ "$tf_status" -ne 0 ]; then
  say "terraform: FAILED"
  tail -n 40 "$tf_log/init.txt" "$tf_log/cycle.txt" >&2
  exit 1
fi
say "terraform: ok (node on PATH: $(cat "$tf_log/node"); plan -detailed-exitcode after apply: $(cat "$tf_log/plan-again.status"))"

# --- The GitOps starter ----------------------------------------------------------------------
say "gitops: the starter copied out, npm ci with its committed lock file"
mkdir -p "$work/gitops"
(cd examples/gitops && git ls-files -z | xargs -0 -I{} cp --parents {} "$work/gitops/")
# A failed `npm ci` must stop the subshell before `validate` (see run_template on `set -e`).
set +e
(
  set -e
  cd "$work/gitops"
  export PATH="$with_node"
  npm ci --no-audit --no-fund >"$out/gitops-npm-ci.txt" 2>&1
  npm run --silent validate >"$out/gitops-validate.txt" 2>&1
)
gitops_status=$?
set -e
if [ "$gitops_status" -ne 0 ]; then
  say "gitops: FAILED"
  tail -n 40 "$out/gitops-npm-ci.txt" "$out/gitops-validate.txt" >&2
  exit 1
fi
node -p 'require(process.argv[1]).version' "$work/gitops/node_modules/pulumi-sender/package.json" >"$out/gitops-installed-version"
cmp -s "$work/gitops/package-lock.json" examples/gitops/package-lock.json && echo unchanged >"$out/gitops-lock" || echo changed >"$out/gitops-lock"
say "gitops: ok (pulumi-sender $(cat "$out/gitops-installed-version"), lock file $(cat "$out/gitops-lock"))"
say "all runs green in $((SECONDS - start)) s"
echo "$out"

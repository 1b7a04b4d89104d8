#!/usr/bin/env bash
# The release, rehearsed: proves that once published it installs as the docs say. It builds the
# release (scripts/release.sh), starts local registries on 127.0.0.1 and publishes to them with the
# real commands, then runs what a user runs with only the registries' locations in the environment:
#   - verdaccio (npm; the public registry for everything else), `npm publish` of both npm packages;
#   - a PEP 503 index of the wheel and sdist, the Go module proxy folder, the plugin archives and a
#     Maven repository standing for Maven Central (the cached repository of scripts/maven-repo.sh
#     with the release's maven/ folder in it), served by one `python3 -m http.server`;
#   - the README quick start, its shell block taken from README.md unchanged;
#   - `pulumi new ./templates/<t>` for typescript, typescript-native, python, go, yaml and java, each with
#     its dependencies installed as the template says, the plugin from
#     `pulumi plugin install resource sender <v> --server <url>`, then preview, up, refresh
#     --expect-no-changes and destroy against the emulator; python, go, yaml and java with no `node`
#     on PATH; java's SDK from the Maven Central stand-in (after publication), and its project
#     compiled once more with the SDK from the release folder alone (before publication);
#   - the GitOps starter copied out of the checkout, `npm ci` with its committed lock file.
#   scripts/release-rehearsal.sh [--release=<dir>] [<out-dir>]
# --release takes a release folder scripts/release.sh made before instead of building one.
# Writes what each run printed and the emulator's state after each up and destroy under <out-dir>
# (a fresh temporary folder by default), which test/e2e/release-rehearsal.test.ts reads, and prints
# <out-dir> as its last line. verdaccio 6.8.0 is installed once into the per-user cache.
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

[ -n "$release" ] || release="$(bash scripts/release.sh | tail -n1)"
version="$(basename "$release")"
say "release $version from $release ($((SECONDS - start)) s)"
echo "$release" >"$out/release-dir"
pulumi_dirs="$(bash scripts/pulumi-cli.sh | tail -n1)"
langhosts="$(bash scripts/langhosts.sh | tail -n1)"
node_bin="$(dirname "$(command -v node)")"

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
  # The emulator the quick start starts in the background stops with it; whatever a failure leaves
  # behind goes with the quick start's own process group.
  setsid bash -euo pipefail -c "$(cat "$out/quickstart.sh"; echo 'kill "$(jobs -p)"')" &
  qs=$!
  rc=0
  wait "$qs" || rc=$?
  kill -- "-$qs" 2>/dev/null || true
  exit "$rc"
) >"$out/quickstart.log" 2>&1 || qs_status=$?
echo "$qs_status" >"$out/quickstart.status"
cp "$work/quickstart-home/sender-quickstart/package.json" "$out/quickstart-package.json" 2>/dev/null || true
node -p 'require(process.argv[1]).version' "$work/quickstart-home/sender-quickstart/node_modules/pulumi-sender/package.json" \
  >"$out/quickstart-installed-version" 2>/dev/null || true
realpath "$work/quickstart-home/sender-quickstart/node_modules/pulumi-sender" >"$out/quickstart-installed-path" 2>/dev/null || true
say "README quick start: exit $qs_status ($(grep -Ec '^ *\+ *3 created|^ *- *3 deleted' "$out/quickstart.log") of up/destroy summaries)"
[ "$qs_status" = 0 ] || { tail -n 40 "$out/quickstart.log" >&2; exit 1; }

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

# Runs one template: `pulumi new` (the stack dev, the base URL left at the template's default), the
# token set as a secret, its dependencies installed as the official CLI's language hosts install them
# (the CLI here has our own hosts, which leave that to the project), then, pointed at this
# rehearsal's emulator, preview, up, refresh and destroy, saving what each printed.
run_template() {
  local t="$1" name="$2" install="$3" path="$4"
  local dir="$work/templates/$name" log="$out/$name"
  mkdir -p "$log" "$work/templates"
  say "$name: pulumi new $root/templates/$t"
  (
    export PATH="$path"
    command -v node >"$log/node" || echo none >"$log/node"
    pulumi new "$root/templates/$t" --dir "$dir" --name "welcome-$name" --stack dev --yes --non-interactive \
      >"$log/new.txt" 2>&1
    cd "$dir"
    # `pulumi new -c` would save the token in plain text, whatever the template says: set it apart.
    pulumi config set --secret sender:apiToken "$token_emu" >"$log/config.txt" 2>&1
    cp Pulumi.dev.yaml "$log/Pulumi.dev.yaml.generated"
    say "$name: $install"
    bash -euo pipefail -c "$install" >"$log/install.txt" 2>&1
    pulumi config set sender:baseUrl "$emu_url" >>"$log/config.txt" 2>&1
    say "$name: preview, up, refresh --expect-no-changes, destroy (node on PATH: $(cat "$log/node"))"
    pulumi preview --non-interactive >"$log/preview.txt" 2>&1
    pulumi up --yes --skip-preview --non-interactive >"$log/up.txt" 2>&1
    curl -sf "$emu_url/__emulator/state" >"$log/state-after-up.json"
    pulumi stack output --json >"$log/outputs.json" 2>&1
    pulumi refresh --yes --expect-no-changes --non-interactive >"$log/refresh.txt" 2>&1
    pulumi destroy --yes --skip-preview --non-interactive >"$log/destroy.txt" 2>&1
    curl -sf "$emu_url/__emulator/state" >"$log/state-after-destroy.json"
  ) || {
    say "$name: FAILED; the last output:"
    tail -n 40 "$(ls -t "$log"/* | head -n1)" >&2
    return 1
  }
  say "$name: ok ($(grep -Eo '[0-9]+ created' "$log/up.txt" | head -n1), $(grep -Eo '[0-9]+ deleted' "$log/destroy.txt" | head -n1))"
}

with_node="$node_bin:$PATH"
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript typescript "npm install --no-audit --no-fund" "$with_node"
PULUMI_NODEJS_TRANSPILE_ONLY=false run_template typescript-native typescript-native "npm install --no-audit --no-fund" "$with_node"
run_template python python "$python -m venv venv && venv/bin/pip install --disable-pip-version-check -q -r requirements.txt" "$no_node_path"
# Go never fetches a version it has cached: an earlier build of the same version would shadow this one.
gomodcache="$(go env GOMODCACHE)"
for d in "$gomodcache/github.com/pulumi-sender" "$gomodcache/cache/download/github.com/pulumi-sender"; do
  if [ -d "$d" ]; then chmod -R u+w "$d" && rm -rf "$d"; fi
done
GOFLAGS=-mod=mod run_template go go "go mod tidy" "$no_node_path"
run_template yaml yaml "true" "$no_node_path"
# darwin-arm64's plugin is bun-compiled: the same build for linux-amd64 runs the YAML template too,
# in a Pulumi home of its own.
say "yaml-bun: the plugin compiled by bun for linux-amd64, as darwin-arm64's is"
bun_archive="$work/bun/pulumi-resource-sender-v$version-linux-amd64.tar.gz"
mkdir -p "$work/bun"
bash scripts/plugin-tarball.sh --platform=linux-amd64 --runtime=bun "$bun_archive" >/dev/null
tar -tzf "$bun_archive" | LC_ALL=C sort >"$out/yaml-bun-archive.txt"
PULUMI_HOME="$work/pulumi-home-bun" pulumi plugin install resource sender "$version" -f "$bun_archive" \
  >"$out/yaml-bun-plugin-install.log" 2>&1
PULUMI_HOME="$work/pulumi-home-bun" run_template yaml yaml-bun "true" "$no_node_path"
# Java: Maven's settings in a home of the rehearsal's (Maven takes ~/.m2 from Java's user.home, not
# $HOME), naming the Maven Central stand-in as the mirror of Central, as a user's machine reaches
# Maven Central; nothing else. Maven's local repository is that home's, empty at first.
java_home_dir="$work/java-user"
maven_settings() { # maven_settings <home> <url of Maven Central>
  mkdir -p "$1/.m2"
  cat >"$1/.m2/settings.xml" <<EOF
<settings>
  <mirrors>
    <mirror><id>central</id><mirrorOf>central</mirrorOf><url>$2</url></mirror>
  </mirrors>
</settings>
EOF
}
maven_settings "$java_home_dir" "$www_url/maven"
MAVEN_OPTS="-Duser.home=$java_home_dir" run_template java java "true" "$no_node_path"
# Before publication, as docs/installing.md says: the release's maven/ folder copied into Maven's
# local repository, Maven Central without the SDK. The same project compiles.
say "java-before-publication: the release's maven/ folder in ~/.m2/repository, mvn compile"
before="$work/java-user-before"
maven_settings "$before" "$www_url/maven-central"
mkdir -p "$before/.m2/repository" "$out/java-before-publication"
cp -r "$release/maven/." "$before/.m2/repository/"
cp -r "$work/templates/java" "$work/java-before-publication"
rm -rf "$work/java-before-publication/target"
(
  cd "$work/java-before-publication"
  PATH="$no_node_path" MAVEN_OPTS="-Duser.home=$before" mvn -B -ntp -Dstyle.color=never compile \
    >"$out/java-before-publication/compile.txt" 2>&1
) || { say "java-before-publication: FAILED"; tail -n 40 "$out/java-before-publication/compile.txt" >&2; exit 1; }
say "java-before-publication: ok"

# What each installed, from where.
node -p 'require(process.argv[1]).version' "$work/templates/typescript/node_modules/pulumi-sender/package.json" >"$out/typescript/installed-version"
node -p 'require(process.argv[1]).version' "$work/templates/typescript-native/node_modules/pulumi-sender-native/package.json" >"$out/typescript-native/installed-version"
"$work/templates/python/venv/bin/python" -m pip show pulumi_sender 2>/dev/null | sed -n 's/^Version: //p' >"$out/python/installed-version"
cp "$work/templates/go/go.mod" "$out/go/go.mod"
grep -E '^github.com/pulumi-sender/pulumi-sender/sdks/go ' "$work/templates/go/go.sum" | head -n1 | cut -d' ' -f2 >"$out/go/installed-version"
# The version Maven resolved into the user's local repository, and whether its jar is the release's.
ls "$java_home_dir/.m2/repository/io/github/pulumi-sender/sender" >"$out/java/installed-version"
jar="io/github/pulumi-sender/sender/$version/sender-$version.jar"
if cmp -s "$java_home_dir/.m2/repository/$jar" "$release/maven/$jar"; then echo same; else echo different; fi >"$out/java/installed-jar"

# --- The GitOps starter ----------------------------------------------------------------------
say "gitops: the starter copied out, npm ci with its committed lock file"
mkdir -p "$work/gitops"
(cd examples/gitops && git ls-files -z | xargs -0 -I{} cp --parents {} "$work/gitops/")
(
  cd "$work/gitops"
  export PATH="$with_node"
  npm ci --no-audit --no-fund >"$out/gitops-npm-ci.txt" 2>&1
  npm run --silent validate >"$out/gitops-validate.txt" 2>&1
) || { say "gitops: FAILED"; tail -n 40 "$out/gitops-npm-ci.txt" "$out/gitops-validate.txt" >&2; exit 1; }
node -p 'require(process.argv[1]).version' "$work/gitops/node_modules/pulumi-sender/package.json" >"$out/gitops-installed-version"
cmp -s "$work/gitops/package-lock.json" examples/gitops/package-lock.json && echo unchanged >"$out/gitops-lock" || echo changed >"$out/gitops-lock"
say "gitops: ok (pulumi-sender $(cat "$out/gitops-installed-version"), lock file $(cat "$out/gitops-lock"))"
say "all runs green in $((SECONDS - start)) s"
echo "$out"

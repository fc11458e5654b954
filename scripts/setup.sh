#!/usr/bin/env bash
# Sets up everything the test suites need on a fresh Debian machine:
#  - system packages (a real MediaWiki with SQLite and PHP's CLI server, Chromium, pre-commit, ...)
#  - the project's npm dependencies (exactly as locked)
#  - parts kept in a cache outside the clone (see scripts/setup-*.sh)
# Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  # real MediaWiki for the integration suite (micro-httpd and netcat only satisfy the web-server dependency)
  mediawiki php8.2-cli php8.2-cgi php-sqlite3 micro-httpd netcat-traditional
  # the e2e suite's browser (code-server itself comes from scripts/setup-codeserver.sh)
  chromium
  # the unit suite runs the checker's pre-commit hook with the real pre-commit; the fresh-clone suite clones
  pre-commit git
  # npm run bench compares the source-code finder with a plain text search (rg -l)
  ripgrep
)

source "$(dirname "${BASH_SOURCE[0]}")/lib/debianPackages.sh"
ensure_debian_packages setup "${APT_PACKAGES[@]}"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

for extra in scripts/setup-*.sh; do
  [ -e "$extra" ] && bash "$extra"
done
echo "setup: done"

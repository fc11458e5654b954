#!/usr/bin/env bash
# Checks that the real MediaWiki used by the integration suite (test/mediawiki) can run here:
# Debian's mediawiki package (installed by scripts/setup.sh), PHP's CLI with SQLite, and the
# TextExtracts extension the suite enables. Nothing is downloaded; a missing part is named.
set -euo pipefail
MW_DIR="${WIKIMAP_MEDIAWIKI_DIR:-/usr/share/mediawiki}"
fail() { echo "setup-mediawiki: $*" >&2; exit 1; }
[ -f "$MW_DIR/maintenance/install.php" ] || fail "MediaWiki is missing at $MW_DIR; install Debian's mediawiki package (bash scripts/setup.sh)"
command -v php >/dev/null || fail "php is missing; install php8.2-cli (bash scripts/setup.sh)"
[ "$(php -r 'echo extension_loaded("pdo_sqlite") ? "yes" : "no";')" = yes ] || fail "PHP lacks pdo_sqlite; install php-sqlite3 (bash scripts/setup.sh)"
[ -f "$MW_DIR/extensions/TextExtracts/extension.json" ] || fail "the TextExtracts extension is missing from $MW_DIR/extensions (it ships with Debian's mediawiki package)"
echo "setup-mediawiki: $(php -r 'echo "PHP ", PHP_VERSION;'), MediaWiki at $MW_DIR: ok"

#!/usr/bin/env bash
# Installs the real editors the editor suites drive (test/neovim, test/emacs, test/vim):
#  - Neovim 0.7 (built-in LSP client)
#  - Emacs 28 without X, with eglot from Debian's elpa-eglot
#  - Vim 9 with ALE from Debian's vim-ale (Vim's LSP client used by test/vim)
# Picked up by scripts/setup.sh; safe to run again: it skips what is already there.
set -euo pipefail

pkgs=(neovim emacs-nox elpa-eglot vim-nox vim-ale)
source "$(dirname "${BASH_SOURCE[0]}")/lib/debianPackages.sh"
ensure_debian_packages setup-editors "${pkgs[@]}"
echo "setup-editors: $(nvim --version | head -1), $(emacs --version | head -1), $(vim --version | head -1 | cut -d'(' -f1)"

#!/bin/sh
# Checks the documented Neovim setup with a real Neovim, headless:
# check-lsp.lua opens a wend file with this folder (editors/nvim) on the
# runtime path and no user configuration, and drives highlighting,
# diagnostics, gd, K and format on write against `wendc lsp`.
#
# Usage: editors/nvim/test/lsp-test.sh [WENDC]   (default: target/debug/wendc)
# Needs Neovim 0.8 or later as `nvim` (or $NVIM_BIN). Not part of
# `make test`: Debian's Neovim is 0.7, which has no vim.lsp.start.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../.." && pwd)
wendc=$(cd "$root" && realpath "${1:-target/debug/wendc}")
nvim=${NVIM_BIN:-nvim}
if ! command -v "$nvim" >/dev/null 2>&1; then
    echo "lsp-test: no \`$nvim\`: this test needs Neovim 0.8 or later" >&2
    exit 1
fi
if ! "$nvim" --headless -u NONE -i NONE \
        -c 'lua if vim.lsp.start == nil then vim.cmd("cquit 1") end' -c 'qall!' </dev/null; then
    echo "lsp-test: $("$nvim" --version | head -1) has no vim.lsp.start: it needs 0.8 or later" >&2
    exit 1
fi
WENDC=$wendc exec "$nvim" --headless -u NONE -i NONE -n \
    --cmd "set runtimepath^=$here" \
    --cmd "filetype plugin on" \
    --cmd "syntax on" \
    -S "$here/test/check-lsp.lua" </dev/null

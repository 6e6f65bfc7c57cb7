#!/bin/sh
# Runs check-syntax.vim in a Vim without any user configuration, with this
# folder (editors/nvim) as its only plugin directory, and prints what it
# found. Vim in silent Ex mode prints nothing itself, so the check writes
# to a temporary file.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
vim -N -u NONE -i NONE -n -e -s \
    --cmd "set runtimepath^=$here" \
    --cmd "syntax on" \
    --cmd "let g:wend_test_log = '$log'" \
    -S "$here/test/check-syntax.vim" </dev/null || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log" >&2
    [ -s "$log" ] || echo "vim failed (status $status) before reporting" >&2
    exit 1
fi
cat "$log"

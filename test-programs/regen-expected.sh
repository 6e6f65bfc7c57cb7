#!/bin/sh
# Regenerate the expected outputs of the wend test programs from their C twins.
#
# For every GROUP/NAME.c (GROUP = elementary, simple, nontrivial, runtime) this
# compiles the twin with gcc -O2 -Wall (warnings are errors), runs it, and writes
#   GROUP/NAME.expected         exact stdout bytes
# and, if the run exits non-zero or writes to stderr,
#   GROUP/NAME.expected-stderr  exact stderr bytes
#   GROUP/NAME.expected-status  the exit status in decimal, then a newline
# (stale .expected-stderr/.expected-status files are removed otherwise).
# Only programs in runtime/ may fail; anywhere else a failure aborts the script.
# The wend compiler is never used here.
#
# Usage: ./regen-expected.sh            (from anywhere)
#        UBSAN=1 ./regen-expected.sh    also build with -fsanitize=undefined,address
#                                       (aborts on any undefined behaviour in a twin)
set -eu
cd "$(dirname "$0")"
CC=${CC:-gcc}
CFLAGS="-O2 -Wall -Werror -std=c11 -I."
if [ "${UBSAN:-0}" = 1 ]; then
    CFLAGS="$CFLAGS -fsanitize=undefined,address -fno-sanitize-recover=all"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

status_all=0
count=0
for group in elementary simple nontrivial runtime; do
    for wend in "$group"/*.wend; do
        [ -e "$wend" ] || continue
        name=${wend%.wend}
        if [ ! -f "$name.c" ]; then
            echo "error: $wend has no C twin $name.c" >&2
            status_all=1
        fi
    done
    for c in "$group"/*.c; do
        [ -e "$c" ] || continue
        name=${c%.c}
        if [ ! -f "$name.wend" ]; then
            echo "error: $c has no wend program $name.wend" >&2
            status_all=1
            continue
        fi
        $CC $CFLAGS -o "$tmp/prog" "$c"
        set +e
        "$tmp/prog" >"$tmp/stdout" 2>"$tmp/stderr"
        st=$?
        set -e
        cp "$tmp/stdout" "$name.expected"
        if [ "$st" -ne 0 ] || [ -s "$tmp/stderr" ]; then
            if [ "$group" != runtime ]; then
                echo "error: $c exited with status $st (stderr: $(cat "$tmp/stderr"))" >&2
                status_all=1
            fi
            cp "$tmp/stderr" "$name.expected-stderr"
            printf '%s\n' "$st" >"$name.expected-status"
        else
            rm -f "$name.expected-stderr" "$name.expected-status"
        fi
        count=$((count + 1))
    done
done
echo "regenerated expected output of $count programs" >&2
exit $status_all

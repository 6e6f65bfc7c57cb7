#!/bin/sh
# Regenerate NAME.expected-sha256 for every gfx demo from its C twin NAME.c.
#
# Bounded mode: the twin is copied with the two marker lines rewritten,
#   frames = N; // frames   ->  frames = 2; // frames
#   delay = N; // delay     ->  delay = 1; // delay
# (the test harness applies the same substitutions to NAME.wend), compiled
# with gcc -O2 -Wall -Werror -std=c11, run, and the SHA-256 of its stdout is
# written to NAME.expected-sha256. The wend compiler is never used here.
#
# Usage: ./regen-hashes.sh           (from anywhere)
#        UBSAN=1 ./regen-hashes.sh   also build with -fsanitize=undefined,address
#        FULL=1 ./regen-hashes.sh    additionally check that the unbounded twin
#                                    compiles (it is not run)
set -eu
cd "$(dirname "$0")"
CC=${CC:-gcc}
CFLAGS="-O2 -Wall -Werror -std=c11"
if [ "${UBSAN:-0}" = 1 ]; then
    CFLAGS="$CFLAGS -fsanitize=undefined,address -fno-sanitize-recover=all"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# the twins include "../wend_twin.h": give the bounded copies the same layout
mkdir "$tmp/gfx"
cp ../wend_twin.h "$tmp/wend_twin.h"

status=0
count=0
for wend in *.wend; do
    [ -e "$wend" ] || continue
    name=${wend%.wend}
    if [ ! -f "$name.c" ]; then
        echo "error: $wend has no C twin $name.c" >&2
        status=1
        continue
    fi
    for f in "$wend" "$name.c"; do
        for marker in frames delay; do
            n=$(grep -cE "^ *$marker = [0-9]+; // $marker\$" "$f" || true)
            if [ "$n" != 1 ]; then
                echo "error: $f must have exactly one line '$marker = N; // $marker' (found $n)" >&2
                status=1
            fi
        done
    done
    sed -E -e 's|frames = [0-9]+; // frames|frames = 2; // frames|' \
           -e 's|delay = [0-9]+; // delay|delay = 1; // delay|' \
           "$name.c" >"$tmp/gfx/$name.c"
    $CC $CFLAGS -o "$tmp/$name" "$tmp/gfx/$name.c"
    if [ "${FULL:-0}" = 1 ]; then
        $CC $CFLAGS -o "$tmp/$name.full" "$name.c"
    fi
    if ! "$tmp/$name" >"$tmp/$name.out"; then
        echo "error: bounded $name.c failed" >&2
        status=1
        continue
    fi
    sha256sum <"$tmp/$name.out" | cut -d' ' -f1 >"$name.expected-sha256"
    count=$((count + 1))
done
for c in *.c; do
    [ -e "$c" ] || continue
    if [ ! -f "${c%.c}.wend" ]; then
        echo "error: $c has no wend program ${c%.c}.wend" >&2
        status=1
    fi
done
echo "regenerated the expected hashes of $count demos" >&2
exit $status

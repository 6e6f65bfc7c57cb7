#!/bin/sh
# Checks the expected outputs of the IR programs here with LLVM rather than
# wendc: each NAME.ll is linked (llvm-link) with a small runtime written
# below in LLVM IR over the C library, run by lli, and its stdout and exit
# status compared with NAME.expected and NAME.expected-status (0 if absent).
# The runtime prints as wendc's does for what these programs use (an int,
# a newline). Exits 1 if a program disagrees.
#
# Usage: test-programs/ir/check-with-lli.sh     (from anywhere)
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# LLVM 14 reads `ptr` only when told to; later versions read nothing else.
major=$(lli --version | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p' | head -n 1)
opaque=
if [ "$major" -lt 15 ]; then opaque=-opaque-pointers; fi
cat >"$tmp/runtime.ll" <<'RUNTIME'
@int_format = private constant [3 x i8] c"%d\00"
declare i32 @printf(i8*, ...)
declare i32 @putchar(i32)

define void @wend_print_int(i32 %x) {
  %format = getelementptr [3 x i8], [3 x i8]* @int_format, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %format, i32 %x)
  ret void
}

define void @wend_print_newline() {
  call i32 @putchar(i32 10)
  ret void
}
RUNTIME
failed=0
for ll in *.ll; do
    name=${ll%.ll}
    llvm-link $opaque -S "$ll" "$tmp/runtime.ll" -o "$tmp/linked.ll"
    status=0
    lli $opaque "$tmp/linked.ll" >"$tmp/stdout" || status=$?
    expected_status=0
    if [ -f "$name.expected-status" ]; then expected_status=$(cat "$name.expected-status"); fi
    if cmp -s "$tmp/stdout" "$name.expected" && [ "$status" = "$expected_status" ]; then
        echo "ok   $ll"
    else
        echo "FAIL $ll: lli printed $(od -c "$tmp/stdout" | head -n 3) and exited with $status"
        failed=1
    fi
done
exit $failed

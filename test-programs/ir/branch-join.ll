; The lab guide's first example, clang -O0 style with unnamed values and
; typed pointers: %1 holds x, %2 holds the result; x = 1 > 0, so the
; result is 1, main's return value, which is the exit status.
; mem2reg puts one phi for %2 where the two arms meet (block 6).

define dso_local i32 @main() {
    %1 = alloca i32
    %2 = alloca i32
    store i32 1, i32* %1
    %3 = load i32, i32* %1
    %4 = icmp sgt i32 %3, 0
    br i1 %4, label %5, label %8

5:
    store i32 1, i32* %2
    br label %6

6:
    %7 = load i32, i32* %2
    ret i32 %7

8:
    %9 = sub i32 0, 1
    store i32 %9, i32* %2
    br label %6
}

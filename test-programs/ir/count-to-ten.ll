; The counter of the mem2reg seed article, written as clang -O0 would
; compile
;   int count(void) { int i = 0; while (i < 10) { i = i + 1; } return i; }
; mem2reg keeps i in one phi at the loop's condition block: 0 on entry,
; the incremented value around the loop. main prints the 10 it returns.

define dso_local i32 @count() {
entry:
  %i = alloca i32, align 4
  store i32 0, ptr %i, align 4
  br label %while.cond

while.cond:
  %0 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %0, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:
  %1 = load i32, ptr %i, align 4
  %inc = add nsw i32 %1, 1
  store i32 %inc, ptr %i, align 4
  br label %while.cond

while.end:
  %2 = load i32, ptr %i, align 4
  ret i32 %2
}

define i32 @main() {
entry:
  %0 = call i32 @count()
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

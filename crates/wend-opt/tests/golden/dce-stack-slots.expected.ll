; RUN: dce
define i32 @main() {
entry:
  %read = alloca i32
  %escapes = alloca i32
  %x = add i32 20, 1
  store i32 %x, i32* %read
  store i32 5, i32* %escapes
  %ignored = call i32 @main.f(i32* %escapes)
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 3
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  %v = load i32, i32* %read
  call void @wend_print_int(i32 %v)
  %e = load i32, i32* %escapes
  call void @wend_print_int(i32 %e)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.f(i32* %outer) {
entry:
  %old = load i32, i32* %outer
  %new = mul i32 %old, 2
  store i32 %new, i32* %outer
  ret i32 %old
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

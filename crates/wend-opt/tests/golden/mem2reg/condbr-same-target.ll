; passes: mem2reg
; A conditional branch whose two targets are the same block is two CFG
; edges: the phi at %loop has two entries for %entry (with the same value)
; and one for the back edge.

define i32 @main() {
entry:
  %x = alloca i32
  store i32 10, i32* %x
  %c = icmp slt i32 1, 2
  br i1 %c, label %loop, label %loop

loop:
  %v = load i32, i32* %x
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  store i32 %n, i32* %x
  %done = icmp slt i32 %n, 0
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp slt i32 1, 2
  br i1 %c, label %loop, label %loop

loop:                                             ; preds = %entry, %loop
  %x = phi i32 [ 10, %entry ], [ 10, %entry ], [ %n, %loop ]
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  %n = sub i32 %x, 4
  %done = icmp slt i32 %n, 0
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; RUN: mem2reg
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:                                             ; preds = %entry
  br label %join

dead1:                                            ; No predecessors!
  br label %join

dead2:                                            ; preds = %dead2
  %u = add i32 undef, 1
  br label %dead2

join:                                             ; preds = %entry, %left, %dead1
  %x = phi i32 [ 1, %entry ], [ 2, %left ], [ undef, %dead1 ]
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

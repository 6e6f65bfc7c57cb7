; passes: mem2reg
; x = 5; i = 0; while (i < 3) { if (i == 1) { x = x; } i = i + 1; } print x
; The frontier calls for phis for x at the join and at the loop header,
; but they are trivial: the join's phi gets the header's phi on both edges,
; and once it is replaced, the header's phi is phi(5, itself) = 5. As in
; LLVM's mem2reg, trivial phis are replaced by their one value, repeatedly.
; i keeps its phi.

define i32 @main() {
entry:
  %x = alloca i32
  %i = alloca i32
  store i32 5, i32* %x
  store i32 0, i32* %i
  br label %cond

cond:
  %iv = load i32, i32* %i
  %more = icmp slt i32 %iv, 3
  br i1 %more, label %body, label %end

body:
  %one = icmp eq i32 %iv, 1
  br i1 %one, label %same, label %join

same:
  %xv = load i32, i32* %x
  store i32 %xv, i32* %x
  br label %join

join:
  %i2 = add i32 %iv, 1
  store i32 %i2, i32* %i
  br label %cond

end:
  %r = load i32, i32* %x
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %cond

cond:                                             ; preds = %entry, %join
  %i = phi i32 [ 0, %entry ], [ %i2, %join ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %end

body:                                             ; preds = %cond
  %one = icmp eq i32 %i, 1
  br i1 %one, label %same, label %join

same:                                             ; preds = %body
  br label %join

join:                                             ; preds = %body, %same
  %i2 = add i32 %i, 1
  br label %cond

end:                                              ; preds = %cond
  call void @wend_print_int(i32 5)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: sccp
; A phi meets its entries over executable edges only. %entry branches on
; a constant, so the edge to %right never executes: %join's phi sees only
; 10 from %left, even though %right's entry is a different constant, and
; folds to 10 (and %v2 to 20). The edge %left -> %join2 is not executable
; either, although %left is: the phi at %join2 ignores its 99 entry and
; folds to 7, %sum to 8. Both branches become `br`; %right is deleted, and
; %join2's phi loses the entry of the dropped edge from %left.

define i32 @main() {
entry:
  %t = icmp sgt i32 3, 2
  br i1 %t, label %left, label %right

left:
  %f = icmp eq i32 10, 11
  br i1 %f, label %join2, label %join

right:
  br label %join

join:
  %v = phi i32 [ 10, %left ], [ 20, %right ]
  %v2 = mul i32 %v, 2
  call void @wend_print_int(i32 %v2)
  br label %join2

join2:
  %w = phi i32 [ 99, %left ], [ 7, %join ]
  %sum = add i32 %w, 1
  call void @wend_print_int(i32 %sum)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %left

left:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %left
  call void @wend_print_int(i32 20)
  br label %join2

join2:                                            ; preds = %join
  call void @wend_print_int(i32 8)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: simplifycfg
; A conditional branch whose targets coincide is a jump: %entry's branch
; becomes `br label %loop`, and %loop's phi drops one of its two (equal)
; entries for %entry. The same in %loop, whose successor %next then has a
; single predecessor and merges into %loop; the merged phi %w is replaced
; by %n. The conditions %c and %more are left for DCE.

define i32 @main() {
entry:
  %ten = add i32 5, 5
  %c = icmp slt i32 1, 2
  br i1 %c, label %loop, label %loop

loop:
  %v = phi i32 [ %ten, %entry ], [ %ten, %entry ], [ %w, %next ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %next, label %next

next:
  %w = phi i32 [ %n, %loop ], [ %n, %loop ]
  %again = icmp sgt i32 %w, 0
  br i1 %again, label %loop, label %exit

exit:
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %ten = add i32 5, 5
  %c = icmp slt i32 1, 2
  br label %loop

loop:                                             ; preds = %entry, %loop
  %v = phi i32 [ %ten, %entry ], [ %n, %loop ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  %more = icmp sgt i32 %n, 0
  %again = icmp sgt i32 %n, 0
  br i1 %again, label %loop, label %exit

exit:                                             ; preds = %loop
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

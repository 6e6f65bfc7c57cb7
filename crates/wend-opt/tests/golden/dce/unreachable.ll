; passes: dce
; Unreachable code is normal input: DCE keeps its calls (they are side
; effects; deleting unreachable blocks is simplifycfg's and sccp's job)
; and the values they need, even defined after their use, but drops its
; dead arithmetic. In %join, %only.dead uses the phi %p, which has no
; other user: both go — the phi becomes dead once its only user is.

define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:
  br label %join

never:
  call void @wend_print_int(i32 %late)
  %late = add i32 %late.dead, 1
  %late.dead = add i32 3, 4
  %junk = mul i32 %late, %late
  br label %never

join:
  %p = phi i32 [ 1, %entry ], [ 2, %left ]
  %only.dead = add i32 %p, 1
  call void @wend_print_int(i32 9)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:                                             ; preds = %entry
  br label %join

never:                                            ; preds = %never
  call void @wend_print_int(i32 %late)
  %late = add i32 %late.dead, 1
  %late.dead = add i32 3, 4
  br label %never

join:                                             ; preds = %entry, %left
  call void @wend_print_int(i32 9)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

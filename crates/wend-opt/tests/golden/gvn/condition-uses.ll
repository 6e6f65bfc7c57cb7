; passes: gvn
; A known branch condition replaces every use of the condition in the
; blocks the edge dominates, not only selects and branches.
; - In %then, %c is true: `xor %c, true` folds to false, `icmp eq %c,
;   false` to false, `and %c, %d` becomes `and true, %d` (not folded: %d
;   is unknown), the call's argument and the returned value become `true`.
; - In %else, %c is false: `or %c, %d` becomes `or false, %d` and the
;   `zext`-like `select %c, 1, 0` is 0.
; - The phi in %join keeps %c: its operands are used at the ends of the
;   predecessors, and %join has two (nothing is known there).

declare void @wend_print_bool(i1)

define i1 @f(i32 %a, i32 %b, i1 %d) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %then, label %else

then:
  %not = xor i1 %c, true
  call void @wend_print_bool(i1 %not)
  %eq = icmp eq i1 %c, false
  call void @wend_print_bool(i1 %eq)
  %both = and i1 %c, %d
  call void @wend_print_bool(i1 %both)
  call void @wend_print_bool(i1 %c)
  br i1 %d, label %join, label %done

done:
  ret i1 %c

else:
  %either = or i1 %c, %d
  call void @wend_print_bool(i1 %either)
  %n = select i1 %c, i32 1, i32 0
  %m = add i32 %n, %a
  %mc = icmp eq i32 %m, %a
  call void @wend_print_bool(i1 %mc)
  br label %join

join:
  %r = phi i1 [ %c, %then ], [ %d, %else ]
  ret i1 %r
}

define i32 @main() {
entry:
  %x = call i1 @f(i32 1, i32 2, i1 true)
  call void @wend_print_bool(i1 %x)
  %y = call i1 @f(i32 1, i32 2, i1 false)
  call void @wend_print_bool(i1 %y)
  %z = call i1 @f(i32 2, i32 1, i1 true)
  call void @wend_print_bool(i1 %z)
  %w = call i1 @f(i32 2, i32 1, i1 false)
  call void @wend_print_bool(i1 %w)
  ret i32 0
}

; ---- expected output ----
define i1 @f(i32 %a, i32 %b, i1 %d) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  call void @wend_print_bool(i1 false)
  call void @wend_print_bool(i1 false)
  %both = and i1 true, %d
  call void @wend_print_bool(i1 %both)
  call void @wend_print_bool(i1 true)
  br i1 %d, label %join, label %done

done:                                             ; preds = %then
  ret i1 true

else:                                             ; preds = %entry
  %either = or i1 false, %d
  call void @wend_print_bool(i1 %either)
  %m = add i32 0, %a
  %mc = icmp eq i32 %m, %a
  call void @wend_print_bool(i1 %mc)
  br label %join

join:                                             ; preds = %then, %else
  %r = phi i1 [ %c, %then ], [ %d, %else ]
  ret i1 %r
}

define i32 @main() {
entry:
  %x = call i1 @f(i32 1, i32 2, i1 true)
  call void @wend_print_bool(i1 %x)
  %y = call i1 @f(i32 1, i32 2, i1 false)
  call void @wend_print_bool(i1 %y)
  %z = call i1 @f(i32 2, i32 1, i1 true)
  call void @wend_print_bool(i1 %z)
  %w = call i1 @f(i32 2, i32 1, i1 false)
  call void @wend_print_bool(i1 %w)
  ret i32 0
}

declare void @wend_print_bool(i1)

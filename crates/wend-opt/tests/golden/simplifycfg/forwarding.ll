; passes: simplifycfg
; Empty forwarding blocks. %fwd.a only jumps to %join: %entry's branch is
; retargeted to %join, whose phi gets %fwd.a's entry under %entry's name.
; %fwd.b also only jumps to %join, but its predecessor %mid already
; branches to %join directly with a different phi value (2 vs 3): after
; the bypass, %mid would reach %join twice with two values, so %fwd.b
; must stay. %fwd.c forwards to %join2 from %mid2, which also branches
; there directly, but with the same value (4): it is bypassed, and
; %mid2's branch then has identical targets and becomes a jump. That
; leaves a straight line %join -> %mid2 -> %join2 of blocks with one
; predecessor each: they merge into %join, and the phi %w becomes 4.

define i32 @main() {
entry:
  %c = call i1 @yes()
  br i1 %c, label %fwd.a, label %mid

fwd.a:
  br label %join

mid:
  br i1 %c, label %fwd.b, label %join

fwd.b:
  br label %join

join:
  %v = phi i32 [ 1, %fwd.a ], [ 2, %fwd.b ], [ 3, %mid ]
  call void @wend_print_int(i32 %v)
  br label %mid2

mid2:
  br i1 %c, label %fwd.c, label %join2

fwd.c:
  br label %join2

join2:
  %w = phi i32 [ 4, %fwd.c ], [ 4, %mid2 ]
  call void @wend_print_int(i32 %w)
  call void @wend_print_newline()
  ret i32 0
}

define i1 @yes() {
entry:
  ret i1 true
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = call i1 @yes()
  br i1 %c, label %join, label %mid

mid:                                              ; preds = %entry
  br i1 %c, label %fwd.b, label %join

fwd.b:                                            ; preds = %mid
  br label %join

join:                                             ; preds = %entry, %mid, %fwd.b
  %v = phi i32 [ 2, %fwd.b ], [ 3, %mid ], [ 1, %entry ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_int(i32 4)
  call void @wend_print_newline()
  ret i32 0
}

define i1 @yes() {
entry:
  ret i1 true
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

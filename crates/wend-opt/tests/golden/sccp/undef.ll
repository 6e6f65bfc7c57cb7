; passes: sccp
; `undef` is ⊥ here (the conservative choice, see sccp.rs). In @main the
; branch on the constant %t executes only the edge to %a, so %b is deleted
; and the phi %m, which meets its executable entries only, is 5. In @g
; both edges run: the phi meeting 5 with undef is not folded, nor is
; arithmetic on undef, and a branch on undef keeps both of its edges.

define i32 @main() {
entry:
  %t = icmp eq i32 1, 1
  br i1 %t, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %m = phi i32 [ 5, %a ], [ undef, %b ]
  call void @wend_print_int(i32 %m)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %m = phi i32 [ 5, %a ], [ undef, %b ]
  %n = add i32 undef, 1
  %s = add i32 %m, %n
  br i1 undef, label %x, label %y

x:
  ret i32 %s

y:
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %a

a:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a
  call void @wend_print_int(i32 5)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:                                                ; preds = %entry
  br label %join

b:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a, %b
  %m = phi i32 [ 5, %a ], [ undef, %b ]
  %n = add i32 undef, 1
  %s = add i32 %m, %n
  br i1 undef, label %x, label %y

x:                                                ; preds = %join
  ret i32 %s

y:                                                ; preds = %join
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

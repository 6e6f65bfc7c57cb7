; passes: sccp
; Folding on i1: and/or/xor, and signed comparisons where true is -1
; (so `icmp slt i1 true, false` holds, as in LLVM and the interpreter).
; A select on a constant takes one arm even if the other is unknown (%p);
; a select on an unknown condition folds only if both arms agree.

define i32 @main() {
entry:
  %a = and i1 true, false
  %o = or i1 %a, true
  %x = xor i1 %o, true
  call void @wend_print_bool(i1 %x)
  %lt = icmp slt i1 true, false
  call void @wend_print_bool(i1 %lt)
  %eq = icmp eq i1 %lt, %o
  call void @wend_print_bool(i1 %eq)
  %bits = xor i32 12, 10
  %mask = and i32 %bits, -1
  %set = or i32 %mask, 1
  call void @wend_print_int(i32 %set)
  call void @wend_print_newline()
  %r = call i32 @unknown(i32 0)
  %pick = select i1 %eq, i32 5, i32 %r
  call void @wend_print_int(i32 %pick)
  %c = icmp sgt i32 %r, 0
  %same = select i1 %c, i32 8, i32 8
  call void @wend_print_int(i32 %same)
  %diff = select i1 %c, i32 8, i32 9
  call void @wend_print_int(i32 %diff)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @unknown(i32 %p) {
entry:
  ret i32 %p
}

declare void @wend_print_bool(i1)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  call void @wend_print_bool(i1 false)
  call void @wend_print_bool(i1 true)
  call void @wend_print_bool(i1 true)
  call void @wend_print_int(i32 7)
  call void @wend_print_newline()
  %r = call i32 @unknown(i32 0)
  call void @wend_print_int(i32 5)
  %c = icmp sgt i32 %r, 0
  call void @wend_print_int(i32 8)
  %diff = select i1 %c, i32 8, i32 9
  call void @wend_print_int(i32 %diff)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @unknown(i32 %p) {
entry:
  ret i32 %p
}

declare void @wend_print_bool(i1)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: sccp
; Wegman & Zadeck's motivating loop: `x` starts at 1 and is set to 2 only
; under `x != 1`. Optimistically `x` is 1 until proven otherwise; the
; assignment is never found executable, so `x` stays 1: the phis fold to
; 1, %then disappears, and the phi at %latch loses its entry from it.
; The counter %i is not constant (1 meets i+1) and stays.
;
; @spin has a constant condition in its loop header (`while true`): only
; the body edge is executable, so the header branch becomes `br %body`
; and %exit (with its return) is deleted. The function never returns.

define i32 @main() {
entry:
  br label %header

header:
  %x = phi i32 [ 1, %entry ], [ %x.next, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %exit

body:
  %changed = icmp ne i32 %x, 1
  br i1 %changed, label %then, label %latch

then:
  br label %latch

latch:
  %x.next = phi i32 [ %x, %body ], [ 2, %then ]
  %i.next = add i32 %i, 1
  call void @wend_print_int(i32 %x.next)
  call void @wend_print_newline()
  br label %header

exit:
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret i32 0
}

define void @spin(i32 %n) {
entry:
  br label %header

header:
  %k = phi i32 [ %n, %entry ], [ %k.next, %body ]
  %forever = icmp eq i1 true, true
  br i1 %forever, label %body, label %exit

body:
  %k.next = add i32 %k, 1
  call void @wend_print_int(i32 %k.next)
  br label %header

exit:
  call void @wend_print_int(i32 %k)
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %header

header:                                           ; preds = %entry, %latch
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %exit

body:                                             ; preds = %header
  br label %latch

latch:                                            ; preds = %body
  %i.next = add i32 %i, 1
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  br label %header

exit:                                             ; preds = %header
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  ret i32 0
}

define void @spin(i32 %n) {
entry:
  br label %header

header:                                           ; preds = %entry, %body
  %k = phi i32 [ %n, %entry ], [ %k.next, %body ]
  br label %body

body:                                             ; preds = %header
  %k.next = add i32 %k, 1
  call void @wend_print_int(i32 %k.next)
  br label %header
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: sccp
; Folding %entry's branch leaves %dead.loop (a loop, so it keeps a
; predecessor of its own) and %dead.side unreachable; both are deleted,
; with their entries in %join's phi. %never was unreachable from the start
; and goes too, even though it uses a value before defining it.

define i32 @main() {
entry:
  %z = icmp ne i32 0, 0
  br i1 %z, label %dead.loop, label %live

dead.loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %dead.loop ]
  %j.next = add i32 %j, 1
  %stop = icmp sgt i32 %j.next, 5
  br i1 %stop, label %dead.side, label %dead.loop

dead.side:
  call void @wend_print_int(i32 %j.next)
  br label %join

live:
  br label %join

never:
  %u = add i32 %u2, 1
  %u2 = add i32 %u, 1
  br label %join

join:
  %r = phi i32 [ %j.next, %dead.side ], [ 42, %live ], [ %u, %never ]
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %live

live:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %live
  call void @wend_print_int(i32 42)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: simplifycfg
; Self-loops. %count loops on itself: it has two predecessors (%entry and
; itself) so it is neither merged nor bypassed. In @hang, %spin is empty
; and jumps to itself: bypassing it would leave no block, so it stays, and
; the entry (which may not be bypassed: nothing may branch to an entry
; block) merges nothing since %spin has two predecessors. %dead.spin and
; %dead.tail are unreachable (one a self-loop, so never without a
; predecessor) and are deleted, with their entry in %done's phi.

define i32 @main() {
entry:
  br label %count

count:
  %i = phi i32 [ 0, %entry ], [ %i.next, %count ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 3
  br i1 %more, label %count, label %done

dead.spin:
  br label %dead.spin

dead.tail:
  br label %done

done:
  %r = phi i32 [ %i.next, %count ], [ 0, %dead.tail ]
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

define void @hang() {
entry:
  br label %spin

spin:
  br label %spin
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %count

count:                                            ; preds = %entry, %count
  %i = phi i32 [ 0, %entry ], [ %i.next, %count ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 3
  br i1 %more, label %count, label %done

done:                                             ; preds = %count
  %r = phi i32 [ %i.next, %count ]
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

define void @hang() {
entry:
  br label %spin

spin:                                             ; preds = %entry, %spin
  br label %spin
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; RUN: simplifycfg
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

; RUN: lcssa
define i32 @main() {
entry:
  br label %loop

loop:                                             ; preds = %entry, %next
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %n = mul i32 %i, 10
  %big = icmp sgt i32 %n, 25
  br i1 %big, label %early, label %next

next:                                             ; preds = %loop
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %late

early:                                            ; preds = %loop
  %n.lcssa = phi i32 [ %n, %loop ]
  call void @wend_print_int(i32 %n.lcssa)
  br label %join

late:                                             ; preds = %next
  %last = phi i32 [ %i, %next ]
  %n.lcssa1 = phi i32 [ %n, %next ]
  call void @wend_print_int(i32 %last)
  br label %join

join:                                             ; preds = %early, %late
  %n.lcssa2 = phi i32 [ %n.lcssa, %early ], [ %n.lcssa1, %late ]
  call void @wend_print_int(i32 %n.lcssa2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

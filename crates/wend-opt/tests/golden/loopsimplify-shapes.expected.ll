; RUN: loopsimplify
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %loop.preheader, label %side

side:                                             ; preds = %entry
  br i1 %c, label %loop.preheader, label %done

loop.preheader:                                   ; preds = %entry, %side, %dead
  %i.preheader = phi i32 [ 0, %entry ], [ 10, %side ], [ 5, %dead ]
  br label %loop

loop:                                             ; preds = %loop.preheader, %loop.latch
  %i = phi i32 [ %i.preheader, %loop.preheader ], [ %i.latch, %loop.latch ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %done.loopexit

body:                                             ; preds = %loop
  %odd = and i32 %i, 1
  %isodd = icmp eq i32 %odd, 1
  br i1 %isodd, label %then, label %else

then:                                             ; preds = %body
  %a = add i32 %i, 1
  br label %loop.latch

else:                                             ; preds = %body
  %b = add i32 %i, 1
  br label %loop.latch

loop.latch:                                       ; preds = %then, %else
  %i.latch = phi i32 [ %a, %then ], [ %b, %else ]
  br label %loop

dead:                                             ; No predecessors!
  br label %loop.preheader

done.loopexit:                                    ; preds = %loop
  br label %done

done:                                             ; preds = %side, %done.loopexit
  %r = phi i32 [ -1, %side ], [ %i, %done.loopexit ]
  call void @wend_print_int(i32 %r)
  %k = icmp eq i32 %r, 3
  br i1 %k, label %spin.preheader, label %end

spin.preheader:                                   ; preds = %done
  br label %spin

spin:                                             ; preds = %spin.preheader, %spin
  %j = phi i32 [ %j1, %spin ], [ 0, %spin.preheader ]
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 4
  br i1 %again, label %spin, label %end.loopexit

end.loopexit:                                     ; preds = %spin
  br label %end

end:                                              ; preds = %done, %end.loopexit
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

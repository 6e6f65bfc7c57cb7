; passes: licm
; The loop prints i = 0, 1, 2 and on i == 2 divides 100 by %zero, which
; is 0: the frontend's guard calls wend_div_by_zero(7) first, so the
; program prints "012" and then stops with the runtime error.
;
; %q = sdiv 100, %zero is loop-invariant, but it must stay under its
; guard: hoisted to the preheader it would divide by zero (undefined in
; the IR) before anything is printed. So must %r = srem %k, -1 (INT_MIN
; % -1 is undefined too). What is safe moves to the new preheader
; %loop.preheader (the loop is entered from a conditional branch): the
; guard's compare %iszero, %k = mul, and %h = sdiv %k, 2 (a constant
; divisor other than 0 and -1 cannot trap).

define i32 @main() {
entry:
  %zero = sub i32 7, 7
  %go = icmp eq i32 %zero, 0
  br i1 %go, label %loop, label %end

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  call void @wend_print_int(i32 %i)
  %k = mul i32 %zero, 3
  %h = sdiv i32 %k, 2
  %r = srem i32 %k, -1
  %at2 = icmp eq i32 %i, 2
  br i1 %at2, label %divide, label %next

divide:
  %iszero = icmp eq i32 %zero, 0
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:
  call void @wend_div_by_zero(i32 7)
  unreachable

div.ok:
  %q = sdiv i32 100, %zero
  call void @wend_print_int(i32 %q)
  br label %next

next:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %end

end:
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
declare void @wend_div_by_zero(i32)

; ---- expected output ----
define i32 @main() {
entry:
  %zero = sub i32 7, 7
  %go = icmp eq i32 %zero, 0
  br i1 %go, label %loop.preheader, label %end

loop.preheader:                                   ; preds = %entry
  %k = mul i32 %zero, 3
  %h = sdiv i32 %k, 2
  %iszero = icmp eq i32 %zero, 0
  br label %loop

loop:                                             ; preds = %loop.preheader, %next
  %i = phi i32 [ %i1, %next ], [ 0, %loop.preheader ]
  call void @wend_print_int(i32 %i)
  %r = srem i32 %k, -1
  %at2 = icmp eq i32 %i, 2
  br i1 %at2, label %divide, label %next

divide:                                           ; preds = %loop
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:                                         ; preds = %divide
  call void @wend_div_by_zero(i32 7)
  unreachable

div.ok:                                           ; preds = %divide
  %q = sdiv i32 100, %zero
  call void @wend_print_int(i32 %q)
  br label %next

next:                                             ; preds = %loop, %div.ok
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %end.loopexit

end.loopexit:                                     ; preds = %next
  br label %end

end:                                              ; preds = %entry, %end.loopexit
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
declare void @wend_div_by_zero(i32)

; trace: linear-scan
; Six values live across a call, where only the five callee-saved
; registers survive (%ebx, %r12d-%r15d): one of them must go to memory.
; Worked by hand: each of %a-%f is defined once (weight 2) and used once
; (weight 1), so all weigh 3; %p is used six times and defined once
; (weight 8). %p gets a register first; %a-%d take %ebx, %r12d, %r13d,
; %r14d. %e takes %r15d; for %f no callee-saved register is free, and
; taking any costs 3, not less than %f's own 3: %f is spilled. (%p needs
; no callee-saved register: its last use comes before the call.) After the
; call, the sums reuse freed registers.

define i32 @f(i32 %p) {
entry:
  %a = add i32 %p, 1
  %b = add i32 %p, 2
  %c = add i32 %p, 3
  %d = add i32 %p, 4
  %e = add i32 %p, 5
  %f = add i32 %p, 6
  call void @wend_print_int(i32 0)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  ret i32 %s5
}

declare void @wend_print_int(i32)
; ---- expected output ----
; linear-scan register allocation of @f
; the machine instructions of each block (after mem2reg; critical edges split): entry 0-25
; live intervals, one column per instruction (# live, . a hole or not yet live), | between blocks:
;   interval    weight  live
;   %v0 (%p)    8       #############
;   %v1 (%a)    3       ..###############
;   %v2 (%b)    3       ....#############
;   %v3 (%c)    3       ......#############
;   %v4 (%d)    3       ........#############
;   %v5 (%e)    3       ..........#############
;   %v6 (%f)    3       ............#############
;   %v7 (%s1)   3       ................###
;   %v8 (%s2)   3       ..................###
;   %v9 (%s3)   3       ....................###
;   %v10 (%s4)  3       ......................###
;   %v11 (%s5)  3       ........................##
;
; the scan, by increasing start:
;   start  interval    active there                                                  then
;   1      %v0 (%p)    -                                                             gets %edi
;   5      %v1 (%a)    %edi=%v0 (%p)                                                 live across a call: callee-saved registers only; gets %ebx
;   9      %v2 (%b)    %edi=%v0 (%p), %ebx=%v1 (%a)                                  live across a call: callee-saved registers only; gets %r12d
;   13     %v3 (%c)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b)                  live across a call: callee-saved registers only; gets %r13d
;   17     %v4 (%d)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c)  live across a call: callee-saved registers only; gets %r14d
;   21     %v5 (%e)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c), %r14d=%v4 (%d)  live across a call: callee-saved registers only; gets %r15d
;   25     %v6 (%f)    %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c), %r14d=%v4 (%d), %r15d=%v5 (%e)  live across a call: callee-saved registers only; no register free; cheapest to take: %ebx, held by %v1 (%a) (weight 3 >= 3): %v6 (%f) is spilled
;   33     %v7 (%s1)   %r13d=%v3 (%c), %r14d=%v4 (%d), %r15d=%v5 (%e)                gets %ebx
;   37     %v8 (%s2)   %r14d=%v4 (%d), %r15d=%v5 (%e)                                gets %ebx
;   41     %v9 (%s3)   %r15d=%v5 (%e)                                                gets %ebx
;   45     %v10 (%s4)  -                                                             gets %ebx
;   49     %v11 (%s5)  -                                                             gets %ebx
;

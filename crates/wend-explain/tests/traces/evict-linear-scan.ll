; trace: linear-scan
; As spill-linear-scan.ll, but %f is used twice: it now weighs 4 (a
; definition 2, two uses 1 each), more than any interval in its way (3
; each). Worked by hand: when %f starts, the five callee-saved registers
; are held by %a-%e; every register costs 3 to take, and of equal costs
; the first in register order is chosen, %ebx: %a is spilled and %f gets
; %ebx.

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
  %s6 = add i32 %s5, %f
  ret i32 %s6
}

declare void @wend_print_int(i32)
; ---- expected output ----
; linear-scan register allocation of @f
; the machine instructions of each block (after mem2reg; critical edges split): entry 0-27
; live intervals, one column per instruction (# live, . a hole or not yet live), | between blocks:
;   interval    weight  live
;   %v0 (%p)    8       #############
;   %v1 (%a)    3       ..###############
;   %v2 (%b)    3       ....#############
;   %v3 (%c)    3       ......#############
;   %v4 (%d)    3       ........#############
;   %v5 (%e)    3       ..........#############
;   %v6 (%f)    4       ............###############
;   %v7 (%s1)   3       ................###
;   %v8 (%s2)   3       ..................###
;   %v9 (%s3)   3       ....................###
;   %v10 (%s4)  3       ......................###
;   %v11 (%s5)  3       ........................###
;   %v12 (%s6)  3       ..........................##
;
; the scan, by increasing start:
;   start  interval    active there                                                  then
;   1      %v0 (%p)    -                                                             gets %edi
;   5      %v1 (%a)    %edi=%v0 (%p)                                                 live across a call: callee-saved registers only; gets %ebx
;   9      %v2 (%b)    %edi=%v0 (%p), %ebx=%v1 (%a)                                  live across a call: callee-saved registers only; gets %r12d
;   13     %v3 (%c)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b)                  live across a call: callee-saved registers only; gets %r13d
;   17     %v4 (%d)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c)  live across a call: callee-saved registers only; gets %r14d
;   21     %v5 (%e)    %edi=%v0 (%p), %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c), %r14d=%v4 (%d)  live across a call: callee-saved registers only; gets %r15d
;   25     %v6 (%f)    %ebx=%v1 (%a), %r12d=%v2 (%b), %r13d=%v3 (%c), %r14d=%v4 (%d), %r15d=%v5 (%e)  live across a call: callee-saved registers only; no register free; cheapest to take: %ebx, held by %v1 (%a) (weight 3 < 4): %v1 (%a) spilled, %v6 (%f) gets %ebx
;   33     %v7 (%s1)   %ebx=%v6 (%f), %r13d=%v3 (%c), %r14d=%v4 (%d), %r15d=%v5 (%e)  gets %eax
;   37     %v8 (%s2)   %ebx=%v6 (%f), %r14d=%v4 (%d), %r15d=%v5 (%e)                 gets %eax
;   41     %v9 (%s3)   %ebx=%v6 (%f), %r15d=%v5 (%e)                                 gets %eax
;   45     %v10 (%s4)  %ebx=%v6 (%f)                                                 gets %eax
;   49     %v11 (%s5)  %ebx=%v6 (%f)                                                 gets %eax
;   53     %v12 (%s6)  -                                                             gets %eax
;

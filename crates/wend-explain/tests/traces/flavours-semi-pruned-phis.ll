; trace: phis
; ssa: semi-pruned
; The example of flavours-minimal-phis.ll in semi-pruned SSA. Worked by
; hand: the iterated frontier is {join} for both variables, as there; x is
; read in use before any store there, so it lives across blocks and gets
; its phi in join; t is only ever read right after its store in the same
; block (then, else), a variable local to blocks: no phi, although its
; frontier is not empty.

define i32 @main(i1 %c) {
entry:
  %x = alloca i32
  %t = alloca i32
  br i1 %c, label %then, label %else

then:
  store i32 1, i32* %t
  %t0 = load i32, i32* %t
  store i32 %t0, i32* %x
  br label %join

else:
  store i32 2, i32* %t
  %t1 = load i32, i32* %t
  store i32 %t1, i32* %x
  br label %join

join:
  br i1 %c, label %use, label %done

use:
  %x0 = load i32, i32* %x
  ret i32 %x0

done:
  ret i32 0
}

; ---- expected output ----
; phi placement by mem2reg (semi-pruned SSA) of @main
;   x: stored in {then, else}, live on entry to {join, use}
;     worklist takes  its frontier  queued for the first time
;     else            {join}        {join}
;     join            {}            {}
;     then            {join}        {}
;     phi for x in join (x lives across blocks; it is live on entry)
;   t: stored in {then, else}, live on entry to {}
;     worklist takes  its frontier  queued for the first time
;     else            {join}        {join}
;     join            {}            {}
;     then            {join}        {}
;     no phi in join: t is local to blocks (never read before written in one)
;

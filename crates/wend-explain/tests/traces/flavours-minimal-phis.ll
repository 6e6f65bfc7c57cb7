; trace: phis
; ssa: minimal
; Two variables stored in both arms of an if, whose frontier is join:
; x is read after join (in use), t only right after its own store in each
; arm (a temporary). Worked by hand: DF(then) = DF(else) = {join} and
; DF(join) = {}, so DF+ of either variable's stores is {join}; the stack
; takes else (the last pushed), then join, then then. x is live on entry
; to use (read there first) and, back up to the stores, join; t is live
; on entry nowhere. Minimal SSA tests nothing: both get a phi in join,
; t's dead (pruned SSA, seed03-phis.ll's test, would drop it; so does
; semi-pruned, flavours-semi-pruned-phis.ll).

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
; phi placement by mem2reg (minimal SSA) of @main
;   x: stored in {then, else}, live on entry to {join, use}
;     worklist takes  its frontier  queued for the first time
;     else            {join}        {join}
;     join            {}            {}
;     then            {join}        {}
;     phi for x in join (definitions meet; x is live on entry)
;   t: stored in {then, else}, live on entry to {}
;     worklist takes  its frontier  queued for the first time
;     else            {join}        {join}
;     join            {}            {}
;     then            {join}        {}
;     phi for t in join (definitions meet; t is not live on entry)
;

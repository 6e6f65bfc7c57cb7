; passes: sccp
; An index that constant propagation finds to be outside its alloca, in a
; block that runs only if %c: the element pointer gets the constant (it is
; undefined only where it runs, like LLVM's poison), and the verifier,
; which runs after the pass, must accept it.

define i32 @f(i1 %c) {
entry:
  %a = alloca i32, i32 4
  br i1 %c, label %outside, label %inside
outside:
  %i = add i32 2, 2
  %p = getelementptr inbounds i32, i32* %a, i32 %i
  %v = load i32, i32* %p
  ret i32 %v
inside:
  ret i32 0
}

; ---- expected output ----
define i32 @f(i1 %c) {
entry:
  %a = alloca i32, i32 4
  br i1 %c, label %outside, label %inside

outside:                                          ; preds = %entry
  %p = getelementptr inbounds i32, i32* %a, i32 4
  %v = load i32, i32* %p
  ret i32 %v

inside:                                           ; preds = %entry
  ret i32 0
}

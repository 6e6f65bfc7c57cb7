; passes: mem2reg<minimal>
; Minimal SSA is the textbook's placement and nothing more: the pruned
; flavour's two extras, LLVM's, are not applied. x is stored once, a
; constant, in then only: pruned reads 5 everywhere (where the store does
; not reach, x is undef, which may as well be 5), minimal puts a phi at
; join with undef from else. y gets the same 1 on both arms: minimal keeps
; its phi of 1 and 1, which pruned replaces by 1.

define i32 @pick(i1 %c) {
entry:
  %x = alloca i32
  %y = alloca i32
  br i1 %c, label %then, label %else

then:
  store i32 5, i32* %x
  store i32 1, i32* %y
  br label %join

else:
  store i32 1, i32* %y
  br label %join

join:
  %xv = load i32, i32* %x
  %yv = load i32, i32* %y
  %sum = add i32 %xv, %yv
  ret i32 %sum
}

define i32 @main() {
entry:
  %0 = call i32 @pick(i1 true)
  call void @wend_print_int(i32 %0)
  ret i32 0
}

declare void @wend_print_int(i32)

; ---- expected output ----
define i32 @pick(i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  br label %join

else:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %then, %else
  %x = phi i32 [ 5, %then ], [ undef, %else ]
  %y = phi i32 [ 1, %then ], [ 1, %else ]
  %sum = add i32 %x, %y
  ret i32 %sum
}

define i32 @main() {
entry:
  %0 = call i32 @pick(i1 true)
  call void @wend_print_int(i32 %0)
  ret i32 0
}

declare void @wend_print_int(i32)

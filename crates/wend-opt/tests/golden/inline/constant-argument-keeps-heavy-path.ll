; passes: inline
; The calls of constant-argument-folds.ll with mode 1: the comparison
; folds the other way and the walk follows the slow path, whose 50
; operations on the unknown x cost more than the limit of 48 at these
; call sites. The walk stops there, and the three calls stay. (Had x been
; a constant too, the whole path would fold and cost nothing.)

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = call i32 @op(i32 1, i32 %i)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @op(i32 1, i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @op(i32 1, i32 %b)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, 2
  br i1 %more, label %loop, label %done

done:
  ret i32 0
}

define i32 @op(i32 %mode, i32 %x) {
entry:
  %fast = icmp eq i32 %mode, 0
  br i1 %fast, label %double, label %mix

double:
  %d = add i32 %x, %x
  ret i32 %d

mix:
  %m0 = mul i32 %x, 3
  %m1 = add i32 %m0, 3
  %m2 = mul i32 %m1, 4
  %m3 = add i32 %m2, 5
  %m4 = mul i32 %m3, 6
  %m5 = add i32 %m4, 7
  %m6 = mul i32 %m5, 8
  %m7 = add i32 %m6, 9
  %m8 = mul i32 %m7, 10
  %m9 = add i32 %m8, 11
  %m10 = mul i32 %m9, 12
  %m11 = add i32 %m10, 13
  %m12 = mul i32 %m11, 14
  %m13 = add i32 %m12, 15
  %m14 = mul i32 %m13, 16
  %m15 = add i32 %m14, 17
  %m16 = mul i32 %m15, 18
  %m17 = add i32 %m16, 19
  %m18 = mul i32 %m17, 20
  %m19 = add i32 %m18, 21
  %m20 = mul i32 %m19, 22
  %m21 = add i32 %m20, 23
  %m22 = mul i32 %m21, 24
  %m23 = add i32 %m22, 25
  %m24 = mul i32 %m23, 26
  %m25 = add i32 %m24, 27
  %m26 = mul i32 %m25, 28
  %m27 = add i32 %m26, 29
  %m28 = mul i32 %m27, 30
  %m29 = add i32 %m28, 31
  %m30 = mul i32 %m29, 32
  %m31 = add i32 %m30, 33
  %m32 = mul i32 %m31, 34
  %m33 = add i32 %m32, 35
  %m34 = mul i32 %m33, 36
  %m35 = add i32 %m34, 37
  %m36 = mul i32 %m35, 38
  %m37 = add i32 %m36, 39
  %m38 = mul i32 %m37, 40
  %m39 = add i32 %m38, 41
  %m40 = mul i32 %m39, 42
  %m41 = add i32 %m40, 43
  %m42 = mul i32 %m41, 44
  %m43 = add i32 %m42, 45
  %m44 = mul i32 %m43, 46
  %m45 = add i32 %m44, 47
  %m46 = mul i32 %m45, 48
  %m47 = add i32 %m46, 49
  %m48 = mul i32 %m47, 50
  %m49 = add i32 %m48, 51
  ret i32 %m49
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = call i32 @op(i32 1, i32 %i)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @op(i32 1, i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @op(i32 1, i32 %b)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, 2
  br i1 %more, label %loop, label %done

done:                                             ; preds = %loop
  ret i32 0
}

define i32 @op(i32 %mode, i32 %x) {
entry:
  %fast = icmp eq i32 %mode, 0
  br i1 %fast, label %double, label %mix

double:                                           ; preds = %entry
  %d = add i32 %x, %x
  ret i32 %d

mix:                                              ; preds = %entry
  %m0 = mul i32 %x, 3
  %m1 = add i32 %m0, 3
  %m2 = mul i32 %m1, 4
  %m3 = add i32 %m2, 5
  %m4 = mul i32 %m3, 6
  %m5 = add i32 %m4, 7
  %m6 = mul i32 %m5, 8
  %m7 = add i32 %m6, 9
  %m8 = mul i32 %m7, 10
  %m9 = add i32 %m8, 11
  %m10 = mul i32 %m9, 12
  %m11 = add i32 %m10, 13
  %m12 = mul i32 %m11, 14
  %m13 = add i32 %m12, 15
  %m14 = mul i32 %m13, 16
  %m15 = add i32 %m14, 17
  %m16 = mul i32 %m15, 18
  %m17 = add i32 %m16, 19
  %m18 = mul i32 %m17, 20
  %m19 = add i32 %m18, 21
  %m20 = mul i32 %m19, 22
  %m21 = add i32 %m20, 23
  %m22 = mul i32 %m21, 24
  %m23 = add i32 %m22, 25
  %m24 = mul i32 %m23, 26
  %m25 = add i32 %m24, 27
  %m26 = mul i32 %m25, 28
  %m27 = add i32 %m26, 29
  %m28 = mul i32 %m27, 30
  %m29 = add i32 %m28, 31
  %m30 = mul i32 %m29, 32
  %m31 = add i32 %m30, 33
  %m32 = mul i32 %m31, 34
  %m33 = add i32 %m32, 35
  %m34 = mul i32 %m33, 36
  %m35 = add i32 %m34, 37
  %m36 = mul i32 %m35, 38
  %m37 = add i32 %m36, 39
  %m38 = mul i32 %m37, 40
  %m39 = add i32 %m38, 41
  %m40 = mul i32 %m39, 42
  %m41 = add i32 %m40, 43
  %m42 = mul i32 %m41, 44
  %m43 = add i32 %m42, 45
  %m44 = mul i32 %m43, 46
  %m45 = add i32 %m44, 47
  %m46 = mul i32 %m45, 48
  %m47 = add i32 %m46, 49
  %m48 = mul i32 %m47, 50
  %m49 = add i32 %m48, 51
  ret i32 %m49
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: inline
; A call inlined because what it costs at its call site, with its
; constant argument, is small. @op has 55 instructions (a fast path that
; doubles its argument, a slow one of 50 operations), over SMALL_CALLEE
; (40), and is called three times, so it is no single-call callee. Each
; call passes mode 0 (and an x unknown here): `icmp eq i32 %mode, 0`
; folds, the branch takes %double, and only its one `add` is walked (the
; `ret` becomes the branch to the continuation). A cost of 1 is within
; the limit of 40 + 4 (the call) + 2 * 2 (the arguments), so every call
; is inlined whole; SCCP and simplifycfg prune the slow path of each copy
; later. @op is then unused and deleted. Prints 0 0 0 2 4 8.

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = call i32 @op(i32 0, i32 %i)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @op(i32 0, i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @op(i32 0, i32 %b)
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

loop:                                             ; preds = %entry, %op.cont2
  %i = phi i32 [ 0, %entry ], [ %next, %op.cont2 ]
  br label %op.entry

op.entry:                                         ; preds = %loop
  %fast = icmp eq i32 0, 0
  br i1 %fast, label %op.double, label %op.mix

op.double:                                        ; preds = %op.entry
  %d = add i32 %i, %i
  br label %op.cont

op.mix:                                           ; preds = %op.entry
  %m0 = mul i32 %i, 3
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
  br label %op.cont

op.cont:                                          ; preds = %op.double, %op.mix
  %a = phi i32 [ %d, %op.double ], [ %m49, %op.mix ]
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  br label %op.entry1

op.entry1:                                        ; preds = %op.cont
  %fast1 = icmp eq i32 0, 0
  br i1 %fast1, label %op.double1, label %op.mix1

op.double1:                                       ; preds = %op.entry1
  %d1 = add i32 %a, %a
  br label %op.cont1

op.mix1:                                          ; preds = %op.entry1
  %m0.1 = mul i32 %a, 3
  %m1.1 = add i32 %m0.1, 3
  %m2.1 = mul i32 %m1.1, 4
  %m3.1 = add i32 %m2.1, 5
  %m4.1 = mul i32 %m3.1, 6
  %m5.1 = add i32 %m4.1, 7
  %m6.1 = mul i32 %m5.1, 8
  %m7.1 = add i32 %m6.1, 9
  %m8.1 = mul i32 %m7.1, 10
  %m9.1 = add i32 %m8.1, 11
  %m10.1 = mul i32 %m9.1, 12
  %m11.1 = add i32 %m10.1, 13
  %m12.1 = mul i32 %m11.1, 14
  %m13.1 = add i32 %m12.1, 15
  %m14.1 = mul i32 %m13.1, 16
  %m15.1 = add i32 %m14.1, 17
  %m16.1 = mul i32 %m15.1, 18
  %m17.1 = add i32 %m16.1, 19
  %m18.1 = mul i32 %m17.1, 20
  %m19.1 = add i32 %m18.1, 21
  %m20.1 = mul i32 %m19.1, 22
  %m21.1 = add i32 %m20.1, 23
  %m22.1 = mul i32 %m21.1, 24
  %m23.1 = add i32 %m22.1, 25
  %m24.1 = mul i32 %m23.1, 26
  %m25.1 = add i32 %m24.1, 27
  %m26.1 = mul i32 %m25.1, 28
  %m27.1 = add i32 %m26.1, 29
  %m28.1 = mul i32 %m27.1, 30
  %m29.1 = add i32 %m28.1, 31
  %m30.1 = mul i32 %m29.1, 32
  %m31.1 = add i32 %m30.1, 33
  %m32.1 = mul i32 %m31.1, 34
  %m33.1 = add i32 %m32.1, 35
  %m34.1 = mul i32 %m33.1, 36
  %m35.1 = add i32 %m34.1, 37
  %m36.1 = mul i32 %m35.1, 38
  %m37.1 = add i32 %m36.1, 39
  %m38.1 = mul i32 %m37.1, 40
  %m39.1 = add i32 %m38.1, 41
  %m40.1 = mul i32 %m39.1, 42
  %m41.1 = add i32 %m40.1, 43
  %m42.1 = mul i32 %m41.1, 44
  %m43.1 = add i32 %m42.1, 45
  %m44.1 = mul i32 %m43.1, 46
  %m45.1 = add i32 %m44.1, 47
  %m46.1 = mul i32 %m45.1, 48
  %m47.1 = add i32 %m46.1, 49
  %m48.1 = mul i32 %m47.1, 50
  %m49.1 = add i32 %m48.1, 51
  br label %op.cont1

op.cont1:                                         ; preds = %op.double1, %op.mix1
  %b = phi i32 [ %d1, %op.double1 ], [ %m49.1, %op.mix1 ]
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  br label %op.entry2

op.entry2:                                        ; preds = %op.cont1
  %fast2 = icmp eq i32 0, 0
  br i1 %fast2, label %op.double2, label %op.mix2

op.double2:                                       ; preds = %op.entry2
  %d2 = add i32 %b, %b
  br label %op.cont2

op.mix2:                                          ; preds = %op.entry2
  %m0.2 = mul i32 %b, 3
  %m1.2 = add i32 %m0.2, 3
  %m2.2 = mul i32 %m1.2, 4
  %m3.2 = add i32 %m2.2, 5
  %m4.2 = mul i32 %m3.2, 6
  %m5.2 = add i32 %m4.2, 7
  %m6.2 = mul i32 %m5.2, 8
  %m7.2 = add i32 %m6.2, 9
  %m8.2 = mul i32 %m7.2, 10
  %m9.2 = add i32 %m8.2, 11
  %m10.2 = mul i32 %m9.2, 12
  %m11.2 = add i32 %m10.2, 13
  %m12.2 = mul i32 %m11.2, 14
  %m13.2 = add i32 %m12.2, 15
  %m14.2 = mul i32 %m13.2, 16
  %m15.2 = add i32 %m14.2, 17
  %m16.2 = mul i32 %m15.2, 18
  %m17.2 = add i32 %m16.2, 19
  %m18.2 = mul i32 %m17.2, 20
  %m19.2 = add i32 %m18.2, 21
  %m20.2 = mul i32 %m19.2, 22
  %m21.2 = add i32 %m20.2, 23
  %m22.2 = mul i32 %m21.2, 24
  %m23.2 = add i32 %m22.2, 25
  %m24.2 = mul i32 %m23.2, 26
  %m25.2 = add i32 %m24.2, 27
  %m26.2 = mul i32 %m25.2, 28
  %m27.2 = add i32 %m26.2, 29
  %m28.2 = mul i32 %m27.2, 30
  %m29.2 = add i32 %m28.2, 31
  %m30.2 = mul i32 %m29.2, 32
  %m31.2 = add i32 %m30.2, 33
  %m32.2 = mul i32 %m31.2, 34
  %m33.2 = add i32 %m32.2, 35
  %m34.2 = mul i32 %m33.2, 36
  %m35.2 = add i32 %m34.2, 37
  %m36.2 = mul i32 %m35.2, 38
  %m37.2 = add i32 %m36.2, 39
  %m38.2 = mul i32 %m37.2, 40
  %m39.2 = add i32 %m38.2, 41
  %m40.2 = mul i32 %m39.2, 42
  %m41.2 = add i32 %m40.2, 43
  %m42.2 = mul i32 %m41.2, 44
  %m43.2 = add i32 %m42.2, 45
  %m44.2 = mul i32 %m43.2, 46
  %m45.2 = add i32 %m44.2, 47
  %m46.2 = mul i32 %m45.2, 48
  %m47.2 = add i32 %m46.2, 49
  %m48.2 = mul i32 %m47.2, 50
  %m49.2 = add i32 %m48.2, 51
  br label %op.cont2

op.cont2:                                         ; preds = %op.double2, %op.mix2
  %c = phi i32 [ %d2, %op.double2 ], [ %m49.2, %op.mix2 ]
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, 2
  br i1 %more, label %loop, label %done

done:                                             ; preds = %op.cont2
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

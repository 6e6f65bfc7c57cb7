; passes: inline
; Inlining through chains. @main calls @a once, @a calls @b once, @b
; calls @c once: all three are inlined into @main, each body copied once,
; and the blocks are named after the functions they come from, outer
; first (a.b.c.entry is @c's entry, inlined into @b, inlined into @a).
; @b has two returns, so a phi merges them in a.b.cont. @sq is small and
; is called from @c and from @main: copied into both (the copy in @c goes
; along to @main), then deleted. @big is too large to inline and called
; twice: it stays, with its single call of @leaf inlined.

define i32 @main() {
entry:
  %x = call i32 @a(i32 3)
  call void @wend_print_int(i32 %x)
  %y = call i32 @sq(i32 %x)
  call void @wend_print_int(i32 %y)
  %z = call i32 @big(i32 %y)
  %w = call i32 @big(i32 %z)
  call void @wend_print_int(i32 %w)
  ret i32 0
}

define i32 @a(i32 %n) {
entry:
  %m = add i32 %n, 1
  %r = call i32 @b(i32 %m)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @b(i32 %n) {
entry:
  %neg = icmp slt i32 %n, 0
  br i1 %neg, label %minus, label %plus

minus:
  ret i32 0

plus:
  %r = call i32 @c(i32 %n)
  ret i32 %r
}

define i32 @c(i32 %n) {
entry:
  %q = call i32 @sq(i32 %n)
  %r = sub i32 %q, %n
  ret i32 %r
}

define i32 @sq(i32 %n) {
entry:
  %r = mul i32 %n, %n
  ret i32 %r
}

define i32 @big(i32 %n) {
entry:
  %l = call i32 @leaf(i32 %n)
  %v1 = add i32 %l, 1
  %v2 = add i32 %v1, 2
  %v3 = add i32 %v2, 3
  %v4 = add i32 %v3, 4
  %v5 = add i32 %v4, 5
  %v6 = add i32 %v5, 6
  %v7 = add i32 %v6, 7
  %v8 = add i32 %v7, 8
  %v9 = add i32 %v8, 9
  %v10 = add i32 %v9, 10
  %v11 = add i32 %v10, 11
  %v12 = add i32 %v11, 12
  %v13 = add i32 %v12, 13
  %v14 = add i32 %v13, 14
  %v15 = add i32 %v14, 15
  %v16 = add i32 %v15, 16
  %v17 = add i32 %v16, 17
  %v18 = add i32 %v17, 18
  %v19 = add i32 %v18, 19
  %v20 = add i32 %v19, 20
  %v21 = add i32 %v20, 21
  %v22 = add i32 %v21, 22
  %v23 = add i32 %v22, 23
  %v24 = add i32 %v23, 24
  %v25 = add i32 %v24, 25
  %v26 = add i32 %v25, 26
  %v27 = add i32 %v26, 27
  %v28 = add i32 %v27, 28
  %v29 = add i32 %v28, 29
  %v30 = add i32 %v29, 30
  %v31 = add i32 %v30, 31
  %v32 = add i32 %v31, 32
  %v33 = add i32 %v32, 33
  %v34 = add i32 %v33, 34
  %v35 = add i32 %v34, 35
  %v36 = add i32 %v35, 36
  %v37 = add i32 %v36, 37
  %v38 = add i32 %v37, 38
  %v39 = add i32 %v38, 39
  %v40 = add i32 %v39, 40
  %v41 = add i32 %v40, 41
  %v42 = add i32 %v41, 42
  %v43 = add i32 %v42, 43
  %v44 = add i32 %v43, 44
  %v45 = add i32 %v44, 45
  %v46 = add i32 %v45, 46
  %v47 = add i32 %v46, 47
  %v48 = add i32 %v47, 48
  %v49 = add i32 %v48, 49
  %v50 = add i32 %v49, 50
  ret i32 %v50
}

define i32 @leaf(i32 %n) {
entry:
  %r = sub i32 0, %n
  ret i32 %r
}

declare void @wend_print_int(i32)

; ---- expected output ----
define i32 @main() {
entry:
  br label %a.entry

a.entry:                                          ; preds = %entry
  %m = add i32 3, 1
  br label %a.b.entry

a.b.entry:                                        ; preds = %a.entry
  %neg = icmp slt i32 %m, 0
  br i1 %neg, label %a.b.minus, label %a.b.plus

a.b.minus:                                        ; preds = %a.b.entry
  br label %a.b.cont

a.b.plus:                                         ; preds = %a.b.entry
  br label %a.b.c.entry

a.b.c.entry:                                      ; preds = %a.b.plus
  br label %a.b.c.sq.entry

a.b.c.sq.entry:                                   ; preds = %a.b.c.entry
  %r = mul i32 %m, %m
  br label %a.b.c.sq.cont

a.b.c.sq.cont:                                    ; preds = %a.b.c.sq.entry
  %r1 = sub i32 %r, %m
  br label %a.b.c.cont

a.b.c.cont:                                       ; preds = %a.b.c.sq.cont
  br label %a.b.cont

a.b.cont:                                         ; preds = %a.b.minus, %a.b.c.cont
  %r2 = phi i32 [ 0, %a.b.minus ], [ %r1, %a.b.c.cont ]
  %s = mul i32 %r2, 2
  br label %a.cont

a.cont:                                           ; preds = %a.b.cont
  call void @wend_print_int(i32 %s)
  br label %sq.entry

sq.entry:                                         ; preds = %a.cont
  %r3 = mul i32 %s, %s
  br label %sq.cont

sq.cont:                                          ; preds = %sq.entry
  call void @wend_print_int(i32 %r3)
  %z = call i32 @big(i32 %r3)
  %w = call i32 @big(i32 %z)
  call void @wend_print_int(i32 %w)
  ret i32 0
}

define i32 @big(i32 %n) {
entry:
  br label %leaf.entry

leaf.entry:                                       ; preds = %entry
  %r = sub i32 0, %n
  br label %leaf.cont

leaf.cont:                                        ; preds = %leaf.entry
  %v1 = add i32 %r, 1
  %v2 = add i32 %v1, 2
  %v3 = add i32 %v2, 3
  %v4 = add i32 %v3, 4
  %v5 = add i32 %v4, 5
  %v6 = add i32 %v5, 6
  %v7 = add i32 %v6, 7
  %v8 = add i32 %v7, 8
  %v9 = add i32 %v8, 9
  %v10 = add i32 %v9, 10
  %v11 = add i32 %v10, 11
  %v12 = add i32 %v11, 12
  %v13 = add i32 %v12, 13
  %v14 = add i32 %v13, 14
  %v15 = add i32 %v14, 15
  %v16 = add i32 %v15, 16
  %v17 = add i32 %v16, 17
  %v18 = add i32 %v17, 18
  %v19 = add i32 %v18, 19
  %v20 = add i32 %v19, 20
  %v21 = add i32 %v20, 21
  %v22 = add i32 %v21, 22
  %v23 = add i32 %v22, 23
  %v24 = add i32 %v23, 24
  %v25 = add i32 %v24, 25
  %v26 = add i32 %v25, 26
  %v27 = add i32 %v26, 27
  %v28 = add i32 %v27, 28
  %v29 = add i32 %v28, 29
  %v30 = add i32 %v29, 30
  %v31 = add i32 %v30, 31
  %v32 = add i32 %v31, 32
  %v33 = add i32 %v32, 33
  %v34 = add i32 %v33, 34
  %v35 = add i32 %v34, 35
  %v36 = add i32 %v35, 36
  %v37 = add i32 %v36, 37
  %v38 = add i32 %v37, 38
  %v39 = add i32 %v38, 39
  %v40 = add i32 %v39, 40
  %v41 = add i32 %v40, 41
  %v42 = add i32 %v41, 42
  %v43 = add i32 %v42, 43
  %v44 = add i32 %v43, 44
  %v45 = add i32 %v44, 45
  %v46 = add i32 %v45, 46
  %v47 = add i32 %v46, 47
  %v48 = add i32 %v47, 48
  %v49 = add i32 %v48, 49
  %v50 = add i32 %v49, 50
  ret i32 %v50
}

declare void @wend_print_int(i32)

; passes: inline,mem2reg
; Re-promotion after inlining. From
;   main() { int a; int b; int i;
;            int get(int k) { if k == 0 { return a; } return b; }
;            bump(int k) { if k == 0 { a = a + get(1); } else { b = b + get(0) + 1; } }
;            a = 1; b = 2; i = 0;
;            while i < 10 { bump(i % 2); bump(0); bump(1); i = i + 1; }
;            println a; println b; }
; after mem2reg and simplifycfg. main's %a and %b stay in memory while
; their addresses go to @main.bump, which passes them on to @main.get.
; @main.get is inlined into @main.bump (both its calls pass constants: one
; load each), then @main.bump into each of main's three calls (the two
; with a constant k cost one path; the one with `i % 2` costs its compare
; and branch, its loads and stores being of main's own variables). No
; call takes %a or %b any more: the mem2reg after inline promotes both,
; and the loop carries them in phis. (The harness checks that the output
; is the same before and after.)

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 0, i32* %a
  store i32 0, i32* %b
  store i32 1, i32* %a
  store i32 2, i32* %b
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %i = phi i32 [ 0, %entry ], [ %add, %while.body ]
  %cmp = icmp slt i32 %i, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %rem = srem i32 %i, 2
  call void @main.bump(i32 %rem, i32* %a, i32* %b)
  call void @main.bump(i32 0, i32* %a, i32* %b)
  call void @main.bump(i32 1, i32* %a, i32* %b)
  %add = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %0 = load i32, i32* %a
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  %1 = load i32, i32* %b
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.get(i32 %k, i32* %a, i32* %b) {
entry:
  %cmp = icmp eq i32 %k, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %0 = load i32, i32* %a
  ret i32 %0

if.end:                                           ; preds = %entry
  %1 = load i32, i32* %b
  ret i32 %1
}

define void @main.bump(i32 %k, i32* %a, i32* %b) {
entry:
  %cmp = icmp eq i32 %k, 0
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  %0 = load i32, i32* %a
  %call = call i32 @main.get(i32 1, i32* %a, i32* %b)
  %add = add i32 %0, %call
  store i32 %add, i32* %a
  br label %if.end

if.else:                                          ; preds = %entry
  %1 = load i32, i32* %b
  %call1 = call i32 @main.get(i32 0, i32* %a, i32* %b)
  %add1 = add i32 %1, %call1
  %add2 = add i32 %add1, 1
  store i32 %add2, i32* %b
  br label %if.end

if.end:                                           ; preds = %if.then, %if.else
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %bump.cont2
  %i = phi i32 [ 0, %entry ], [ %add5, %bump.cont2 ]
  %a = phi i32 [ 1, %entry ], [ %a3, %bump.cont2 ]
  %b = phi i32 [ 2, %entry ], [ %b3, %bump.cont2 ]
  %cmp = icmp slt i32 %i, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %rem = srem i32 %i, 2
  br label %bump.entry

bump.entry:                                       ; preds = %while.body
  %cmp1 = icmp eq i32 %rem, 0
  br i1 %cmp1, label %bump.if.then, label %bump.if.else

bump.if.then:                                     ; preds = %bump.entry
  br label %bump.get.entry

bump.get.entry:                                   ; preds = %bump.if.then
  %cmp2 = icmp eq i32 1, 0
  br i1 %cmp2, label %bump.get.if.then, label %bump.get.if.end

bump.get.if.then:                                 ; preds = %bump.get.entry
  br label %bump.get.cont

bump.get.if.end:                                  ; preds = %bump.get.entry
  br label %bump.get.cont

bump.get.cont:                                    ; preds = %bump.get.if.then, %bump.get.if.end
  %call = phi i32 [ %a, %bump.get.if.then ], [ %b, %bump.get.if.end ]
  %add = add i32 %a, %call
  br label %bump.if.end

bump.if.else:                                     ; preds = %bump.entry
  br label %bump.get.entry1

bump.get.entry1:                                  ; preds = %bump.if.else
  %cmp3 = icmp eq i32 0, 0
  br i1 %cmp3, label %bump.get.if.then1, label %bump.get.if.end1

bump.get.if.then1:                                ; preds = %bump.get.entry1
  br label %bump.get.cont1

bump.get.if.end1:                                 ; preds = %bump.get.entry1
  br label %bump.get.cont1

bump.get.cont1:                                   ; preds = %bump.get.if.then1, %bump.get.if.end1
  %call1 = phi i32 [ %a, %bump.get.if.then1 ], [ %b, %bump.get.if.end1 ]
  %add1 = add i32 %b, %call1
  %add2 = add i32 %add1, 1
  br label %bump.if.end

bump.if.end:                                      ; preds = %bump.get.cont, %bump.get.cont1
  %a1 = phi i32 [ %add, %bump.get.cont ], [ %a, %bump.get.cont1 ]
  %b1 = phi i32 [ %b, %bump.get.cont ], [ %add2, %bump.get.cont1 ]
  br label %bump.cont

bump.cont:                                        ; preds = %bump.if.end
  br label %bump.entry1

bump.entry1:                                      ; preds = %bump.cont
  %cmp4 = icmp eq i32 0, 0
  br i1 %cmp4, label %bump.if.then1, label %bump.if.else1

bump.if.then1:                                    ; preds = %bump.entry1
  br label %bump.get.entry2

bump.get.entry2:                                  ; preds = %bump.if.then1
  %cmp5 = icmp eq i32 1, 0
  br i1 %cmp5, label %bump.get.if.then2, label %bump.get.if.end2

bump.get.if.then2:                                ; preds = %bump.get.entry2
  br label %bump.get.cont2

bump.get.if.end2:                                 ; preds = %bump.get.entry2
  br label %bump.get.cont2

bump.get.cont2:                                   ; preds = %bump.get.if.then2, %bump.get.if.end2
  %call2 = phi i32 [ %a1, %bump.get.if.then2 ], [ %b1, %bump.get.if.end2 ]
  %add3 = add i32 %a1, %call2
  br label %bump.if.end1

bump.if.else1:                                    ; preds = %bump.entry1
  br label %bump.get.entry3

bump.get.entry3:                                  ; preds = %bump.if.else1
  %cmp6 = icmp eq i32 0, 0
  br i1 %cmp6, label %bump.get.if.then3, label %bump.get.if.end3

bump.get.if.then3:                                ; preds = %bump.get.entry3
  br label %bump.get.cont3

bump.get.if.end3:                                 ; preds = %bump.get.entry3
  br label %bump.get.cont3

bump.get.cont3:                                   ; preds = %bump.get.if.then3, %bump.get.if.end3
  %call1.1 = phi i32 [ %a1, %bump.get.if.then3 ], [ %b1, %bump.get.if.end3 ]
  %add1.1 = add i32 %b1, %call1.1
  %add2.1 = add i32 %add1.1, 1
  br label %bump.if.end1

bump.if.end1:                                     ; preds = %bump.get.cont2, %bump.get.cont3
  %a2 = phi i32 [ %add3, %bump.get.cont2 ], [ %a1, %bump.get.cont3 ]
  %b2 = phi i32 [ %b1, %bump.get.cont2 ], [ %add2.1, %bump.get.cont3 ]
  br label %bump.cont1

bump.cont1:                                       ; preds = %bump.if.end1
  br label %bump.entry2

bump.entry2:                                      ; preds = %bump.cont1
  %cmp7 = icmp eq i32 1, 0
  br i1 %cmp7, label %bump.if.then2, label %bump.if.else2

bump.if.then2:                                    ; preds = %bump.entry2
  br label %bump.get.entry4

bump.get.entry4:                                  ; preds = %bump.if.then2
  %cmp8 = icmp eq i32 1, 0
  br i1 %cmp8, label %bump.get.if.then4, label %bump.get.if.end4

bump.get.if.then4:                                ; preds = %bump.get.entry4
  br label %bump.get.cont4

bump.get.if.end4:                                 ; preds = %bump.get.entry4
  br label %bump.get.cont4

bump.get.cont4:                                   ; preds = %bump.get.if.then4, %bump.get.if.end4
  %call3 = phi i32 [ %a2, %bump.get.if.then4 ], [ %b2, %bump.get.if.end4 ]
  %add4 = add i32 %a2, %call3
  br label %bump.if.end2

bump.if.else2:                                    ; preds = %bump.entry2
  br label %bump.get.entry5

bump.get.entry5:                                  ; preds = %bump.if.else2
  %cmp9 = icmp eq i32 0, 0
  br i1 %cmp9, label %bump.get.if.then5, label %bump.get.if.end5

bump.get.if.then5:                                ; preds = %bump.get.entry5
  br label %bump.get.cont5

bump.get.if.end5:                                 ; preds = %bump.get.entry5
  br label %bump.get.cont5

bump.get.cont5:                                   ; preds = %bump.get.if.then5, %bump.get.if.end5
  %call1.2 = phi i32 [ %a2, %bump.get.if.then5 ], [ %b2, %bump.get.if.end5 ]
  %add1.2 = add i32 %b2, %call1.2
  %add2.2 = add i32 %add1.2, 1
  br label %bump.if.end2

bump.if.end2:                                     ; preds = %bump.get.cont4, %bump.get.cont5
  %a3 = phi i32 [ %add4, %bump.get.cont4 ], [ %a2, %bump.get.cont5 ]
  %b3 = phi i32 [ %b2, %bump.get.cont4 ], [ %add2.2, %bump.get.cont5 ]
  br label %bump.cont2

bump.cont2:                                       ; preds = %bump.if.end2
  %add5 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

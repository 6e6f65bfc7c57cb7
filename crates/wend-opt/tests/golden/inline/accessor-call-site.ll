; passes: simplifycfg,inline,mem2reg
; A getter over 16 captured variables, wend's idiom for an array:
;   int get(int k) { if k < 8 { if k < 4 { ... return v0; ... } } ... }
; called twice with a variable index and once with the constant 3.
; Tidied by simplifycfg it has 31 blocks and 31 instructions (62), over
; SMALL_CALLEE (40), but what it costs at each call site is less, and
; each call saves what it costs the caller: the call (CALL_COST, 4) and
; its 17 arguments (ARG_COST, 2 each), so the limit at these call sites is
; 40 + 4 + 2 * 17 = 78. With a variable index, the 15 compares, the 15
; branches and the 15 returns but one cost 45; the loads are free, since
; they read the caller's own variables, which mem2reg promotes once no
; call takes their address. For get(3) the compares fold and only the
; path to `return v3` is walked: it costs 0. All three calls are inlined;
; SCCP and simplifycfg later prune the copy of get(3).
; With v3 = 3, v12 = 12 and v15 = 15, get(i) + get(15 - i) prints 15 at
; i = 0, 3, 12 and 15 and 0 elsewhere, then get(3) prints 3 (the harness
; checks the output is the same before and after the passes).

define i32 @main() {
entry:
  %v0 = alloca i32
  %v1 = alloca i32
  %v2 = alloca i32
  %v3 = alloca i32
  %v4 = alloca i32
  %v5 = alloca i32
  %v6 = alloca i32
  %v7 = alloca i32
  %v8 = alloca i32
  %v9 = alloca i32
  %v10 = alloca i32
  %v11 = alloca i32
  %v12 = alloca i32
  %v13 = alloca i32
  %v14 = alloca i32
  %v15 = alloca i32
  store i32 0, i32* %v0
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  store i32 0, i32* %v3
  store i32 0, i32* %v4
  store i32 0, i32* %v5
  store i32 0, i32* %v6
  store i32 0, i32* %v7
  store i32 0, i32* %v8
  store i32 0, i32* %v9
  store i32 0, i32* %v10
  store i32 0, i32* %v11
  store i32 0, i32* %v12
  store i32 0, i32* %v13
  store i32 0, i32* %v14
  store i32 0, i32* %v15
  store i32 3, i32* %v3
  store i32 12, i32* %v12
  store i32 15, i32* %v15
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %i = phi i32 [ 0, %entry ], [ %add1, %while.body ]
  %cmp = icmp slt i32 %i, 16
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %call = call i32 @main.get(i32 %i, i32* %v0, i32* %v1, i32* %v2, i32* %v3, i32* %v4, i32* %v5, i32* %v6, i32* %v7, i32* %v8, i32* %v9, i32* %v10, i32* %v11, i32* %v12, i32* %v13, i32* %v14, i32* %v15)
  %sub = sub i32 15, %i
  %call1 = call i32 @main.get(i32 %sub, i32* %v0, i32* %v1, i32* %v2, i32* %v3, i32* %v4, i32* %v5, i32* %v6, i32* %v7, i32* %v8, i32* %v9, i32* %v10, i32* %v11, i32* %v12, i32* %v13, i32* %v14, i32* %v15)
  %add = add i32 %call, %call1
  call void @wend_print_int(i32 %add)
  call void @wend_print_newline()
  %add1 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %call2 = call i32 @main.get(i32 3, i32* %v0, i32* %v1, i32* %v2, i32* %v3, i32* %v4, i32* %v5, i32* %v6, i32* %v7, i32* %v8, i32* %v9, i32* %v10, i32* %v11, i32* %v12, i32* %v13, i32* %v14, i32* %v15)
  call void @wend_print_int(i32 %call2)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.get(i32 %k, i32* %v0, i32* %v1, i32* %v2, i32* %v3, i32* %v4, i32* %v5, i32* %v6, i32* %v7, i32* %v8, i32* %v9, i32* %v10, i32* %v11, i32* %v12, i32* %v13, i32* %v14, i32* %v15) {
entry:
  %cmp = icmp slt i32 %k, 8
  br i1 %cmp, label %if.then, label %if.else7

if.then:                                          ; preds = %entry
  %cmp1 = icmp slt i32 %k, 4
  br i1 %cmp1, label %if.then1, label %if.else3

if.then1:                                         ; preds = %if.then
  %cmp2 = icmp slt i32 %k, 2
  br i1 %cmp2, label %if.then2, label %if.else1

if.then2:                                         ; preds = %if.then1
  %cmp3 = icmp slt i32 %k, 1
  br i1 %cmp3, label %if.then3, label %if.else

if.then3:                                         ; preds = %if.then2
  %0 = load i32, i32* %v0
  ret i32 %0

if.else:                                          ; preds = %if.then2
  %1 = load i32, i32* %v1
  ret i32 %1

if.else1:                                         ; preds = %if.then1
  %cmp4 = icmp slt i32 %k, 3
  br i1 %cmp4, label %if.then4, label %if.else2

if.then4:                                         ; preds = %if.else1
  %2 = load i32, i32* %v2
  ret i32 %2

if.else2:                                         ; preds = %if.else1
  %3 = load i32, i32* %v3
  ret i32 %3

if.else3:                                         ; preds = %if.then
  %cmp5 = icmp slt i32 %k, 6
  br i1 %cmp5, label %if.then5, label %if.else5

if.then5:                                         ; preds = %if.else3
  %cmp6 = icmp slt i32 %k, 5
  br i1 %cmp6, label %if.then6, label %if.else4

if.then6:                                         ; preds = %if.then5
  %4 = load i32, i32* %v4
  ret i32 %4

if.else4:                                         ; preds = %if.then5
  %5 = load i32, i32* %v5
  ret i32 %5

if.else5:                                         ; preds = %if.else3
  %cmp7 = icmp slt i32 %k, 7
  br i1 %cmp7, label %if.then7, label %if.else6

if.then7:                                         ; preds = %if.else5
  %6 = load i32, i32* %v6
  ret i32 %6

if.else6:                                         ; preds = %if.else5
  %7 = load i32, i32* %v7
  ret i32 %7

if.else7:                                         ; preds = %entry
  %cmp8 = icmp slt i32 %k, 12
  br i1 %cmp8, label %if.then8, label %if.else11

if.then8:                                         ; preds = %if.else7
  %cmp9 = icmp slt i32 %k, 10
  br i1 %cmp9, label %if.then9, label %if.else9

if.then9:                                         ; preds = %if.then8
  %cmp10 = icmp slt i32 %k, 9
  br i1 %cmp10, label %if.then10, label %if.else8

if.then10:                                        ; preds = %if.then9
  %8 = load i32, i32* %v8
  ret i32 %8

if.else8:                                         ; preds = %if.then9
  %9 = load i32, i32* %v9
  ret i32 %9

if.else9:                                         ; preds = %if.then8
  %cmp11 = icmp slt i32 %k, 11
  br i1 %cmp11, label %if.then11, label %if.else10

if.then11:                                        ; preds = %if.else9
  %10 = load i32, i32* %v10
  ret i32 %10

if.else10:                                        ; preds = %if.else9
  %11 = load i32, i32* %v11
  ret i32 %11

if.else11:                                        ; preds = %if.else7
  %cmp12 = icmp slt i32 %k, 14
  br i1 %cmp12, label %if.then12, label %if.else13

if.then12:                                        ; preds = %if.else11
  %cmp13 = icmp slt i32 %k, 13
  br i1 %cmp13, label %if.then13, label %if.else12

if.then13:                                        ; preds = %if.then12
  %12 = load i32, i32* %v12
  ret i32 %12

if.else12:                                        ; preds = %if.then12
  %13 = load i32, i32* %v13
  ret i32 %13

if.else13:                                        ; preds = %if.else11
  %cmp14 = icmp slt i32 %k, 15
  br i1 %cmp14, label %if.then14, label %if.else14

if.then14:                                        ; preds = %if.else13
  %14 = load i32, i32* %v14
  ret i32 %14

if.else14:                                        ; preds = %if.else13
  %15 = load i32, i32* %v15
  ret i32 %15
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %get.cont1
  %i = phi i32 [ 0, %entry ], [ %add1, %get.cont1 ]
  %cmp = icmp slt i32 %i, 16
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  br label %get.entry

get.entry:                                        ; preds = %while.body
  %cmp1 = icmp slt i32 %i, 8
  br i1 %cmp1, label %get.if.then, label %get.if.else7

get.if.then:                                      ; preds = %get.entry
  %cmp1.1 = icmp slt i32 %i, 4
  br i1 %cmp1.1, label %get.if.then1, label %get.if.else3

get.if.then1:                                     ; preds = %get.if.then
  %cmp2 = icmp slt i32 %i, 2
  br i1 %cmp2, label %get.if.then2, label %get.if.else1

get.if.then2:                                     ; preds = %get.if.then1
  %cmp3 = icmp slt i32 %i, 1
  br i1 %cmp3, label %get.if.then3, label %get.if.else

get.if.then3:                                     ; preds = %get.if.then2
  br label %get.cont

get.if.else:                                      ; preds = %get.if.then2
  br label %get.cont

get.if.else1:                                     ; preds = %get.if.then1
  %cmp4 = icmp slt i32 %i, 3
  br i1 %cmp4, label %get.if.then4, label %get.if.else2

get.if.then4:                                     ; preds = %get.if.else1
  br label %get.cont

get.if.else2:                                     ; preds = %get.if.else1
  br label %get.cont

get.if.else3:                                     ; preds = %get.if.then
  %cmp5 = icmp slt i32 %i, 6
  br i1 %cmp5, label %get.if.then5, label %get.if.else5

get.if.then5:                                     ; preds = %get.if.else3
  %cmp6 = icmp slt i32 %i, 5
  br i1 %cmp6, label %get.if.then6, label %get.if.else4

get.if.then6:                                     ; preds = %get.if.then5
  br label %get.cont

get.if.else4:                                     ; preds = %get.if.then5
  br label %get.cont

get.if.else5:                                     ; preds = %get.if.else3
  %cmp7 = icmp slt i32 %i, 7
  br i1 %cmp7, label %get.if.then7, label %get.if.else6

get.if.then7:                                     ; preds = %get.if.else5
  br label %get.cont

get.if.else6:                                     ; preds = %get.if.else5
  br label %get.cont

get.if.else7:                                     ; preds = %get.entry
  %cmp8 = icmp slt i32 %i, 12
  br i1 %cmp8, label %get.if.then8, label %get.if.else11

get.if.then8:                                     ; preds = %get.if.else7
  %cmp9 = icmp slt i32 %i, 10
  br i1 %cmp9, label %get.if.then9, label %get.if.else9

get.if.then9:                                     ; preds = %get.if.then8
  %cmp10 = icmp slt i32 %i, 9
  br i1 %cmp10, label %get.if.then10, label %get.if.else8

get.if.then10:                                    ; preds = %get.if.then9
  br label %get.cont

get.if.else8:                                     ; preds = %get.if.then9
  br label %get.cont

get.if.else9:                                     ; preds = %get.if.then8
  %cmp11 = icmp slt i32 %i, 11
  br i1 %cmp11, label %get.if.then11, label %get.if.else10

get.if.then11:                                    ; preds = %get.if.else9
  br label %get.cont

get.if.else10:                                    ; preds = %get.if.else9
  br label %get.cont

get.if.else11:                                    ; preds = %get.if.else7
  %cmp12 = icmp slt i32 %i, 14
  br i1 %cmp12, label %get.if.then12, label %get.if.else13

get.if.then12:                                    ; preds = %get.if.else11
  %cmp13 = icmp slt i32 %i, 13
  br i1 %cmp13, label %get.if.then13, label %get.if.else12

get.if.then13:                                    ; preds = %get.if.then12
  br label %get.cont

get.if.else12:                                    ; preds = %get.if.then12
  br label %get.cont

get.if.else13:                                    ; preds = %get.if.else11
  %cmp14 = icmp slt i32 %i, 15
  br i1 %cmp14, label %get.if.then14, label %get.if.else14

get.if.then14:                                    ; preds = %get.if.else13
  br label %get.cont

get.if.else14:                                    ; preds = %get.if.else13
  br label %get.cont

get.cont:                                         ; preds = %get.if.then3, %get.if.else, %get.if.then4, %get.if.else2, %get.if.then6, %get.if.else4, %get.if.then7, %get.if.else6, %get.if.then10, %get.if.else8, %get.if.then11, %get.if.else10, %get.if.then13, %get.if.else12, %get.if.then14, %get.if.else14
  %call = phi i32 [ 0, %get.if.then3 ], [ 0, %get.if.else ], [ 0, %get.if.then4 ], [ 3, %get.if.else2 ], [ 0, %get.if.then6 ], [ 0, %get.if.else4 ], [ 0, %get.if.then7 ], [ 0, %get.if.else6 ], [ 0, %get.if.then10 ], [ 0, %get.if.else8 ], [ 0, %get.if.then11 ], [ 0, %get.if.else10 ], [ 12, %get.if.then13 ], [ 0, %get.if.else12 ], [ 0, %get.if.then14 ], [ 15, %get.if.else14 ]
  %sub = sub i32 15, %i
  br label %get.entry1

get.entry1:                                       ; preds = %get.cont
  %cmp15 = icmp slt i32 %sub, 8
  br i1 %cmp15, label %get.if.then15, label %get.if.else7.1

get.if.then15:                                    ; preds = %get.entry1
  %cmp1.2 = icmp slt i32 %sub, 4
  br i1 %cmp1.2, label %get.if.then1.1, label %get.if.else3.1

get.if.then1.1:                                   ; preds = %get.if.then15
  %cmp2.1 = icmp slt i32 %sub, 2
  br i1 %cmp2.1, label %get.if.then2.1, label %get.if.else1.1

get.if.then2.1:                                   ; preds = %get.if.then1.1
  %cmp3.1 = icmp slt i32 %sub, 1
  br i1 %cmp3.1, label %get.if.then3.1, label %get.if.else15

get.if.then3.1:                                   ; preds = %get.if.then2.1
  br label %get.cont1

get.if.else15:                                    ; preds = %get.if.then2.1
  br label %get.cont1

get.if.else1.1:                                   ; preds = %get.if.then1.1
  %cmp4.1 = icmp slt i32 %sub, 3
  br i1 %cmp4.1, label %get.if.then4.1, label %get.if.else2.1

get.if.then4.1:                                   ; preds = %get.if.else1.1
  br label %get.cont1

get.if.else2.1:                                   ; preds = %get.if.else1.1
  br label %get.cont1

get.if.else3.1:                                   ; preds = %get.if.then15
  %cmp5.1 = icmp slt i32 %sub, 6
  br i1 %cmp5.1, label %get.if.then5.1, label %get.if.else5.1

get.if.then5.1:                                   ; preds = %get.if.else3.1
  %cmp6.1 = icmp slt i32 %sub, 5
  br i1 %cmp6.1, label %get.if.then6.1, label %get.if.else4.1

get.if.then6.1:                                   ; preds = %get.if.then5.1
  br label %get.cont1

get.if.else4.1:                                   ; preds = %get.if.then5.1
  br label %get.cont1

get.if.else5.1:                                   ; preds = %get.if.else3.1
  %cmp7.1 = icmp slt i32 %sub, 7
  br i1 %cmp7.1, label %get.if.then7.1, label %get.if.else6.1

get.if.then7.1:                                   ; preds = %get.if.else5.1
  br label %get.cont1

get.if.else6.1:                                   ; preds = %get.if.else5.1
  br label %get.cont1

get.if.else7.1:                                   ; preds = %get.entry1
  %cmp8.1 = icmp slt i32 %sub, 12
  br i1 %cmp8.1, label %get.if.then8.1, label %get.if.else11.1

get.if.then8.1:                                   ; preds = %get.if.else7.1
  %cmp9.1 = icmp slt i32 %sub, 10
  br i1 %cmp9.1, label %get.if.then9.1, label %get.if.else9.1

get.if.then9.1:                                   ; preds = %get.if.then8.1
  %cmp10.1 = icmp slt i32 %sub, 9
  br i1 %cmp10.1, label %get.if.then10.1, label %get.if.else8.1

get.if.then10.1:                                  ; preds = %get.if.then9.1
  br label %get.cont1

get.if.else8.1:                                   ; preds = %get.if.then9.1
  br label %get.cont1

get.if.else9.1:                                   ; preds = %get.if.then8.1
  %cmp11.1 = icmp slt i32 %sub, 11
  br i1 %cmp11.1, label %get.if.then11.1, label %get.if.else10.1

get.if.then11.1:                                  ; preds = %get.if.else9.1
  br label %get.cont1

get.if.else10.1:                                  ; preds = %get.if.else9.1
  br label %get.cont1

get.if.else11.1:                                  ; preds = %get.if.else7.1
  %cmp12.1 = icmp slt i32 %sub, 14
  br i1 %cmp12.1, label %get.if.then12.1, label %get.if.else13.1

get.if.then12.1:                                  ; preds = %get.if.else11.1
  %cmp13.1 = icmp slt i32 %sub, 13
  br i1 %cmp13.1, label %get.if.then13.1, label %get.if.else12.1

get.if.then13.1:                                  ; preds = %get.if.then12.1
  br label %get.cont1

get.if.else12.1:                                  ; preds = %get.if.then12.1
  br label %get.cont1

get.if.else13.1:                                  ; preds = %get.if.else11.1
  %cmp14.1 = icmp slt i32 %sub, 15
  br i1 %cmp14.1, label %get.if.then14.1, label %get.if.else14.1

get.if.then14.1:                                  ; preds = %get.if.else13.1
  br label %get.cont1

get.if.else14.1:                                  ; preds = %get.if.else13.1
  br label %get.cont1

get.cont1:                                        ; preds = %get.if.then3.1, %get.if.else15, %get.if.then4.1, %get.if.else2.1, %get.if.then6.1, %get.if.else4.1, %get.if.then7.1, %get.if.else6.1, %get.if.then10.1, %get.if.else8.1, %get.if.then11.1, %get.if.else10.1, %get.if.then13.1, %get.if.else12.1, %get.if.then14.1, %get.if.else14.1
  %call1 = phi i32 [ 0, %get.if.then3.1 ], [ 0, %get.if.else15 ], [ 0, %get.if.then4.1 ], [ 3, %get.if.else2.1 ], [ 0, %get.if.then6.1 ], [ 0, %get.if.else4.1 ], [ 0, %get.if.then7.1 ], [ 0, %get.if.else6.1 ], [ 0, %get.if.then10.1 ], [ 0, %get.if.else8.1 ], [ 0, %get.if.then11.1 ], [ 0, %get.if.else10.1 ], [ 12, %get.if.then13.1 ], [ 0, %get.if.else12.1 ], [ 0, %get.if.then14.1 ], [ 15, %get.if.else14.1 ]
  %add = add i32 %call, %call1
  call void @wend_print_int(i32 %add)
  call void @wend_print_newline()
  %add1 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  br label %get.entry2

get.entry2:                                       ; preds = %while.end
  %cmp16 = icmp slt i32 3, 8
  br i1 %cmp16, label %get.if.then16, label %get.if.else7.2

get.if.then16:                                    ; preds = %get.entry2
  %cmp1.3 = icmp slt i32 3, 4
  br i1 %cmp1.3, label %get.if.then1.2, label %get.if.else3.2

get.if.then1.2:                                   ; preds = %get.if.then16
  %cmp2.2 = icmp slt i32 3, 2
  br i1 %cmp2.2, label %get.if.then2.2, label %get.if.else1.2

get.if.then2.2:                                   ; preds = %get.if.then1.2
  %cmp3.2 = icmp slt i32 3, 1
  br i1 %cmp3.2, label %get.if.then3.2, label %get.if.else16

get.if.then3.2:                                   ; preds = %get.if.then2.2
  br label %get.cont2

get.if.else16:                                    ; preds = %get.if.then2.2
  br label %get.cont2

get.if.else1.2:                                   ; preds = %get.if.then1.2
  %cmp4.2 = icmp slt i32 3, 3
  br i1 %cmp4.2, label %get.if.then4.2, label %get.if.else2.2

get.if.then4.2:                                   ; preds = %get.if.else1.2
  br label %get.cont2

get.if.else2.2:                                   ; preds = %get.if.else1.2
  br label %get.cont2

get.if.else3.2:                                   ; preds = %get.if.then16
  %cmp5.2 = icmp slt i32 3, 6
  br i1 %cmp5.2, label %get.if.then5.2, label %get.if.else5.2

get.if.then5.2:                                   ; preds = %get.if.else3.2
  %cmp6.2 = icmp slt i32 3, 5
  br i1 %cmp6.2, label %get.if.then6.2, label %get.if.else4.2

get.if.then6.2:                                   ; preds = %get.if.then5.2
  br label %get.cont2

get.if.else4.2:                                   ; preds = %get.if.then5.2
  br label %get.cont2

get.if.else5.2:                                   ; preds = %get.if.else3.2
  %cmp7.2 = icmp slt i32 3, 7
  br i1 %cmp7.2, label %get.if.then7.2, label %get.if.else6.2

get.if.then7.2:                                   ; preds = %get.if.else5.2
  br label %get.cont2

get.if.else6.2:                                   ; preds = %get.if.else5.2
  br label %get.cont2

get.if.else7.2:                                   ; preds = %get.entry2
  %cmp8.2 = icmp slt i32 3, 12
  br i1 %cmp8.2, label %get.if.then8.2, label %get.if.else11.2

get.if.then8.2:                                   ; preds = %get.if.else7.2
  %cmp9.2 = icmp slt i32 3, 10
  br i1 %cmp9.2, label %get.if.then9.2, label %get.if.else9.2

get.if.then9.2:                                   ; preds = %get.if.then8.2
  %cmp10.2 = icmp slt i32 3, 9
  br i1 %cmp10.2, label %get.if.then10.2, label %get.if.else8.2

get.if.then10.2:                                  ; preds = %get.if.then9.2
  br label %get.cont2

get.if.else8.2:                                   ; preds = %get.if.then9.2
  br label %get.cont2

get.if.else9.2:                                   ; preds = %get.if.then8.2
  %cmp11.2 = icmp slt i32 3, 11
  br i1 %cmp11.2, label %get.if.then11.2, label %get.if.else10.2

get.if.then11.2:                                  ; preds = %get.if.else9.2
  br label %get.cont2

get.if.else10.2:                                  ; preds = %get.if.else9.2
  br label %get.cont2

get.if.else11.2:                                  ; preds = %get.if.else7.2
  %cmp12.2 = icmp slt i32 3, 14
  br i1 %cmp12.2, label %get.if.then12.2, label %get.if.else13.2

get.if.then12.2:                                  ; preds = %get.if.else11.2
  %cmp13.2 = icmp slt i32 3, 13
  br i1 %cmp13.2, label %get.if.then13.2, label %get.if.else12.2

get.if.then13.2:                                  ; preds = %get.if.then12.2
  br label %get.cont2

get.if.else12.2:                                  ; preds = %get.if.then12.2
  br label %get.cont2

get.if.else13.2:                                  ; preds = %get.if.else11.2
  %cmp14.2 = icmp slt i32 3, 15
  br i1 %cmp14.2, label %get.if.then14.2, label %get.if.else14.2

get.if.then14.2:                                  ; preds = %get.if.else13.2
  br label %get.cont2

get.if.else14.2:                                  ; preds = %get.if.else13.2
  br label %get.cont2

get.cont2:                                        ; preds = %get.if.then3.2, %get.if.else16, %get.if.then4.2, %get.if.else2.2, %get.if.then6.2, %get.if.else4.2, %get.if.then7.2, %get.if.else6.2, %get.if.then10.2, %get.if.else8.2, %get.if.then11.2, %get.if.else10.2, %get.if.then13.2, %get.if.else12.2, %get.if.then14.2, %get.if.else14.2
  %call2 = phi i32 [ 0, %get.if.then3.2 ], [ 0, %get.if.else16 ], [ 0, %get.if.then4.2 ], [ 3, %get.if.else2.2 ], [ 0, %get.if.then6.2 ], [ 0, %get.if.else4.2 ], [ 0, %get.if.then7.2 ], [ 0, %get.if.else6.2 ], [ 0, %get.if.then10.2 ], [ 0, %get.if.else8.2 ], [ 0, %get.if.then11.2 ], [ 0, %get.if.else10.2 ], [ 12, %get.if.then13.2 ], [ 0, %get.if.else12.2 ], [ 0, %get.if.then14.2 ], [ 15, %get.if.else14.2 ]
  call void @wend_print_int(i32 %call2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; passes: mem2reg,sccp,dce,simplifycfg
; The whole -O1 pipeline on what the frontend makes of
;
;   main() {
;     int i;
;     int sum;
;     bool debug;
;     debug = false;
;     while i < 4 {
;       if debug {
;         println i / 0;
;       }
;       sum = sum + i * 2;
;       i = i + 1;
;     }
;     println sum / 3;
;   }
;
; mem2reg turns the variables into phis (`debug` into the constant false);
; SCCP finds the `if debug` branch never taken, so its body — the division
; by zero and its guard — is deleted; DCE finds nothing more (mem2reg left
; no dead code); simplifycfg merges %if.end into %while.body. What is left
; is the loop and `sum / 3` (the frontend emits no guard for a constant
; divisor that is neither 0 nor -1).

define i32 @main() {
entry:
  %i = alloca i32
  %sum = alloca i32
  %debug = alloca i1
  store i32 0, i32* %i
  store i32 0, i32* %sum
  store i1 false, i1* %debug
  store i1 false, i1* %debug
  br label %while.cond

while.cond:                                       ; preds = %entry, %if.end
  %0 = load i32, i32* %i
  %cmp = icmp slt i32 %0, 4
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %1 = load i1, i1* %debug
  br i1 %1, label %if.then, label %if.end

if.then:                                          ; preds = %while.body
  %2 = load i32, i32* %i
  %iszero = icmp eq i32 0, 0
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:                                         ; preds = %if.then
  call void @wend_div_by_zero(i32 8)
  unreachable

div.ok:                                           ; preds = %if.then
  %isneg1 = icmp eq i32 0, -1
  %divisor = select i1 %isneg1, i32 1, i32 0
  %div = sdiv i32 %2, %divisor
  %neg = sub i32 0, %2
  %div1 = select i1 %isneg1, i32 %neg, i32 %div
  call void @wend_print_int(i32 %div1)
  call void @wend_print_newline()
  br label %if.end

if.end:                                           ; preds = %while.body, %div.ok
  %3 = load i32, i32* %sum
  %4 = load i32, i32* %i
  %mul = mul i32 %4, 2
  %add = add i32 %3, %mul
  store i32 %add, i32* %sum
  %5 = load i32, i32* %i
  %add1 = add i32 %5, 1
  store i32 %add1, i32* %i
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %6 = load i32, i32* %sum
  %div2 = sdiv i32 %6, 3
  call void @wend_print_int(i32 %div2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_div_by_zero(i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %i = phi i32 [ 0, %entry ], [ %add1, %while.body ]
  %sum = phi i32 [ 0, %entry ], [ %add, %while.body ]
  %cmp = icmp slt i32 %i, 4
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %mul = mul i32 %i, 2
  %add = add i32 %sum, %mul
  %add1 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %div2 = sdiv i32 %sum, 3
  call void @wend_print_int(i32 %div2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_div_by_zero(i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

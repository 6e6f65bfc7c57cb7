; passes: callfold
; Calls to pure functions with constant arguments are evaluated while
; compiling, by the interpreter:
; * @log2 (a loop) on 1024 gives 10; @twice(@log2(1024)) is folded in the
;   next round, once its argument has become the constant 10: 20;
; * @even/@odd (mutual recursion, pure) on 7: false;
; * @quot(7, 0) would stop the program with a division by zero: the call
;   stays, so the program still stops there when it runs;
; * @forever(1) does not return within the budget of steps: it stays (it
;   is never called at run time, the branch before it sees to that);
; * @get reads a capture pointer and @show prints: neither is pure;
; * @log2(%n) has an argument that is not a constant.

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()
declare void @wend_div_by_zero(i32)

define i32 @log2(i32 %n) {
entry:
  br label %loop
loop:
  %m = phi i32 [ %n, %entry ], [ %half, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %more = icmp sgt i32 %m, 1
  br i1 %more, label %body, label %done
body:
  %half = sdiv i32 %m, 2
  %k1 = add i32 %k, 1
  br label %loop
done:
  ret i32 %k
}

define i32 @twice(i32 %x) {
entry:
  %r = mul i32 %x, 2
  ret i32 %r
}

define i1 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd(i32 %m)
  ret i1 %r
}

define i1 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even(i32 %m)
  ret i1 %r
}

define i32 @quot(i32 %a, i32 %b) {
entry:
  %zero = icmp eq i32 %b, 0
  br i1 %zero, label %stop, label %ok
stop:
  call void @wend_div_by_zero(i32 9)
  unreachable
ok:
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define i32 @forever(i32 %x) {
entry:
  br label %loop
loop:
  br label %loop
}

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define i32 @show(i32 %x) {
entry:
  call void @wend_print_int(i32 %x)
  ret i32 %x
}

define i32 @main() {
entry:
  %v = alloca i32
  store i32 5, i32* %v
  %a = call i32 @log2(i32 1024)
  %b = call i32 @twice(i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i1 @even(i32 7)
  call void @wend_print_bool(i1 %c)
  call void @wend_print_newline()
  %n = call i32 @get(i32* %v)
  %d = call i32 @log2(i32 %n)
  %e = call i32 @show(i32 %d)
  call void @wend_print_newline()
  %never = icmp slt i32 %e, 0
  br i1 %never, label %spin, label %divide
spin:
  %f = call i32 @forever(i32 1)
  ret i32 %f
divide:
  %g = call i32 @quot(i32 7, i32 0)
  call void @wend_print_int(i32 %g)
  ret i32 0
}

; ---- expected output ----
define i32 @log2(i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %entry, %body
  %m = phi i32 [ %n, %entry ], [ %half, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %more = icmp sgt i32 %m, 1
  br i1 %more, label %body, label %done

body:                                             ; preds = %loop
  %half = sdiv i32 %m, 2
  %k1 = add i32 %k, 1
  br label %loop

done:                                             ; preds = %loop
  ret i32 %k
}

define i32 @twice(i32 %x) {
entry:
  %r = mul i32 %x, 2
  ret i32 %r
}

define i1 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:                                              ; preds = %entry
  ret i1 true

no:                                               ; preds = %entry
  %m = sub i32 %n, 1
  %r = call i1 @odd(i32 %m)
  ret i1 %r
}

define i1 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:                                              ; preds = %entry
  ret i1 false

no:                                               ; preds = %entry
  %m = sub i32 %n, 1
  %r = call i1 @even(i32 %m)
  ret i1 %r
}

define i32 @quot(i32 %a, i32 %b) {
entry:
  %zero = icmp eq i32 %b, 0
  br i1 %zero, label %stop, label %ok

stop:                                             ; preds = %entry
  call void @wend_div_by_zero(i32 9)
  unreachable

ok:                                               ; preds = %entry
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define i32 @forever(i32 %x) {
entry:
  br label %loop

loop:                                             ; preds = %entry, %loop
  br label %loop
}

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define i32 @show(i32 %x) {
entry:
  call void @wend_print_int(i32 %x)
  ret i32 %x
}

define i32 @main() {
entry:
  %v = alloca i32
  store i32 5, i32* %v
  call void @wend_print_int(i32 20)
  call void @wend_print_newline()
  %c = call i1 @even(i32 7)
  call void @wend_print_bool(i1 %c)
  call void @wend_print_newline()
  %n = call i32 @get(i32* %v)
  %d = call i32 @log2(i32 %n)
  %e = call i32 @show(i32 %d)
  call void @wend_print_newline()
  %never = icmp slt i32 %e, 0
  br i1 %never, label %spin, label %divide

spin:                                             ; preds = %entry
  %f = call i32 @forever(i32 1)
  ret i32 %f

divide:                                           ; preds = %entry
  %g = call i32 @quot(i32 7, i32 0)
  call void @wend_print_int(i32 %g)
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()
declare void @wend_div_by_zero(i32)

; passes: mem2reg
; int first_square_above(int n) {
;   int i = 0;
;   while (true) { if (i * i > n) return i; i = i + 1; }
;   return -1;   // unreachable: the frontend still emits it
; }
; The loop has no normal exit; the block after it is unreachable and its
; load of i becomes undef.

define i32 @first_square_above(i32 %n) {
entry:
  %n.addr = alloca i32
  %i = alloca i32
  store i32 %n, i32* %n.addr
  store i32 0, i32* %i
  br label %while.cond

while.cond:
  br i1 true, label %while.body, label %while.end

while.body:
  %i0 = load i32, i32* %i
  %sq = mul i32 %i0, %i0
  %n0 = load i32, i32* %n.addr
  %big = icmp sgt i32 %sq, %n0
  br i1 %big, label %if.then, label %if.end

if.then:
  %i1 = load i32, i32* %i
  ret i32 %i1

after.return:
  %dead = load i32, i32* %i
  store i32 %dead, i32* %i
  br label %if.end

if.end:
  %i2 = load i32, i32* %i
  %i3 = add i32 %i2, 1
  store i32 %i3, i32* %i
  br label %while.cond

while.end:
  %i4 = load i32, i32* %i
  %neg = sub i32 0, 1
  ret i32 %neg
}

define i32 @main() {
entry:
  %r = call i32 @first_square_above(i32 50)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @first_square_above(i32 %n) {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %if.end
  %i = phi i32 [ 0, %entry ], [ %i3, %if.end ]
  br i1 true, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %sq = mul i32 %i, %i
  %big = icmp sgt i32 %sq, %n
  br i1 %big, label %if.then, label %if.end

if.then:                                          ; preds = %while.body
  ret i32 %i

after.return:                                     ; No predecessors!
  br label %if.end

if.end:                                           ; preds = %while.body, %after.return
  %i3 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %neg = sub i32 0, 1
  ret i32 %neg
}

define i32 @main() {
entry:
  %r = call i32 @first_square_above(i32 50)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

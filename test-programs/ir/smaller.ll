; The phi-placement article's opening example: c is assigned on both arms
; of an if, so it lives in a stack slot until mem2reg gives it one phi
; where the arms meet, the dominance frontier of both stores.
;   int smaller(int a, int b) { int c; if (a < b) c = a; else c = b; return c; }
; main prints smaller(2, 9), smaller(9, 2) and smaller(-3, 5).

define i32 @smaller(i32 %a, i32 %b) {
entry:
  %c.addr = alloca i32
  %lt = icmp slt i32 %a, %b
  br i1 %lt, label %if_taken, label %if_not_taken

if_taken:
  store i32 %a, i32* %c.addr
  br label %if_end

if_not_taken:
  store i32 %b, i32* %c.addr
  br label %if_end

if_end:
  %c = load i32, i32* %c.addr
  ret i32 %c
}

define i32 @main() {
entry:
  %0 = call i32 @smaller(i32 2, i32 9)
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  %1 = call i32 @smaller(i32 9, i32 2)
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  %2 = call i32 @smaller(i32 -3, i32 5)
  call void @wend_print_int(i32 %2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; The first function of the mem2reg seed article, as clang -O0 compiles
;   int max(int a, int b) { int result = a; if (b > a) { result = b; } return result; }
; (opaque pointers, clang's decorations kept: wendc skips them), and a
; main that prints max(3, 7), max(7, 3) and max(-4, -4).
; mem2reg leaves one phi, for result, where the if rejoins.

define dso_local i32 @max(i32 noundef %a, i32 noundef %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %result = alloca i32, align 4
  store i32 %a, ptr %a.addr, align 4
  store i32 %b, ptr %b.addr, align 4
  %0 = load i32, ptr %a.addr, align 4
  store i32 %0, ptr %result, align 4
  %1 = load i32, ptr %b.addr, align 4
  %2 = load i32, ptr %a.addr, align 4
  %cmp = icmp sgt i32 %1, %2
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %3 = load i32, ptr %b.addr, align 4
  store i32 %3, ptr %result, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %4 = load i32, ptr %result, align 4
  ret i32 %4
}

define i32 @main() {
entry:
  %0 = call i32 @max(i32 3, i32 7)
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  %1 = call i32 @max(i32 7, i32 3)
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  %2 = call i32 @max(i32 -4, i32 -4)
  call void @wend_print_int(i32 %2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

attributes #0 = { noinline nounwind optnone uwtable }

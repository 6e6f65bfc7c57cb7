; A wend program's IR written with opaque pointers: what each `ptr` points
; to is known only from the loads and stores in a nested function, through
; a call in between, and from a string address.
@.str = private unnamed_addr constant [2 x i8] c"x="

define i32 @main() {
entry:
  %x = alloca i32
  %done = alloca i1
  store i32 41, ptr %x
  call void @main.bump(ptr %x, ptr %done)
  call void @wend_print_str(ptr @.str, i32 2)
  %v = load i32, ptr %x
  call void @wend_print_int(i32 %v)
  %d = load i1, ptr %done
  call void @wend_print_bool(i1 %d)
  call void @wend_print_newline()
  ret i32 0
}

define void @main.bump(ptr %x, ptr %flag) {
entry:
  call void @main.bump.inner(ptr %x)
  store i1 true, ptr %flag
  ret void
}

define void @main.bump.inner(ptr %counter) {
entry:
  %old = load i32, ptr %counter
  %new = add nsw i32 %old, 1
  store i32 %new, ptr %counter
  ret void
}

declare void @wend_print_str(ptr, i32)
declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()

; RUN: sccp
define i32 @main() {
entry:
  call void @wend_print_bool(i1 false)
  call void @wend_print_bool(i1 true)
  call void @wend_print_bool(i1 true)
  call void @wend_print_int(i32 7)
  call void @wend_print_newline()
  %r = call i32 @unknown(i32 0)
  call void @wend_print_int(i32 5)
  %c = icmp sgt i32 %r, 0
  call void @wend_print_int(i32 8)
  %diff = select i1 %c, i32 8, i32 9
  call void @wend_print_int(i32 %diff)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @unknown(i32 %p) {
entry:
  ret i32 %p
}

declare void @wend_print_bool(i1)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

; RUN: simplifycfg
define i32 @main() {
entry:
  %c = call i1 @yes()
  br i1 %c, label %join, label %mid

mid:                                              ; preds = %entry
  br i1 %c, label %fwd.b, label %join

fwd.b:                                            ; preds = %mid
  br label %join

join:                                             ; preds = %entry, %mid, %fwd.b
  %v = phi i32 [ 2, %fwd.b ], [ 3, %mid ], [ 1, %entry ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_int(i32 4)
  call void @wend_print_newline()
  ret i32 0
}

define i1 @yes() {
entry:
  ret i1 true
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

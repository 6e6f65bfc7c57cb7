; RUN: inline
define i32 @main() {
entry:
  %f = call i32 @fact(i32 5)
  br label %twice.entry

twice.entry:                                      ; preds = %entry
  %y = add i32 %f, %f
  br label %twice.cont

twice.cont:                                       ; preds = %twice.entry
  call void @wend_print_int(i32 %y)
  %e = call i1 @even(i32 7)
  call void @wend_print_bool(i1 %e)
  br label %twice.entry1

twice.entry1:                                     ; preds = %twice.cont
  %y1 = add i32 -4, -4
  br label %twice.cont1

twice.cont1:                                      ; preds = %twice.entry1
  br label %abs.entry

abs.entry:                                        ; preds = %twice.cont1
  %neg = icmp slt i32 %y1, 0
  br i1 %neg, label %abs.flip, label %abs.keep

abs.flip:                                         ; preds = %abs.entry
  %y2 = sub i32 0, %y1
  br label %abs.cont

abs.keep:                                         ; preds = %abs.entry
  br label %abs.cont

abs.cont:                                         ; preds = %abs.flip, %abs.keep
  %a = phi i32 [ %y2, %abs.flip ], [ %y1, %abs.keep ]
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @fact(i32 %n) {
entry:
  %small = icmp sle i32 %n, 1
  br i1 %small, label %base, label %rec

base:                                             ; preds = %entry
  ret i32 1

rec:                                              ; preds = %entry
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  br label %twice.entry

twice.entry:                                      ; preds = %rec
  %y = add i32 %p, %p
  br label %twice.cont

twice.cont:                                       ; preds = %twice.entry
  %h = sdiv i32 %y, 2
  ret i32 %h
}

define i1 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:                                              ; preds = %entry
  ret i1 true

no:                                               ; preds = %entry
  %m = sub i32 %n, 1
  %o = call i1 @odd(i32 %m)
  ret i1 %o
}

define i1 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:                                              ; preds = %entry
  ret i1 false

no:                                               ; preds = %entry
  %m = sub i32 %n, 1
  %e = call i1 @even(i32 %m)
  ret i1 %e
}

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()

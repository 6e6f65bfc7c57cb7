; passes: inline
; What is not inlined. @fact calls itself and @even/@odd call each other:
; recursive, so they stay, and their calls stay. @twice is small and is
; called from @fact (inside the recursion, but @twice itself is not
; recursive) and twice from @main: it is copied into all three call sites
; and then deleted. @abs has two returns: main gets a phi of the returned
; values in the continuation block. @unused is called by nobody: deleted.

define i32 @main() {
entry:
  %f = call i32 @fact(i32 5)
  %t = call i32 @twice(i32 %f)
  call void @wend_print_int(i32 %t)
  %e = call i1 @even(i32 7)
  call void @wend_print_bool(i1 %e)
  %u = call i32 @twice(i32 -4)
  %a = call i32 @abs(i32 %u)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @fact(i32 %n) {
entry:
  %small = icmp sle i32 %n, 1
  br i1 %small, label %base, label %rec

base:
  ret i32 1

rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  %q = call i32 @twice(i32 %p)
  %h = sdiv i32 %q, 2
  ret i32 %h
}

define i1 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:
  ret i1 1

no:
  %m = sub i32 %n, 1
  %o = call i1 @odd(i32 %m)
  ret i1 %o
}

define i1 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no

yes:
  ret i1 0

no:
  %m = sub i32 %n, 1
  %e = call i1 @even(i32 %m)
  ret i1 %e
}

define i32 @twice(i32 %x) {
entry:
  %y = add i32 %x, %x
  ret i32 %y
}

define i32 @abs(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %flip, label %keep

flip:
  %y = sub i32 0, %x
  ret i32 %y

keep:
  ret i32 %x
}

define void @unused() {
entry:
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()

; ---- expected output ----
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

; passes: mem2reg
; x = 5; i = 0; while (i < 3) { if (i == 1) { x = x; } else { x = 5; } i = i + 1; } print x
; x needs phis at the join and the loop header. They only ever hold 5, but
; they feed each other (x = phi(5, x1), x1 = phi(x, 5)), so neither has a
; single incoming value on its own: like LLVM's mem2reg, which only
; simplifies phis one at a time, we keep both. (Removing such cycles takes
; an SCC-based pass, Braun et al. 2013 §3.2.)

define i32 @main() {
entry:
  %x = alloca i32
  %i = alloca i32
  store i32 5, i32* %x
  store i32 0, i32* %i
  br label %cond

cond:
  %iv = load i32, i32* %i
  %more = icmp slt i32 %iv, 3
  br i1 %more, label %body, label %end

body:
  %one = icmp eq i32 %iv, 1
  br i1 %one, label %same, label %reset

same:
  %xv = load i32, i32* %x
  store i32 %xv, i32* %x
  br label %join

reset:
  store i32 5, i32* %x
  br label %join

join:
  %i2 = add i32 %iv, 1
  store i32 %i2, i32* %i
  br label %cond

end:
  %r = load i32, i32* %x
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %cond

cond:                                             ; preds = %entry, %join
  %x = phi i32 [ 5, %entry ], [ %x1, %join ]
  %i = phi i32 [ 0, %entry ], [ %i2, %join ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %end

body:                                             ; preds = %cond
  %one = icmp eq i32 %i, 1
  br i1 %one, label %same, label %reset

same:                                             ; preds = %body
  br label %join

reset:                                            ; preds = %body
  br label %join

join:                                             ; preds = %same, %reset
  %x1 = phi i32 [ %x, %same ], [ 5, %reset ]
  %i2 = add i32 %i, 1
  br label %cond

end:                                              ; preds = %cond
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

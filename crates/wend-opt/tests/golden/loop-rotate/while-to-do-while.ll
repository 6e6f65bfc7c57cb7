; passes: loop-rotate
; A while loop as wend lowers it (after mem2reg): the test in the header
; %while.cond, the body jumping back to it. Rotated, the header's code is
; cloned into the preheader as the guard (`%n` is a parameter, so the
; guard is a real test); %while.body becomes the header, entered from the
; new preheader %while.body.lr.ph; the old header is merged into the
; latch, so the loop tests at its bottom; the exit edge gets its own
; block with an LCSSA phi for %s, which %while.end merges with the
; guard's value. The shape `opt -passes=loop-rotate` gives (LLVM 14).

define i32 @sum(i32 %n) {
entry:
  br label %while.cond

while.cond:
  %s = phi i32 [ 0, %entry ], [ %s1, %while.body ]
  %i = phi i32 [ 0, %entry ], [ %i1, %while.body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %while.body, label %while.end

while.body:
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  br label %while.cond

while.end:
  %s.lcssa = phi i32 [ %s, %while.cond ]
  ret i32 %s.lcssa
}

define i32 @main() {
entry:
  %a = call i32 @sum(i32 5)
  call void @wend_print_int(i32 %a)
  %b = call i32 @sum(i32 0)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @sum(i32 %n) {
entry:
  %c = icmp slt i32 0, %n
  br i1 %c, label %while.body.lr.ph, label %while.end

while.body.lr.ph:                                 ; preds = %entry
  br label %while.body

while.body:                                       ; preds = %while.body.lr.ph, %while.body
  %s = phi i32 [ 0, %while.body.lr.ph ], [ %s1, %while.body ]
  %i = phi i32 [ 0, %while.body.lr.ph ], [ %i1, %while.body ]
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  %c1 = icmp slt i32 %i1, %n
  br i1 %c1, label %while.body, label %while.cond.while.end_crit_edge

while.cond.while.end_crit_edge:                   ; preds = %while.body
  %s.lcssa = phi i32 [ %s1, %while.body ]
  br label %while.end

while.end:                                        ; preds = %entry, %while.cond.while.end_crit_edge
  %s.lcssa1 = phi i32 [ %s.lcssa, %while.cond.while.end_crit_edge ], [ 0, %entry ]
  ret i32 %s.lcssa1
}

define i32 @main() {
entry:
  %a = call i32 @sum(i32 5)
  call void @wend_print_int(i32 %a)
  %b = call i32 @sum(i32 0)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

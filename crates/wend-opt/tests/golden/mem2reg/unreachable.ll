; passes: mem2reg
; Unreachable blocks are normal input. %dead1 stores to x and jumps into
; the reachable join, whose phi gets an undef entry for that edge; %dead2
; uses a value before its definition (allowed in unreachable code) and
; loads x, which becomes undef. Their stores vanish with the slot.

define i32 @main() {
entry:
  %x = alloca i32
  store i32 1, i32* %x
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:
  store i32 2, i32* %x
  br label %join

dead1:
  store i32 99, i32* %x
  br label %join

dead2:
  %u = add i32 %v, 1
  %v = load i32, i32* %x
  store i32 %u, i32* %x
  br label %dead2

join:
  %xv = load i32, i32* %x
  call void @wend_print_int(i32 %xv)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:                                             ; preds = %entry
  br label %join

dead1:                                            ; No predecessors!
  br label %join

dead2:                                            ; preds = %dead2
  %u = add i32 undef, 1
  br label %dead2

join:                                             ; preds = %entry, %left, %dead1
  %x = phi i32 [ 1, %entry ], [ 2, %left ], [ undef, %dead1 ]
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; Copies in disguise, for copyprop: a phi whose entries agree,
; a loop phi that only ever receives itself or %x, and a select
; whose two arms are the same value.
define i32 @copies(i32 %x, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  br label %join

right:
  br label %join

join:
  %same = phi i32 [ %x, %left ], [ %x, %right ]
  br label %loop

loop:
  %carried = phi i32 [ %same, %join ], [ %carried, %loop ]
  %pick = select i1 %c, i32 %carried, i32 %carried
  %more = icmp slt i32 %pick, 10
  br i1 %more, label %loop, label %done

done:
  ret i32 %pick
}

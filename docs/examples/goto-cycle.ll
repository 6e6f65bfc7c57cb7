; The loops article's goto into a do-while: block 1 jumps either to 2,
; which goes to the middle of the loop (5), or to 3, its start (4).
define void @goto_cycle(i1 %c) {
b1:
  br i1 %c, label %b2, label %b3

b2:
  br label %b5

b3:
  br label %b4

b4:
  br label %b5

b5:
  br i1 %c, label %b4, label %b6

b6:
  ret void
}

; Invalid on purpose: %y is defined in %then but used in %join, which
; %then does not dominate (the path through %else never defines it).
define i32 @broken(i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  %y = add i32 1, 2
  br label %join

else:
  br label %join

join:
  ret i32 %y
}

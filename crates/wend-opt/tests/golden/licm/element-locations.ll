; passes: licm, mem2reg
; Element pointers at constant indices are locations as precise as
; variables (the shape frame-arrays gives a nested function: its captured
; variables arrive as one pointer %g to a group, and element j of the
; group is `getelementptr %g, j`). In @run, the loop header loads the
; counter, element 1, and the bound, element 3, before any call; the body
; reads and writes element 0 and the counter (through a second pointer,
; %c2, to the same element), and element 2 on one path only. Nothing else
; reaches the group, so:
; * element 0 (what %g itself points to, which surely exists) and the
;   counter (accessed by the header, which runs right after the
;   preheader) are promoted: loaded once in the preheader, phis in the
;   loop, stored back at the exit; both pointers to the counter are one
;   location;
; * element 2 stays in memory: it is only written on some paths, and the
;   function cannot tell that the caller's group has an element 2 (were
;   it not there, loading it in the preheader would be an error the
;   program never makes);
; * the load of the bound, written by nothing in the loop, moves to the
;   preheader.
; In @calls, @bump is given %h: it may index from there, so it reaches
; every element of the group, and element 1 is neither promoted nor
; hoisted. The array %arr of @local has two elements: element 1, inside
; it, is promoted although the loop only writes it on one path.

define void @bump(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  %y = add i32 %x, 1
  store i32 %y, i32* %v1
  ret void
}

define void @run(i32* %g) {
entry:
  %c = getelementptr inbounds i32, i32* %g, i32 1
  %odd = getelementptr inbounds i32, i32* %g, i32 2
  %lim = getelementptr inbounds i32, i32* %g, i32 3
  br label %head

head:
  %i = load i32, i32* %c
  %n = load i32, i32* %lim
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:
  %s = load i32, i32* %g
  %s1 = add i32 %s, %i
  store i32 %s1, i32* %g
  %bit = and i32 %i, 1
  %isodd = icmp eq i32 %bit, 1
  br i1 %isodd, label %count, label %next

count:
  %o = load i32, i32* %odd
  %o1 = add i32 %o, 1
  store i32 %o1, i32* %odd
  br label %next

next:
  %c2 = getelementptr inbounds i32, i32* %g, i32 1
  %i1 = add i32 %i, 1
  store i32 %i1, i32* %c2
  br label %head

exit:
  ret void
}

define void @calls(i32* %h) {
entry:
  %c = getelementptr inbounds i32, i32* %h, i32 1
  br label %head

head:
  %i = load i32, i32* %c
  %more = icmp slt i32 %i, 5
  br i1 %more, label %body, label %exit

body:
  call void @bump(i32* %h)
  br label %head

exit:
  ret void
}

define i32 @local(i32 %n) {
entry:
  %arr = alloca i32, i32 2
  %a1 = getelementptr inbounds i32, i32* %arr, i32 1
  store i32 0, i32* %arr
  store i32 0, i32* %a1
  br label %head

head:
  %i = load i32, i32* %arr
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:
  %big = icmp sgt i32 %i, 2
  br i1 %big, label %add, label %next

add:
  %t = load i32, i32* %a1
  %t1 = add i32 %t, %i
  store i32 %t1, i32* %a1
  br label %next

next:
  %i1 = add i32 %i, 1
  store i32 %i1, i32* %arr
  br label %head

exit:
  %r = load i32, i32* %a1
  ret i32 %r
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 4
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  %v3 = getelementptr inbounds i32, i32* %vars, i32 3
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  store i32 7, i32* %v3
  call void @run(i32* %vars)
  %sum = load i32, i32* %vars
  call void @print(i32 %sum)
  %odds = load i32, i32* %v2
  call void @print(i32 %odds)
  %count = load i32, i32* %v1
  call void @print(i32 %count)
  store i32 0, i32* %v1
  call void @calls(i32* %vars)
  %count2 = load i32, i32* %v1
  call void @print(i32 %count2)
  %l = call i32 @local(i32 6)
  call void @print(i32 %l)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define void @bump(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  %y = add i32 %x, 1
  store i32 %y, i32* %v1
  ret void
}

define void @run(i32* %g) {
entry:
  %c = getelementptr inbounds i32, i32* %g, i32 1
  %odd = getelementptr inbounds i32, i32* %g, i32 2
  %lim = getelementptr inbounds i32, i32* %g, i32 3
  %0 = load i32, i32* %g
  %1 = load i32, i32* %c
  %n = load i32, i32* %lim
  br label %head

head:                                             ; preds = %entry, %next
  %c1 = phi i32 [ %1, %entry ], [ %i1, %next ]
  %g1 = phi i32 [ %0, %entry ], [ %s1, %next ]
  %more = icmp slt i32 %c1, %n
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %s1 = add i32 %g1, %c1
  %bit = and i32 %c1, 1
  %isodd = icmp eq i32 %bit, 1
  br i1 %isodd, label %count, label %next

count:                                            ; preds = %body
  %o = load i32, i32* %odd
  %o1 = add i32 %o, 1
  store i32 %o1, i32* %odd
  br label %next

next:                                             ; preds = %body, %count
  %c2 = getelementptr inbounds i32, i32* %g, i32 1
  %i1 = add i32 %c1, 1
  br label %head

exit:                                             ; preds = %head
  store i32 %c1, i32* %c
  store i32 %g1, i32* %g
  ret void
}

define void @calls(i32* %h) {
entry:
  %c = getelementptr inbounds i32, i32* %h, i32 1
  br label %head

head:                                             ; preds = %entry, %body
  %i = load i32, i32* %c
  %more = icmp slt i32 %i, 5
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  call void @bump(i32* %h)
  br label %head

exit:                                             ; preds = %head
  ret void
}

define i32 @local(i32 %n) {
entry:
  %arr = alloca i32, i32 2
  %a1 = getelementptr inbounds i32, i32* %arr, i32 1
  store i32 0, i32* %arr
  store i32 0, i32* %a1
  %0 = load i32, i32* %arr
  %1 = load i32, i32* %a1
  br label %head

head:                                             ; preds = %entry, %next
  %a1.1 = phi i32 [ %1, %entry ], [ %a1.2, %next ]
  %arr1 = phi i32 [ %0, %entry ], [ %i1, %next ]
  %more = icmp slt i32 %arr1, %n
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %big = icmp sgt i32 %arr1, 2
  br i1 %big, label %add, label %next

add:                                              ; preds = %body
  %t1 = add i32 %a1.1, %arr1
  br label %next

next:                                             ; preds = %body, %add
  %a1.2 = phi i32 [ %a1.1, %body ], [ %t1, %add ]
  %i1 = add i32 %arr1, 1
  br label %head

exit:                                             ; preds = %head
  store i32 %a1.1, i32* %a1
  store i32 %arr1, i32* %arr
  %r = load i32, i32* %a1
  ret i32 %r
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 4
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  %v3 = getelementptr inbounds i32, i32* %vars, i32 3
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  store i32 7, i32* %v3
  call void @run(i32* %vars)
  %sum = load i32, i32* %vars
  call void @print(i32 %sum)
  %odds = load i32, i32* %v2
  call void @print(i32 %odds)
  %count = load i32, i32* %v1
  call void @print(i32 %count)
  store i32 0, i32* %v1
  call void @calls(i32* %vars)
  %count2 = load i32, i32* %v1
  call void @print(i32 %count2)
  %l = call i32 @local(i32 6)
  call void @print(i32 %l)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

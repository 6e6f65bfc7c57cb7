; passes: break-crit-edges
; Only critical edges are split. %entry -> %join is critical (%entry has
; two successors, %join two predecessors) and gets a block, named as
; LLVM names it and placed right after %entry; %entry -> %then is not
; (%then has one predecessor), nor %then -> %join (%then has one
; successor). %join's phi entry for %entry now names the new block.
; The conditional branch of %twice has one target twice: two edges,
; both critical (%both has two predecessor edges), so each gets a block
; and the phi of %both one entry each.

define i32 @main() {
entry:
  %c = icmp sgt i32 2, 1
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ 1, %entry ], [ 2, %then ]
  br label %twice

twice:
  br i1 %c, label %both, label %both

both:
  %q = phi i32 [ %p, %twice ], [ %p, %twice ]
  call void @wend_print_int(i32 %q)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp sgt i32 2, 1
  br i1 %c, label %then, label %entry.join_crit_edge

entry.join_crit_edge:                             ; preds = %entry
  br label %join

then:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %entry.join_crit_edge, %then
  %p = phi i32 [ 1, %entry.join_crit_edge ], [ 2, %then ]
  br label %twice

twice:                                            ; preds = %join
  br i1 %c, label %twice.both_crit_edge, label %twice.both_crit_edge1

twice.both_crit_edge:                             ; preds = %twice
  br label %both

twice.both_crit_edge1:                            ; preds = %twice
  br label %both

both:                                             ; preds = %twice.both_crit_edge, %twice.both_crit_edge1
  %q = phi i32 [ %p, %twice.both_crit_edge ], [ %p, %twice.both_crit_edge1 ]
  call void @wend_print_int(i32 %q)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

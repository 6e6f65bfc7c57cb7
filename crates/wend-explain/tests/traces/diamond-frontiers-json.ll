; trace: frontiers
; format: json
; The JSON form of a trace, on a diamond: the walks from the two arms to
; join stop at entry (idom(join)) after visiting just the arm, so
; DF(then) = DF(else) = {join}. Every block and value is named as in the
; IR; the events come in the order the algorithm made them.

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  br label %join

else:
  br label %join

join:
  ret i32 0
}
; ---- expected output ----
; [
;   {
;     "blocks": [
;       "entry",
;       "then",
;       "else",
;       "join"
;     ],
;     "events": [
;       {
;         "block": "then",
;         "event": "frontier-walk",
;         "pred": "entry",
;         "stop": "entry",
;         "walked": []
;       },
;       {
;         "block": "else",
;         "event": "frontier-walk",
;         "pred": "entry",
;         "stop": "entry",
;         "walked": []
;       },
;       {
;         "block": "join",
;         "event": "frontier-walk",
;         "pred": "then",
;         "stop": "entry",
;         "walked": [
;           "then"
;         ]
;       },
;       {
;         "block": "join",
;         "event": "frontier-walk",
;         "pred": "else",
;         "stop": "entry",
;         "walked": [
;           "else"
;         ]
;       }
;     ],
;     "function": "f",
;     "trace": "frontiers"
;   }
; ]

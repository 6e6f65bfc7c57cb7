" Vim syntax file for wend, the teaching language of wendc: the same tokens
" as the TextMate grammar in editors/vscode/syntaxes/, following
" docs/reference.md §1. What is not wend (an unknown escape, a string left
" open at the line end, a stray character) is shown as an error.

if exists("b:current_syntax")
  finish
endif

syn keyword wendConditional if else
syn keyword wendRepeat      while
syn keyword wendStatement   return
syn keyword wendPrint       print println
syn keyword wendType        int bool
syn keyword wendBoolean     true false

" Any character that is not wend outside strings and comments, `&` and `|`
" alone among them (wend writes `&&` and `||`).
syn match wendError "[^ \t\r\nA-Za-z0-9_(){};,=+\-*/%<>!&|\"]"
syn match wendError "&&\@!"
syn match wendError "||\@!"

syn match wendOperator "==\|!=\|<=\|>=\|&&\|||\|[-+*/%=<>!]"
" After the operators, so `/*` is not read as `/` then `*`.
syn match wendError "/\*\|\*/"

" A name followed by `(`: a function being declared or called.
syn match wendFunction "\<\h\w*\ze\s*("

" Decimal digits only; digits run straight into a letter or `_` are an error.
syn match wendNumberError "\<\d\+\h\w*"
syn match wendNumber      "\<\d\+\>"

" Strings: one line. Among matches that start together the last one defined
" wins, so the valid escapes come after the errors they refine.
syn match wendEscapeError contained "\\.\="
syn match wendEscapeError contained "\\x\x\="
syn match wendEscapeError contained "\\[4-7]\o\o"
syn match wendEscape      contained +\\\([ntr\\"]\|x\x\x\|[0-3]\o\{0,2}\|[4-7]\o\=\o\@!\)+
syn region wendString start=+"+ skip=+\\\\\|\\"+ end=+"+ oneline contains=wendEscape,wendEscapeError
syn match wendStringError +"\([^"\\]\|\\.\)*\\\=$+ contains=wendEscape,wendEscapeError

syn match wendComment "//.*$" contains=@Spell

hi def link wendConditional Conditional
hi def link wendRepeat      Repeat
hi def link wendStatement   Statement
hi def link wendPrint       Statement
hi def link wendType        Type
hi def link wendBoolean     Boolean
hi def link wendNumber      Number
hi def link wendString      String
hi def link wendEscape      SpecialChar
hi def link wendComment     Comment
hi def link wendFunction    Function
hi def link wendOperator    Operator
hi def link wendError       Error
hi def link wendNumberError Error
hi def link wendEscapeError Error
hi def link wendStringError Error

let b:current_syntax = "wend"

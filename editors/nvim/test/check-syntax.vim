" Checks syntax/wend.vim against the TextMate grammar's sample files
" (editors/vscode/test/*.wend): each assertion comment there names the
" scopes a token must have, and the scopes that have a Vim counterpart are
" checked against the syntax groups Vim gives the same columns. Run by
" run.sh; writes each failure to the file g:wend_test_log names and exits
" Vim with status 1 if there is one.

let s:groups = [
      \ ['invalid.illegal.escape', 'wendEscapeError'],
      \ ['invalid.illegal.numeric', 'wendNumberError'],
      \ ['invalid.illegal.unterminated-string', 'wendStringError'],
      \ ['invalid.illegal.character', 'wendError'],
      \ ['invalid.illegal.block-comment', 'wendError'],
      \ ['constant.character.escape', 'wendEscape'],
      \ ['constant.numeric', 'wendNumber'],
      \ ['constant.language.boolean', 'wendBoolean'],
      \ ['string.quoted.double', 'wendString'],
      \ ['comment.line', 'wendComment'],
      \ ['keyword.control', 'wendConditional\|wendRepeat\|wendStatement'],
      \ ['keyword.other.print', 'wendPrint'],
      \ ['keyword.operator', 'wendOperator'],
      \ ['storage.type', 'wendType'],
      \ ['entity.name.function', 'wendFunction'],
      \ ]

" The Vim group pattern for a TextMate scope, or '' when it has none
" (punctuation, meta scopes, variables are not highlighted by Vim).
function! s:VimGroup(scope) abort
  for [l:prefix, l:group] in s:groups
    if a:scope ==# l:prefix || stridx(a:scope, l:prefix . '.') == 0
      return l:group
    endif
  endfor
  return ''
endfunction

function! s:Stack(line, col) abort
  return map(synstack(a:line, a:col), 'synIDattr(v:val, "name")')
endfunction

let s:failures = []
let s:checked = 0
for s:file in glob(expand('<sfile>:p:h') . '/../../vscode/test/*.wend-test', 0, 1)
  execute 'silent edit ' . fnameescape(s:file)
  setfiletype wend
  let s:target = 0
  for s:lnum in range(1, line('$'))
    let s:text = getline(s:lnum)
    let s:m = matchlist(s:text, '^//\(\s*\)\(\^\+\|<[~]*-\+\)\s\+\(.*\)$')
    if empty(s:m) || s:lnum == 1
      let s:target = s:lnum
      continue
    endif
    if s:m[2][0] ==# '^'
      let s:first = 2 + len(s:m[1])
      let s:count = len(s:m[2])
    else
      let s:first = len(matchstr(s:m[2], '\~*'))
      let s:count = len(matchstr(s:m[2], '-\+'))
    endif
    let s:parts = split(s:m[3], '\s\+-\s\+', 1)
    let s:wanted = filter(map(split(s:parts[0]), 's:VimGroup(v:val)'), 'v:val !=# ""')
    let s:unwanted = []
    for s:part in s:parts[1:]
      " Vim has one group where TextMate tells two scopes apart (a function
      " declared or called): such a negative cannot be checked here.
      let s:unwanted += filter(map(split(s:part), 's:VimGroup(v:val)'), 'v:val !=# "" && index(s:wanted, v:val) < 0')
    endfor
    " The most specific scope (the last one written) is the one to check.
    let s:want = empty(s:wanted) ? '' : s:wanted[-1]
    for s:col in range(s:first + 1, s:first + s:count)
      let s:stack = s:Stack(s:target, s:col)
      let s:where = printf('%s:%d:%d', fnamemodify(s:file, ':t'), s:target, s:col)
      if s:want !=# '' && empty(filter(copy(s:stack), 'v:val =~# "^\\(" . s:want . "\\)$"'))
        call add(s:failures, printf('%s: wanted %s, got [%s]', s:where, s:want, join(s:stack, ' ')))
      endif
      for s:not in s:unwanted
        " The negative only counts for the innermost group, as a nested
        " escape is still inside its string.
        if !empty(s:stack) && s:stack[-1] =~# '^\(' . s:not . '\)$'
          call add(s:failures, printf('%s: wanted no %s, got [%s]', s:where, s:not, join(s:stack, ' ')))
        endif
      endfor
      let s:checked += 1
    endfor
  endfor
endfor

if s:checked == 0
  call add(s:failures, 'no assertions found')
endif
if empty(s:failures)
  call writefile([printf('syntax/wend.vim: %d columns agree with the TextMate samples', s:checked)], g:wend_test_log)
  qall!
endif
call writefile(s:failures, g:wend_test_log)
cquit!

" Drives Vim 9 with ALE (Debian's vim-ale) against wikimap-query-server, with the configuration of
" docs/editors.md (run.js starts Vim with it as the vimrc). Works as a person does: opens files, types
" through Vim's input queue (feedkeys, as typed), lets ALE's own completion pop up while typing, picks
" a quick fix from :ALECodeAction's numbered menu. Writes what it saw as JSON to $WIKIMAP_VIM_OUT.
" The steps run from timers, never blocking the main loop, so typed keys are processed between them.
let s:result = {'errors': [], 'steps': []}
let s:wiki_buf = -1
let s:last_line = -1

function! s:Finish() abort
  call writefile([json_encode(s:result)], $WIKIMAP_VIM_OUT)
  qall!
endfunction

function! s:Loclist(buf, ...) abort
  let l:out = []
  for l:d in ale#engine#GetLoclist(a:buf)
    if a:0 == 0 || l:d.lnum == a:1
      call add(l:out, {'lnum': l:d.lnum, 'col': l:d.col, 'type': l:d.type, 'text': l:d.text, 'code': get(l:d, 'code', ''), 'linter': l:d.linter_name})
    endif
  endfor
  return l:out
endfunction

function! s:HasCode(buf, lnum, code) abort
  for l:d in ale#engine#GetLoclist(a:buf)
    if l:d.lnum == a:lnum && get(l:d, 'code', '') is# a:code
      return 1
    endif
  endfor
  return 0
endfunction

" --- steps: [name, run, done, after] ---
function! s:OpenRun() abort
  execute 'edit' fnameescape($WIKIMAP_VIM_FILE)
  let s:wiki_buf = bufnr('%')
endfunction
function! s:OpenDone() abort
  return !empty(ale#engine#GetLoclist(s:wiki_buf))
endfunction
function! s:OpenAfter() abort
  let s:result.filetype = &filetype
  let s:result.omnifunc = &omnifunc
  let s:result.diagnostics = s:Loclist(s:wiki_buf)
endfunction

function! s:TypeRun() abort
  call feedkeys('Go' . substitute($WIKIMAP_VIM_TYPE_KEYS, '<BS>', "\<BS>", 'g') . "\<Esc>", 't')
endfunction
function! s:TypeDone() abort
  let s:last_line = line('$')
  return mode() is# 'n' && s:HasCode(s:wiki_buf, s:last_line, 'unrecognizedparams')
endfunction
function! s:TypeAfter() abort
  let s:result.typedLine = getline(s:last_line)
  let s:result.typedDiagnostics = s:Loclist(s:wiki_buf, s:last_line)
endfunction

" The text on Vim's screen, row by row (what the person reads).
function! s:ScreenLines() abort
  let l:lines = []
  for l:row in range(1, &lines)
    call add(l:lines, join(map(range(1, &columns), 'screenstring(l:row, v:val)'), ''))
  endfor
  return l:lines
endfunction

" :ALECodeAction lists the actions by number and asks with input(): the person reads the menu and
" types the number of the fix naming the right parameter.
function! s:AnswerCodeActionMenu(key, wanted) abort
  let l:screen = s:ScreenLines()
  let s:result[a:key] = join(filter(copy(l:screen), 'v:val =~# "^\\d\\+) "'), "\n")
  for l:line in l:screen
    let l:m = matchlist(l:line, '^\(\d\+\)) .*' . a:wanted)
    if !empty(l:m)
      call feedkeys(l:m[1] . "\<CR>", 't')
      return
    endif
  endfor
  call feedkeys("\<CR>", 't')
endfunction

function! s:FixRun() abort
  " on the misspelt name, as a person puts it: ALE 3.3 then asks for the word's range with no diagnostics
  " (it sends one only for a one-character word), and the server uses its own diagnostics there
  call cursor(s:last_line, stridx(getline(s:last_line), '&aplimt') + 3)
  ALECodeAction
endfunction
function! s:FixDone() abort
  if mode() is# 'c' && getcmdtype() is# '@'
    call s:AnswerCodeActionMenu('codeActionMenu', 'aplimit')
    return 0
  endif
  return stridx(getline(s:last_line), 'aplimit=') >= 0
endfunction
function! s:FixAfter() abort
  let s:result.fixedLine = getline(s:last_line)
endfunction

function! s:FixGoneRun() abort
  " ALE lints the changed buffer when it is changed in normal mode; say the buffer changed as an edit does
  doautocmd TextChanged
endfunction
function! s:FixGoneDone() abort
  return !s:HasCode(s:wiki_buf, s:last_line, 'unrecognizedparams')
endfunction

function! s:CompleteRun() abort
  call feedkeys('oaction=query&list=categorymembers&cmlimi', 't')
endfunction
function! s:CompleteDone() abort
  return !empty(get(complete_info(['items']), 'items', []))
endfunction
function! s:CompleteAfter() abort
  let s:result.completionItems = map(copy(complete_info(['items']).items), 'v:val.word')
endfunction

function! s:AcceptRun() abort
  " ALE's menu selects nothing at first (noselect): the person moves to the first item and accepts it
  call feedkeys("\<C-n>\<C-y>\<Esc>", 't')
endfunction
function! s:AcceptDone() abort
  return mode() is# 'n'
endfunction
function! s:AcceptAfter() abort
  let s:result.completedLine = getline('$')
  let s:result.wikiText = join(getline(1, '$'), "\n")
endfunction

function! s:MapRun() abort
  update
  execute 'edit' fnameescape($WIKIMAP_VIM_MAPFILE)
endfunction
function! s:MapDone() abort
  return !empty(ale#engine#GetLoclist(bufnr('%')))
endfunction
function! s:MapAfter() abort
  let s:result.mapFiletype = &filetype
  let s:result.mapDiagnostics = s:Loclist(bufnr('%'))
endfunction

" The map quick fix from the diagnostic's line: the cursor on the key "type", outside the diagnostic (the value).
function! s:MapFixRun() abort
  call cursor(str2nr($WIKIMAP_VIM_MAPFIX_LINE) + 1, str2nr($WIKIMAP_VIM_MAPFIX_CHAR) + 1)
  let s:result.mapCursorInDiagnostic = 0
  for l:d in ale#engine#GetLoclist(bufnr('%'))
    if l:d.lnum == line('.') && col('.') >= l:d.col && col('.') <= get(l:d, 'end_col', l:d.col)
      let s:result.mapCursorInDiagnostic = 1
    endif
  endfor
  ALECodeAction
endfunction
function! s:MapFixDone() abort
  if mode() is# 'c' && getcmdtype() is# '@'
    call s:AnswerCodeActionMenu('mapCodeActionMenu', escape($WIKIMAP_VIM_MAPFIX_TITLE, '\.*[]~^$'))
    return 0
  endif
  return stridx(getline(str2nr($WIKIMAP_VIM_MAPFIX_LINE) + 1), $WIKIMAP_VIM_MAPFIX_FIXED) >= 0
endfunction
function! s:MapFixAfter() abort
  let s:result.mapFixedLine = getline(str2nr($WIKIMAP_VIM_MAPFIX_LINE) + 1)
endfunction

" A map field completed with <C-x><C-o> (ALE's omnifunc): ALE declares no snippet support.
function! s:MapCompleteRun() abort
  call feedkeys('A' . $WIKIMAP_VIM_MAPCOMPLETE_KEYS . "\<C-x>\<C-o>", 't')
endfunction
function! s:MapCompleteDone() abort
  return !empty(get(complete_info(['items']), 'items', []))
endfunction
function! s:MapCompleteAfter() abort
  let s:result.mapCompletionItems = map(copy(complete_info(['items']).items), 'v:val.word')
  let s:result.mapCompletionSelected = complete_info(['selected']).selected
endfunction

function! s:MapAcceptRun() abort
  " the person moves down to the field in the menu (from the selected item, or from none) and accepts it
  let l:index = index(map(copy(s:result.mapCompletionItems), 'v:val =~# $WIKIMAP_VIM_MAPCOMPLETE_LABEL'), 1)
  call feedkeys(repeat("\<C-n>", l:index - s:result.mapCompletionSelected) . "\<C-y>\<Esc>", 't')
endfunction
function! s:MapAcceptDone() abort
  return mode() is# 'n'
endfunction
function! s:MapAcceptAfter() abort
  let s:result.mapCompletedLine = getline('.')
endfunction

function! s:JsonRun() abort
  update
  execute 'edit' fnameescape($WIKIMAP_VIM_JSONFILE)
endfunction
function! s:JsonDone() abort
  return 1
endfunction
function! s:JsonAfter() abort
  let s:result.jsonFiletype = &filetype
  let s:result.jsonLinters = map(ale#linter#Get(&filetype), 'v:val.name')
  let s:result.lspConnections = len(filter(copy(ale#lsp#GetConnections()), 'v:val.initialized'))
endfunction

function! s:Nop() abort
endfunction

let s:steps = [
\ ['open the wiki sample: ALE starts the server and shows its diagnostics', 's:OpenRun', 's:OpenDone', 's:OpenAfter'],
\ ['type a query in insert mode', 's:TypeRun', 's:TypeDone', 's:TypeAfter'],
\ ['apply the did-you-mean quick fix with :ALECodeAction', 's:FixRun', 's:FixDone', 's:FixAfter'],
\ ['the diagnostic goes away after the fix', 's:FixGoneRun', 's:FixGoneDone', 's:Nop'],
\ ['ALE completion pops up while typing', 's:CompleteRun', 's:CompleteDone', 's:CompleteAfter'],
\ ['accept the completion', 's:AcceptRun', 's:AcceptDone', 's:AcceptAfter'],
\ ['open a map query in the same project', 's:MapRun', 's:MapDone', 's:MapAfter'],
\ ["apply a map quick fix from the diagnostic's line with :ALECodeAction", 's:MapFixRun', 's:MapFixDone', 's:MapFixAfter'],
\ ['<C-x><C-o> completes a map field through ALE', 's:MapCompleteRun', 's:MapCompleteDone', 's:MapCompleteAfter'],
\ ['accept the map completion', 's:MapAcceptRun', 's:MapAcceptDone', 's:MapAcceptAfter'],
\ ['open a plain JSON file', 's:JsonRun', 's:JsonDone', 's:JsonAfter'],
\]
let s:step = -1
let s:deadline = 0

function! s:Poll(timer) abort
  let [l:name, l:Run, l:Done, l:After] = s:steps[s:step]
  try
    let l:done = call(function(l:Done), [])
  catch
    call add(s:result.errors, l:name . ': ' . v:exception)
    return s:Finish()
  endtry
  if l:done
    try
      call call(function(l:After), [])
    catch
      call add(s:result.errors, l:name . ': ' . v:exception)
    endtry
    call add(s:result.steps, l:name)
    return s:Next()
  endif
  if reltimefloat(reltime()) > s:deadline
    call add(s:result.errors, l:name . ': not done within 20 s')
    return s:Finish()
  endif
  call timer_start(50, function('s:Poll'))
endfunction

function! s:Next() abort
  let s:step += 1
  if s:step >= len(s:steps)
    return s:Finish()
  endif
  let [l:name, l:Run, l:Done, l:After] = s:steps[s:step]
  try
    call call(function(l:Run), [])
  catch
    call add(s:result.errors, l:name . ': ' . v:exception)
    return s:Finish()
  endtry
  let s:deadline = reltimefloat(reltime()) + 20
  call timer_start(50, function('s:Poll'))
endfunction

call timer_start(0, {-> s:Next()})

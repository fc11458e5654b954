" Source files in Vim with ALE and the configuration of docs/editors.md (its `vim` and `vim-sources`
" blocks): a Python and a JavaScript file whose MediaWiki API request misspells a key. For each, as a
" person works: the file is opened, ALE shows the server's diagnostic at the key (beside the language's
" other linters, not installed here), the cursor goes on the key and :ALECodeAction's numbered menu is
" answered with the fix's number. Writes what it saw as JSON to $WIKIMAP_VIM_OUT.
let s:result = {'errors': [], 'steps': [], 'files': {}}
let s:files = json_decode($WIKIMAP_VIM_SOURCES)
let s:buf = -1

function! s:Finish() abort
  call writefile([json_encode(s:result)], $WIKIMAP_VIM_OUT)
  qall!
endfunction

" The diagnostic of the misspelt key, as ALE holds it.
function! s:Misspelt(buf, name) abort
  for l:d in ale#engine#GetLoclist(a:buf)
    if get(l:d, 'code', '') is# 'unrecognizedparams' && stridx(l:d.text, '"' . a:name . '"') >= 0
      return l:d
    endif
  endfor
  return {}
endfunction

" :ALECodeAction asks with input() after listing the actions by number: the person types the number
" of the action that names the right parameter.
function! s:AnswerMenu(wanted) abort
  for l:row in range(1, &lines)
    let l:line = join(map(range(1, &columns), 'screenstring(l:row, v:val)'), '')
    let l:m = matchlist(l:line, '^\(\d\+\)) .*' . a:wanted)
    if !empty(l:m)
      return feedkeys(l:m[1] . "\<CR>", 't')
    endif
  endfor
  call feedkeys("\<CR>", 't')
endfunction

let s:steps = []
for s:f in s:files
  let s:r = {}
  let s:result.files[s:f.language] = s:r
  call add(s:steps, {
  \ 'name': 'open ' . s:f.file . ': the diagnostic of "' . s:f.misspelt . '" arrives',
  \ 'run': {f -> [execute(['silent update', 'edit ' . fnameescape(f.path)]), execute('let s:buf = bufnr("%")')]},
  \ 'done': {f -> !empty(s:Misspelt(s:buf, f.misspelt))},
  \ 'after': {f, r -> extend(r, {'filetype': &filetype, 'linters': map(ale#linter#Get(&filetype), 'v:val.name'),
  \   'diagnostic': s:Misspelt(s:buf, f.misspelt), 'line': getline(s:Misspelt(s:buf, f.misspelt).lnum)})},
  \ 'f': s:f, 'r': s:r})
  call add(s:steps, {
  \ 'name': s:f.file . ': :ALECodeAction on the key applies the fix',
  \ 'run': {f -> [cursor(s:Misspelt(s:buf, f.misspelt).lnum, s:Misspelt(s:buf, f.misspelt).col + 1), execute('ALECodeAction')]},
  \ 'done': {f -> mode() is# 'c' && getcmdtype() is# '@' ? s:AnswerMenu(f.fixed) && 0 : stridx(join(getline(1, '$'), "\n"), f.fixedText) >= 0},
  \ 'after': {f, r -> extend(r, {'fixedText': join(getline(1, '$'), "\n")})},
  \ 'f': s:f, 'r': s:r})
endfor

let s:step = -1
let s:deadline = 0

function! s:Poll(timer) abort
  let l:s = s:steps[s:step]
  try
    let l:done = l:s.done(l:s.f)
  catch
    call add(s:result.errors, l:s.name . ': ' . v:exception)
    return s:Finish()
  endtry
  if l:done
    try
      call l:s.after(l:s.f, l:s.r)
    catch
      call add(s:result.errors, l:s.name . ': ' . v:exception)
    endtry
    call add(s:result.steps, l:s.name)
    return s:Next()
  endif
  if reltimefloat(reltime()) > s:deadline
    call add(s:result.errors, l:s.name . ': not done within 30 s')
    return s:Finish()
  endif
  call timer_start(50, function('s:Poll'))
endfunction

function! s:Next() abort
  let s:step += 1
  if s:step >= len(s:steps)
    return s:Finish()
  endif
  let l:s = s:steps[s:step]
  try
    call l:s.run(l:s.f)
  catch
    call add(s:result.errors, l:s.name . ': ' . v:exception)
    return s:Finish()
  endtry
  let s:deadline = reltimefloat(reltime()) + 30
  call timer_start(50, function('s:Poll'))
endfunction

call timer_start(0, {-> s:Next()})

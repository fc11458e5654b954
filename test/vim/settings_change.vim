" A setting changed while the server runs (support/settingsChange.js), in Vim with ALE: opens the query,
" then changes `unrecognizedparams` to 'off' as a person does: edits it in the vimrc, sources the vimrc
" again (ALE then sends the new wrapped lsp_config with workspace/didChangeConfiguration) and lints.
" Writes what it saw as JSON to $WIKIMAP_SETTINGS_OUT. The steps run from timers.
let s:result = {'errors': []}
let s:buf = -1
let s:deadline = 0

function! s:Finish() abort
  call writefile([json_encode(s:result)], $WIKIMAP_SETTINGS_OUT)
  qall!
endfunction

function! s:Unrecognized() abort
  return map(filter(copy(ale#engine#GetLoclist(s:buf)), 'get(v:val, "code", "") is# "unrecognizedparams"'), 'v:val.type')
endfunction

" Polls Done every 50 ms for 20 s, then calls Then (or records What and finishes).
function! s:Wait(Done, what, Then) abort
  let s:deadline = reltimefloat(reltime()) + 20
  let s:waiting = [a:Done, a:what, a:Then]
  call timer_start(50, function('s:Poll'))
endfunction

function! s:Poll(timer) abort
  let [l:Done, l:what, l:Then] = s:waiting
  try
    if l:Done()
      return l:Then()
    endif
  catch
    call add(s:result.errors, l:what . ': ' . v:exception)
    return s:Finish()
  endtry
  if reltimefloat(reltime()) > s:deadline
    call add(s:result.errors, l:what . ': not within 20 s')
    let s:result.after = s:Unrecognized()
    return s:Finish()
  endif
  call timer_start(50, function('s:Poll'))
endfunction

function! s:Changed() abort
  let s:result.after = s:Unrecognized()
  call s:Finish()
endfunction

function! s:Change() abort
  let s:result.before = s:Unrecognized()[0]
  execute 'source' fnameescape($WIKIMAP_SETTINGS_CONFIG_OFF)
  ALELint
  call s:Wait({-> empty(s:Unrecognized())}, 'the change to take effect', function('s:Changed'))
endfunction

function! s:Open() abort
  execute 'edit' fnameescape($WIKIMAP_SETTINGS_FILE)
  let s:buf = bufnr('%')
  call s:Wait({-> !empty(s:Unrecognized())}, 'the unrecognizedparams diagnostic', function('s:Change'))
endfunction

call timer_start(0, {-> s:Open()})

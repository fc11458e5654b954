-- Source files in Neovim's own LSP client, with the configuration of docs/editors.md: a Python file and
-- a JavaScript file whose MediaWiki API requests the server serves beside any other server. For each:
-- the diagnostic of a misspelled parameter arrives at its key, vim.lsp.buf.code_action() fixes it in the
-- host syntax, and a person types a new request in insert mode and completes inside its string with
-- <C-x><C-o>. Then a JavaScript file posting a map query with a misspelled field: its diagnostic and
-- its quick fix. Writes what it saw as JSON to $WIKIMAP_NVIM_OUT; run.js checks it.
local env = os.getenv
local result = { errors = {}, steps = {}, files = {} }

local steps_lib = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/steps.lua')
local finish = steps_lib.finisher(env('WIKIMAP_NVIM_OUT'), result)

local function misspelt_diagnostic(buf, name)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'unrecognizedparams' and d.message:find('"' .. name .. '"', 1, true) then return d end
  end
end

local function buffer_text(buf) return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') end

-- The steps of one file: FILE, the misspelt name, its fix, keys typed for a completion, the word to accept.
local function file_steps(key, file, misspelt, fixed, keys, wanted)
  local r = {}
  result.files[key] = r
  local buf
  return {
    {
      name = key .. ': open it, the diagnostic of "' .. misspelt .. '" arrives',
      run = function()
        vim.cmd('edit ' .. vim.fn.fnameescape(file))
        buf = vim.api.nvim_get_current_buf()
      end,
      done = function() return misspelt_diagnostic(buf, misspelt) ~= nil end,
      after = function()
        local d = misspelt_diagnostic(buf, misspelt)
        local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
        r.filetype = vim.bo[buf].filetype
        r.diagnostic = { lnum = d.lnum, col = d.col, end_col = d.end_col, code = d.code, source = d.source, text = line:sub(d.col + 1, d.end_col) }
      end,
    },
    {
      name = key .. ': apply the quick fix with vim.lsp.buf.code_action()',
      run = function()
        local d = misspelt_diagnostic(buf, misspelt)
        vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
        vim.ui.select = function(items, opts, on_choice)
          r.codeActionTitles = {}
          local chosen
          for i, item in ipairs(items) do
            local title = opts.format_item and opts.format_item(item) or tostring(item)
            table.insert(r.codeActionTitles, title)
            if not chosen and title:find(fixed, 1, true) then chosen = i end
          end
          on_choice(chosen and items[chosen] or nil, chosen)
        end
        vim.lsp.buf.code_action()
      end,
      done = function() return r.codeActionTitles ~= nil and misspelt_diagnostic(buf, misspelt) == nil end,
      after = function() r.fixedText = buffer_text(buf) end,
    },
    {
      name = key .. ': type a request and complete inside its string with <C-x><C-o>',
      run = function() vim.api.nvim_input('Go' .. keys .. '<C-x><C-o>') end,
      done = function() return #(vim.fn.complete_info({ 'items' }).items or {}) > 0 end,
      after = function()
        r.omniItems = {}
        for _, it in ipairs(vim.fn.complete_info({ 'items' }).items or {}) do table.insert(r.omniItems, it.word) end
      end,
    },
    {
      name = key .. ': accept "' .. wanted .. '"',
      run = function()
        local n0 = vim.api.nvim_buf_line_count(buf)
        r.lineBeforeAccept = vim.api.nvim_buf_get_lines(buf, n0 - 1, n0, false)[1]
        local moves = ''
        for i, word in ipairs(r.omniItems) do
          if word == wanted then moves = string.rep('<C-n>', i - 1) break end -- the first item is selected already
        end
        -- a single match is inserted without a menu; <C-y> would then insert the character above the cursor
        vim.api.nvim_input(moves .. (vim.fn.pumvisible() == 1 and '<C-y>' or '') .. '<Esc>')
      end,
      done = function() return vim.fn.mode() == 'n' end,
      after = function()
        local n = vim.api.nvim_buf_line_count(buf)
        r.completedLine = vim.api.nvim_buf_get_lines(buf, n - 1, n, false)[1]
        r.clients = #vim.lsp.buf_get_clients(buf)
      end,
    },
  }
end

local steps = {}
for _, s in ipairs(file_steps('python', env('WIKIMAP_NVIM_PYFILE'), 'srlimt', 'srlimit',
  -- a key typed with its quotes closed (as an autopair plugin or the person does), then back inside it
  'p2 = {"action": "query", "list": "search", "srl"}<Esc>hha', 'srlimit')) do table.insert(steps, s) end
for _, s in ipairs(file_steps('javascript', env('WIKIMAP_NVIM_JSFILE'), 'rvlimt', 'rvlimit',
  "api.get({ action: 'query', list: 'allp' });<Esc>4hi", 'allpages')) do table.insert(steps, s) end

-- A map query posted from a JavaScript file: the misspelled field's diagnostic at the key, and the fix.
local map_file = env('WIKIMAP_NVIM_MAPJSFILE')
if map_file and map_file ~= '' then
  local r = {}
  result.files.map = r
  local buf
  local function field_diagnostic()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == env('WIKIMAP_NVIM_MAPCODE') then return d end
    end
  end
  table.insert(steps, {
    name = 'map: open the JavaScript file, the misspelled field\'s diagnostic arrives',
    run = function()
      vim.cmd('edit ' .. vim.fn.fnameescape(map_file))
      buf = vim.api.nvim_get_current_buf()
    end,
    done = function() return field_diagnostic() ~= nil end,
    after = function()
      local d = field_diagnostic()
      local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
      r.filetype = vim.bo[buf].filetype
      r.diagnostic = { lnum = d.lnum, code = d.code, text = line:sub(d.col + 1, d.end_col) }
    end,
  })
  table.insert(steps, {
    name = 'map: apply the quick fix with vim.lsp.buf.code_action()',
    run = function()
      local d = field_diagnostic()
      vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
      vim.ui.select = function(items, opts, on_choice)
        r.codeActionTitles = {}
        local chosen
        for i, item in ipairs(items) do
          local title = opts.format_item and opts.format_item(item) or tostring(item)
          table.insert(r.codeActionTitles, title)
          if not chosen and title:find(env('WIKIMAP_NVIM_MAPTITLE'), 1, true) then chosen = i end
        end
        on_choice(chosen and items[chosen] or nil, chosen)
      end
      vim.lsp.buf.code_action()
    end,
    done = function() return r.codeActionTitles ~= nil and #vim.diagnostic.get(buf) == 0 end,
    after = function() r.fixedText = buffer_text(buf) end,
  })
end

steps_lib.run(steps, result, finish, 30)

-- Drives Neovim's own LSP client (Neovim 0.7+) against wikimap-query-server, with the configuration of
-- docs/editors.md (run.js writes it to init.lua and starts Neovim with it). Works as a person does: opens files, types
-- in insert mode through Neovim's input queue (so Neovim batches the changes into its didChange
-- notifications as it does for anyone typing), completes with <C-x><C-o>, applies a quick fix through
-- vim.lsp.buf.code_action(). Writes what it saw as JSON to $WIKIMAP_NVIM_OUT.
-- The steps run from timers, never blocking the main loop, so typed keys are processed between them.
local env = os.getenv
local out_path = env('WIKIMAP_NVIM_OUT')
local result = { errors = {}, steps = {}, didChangeBatches = {} }

local steps_lib = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/steps.lua')
local finish = steps_lib.finisher(out_path, result)

local function wikimap_clients()
  local out = {}
  for _, c in pairs(vim.lsp.get_active_clients()) do
    if c.name == 'wikimap-query' then table.insert(out, c) end
  end
  return out
end

local function diagnostics(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out, { lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, message = d.message, code = d.code, source = d.source })
  end
  return out
end

local function request(bufnr, method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line, character = character } }
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  for _, r in pairs(responses or {}) do
    if r.result then return r.result end
    if r.error then table.insert(result.errors, method .. ': ' .. vim.inspect(r.error)) end
  end
  return nil
end

-- Records how the client batches typing: the number of content changes in each didChange it sends.
local function watch_did_change(client)
  if client.wikimap_watched then return end
  client.wikimap_watched = true
  local notify = client.notify
  client.notify = function(method, params)
    if method == 'textDocument/didChange' then table.insert(result.didChangeBatches, #params.contentChanges) end
    return notify(method, params)
  end
end

local wiki_buf, last_line
local steps = {
  {
    name = 'open the wiki sample: the server starts and diagnoses it',
    run = function()
      vim.cmd('edit ' .. vim.fn.fnameescape(env('WIKIMAP_NVIM_FILE')))
      wiki_buf = vim.api.nvim_get_current_buf()
    end,
    done = function() return #wikimap_clients() > 0 and #vim.diagnostic.get(wiki_buf) > 0 end,
    after = function()
      result.filetype = vim.bo[wiki_buf].filetype
      result.omnifunc = vim.bo[wiki_buf].omnifunc
      result.diagnostics = diagnostics(wiki_buf)
      result.completion = {}
      local comp = request(wiki_buf, 'textDocument/completion', tonumber(env('WIKIMAP_NVIM_COMPLETE_LINE')), tonumber(env('WIKIMAP_NVIM_COMPLETE_CHAR')))
      for _, it in ipairs(comp and (comp.items or comp) or {}) do table.insert(result.completion, it.label) end
      local hover = request(wiki_buf, 'textDocument/hover', tonumber(env('WIKIMAP_NVIM_HOVER_LINE')), tonumber(env('WIKIMAP_NVIM_HOVER_CHAR')))
      result.hover = hover and hover.contents and (hover.contents.value or vim.inspect(hover.contents)) or ''
      for _, c in ipairs(wikimap_clients()) do watch_did_change(c) end
    end,
  },
  {
    name = 'type a query in insert mode',
    run = function()
      vim.api.nvim_input('Go' .. env('WIKIMAP_NVIM_TYPE_KEYS') .. '<Esc>')
    end,
    done = function()
      if vim.fn.mode() ~= 'n' then return false end
      last_line = vim.api.nvim_buf_line_count(wiki_buf) - 1
      for _, d in ipairs(vim.diagnostic.get(wiki_buf)) do
        if d.lnum == last_line and d.code == 'unrecognizedparams' then return true end
      end
      return false
    end,
    after = function()
      result.typedLine = vim.api.nvim_buf_get_lines(wiki_buf, last_line, last_line + 1, false)[1]
      result.typedDiagnostics = vim.tbl_filter(function(d) return d.lnum == last_line end, diagnostics(wiki_buf))
    end,
  },
  {
    name = 'apply the did-you-mean quick fix with vim.lsp.buf.code_action()',
    run = function()
      local line = vim.api.nvim_buf_get_lines(wiki_buf, last_line, last_line + 1, false)[1]
      vim.api.nvim_win_set_cursor(0, { last_line + 1, (line:find('aplimt', 1, true)) })
      -- the person picks the fix that names the right parameter from the menu Neovim shows
      vim.ui.select = function(items, opts, on_choice)
        result.codeActionTitles = {}
        local chosen
        for i, item in ipairs(items) do
          local title = opts.format_item and opts.format_item(item) or tostring(item)
          table.insert(result.codeActionTitles, title)
          if not chosen and title:find('aplimit', 1, true) then chosen = i end
        end
        on_choice(chosen and items[chosen] or nil, chosen)
      end
      vim.lsp.buf.code_action()
    end,
    done = function()
      local line = vim.api.nvim_buf_get_lines(wiki_buf, last_line, last_line + 1, false)[1]
      return line:find('aplimit=', 1, true) ~= nil
    end,
    after = function()
      result.fixedLine = vim.api.nvim_buf_get_lines(wiki_buf, last_line, last_line + 1, false)[1]
    end,
  },
  {
    name = 'the diagnostic goes away after the fix',
    run = function() end,
    done = function()
      for _, d in ipairs(vim.diagnostic.get(wiki_buf)) do
        if d.lnum == last_line and d.code == 'unrecognizedparams' then return false end
      end
      return true
    end,
  },
  {
    name = 'omni-complete a parameter with <C-x><C-o>',
    run = function()
      vim.api.nvim_input('oaction=query&list=categorymembers&cmlimi<C-x><C-o>')
    end,
    -- headless, there is no screen to draw the popup menu on: Neovim's completion state tells what it offers
    done = function() return #(vim.fn.complete_info({ 'items' }).items or {}) > 0 end,
    after = function()
      result.omniItems = {}
      for _, it in ipairs(vim.fn.complete_info({ 'items' }).items or {}) do table.insert(result.omniItems, it.word) end
    end,
  },
  {
    name = 'accept the completion',
    run = function() vim.api.nvim_input('<C-y><Esc>') end,
    done = function() return vim.fn.mode() == 'n' end,
    after = function()
      local n = vim.api.nvim_buf_line_count(wiki_buf)
      result.completedLine = vim.api.nvim_buf_get_lines(wiki_buf, n - 1, n, false)[1]
      result.wikiText = table.concat(vim.api.nvim_buf_get_lines(wiki_buf, 0, -1, false), '\n')
    end,
  },
  {
    name = 'open a map query in the same project',
    run = function() vim.cmd('edit ' .. vim.fn.fnameescape(env('WIKIMAP_NVIM_MAPFILE'))) end,
    done = function() return #vim.diagnostic.get(vim.api.nvim_get_current_buf()) > 0 end,
    after = function()
      local buf = vim.api.nvim_get_current_buf()
      result.mapFiletype = vim.bo[buf].filetype
      result.mapDiagnostics = diagnostics(buf)
      result.mapClients = #vim.lsp.buf_get_clients(buf)
    end,
  },
  {
    name = "apply a map quick fix from the diagnostic's line, the cursor outside its range",
    run = function()
      local buf = vim.api.nvim_get_current_buf()
      local lnum = tonumber(env('WIKIMAP_NVIM_MAPFIX_LINE'))
      -- on the line of "type": "bone", on the key: outside the diagnostic's range (the value)
      vim.api.nvim_win_set_cursor(0, { lnum + 1, tonumber(env('WIKIMAP_NVIM_MAPFIX_CHAR')) })
      result.mapCursorInRange = false
      for _, d in ipairs(vim.diagnostic.get(buf, { lnum = lnum })) do
        local col = vim.api.nvim_win_get_cursor(0)[2]
        if col >= d.col and col < d.end_col then result.mapCursorInRange = true end
      end
      vim.ui.select = function(items, opts, on_choice)
        result.mapCodeActionTitles = {}
        local chosen
        for i, item in ipairs(items) do
          local title = opts.format_item and opts.format_item(item) or tostring(item)
          table.insert(result.mapCodeActionTitles, title)
          if not chosen and title:find(env('WIKIMAP_NVIM_MAPFIX_TITLE'), 1, true) then chosen = i end
        end
        on_choice(chosen and items[chosen] or nil, chosen)
      end
      vim.lsp.buf.code_action()
    end,
    done = function()
      local lnum = tonumber(env('WIKIMAP_NVIM_MAPFIX_LINE'))
      local line = vim.api.nvim_buf_get_lines(0, lnum, lnum + 1, false)[1]
      return result.mapCodeActionTitles ~= nil and (line:find(env('WIKIMAP_NVIM_MAPFIX_FIXED'), 1, true) ~= nil or #result.mapCodeActionTitles == 0)
    end,
    after = function()
      local lnum = tonumber(env('WIKIMAP_NVIM_MAPFIX_LINE'))
      result.mapFixedLine = vim.api.nvim_buf_get_lines(0, lnum, lnum + 1, false)[1]
    end,
  },
  {
    name = 'complete a map field with <C-x><C-o> (no snippet support declared)',
    run = function()
      local buf = vim.api.nvim_get_current_buf()
      local lnum = tonumber(env('WIKIMAP_NVIM_MAPFIX_LINE'))
      vim.api.nvim_win_set_cursor(0, { lnum + 1, 0 })
      -- what the server answers there, as Neovim's omnifunc gets it
      vim.api.nvim_input('A' .. env('WIKIMAP_NVIM_MAPCOMPLETE_KEYS') .. '<C-x><C-o>')
      result.mapCompletionBuffer = buf
    end,
    done = function() return #(vim.fn.complete_info({ 'items' }).items or {}) > 0 end,
    after = function()
      result.mapOmniItems = {}
      for _, it in ipairs(vim.fn.complete_info({ 'items' }).items or {}) do table.insert(result.mapOmniItems, it.word) end
      local pos = vim.api.nvim_win_get_cursor(0)
      local comp = request(0, 'textDocument/completion', pos[1] - 1, pos[2])
      result.mapCompletionFormats = {}
      for _, it in ipairs(comp and (comp.items or comp) or {}) do
        table.insert(result.mapCompletionFormats, { label = it.label, format = it.insertTextFormat or 1, text = it.textEdit and it.textEdit.newText or it.insertText or it.label })
      end
    end,
  },
  {
    name = 'accept the map completion',
    run = function()
      local wanted = env('WIKIMAP_NVIM_MAPCOMPLETE_LABEL')
      local keys = ''
      for i, word in ipairs(result.mapOmniItems) do
        if word:find('"' .. wanted .. '"', 1, true) then keys = string.rep('<C-n>', i - 1) break end -- the first item is selected already
      end
      vim.api.nvim_input(keys .. '<C-y><Esc>')
    end,
    done = function() return vim.fn.mode() == 'n' end,
    after = function()
      local pos = vim.api.nvim_win_get_cursor(0)
      result.mapCompletedLine = vim.api.nvim_buf_get_lines(0, pos[1] - 1, pos[1], false)[1]
    end,
  },
  {
    name = 'open a plain JSON file',
    run = function() vim.cmd('edit ' .. vim.fn.fnameescape(env('WIKIMAP_NVIM_JSONFILE'))) end,
    done = function() return true end,
    after = function()
      local buf = vim.api.nvim_get_current_buf()
      result.jsonFiletype = vim.bo[buf].filetype
      result.jsonClients = #vim.lsp.buf_get_clients(buf)
      result.serverCount = #wikimap_clients()
    end,
  },
  {
    name = 'open a query of another project',
    run = function() vim.cmd('edit ' .. vim.fn.fnameescape(env('WIKIMAP_NVIM_OTHERFILE'))) end,
    done = function() return #vim.lsp.buf_get_clients(vim.api.nvim_get_current_buf()) > 0 end,
    after = function()
      result.serverCountTwoProjects = #wikimap_clients()
      local roots = {}
      for _, c in ipairs(wikimap_clients()) do table.insert(roots, c.config.root_dir) end
      table.sort(roots)
      result.serverRoots = roots
    end,
  },
}

steps_lib.run(steps, result, finish, 20)

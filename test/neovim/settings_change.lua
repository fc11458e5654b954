-- A setting changed while the server runs (support/settingsChange.js): opens the query, then changes
-- `unrecognizedparams` to `off` as a person does in a running Neovim: in the settings table the client
-- holds, followed by a workspace/didChangeConfiguration notification with them (wrapped, as configured).
local out_path = os.getenv('WIKIMAP_SETTINGS_OUT')
local result = { errors = {} }

local steps_lib = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/steps.lua')
local finish = steps_lib.finisher(out_path, result)

local function unrecognized(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'unrecognizedparams' then table.insert(out, { severity = d.severity, message = d.message }) end
  end
  return out
end

local function wait(pred, what, next_step)
  local deadline = vim.loop.now() + 20000
  local function poll()
    local ok, done = pcall(pred)
    if not ok then table.insert(result.errors, what .. ': ' .. tostring(done)) return finish() end
    if done then
      local ok2, err = pcall(next_step)
      if not ok2 then table.insert(result.errors, what .. ': ' .. tostring(err)) return finish() end
      return
    end
    if vim.loop.now() > deadline then table.insert(result.errors, what .. ': not within 20 s') return finish() end
    vim.defer_fn(poll, 50)
  end
  vim.defer_fn(poll, 50)
end

vim.schedule(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('WIKIMAP_SETTINGS_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  wait(function() return #unrecognized(buf) > 0 end, 'the unrecognizedparams diagnostic', function()
    result.before = unrecognized(buf)[1].severity
    local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
    client.config.settings.wikimapQuery.diagnostics.severity.unrecognizedparams = 'off'
    client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    wait(function() return #unrecognized(buf) == 0 end, 'the change to take effect', function()
      result.after = unrecognized(buf)
      finish()
    end)
  end)
end)

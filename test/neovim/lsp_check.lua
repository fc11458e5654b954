-- Drives Neovim's own LSP client (Neovim 0.7+) against wikimap-query-server --stdio.
-- Opens a sample file, waits for diagnostics, asks for a completion and a hover, and writes what
-- it saw as JSON to $WIKIMAP_NVIM_OUT. Also the tested configuration shown in the README.
local out_path = os.getenv('WIKIMAP_NVIM_OUT')
local server_cmd = vim.split(os.getenv('WIKIMAP_NVIM_SERVER'), ' ', { plain = true })
local sample = os.getenv('WIKIMAP_NVIM_FILE')
local result = { diagnostics = {}, completion = {}, hover = '', errors = {} }

local function finish()
  local f = io.open(out_path, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end

vim.filetype = vim.filetype or {}
vim.cmd('autocmd BufRead,BufNewFile *.wikiquery setfiletype wikiquery')

vim.cmd('edit ' .. vim.fn.fnameescape(sample))
local bufnr = vim.api.nvim_get_current_buf()

local client_id = vim.lsp.start_client({
  name = 'wikimap-query',
  cmd = server_cmd,
  root_dir = vim.fn.fnamemodify(sample, ':p:h'),
  settings = { wikimapQuery = { wiki = { highLimits = false } } },
})
if not client_id then
  table.insert(result.errors, 'could not start the server')
  finish()
  return
end
vim.lsp.buf_attach_client(bufnr, client_id)

-- Wait for diagnostics (poll with a deadline; never a fixed sleep).
local ok = vim.wait(20000, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 50)
if not ok then table.insert(result.errors, 'no diagnostics within 20 s') end
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message, code = d.code, source = d.source })
end

local function request(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line, character = character } }
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  if not responses then return nil end
  for _, r in pairs(responses) do
    if r.result then return r.result end
    if r.error then table.insert(result.errors, method .. ': ' .. vim.inspect(r.error)) end
  end
  return nil
end

local cl = tonumber(os.getenv('WIKIMAP_NVIM_COMPLETE_LINE'))
local cc = tonumber(os.getenv('WIKIMAP_NVIM_COMPLETE_CHAR'))
local comp = request('textDocument/completion', cl, cc)
if comp then
  local items = comp.items or comp
  for _, it in ipairs(items) do table.insert(result.completion, it.label) end
end

local hl = tonumber(os.getenv('WIKIMAP_NVIM_HOVER_LINE'))
local hc = tonumber(os.getenv('WIKIMAP_NVIM_HOVER_CHAR'))
local hover = request('textDocument/hover', hl, hc)
if hover and hover.contents then
  local c = hover.contents
  if type(c) == 'table' then result.hover = c.value or vim.inspect(c) else result.hover = tostring(c) end
end
finish()

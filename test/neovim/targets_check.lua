-- Targets in Neovim: the documented configuration with `wiki.targets` and a `wikis` entry that is a saved
-- catalogue file (relative to the project root) set in its settings table. Opens a query file judged by
-- the setting's targets, then one whose `# targets:` line names its own, and writes the wikimap-query
-- diagnostics of each (once the saved catalogue is read: no "built-in catalogue" note left) as JSON.
local out_path = os.getenv('WIKIMAP_TARGETS_OUT')
local result = { errors = {}, steps = {}, files = {} }

local steps_lib = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/steps.lua')
local finish = steps_lib.finisher(out_path, result)

local function ours(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'wikimap-query' then
      table.insert(out, { lnum = d.lnum, code = d.code, severity = d.severity, message = d.message })
    end
  end
  return out
end

--- Diagnostics that name targets, none of them still judged by the built-in catalogue.
local function settled(buf)
  local ds = ours(buf)
  if #ds == 0 then return false end
  for _, d in ipairs(ds) do
    if not d.message:find('[on ', 1, true) or d.message:find('built-in catalogue', 1, true) then return false end
  end
  return true
end

local function open_step(name, file)
  local buf
  return {
    name = name,
    run = function()
      vim.cmd('edit ' .. vim.fn.fnameescape(file))
      buf = vim.api.nvim_get_current_buf()
    end,
    done = function() return settled(buf) end,
    after = function() result.files[name] = ours(buf) end,
  }
end

steps_lib.run({
  open_step('setting', os.getenv('WIKIMAP_TARGETS_SETTING_FILE')),
  open_step('line', os.getenv('WIKIMAP_TARGETS_LINE_FILE')),
}, result, finish, 30)

-- What the Neovim scripts share: writing what they saw as JSON and quitting, and running their steps
-- one after another from timers (each step's `run`, then polling its `done` until it holds, then its
-- `after`), never blocking the main loop, so that typed keys are processed between them. Loaded with
-- dofile() from the script's own folder.
local M = {}

--- A function that writes `result` as JSON to `out_path` and quits Neovim.
function M.finisher(out_path, result)
  return function()
    local f = io.open(out_path, 'w')
    f:write(vim.fn.json_encode(result))
    f:close()
    vim.cmd('qall!')
  end
end

--- Runs `steps` in order; a failing or late step ends the run with its name in result.errors.
function M.run(steps, result, finish, timeout_s)
  local function run_step(i)
    local step = steps[i]
    if not step then return finish() end
    local ok, err = pcall(step.run)
    if not ok then
      table.insert(result.errors, step.name .. ': ' .. tostring(err))
      return finish()
    end
    local deadline = vim.loop.now() + timeout_s * 1000
    local function poll()
      local ok2, is_done = pcall(step.done)
      if ok2 and is_done then
        if step.after then
          local ok3, err3 = pcall(step.after)
          if not ok3 then table.insert(result.errors, step.name .. ': ' .. tostring(err3)) end
        end
        table.insert(result.steps, step.name)
        return run_step(i + 1)
      end
      if not ok2 then table.insert(result.errors, step.name .. ': ' .. tostring(is_done)) return finish() end
      if vim.loop.now() > deadline then
        table.insert(result.errors, step.name .. ': not done within ' .. timeout_s .. ' s')
        return finish()
      end
      vim.defer_fn(poll, 50)
    end
    vim.defer_fn(poll, 50)
  end
  vim.schedule(function() run_step(1) end)
end

return M

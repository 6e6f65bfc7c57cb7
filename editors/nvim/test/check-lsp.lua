-- Checks the documented Neovim setup end to end, as a student would use
-- it: a wend file opened with editors/nvim on the runtime path gets the
-- filetype, highlighting, wendc's diagnostics as it is edited, `gd` into
-- the enclosing function, `K` with the type, and formatting on `:write`.
-- Run by lsp-test.sh (which needs Neovim 0.8 or later); exits Neovim with
-- status 1 and a message on the first failure.

local failures = {}

local function check(ok, what)
  if not ok then
    table.insert(failures, what)
  end
  return ok
end

local function finish()
  if #failures > 0 then
    io.stderr:write("check-lsp: " .. table.concat(failures, "\ncheck-lsp: ") .. "\n")
    vim.cmd("cquit 1")
  end
  io.stdout:write("check-lsp: all checks passed\n")
  vim.cmd("qall!")
end

local wendc = os.getenv("WENDC")
vim.g.wend_server_path = wendc

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, "p")
local file = dir .. "/nested.wend"
-- `totl` is misspelt (an error), and `count=0;` is not in fmt's layout.
vim.fn.writefile({
  "main() {",
  "    int count;",
  "    int step(int by) {",
  "        count = count + by;",
  "        return count;",
  "    }",
  "    int twice(int count) {",
  "        return count * 2;",
  "    }",
  "    count=0;",
  "    println step(2) + twice(totl);",
  "}",
}, file)

vim.cmd.edit(file)
local buffer = vim.api.nvim_get_current_buf()
check(vim.bo.filetype == "wend", "filetype is `" .. vim.bo.filetype .. "`, not wend")
check(vim.bo.shiftwidth == 4 and vim.bo.expandtab, "indentation is not 4 spaces")
local group = vim.fn.synIDattr(vim.fn.synIDtrans(vim.fn.synID(2, 5, 1)), "name")
check(group == "Type", "`int` is highlighted as `" .. group .. "`, not Type")

-- get_clients is 0.10's name for get_active_clients.
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
local attached = vim.wait(10000, function()
  return #get_clients({ bufnr = buffer, name = "wendc" }) > 0
end)
if not check(attached, "the wendc server did not attach to the buffer") then
  finish()
end

-- Diagnostics as published: the misspelt name, on line 11 (0-based 10).
local function errors()
  return vim.diagnostic.get(buffer, { severity = vim.diagnostic.severity.ERROR })
end
check(vim.wait(10000, function()
  return #errors() == 1
end), "no error for `totl`")
local first = errors()[1]
check(first and first.lnum == 10 and first.col == 28, "the error is not at 11:29")
check(first and first.message:find("cannot find variable `totl`", 1, true), "unexpected message")

-- An edit in the buffer (sent as a range): the error goes away.
vim.api.nvim_buf_set_text(buffer, 10, 28, 10, 32, { "count" })
check(vim.wait(10000, function()
  return #errors() == 0
end), "the error stayed after the fix")

-- `gd` goes where the compiler resolves the name: from `count` inside
-- `step` to main's declaration, from `count` inside `twice` to its
-- parameter (Neovim's own `gd`, a text search, finds line 2 for both).
local function go_to_definition(from, to)
  vim.api.nvim_win_set_cursor(0, from)
  vim.api.nvim_feedkeys("gd", "x", false)
  check(vim.wait(5000, function()
    local cursor = vim.api.nvim_win_get_cursor(0)
    return cursor[1] == to[1] and cursor[2] == to[2]
  end), ("gd from %d:%d did not reach %d:%d"):format(from[1], from[2], to[1], to[2]))
end
go_to_definition({ 4, 16 }, { 2, 8 })
go_to_definition({ 8, 15 }, { 7, 18 })

-- `K` shows the hover in a floating window.
vim.api.nvim_win_set_cursor(0, { 5, 16 })
vim.api.nvim_feedkeys("K", "x", false)
local hover
check(vim.wait(5000, function()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
      hover = table.concat(lines, "\n")
      return hover:find("int count", 1, true) ~= nil
    end
  end
  return false
end), "K showed no hover with `int count` (" .. tostring(hover) .. ")")

-- `:write` formats the file first.
vim.cmd("silent write")
local written = vim.fn.readfile(file)
check(written[10] == "    count = 0;", "not formatted on write: line 10 is `" .. tostring(written[10]) .. "`")

finish()

-- Neovim settings for wend files: the layout `wendc fmt` writes, comments
-- for `gc`, and the wendc language server (`wendc lsp` over stdio) through
-- Neovim's built-in client, with formatting on save. Needs Neovim 0.8 or
-- later (vim.lsp.start, vim.fs, vim.lsp.buf.format).
--
-- Options, set before the first wend file opens (e.g. in init.lua):
--   vim.g.wend_server_path = "/path/to/wendc"  -- default: wendc on PATH
--   vim.g.wend_format_on_save = false          -- default: true
--   vim.g.wend_lsp_maps = false                -- default: true: gd and K

if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = true

vim.bo.expandtab = true
vim.bo.shiftwidth = 4
vim.bo.softtabstop = 4
vim.bo.commentstring = "// %s"
vim.bo.comments = "://"
vim.b.undo_ftplugin = "setlocal expandtab< shiftwidth< softtabstop< commentstring< comments<"

local server = vim.g.wend_server_path or "wendc"
if vim.fn.executable(server) ~= 1 then
  if not vim.g.wend_server_warned then
    vim.g.wend_server_warned = true
    vim.notify(
      ("wend: %s is not executable, so no language server (set vim.g.wend_server_path)"):format(server),
      vim.log.levels.WARN
    )
  end
  return
end

local buffer = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buffer)
-- One server per project: the directory holding .git, else the file's own.
local directory = file ~= "" and vim.fs.dirname(file) or vim.fn.getcwd()
local marker = vim.fs.find(".git", { upward = true, path = directory })[1]
local root = marker and vim.fs.dirname(marker) or directory

local client_id = vim.lsp.start({
  name = "wendc",
  cmd = { server, "lsp" },
  root_dir = root,
})

-- `gd` and `K` through the server in this buffer: before 0.10 Neovim maps
-- neither to the language server (its `gd` searches the text).
if client_id and vim.g.wend_lsp_maps ~= false then
  vim.keymap.set("n", "gd", vim.lsp.buf.definition, { buffer = buffer, desc = "wend: go to definition" })
  vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buffer, desc = "wend: hover" })
  vim.b.undo_ftplugin = vim.b.undo_ftplugin .. " | silent! nunmap <buffer> gd | silent! nunmap <buffer> K"
end

if client_id and vim.g.wend_format_on_save ~= false then
  vim.api.nvim_create_autocmd("BufWritePre", {
    buffer = buffer,
    group = vim.api.nvim_create_augroup("wend_format_" .. buffer, { clear = true }),
    callback = function()
      local client = vim.lsp.get_client_by_id(client_id)
      if client and client.server_capabilities.documentFormattingProvider then
        vim.lsp.buf.format({ bufnr = buffer, id = client_id, async = false })
      end
    end,
  })
end

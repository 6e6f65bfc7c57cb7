" wend source files (Vim and Neovim).
autocmd BufRead,BufNewFile *.wend setfiletype wend

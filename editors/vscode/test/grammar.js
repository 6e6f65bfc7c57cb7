// Shared by the grammar checks: loads the wend TextMate grammar with the
// same engine VS Code uses (vscode-textmate and the Oniguruma regular
// expressions), and lists the repository's .wend files.
"use strict";

const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const grammarPath = path.join(__dirname, "..", "syntaxes", "wend.tmLanguage.json");
const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: __dirname, encoding: "utf8" }).trim();

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === "source.wend"
        ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath)
        : null,
  });
  return registry.loadGrammar("source.wend");
}

// The .wend files of the repository (tracked, or new and not ignored),
// relative to its root; the grammar's own samples are *.wend-test.
function wendFiles() {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.wend"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => f);
}

// Each line of a file with its tokens: [{ text, tokens: [{ startIndex, endIndex, scopes }] }].
function tokenize(grammar, file) {
  const lines = fs.readFileSync(path.join(root, file), "utf8").split(/\r?\n/);
  let state = vsctm.INITIAL;
  return lines.map((text) => {
    const result = grammar.tokenizeLine(text, state);
    state = result.ruleStack;
    return { text, tokens: result.tokens };
  });
}

// The scopes of the grammar token covering a column (0-based).
function scopesAt(line, column) {
  const token = line.tokens.find((t) => t.startIndex <= column && column < t.endIndex);
  return token ? token.scopes : [];
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

module.exports = { root, loadGrammar, wendFiles, tokenize, scopesAt, fail };

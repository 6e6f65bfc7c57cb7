// Highlights the repository's .wend files with the TextMate grammar. The
// sample files in this folder pin each token kind; this checks the grammar
// on real programs: no valid program may show a token scoped invalid, and
// every lexical error program (test-programs/errors/lex-*) must show one,
// except those whose literals are well-formed but out of range, which only
// the compiler can tell.
"use strict";

const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const grammarPath = path.join(__dirname, "..", "syntaxes", "wend.tmLanguage.json");
const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: __dirname, encoding: "utf8" }).trim();

async function main() {
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
  const grammar = await registry.loadGrammar("source.wend");

  const all = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.wend"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && !f.startsWith("editors/vscode/test/"));
  const valid = all.filter((f) => !f.startsWith("test-programs/errors/"));
  const lexErrors = all.filter((f) => /^test-programs\/errors\/lex-/.test(f) && !/int-/.test(path.basename(f)));
  if (valid.length === 0 || lexErrors.length === 0) {
    console.error("no .wend files found under " + root);
    process.exit(1);
  }
  let problems = 0;
  for (const file of lexErrors) {
    if (invalidTokens(grammar, root, file).length === 0) {
      problems++;
      console.error(`${file}: a lexical error the highlighting does not show`);
    }
  }
  for (const file of valid) {
    for (const t of invalidTokens(grammar, root, file)) {
      problems++;
      console.error(`${t.where}: ${JSON.stringify(t.text)} highlighted as ${t.scope} in a valid program`);
    }
  }
  if (problems > 0) {
    console.error(`${problems} problem(s)`);
    process.exit(1);
  }
  console.log(`${valid.length} valid .wend files highlight without an invalid token; ${lexErrors.length} lexical errors are shown`);
}

// The tokens of one file scoped invalid.*, with where they are.
function invalidTokens(grammar, root, file) {
  const found = [];
  const lines = fs.readFileSync(path.join(root, file), "utf8").split(/\r?\n/);
  let state = vsctm.INITIAL;
  lines.forEach((line, index) => {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      const scope = token.scopes.find((s) => s.startsWith("invalid."));
      if (scope) {
        found.push({
          where: `${file}:${index + 1}:${token.startIndex + 1}`,
          text: line.slice(token.startIndex, token.endIndex),
          scope,
        });
      }
    }
    state = result.ruleStack;
  });
  return found;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

// Highlights the repository's .wend files with the TextMate grammar. The
// sample files in this folder pin each token kind; this checks the grammar
// on real programs: no valid program may show a token scoped invalid, and
// every lexical error program (test-programs/errors/lex-*) must show one,
// except those whose literals are well-formed but out of range, which only
// the compiler can tell.
"use strict";

const { loadGrammar, wendFiles, tokenize, fail } = require("./grammar");

async function main() {
  const grammar = await loadGrammar();
  const all = wendFiles();
  const valid = all.filter((f) => !f.startsWith("test-programs/errors/"));
  const lexErrors = all.filter((f) => /^test-programs\/errors\/lex-/.test(f) && !/^lex-int-/.test(f.split("/").pop()));
  if (valid.length === 0 || lexErrors.length === 0) {
    fail("no .wend files found in the repository");
  }
  let problems = 0;
  for (const file of lexErrors) {
    if (invalidTokens(grammar, file).length === 0) {
      problems++;
      console.error(`${file}: a lexical error the highlighting does not show`);
    }
  }
  for (const file of valid) {
    for (const t of invalidTokens(grammar, file)) {
      problems++;
      console.error(`${t.where}: ${JSON.stringify(t.text)} highlighted as ${t.scope} in a valid program`);
    }
  }
  if (problems > 0) {
    fail(`${problems} problem(s)`);
  }
  console.log(`${valid.length} valid .wend files highlight without an invalid token; ${lexErrors.length} lexical errors are shown`);
}

// The tokens of one file scoped invalid.*, with where they are.
function invalidTokens(grammar, file) {
  const found = [];
  tokenize(grammar, file).forEach((line, index) => {
    for (const token of line.tokens) {
      const scope = token.scopes.find((s) => s.startsWith("invalid."));
      if (scope) {
        found.push({
          where: `${file}:${index + 1}:${token.startIndex + 1}`,
          text: line.text.slice(token.startIndex, token.endIndex),
          scope,
        });
      }
    }
  });
  return found;
}

main().catch((e) => fail(e.stack || String(e)));

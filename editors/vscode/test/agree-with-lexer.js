// Checks the TextMate grammar against the compiler's own lexer: every valid
// .wend file of the repository is split into tokens by
// `wendc build --emit tokens`, and each token must be highlighted as its
// kind (a keyword as a keyword, `-` as an operator, a string as a string up
// to its closing quote), and each comment, the text after a line's last
// token that starts with `//`, as a comment. This is what keeps the
// grammar's lexical rules those of docs/reference.md §1 and of wendc.
//
// Usage: node test/agree-with-lexer.js PATH/TO/wendc
"use strict";

const { execFileSync } = require("child_process");
const path = require("path");
const { root, loadGrammar, wendFiles, tokenize, scopesAt, fail } = require("./grammar");

const OPERATORS = new Set(["=", "+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "!"]);

// The scope prefixes a token of the lexer may be highlighted with.
function expectedScopes(kind, text) {
  switch (kind) {
    case "identifier":
      return ["entity.name.function.", "variable."];
    case "integer":
      return ["constant.numeric."];
    case "string":
      return ["string.quoted.double."];
    case "keyword":
      if (text === "int" || text === "bool") return ["storage.type."];
      if (text === "true" || text === "false") return ["constant.language.boolean."];
      if (text === "print" || text === "println") return ["keyword.other.print."];
      return ["keyword.control."];
    case "punct":
      return OPERATORS.has(text) ? ["keyword.operator."] : ["punctuation."];
    default:
      return null;
  }
}

// The length of the string literal starting at `start` of `line` (UTF-16
// units), its quotes included.
function stringLength(line, start) {
  let i = start + 1;
  while (i < line.length && line[i] !== '"') {
    i += line[i] === "\\" ? 2 : 1;
  }
  return i + 1 - start;
}

async function main() {
  const wendc = process.argv[2];
  if (!wendc) fail("usage: node test/agree-with-lexer.js PATH/TO/wendc");
  const grammar = await loadGrammar();
  const files = wendFiles().filter((f) => !f.startsWith("test-programs/errors/"));
  let problems = 0;
  let checked = 0;
  const report = (message) => {
    problems++;
    if (problems <= 50) console.error(message);
  };
  for (const file of files) {
    const listing = execFileSync(path.resolve(wendc), ["build", "--emit", "tokens", "-o", "-", file], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    const lines = tokenize(grammar, file);
    // Lexer columns count characters; JavaScript strings count UTF-16 units.
    const units = lines.map((line) => {
      const map = [0];
      for (const ch of line.text) map.push(map[map.length - 1] + ch.length);
      return map;
    });
    const lastEnd = new Map();
    for (const entry of listing.split("\n")) {
      const m = /^(\d+):(\d+) (\w+)(?: (.*))?$/.exec(entry);
      if (!m) continue;
      const [, lineNo, colNo, kind, text] = m;
      const want = expectedScopes(kind, text);
      if (!want) continue;
      const index = Number(lineNo) - 1;
      const line = lines[index];
      const start = units[index][Number(colNo) - 1];
      const length = kind === "string" ? stringLength(line.text, start) : text.length;
      for (let column = start; column < start + length; column++) {
        const scopes = scopesAt(line, column);
        checked++;
        if (!scopes.some((s) => want.some((w) => s.startsWith(w))) || scopes.some((s) => s.startsWith("comment."))) {
          report(`${file}:${lineNo}:${column + 1}: the lexer's ${kind} ${text ?? ""} is highlighted as [${scopes.join(" ")}]`);
          break;
        }
      }
      lastEnd.set(index, Math.max(lastEnd.get(index) ?? 0, start + length));
    }
    lines.forEach((line, index) => {
      const from = lastEnd.get(index) ?? 0;
      const comment = line.text.indexOf("//", from);
      if (comment < 0 || line.text.slice(from, comment).trim() !== "") return;
      for (let column = comment; column < line.text.length; column++) {
        const scopes = scopesAt(line, column);
        checked++;
        if (!scopes.some((s) => s.startsWith("comment.line."))) {
          report(`${file}:${index + 1}:${column + 1}: this comment is highlighted as [${scopes.join(" ")}]`);
          break;
        }
      }
    });
  }
  if (checked === 0) fail("no tokens checked");
  if (problems > 0) fail(`${problems} disagreement(s) between the grammar and wendc's lexer`);
  console.log(`the grammar agrees with wendc's lexer on ${checked} columns of ${files.length} files`);
}

main().catch((e) => fail(e.stack || String(e)));

// Checks that `wendc explain` colours a program's source as the TextMate
// grammar does in the colours of editors/wend-colours.json. The report does
// not run the grammar: it gives each token of wendc's lexer the grammar's
// scope for it (crates/wend-explain/src/source.rs) and a CSS class per rule
// of the theme (`tm-keyword-control` for `keyword.control`). So for every
// valid .wend file of the repository that explain accepts, every character
// of the report's source listing must carry the class of the theme rule
// that colours the grammar's scopes there, or none where no rule does.
//
// Usage: node test/agree-with-report.js PATH/TO/wendc
"use strict";

const { execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { root, loadGrammar, wendFiles, tokenize, scopesAt, fail } = require("./grammar");
const { ruleFor } = require("./theme");

const unescape = (s) => s.replace(/&(lt|gt|quot|amp|#39);/g, (_, e) => ({ lt: "<", gt: ">", quot: '"', amp: "&", "#39": "'" })[e]);

// The source listing of a report: per line, its text and the class of each
// character (UTF-16 units, as the grammar counts), null where plain.
function reportLines(html) {
  const lines = [];
  for (const [, n, body] of html.matchAll(/<div class="line" id="src-L(\d+)"[^>]*><a class="ln"[^>]*>\d+<\/a><span class="text">(.*)<\/span><\/div>$/gm)) {
    let text = "";
    const classes = [];
    for (const [, cls, inner, plain] of body.matchAll(/<span class="([^"]*)">([^<]*)<\/span>|([^<]+)/g)) {
      const piece = unescape(inner ?? plain);
      text += piece;
      for (let i = 0; i < piece.length; i++) classes.push(cls ?? null);
    }
    lines[Number(n) - 1] = { text, classes };
  }
  return lines;
}

async function main() {
  const wendc = process.argv[2];
  if (!wendc) fail("usage: node test/agree-with-report.js PATH/TO/wendc");
  const grammar = await loadGrammar();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wend-report-"));
  let problems = 0;
  let files = 0;
  let checked = 0;
  const report = (message) => {
    problems++;
    if (problems <= 50) console.error(message);
  };
  try {
    for (const file of wendFiles().filter((f) => !f.startsWith("test-programs/errors/"))) {
      const out = path.join(dir, "report.html");
      try {
        execFileSync(path.resolve(wendc), ["explain", "-O0", "--layout", "builtin", "-o", out, file], { cwd: root, stdio: "ignore" });
      } catch {
        continue; // a program with semantic errors has no report
      }
      files++;
      const shown = reportLines(fs.readFileSync(out, "utf8"));
      tokenize(grammar, file).forEach((line, index) => {
        const where = `${file}:${index + 1}`;
        const got = shown[index] ?? { text: "", classes: [] };
        if (got.text !== line.text) {
          report(`${where}: the report shows ${JSON.stringify(got.text)} for ${JSON.stringify(line.text)}`);
          return;
        }
        for (let column = 0; column < line.text.length; column++) {
          checked++;
          const scopes = scopesAt(line, column);
          const rule = ruleFor(scopes);
          const want = rule ? `tm-${rule.name.replace(/\./g, "-")}` : null;
          if (got.classes[column] !== want) {
            report(`${where}:${column + 1}: the report colours ${JSON.stringify(line.text[column])} as ${got.classes[column] ?? "plain"}, the grammar as ${want ?? "plain"} [${scopes.join(" ")}]`);
            return;
          }
        }
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (files === 0 || checked === 0) fail("no explain report checked");
  if (problems > 0) fail(`${problems} line(s) the explain report colours otherwise than the grammar`);
  console.log(`the explain report colours ${checked} characters of ${files} programs as the grammar does`);
}

main().catch((e) => fail(e.stack || String(e)));

// Checks the HTML edition that build-html.js made: every ```wend block of
// every Markdown page came out highlighted by the wend grammar, as a <pre
// data-lang="wend"> whose text is the block's text, whose tokens carry the
// grammar's scopes (a block of nothing but source.wend was left plain), and
// whose colours are those editors/wend-colours.json gives those scopes
// (editors/vscode/test/theme.js); and that every link of the pages leads to
// a page, a heading of it, or a file of the repository.
//
// Usage: node docs/gen/check-html.js [OUT_DIR]   (default target/docs-html)
"use strict";

const fs = require("fs");
const path = require("path");
const MarkdownIt = require("markdown-it");
const { bookPages, pageName } = require("./build-html");

const root = path.resolve(__dirname, "..", "..");
const docs = path.join(root, "docs");
const { theme, ruleFor } = require("../../editors/vscode/test/theme");

// The colour and font style the theme gives a scope stack (outermost first).
function styleOf(stack) {
  const rule = ruleFor(stack);
  if (!rule) return { color: theme.colors["editor.foreground"].toLowerCase(), font: "" };
  return { color: rule.settings.foreground.toLowerCase(), font: rule.settings.fontStyle ?? "" };
}

const unescape = (s) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|quot|amp|apos);/gi, (_, e) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : { lt: "<", gt: ">", quot: '"', amp: "&", apos: "'" }[e.toLowerCase()],
  );

// The wend blocks of a page: [{ text, spans: [{ style, scopes, text }] }].
function wendBlocks(html) {
  const blocks = [];
  for (const [, body] of html.matchAll(/<pre class="shiki[^"]*"[^>]*data-lang="wend"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)) {
    const spans = [];
    for (const [, style, scopes, text] of body.matchAll(/<span style="([^"]*)"(?: data-scope="([^"]*)")?>([^<]*)<\/span>/g)) {
      spans.push({ style, scopes, text: unescape(text) });
    }
    blocks.push({ text: unescape(body.replace(/<[^>]*>/g, "")), spans });
  }
  return blocks;
}

// The links of the pages that lead nowhere: a page or file that is not
// there, or a #fragment that no id of its page has.
function brokenLinks(outDir, sources) {
  const broken = [];
  const ids = new Map();
  const idsOf = (file) => {
    if (!ids.has(file)) ids.set(file, new Set([...fs.readFileSync(file, "utf8").matchAll(/ id="([^"]*)"/g)].map((m) => m[1])));
    return ids.get(file);
  };
  for (const source of sources) {
    const pageFile = path.join(outDir, pageName(source));
    if (!fs.existsSync(pageFile)) continue;
    for (const [, link] of fs.readFileSync(pageFile, "utf8").matchAll(/ (?:href|src)="([^"]*)"/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [target, fragment] = link.split("#");
      const file = target === "" ? pageFile : path.resolve(path.dirname(pageFile), decodeURI(target));
      if (!fs.existsSync(file)) broken.push(`${path.relative(root, pageFile)}: ${link} leads nowhere`);
      else if (fragment && file.endsWith(".html") && !idsOf(file).has(decodeURIComponent(fragment))) {
        broken.push(`${path.relative(root, pageFile)}: ${link} names no heading of its page`);
      }
    }
  }
  return broken;
}

function main() {
  const outDir = path.resolve(process.argv[2] ?? path.join(root, "target", "docs-html"));
  const md = new MarkdownIt({ html: true });
  const problems = [];
  let checked = 0;
  const sources = bookPages();
  for (const source of sources) {
    const want = md
      .parse(fs.readFileSync(path.join(docs, source), "utf8"), {})
      .filter((t) => t.type === "fence" && t.info.split(/\s+/)[0] === "wend")
      .map((t) => t.content.replace(/\n$/, ""));
    const pageFile = path.join(outDir, pageName(source));
    if (!fs.existsSync(pageFile)) {
      problems.push(`docs/${source}: no page ${path.relative(root, pageFile)}`);
      continue;
    }
    const got = wendBlocks(fs.readFileSync(pageFile, "utf8"));
    if (got.length !== want.length) {
      problems.push(`docs/${source}: ${want.length} wend block(s), ${got.length} highlighted in ${path.relative(root, pageFile)}`);
      continue;
    }
    got.forEach((block, b) => {
      const where = `docs/${source}, wend block ${b + 1}`;
      checked++;
      if (block.text !== want[b]) problems.push(`${where}: the page shows other text than the Markdown`);
      const scoped = block.spans.filter((s) => s.text.trim() !== "");
      if (scoped.length === 0 || scoped.every((s) => (s.scopes ?? "").split(" | ").every((st) => st === "source.wend"))) {
        problems.push(`${where}: left plain, no token scoped by the grammar`);
        return;
      }
      for (const span of scoped) {
        if (!span.scopes) {
          problems.push(`${where}: ${JSON.stringify(span.text)} has no grammar scopes`);
          continue;
        }
        const color = (/color:(#[0-9a-fA-F]+)/.exec(span.style) ?? [])[1]?.toLowerCase();
        for (const stack of span.scopes.split(" | ")) {
          const want = styleOf(stack.split(" "));
          const bold = /font-weight:bold/.test(span.style);
          if (color !== want.color || bold !== want.font.includes("bold")) {
            problems.push(`${where}: ${JSON.stringify(span.text)} [${stack}] is ${span.style}, the colours say ${want.color} ${want.font}`);
          }
        }
      }
    });
  }
  if (checked === 0) problems.push("no wend block found in docs/");
  problems.push(...brokenLinks(outDir, sources));
  for (const p of problems.slice(0, 50)) console.error(p);
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in the HTML edition`);
    process.exit(1);
  }
  console.log(`${checked} wend blocks of ${sources.length} pages highlighted by the grammar in the theme's colours`);
}

main();

// Builds the HTML edition of the book: every docs/*.md (and docs/labs/*.md)
// becomes a page under target/docs-html/, with each ```wend block highlighted
// by the wend TextMate grammar of the VS Code extension
// (editors/vscode/syntaxes/wend.tmLanguage.json) in the colours of
// editors/wend-colours.json, which the explain report uses too. shiki runs
// the grammar with Oniguruma, the regular expressions VS Code uses, so a
// block looks here as it does in the editor. Links between chapters point
// at the pages; links to other files of the repository point at the files.
//
// Each highlighted token carries its grammar scopes (data-scope) so that
// check-html.js can tell a highlighted block from a plain one, and check
// its colour against its scopes.
//
// Usage: node docs/gen/build-html.js [OUT_DIR]   (default target/docs-html)
"use strict";

const fs = require("fs");
const path = require("path");
const MarkdownIt = require("markdown-it");

const root = path.resolve(__dirname, "..", "..");
const docs = path.join(root, "docs");
const grammarPath = path.join(root, "editors", "vscode", "syntaxes", "wend.tmLanguage.json");
const themePath = path.join(root, "editors", "wend-colours.json");

// The Markdown files of the book, relative to docs/.
function bookPages() {
  const pages = [];
  for (const dir of ["", "labs"]) {
    const abs = path.join(docs, dir);
    if (!fs.existsSync(abs)) continue;
    for (const name of fs.readdirSync(abs).sort()) {
      if (name.endsWith(".md")) pages.push(path.join(dir, name));
    }
  }
  return pages;
}

// The page a Markdown file becomes: README.md is the index of its folder.
function pageName(md) {
  return path.basename(md) === "README.md" ? path.join(path.dirname(md), "index.html") : md.replace(/\.md$/, ".html");
}

function readJson(file, what) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`cannot read ${what} ${path.relative(root, file)}: ${e.message}`);
  }
}

async function highlighter() {
  const { createHighlighterCore } = await import("shiki/core");
  const { createOnigurumaEngine } = await import("shiki/engine/oniguruma");
  const grammar = readJson(grammarPath, "the wend grammar");
  const theme = readJson(themePath, "the wend colours");
  if (grammar.scopeName !== "source.wend") throw new Error(`${grammarPath}: not the wend grammar`);
  return {
    theme: theme.name,
    shiki: await createHighlighterCore({
      themes: [theme],
      langs: [{ ...grammar, name: "wend" }],
      engine: createOnigurumaEngine(import("shiki/wasm")),
    }),
  };
}

// A link of a page as it must read from the HTML edition: a chapter's .md
// becomes its page, anything else of the repository is reached from OUT_DIR.
function rewriteLink(href, fromMd, pages, outDir) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#") || href.startsWith("/")) return href;
  const [target, fragment] = href.split(/(?=#)/);
  const fromDir = path.dirname(fromMd);
  const inDocs = path.normalize(path.join(fromDir, target));
  if (pages.includes(inDocs)) {
    return path.relative(fromDir, pageName(inDocs)).split(path.sep).join("/") + (fragment ?? "");
  }
  if (inDocs.startsWith("images" + path.sep)) return href;
  const file = path.join(docs, inDocs);
  const pageDir = path.join(outDir, fromDir);
  let rel = path.relative(pageDir, file).split(path.sep).join("/");
  if (target.endsWith("/") && !rel.endsWith("/")) rel += "/";
  return rel + (fragment ?? "");
}

function renderer({ shiki, theme }, pages, outDir) {
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  md.options.highlight = (code, info) => {
    if (info.split(/\s+/)[0] !== "wend") return "";
    return shiki.codeToHtml(code.replace(/\n$/, ""), {
      lang: "wend",
      theme,
      includeExplanation: true,
      transformers: [
        {
          pre(node) {
            node.properties["data-lang"] = "wend";
          },
          // The scope stack of each piece of text the token covers (shiki
          // merges neighbours of one colour), innermost last, "|" between.
          span(node, _line, _col, _lineElement, token) {
            const stacks = (token.explanation ?? []).map((part) => part.scopes.map((s) => s.scopeName).join(" "));
            node.properties["data-scope"] = [...new Set(stacks)].join(" | ");
          },
        },
      ],
    });
  };
  // Headings get ids as GitHub gives them, so #fragment links keep working.
  md.core.ruler.push("heading_ids", (state) => {
    const seen = new Map();
    state.tokens.forEach((token, i) => {
      if (token.type !== "heading_open") return;
      const text = state.tokens[i + 1].children.map((c) => c.content).join("");
      let id = text.toLowerCase().trim().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      if (n > 0) id += `-${n}`;
      token.attrSet("id", id);
    });
  });
  return (source, fromMd) => {
    const env = {};
    const tokens = md.parse(source, env);
    const visit = (list) => {
      for (const token of list) {
        if (token.type === "link_open") token.attrSet("href", rewriteLink(token.attrGet("href"), fromMd, pages, outDir));
        if (token.type === "image") token.attrSet("src", rewriteLink(token.attrGet("src"), fromMd, pages, outDir));
        if (token.children) visit(token.children);
      }
    };
    visit(tokens);
    const title = (tokens.find((t, i) => i > 0 && tokens[i - 1].type === "heading_open" && t.type === "inline") ?? {}).content;
    return { title: title ?? fromMd, body: md.renderer.render(tokens, md.options, env) };
  };
}

const STYLE = `
body { max-width: 52rem; margin: 2rem auto; padding: 0 1rem; font: 16px/1.55 system-ui, sans-serif; color: #1f2328; }
nav { font-size: 0.9rem; margin-bottom: 1.5rem; }
pre { padding: 0.7rem 1rem; border-radius: 6px; overflow-x: auto; font-size: 14px; line-height: 1.45; background: #f6f8fa; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
:not(pre) > code { background: #eff1f3; padding: 0.1em 0.3em; border-radius: 4px; font-size: 0.9em; }
table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: 0.3rem 0.6rem; }
img { max-width: 100%; }
`;

function page(title, body, fromMd) {
  const index = path.relative(path.dirname(fromMd), "index.html").split(path.sep).join("/");
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}</title>
<style>${STYLE}</style>
</head>
<body>
<nav><a href="${index}">The wendc book</a></nav>
<main>
${body}</main>
</body>
</html>
`;
}

async function main() {
  const outDir = path.resolve(process.argv[2] ?? path.join(root, "target", "docs-html"));
  const pages = bookPages();
  if (pages.length === 0) throw new Error("no Markdown files in docs/");
  const render = renderer(await highlighter(), pages, outDir);
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const md of pages) {
    const { title, body } = render(fs.readFileSync(path.join(docs, md), "utf8"), md);
    const out = path.join(outDir, pageName(md));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, page(title, body, md));
  }
  const images = path.join(docs, "images");
  if (fs.existsSync(images)) fs.cpSync(images, path.join(outDir, "images"), { recursive: true });
  console.log(`${pages.length} pages in ${path.relative(process.cwd(), outDir) || "."}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`build-html.js: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { bookPages, pageName };

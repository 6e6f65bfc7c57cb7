// The `wendc explain` report in a real headless Chromium: selecting a pass
// shows the CFG and tables of that pass's IR; hovering a source line lights
// up its IR and assembly lines.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { launch, strictPage, explain } = require("./lib.js");

let browser, report;
const errors = [];
before(async () => {
  browser = await launch();
  // `verbose` is never set: after mem2reg, sccp folds its branch away.
  const source = "main() {\n    int i;\n    bool verbose;\n    while i < 3 {\n        i = i + 1;\n" +
    "        if verbose {\n            println 0;\n        }\n    }\n    println i;\n}\n";
  report = explain(source, ["-O1"]);
});
after(async () => {
  if (browser) { await browser.close(); }
  if (report) { report.cleanup(); }
  assert.deepEqual(errors, [], "the page reported errors");
});

/// The visible CFG panel of `main`: its heading and block count.
function visibleCfg(page) {
  return page.$eval("#fn-main", (section) => {
    const shown = Array.from(section.querySelectorAll(".stage-group")).filter((g) => g.offsetParent !== null);
    const drawing = shown.find((g) => g.querySelector("svg.cfg"));
    const tables = shown.find((g) => g.querySelector("table.dom"));
    return {
      shown: shown.length,
      head: drawing.querySelector(".stage-head").textContent,
      blocks: drawing.querySelectorAll("svg.cfg g.block, svg.cfg g[class^='block ']").length,
      rows: tables.querySelectorAll("table.dom tbody tr").length,
      on: tables.querySelector("h4 .after").textContent,
    };
  });
}

test("selecting a pass changes the drawn CFG and its tables", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(report.url + "?stage=0");
  const input = await visibleCfg(page);
  assert.match(input.head, /the IR of input/);
  await page.click('label[for="stage-1"]');
  const promoted = await visibleCfg(page);
  assert.match(promoted.head, /after mem2reg/);
  await page.click(`label[for="stage-${await page.$$eval('input[name="stage"]', (r) => r.length - 1)}"]`);
  const last = await visibleCfg(page);
  // One drawing and one set of tables shown, of the same IR.
  for (const cfg of [input, promoted, last]) {
    assert.equal(cfg.shown, 2);
    assert.equal(cfg.blocks, cfg.rows);
  }
  assert.match(input.on, /on the input IR/);
  assert.match(promoted.on, /on the IR after mem2reg/);
  assert.ok(last.blocks < input.blocks, `${last.blocks} < ${input.blocks}`);
  await page.close();
});

test("hovering a source line lights up its IR and assembly", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(report.url);
  await page.hover("#src-L5");
  const lit = await page.$$eval(".hl", (els) => els.filter((e) => e.offsetParent !== null).map((e) =>
    [e.closest(".stage-panel") ? "ir" : e.closest(".asm-code") ? "asm" : e.closest("#source") ? "source" : "other", e.dataset.line]));
  const where = new Set(lit.map(([w]) => w));
  assert.ok(where.has("source") && where.has("ir") && where.has("asm"), JSON.stringify(lit));
  assert.ok(lit.every(([, line]) => line === "5"), JSON.stringify(lit));
  await page.close();
});

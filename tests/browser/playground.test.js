// `wendc playground` in a real headless Chromium: typing updates the
// diagnostics, the IR and the output; selecting a pass changes the drawn
// CFG; hovering a source line lights up its IR and assembly lines; a
// shared link restores the same view.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { launch, strictPage, startPlayground } = require("./lib.js");

let browser, server;
const errors = [];
before(async () => {
  server = await startPlayground();
  browser = await launch();
});
after(async () => {
  if (browser) { await browser.close(); }
  if (server) { await server.stop(); }
  assert.deepEqual(errors, [], "the page reported errors");
});

// `verbose` is never set: after mem2reg, sccp folds its branch away.
// (It prints 385; the page's example prints 285, so a test cannot
// mistake the example's output for its own.)
const LOOP = [
  "main() {",
  "    int i;",
  "    int sum;",
  "    bool verbose;",
  "    while i < 11 {",
  "        sum = sum + i * i;",
  "        i = i + 1;",
  "        if verbose {",
  "            println i;",
  "        }",
  "    }",
  "    println sum;",
  "}",
  "",
].join("\n");

/// Replaces the editor's text as a user would: select all, type.
async function typeProgram(page, text) {
  await page.click("#source");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

async function waitCompiled(page) {
  await page.waitForFunction(() => /^(compiled|errors)/.test(document.getElementById("status").textContent));
}

/// The number of blocks in the CFG drawn now.
function blockCount(page) {
  return page.$$eval("#view-cfg svg.cfg g.block, #view-cfg svg.cfg g[class^='block ']", (gs) => gs.length);
}

test("typing updates the diagnostics, the IR and the output", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(server.url);
  await waitCompiled(page);
  await typeProgram(page, LOOP);
  await page.waitForFunction(() => document.getElementById("output").textContent.startsWith("385\n"));
  assert.match(await page.textContent("#view-ir"), /define i32 @main\(\)/);
  assert.equal(await page.textContent("#diagnostics"), "");

  // Break line 6: `i * true` is a type error, shown at its line as typed.
  await page.click("#source");
  await page.keyboard.press("Control+End");
  const text = LOOP.replace("sum + i * i;", "sum + i * true;");
  await typeProgram(page, text);
  await page.waitForSelector("#diagnostics pre.error");
  assert.match(await page.textContent("#diagnostics"), /error: mismatched types[\s\S]*playground\.wend:6:/);
  assert.equal(await page.getAttribute("#gutter div:nth-child(6)", "class"), "error");
  assert.match(await page.textContent("#highlight .line:nth-child(6) .inline-diag"), /mismatched types/);
  assert.equal(await page.textContent("#highlight .line:nth-child(6) .squiggle"), "true");

  // A declaration with an initial value: the help line comes with it.
  await typeProgram(page, "main() {\n    int x = 1;\n    println x;\n}\n");
  await page.waitForFunction(() => /help: declare/.test(document.getElementById("diagnostics").textContent));

  // Fixed again: no diagnostics, new IR, new output.
  await typeProgram(page, LOOP.replace("i * i", "i"));
  await page.waitForFunction(() => document.getElementById("output").textContent.startsWith("55\n"));
  assert.equal(await page.textContent("#diagnostics"), "");
  assert.doesNotMatch(await page.textContent("#view-ir"), /mul i32/);
  await page.close();
});

test("selecting a pass changes the drawn CFG", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(server.url);
  await waitCompiled(page);
  await typeProgram(page, LOOP);
  await page.waitForFunction(() => document.getElementById("output").textContent.startsWith("385\n"));
  // -O2's last stage: the loop in SSA, simplified.
  const last = await blockCount(page);
  const lastSvg = await page.innerHTML("#view-cfg");
  await page.click('#stages button[data-stage="0"]');
  await page.waitForFunction(() => /the IR of/.test(document.getElementById("view-cfg").textContent));
  const first = await blockCount(page);
  assert.notEqual(await page.innerHTML("#view-cfg"), lastSvg);
  assert.ok(first > last, `input has ${first} blocks, the end ${last}`);
  assert.equal(await page.getAttribute('#stages button[data-stage="0"]', "aria-pressed"), "true");
  // mem2reg: phis appear in the drawing, and the tables are of that IR.
  await page.click('#stages button:text-is("mem2reg")');
  await page.waitForFunction(() => /after mem2reg/.test(document.getElementById("view-cfg").textContent));
  assert.ok(await page.$("#view-cfg svg.cfg .phi-band"));
  await page.selectOption("#view-b", "analyses");
  assert.match(await page.textContent("#pane-b"), /on the IR after mem2reg/);
  await page.close();
});

test("hovering a source line lights up its IR and assembly", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(server.url);
  await waitCompiled(page);
  await typeProgram(page, LOOP);
  await page.waitForFunction(() => document.getElementById("output").textContent.startsWith("385\n"));
  await page.selectOption("#view-b", "asm");
  // The pointer on line 7 of the editor (`i = i + 1;`).
  const box = await page.locator("#source").boundingBox();
  const lineHeight = 21, padding = 8;
  await page.mouse.move(box.x + 60, box.y + padding + lineHeight * 6.5);
  await page.waitForSelector('#highlight .line.hl[data-line="7"]');
  const lit = await page.$$eval(".hl", (els) => els.map((e) => [e.closest(".view, #editor").id, e.dataset.line]));
  const where = new Set(lit.map(([id]) => id));
  assert.ok(where.has("editor") && where.has("view-ir") && where.has("view-asm"), JSON.stringify(lit));
  assert.ok(lit.every(([, line]) => line === "7"), JSON.stringify(lit));
  // The IR line lit is the add of `i + 1`.
  assert.match(await page.textContent("#view-ir .hl"), /add i32 %i/);
  // And the other way round: an assembly line lights its source line.
  await page.hover('#view-asm .al.ins[data-line="6"]');
  await page.waitForSelector('#highlight .line.hl[data-line="6"]');
  assert.equal(await page.$('#highlight .line.hl[data-line="7"]'), null);
  await page.close();
});

test("a shared link opens the same view", async () => {
  const page = await strictPage(browser, errors);
  await page.goto(server.url);
  await waitCompiled(page);
  await typeProgram(page, LOOP);
  await page.selectOption("#level", "custom");
  await page.fill("#passes", "mem2reg,sccp,dce");
  await page.waitForFunction(() => document.querySelectorAll("#stages button").length === 4);
  await page.click('#stages button[data-stage="1"]');
  await page.waitForFunction(() => /after mem2reg/.test(document.getElementById("view-cfg").textContent));
  await page.selectOption("#view-a", "analyses");
  await page.selectOption("#view-b", "ir");
  const link = page.url();
  const ir = await page.innerHTML("#view-ir");

  const other = await strictPage(browser, errors);
  await other.goto(link);
  await other.waitForFunction(() => /after mem2reg/.test(document.getElementById("view-cfg").textContent));
  assert.equal(await other.inputValue("#source"), LOOP);
  assert.equal(await other.inputValue("#level"), "custom");
  assert.equal(await other.inputValue("#passes"), "mem2reg,sccp,dce");
  assert.equal(await other.inputValue("#view-a"), "analyses");
  assert.equal(await other.inputValue("#view-b"), "ir");
  assert.equal(await other.getAttribute('#stages button[data-stage="1"]', "aria-pressed"), "true");
  assert.equal(await other.innerHTML("#view-ir"), ir);
  assert.ok(await other.$("#pane-a #view-analyses"));
  await other.close();
  await page.close();
});

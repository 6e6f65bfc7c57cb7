// The report's step-through of algorithm traces (crates/wend-explain/src/
// trace_view.rs): choosing an algorithm, stepping with the buttons and the
// keyboard changes the highlighted block of the CFG and the state table.
// The expected steps are worked out from the programs by hand, as in the
// chapters that trace them (docs/05-mem2reg.md, docs/08-leaving-ssa.md).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { explain, launch, open } from "./explain.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** What the step-through of function `fn` shows now. */
async function state(page, fn) {
  return page.evaluate((fn) => {
    const view = document.querySelector(`.trace-view[data-function="${fn}"]`);
    const visible = [...view.querySelectorAll(".tv-cfg")].filter((d) => !d.hidden);
    const lit = visible.length === 1
      ? [...visible[0].querySelectorAll("g.block.tv-here text.title")]
          .map((t) => t.firstChild.nodeValue.trim().replace(/:$/, ""))
      : null;
    return {
      drawings: visible.length,
      blocks: visible.length === 1
        ? [...visible[0].querySelectorAll("g.block text.title")].map((t) => t.firstChild.nodeValue.trim().replace(/:$/, ""))
        : [],
      lit,
      pos: view.querySelector(".tv-pos").textContent,
      text: view.querySelector(".tv-text").textContent,
      rows: [...view.querySelectorAll(".tv-state tr")].map((tr) => [...tr.children].map((c) => c.textContent)),
      prevDisabled: view.querySelector(".tv-prev").disabled,
      nextDisabled: view.querySelector(".tv-next").disabled,
    };
  }, fn);
}

test("stepping through mem2reg's renaming of the Collatz loop", async () => {
  const report = explain("docs/examples/collatz.wend");
  try {
    const { page, errors } = await open(browser, report.url);
    const view = '.trace-view[data-function="main"]';
    await page.selectOption(`${view} .tv-pick`, "rename");
    let s = await state(page, "main");
    // The walk enters the 7 blocks of the dominator tree, entry first:
    // n and steps hold undef on entry, and entry stores 0 then 6 to n.
    assert.equal(s.drawings, 1);
    assert.equal(s.pos, "step 1 of 7");
    assert.deepEqual(s.lit, ["entry"]);
    assert.ok(s.prevDisabled);
    assert.deepEqual(s.rows, [["variable", "on entry", "now"], ["n", "undef", "6"], ["steps", "undef", "0"]]);

    await page.click(`${view} .tv-next`);
    s = await state(page, "main");
    // The loop header: n arrives as 6, and its phi %n defines it.
    assert.equal(s.pos, "step 2 of 7");
    assert.deepEqual(s.lit, ["while.cond"]);
    assert.match(s.text, /^Enter while\.cond \(dominator-tree path entry > while\.cond\)/);
    assert.deepEqual(s.rows[1], ["n", "6", "%n"]);

    // The keyboard steps the view last used: `.` next, `,` previous.
    await page.keyboard.press(".");
    await page.keyboard.press(".");
    s = await state(page, "main");
    // while.body, then its first child in the dominator tree, if.then,
    // where n becomes the quotient.
    assert.deepEqual(s.lit, ["if.then"]);
    assert.deepEqual(s.rows[1], ["n", "%n", "%div"]);
    await page.keyboard.press(",");
    s = await state(page, "main");
    assert.deepEqual(s.lit, ["while.body"]);

    // Another algorithm starts again from its first step.
    await page.selectOption(`${view} .tv-pick`, "dominators");
    s = await state(page, "main");
    assert.equal(s.pos, "step 1 of 3");
    assert.deepEqual(s.rows.slice(0, 3), [["block", "immediate dominator"], ["entry", "entry"], ["while.cond", "?"]]);
    await page.click(`${view} .tv-next`);
    s = await state(page, "main");
    // Round 1 finds every immediate dominator: every block but the entry changes.
    assert.deepEqual(s.lit.sort(), ["if.else", "if.end", "if.then", "while.body", "while.cond", "while.end"]);
    assert.deepEqual(s.rows[2], ["while.cond", "entry"]);
    assert.deepEqual(errors, []);
  } finally {
    report.remove();
  }
});

test("linear scan and leaving SSA are drawn on the CFG with the critical edge split", async () => {
  const report = explain("docs/examples/pick.wend");
  try {
    const { page, errors } = await open(browser, report.url);
    const fn = "main.pick";
    const view = `.trace-view[data-function="${fn}"]`;
    await page.selectOption(`${view} .tv-pick`, "rename");
    let s = await state(page, fn);
    assert.ok(!s.blocks.includes("entry.to.if.end"), "the input CFG has no split edge");

    await page.selectOption(`${view} .tv-pick`, "out-of-ssa");
    s = await state(page, fn);
    // entry -> if.end is critical (entry branches, if.end joins): split first.
    assert.ok(s.blocks.includes("entry.to.if.end"), s.blocks.join(" "));
    assert.deepEqual(s.lit, ["entry.to.if.end"]);
    assert.match(s.text, /^The edge entry -> if\.end is split by the new block entry\.to\.if\.end\./);

    await page.selectOption(`${view} .tv-pick`, "linear-scan");
    s = await state(page, fn);
    // The first interval is a parameter's, defined on entry.
    assert.equal(s.pos.replace(/ of \d+$/, ""), "step 1");
    assert.deepEqual(s.lit, ["entry"]);
    assert.deepEqual(s.rows, [["register", "active interval"]], "nothing is active before the first interval");
    assert.match(s.text, /It gets %/);
    // Step to the end: some later interval starts in another block, with a
    // register active there.
    const seen = new Set();
    let sawActive = false;
    for (;;) {
      seen.add(s.lit.join());
      sawActive ||= s.rows.length > 1;
      if (s.nextDisabled) { break; }
      await page.click(`${view} .tv-next`);
      s = await state(page, fn);
    }
    assert.ok(seen.size > 1, `only ${[...seen]} highlighted`);
    assert.ok(sawActive);
    assert.deepEqual(errors, []);
  } finally {
    report.remove();
  }
});

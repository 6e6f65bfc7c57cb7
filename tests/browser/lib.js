// Helpers of the browser tests: a real headless Chromium (Debian's
// `chromium`, driven by playwright-core) and the wendc binary under test
// ($WENDC, default target/debug/wendc).
"use strict";
const { chromium } = require("playwright-core");
const { spawn, spawnSync, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const readline = require("node:readline");

const ROOT = path.resolve(__dirname, "../..");
const WENDC = path.resolve(ROOT, process.env.WENDC || "target/debug/wendc");

/// The Chromium to drive: $CHROMIUM, or the first of Debian's names found.
function chromiumPath() {
  if (process.env.CHROMIUM) { return process.env.CHROMIUM; }
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim()) { return found.stdout.trim(); }
  }
  throw new Error("no Chromium found: apt-get install chromium (or set CHROMIUM)");
}

async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Root (CI) has no user namespace sandbox to use.
    args: process.getuid && process.getuid() === 0 ? ["--no-sandbox"] : [],
  });
}

/// A page that fails the test on any script error or console error.
async function strictPage(browser, errors) {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") { errors.push(`console: ${m.text()}`); } });
  return page;
}

/// Starts `wendc playground --port 0 ARGS`; resolves to {url, stop}.
function startPlayground(args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(WENDC, ["playground", "--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
    child.on("error", reject);
    const lines = readline.createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const match = /http:\/\/[^/\s]+\//.exec(line);
      if (!match) { reject(new Error(`no address in ${line}`)); return; }
      resolve({
        url: match[0],
        stop: () => new Promise((done) => { child.once("exit", done); child.kill("SIGTERM"); }),
      });
    });
  });
}

/// Writes `source` to a temporary file and runs `wendc explain ARGS` on it;
/// the report's file URL.
function explain(source, args = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wend-browser-"));
  const file = path.join(dir, "prog.wend");
  fs.writeFileSync(file, source);
  const out = path.join(dir, "prog.html");
  execFileSync(WENDC, ["explain", file, "-o", out, ...args]);
  return { url: "file://" + out, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

module.exports = { launch, strictPage, startPlayground, explain, WENDC };

// Shared by the browser tests: the compiler, a report written by
// `wendc explain`, and Debian's Chromium driven by playwright-core.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// WENDC is relative to the working directory, as a shell would take it.
const wendc = process.env.WENDC ? path.resolve(process.env.WENDC) : path.join(root, "target/debug/wendc");

/** Writes the report of `program` (relative to the repository root) into a
 * fresh directory; returns its file URL and a function removing it. */
export function explain(program, ...flags) {
  const dir = mkdtempSync(path.join(tmpdir(), "wendc-browser-"));
  const out = path.join(dir, "report.html");
  execFileSync(wendc, ["explain", ...flags, path.join(root, program), "-o", out], { stdio: "inherit" });
  return { url: pathToFileURL(out).href, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Debian's Chromium, headless; CHROMIUM overrides where it is. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
}

/** A page that fails the test on any script error or console error. */
export async function open(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") { errors.push(m.text()); } });
  await page.goto(url);
  return { page, errors };
}

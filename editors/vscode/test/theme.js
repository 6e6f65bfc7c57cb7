// The colour theme editors/wend-colours.json, which the HTML book
// (docs/gen/) and the explain report (crates/wend-explain/src/colours.rs)
// colour wend with, and TextMate's rule for which of its rules colours a
// token: the innermost scope of the token's stack that a rule names, and of
// the rules naming it, the one with the longest name (a name covers the
// scopes that start with it and a dot). No dependencies: docs/gen/ uses it
// too.
"use strict";

const fs = require("fs");
const path = require("path");

const themePath = path.join(__dirname, "..", "..", "wend-colours.json");
const theme = JSON.parse(fs.readFileSync(themePath, "utf8"));

// The rule colouring a scope stack (outermost first): { name, settings }, or
// null when the text keeps the editor's foreground.
function ruleFor(stack) {
  for (const scope of [...stack].reverse()) {
    let best = null;
    for (const rule of theme.tokenColors) {
      for (const name of [].concat(rule.scope)) {
        if ((scope === name || scope.startsWith(name + ".")) && (!best || name.length > best.name.length)) {
          best = { name, settings: rule.settings };
        }
      }
    }
    if (best) return best;
  }
  return null;
}

module.exports = { theme, ruleFor };

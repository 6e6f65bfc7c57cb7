// wendc explain: optional enhancements. Everything is readable without
// this script; it adds keyboard shortcuts (link.js adds the hover links).
(function () {
  "use strict";
  document.documentElement.dataset.js = "on";

  var stages = Array.prototype.slice.call(document.querySelectorAll('input[name="stage"]'));
  function selectStage(delta) {
    var current = stages.findIndex(function (r) { return r.checked; });
    var next = Math.min(stages.length - 1, Math.max(0, current + delta));
    if (next !== current) {
      stages[next].checked = true;
    }
  }
  // `?stage=mem2reg` (the first pass of that name) or `?stage=3` selects a
  // stage on load, so lecture notes can link to one.
  var wanted = new URLSearchParams(window.location.search).get("stage");
  if (wanted !== null) {
    var chosen = /^[0-9]+$/.test(wanted)
      ? stages[Number(wanted)]
      : stages.find(function (r) { return r.dataset.pass === wanted; });
    if (chosen) { chosen.checked = true; }
  }
  function flip(id) {
    var box = document.getElementById(id);
    if (box) { box.checked = !box.checked; }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type === "text"))) { return; }
    switch (event.key) {
      case "[": selectStage(-1); break;
      case "]": selectStage(1); break;
      case "b": flip("show-back"); break;
      case "d": flip("show-dom"); break;
      default: return;
    }
    event.preventDefault();
  });
})();

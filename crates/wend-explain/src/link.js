// Source, IR and assembly lines linked by colour: every element with
// `data-line="N"` comes from source line N. Hovering one fills all those
// of the same line (in every pane), and scrolls the other panes that can
// scroll to the first of them. Shared by `wendc explain` and
// `wendc playground` (which replaces the panes' content: hence one
// listener on the document, not one per line).
(function () {
  "use strict";
  var lit = [];
  function clear() {
    lit.forEach(function (e) { e.classList.remove("hl"); });
    lit = [];
  }
  function scrollPane(element) {
    for (var pane = element.parentElement; pane && pane !== document.body; pane = pane.parentElement) {
      var style = window.getComputedStyle(pane);
      if ((style.overflowY === "auto" || style.overflowY === "scroll") && pane.scrollHeight > pane.clientHeight) {
        var top = element.getBoundingClientRect().top - pane.getBoundingClientRect().top;
        if (top < 24 || top > pane.clientHeight - 24) {
          pane.scrollTop = Math.max(0, pane.scrollTop + top - pane.clientHeight / 3);
        }
        return pane;
      }
    }
    return null;
  }
  // `row`: the element hovered, whose own pane is not scrolled; the
  // playground's editor passes its own line numbers (`window.wendLink`).
  function light(line, row) {
    clear();
    lit = Array.prototype.slice.call(document.querySelectorAll('[data-line="' + line + '"]'));
    lit.forEach(function (e) { e.classList.add("hl"); });
    var own = null;
    for (var p = row ? row.parentElement : null; p && !own; p = p.parentElement) {
      if (p.scrollHeight > p.clientHeight && /auto|scroll/.test(window.getComputedStyle(p).overflowY)) { own = p; }
    }
    var done = [];
    lit.forEach(function (e) {
      if (e.offsetParent === null) { return; } // hidden: another stage
      if (own && own.contains(e)) { return; }
      for (var i = 0; i < done.length; i++) { if (done[i].contains(e)) { return; } }
      var pane = scrollPane(e);
      if (pane) { done.push(pane); }
    });
  }
  var current = null;
  document.addEventListener("mouseover", function (event) {
    var row = event.target.closest ? event.target.closest("[data-line]") : null;
    if (row === current) { return; }
    current = row;
    if (row) { light(row.dataset.line, row); } else { clear(); }
  });
  document.addEventListener("mouseleave", function () { current = null; clear(); });
  window.wendLink = { light: light, clear: clear };
})();

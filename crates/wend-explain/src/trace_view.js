// wendc explain: the step-through of algorithm traces (trace_view.rs).
// Each function's .trace-view holds its CFG drawings and, per algorithm,
// the steps as JSON: the blocks to highlight, what the step did, and the
// state after it as a table. Keys: `.` next step, `,` previous step.
(function () {
  "use strict";
  var views = Array.prototype.slice.call(document.querySelectorAll(".trace-view"));
  var current = null;

  function blockName(group) {
    var title = group.querySelector("text.title");
    return title && title.firstChild ? title.firstChild.nodeValue.trim().replace(/:$/, "") : "";
  }

  views.forEach(function (view) {
    var pick = view.querySelector(".tv-pick");
    var prev = view.querySelector(".tv-prev");
    var next = view.querySelector(".tv-next");
    var pos = view.querySelector(".tv-pos");
    var text = view.querySelector(".tv-text");
    var table = view.querySelector(".tv-state");
    var steps = [];
    var drawing = null;
    var at = 0;

    function cell(tag, value) {
      var element = document.createElement(tag);
      element.textContent = value;
      return element;
    }

    function show() {
      var step = steps[at];
      pos.textContent = steps.length ? "step " + (at + 1) + " of " + steps.length : "no steps";
      prev.disabled = at <= 0;
      next.disabled = at >= steps.length - 1;
      text.textContent = step ? step.text : "";
      table.textContent = "";
      if (step) {
        var head = document.createElement("tr");
        step.header.forEach(function (h) { head.appendChild(cell("th", h)); });
        table.appendChild(head);
        step.rows.forEach(function (row) {
          var tr = document.createElement("tr");
          row.forEach(function (c) { tr.appendChild(cell("td", c)); });
          table.appendChild(tr);
        });
      }
      if (drawing) {
        Array.prototype.forEach.call(drawing.querySelectorAll("g.block"), function (g) {
          var here = step && step.blocks.indexOf(blockName(g)) >= 0;
          g.classList.toggle("tv-here", here);
        });
      }
    }

    function load() {
      var data = view.querySelector('.tv-steps[data-trace="' + pick.value + '"]');
      steps = data ? JSON.parse(data.textContent) : [];
      Array.prototype.forEach.call(view.querySelectorAll(".tv-cfg"), function (d) {
        d.hidden = !data || d.dataset.drawing !== data.dataset.drawing;
        if (!d.hidden) { drawing = d; }
      });
      at = 0;
      show();
    }

    function go(delta) {
      var to = Math.min(steps.length - 1, Math.max(0, at + delta));
      if (to !== at) { at = to; show(); }
      current = api;
    }
    var api = { go: go };

    pick.addEventListener("change", function () { load(); current = api; });
    prev.addEventListener("click", function () { go(-1); });
    next.addEventListener("click", function () { go(1); });
    view.addEventListener("focusin", function () { current = api; });
    load();
  });

  document.addEventListener("keydown", function (event) {
    if (!current || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === ".") { current.go(1); } else if (event.key === ",") { current.go(-1); } else { return; }
    event.preventDefault();
  });
})();

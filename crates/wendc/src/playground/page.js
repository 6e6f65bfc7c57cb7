// wendc playground: the editor, the requests, the panes and the URL.
// Plain DOM, no library: the page must work from the binary alone.
(function () {
  "use strict";
  var settings = WEND_SETTINGS;
  var $ = function (id) { return document.getElementById(id); };
  var source = $("source"), highlight = $("highlight"), gutter = $("gutter");

  var EXAMPLE = [
    "main() {",
    "    int i;",
    "    int sum;",
    "",
    "    int square(int x) {",
    "        return x * x;",
    "    }",
    "",
    "    // The sum of the squares below ten.",
    "    while i < 10 {",
    "        sum = sum + square(i);",
    "        i = i + 1;",
    "    }",
    "    println sum;",
    "}",
    ""
  ].join("\n");

  // ---- state, kept in the URL's fragment ---------------------------------
  var state = { source: EXAMPLE, level: "2", passes: "", fn: "main", stage: null, a: "ir", b: "cfg", engine: "interp" };
  var lastStages = [];

  function encodeSource(text) {
    var bytes = new TextEncoder().encode(text);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) { binary += String.fromCharCode(bytes[i]); }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function decodeSource(text) {
    var binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
    return new TextDecoder().decode(bytes);
  }
  function writeUrl() {
    var params = new URLSearchParams();
    params.set("src", encodeSource(state.source));
    if (state.level === "custom") { params.set("passes", state.passes); } else { params.set("O", state.level); }
    params.set("fn", state.fn);
    if (state.stage !== null) { params.set("stage", String(state.stage)); }
    params.set("a", state.a);
    params.set("b", state.b);
    if (state.engine !== "interp") { params.set("engine", state.engine); }
    history.replaceState(null, "", "#" + params.toString());
  }
  function readUrl() {
    var params = new URLSearchParams(location.hash.slice(1));
    try {
      if (params.has("src")) { state.source = decodeSource(params.get("src")); }
    } catch (e) {
      setStatus("the link's program is damaged; showing the example", "bad");
    }
    if (params.has("passes")) { state.level = "custom"; state.passes = params.get("passes"); }
    else if (/^[012]$/.test(params.get("O") || "")) { state.level = params.get("O"); }
    if (params.has("fn")) { state.fn = params.get("fn"); }
    var stage = params.get("stage");
    state.stage = stage !== null && /^[0-9]+$/.test(stage) ? Number(stage) : null;
    var views = ["ir", "cfg", "analyses", "asm"];
    if (views.indexOf(params.get("a")) >= 0) { state.a = params.get("a"); }
    if (views.indexOf(params.get("b")) >= 0) { state.b = params.get("b"); }
    if (params.get("engine") === "native" && settings.allowNative) { state.engine = "native"; }
  }
  function showState() {
    if (source.value !== state.source) { source.value = state.source; }
    $("level").value = state.level;
    $("passes").hidden = state.level !== "custom";
    $("passes").value = state.passes;
    $("view-a").value = state.a;
    $("view-b").value = state.b;
    $("engine").value = state.engine;
    placeViews();
    paintSource([]);
  }

  // ---- the editor -------------------------------------------------------
  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  var TOKEN = /(\/\/.*)|("(?:\\.|[^"\\])*"?)|\b(int|bool)\b|\b(if|else|while|return|print|println)\b|\b(true|false|[0-9]+)\b|([A-Za-z_][A-Za-z0-9_]*)/g;
  var CLASSES = [null, "com", "str", "ty", "kw", "num", "id"];
  // The HTML of one line, with `marks` ([from, to, class] in UTF-16
  // columns from 0) underlined.
  function lineHtml(text, marks) {
    var classes = new Array(text.length).fill(null);
    TOKEN.lastIndex = 0;
    var m;
    while ((m = TOKEN.exec(text)) !== null) {
      for (var g = 1; g < CLASSES.length; g++) {
        if (m[g] !== undefined) {
          for (var i = m.index; i < m.index + m[0].length; i++) { classes[i] = CLASSES[g]; }
          break;
        }
      }
      if (m[0].length === 0) { TOKEN.lastIndex++; }
    }
    var squiggle = new Array(text.length + 1).fill(null);
    marks.forEach(function (mark) {
      var from = Math.min(mark[0], text.length), to = Math.max(Math.min(mark[1], text.length), from + 1);
      for (var i = from; i < to; i++) { squiggle[i] = mark[2]; }
    });
    var out = "", i = 0;
    while (i < text.length || (i === text.length && squiggle[i])) {
      var cls = classes[i] || null, sq = squiggle[i];
      var j = i + 1;
      while (j < text.length && (classes[j] || null) === cls && squiggle[j] === sq) { j++; }
      var piece = i < text.length ? escapeHtml(text.slice(i, j)) : " ";
      if (cls && cls !== "id") { piece = '<span class="' + cls + '">' + piece + "</span>"; }
      if (sq) { piece = '<span class="squiggle ' + sq + '">' + piece + "</span>"; }
      out += piece;
      i = j;
    }
    return out;
  }
  // Repaints the highlighted copy and the gutter, with `diagnostics`.
  function paintSource(diagnostics) {
    var lines = source.value.split("\n");
    var marks = {}, inline = {}, severity = {};
    diagnostics.forEach(function (d) {
      for (var l = d.line; l <= d.end_line; l++) {
        var from = l === d.line ? d.column - 1 : 0;
        var to = l === d.end_line ? d.end_column - 1 : Infinity;
        (marks[l] = marks[l] || []).push([from, to, d.severity]);
      }
      if (!inline[d.line]) {
        inline[d.line] = { text: d.message + (d.label ? ": " + d.label : ""), severity: d.severity };
      }
      if (severity[d.line] !== "error") { severity[d.line] = d.severity; }
    });
    var html = "", numbers = "";
    for (var n = 1; n <= lines.length; n++) {
      var k = n % 8;
      var note = inline[n] ? '<span class="inline-diag ' + inline[n].severity + '">' + escapeHtml(inline[n].text) + "</span>" : "";
      html += '<span class="line" data-line="' + n + '" data-k="' + k + '">' + lineHtml(lines[n - 1], marks[n] || []) + note + "</span>";
      numbers += '<div data-line="' + n + '" data-k="' + k + '"' + (severity[n] ? ' class="' + severity[n] + '"' : "") + ">" + n + "</div>";
    }
    highlight.innerHTML = html;
    gutter.innerHTML = numbers;
    syncScroll();
  }
  function syncScroll() {
    highlight.scrollTop = source.scrollTop;
    highlight.scrollLeft = source.scrollLeft;
    gutter.scrollTop = source.scrollTop;
  }
  source.addEventListener("scroll", syncScroll);
  source.addEventListener("keydown", function (event) {
    if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      document.execCommand("insertText", false, "    ");
    }
  });
  // The textarea covers the highlighted lines: hovering it lights the
  // line under the pointer in every pane.
  var hoveredLine = null;
  source.addEventListener("mousemove", function (event) {
    var style = getComputedStyle(source);
    var y = event.clientY - source.getBoundingClientRect().top - parseFloat(style.paddingTop) + source.scrollTop;
    var line = Math.floor(y / parseFloat(style.lineHeight)) + 1;
    if (line < 1 || line > source.value.split("\n").length) { line = null; }
    if (line === hoveredLine) { return; }
    hoveredLine = line;
    if (line) { window.wendLink.light(String(line), highlight.children[line - 1]); } else { window.wendLink.clear(); }
  });
  source.addEventListener("mouseleave", function () { hoveredLine = null; window.wendLink.clear(); });

  // ---- requests -----------------------------------------------------------
  function setStatus(text, kind) {
    var status = $("status");
    status.textContent = text;
    status.className = "status" + (kind ? " " + kind : "");
  }
  function pipeline() {
    return state.level === "custom" ? { passes: state.passes } : { level: Number(state.level) };
  }
  // Posts `body` to `path`; a 503 is retried after its Retry-After.
  function post(path, body, isCurrent) {
    return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        if (response.status === 503) {
          var wait = Number(response.headers.get("Retry-After")) || 1;
          setStatus("the server is busy: trying again in " + wait + " s", "busy");
          return new Promise(function (resolve) { setTimeout(resolve, wait * 1000); }).then(function () {
            return isCurrent() ? post(path, body, isCurrent) : null;
          });
        }
        return response.json().then(function (reply) {
          if (!response.ok) { throw new Error(reply.error || ("HTTP " + response.status)); }
          return reply;
        });
      });
  }

  var compileSeq = 0, runSeq = 0;
  function compile() {
    var seq = ++compileSeq;
    var isCurrent = function () { return seq === compileSeq; };
    if (new TextEncoder().encode(state.source).length > settings.maxSourceBytes) {
      setStatus("the program is larger than " + settings.maxSourceBytes + " bytes", "bad");
      return;
    }
    setStatus("compiling…");
    var body = { source: state.source, pipeline: pipeline(), function: state.fn };
    if (state.stage !== null) { body.stage = state.stage; }
    post("/api/compile", body, isCurrent).then(function (reply) {
      if (!reply || !isCurrent()) { return; }
      showDiagnostics(reply);
      if (!reply.ok) {
        setStatus(reply.failure ? "not compiled" : "errors: see the source", "bad");
        return;
      }
      setStatus("compiled");
      showStages(reply);
      showFunctions(reply);
      $("view-ir").innerHTML = reply.ir_html;
      $("view-cfg").innerHTML = reply.cfg_html;
      $("view-analyses").innerHTML = reply.analyses_html;
      $("view-asm").innerHTML = reply.asm_html;
      if ($("autorun").checked) { run(); }
    }).catch(function (e) {
      if (isCurrent()) { setStatus(e.message, "bad"); }
    });
  }
  function run() {
    var seq = ++runSeq;
    var isCurrent = function () { return seq === runSeq; };
    var output = $("output");
    output.classList.add("running");
    post("/api/run", { source: state.source, pipeline: pipeline(), native: state.engine === "native" }, isCurrent)
      .then(function (reply) {
        if (!reply || !isCurrent()) { return; }
        output.classList.remove("running");
        if (!reply.ok) {
          output.innerHTML = '<span class="ending">' + escapeHtml(reply.failure || "the program has errors") + "</span>";
          return;
        }
        var html = escapeHtml(reply.stdout);
        if (reply.stderr) { html += '<span class="stderr">' + escapeHtml(reply.stderr) + "</span>"; }
        if (reply.stopped) {
          html += '\n<span class="stopped">' + escapeHtml(reply.stopped) + "</span>";
        } else {
          html += '\n<span class="ending">exit status ' + reply.status + " (" + reply.engine + ")</span>";
        }
        output.innerHTML = html;
      })
      .catch(function (e) {
        if (isCurrent()) { output.innerHTML = '<span class="stderr">' + escapeHtml(e.message) + "</span>"; }
      });
  }

  function showDiagnostics(reply) {
    var list = $("diagnostics");
    var diagnostics = reply.diagnostics || [];
    paintSource(diagnostics);
    var html = reply.failure ? '<p class="failure">' + escapeHtml(reply.failure) + "</p>" : "";
    diagnostics.forEach(function (d) {
      html += '<pre class="' + d.severity + '" data-line="' + d.line + '">' + escapeHtml(d.rendered.trim()) + "</pre>";
    });
    list.innerHTML = html;
  }
  function showStages(reply) {
    lastStages = reply.stages;
    var html = "";
    reply.stages.forEach(function (s, k) {
      html += '<button type="button" class="tab' + (s.changed ? "" : " idle") + '" data-stage="' + k + '" aria-pressed="' +
        (k === reply.stage) + '" title="' + escapeHtml(s.description + (s.changed ? "" : " (changed nothing)")) + '">' + escapeHtml(s.name) + "</button>";
    });
    $("stages").innerHTML = html;
  }
  function showFunctions(reply) {
    var select = $("function");
    select.innerHTML = reply.functions.map(function (f) {
      return "<option>" + escapeHtml(f) + "</option>";
    }).join("");
    select.value = reply.function;
    state.fn = reply.function;
  }
  function placeViews() {
    [["pane-a", state.a], ["pane-b", state.b]].forEach(function (pair) {
      var body = $(pair[0]).querySelector(".pane-body");
      var view = $("view-" + pair[1]);
      // One view can be in one pane: the other pane gets a note.
      if (pair[0] === "pane-b" && state.a === state.b) {
        body.innerHTML = '<p class="note">Shown above.</p>';
        return;
      }
      Array.prototype.slice.call(body.querySelectorAll(".view")).forEach(function (v) { $("views").appendChild(v); });
      body.innerHTML = "";
      body.appendChild(view);
    });
  }

  // ---- wiring -------------------------------------------------------------
  var typing = null;
  source.addEventListener("input", function () {
    state.source = source.value;
    paintSource([]);
    writeUrl();
    clearTimeout(typing);
    typing = setTimeout(compile, 300);
  });
  $("level").addEventListener("change", function () {
    state.level = $("level").value;
    $("passes").hidden = state.level !== "custom";
    if (state.level === "custom" && !state.passes) { state.passes = settings.levels[2].join(","); $("passes").value = state.passes; }
    state.stage = null;
    writeUrl();
    compile();
  });
  var passTyping = null;
  $("passes").addEventListener("input", function () {
    state.passes = $("passes").value;
    state.stage = null;
    writeUrl();
    clearTimeout(passTyping);
    passTyping = setTimeout(compile, 400);
  });
  $("function").addEventListener("change", function () {
    state.fn = $("function").value;
    writeUrl();
    compile();
  });
  $("stages").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-stage]");
    if (!button) { return; }
    state.stage = Number(button.dataset.stage);
    writeUrl();
    compile();
  });
  ["a", "b"].forEach(function (pane) {
    $("view-" + pane).addEventListener("change", function () {
      state[pane] = $("view-" + pane).value;
      placeViews();
      writeUrl();
    });
  });
  $("run").addEventListener("click", run);
  $("engine").addEventListener("change", function () {
    state.engine = $("engine").value;
    writeUrl();
    run();
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === source || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if ((event.key === "[" || event.key === "]") && lastStages.length) {
      var current = state.stage === null ? lastStages.length - 1 : state.stage;
      var next = Math.max(0, Math.min(lastStages.length - 1, current + (event.key === "]" ? 1 : -1)));
      if (next !== current) { state.stage = next; writeUrl(); compile(); }
      event.preventDefault();
    }
  });
  window.addEventListener("hashchange", function () {
    readUrl();
    showState();
    compile();
  });

  $("pass-names").innerHTML = settings.passes.map(function (p) {
    return '<option value="' + escapeHtml(p.name) + '">' + escapeHtml(p.description) + "</option>";
  }).join("");
  $("engine-label").hidden = !settings.allowNative;
  $("limits").textContent = settings.limits;
  readUrl();
  showState();
  writeUrl();
  compile();
})();

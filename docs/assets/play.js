/* The Play pages: the kit's own Python engine (the gupai package) running in the page on Pyodide.
 *
 * This script only draws what the engine answers (site_hooks/play_session.py, run in the page) and sends
 * back what the reader clicked or typed: the moves offered are the engine's legal_actions, a refusal is the
 * engine's own, with its rule. The runtime and the kit are files of this site: nothing is fetched elsewhere.
 * window.gupaiPlay holds the page's state for the site's browser tests.
 */
(function () {
  "use strict";
  var root = document.getElementById("gupai-play");
  if (!root) return;
  function $(id) { return document.getElementById(id); }
  var started = performance.now();
  var page = window.gupaiPlay = { ready: false, error: null, timings: {}, busy: false, view: null, pause: 450, offered: [] };
  var session = null;
  var tiles = root.getAttribute("data-tiles");
  var rulesPage = root.getAttribute("data-rules");
  var botTimer = null;

  function status(text) { $("play-status").textContent = text; }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function tileImg(face, move) {
    var img = el("img", "tile tile-md");
    img.src = tiles + face + ".svg";
    img.alt = "[" + face + "]";
    img.width = 26; img.height = 58;
    if (move) {
      var button = el("button", "play-tile");
      button.type = "button";
      button.title = move;
      button.setAttribute("data-move", move);
      button.appendChild(img);
      button.addEventListener("click", function () { play(move); });
      return button;
    }
    return img;
  }
  function tileRow(faces, verb) {
    var span = el("span", "tiles play-tiles");
    if (!faces.length) span.appendChild(document.createTextNode("-"));
    faces.forEach(function (face) { span.appendChild(tileImg(face, verb ? verb + " " + face : null)); });
    return span;
  }

  function render(view) {
    page.view = view;
    var board = $("play-board");
    board.textContent = "";
    board.appendChild(el("h3", "play-title", view.title));
    var table = el("table", "play-rows");
    var pictures = { "your hand": [view.tiles.hand, view.game === "tsung-shap" ? "lay" : "discard"],
                     "table": [view.tiles.table || [], "take"], "row": [view.tiles.row || [], null] };
    view.rows.forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("th", "", row[0]));
      var td = el("td");
      var drawn = pictures[row[0]];
      if (drawn && drawn[0]) {
        td.appendChild(tileRow(drawn[0], view.to_move === 0 && drawn[1] !== "lay" ? drawn[1] : null));
        if (row[0] === "row" && view.tiles.revealed) {
          td.appendChild(document.createTextNode("  turned over "));
          td.appendChild(tileImg(view.tiles.revealed, null));
        }
      } else {
        td.textContent = row[1];
      }
      tr.appendChild(td);
      table.appendChild(tr);
    });
    board.appendChild(table);
    if (view.last.length) {
      var last = el("ol", "play-last");
      view.last.forEach(function (move) { last.appendChild(el("li", "", move)); });
      board.appendChild(el("p", "play-label", "Last moves"));
      board.appendChild(last);
    }
    var moves = $("play-moves");
    moves.textContent = "";
    page.offered = view.moves.slice();
    view.moves.forEach(function (move, at) {
      var button = el("button", "md-button md-button--primary play-move", (at + 1) + " · " + move);
      button.type = "button";
      button.setAttribute("data-move", move);
      button.addEventListener("click", function () { play(move); });
      moves.appendChild(button);
    });
    var refusal = $("play-refusal");
    if (view.refusal) {
      refusal.hidden = false;
      refusal.textContent = "";
      var head = el("p", "play-why");
      if (view.refusal.rule) {
        var link = el("a", "play-rule", "[" + view.refusal.rule + "]");
        link.href = rulesPage + "#" + view.refusal.rule;
        head.appendChild(link);
        head.appendChild(document.createTextNode(" "));
      }
      head.appendChild(document.createTextNode(view.refusal.why));
      refusal.appendChild(head);
      if (view.refusal.text) {
        var words = el("blockquote", "play-rule-text");
        words.appendChild(el("strong", "", (view.refusal.title || view.refusal.rule) + ". "));
        words.appendChild(document.createTextNode(view.refusal.text));
        refusal.appendChild(words);
      }
    } else {
      refusal.hidden = true;
    }
    var end = $("play-end");
    if (view.end) {
      end.hidden = false;
      end.textContent = "";
      end.appendChild(el("h3", "", view.end.title));
      var rows = el("table", "play-rows");
      view.end.rows.forEach(function (row) {
        var tr = el("tr");
        tr.appendChild(el("th", "", row[0]));
        tr.appendChild(el("td", "", row[1]));
        rows.appendChild(tr);
      });
      end.appendChild(rows);
    } else {
      end.hidden = true;
    }
    $("play-undo").disabled = !view.can_undo;
    $("play-hint").disabled = view.to_move !== 0;
    var who = view.over ? "The game is over." : view.to_move === 0 ? "Your move." : "Seat " + view.to_move + " is thinking…";
    status(who + " Seed " + view.seed + ", rules " + view.preset + (view.moved ? " · last: " + view.moved : ""));
    if (view.to_move === 0 && page.timings.firstMove === undefined) page.timings.firstMove = performance.now() - started;
    page.busy = !view.over && view.to_move !== 0;
    if (page.busy) botTimer = setTimeout(bot, page.pause);
  }

  function call(name, args) {
    try {
      return JSON.parse(session[name].apply(session, args || []));
    } catch (err) {
      page.error = String(err);
      status("The engine failed: " + String(err).split("\n").slice(-2).join(" "));
      throw err;
    }
  }
  function bot() { botTimer = null; render(call("bot")); }
  function play(text) {
    if (!session || page.busy) return;
    render(call("move", [String(text)]));
  }
  function newGame() {
    if (!session) return;
    if (botTimer) { clearTimeout(botTimer); botTimer = null; }
    var seed = parseInt($("play-seed").value, 10);
    if (!(seed >= 0)) { seed = Math.floor(Math.random() * 100000); $("play-seed").value = seed; }
    render(call("new", [root.getAttribute("data-game"), $("play-preset").value, seed]));
  }
  function logText() { return session ? session.log() : ""; }

  $("play-new").addEventListener("click", function () {
    $("play-seed").value = Math.floor(Math.random() * 100000);
    newGame();
  });
  $("play-preset").addEventListener("change", newGame);
  $("play-undo").addEventListener("click", function () { if (!page.busy) render(call("undo")); });
  $("play-hint").addEventListener("click", function () {
    if (page.busy) return;
    // the first hint of a game builds its table of winning hands (seconds in Kap Tai Shap): say so first
    status("Working out a hint…");
    setTimeout(function () {
      var answer = call("hint");
      if (answer.hint) status(answer.hint + ".");
    }, 30);
  });
  $("play-send").addEventListener("click", function () { play($("play-text").value); });
  $("play-text").addEventListener("keydown", function (ev) { if (ev.key === "Enter") play($("play-text").value); });
  $("play-download").addEventListener("click", function (ev) {
    var text = logText();
    if (!text) { ev.preventDefault(); return; }
    ev.currentTarget.href = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
  });
  $("play-viewer").addEventListener("click", function (ev) {
    ev.preventDefault();
    var text = logText();
    if (!text) return;
    try { localStorage.setItem("gupai-play-log", text); } catch (err) { /* no storage: the viewer opens empty */ }
    window.open(root.getAttribute("data-viewer") + "?from=play", "_blank");
  });

  async function boot() {
    if (typeof loadPyodide !== "function") { status("The Python runtime did not load; play in a terminal (below)."); return; }
    var runtime = new URL(root.getAttribute("data-runtime"), location.href).href;
    var py = await loadPyodide({ indexURL: runtime, fullStdLib: false });
    page.timings.runtime = performance.now() - started;
    var kit = await fetch(root.getAttribute("data-kit"));
    py.unpackArchive(new Uint8Array(await kit.arrayBuffer()), "zip", { extractDir: "/home/pyodide/kit" });
    py.runPython([
      "import os, sys, types",
      "sys.path.insert(0, '/home/pyodide/kit')",
      "os.environ['GUPAI_CACHE_DIR'] = '/home/pyodide/kit/cache'  # the spec's parse as JSON: no PyYAML",
      "# the log's schema check (a compiled library) is not run in the page: only its import is met",
      "sys.modules.setdefault('jsonschema_rs', types.ModuleType('jsonschema_rs'))",
      "import gupai_play",
      "session = gupai_play.Session()",
    ].join("\n"));
    session = py.globals.get("session");
    page.timings.kit = performance.now() - started;
    page.ready = true;
    newGame();
  }
  boot().catch(function (err) {
    page.error = String(err);
    status("The engine could not start (" + String(err).split("\n")[0] + "); play in a terminal (below).");
  });
  page.legal = function () { return JSON.parse(session.legal()); };
  page.play = play;
  page.log = logText;
})();

/* The gupai log viewer: shows a game log event by event. Plain JavaScript, no
 * request to another host; works from disk. It only shows a log: what the rules
 * say about it is the validator's business (`gupai validate`). */
(function () {
  "use strict";
  var root = document.getElementById("gupai-viewer");
  if (!root) return;
  var corpusDir = root.getAttribute("data-corpus");
  var tileDir = root.getAttribute("data-tiles");
  var $ = function (id) { return document.getElementById(id); };
  var current = null; // {log, states, title, error}
  var position = 0;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function tile(face, extra) {
    var img = document.createElement("img");
    var parts = String(face).split("-");
    var hi = Math.max(+parts[0], +parts[1]), lo = Math.min(+parts[0], +parts[1]);
    var norm = hi + "-" + lo;
    img.src = tileDir + "/" + norm + ".svg";
    img.alt = "[" + norm + "]";
    img.title = "[" + norm + "]";
    img.className = "tile tile-md" + (extra ? " " + extra : "");
    img.width = 26; img.height = 58;
    return img;
  }

  function tiles(faces, marked) {
    var span = el("span", "tiles");
    var left = (marked || []).slice();
    (faces || []).forEach(function (face) {
      var i = left.indexOf(face);
      if (i >= 0) left.splice(i, 1);
      span.appendChild(tile(face, i >= 0 ? "moved" : ""));
    });
    if (!faces || !faces.length) span.appendChild(el("span", "none", "none"));
    return span;
  }

  function removeOne(list, face, from) {
    var i = from === "end" ? list.lastIndexOf(face) : list.indexOf(face);
    if (i >= 0) { list.splice(i, 1); return true; }
    return false;
  }

  function copy(value) { return JSON.parse(JSON.stringify(value)); }

  /* ------------------------------------------------------------ the states */
  function kapStates(log) {
    var deal = log.deal || {};
    var s = {
      hands: copy(deal.hands || []),
      table: [],
      stock: (deal.stock || []).length,
      notes: []
    };
    var states = [copy(s)];
    (log.events || []).forEach(function (e) {
      s.notes = [];
      var hand = s.hands[e.seat] || [];
      if (e.type === "discard") {
        if (!removeOne(hand, e.tile)) s.notes.push("[" + e.tile + "] is not in the hand");
        s.table.push(e.tile);
      } else if (e.type === "take") {
        if (!removeOne(s.table, e.tile, "end")) s.notes.push("[" + e.tile + "] is not on the table");
        hand.push(e.tile);
      } else if (e.type === "draw") {
        s.stock -= 1;
        hand.push(e.tile);
      }
      states.push(copy(s));
    });
    return states;
  }

  function tsungStates(log) {
    var deal = log.deal || {};
    var s = {
      row: [],
      lastEnd: "right",
      piles: deal.piles ? deal.piles.map(function (p) { return p.length; }) : null,
      hands: deal.hands && !deal.piles ? copy(deal.hands) : null,
      stock: (deal.stock || []).length,
      scores: [0, 0],
      taken: [],
      notes: []
    };
    var states = [copy(s)];
    (log.events || []).forEach(function (e) {
      s.taken = [];
      s.notes = [];
      if (e.type === "reveal") {
        if (s.piles) s.piles[e.seat] -= 1;
      } else if (e.type === "lay") {
        s.lastEnd = e.end;
        if (e.end === "left") s.row.unshift(e.tile); else s.row.push(e.tile);
        if (s.hands && !removeOne(s.hands[e.seat] || [], e.tile)) s.notes.push("[" + e.tile + "] is not in the hand");
      } else if (e.type === "refill") {
        s.stock -= 1;
        if (s.hands) (s.hands[e.seat] = s.hands[e.seat] || []).push(e.tile);
      } else if (e.type === "capture" || e.type === "claim") {
        // the laid tile leaves from its end, then the rest from where the capture was made
        if (s.row.length) s.row.splice(s.lastEnd === "left" ? 0 : s.row.length - 1, 1);
        for (var step = 0; step < (e.tiles || []).length - 1 && s.row.length; step++) {
          if (e.at === "left" || (e.at === "ends" && step === 0)) s.row.shift(); else s.row.pop();
        }
        s.taken = (e.tiles || []).slice();
        s.scores[e.seat] += e.points || 0;
      }
      states.push(copy(s));
    });
    return states;
  }

  /* ------------------------------------------------------------- showing */
  function seat(n) { return "Player " + (n + 1); }

  function describe(e) {
    if (!e) return "The deal.";
    var who = seat(e.seat);
    switch (e.type) {
      case "discard": return who + " discards [" + e.tile + "].";
      case "take": return who + " takes [" + e.tile + "] from the table.";
      case "draw": return who + " draws [" + e.tile + "] from the stock.";
      case "declare": return who + " declares a winning hand.";
      case "pass": return who + " passes (the stock is empty).";
      case "reveal": return who + " turns over [" + e.tile + "].";
      case "lay": return who + " lays [" + e.tile + "] at the " + e.end + " end.";
      case "refill": return who + " draws [" + e.tile + "].";
      case "capture":
      case "claim":
        return who + (e.type === "claim" ? " claims " : " captures ") + (e.tiles || []).map(function (t) { return "[" + t + "]"; }).join(" ") +
          ": a " + e.kind + (e.sweep ? ", a sweep" : "") + ", " + e.points + " points.";
      default: return who + ": " + e.type + ".";
    }
  }

  function line(label, content, cls) {
    var row = el("div", "viewer-line" + (cls ? " " + cls : ""));
    row.appendChild(el("span", "viewer-label", label));
    var body = el("span", "viewer-value");
    if (typeof content === "string") body.textContent = content; else body.appendChild(content);
    row.appendChild(body);
    return row;
  }

  function finalScores(log) {
    var r = log.result || {};
    if (r.scores) return r.scores;
    if (r.settlement) return r.settlement;
    return null;
  }

  function render() {
    var log = current.log, n = (log.events || []).length;
    var state = current.states[position];
    var event = position > 0 ? log.events[position - 1] : null;
    $("viewer-range").max = String(n);
    $("viewer-range").value = String(position);
    $("viewer-position").textContent = "event " + position + " of " + n;
    $("viewer-event").textContent = describe(event) + (state.notes.length ? " (" + state.notes.join("; ") + ")" : "");
    var box = $("viewer-state");
    box.textContent = "";
    var moved = event && event.tile ? [event.tile] : [];
    var tsung = log.game === "tsung-shap";
    if (tsung) {
      box.appendChild(line("Row", tiles(state.row, event && event.type === "lay" ? moved : []), "row"));
      if (state.taken.length) box.appendChild(line(event.sweep ? "Sweep" : "Taken", tiles(state.taken, state.taken), event.sweep ? "sweep" : "taken"));
      if (state.piles) state.piles.forEach(function (count, i) { box.appendChild(line(seat(i), count + " tiles face down", event && event.seat === i ? "active" : "")); });
      if (state.hands) state.hands.forEach(function (hand, i) { box.appendChild(line(seat(i), tiles(hand, event && event.seat === i ? moved : []), event && event.seat === i ? "active" : "")); });
      if (state.hands) box.appendChild(line("Stock", state.stock + " tiles"));
    } else {
      state.hands.forEach(function (hand, i) {
        var sorted = hand.slice().sort().reverse();
        box.appendChild(line(seat(i), tiles(sorted, event && event.seat === i && event.type !== "discard" ? moved : []), event && event.seat === i ? "active" : ""));
      });
      box.appendChild(line("Table", tiles(state.table, event && event.type === "discard" ? moved : []), "table"));
      box.appendChild(line("Stock", state.stock + " tiles"));
      if (event && event.type === "declare" && event.decomposition) {
        var split = el("span", "split");
        var d = event.decomposition;
        [d.eye].concat(d.pairs || []).forEach(function (group, i) {
          var g = el("span", "group" + (i === 0 ? " eye" : ""));
          g.appendChild(tiles(group));
          g.appendChild(el("small", "", i === 0 ? "eye" : "pair"));
          split.appendChild(g);
        });
        box.appendChild(line("Split", split));
      }
    }
    var scores = tsung ? state.scores : null;
    var result = log.result || {};
    if (position === n) {
      var shown = finalScores(log) || scores;
      var verdict = result.winner === null || result.winner === undefined ? "no winner" : seat(result.winner) + " wins";
      box.appendChild(line("Result", verdict + (result.reason ? " (" + result.reason + ")" : ""), "result"));
      if (shown) box.appendChild(line(tsung ? "Scores" : "Settlement", shown.join(" · "), "scores"));
      if (tsung && result.scores && (result.scores[0] !== scores[0] || result.scores[1] !== scores[1])) {
        box.appendChild(line("Note", "the captures add up to " + scores.join(" · ") + ", not the result's scores"));
      }
    } else if (scores) {
      box.appendChild(line("Scores", scores.join(" · "), "scores"));
    }
    root.setAttribute("data-position", String(position));
    if (location.hash !== "#event=" + position) history.replaceState(null, "", "#event=" + position);
  }

  function go(to) {
    if (!current) return;
    var n = (current.log.events || []).length;
    position = Math.max(0, Math.min(n, to));
    render();
  }

  function message(text, kind) {
    var box = $("viewer-message");
    box.textContent = text || "";
    box.className = "viewer-message" + (kind ? " " + kind : "");
  }

  function show(log, title, error) {
    if (!log || typeof log !== "object" || !Array.isArray(log.events)) {
      message("This is not a gupai game log: it has no list of events.", "error");
      return;
    }
    var game = log.game;
    if (game !== "kap-shap" && game !== "kap-tai-shap" && game !== "tsung-shap") {
      message("This log is of an unknown game: " + JSON.stringify(game) + ".", "error");
      return;
    }
    var states;
    try {
      states = game === "tsung-shap" ? tsungStates(log) : kapStates(log);
    } catch (err) {
      message("The viewer cannot follow this log (" + err.message + "); run gupai validate on it.", "error");
      return;
    }
    current = {log: log, states: states};
    $("viewer-main").hidden = false;
    $("viewer-title").textContent = title + " · " + game + ", preset " + log.preset + ", " + log.players + " players, seed " + log.seed;
    if (error) message("The validator rejects this log: " + error, "error");
    else if (error === null) message("A valid log of the conformance corpus.", "ok");
    else message("Shown as written: the viewer does not check the rules. Run `gupai validate FILE` to check it.", "");
    var wanted = /^#event=(\d+)$/.exec(location.hash);
    go(wanted ? +wanted[1] : 0);
  }

  function showText(text, title) {
    var doc;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      var lines = text.split(/\r?\n/).filter(function (l) { return l.trim(); });
      try { doc = JSON.parse(lines[0]); } catch (err2) { message("This is not JSON: " + err.message, "error"); return; }
      if (lines.length > 1) title += " (the first of " + lines.length + " games)";
    }
    show(doc, title, undefined);
  }

  /* ------------------------------------------------------------ the corpus */
  var pending = {};
  window.GupaiViewer = {
    receive: function (meta, log) {
      var done = pending[meta.id];
      delete pending[meta.id];
      if (done) done(meta, log);
    },
    show: show,
    go: go
  };

  function loadCorpus(id) {
    if (!id) return;
    pending[id] = function (meta, log) { show(log, meta.id, meta.error); };
    var script = document.createElement("script");
    script.src = corpusDir + "/" + id + ".js";
    script.onerror = function () { message("Cannot load " + id + ".", "error"); };
    document.body.appendChild(script);
  }

  var select = $("viewer-corpus");
  var groups = {};
  (window.GUPAI_CORPUS || []).forEach(function (entry) {
    var key = entry.game + " · " + entry.kind;
    if (!groups[key]) { groups[key] = document.createElement("optgroup"); groups[key].label = key; select.appendChild(groups[key]); }
    var option = document.createElement("option");
    option.value = entry.id;
    option.textContent = entry.name;
    groups[key].appendChild(option);
  });
  select.addEventListener("change", function () { history.replaceState(null, "", "#event=0"); loadCorpus(select.value); });

  $("viewer-file").addEventListener("change", function (ev) {
    var file = ev.target.files[0];
    if (!file) return;
    file.text().then(function (text) { showText(text, file.name); });
  });
  $("viewer-show-text").addEventListener("click", function () { showText($("viewer-text").value, "pasted log"); });
  document.addEventListener("dragover", function (ev) { ev.preventDefault(); root.classList.add("dropping"); });
  document.addEventListener("dragleave", function () { root.classList.remove("dropping"); });
  document.addEventListener("drop", function (ev) {
    ev.preventDefault();
    root.classList.remove("dropping");
    var file = ev.dataTransfer.files[0];
    if (file) file.text().then(function (text) { showText(text, file.name); });
  });
  $("viewer-first").addEventListener("click", function () { go(0); });
  $("viewer-prev").addEventListener("click", function () { go(position - 1); });
  $("viewer-next").addEventListener("click", function () { go(position + 1); });
  $("viewer-last").addEventListener("click", function () { go(Infinity); });
  $("viewer-range").addEventListener("input", function (ev) { go(+ev.target.value); });
  document.addEventListener("keydown", function (ev) {
    if (!current || /input|textarea|select/i.test(ev.target.tagName)) return;
    if (ev.key === "ArrowRight") go(position + 1);
    else if (ev.key === "ArrowLeft") go(position - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(Infinity);
    else return;
    ev.preventDefault();
  });
  window.addEventListener("hashchange", function () {
    var wanted = /^#event=(\d+)$/.exec(location.hash);
    if (wanted && current) go(+wanted[1]);
  });
  // A corpus log named in the query (?log=kap-shap/valid/culin-2p-greedy-seed1) opens at once.
  var named = /[?&]log=([^&#]+)/.exec(location.search);
  if (named) { select.value = decodeURIComponent(named[1]); loadCorpus(decodeURIComponent(named[1])); }
})();

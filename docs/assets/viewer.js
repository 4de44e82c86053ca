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
  // Players are numbered from the first player, as on the how-to-play pages: the first player is Player 1.
  var numbering = {first: 0, players: 1};
  var FACE = /^[1-6]-[1-6]$/;
  var GAMES = {"kap-shap": "Kap Shap", "kap-tai-shap": "Kap Tai Shap", "tsung-shap": "Tsung Shap"};

  /* A parsed log as plain data: every object without a prototype, so that no key
   * of a log ("__proto__", "constructor") can reach the page's own objects; no
   * deeper than a log ever is. */
  function plain(value, depth) {
    if (depth > 12) throw new Error("nested too deep");
    if (Array.isArray(value)) return value.map(function (item) { return plain(item, depth + 1); });
    if (value === null || typeof value !== "object") return value;
    var out = Object.create(null);
    Object.keys(value).forEach(function (key) { out[key] = plain(value[key], depth + 1); });
    return out;
  }
  function parse(text) { return plain(JSON.parse(text), 0); }
  function isSeat(seat, count) { return typeof seat === "number" && seat % 1 === 0 && seat >= 0 && seat < count; }
  function isFace(face) { return typeof face === "string" && FACE.test(face); }
  function count(n, one, many) { return n + " " + (n === 1 ? one : many); }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function tile(face, extra) {
    if (!isFace(face)) return el("span", "bad-tile", "[?]");
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

  /* Tiles side by side, the ones in `marked` outlined in the colour of the player who moved them (`by`). */
  function tiles(faces, marked, by) {
    var span = el("span", "tiles");
    var left = (marked || []).slice();
    (faces || []).forEach(function (face) {
      var i = left.indexOf(face);
      if (i >= 0) left.splice(i, 1);
      span.appendChild(tile(face, i >= 0 ? "moved by-" + (by || 0) : ""));
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

  function handsOf(list, players) {
    var hands = [];
    for (var i = 0; i < players; i++) hands.push(Array.isArray(list[i]) ? list[i].filter(isFace) : []);
    return hands;
  }
  function playersOf(log) {
    var deal = log.deal || {};
    var n = log.players;
    if (!isSeat(n, 1000) || n < 1) n = Array.isArray(deal.hands) ? deal.hands.length : Array.isArray(deal.piles) ? deal.piles.length : 2;
    return Math.max(1, Math.min(n, 1000));
  }

  /* ------------------------------------------------------------ the states */
  function kapStates(log) {
    var deal = log.deal || {};
    var players = playersOf(log);
    var s = {
      hands: handsOf(Array.isArray(deal.hands) ? deal.hands : [], players),
      table: [],
      stock: Array.isArray(deal.stock) ? deal.stock.length : 0,
      notes: []
    };
    var states = [copy(s)];
    log.events.forEach(function (e) {
      s.notes = [];
      if (!e || !isSeat(e.seat, players)) {
        s.notes.push("this event names no seat of the game");
        states.push(copy(s));
        return;
      }
      var hand = s.hands[e.seat];
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
    var piles = Array.isArray(deal.piles) ? deal.piles : null;
    var s = {
      row: [],
      lastEnd: "right",
      piles: piles ? [0, 1].map(function (i) { return Array.isArray(piles[i]) ? piles[i].length : 0; }) : null,
      hands: Array.isArray(deal.hands) && !piles ? handsOf(deal.hands, 2) : null,
      stock: Array.isArray(deal.stock) ? deal.stock.length : 0,
      scores: [0, 0],
      taken: [],
      notes: []
    };
    var states = [copy(s)];
    log.events.forEach(function (e) {
      s.taken = [];
      s.notes = [];
      if (!e || !isSeat(e.seat, 2)) {
        s.notes.push("this event names no seat of the game");
        states.push(copy(s));
        return;
      }
      if (e.type === "reveal") {
        if (s.piles) s.piles[e.seat] -= 1;
      } else if (e.type === "lay") {
        s.lastEnd = e.end;
        if (e.end === "left") s.row.unshift(e.tile); else s.row.push(e.tile);
        if (s.hands && !removeOne(s.hands[e.seat], e.tile)) s.notes.push("[" + e.tile + "] is not in the hand");
      } else if (e.type === "refill") {
        s.stock -= 1;
        if (s.hands) s.hands[e.seat].push(e.tile);
      } else if (e.type === "capture" || e.type === "claim") {
        // the laid tile leaves from its end, then the rest from where the capture was made
        if (s.row.length) s.row.splice(s.lastEnd === "left" ? 0 : s.row.length - 1, 1);
        for (var step = 0; step < (Array.isArray(e.tiles) ? e.tiles.length : 0) - 1 && s.row.length; step++) {
          if (e.at === "left" || (e.at === "ends" && step === 0)) s.row.shift(); else s.row.pop();
        }
        s.taken = Array.isArray(e.tiles) ? e.tiles.slice() : [];
        s.scores[e.seat] += typeof e.points === "number" ? e.points : 0;
      }
      states.push(copy(s));
    });
    return states;
  }

  /* ------------------------------------------------------------- showing */
  function playerIndex(n) { return ((n - numbering.first) % numbering.players + numbering.players) % numbering.players; }
  function seat(n) { return "Player " + (playerIndex(n) + 1); }
  /* The seats in the order of their players' numbers: Player 1 (the first player) first. */
  function inPlayerOrder(count) {
    var seats = [];
    for (var i = 0; i < count; i++) seats.push(i);
    return seats.sort(function (a, b) { return playerIndex(a) - playerIndex(b); });
  }
  function word(value) { return typeof value === "string" || typeof value === "number" ? String(value) : "?"; }

  /* A sentence of words and tile pictures: strings become text, faces pictures. */
  function sentence(parts) {
    var p = el("span", "viewer-sentence");
    parts.forEach(function (part) {
      if (part && part.face !== undefined) p.appendChild(tile(part.face, "in-text"));
      else p.appendChild(document.createTextNode(part));
    });
    return p;
  }
  function t(face) { return {face: face}; }

  function describe(e, players) {
    if (!e) return sentence(["The deal."]);
    if (!isSeat(e.seat, players)) return sentence(["An event that names no seat of the game (" + word(e.type) + ")."]);
    var who = seat(e.seat);
    switch (e.type) {
      case "discard": return sentence([who + " discards ", t(e.tile), "."]);
      case "take": return sentence([who + " takes ", t(e.tile), " from the table."]);
      case "draw": return sentence([who + " draws ", t(e.tile), " from the stock."]);
      case "declare": return sentence([who + " declares a winning hand."]);
      case "pass": return sentence([who + (current && current.log.game === "tsung-shap" ? " passes (takes no capture)." : " passes (the stock is empty).")]);
      case "reveal": return sentence([who + " turns over ", t(e.tile), "."]);
      case "lay": return sentence([who + " lays ", t(e.tile), " at the " + word(e.end) + " end."]);
      case "refill": return sentence([who + " draws ", t(e.tile), "."]);
      case "capture":
      case "claim":
        var parts = [who + (e.type === "claim" ? " claims " : " captures ")];
        (Array.isArray(e.tiles) ? e.tiles : []).forEach(function (face) { parts.push(t(face)); });
        parts.push(": a " + word(e.kind) + (e.sweep ? ", a sweep" : "") + ", " + count(+word(e.points) || 0, "point", "points") + ".");
        return sentence(parts);
      default: return sentence([who + ": " + word(e.type) + "."]);
    }
  }

  function line(label, content, cls, labelCls) {
    var row = el("div", "viewer-line" + (cls ? " " + cls : ""));
    row.appendChild(el("span", "viewer-label" + (labelCls ? " " + labelCls : ""), label));
    var body = el("span", "viewer-value");
    if (typeof content === "string") body.textContent = content; else body.appendChild(content);
    row.appendChild(body);
    return row;
  }

  function numbers(list) {
    return Array.isArray(list) ? list.map(function (v) { return typeof v === "number" ? String(v) : "?"; }) : null;
  }
  /* Numbers by seat, said in the players' order: "Player 1 40 · Player 2 0". */
  function ordered(list) {
    return inPlayerOrder(list.length).map(function (i) { return seat(i) + " " + list[i]; }).join(" · ");
  }
  /* A game in progress (log format 2): its result "*", or none, as PGN writes it. */
  function unfinished(log) { return log.result === undefined || log.result === "*"; }
  function finalScores(log) {
    var r = log.result || {};
    return numbers(r.scores) || numbers(r.settlement);
  }

  function render() {
    var log = current.log, n = log.events.length, players = current.players;
    var state = current.states[position];
    var event = position > 0 ? log.events[position - 1] : null;
    if (event && (typeof event !== "object" || !isSeat(event.seat, players))) event = null;
    $("viewer-range").max = String(n);
    $("viewer-range").value = String(position);
    $("viewer-position").textContent = "event " + position + " of " + n;
    var said = $("viewer-event");
    said.textContent = "";
    said.appendChild(describe(position > 0 ? log.events[position - 1] : null, players));
    if (state.notes.length) said.appendChild(document.createTextNode(" (" + state.notes.join("; ") + ")"));
    var box = $("viewer-state");
    box.textContent = "";
    var moved = event && isFace(event.tile) ? [event.tile] : [];
    var by = event ? playerIndex(event.seat) : 0;
    var who = function (i) { return "seat seat-" + playerIndex(i); };
    var tsung = log.game === "tsung-shap";
    if (position === 0 && current.first) box.appendChild(line("First", current.first, "first"));
    if (tsung) {
      box.appendChild(line("Row", tiles(state.row, event && event.type === "lay" ? moved : [], by), "row"));
      if (state.taken.length) box.appendChild(line(event.sweep ? "Sweep" : "Taken", tiles(state.taken, state.taken, by), event.sweep ? "sweep" : "taken"));
      if (state.piles) inPlayerOrder(2).forEach(function (i) { box.appendChild(line(seat(i), count(state.piles[i], "tile", "tiles") + " face down", event && event.seat === i ? "active" : "", who(i))); });
      if (state.hands) inPlayerOrder(2).forEach(function (i) { box.appendChild(line(seat(i), tiles(state.hands[i], event && event.seat === i ? moved : [], by), event && event.seat === i ? "active" : "", who(i))); });
      if (state.hands) box.appendChild(line("Stock", count(state.stock, "tile", "tiles")));
    } else {
      inPlayerOrder(state.hands.length).forEach(function (i) {
        var sorted = state.hands[i].slice().sort().reverse();
        box.appendChild(line(seat(i), tiles(sorted, event && event.seat === i && event.type !== "discard" ? moved : [], by), event && event.seat === i ? "active" : "", who(i)));
      });
      box.appendChild(line("Table", tiles(state.table, event && event.type === "discard" ? moved : [], by), "table"));
      box.appendChild(line("Stock", count(state.stock, "tile", "tiles")));
      var d = event && event.type === "declare" ? event.decomposition : null;
      if (d && typeof d === "object" && Array.isArray(d.eye)) {
        var split = el("span", "split");
        [d.eye].concat(Array.isArray(d.pairs) ? d.pairs : []).forEach(function (group, i) {
          var g = el("span", "group" + (i === 0 ? " eye" : ""));
          g.appendChild(tiles(Array.isArray(group) ? group : []));
          g.appendChild(el("small", "", i === 0 ? "eye" : "pair"));
          split.appendChild(g);
        });
        box.appendChild(line("Split", split));
      }
    }
    var scores = tsung ? state.scores : null;
    var result = log.result || {};
    if (position === n && unfinished(log)) {
      box.appendChild(line("Result", "unfinished: the game goes on", "result"));
      if (scores) box.appendChild(line("Scores", ordered(scores), "scores"));
    } else if (position === n) {
      var shown = finalScores(log) || scores;
      var verdict = isSeat(result.winner, players) ? seat(result.winner) + " wins" : "no winner";
      var reasons = window.GUPAI_REASONS || {};
      var why = typeof result.reason === "string" && Object.prototype.hasOwnProperty.call(reasons, result.reason) ? reasons[result.reason] : word(result.reason);
      box.appendChild(line("Result", verdict + (result.reason ? " (" + why + ")" : ""), "result"));
      if (shown) box.appendChild(line(tsung ? "Scores" : "Settlement", ordered(shown), "scores"));
      if (tsung && Array.isArray(result.scores) && (result.scores[0] !== scores[0] || result.scores[1] !== scores[1])) {
        box.appendChild(line("Note", "the captures add up to " + scores.join(" · ") + ", not the result's scores"));
      }
    } else if (scores) {
      box.appendChild(line("Scores", ordered(scores), "scores"));
    }
    root.setAttribute("data-position", String(position));
    if (location.hash !== "#event=" + position) history.replaceState(null, "", "#event=" + position);
  }

  function go(to) {
    if (!current) return;
    var n = current.log.events.length;
    position = Math.max(0, Math.min(n, to));
    render();
  }

  function message(text, kind) {
    var box = $("viewer-message");
    box.textContent = text || "";
    box.className = "viewer-message" + (kind ? " " + kind : "");
  }

  /* Who plays first, in the log's own words: the seat, and what the deal recorded to choose it. */
  function firstPlayer(log, why) {
    var deal = log.deal || {};
    if (!isSeat(deal.first_player, playersOf(log))) return "";
    var text = seat(deal.first_player) + " plays first";
    var dice = numbers(deal.dice);
    if (why) text += ": " + why;
    if (dice && dice.length) text += " (the dice show " + dice.join(", ") + ")";
    return text + ".";
  }

  /* meta: {id, error, event, first} from the corpus, or null for a log of the reader's own. */
  function show(log, title, meta) {
    if (!log || typeof log !== "object" || Array.isArray(log) || !Array.isArray(log.events)) {
      message("This is not a gupai game log: it has no list of events.", "error");
      return;
    }
    var game = log.game;
    if (typeof game !== "string" || !GAMES[game]) {
      message("This log is of an unknown game: " + JSON.stringify(game) + ".", "error");
      return;
    }
    var deal = log.deal || {};
    var players = game === "tsung-shap" ? 2 : playersOf(log);
    numbering = {first: isSeat(deal.first_player, players) ? deal.first_player : 0, players: players};
    var states;
    try {
      states = game === "tsung-shap" ? tsungStates(log) : kapStates(log);
    } catch (err) {
      message("The viewer cannot follow this log (" + err.message + "); run gupai validate on it.", "error");
      return;
    }
    current = {log: log, states: states, players: game === "tsung-shap" ? 2 : playersOf(log),
               first: firstPlayer(log, meta ? meta.first : "")};
    root.classList.add("loaded");
    $("viewer-empty").hidden = true;
    $("viewer-main").hidden = false;
    $("viewer-title").textContent = title + " · " + GAMES[game] + ", " + count(playersOf(log), "player", "players");
    var start = 0;
    if (meta && meta.error) {
      message("The validator rejects this log" + meta.error, "error");
      // open at the event the validator names: the state just after it, its sentence shown
      if (typeof meta.event === "number") start = meta.event + 1;
    } else if (meta && meta.kind === "sample") {
      message("The sample game of the " + GAMES[game] + " page, played when this site was built.", "ok");
    } else if (meta) {
      message("A valid log of the conformance corpus.", "ok");
    } else {
      message("Shown as written: the viewer does not check the rules. Run `gupai validate FILE` to check it.", "");
    }
    var wanted = /^#event=(\d+)$/.exec(location.hash);
    go(wanted ? +wanted[1] : start);
  }

  function showText(text, title) {
    var doc;
    try {
      doc = parse(text);
    } catch (err) {
      var lines = text.split(/\r?\n/).filter(function (l) { return l.trim(); });
      try { doc = parse(lines[0] || ""); } catch (err2) { message("This is not JSON: " + err.message, "error"); return; }
      if (lines.length > 1) title += " (the first of " + lines.length + " games)";
    }
    history.replaceState(null, "", location.pathname + location.search);
    show(doc, title, null);
  }

  /* ------------------------------------------------------------ the corpus */
  // Only the logs of the site's own list can be loaded, by their listed id: a name
  // from the address is looked up in the list, never put into a path.
  var listed = Object.create(null);
  (window.GUPAI_CORPUS || []).forEach(function (entry) {
    if (entry && typeof entry.id === "string" && /^[a-z-]+\/[a-z]+\/[A-Za-z0-9._=-]+$/.test(entry.id) && entry.id.indexOf("..") < 0) {
      listed[entry.id] = entry;
    }
  });
  var pending = Object.create(null);
  window.GupaiViewer = {
    receive: function (id, text) {
      var done = pending[id];
      delete pending[id];
      if (done) done(text);
    },
    show: function (log, title) { show(plain(log, 0), title, null); },
    go: go
  };

  function loadCorpus(id) {
    if (!id) return;
    var entry = listed[id];
    if (!entry) {
      message("The viewer has no log named " + JSON.stringify(String(id).slice(0, 80)) + ": choose one from the list.", "error");
      return;
    }
    pending[entry.id] = function (text) {
      var log;
      try { log = parse(text); } catch (err) { message("Cannot read " + entry.id + ": " + err.message, "error"); return; }
      show(log, entry.id, entry);
    };
    var script = document.createElement("script");
    script.src = corpusDir + "/" + entry.id + ".js";
    script.onerror = function () { message("Cannot load " + entry.id + ".", "error"); };
    document.body.appendChild(script);
  }

  var select = $("viewer-corpus");
  var groups = {};
  var KINDS = {sample: "sample games of the site", valid: "valid games", invalid: "invalid examples"};
  Object.keys(listed).forEach(function (id) {
    var entry = listed[id];
    var key = (GAMES[entry.game] || entry.game) + " · " + (KINDS[entry.kind] || entry.kind);
    if (!groups[key]) { groups[key] = document.createElement("optgroup"); groups[key].label = key; select.appendChild(groups[key]); }
    var option = document.createElement("option");
    option.value = entry.id;
    // the closed menu shows the option alone: it names the game too
    option.textContent = (GAMES[entry.game] || entry.game) + ": " + entry.name;
    groups[key].appendChild(option);
  });
  select.addEventListener("change", function () {
    history.replaceState(null, "", location.pathname + "?log=" + encodeURIComponent(select.value));
    loadCorpus(select.value);
  });

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
  Array.prototype.forEach.call(root.querySelectorAll("[data-open]"), function (link) {
    link.addEventListener("click", function (ev) {
      ev.preventDefault();
      select.value = link.getAttribute("data-open");
      select.dispatchEvent(new Event("change"));
    });
  });

  // The keys step the game whatever has the focus (the menu, a button, the slider),
  // except where they type text; the capture phase comes before the menu's own use of them.
  function typing(target) {
    if (!target || !target.tagName) return false;
    if (target.isContentEditable || /^textarea$/i.test(target.tagName)) return true;
    return /^input$/i.test(target.tagName) && !/^(range|button|checkbox|radio|file|submit|reset)$/i.test(target.type);
  }
  window.addEventListener("keydown", function (ev) {
    if (!current || typing(ev.target) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "ArrowRight") go(position + 1);
    else if (ev.key === "ArrowLeft") go(position - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(Infinity);
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  }, true);
  window.addEventListener("hashchange", function () {
    var wanted = /^#event=(\d+)$/.exec(location.hash);
    if (wanted && current) go(+wanted[1]);
  });
  // A game from a Play page (?from=play): the page left its log in this browser's storage.
  if (/[?&]from=play(&|$)/.test(location.search)) {
    var played = null;
    try { played = localStorage.getItem("gupai-play-log"); } catch (err) { played = null; }
    if (played) showText(played, "your game from the Play page");
  }
  // A corpus log named in the query (?log=kap-shap/valid/culin-2p-greedy-seed1) opens at once,
  // if it is one of the list's.
  var named = /[?&]log=([^&#]+)/.exec(location.search);
  if (named) {
    var id;
    try { id = decodeURIComponent(named[1]); } catch (err) { id = named[1]; }
    if (listed[id]) select.value = id;
    loadCorpus(id);
  }
})();

/* Opens the example (a <details>) that a link points into, on load and on every jump;
 * draws an example's tiles when it is first opened; lets a table wider than its
 * column scroll sideways with its first column held in place, or, on a narrow
 * screen, stacks a list of records into cards, one a row. */
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    if (target) target.scrollIntoView();
  }

  // A table no wider than its column is left alone. A wider one scrolls sideways
  // in its frame, its first column held in place (a matrix always does: cards
  // would hide that it is one); only a list of records (at most RECORD_COLUMNS
  // columns) on a narrow screen becomes cards, each cell labelled with its
  // column's name, so no column hides off-screen.
  var RECORD_COLUMNS = 5;
  var NARROW = 760;
  function columns(table) {
    var row = table.querySelector("thead tr") || table.querySelector("tr");
    return row ? row.children.length : 0;
  }
  function column(table) {
    var box = table.closest("article") || document.querySelector(".md-content") || document.body;
    var style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  function stack(table) {
    var names = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) { return th.textContent.trim(); });
    Array.prototype.forEach.call(table.querySelectorAll("tbody tr"), function (row) {
      Array.prototype.forEach.call(row.children, function (cell, i) {
        if (names[i] && !cell.hasAttribute("data-label")) cell.setAttribute("data-label", names[i]);
      });
    });
    table.classList.add("stacked");
  }
  // Measured with every word whole (data-measuring): a table that fits only by
  // breaking its words in two is too wide.
  function fitTables() {
    var tables = Array.prototype.filter.call(document.querySelectorAll(".md-typeset table"), function (table) {
      return !table.closest(".viewer");
    });
    tables.forEach(function (table) {
      table.removeAttribute("data-scroll");
      if (table.classList.contains("stacked")) {
        table.classList.remove("stacked");
        if (!table.classList.length) table.removeAttribute("class");
      }
      table.setAttribute("data-measuring", "");
    });
    var wide = tables.filter(function (table) { return table.scrollWidth > column(table) + 1; });
    tables.forEach(function (table) { table.removeAttribute("data-measuring"); });
    var narrow = window.innerWidth < NARROW;
    wide.forEach(function (table) {
      if (narrow && columns(table) <= RECORD_COLUMNS) stack(table);
      else table.setAttribute("data-scroll", "");  // not a class: the theme styles only tables without one
    });
  }
  // An example's tiles are drawn the first time it opens (a rule page's examples
  // hold thousands): each slot names its faces, the example its tile directory.
  function drawTiles(details) {
    var dir = details.getAttribute("data-tiles-dir");
    if (!details.open || !dir || details.hasAttribute("data-drawn")) return;
    details.setAttribute("data-drawn", "");
    Array.prototype.forEach.call(details.querySelectorAll("span[data-tiles]"), function (slot) {
      slot.getAttribute("data-tiles").split(" ").forEach(function (face) {
        var img = document.createElement("img");
        img.className = "tile tile-sm";
        img.src = dir + "/" + face + ".svg";
        img.alt = "[" + face + "]";
        slot.appendChild(img);
      });
    });
    fitTables();
  }
  function drawOpen() {
    Array.prototype.forEach.call(document.querySelectorAll("details[data-tiles-dir][open]"), drawTiles);
  }
  // "toggle" does not bubble: caught on its way down
  document.addEventListener("toggle", function (event) {
    if (event.target.tagName === "DETAILS") drawTiles(event.target);
  }, true);
  var pending = null;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(fitTables, 100);
  });
  window.addEventListener("load", fitTables);
  window.addEventListener("hashchange", openTarget);
  function ready() { fitTables(); openTarget(); drawOpen(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();

/* Opens the example (a <details>) that a link points into, on load and on every jump;
 * stacks a table that is wider than its column into cards, one a row. */
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

  // A table no wider than its column is left alone; a wider one becomes cards:
  // each cell is labelled with its column's name, so no column hides off-screen.
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
  function fitTables() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset table"), function (table) {
      table.classList.remove("stacked");
    });
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset table"), function (table) {
      if (!table.closest(".md-typeset") || table.closest(".viewer")) return;
      if (table.scrollWidth > column(table) + 1) stack(table);
    });
  }
  var pending = null;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(fitTables, 100);
  });
  window.addEventListener("load", fitTables);
  window.addEventListener("hashchange", openTarget);
  function ready() { fitTables(); openTarget(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();

// What a reader cannot use, measured by the browser on the page as laid out: a table
// wider than the column it stands in (a hidden column) unless it scrolls in a frame
// no wider than the column with its first column held in place, a matrix (more than
// five columns) shown as cards, text under 4.5:1 contrast against what is behind
// it, and text smaller than 12 px.
(function () {
  var out = {tables: [], contrast: [], small: []};
  var content = document.querySelector(".md-content") || document.body;
  function name(el) {
    var cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : "";
    return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + cls;
  }
  // -- tables: the table may not be wider than the column of the page it is in
  var column = content.querySelector("article") || content;
  var limit = column.getBoundingClientRect().width;
  function scrollFrame(table) {
    for (var node = table.parentElement; node && node !== column.parentElement; node = node.parentElement) {
      var overflow = getComputedStyle(node).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && node.getBoundingClientRect().width <= limit + 1) return node;
    }
    return null;
  }
  content.querySelectorAll("table").forEach(function (table) {
    if (!table.checkVisibility()) return;
    var head = table.querySelector("th, td");
    var label = " (" + (head ? JSON.stringify(head.textContent.trim().slice(0, 30)) : "") + ")";
    var row = table.querySelector("thead tr") || table.querySelector("tr");
    if (table.classList.contains("stacked") && row && row.children.length > 5) {
      out.tables.push(name(table) + " is a matrix of " + row.children.length + " columns shown as cards" + label);
    }
    var width = table.scrollWidth;
    if (width > limit + 1) {
      var frame = scrollFrame(table);
      var first = table.querySelector("tbody tr > :first-child");
      var sticky = first && getComputedStyle(first).position === "sticky";
      if (!frame || !sticky) {
        out.tables.push(name(table) + " is " + Math.round(width) + " px wide in a column of " + Math.round(limit) +
          " px" + (frame ? ", its first column not held in place" : "") + label);
      }
    }
  });
  // -- contrast: WCAG relative luminance of the text colour against the first opaque background behind it
  function rgba(text) {
    var m = /rgba?\(([^)]+)\)/.exec(text);
    if (!m) return null;
    var p = m[1].split(/[ ,\/]+/).filter(Boolean).map(parseFloat);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  }
  function over(top, bottom) {
    var a = top.a;
    return {r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1};
  }
  function background(el) {
    var layers = [];
    for (var node = el; node && node.nodeType === 1; node = node.parentElement) {
      var style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== "none" && node !== document.documentElement) return null;
      var c = rgba(style.backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    var colour = {r: 255, g: 255, b: 255, a: 1};
    for (var i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
    return colour;
  }
  function lum(c) {
    function ch(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  }
  var walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  var node, seen = 0;
  while ((node = walker.nextNode())) {
    var text = node.textContent.trim();
    if (!text || !/[A-Za-z0-9·]/.test(text)) continue;
    var el = node.parentElement;
    if (!el || el.closest("svg, script, style, .md-nav, .headerlink, pre, code .hll, .md-clipboard")) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    var style = getComputedStyle(el);
    var size = parseFloat(style.fontSize);
    if (size < 12 && out.small.length < 8) out.small.push(name(el) + " " + JSON.stringify(text.slice(0, 20)) + " at " + size + " px");
    var fg = rgba(style.color), bg = background(el);
    if (!fg || !bg) continue;
    var opacity = 1;
    for (var up = el; up && up.nodeType === 1; up = up.parentElement) opacity *= parseFloat(getComputedStyle(up).opacity);
    fg.a *= opacity;
    var shown = over(fg, bg);
    var l1 = lum(shown), l2 = lum(bg);
    var ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    if (ratio < 4.5 && out.contrast.length < 8) {
      out.contrast.push(name(el) + " " + JSON.stringify(text.slice(0, 20)) + " at " + ratio.toFixed(2) + ":1");
    }
    seen += 1;
  }
  out.texts = seen;
  return out;
})()

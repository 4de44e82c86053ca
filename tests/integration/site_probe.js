// What a reader would see as broken, measured by the browser on the page as laid out:
// a page wider than the window, a text squeezed to a letter or two per line, a word broken in two.
(function () {
  var problems = [];
  var doc = document.documentElement;
  var width = window.innerWidth;
  function name(el) {
    var cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : "";
    return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + cls;
  }
  if (doc.scrollWidth > width + 1) {
    var culprits = [];
    document.querySelectorAll("body *").forEach(function (el) {
      if (culprits.length >= 3) return;
      var box = el.getBoundingClientRect();
      if (box.right <= width + 1 || box.width === 0) return;
      var inner = Array.prototype.some.call(el.children, function (c) { return c.getBoundingClientRect().right > width + 1; });
      for (var up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(up).overflowX)) return;  // clipped: the page does not grow
      }
      if (!inner) culprits.push(name(el) + " ends at " + Math.round(box.right) + " px");
    });
    problems.push("the page is " + doc.scrollWidth + " px wide in a " + width + " px window: " + culprits.join(", "));
  }
  var walker = document.createTreeWalker(document.querySelector(".md-content") || document.body, NodeFilter.SHOW_TEXT);
  var node, squeezed = 0, examples = [];
  while ((node = walker.nextNode())) {
    var text = node.textContent.trim();
    if (text.length < 4) continue;
    var el = node.parentElement;
    if (!el || el.closest("pre, script, style, svg, .md-nav, .row-end")) continue;
    var range = document.createRange();
    range.selectNodeContents(node);
    var tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) tops[Math.round(r.top)] = true; });
    var lines = Object.keys(tops).length;
    if (!lines) continue;
    var chars = text.replace(/\s+/g, "").length;
    var perLine = lines >= 3 && chars / lines < 4;
    var brokenWord = !/\s/.test(text) && lines > 1 && text.length <= 16 && !/[-./_=:]/.test(text);
    if (perLine || brokenWord) {
      squeezed += 1;
      if (examples.length < 4) examples.push(JSON.stringify(text.slice(0, 40)) + " on " + lines + " lines in " + name(el));
    }
  }
  if (squeezed) problems.push(squeezed + " texts narrower than their words: " + examples.join("; "));
  return problems;
})()

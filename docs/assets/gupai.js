/* Opens the example (a <details>) that a link points into, on load and on every jump. */
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
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openTarget);
  else openTarget();
})();

// A bracket scrolls sideways on a phone: bring each bracket's current round (the
// column marked data-current-round by the server) to the left edge on load, and
// again when the wall view's htmx poll swaps a new bracket in. Without JavaScript
// the bracket starts at round 1 and scrolls by hand.
(() => {
  "use strict";

  function showCurrent(root) {
    for (const bracket of root.querySelectorAll(".bracket")) {
      const current = bracket.querySelector("[data-current-round]");
      if (!current || bracket.scrollWidth <= bracket.clientWidth) continue;
      const padding = parseFloat(getComputedStyle(bracket).paddingLeft) || 0;
      bracket.scrollLeft = current.offsetLeft - padding;
    }
  }

  showCurrent(document);
  document.body.addEventListener("htmx:afterSwap", (event) => {
    showCurrent(event.detail.elt.parentElement || document);
  });
})();

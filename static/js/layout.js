// Long names and wide score sheets on a phone (issue 11).
// - A name cut short to fit a narrow column (.clamp) shows whole when tapped, and
//   short again on the next tap; its whole text is also its title.
// - A score sheet wider than the screen says so: a fade at the edge that hides
//   players (.more-right / .more-left on .sheet-frame) and a button naming how many
//   are off to the right, which scrolls them into view (and back to the start).
(() => {
  "use strict";

  // The phone's words in the page's language (pwa.js, loaded first by base.html).
  const { gettext, ngettext } = self.pitchclubWords;

  document.addEventListener("click", (event) => {
    const name = event.target.closest(".clamp");
    if (!name || name.closest("a, button, label")) return;
    name.classList.toggle("whole");
  });

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const watched = new WeakSet();

  function parts(frame) {
    const wrap = frame.querySelector(".sheet-wrap");
    const section = frame.closest(".sheet-section");
    const button = section ? section.querySelector(".sheet-more") : null;
    return { wrap, button };
  }

  // The players whose column is not wholly in view at the right; whether the sheet
  // is scrolled away from its start (the hand numbers stay at the left).
  function hidden(wrap) {
    const right = wrap.getBoundingClientRect().right;
    let after = 0;
    for (const th of wrap.querySelectorAll("thead th.side")) {
      if (th.getBoundingClientRect().right > right + 1) after += 1;
    }
    return { before: wrap.scrollLeft > 1, after };
  }

  function update(frame) {
    const { wrap, button } = parts(frame);
    if (!wrap) return;
    const { before, after } = hidden(wrap);
    frame.classList.toggle("more-right", after > 0);
    frame.classList.toggle("more-left", before);
    if (!button) return;
    button.hidden = !before && after === 0;
    if (after > 0) {
      // Translators: a button over a wide score sheet: how many players are off to the right.
      button.textContent = gettext("{count} more →", { count: after });
      button.setAttribute(
        "aria-label",
        ngettext(
          "{count} more player: scroll the score sheet right",
          "{count} more players: scroll the score sheet right",
          after,
        ),
      );
      button.dataset.go = "right";
    } else if (before) {
      button.textContent = gettext("← Back");
      button.setAttribute("aria-label", gettext("Scroll the score sheet back to its start"));
      button.dataset.go = "left";
    }
  }

  function watch(frame) {
    if (watched.has(frame)) return;
    watched.add(frame);
    const { wrap, button } = parts(frame);
    if (!wrap) return;
    let pending = false;
    const soon = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        update(frame);
      });
    };
    wrap.addEventListener("scroll", soon, { passive: true });
    new ResizeObserver(soon).observe(wrap);
    if (button) {
      button.addEventListener("click", () => {
        const behavior = reduced.matches ? "auto" : "smooth";
        if (button.dataset.go === "left") {
          wrap.scrollTo({ left: 0, behavior });
          return;
        }
        const first = wrap.querySelector("thead th");
        const page = wrap.clientWidth - (first ? first.offsetWidth : 0) - 24;
        wrap.scrollBy({ left: Math.max(page, 40), behavior });
      });
    }
    update(frame);
  }

  function scan() {
    for (const frame of document.querySelectorAll(".sheet-frame")) watch(frame);
  }

  // The sheet is replaced after a hand is saved, by the live view's updates and by
  // the offline queue: every new one is watched too.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      scan();
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
  // The words may come after the buttons were labelled: labelled again in them.
  self.pitchclubWords.ready.then((loaded) => {
    if (loaded) for (const frame of document.querySelectorAll(".sheet-frame")) update(frame);
  });
})();

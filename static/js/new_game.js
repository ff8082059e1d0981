// The new-game form, made quicker with JavaScript; the page works fully without it.
// - Choosing a club swaps the roster the name boxes suggest from (every roster the
//   scorekeeper may use is already on the page as a <datalist>).
// - After a refusal, the first message is scrolled into view, its box focused.
// - Enter in a name box (the phone keyboard's "next") moves to the next box; Enter in
//   an empty box starts the game, as a plain form would.
(() => {
  const form = document.querySelector("form.new-game-form");
  if (!form) return;
  const names = [...form.querySelectorAll("input.seat-name")];
  const club = form.querySelector("select[name=club]");
  // The phone's words in the page's language (pwa.js, loaded first by base.html).
  const { gettext } = self.pitchclubWords;

  const message = form.querySelector(".errorlist[id]");
  if (message) {
    message.scrollIntoView({ block: "center" });
    const box = form.querySelector(`[aria-describedby~="${message.id}"]`);
    if (box && box.matches("input:not([type=radio]):not([type=checkbox]), select")) {
      box.focus({ preventScroll: true });
    }
  }

  if (club) {
    club.addEventListener("change", () => {
      const roster = club.value && document.getElementById(`roster-${club.value}`);
      for (const input of names) {
        if (roster) input.setAttribute("list", roster.id);
        else input.removeAttribute("list");
      }
    });
  }

  // Who deals and who bids first, in the names typed: the order the site uses
  // (RULES.md: the auction starts with the player on the dealer's left, the next
  // seat down the list; after the last seat comes player 1).
  const hint = document.getElementById("order-hint");
  const dealers = [...form.querySelectorAll("input[name=first_dealer]")];
  const showOrder = () => {
    if (!hint) return;
    const seated = names
      .map((input, seat) => ({ seat, name: input.value.trim() }))
      .filter((entry) => entry.name);
    const dealer = dealers.find((radio) => radio.checked);
    const at = dealer ? seated.findIndex((entry) => String(entry.seat) === dealer.value) : -1;
    if (seated.length < 2 || at < 0) {
      hint.hidden = true;
      hint.textContent = "";
      return;
    }
    const first = seated[at].name;
    const bidder = seated[(at + 1) % seated.length].name;
    hint.textContent = gettext("{dealer} deals first; {bidder}, on {dealer}'s left, bids first.", {
      dealer: first,
      bidder,
    });
    hint.hidden = false;
  };
  form.addEventListener("input", showOrder);
  form.addEventListener("change", showOrder);
  showOrder();
  self.pitchclubWords.ready.then((loaded) => {
    if (loaded) showOrder();
  });

  // Hidden boxes (the CSS shows the next one once the last has a name) are skipped.
  const shown = (input) => input.getClientRects().length > 0;

  form.addEventListener("keydown", (event) => {
    const input = event.target;
    if (event.key !== "Enter" || event.isComposing) return;
    if (!(input instanceof HTMLInputElement) || !input.matches(".seat-name")) return;
    if (!input.value.trim()) return;
    const next = names.slice(names.indexOf(input) + 1).find(shown);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
})();

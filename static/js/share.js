// The game page's "Watch" section: copy the live link, print the score sheet.
// Both buttons are hidden in the HTML and shown here, as they need JavaScript;
// without it the link can still be selected and the browser's menu prints.
(() => {
  const status = document.querySelector(".share .share-status");
  // The phone's words in the page's language (pwa.js, loaded first by base.html).
  const { gettext } = self.pitchclubWords;
  let clearing = 0;

  const say = (text) => {
    if (!status) return;
    status.textContent = text;
    clearTimeout(clearing);
    clearing = setTimeout(() => { status.textContent = ""; }, 4000);
  };

  // navigator.clipboard needs a secure page (https or localhost); on plain http in
  // a club hall, select the link's text and copy that instead.
  const copyBySelecting = (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  };

  for (const button of document.querySelectorAll("button[data-copy]")) {
    const link = document.getElementById(button.dataset.copy);
    if (!link) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      const url = link.href;
      let copied = false;
      if (navigator.clipboard && window.isSecureContext) {
        try {
          await navigator.clipboard.writeText(url);
          copied = true;
        } catch {
          copied = false;
        }
      }
      if (!copied) copied = copyBySelecting(link);
      say(
        copied
          ? gettext("Link copied.")
          : gettext("Could not copy: the link is selected, copy it from the menu."),
      );
    });
  }

  for (const button of document.querySelectorAll("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
})();

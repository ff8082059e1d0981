// The table page with JavaScript: the page works without it (plain forms, a Preview
// button); with it, htmx previews every tap and saves in place, and this file:
// - hides the Preview button (the preview follows each tap);
// - disables the auction calls the server says are not allowed now;
// - gives "rest to team …" at once, without a round trip;
// - after a save or a refusal, brings the message or the first error into view;
// - keeps the hand being tapped on the phone until it is saved.
(() => {
  document.documentElement.classList.add("js");

  const form = () => document.getElementById("hand-entry");

  function applyLegalCalls() {
    const preview = document.querySelector("#preview [data-disabled-calls]");
    const entry = form();
    if (!preview || !entry) return;
    const off = new Set(
      preview.getAttribute("data-disabled-calls").split(" ").filter(Boolean),
    );
    for (const input of entry.querySelectorAll("input[type=radio][name^='call-']")) {
      const disable = off.has(input.id);
      if (disable && input.checked) input.checked = false;
      input.disabled = disable;
    }
    // The rows' notes: why a call is greyed out, or that a tap was cleared.
    const hints = JSON.parse(preview.getAttribute("data-call-hints") || "{}");
    for (const [row, hint] of Object.entries(hints)) {
      const note = document.getElementById(`${row}-hint`);
      if (note) note.textContent = hint;
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-rest-seat]");
    if (!button) return;
    const entry = button.form;
    const seat = button.getAttribute("data-rest-seat").replace("rest-", "");
    event.preventDefault();
    const rows = entry.querySelectorAll(".awards fieldset.taps");
    for (const row of rows) {
      if (row.querySelector("input:checked")) continue;
      const input = row.querySelector(`input[value="${seat}"]`);
      if (input) input.checked = true;
    }
    entry.dispatchEvent(new Event("change", { bubbles: true }));
  });

  document.addEventListener("htmx:afterSettle", (event) => {
    applyLegalCalls();
    // After an outerHTML swap the event's target is the element that was replaced.
    if (!event.detail.target || event.detail.target.id !== "table") return;
    const target = document.getElementById("table");
    if (!target) return;
    const problem = target.querySelector(".conflict, .form-error, .field-error");
    if (problem) {
      problem.scrollIntoView({ block: "center" });
      // Keyboard and screen-reader users land on the row to fix.
      const row = problem.closest("fieldset");
      const input = row && row.querySelector("input:not([disabled])");
      if (input) input.focus({ preventScroll: true });
      return;
    }
    const message = target.querySelector(".messages");
    if (message) message.scrollIntoView({ block: "start" });
  });

  // The preview of a tap arrives while the thumb moves to Save. It grows or shrinks
  // the bar above Save (one line "Still to tap" becomes the outcome and a winner): the
  // page scrolls by as much, so Save stays where it was aimed at. When the bar sits
  // at the bottom of the screen, Save did not move and nothing scrolls.
  let saveTop = null;
  const saveButton = () => document.querySelector("#hand-entry button.save");
  const isPreview = (event) => event.detail.target && event.detail.target.id === "preview";
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!isPreview(event)) return;
    const save = saveButton();
    saveTop = save ? save.getBoundingClientRect().top : null;
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!isPreview(event) || saveTop === null) return;
    const save = saveButton();
    const moved = save ? save.getBoundingClientRect().top - saveTop : 0;
    saveTop = null;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
  });

  // The hand being tapped is kept on the phone as it is tapped: a reload, a closed
  // tab or a dead battery does not lose it. Cleared once the hand is saved (the
  // form then asks for the next number).
  const DRAFT = "pitchclub:draft:";

  function draftKey(entry) {
    return `${DRAFT}${entry.dataset.game}`;
  }

  function keepDraft(entry, newMode) {
    const fields = {};
    for (const input of entry.querySelectorAll("input:checked, input[type=number]")) {
      if (input.type === "number" && !input.value) continue;
      fields[input.name] = input.type === "checkbox" ? "on" : input.value;
    }
    const mode = entry.querySelector("input[name=mode]");
    const draft = { number: entry.dataset.number, mode: newMode || (mode && mode.value), fields };
    try {
      localStorage.setItem(draftKey(entry), JSON.stringify(draft));
    } catch {
      // Storage full or off: the hand is still on the screen.
    }
  }

  function switchMode(entry, draft) {
    if (!window.htmx || !navigator.onLine || !["full", "quick"].includes(draft.mode)) {
      return false;
    }
    window.htmx.ajax("POST", entry.getAttribute("action"), {
      source: entry,
      target: "#table",
      swap: "outerHTML",
      values: { ...draft.fields, action: draft.mode },
    });
    return true;
  }

  function readDraft(entry) {
    try {
      return JSON.parse(localStorage.getItem(draftKey(entry)) || "null");
    } catch {
      return null;
    }
  }

  function writeDraft(entry, draft) {
    try {
      localStorage.setItem(draftKey(entry), JSON.stringify(draft));
    } catch {
      // Storage full or off: the hand is still on the screen.
    }
  }

  const hasTaps = (draft) => Object.keys(draft.fields || {}).length > 0;
  const { gettext } = self.pitchclubWords;

  function note(entry, className, text, buttons = []) {
    for (const old of document.querySelectorAll(".kept-draft")) old.remove();
    const box = document.createElement("div");
    box.className = `notice kept-draft ${className}`;
    box.setAttribute("role", "status");
    const line = document.createElement("p");
    line.textContent = text;
    box.append(line);
    for (const [label, act] of buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn";
      button.textContent = label;
      button.addEventListener("click", () => {
        box.remove();
        act();
      });
      box.append(button);
    }
    const head = entry.querySelector(".entry-head");
    if (head) head.after(box);
    else entry.prepend(box);
    return box;
  }

  // Taps kept for a hand the sheet has moved past (another phone recorded it, or
  // undid the one before): never dropped without a word. The scorekeeper uses them
  // for the hand the form asks for now, or drops them.
  function offerDraft(entry, draft) {
    if (document.querySelector("#table .conflict")) return; // the server's box says it
    note(
      entry,
      "moved-on",
      gettext(
        "Taps kept on this phone for hand {old} were not saved: the sheet now asks for hand {number}.",
        { old: draft.number, number: entry.dataset.number },
      ),
      [
        [
          gettext("Use them for hand {number}", { number: entry.dataset.number }),
          () => {
            writeDraft(entry, { ...draft, number: entry.dataset.number, sent: false });
            restoreDraft();
          },
        ],
        [gettext("Drop them"), () => localStorage.removeItem(draftKey(entry))],
      ],
    );
  }

  function restoreDraft() {
    const entry = form();
    if (!entry || entry.classList.contains("correcting")) return false;
    const draft = readDraft(entry);
    if (!draft) return false;
    if (draft.number !== entry.dataset.number) {
      // A hand this phone sent (saved, or queued offline) is on the sheet or on its
      // way: its taps go. Anything else is offered, not lost.
      if (draft.sent || !hasTaps(draft)) {
        localStorage.removeItem(draftKey(entry));
      } else {
        offerDraft(entry, draft);
      }
      return false;
    }
    if (entry.querySelector("input[type=radio]:checked")) return false;
    const mode = entry.querySelector("input[name=mode]");
    // The mode is one of the taps: a page brought back by Back (or opened elsewhere)
    // in the other mode asks the server for the form in the mode tapped, with the
    // taps; once it is in, the draft matches it.
    if (mode && draft.mode && mode.value !== draft.mode && hasTaps(draft)) {
      if (switchMode(entry, draft)) return true;
      // Offline, the form in the other mode needs the server: the taps stay kept as
      // they were and come back with the network.
      note(
        entry,
        "waiting",
        gettext(
          "Your taps for hand {number} are kept on this phone: they come back when the network does.",
          { number: draft.number },
        ),
      );
      window.addEventListener("online", restoreDraft, { once: true });
      return true;
    }
    let restored = false;
    for (const [name, value] of Object.entries(draft.fields)) {
      if (name.startsWith("call-") && mode && mode.value !== draft.mode) continue;
      for (const input of entry.querySelectorAll(`input[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" && input.value === value && !input.disabled) {
          input.checked = true;
          restored = true;
        } else if (input.type === "checkbox") {
          input.checked = true;
          restored = true;
        } else if (input.type === "number") {
          input.value = value;
          restored = true;
        }
      }
    }
    if (restored) entry.dispatchEvent(new Event("change", { bubbles: true }));
    return false;
  }

  // A Save on its way marks the kept taps as sent; saved, they go; refused or failed,
  // they are the phone's again. Unanswered (offline), the queue holds the hand.
  // The Save is posted by the form itself; the preview, posted by the bar inside it,
  // may carry the form's last clicked button (action=save) before its own action.
  const saveOf = (event) => {
    const data = event.detail.requestConfig && event.detail.requestConfig.formData;
    const entry = event.detail.elt;
    const save = entry && entry.id === "hand-entry" && data instanceof FormData;
    return save && data.getAll("action").pop() === "save" ? entry : null;
  };
  document.addEventListener("htmx:beforeRequest", (event) => {
    const entry = saveOf(event);
    if (!entry) return;
    const draft = readDraft(entry);
    if (draft) writeDraft(entry, { ...draft, sent: true });
    const button = !event.defaultPrevented && entry.querySelector("button.save");
    if (button) {
      button.dataset.label = button.textContent;
      button.textContent = gettext("Saving hand {number}…", { number: entry.dataset.number });
    }
    // The last hand's "saved" is not this one's: it goes while this one is on its way.
    for (const old of document.querySelectorAll("#table .messages")) old.remove();
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const entry = saveOf(event);
    if (!entry) return;
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    const button = entry.querySelector("button.save");
    if (button && button.dataset.label && entry.isConnected) button.textContent = button.dataset.label;
    if (status >= 200 && status < 300) {
      localStorage.removeItem(draftKey(entry));
    } else if (status !== 0) {
      const draft = readDraft(entry);
      if (draft) writeDraft(entry, { ...draft, sent: false });
    }
  });

  // Screen readers announce a live region whose text changes, not always one that
  // arrives already filled: "Hand N saved ✓" is said again in one that stays.
  const announcer = document.createElement("div");
  announcer.className = "sr-only";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  document.body.append(announcer);
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!event.detail.target || event.detail.target.id !== "table") return;
    const said = document.querySelector("#table .messages");
    announcer.textContent = said ? said.textContent.trim() : "";
  });

  // A tap on "Pitcher & bid only" or "Whole auction" is kept as it is tapped: the
  // form in the new mode, with the taps, is what Back or a reload brings back.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("#hand-entry button.mode");
    const entry = button && button.form;
    if (entry && !entry.classList.contains("correcting")) keepDraft(entry, button.value);
  });
  document.addEventListener("change", (event) => {
    const entry = event.target.closest && event.target.closest("#hand-entry");
    if (entry && !entry.classList.contains("correcting")) keepDraft(entry);
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!event.detail.target || event.detail.target.id !== "table") return;
    if (restoreDraft()) return;
    // A new form from the server (the mode switched, a refused hand): what it holds
    // is what is kept, the mode with it.
    const entry = form();
    if (entry && !entry.classList.contains("correcting")) keepDraft(entry);
  });

  applyLegalCalls();
  // After htmx has set up the page (on DOMContentLoaded, which comes after this
  // deferred script), so that the restored taps are previewed.
  if (document.readyState === "complete") {
    restoreDraft();
  } else {
    window.addEventListener("load", restoreDraft);
  }
})();

// A Save never says nothing (issue 23): it ends in the server's "Hand N saved", in
// its refusal, in the offline queue's "not saved yet" box, or here in a "not saved"
// note above the form, the taps kept. A Save the scripts did not send at all goes as
// the plain form post (the form has its action and method). Why a save did not go
// is logged on the phone, beside the offline queue.
(() => {
  const LOG = "pitchclub:save-log:";
  const LOG_KEPT = 50;
  // The answered statuses htmx swaps into the page (base.html's htmx-config).
  const SHOWN = /^(2..|3..|409|422)$/;
  const WAIT_MS = 2000;
  let watched = null;
  // The phone's words in the page's language (pwa.js, loaded first by base.html); the
  // log above stays in English, for whoever reads it back.
  const { gettext } = self.pitchclubWords;

  function log(entry, why) {
    const key = `${LOG}${entry.dataset.game}`;
    try {
      const kept = JSON.parse(localStorage.getItem(key) || "[]");
      kept.push({ number: entry.dataset.number, why, at: new Date().toISOString() });
      localStorage.setItem(key, JSON.stringify(kept.slice(-LOG_KEPT)));
    } catch {
      // Storage full or off: the note on the screen still says it.
    }
  }

  function say(entry, text) {
    let note = entry.querySelector(".save-failed");
    if (!note) {
      note = document.createElement("p");
      note.className = "notice save-failed";
      note.setAttribute("role", "status");
      const head = entry.querySelector(".entry-head");
      if (head) head.after(note);
      else entry.prepend(note);
    }
    note.textContent = text;
    note.scrollIntoView({ block: "center" });
  }

  const queued = (entry) => localStorage.getItem(`pitchclub:queue:${entry.dataset.game}`) || "";

  const isSave = (event) => {
    const config = event.detail && event.detail.requestConfig;
    const data = config && config.formData;
    // The last action is the request's own (the preview's comes after any other).
    return data instanceof FormData && data.getAll("action").pop() === "save";
  };

  // Caught before htmx's own listener on the form, to see the queue as it was.
  document.addEventListener(
    "submit",
    (event) => {
      const entry = event.target;
      if (entry.id !== "hand-entry" || entry.classList.contains("correcting")) return;
      const submitter = event.submitter;
      if (submitter && submitter.name === "action" && submitter.value !== "save") return;
      if (!window.htmx) return; // No htmx yet: the browser posts the form itself.
      const old = entry.querySelector(".save-failed");
      if (old) old.remove();
      const mine = { entry, number: entry.dataset.number, queue: queued(entry) };
      mine.answered = false;
      watched = mine;
      setTimeout(() => silent(event, mine), WAIT_MS);
    },
    true,
  );

  function silent(event, mine) {
    const entry = mine.entry;
    // Not taken by htmx: the browser posted it. Or answered, or the page moved on.
    if (!event.defaultPrevented || watched !== mine || mine.answered) return;
    if (!entry.isConnected || entry.dataset.number !== mine.number) return;
    // The phone said something (its refusal, the queue took the hand): not silent.
    if (queued(entry) !== mine.queue || entry.querySelector(".phone-error")) return;
    // The game won on this phone: the form is hidden, the box says why.
    if (entry.offsetParent === null) return;
    if (!navigator.onLine) {
      log(entry, "not sent by the page, offline");
      say(
        entry,
        gettext("Hand {number} not sent yet: your taps are kept, tap Save again.", { number: mine.number }),
      );
      return;
    }
    log(entry, "not sent by the page: posted as a plain form");
    say(entry, gettext("Hand {number} not sent yet: sending it again…", { number: mine.number }));
    // The taps kept go with it: the page that comes back is the next hand's.
    try {
      const key = `pitchclub:draft:${entry.dataset.game}`;
      const draft = JSON.parse(localStorage.getItem(key) || "null");
      if (draft) localStorage.setItem(key, JSON.stringify({ ...draft, sent: true }));
    } catch {
      // Storage off: nothing was kept.
    }
    HTMLFormElement.prototype.submit.call(entry);
  }

  document.addEventListener("htmx:beforeSend", (event) => {
    if (watched && isSave(event)) watched.answered = true;
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!isSave(event)) return;
    const xhr = event.detail.xhr;
    const entry = watched && watched.entry;
    watched = null;
    if (!entry || !entry.isConnected || !xhr || xhr.status === 0) return; // offline.js queues it
    if (SHOWN.test(String(xhr.status))) return;
    log(entry, `server answered ${xhr.status}`);
    say(
      entry,
      gettext("Hand {number} not saved: the server answered {code}. Your taps are kept: tap Save again.", {
        number: entry.dataset.number,
        code: xhr.status,
      }),
    );
  });
})();

// "New game, same players" and the undo confirmation: a second tap while the first is
// on its way would start a second game; the button says what is happening instead.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form.again, form.confirm")) return;
  const button = event.submitter || form.querySelector("button[type=submit]");
  if (!button) return;
  if (button.dataset.sent) {
    event.preventDefault();
    return;
  }
  button.dataset.sent = "1";
  button.setAttribute("aria-disabled", "true");
});

// The undo confirmation brought back by Back from the back/forward cache (where a
// browser keeps it despite its no-store) shows the hand as it was, its button still
// marked as sent: ask the server again, which shows the hand as it is now, or the
// game when that hand was undone since.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("form.confirm")) location.reload();
});


// Hands entered without network are kept on this phone and sent when it returns.
//
// The hand-entry form (templates/scoring/_entry.html, #hand-entry inside #table) is
// posted by htmx. When a Save can't reach the server (the phone is offline, or the
// request fails or times out), the hand goes into a queue in localStorage
// ("pitchclub:queue:<game id>", oldest first), a status box above #table says it is
// not saved yet, and the form moves on to the next hand. The queue is sent, oldest
// first, when the page loads, when the network comes back and every few seconds
// while anything waits:
// - 200/201: recorded (or recorded already: the server knows each form's client_id,
//   so a retry after a lost answer never records a hand twice); the answer is the
//   new #table.
// - 409 with the server's conflict box: another phone recorded that hand number
//   first. Two phones at one table record the same deals, so it is most likely the
//   same deal: this phone's copy is left out (never recorded twice) and the rest of
//   the queue goes on, in order. A note in the status box ("pitchclub:left-out:<game
//   id>", until dismissed) keeps what was left out, with one tap to use its taps for
//   the next hand in case it was a different deal after all.
// - 409 with the server's "undone" box (data-refusal="hand_undone"): the hand was
//   recorded, then undone on another phone, before this phone heard back. An undone
//   hand never comes back: its copy is dropped, a note says so, the rest goes on.
// - 400/422 (or a 409 without a conflict, e.g. the game is over): refused; the answer
//   shows the form with the refusal and the typed values. Sending stops until that
//   hand is saved, because the hands after it would be refused too (the pause
//   survives a reload), or until it is left out (the hands after it move up a number).
// - no network, 5xx, or anything else: everything stays, to be tried again.
// Only the Save is queued: the form's other buttons and its preview just wait for
// the network.
(() => {
  const QUEUE = "pitchclub:queue:";
  const REFUSED = "pitchclub:refused:";
  const USED = "pitchclub:used:";
  const LEFT_OUT = "pitchclub:left-out:";
  const USED_KEPT = 200;
  const RETRY_MS = 5000;
  const SAVE_TIMEOUT_MS = 15000;

  let sending = false;
  // Why the last attempt failed, when the server answered something we can't act on.
  // ({text, signIn}: with a link to sign in again.)
  let problem = null;
  const LOGIN_URL = "/accounts/login/";

  const entryForm = () => document.getElementById("hand-entry");
  const table = () => document.getElementById("table");

  function gameId() {
    const form = entryForm();
    if (form && form.dataset.game) return form.dataset.game;
    const match = location.pathname.match(/^\/games\/(\d+)\//);
    return match ? match[1] : null;
  }

  // Storage ------------------------------------------------------------------

  function read(key, fallback) {
    try {
      const value = JSON.parse(localStorage.getItem(key));
      return value === null ? fallback : value;
    } catch (error) {
      return fallback;
    }
  }

  function write(key, value) {
    if (value === null || (Array.isArray(value) && value.length === 0)) {
      localStorage.removeItem(key);
    } else {
      localStorage.setItem(key, JSON.stringify(value));
    }
  }

  const queueOf = (game) => read(QUEUE + game, []);
  const refusedOf = (game) => read(REFUSED + game, null);
  const leftOutOf = (game) => read(LEFT_OUT + game, []);

  function markUsed(game, clientId) {
    if (!clientId) return;
    const used = read(USED + game, []).filter((id) => id !== clientId);
    used.push(clientId);
    try {
      write(USED + game, used.slice(-USED_KEPT));
    } catch (error) {
      // Storage full: only the protection against a stale form is lost.
    }
  }

  // Returns false when the phone refuses to store it (storage full or disabled).
  function enqueue(game, item) {
    const queue = queueOf(game).filter((queued) => queued.client_id !== item.client_id);
    // Hands are recorded in number order. A hand re-entered after a refusal goes
    // before the ones entered after it, even those queued with its number.
    if (refusedOf(game)) queue.unshift(item);
    else queue.push(item);
    queue.sort((a, b) => a.number - b.number);
    try {
      write(QUEUE + game, queue);
    } catch (error) {
      return false;
    }
    write(REFUSED + game, null);
    markUsed(game, item.client_id);
    return true;
  }

  function dequeue(game, clientId) {
    write(
      QUEUE + game,
      queueOf(game).filter((queued) => queued.client_id !== clientId),
    );
  }

  // A refused hand left out: the hands queued after it move up a number.
  function closeGap(game, number) {
    const queue = queueOf(game).map((item) => {
      if (item.number <= number) return item;
      const params = new URLSearchParams(item.body);
      params.set("number", String(item.number - 1));
      return { ...item, number: item.number - 1, body: params.toString() };
    });
    write(QUEUE + game, queue);
  }

  // This phone's copy of a hand another phone recorded first (see sendNext).
  function keepLeftOut(game, note) {
    const notes = leftOutOf(game).filter((kept) => kept.id !== note.id);
    notes.push(note);
    try {
      write(LEFT_OUT + game, notes);
    } catch (error) {
      // Storage full: the note is lost, the hand after it goes on all the same.
    }
  }

  function dropLeftOut(game, id) {
    write(
      LEFT_OUT + game,
      leftOutOf(game).filter((kept) => kept.id !== id),
    );
  }

  // The form -----------------------------------------------------------------

  function uuid() {
    if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
    // crypto.randomUUID needs a secure context; a LAN address over http isn't one.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function isSave(formData) {
    return formData instanceof FormData && formData.get("action") === "save";
  }

  function seatsOf(form) {
    try {
      const seats = JSON.parse(form.dataset.seats || "[]");
      return Array.isArray(seats) ? seats : [];
    } catch (error) {
      return [];
    }
  }

  // The form as the form for hand `number`: its hidden input, data-number, heading,
  // Save button and, in the whole-auction mode, the players' names in the order
  // they call (from the dealer's left, as scoring/entry.py draws them).
  function setNumber(form, number) {
    form.dataset.number = String(number);
    if (form.elements.number) form.elements.number.value = String(number);
    const title = document.getElementById("entry-title");
    const save = form.querySelector("button.save");
    if (save) save.textContent = `Save hand ${number}`;
    const seats = seatsOf(form);
    const firstDealer = Number.parseInt(form.dataset.firstDealer, 10);
    if (!seats.length || Number.isNaN(firstDealer)) {
      if (title) title.textContent = `Hand ${number}`;
      return;
    }
    const players = seats.length;
    const dealer = (((firstDealer + number - 1) % players) + players) % players;
    const bidder = (dealer + 1) % players;
    if (title) {
      title.textContent = `Hand ${number} · ${seats[dealer]} deals · ${seats[bidder]} bids first`;
    }
    seats.forEach((_, index) => {
      const seat = (dealer + 1 + index) % players;
      const legend = form.querySelector(`fieldset.taps-call-${index} .tap-legend .what`);
      if (legend) legend.textContent = seat === dealer ? `${seats[seat]} (dealer)` : seats[seat];
    });
  }

  function freshClientId(form) {
    if (form.elements.client_id) form.elements.client_id.value = uuid();
  }

  // After a hand is queued: an empty form for the next one.
  function resetForm(form, number) {
    for (const input of form.querySelectorAll("input[type=radio], input[type=checkbox]")) {
      input.checked = false;
      // Calls ruled out by the last hand's auction are open again (the server
      // checks the new auction when it is sent).
      if (input.name.startsWith("call-")) input.disabled = false;
    }
    for (const input of form.querySelectorAll("input[type=number], input[type=text]")) {
      input.value = "";
    }
    for (const invalid of form.querySelectorAll("[aria-invalid]")) {
      invalid.removeAttribute("aria-invalid");
    }
    for (const error of form.querySelectorAll(".field-error, .form-error")) error.remove();
    for (const row of form.querySelectorAll(".has-error")) row.classList.remove("has-error");
    const extras = form.querySelector("details.extras");
    if (extras) extras.open = false;
    freshClientId(form);
    setNumber(form, number);
    offlinePreview(form);
  }

  // Without network the preview can't follow the taps: it says so instead of showing
  // the last hand's.
  function offlinePreview(form) {
    const preview = document.getElementById("preview");
    if (!preview || !form.contains(preview)) return;
    preview.removeAttribute("data-disabled-calls");
    if (navigator.onLine) {
      preview.replaceChildren();
    } else {
      preview.replaceChildren(
        line("No preview without network: Save keeps the hand on this phone.", "to-tap"),
      );
    }
  }

  // The form the page shows may be older than the queue (a page kept by the service
  // worker, or the server's form for a hand that is queued already): it moves on
  // past the queued hands, with a client_id never used.
  function alignForm() {
    const form = entryForm();
    const game = gameId();
    if (!form || !game) return;
    const used = new Set(read(USED + game, []));
    if (form.elements.client_id && used.has(form.elements.client_id.value)) {
      freshClientId(form);
    }
    if (refusedOf(game)) return; // the form shows the refused hand: leave it alone
    const queue = queueOf(game);
    if (!queue.length) return;
    const next = Math.max(...queue.map((item) => item.number)) + 1;
    if (Number(form.dataset.number) < next) setNumber(form, next);
  }

  // The status box -----------------------------------------------------------

  function statusBox() {
    let box = document.getElementById("offline-status");
    const anchor = table();
    if (!box && anchor) {
      box = document.createElement("div");
      box.id = "offline-status";
      box.className = "offline-status";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      anchor.before(box);
    }
    return box;
  }

  const hands = (n) => (n === 1 ? "1 hand" : `${n} hands`);

  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  function render() {
    const box = statusBox();
    const game = gameId();
    if (!box || !game) return;
    const queue = queueOf(game);
    const refused = refusedOf(game);
    const lines = [];
    box.classList.toggle("refused", Boolean(refused));
    if (refused) {
      const rest =
        queue.length === 1
          ? "; 1 more hand is still waiting"
          : queue.length
            ? `; ${queue.length} more hands are still waiting`
            : "";
      lines.push(line(`Hand ${refused.number} was refused: fix it below${rest}.`, "lead-line"));
      if (queue.length) {
        lines.push(
          line(
            `${queue.length === 1 ? "It is" : "They are"} sent once this one is saved ` +
              "(or without it, a number lower, if you leave it out).",
          ),
        );
        // A hand that can't be fixed (nobody remembers it) need not hold up the
        // others: they go without it, a number lower each.
        const skip = document.createElement("button");
        skip.type = "button";
        skip.className = "btn skip-refused";
        skip.textContent = `Leave hand ${refused.number} out, send the ${queue.length === 1 ? "other one" : `other ${queue.length}`}`;
        skip.addEventListener("click", () => {
          closeGap(game, refused.number);
          write(REFUSED + game, null);
          alignForm();
          render();
          sendNext();
        });
        lines.push(skip);
      }
    } else if (queue.length) {
      const last = queue[queue.length - 1].number;
      lines.push(
        line(
          `Hand ${last} is not saved yet — it is kept on this phone and will be sent when the network is back.`,
          "lead-line",
        ),
      );
      const numbers = queue.map((item) => item.number).join(", ");
      const which = queue.length > 1 ? ` (hands ${numbers})` : "";
      lines.push(
        line(
          `${hands(queue.length)} waiting to be sent${which}` +
            (sending ? ": sending now…" : "."),
        ),
      );
    }
    if (problem && queue.length) {
      const p = line(problem.text, "problem");
      if (problem.signIn) {
        const link = document.createElement("a");
        link.href = `${LOGIN_URL}?next=${encodeURIComponent(location.pathname)}`;
        link.textContent = "Sign in";
        p.append(" ", link);
      }
      lines.push(p);
    }
    for (const note of leftOutOf(game)) {
      // Shown by the server's own conflict box while that is on the page.
      const shown = [...document.querySelectorAll("[data-left-out]")].some(
        (conflict) => conflict.dataset.leftOut === note.id,
      );
      if (!shown) lines.push(leftOutNote(game, note, queue.length > 0 || Boolean(refused)));
    }
    box.replaceChildren(...lines);
  }

  // Why a restore failed: {id, text}.
  let restoreProblem = null;

  function leftOutNote(game, note, busy) {
    const div = document.createElement("div");
    div.className = "left-out";
    if (note.undone) {
      div.classList.add("undone");
      div.append(
        line(`Hand ${note.number} was undone on another phone.`, "lead-line"),
        line("This phone's copy of it was dropped, so an undone hand never comes back."),
      );
      div.append(dismissButton(game, note));
      return div;
    }
    const theirs = note.theirs ? `: ${note.theirs}` : "";
    const mine = note.mine ? ` (${note.mine})` : "";
    div.append(
      line(`Hand ${note.number} was recorded by another phone first${theirs}.`, "lead-line"),
      line(
        `This phone's hand ${note.number}${mine} was left out, so nothing is recorded twice. ` +
          "If it was a different deal, use its taps for the next hand.",
      ),
    );
    const form = entryForm();
    const actions = document.createElement("div");
    actions.className = "left-out-actions";
    if (busy || !form) {
      div.append(line("Its taps can be used once the hands waiting on this phone are saved."));
    } else {
      const restore = document.createElement("button");
      restore.type = "button";
      restore.className = "btn restore-left-out";
      restore.textContent = `Use this phone's taps for hand ${form.dataset.number}`;
      restore.addEventListener("click", () => restoreLeftOut(game, note, restore));
      actions.append(restore);
    }
    actions.append(dismissButton(game, note));
    div.append(actions);
    if (restoreProblem && restoreProblem.id === note.id) {
      div.append(line(restoreProblem.text, "problem"));
    }
    return div;
  }

  function dismissButton(game, note) {
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "btn dismiss-left-out";
    dismiss.textContent = "Dismiss";
    dismiss.setAttribute("aria-label", `Dismiss the note about hand ${note.number}`);
    dismiss.addEventListener("click", () => {
      dropLeftOut(game, note.id);
      render();
    });
    return dismiss;
  }

  // Sending ------------------------------------------------------------------

  // POST a form's fields as htmx would; the answer and its text, or no response
  // at all when the network failed or `timeout` ms passed.
  async function post(url, body, timeout) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeout);
    try {
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        redirect: "manual",
        headers: headers(),
        body,
        signal: abort.signal,
      });
      return { response, html: await response.text() };
    } catch (error) {
      return { response: null, html: "" }; // no network after all: try again later
    } finally {
      clearTimeout(timer);
    }
  }

  function headers() {
    const result = {
      "Content-Type": "application/x-www-form-urlencoded",
      "HX-Request": "true",
      "HX-Target": "table",
      "HX-Current-URL": location.href,
    };
    try {
      const fromBody = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
      if (fromBody["X-CSRFToken"]) result["X-CSRFToken"] = fromBody["X-CSRFToken"];
    } catch (error) {
      // No token on the page: the server answers 403 and the hand stays queued.
    }
    return result;
  }

  function swapTable(html) {
    const target = table();
    if (!target) return;
    if (window.htmx && typeof htmx.swap === "function") {
      htmx.swap(target, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    } else {
      target.outerHTML = html;
    }
    statusBox();
    alignForm();
  }

  // What the scorekeeper has tapped so far for the next hand, to keep it when the
  // new #table arrives while they are entering it.
  function tapsOf(form) {
    if (!form) return null;
    const taps = [];
    for (const input of form.querySelectorAll("input:checked")) {
      taps.push({ name: input.name, value: input.value, checked: true });
    }
    for (const input of form.querySelectorAll("input[type=number]")) {
      if (input.value) taps.push({ name: input.name, value: input.value, checked: false });
    }
    const mode = form.elements.mode ? form.elements.mode.value : "";
    return taps.length ? { number: form.dataset.number, mode, taps } : null;
  }

  function restoreTaps(saved) {
    const form = entryForm();
    if (!saved || !form || form.dataset.number !== saved.number) return;
    if ((form.elements.mode ? form.elements.mode.value : "") !== saved.mode) return;
    const inputs = [...form.querySelectorAll("input")];
    for (const tap of saved.taps) {
      const input = inputs.find(
        (i) => i.name === tap.name && (!tap.checked || i.value === tap.value),
      );
      if (!input) continue;
      if (tap.checked) input.checked = true;
      else input.value = tap.value;
    }
    // The preview follows the taps again, now that the network is back.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function triggerEvents(response) {
    const header = response.headers.get("HX-Trigger");
    if (!header || !window.htmx) return;
    let events;
    try {
      events = JSON.parse(header);
    } catch (error) {
      events = Object.fromEntries(header.split(",").map((name) => [name.trim(), null]));
    }
    if (typeof events === "string") events = { [events]: null };
    for (const [name, detail] of Object.entries(events)) {
      htmx.trigger(document.body, name, detail);
    }
  }

  // Ask the service worker to keep a fresh copy of this page (with the new hands).
  function refreshKeptPage() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "refresh-page", url: location.href });
  }

  async function sendNext() {
    const game = gameId();
    if (sending || !game || !navigator.onLine || refusedOf(game)) return;
    const item = queueOf(game)[0];
    if (!item) return;
    sending = true;
    render();
    // A weak signal can leave a request hanging: give up on it and try again later
    // (the client_id makes the second try harmless if the first one arrived).
    const { response, html } = await post(item.url, item.body, SAVE_TIMEOUT_MS);
    sending = false;
    if (!response) {
      problem = null;
      render();
      return;
    }
    const status = response.status;
    const undone = status === 409 ? undoneIn(html) : null;
    const conflict = status === 409 && !undone ? conflictIn(html, item) : null;
    if (status === 200 || status === 201) {
      problem = null;
      dequeue(game, item.client_id);
      const taps = tapsOf(entryForm());
      swapTable(html);
      restoreTaps(taps);
      triggerEvents(response);
      refreshKeptPage();
      render();
      sendNext();
    } else if (undone) {
      // The hand was recorded, then undone on another phone (this phone never saw
      // the answer): it never comes back. Its copy is dropped, a note says so, and
      // the hands after it move up a number.
      problem = null;
      dequeue(game, item.client_id);
      closeGap(game, item.number);
      keepLeftOut(game, { id: item.client_id, number: undone.number || item.number, undone: true });
      const taps = tapsOf(entryForm());
      swapTable(html);
      const box = table() && table().querySelector(".undone-notice");
      if (box) box.dataset.leftOut = item.client_id;
      restoreTaps(taps);
      triggerEvents(response);
      refreshKeptPage();
      render();
      sendNext();
    } else if (conflict) {
      // Another phone recorded this hand's number first: most likely the same deal.
      // This phone's copy is left out (kept in a note) and the rest goes on.
      problem = null;
      dequeue(game, item.client_id);
      keepLeftOut(game, { ...conflict, id: item.client_id, url: item.url, body: item.body });
      const taps = tapsOf(entryForm());
      swapTable(html);
      const box = table() && table().querySelector(".conflict");
      if (box) box.dataset.leftOut = item.client_id;
      restoreTaps(taps);
      triggerEvents(response);
      refreshKeptPage();
      render();
      sendNext();
    } else if (status === 400 || status === 409 || status === 422) {
      problem = null;
      dequeue(game, item.client_id);
      write(REFUSED + game, { number: item.number, status, refused_at: new Date().toISOString() });
      swapTable(html);
      triggerEvents(response);
      render();
    } else if (response.type === "opaqueredirect" || status === 401 || status === 403) {
      problem = {
        text:
          "The server asks you to sign in again before it takes the waiting hands: " +
          "they are sent when you come back to this game.",
        signIn: true,
      };
      render();
    } else if (status >= 500) {
      problem = null; // the server is busy or down for a moment: try again later
      render();
    } else {
      problem = {
        text: `Hand ${item.number} could not be sent (the server answered ${status}). It stays on this phone.`,
      };
      render();
    }
  }

  // The server's answer to a hand that was undone after it was recorded: its box
  // (templates/scoring/_undone.html) says so in data attributes. {number} or null.
  function undoneIn(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const box = doc.querySelector('[data-refusal="hand_undone"]');
    return box ? { number: Number(box.dataset.number) || null } : null;
  }

  // The server's answer to a hand whose number another phone took first: a box
  // (templates/scoring/_conflict.html) above a form for a later hand. Returns what
  // the note says ({number, theirs, mine}), or null for any other 409 (the game is
  // over, or the queue has a gap).
  function conflictIn(html, item) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const box = doc.querySelector(".conflict");
    const form = doc.getElementById("hand-entry");
    if (!box || !form || !(item.number < Number(form.dataset.number))) return null;
    const [first, second] = [...box.querySelectorAll("p")].map((p) =>
      p.textContent.replace(/\s+/g, " ").trim(),
    );
    const theirs = ((first || "").match(/ first: (.*?)\.?$/) || [])[1] || "";
    const mine = ((second || "").match(/\((.*)\) was not saved/) || [])[1] || "";
    return { number: item.number, theirs, mine };
  }

  // "Use this phone's taps for hand N": the server draws the form for the next hand
  // with the taps of the hand left out (as the conflict box's own button does).
  async function restoreLeftOut(game, note, button) {
    const params = new URLSearchParams(note.body);
    params.delete("client_id"); // a new hand: the server gives it a new one
    params.delete("number");
    params.set("action", "restore");
    button.disabled = true;
    const { response, html } = await post(note.url, params.toString(), SAVE_TIMEOUT_MS);
    if (response && response.status === 200) {
      restoreProblem = null;
      dropLeftOut(game, note.id);
      swapTable(html);
      triggerEvents(response);
      render();
      const form = entryForm();
      if (form) form.scrollIntoView({ block: "start" });
      return;
    }
    restoreProblem = {
      id: note.id,
      text: !response
        ? "No network: try again when it is back."
        : response.type === "opaqueredirect" || response.status === 401 || response.status === 403
          ? "The server asks you to sign in again first."
          : `The server answered ${response.status}: try again in a moment, or tap the hand in again.`,
    };
    render();
  }

  // Queueing a save ------------------------------------------------------------

  function queueSave(form, formData) {
    const game = form.dataset.game || gameId();
    const params = new URLSearchParams();
    for (const [name, value] of formData.entries()) {
      // The header carries the page's current token; a stored one may go stale.
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") {
        params.append(name, value);
      }
    }
    params.set("action", "save");
    if (!params.get("client_id")) params.set("client_id", uuid());
    const number = Number(params.get("number") || form.dataset.number);
    const path = form.getAttribute("hx-post") || form.getAttribute("action");
    const item = {
      url: new URL(path, location.href).pathname,
      body: params.toString(),
      number,
      game,
      client_id: params.get("client_id"),
      saved_at: new Date().toISOString(),
    };
    if (!enqueue(game, item)) {
      const box = statusBox();
      const text = `Hand ${number} could not be kept on this phone (its storage is full or turned off): write it down and enter it again when the network is back.`;
      if (box) box.replaceChildren(line(text, "problem"));
      return;
    }
    problem = null;
    resetForm(form, Math.max(number, ...queueOf(game).map((queued) => queued.number)) + 1);
    // The taps are in the queue now: table.js's draft of them must not come back.
    try {
      localStorage.removeItem(`pitchclub:draft:${game}`);
    } catch {
      // Storage off: nothing was kept either.
    }
    // "Hand 6 saved" from before the network went would read as if this one were.
    for (const old of document.querySelectorAll("#table .messages")) old.remove();
    render();
    // The notice, then the new hand's form below it.
    const box = statusBox();
    if (box) box.scrollIntoView({ block: "start" });
  }

  // htmx ------------------------------------------------------------------------

  const fromEntryForm = (event) => {
    const form = entryForm();
    const elt = event.detail && event.detail.elt;
    return form && elt instanceof Element && (elt === form || form.contains(elt) || elt.form === form)
      ? form
      : null;
  };

  // A save gets a client_id never recorded or queued before: the page may be an
  // older copy (kept by the service worker, or the back button's) whose form was
  // saved already, and the server would take the new hand for a repeat of that one.
  document.body.addEventListener("htmx:configRequest", (event) => {
    const form = fromEntryForm(event);
    const game = gameId();
    if (!form || !game || !isSave(event.detail.formData)) return;
    const used = new Set(read(USED + game, []));
    const clientId = event.detail.formData.get("client_id");
    if (!clientId || used.has(clientId)) {
      const fresh = uuid();
      event.detail.formData.set("client_id", fresh);
      if (form.elements.client_id) form.elements.client_id.value = fresh;
    }
    // Without an answer in this time the hand is queued (and sent again: at most
    // once recorded, thanks to its client_id).
    if (!event.detail.timeout) event.detail.timeout = SAVE_TIMEOUT_MS;
  });

  document.body.addEventListener("htmx:beforeRequest", (event) => {
    // The server's conflict box (left on the page by sendNext) posting its taps: the
    // note about the same hand goes once that worked (htmx:afterRequest, where the
    // box may be off the page already).
    const elt = event.detail.elt;
    const conflict = elt instanceof Element ? elt.closest(".conflict[data-left-out]") : null;
    if (conflict && event.detail.requestConfig) {
      event.detail.requestConfig.leftOut = conflict.dataset.leftOut;
    }
    const form = fromEntryForm(event);
    const game = gameId();
    if (!form || !game) return;
    const formData = event.detail.requestConfig && event.detail.requestConfig.formData;
    if (!isSave(formData)) {
      // Preview and the form's other buttons need the server; offline they wait.
      if (!navigator.onLine) {
        event.preventDefault();
        offlinePreview(form);
      }
      return;
    }
    // Offline, or hands still waiting (this one must go after them): queue it.
    if (!navigator.onLine || (queueOf(game).length && !refusedOf(game))) {
      event.preventDefault();
      queueSave(form, formData);
      sendNext();
    }
  });

  const onSendFailed = (event) => {
    const form = fromEntryForm(event);
    const formData = event.detail.requestConfig && event.detail.requestConfig.formData;
    if (form && isSave(formData)) queueSave(form, formData);
  };
  document.body.addEventListener("htmx:sendError", onSendFailed);
  document.body.addEventListener("htmx:timeout", onSendFailed);

  document.body.addEventListener("htmx:afterRequest", (event) => {
    const formData = event.detail.requestConfig && event.detail.requestConfig.formData;
    const xhr = event.detail.xhr;
    const game = gameId();
    const leftOut = event.detail.requestConfig && event.detail.requestConfig.leftOut;
    if (game && leftOut && xhr && xhr.status === 200) {
      // The conflict box's own button used the taps the note keeps.
      dropLeftOut(game, leftOut);
      render();
      return;
    }
    if (!game || !isSave(formData) || !xhr) return;
    if (xhr.status === 200 || xhr.status === 201) {
      // Only once recorded: a double tap sends the same client_id twice on purpose
      // (the server records it once).
      markUsed(game, formData.get("client_id"));
      // The refused hand is in: the hands after it can go now.
      write(REFUSED + game, null);
      refreshKeptPage();
      render();
      sendNext();
    }
  });

  // A new #table (or form) from the server: the box stays above it, and the form
  // moves past the hands still waiting.
  document.body.addEventListener("htmx:afterSettle", () => {
    statusBox();
    alignForm();
    render(); // a note the server's conflict box showed is shown here once it is gone
  });

  // Start ----------------------------------------------------------------------

  function wake() {
    alignForm();
    render();
    sendNext();
  }

  window.addEventListener("online", wake);
  window.addEventListener("offline", render);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) wake();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") wake();
  });
  window.addEventListener("storage", (event) => {
    if (event.key && event.key.startsWith("pitchclub:")) {
      alignForm();
      render();
    }
  });
  setInterval(() => {
    const game = gameId();
    if (game && navigator.onLine && queueOf(game).length) sendNext();
  }, RETRY_MS);
  wake();
})();

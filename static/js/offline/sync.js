// Sending the queue, oldest first, one hand at a time, and what each answer means:
// - 200/201: recorded (or recorded already: the server knows each form's client_id,
//   so a retry after a lost answer never records a hand twice); the answer is the
//   new #table.
// - 409 with the server's conflict box: another phone recorded that hand number
//   first. Two phones at one table record the same deals, so it is most likely the
//   same deal: this phone's copy is left out (never recorded twice) and the rest of
//   the queue goes on, in order, with a note keeping the copy.
// - 409 with the server's "undone" box: the hand was recorded, then undone on
//   another phone, before this phone heard back. An undone hand never comes back:
//   its copy is dropped, a note says so, the rest goes on.
// - 409 for a game another phone has won meanwhile: every hand waiting here is
//   dropped, and a note names each one ("Hand 9 (Ann bid 3) was not recorded …").
// - 400/422 (or another 409 without a box): refused; the answer shows the form
//   with the refusal and the typed values, and the taps are kept as the form's
//   draft for a reload. Sending stops until that hand is saved or left out.
// - no network, 5xx, or anything else: everything stays, to be tried again.
import {
  clearRefused,
  closeGap,
  dequeue,
  dropLeftOut,
  enqueue,
  forgetDraft,
  keepDraft,
  keepLeftOut,
  queueOf,
  refuse,
  refusedOf,
} from "./queue.js";
import { wonElsewhere } from "./check.js";
import { serverState } from "./totals.js";
import {
  entryForm,
  gameId,
  resetForm,
  restoreTaps,
  setNumber,
  swapTable,
  table,
  tapsOf,
  uuid,
} from "./sheet.js";
import {
  CONFLICT,
  RACE,
  UNDONE,
  abandonedIn,
  abandonedOnPage,
  conflictIn,
  raceIn,
  line,
  render,
  status,
  statusBox,
  undoneIn,
} from "./conflicts.js";
import { gettext } from "./words.js";

// A weak signal can leave a request hanging: without an answer in this time a save
// is given up and tried again later (its client_id makes the second try harmless if
// the first one arrived).
export const SAVE_TIMEOUT_MS = 15000;

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
export function refreshKeptPage() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (worker) worker.postMessage({ type: "refresh-page", url: location.href });
}

// The server's answer in place of #table, keeping what is being tapped for the next
// hand; `leftOut` marks the server's box about the hand left out, so that the status
// box doesn't say it again while that box is on the page.
function answered(response, html, leftOut) {
  const taps = tapsOf(entryForm());
  swapTable(html);
  const box = leftOut && table() && table().querySelector(leftOut.box);
  if (box) box.dataset.leftOut = leftOut.id;
  restoreTaps(taps);
  triggerEvents(response);
  refreshKeptPage();
  render();
  sendNext();
}

export async function sendNext() {
  const game = gameId();
  if (status.sending || !game || !navigator.onLine || refusedOf(game)) return;
  const item = queueOf(game)[0];
  if (!item) return;
  status.sending = true;
  render();
  const { response, html } = await post(item.url, item.body, SAVE_TIMEOUT_MS);
  status.sending = false;
  if (!response) {
    status.problem = null;
    render();
    return;
  }
  const code = response.status;
  const undone = code === 409 ? undoneIn(html) : null;
  const race = code === 409 && !undone ? raceIn(html, item.number) : null;
  const conflict = code === 409 && !undone && !race ? conflictIn(html, item) : null;
  const won =
    code === 409 && !undone && !race && !conflict
      ? wonElsewhere(html, item, queueOf(game))
      : null;
  const abandoned = code === 409 && !undone && !race && !conflict && !won && abandonedIn(html);
  if (code === 200 || code === 201) {
    status.problem = null;
    dequeue(game, item.client_id);
    answered(response, html, null);
  } else if (undone) {
    // The hand was recorded, then undone on another phone (this phone never saw
    // the answer): it never comes back. Its copy is dropped, a note says so, and
    // the hands after it move up a number.
    status.problem = null;
    dequeue(game, item.client_id);
    closeGap(game, item.number);
    keepLeftOut(game, { id: item.client_id, number: undone.number || item.number, undone: true });
    answered(response, html, { box: UNDONE, id: item.client_id });
  } else if (race) {
    // Another phone undid the hand before this one: nothing recorded. Its taps are
    // kept in a note, offered for the next hand (the new hand before it, or this
    // hand's number once that is recorded again); the rest goes on.
    status.problem = null;
    dequeue(game, item.client_id);
    keepLeftOut(game, { ...race, id: item.client_id, url: item.url, body: item.body });
    answered(response, html, { box: RACE, id: item.client_id });
  } else if (conflict) {
    // Another phone recorded this hand's number first: most likely the same deal.
    // This phone's copy is left out (kept in a note) and the rest goes on.
    status.problem = null;
    dequeue(game, item.client_id);
    keepLeftOut(game, { ...conflict, id: item.client_id, url: item.url, body: item.body });
    answered(response, html, { box: CONFLICT, id: item.client_id });
  } else if (won) {
    // Another phone won the game meanwhile: nothing more is recorded. Every hand
    // waiting here is dropped, and a note names each one until dismissed.
    status.problem = null;
    for (const queued of queueOf(game)) dequeue(game, queued.client_id);
    clearRefused(game);
    keepLeftOut(game, won);
    swapTable(html);
    triggerEvents(response);
    refreshKeptPage();
    render();
  } else if (abandoned) {
    // Another phone abandoned the game: nothing is recorded until it is resumed.
    // The hands stay queued, the box says why (with a Drop), and sending is tried
    // again: once the game is resumed they go.
    status.problem = null;
    if (!abandonedOnPage()) {
      swapTable(html);
      triggerEvents(response);
    }
    render();
  } else if (code === 400 || code === 409 || code === 422) {
    status.problem = null;
    dequeue(game, item.client_id);
    const refusal = {
      number: item.number,
      status: code,
      refused_at: new Date().toISOString(),
      body: item.body,
    };
    refuse(game, refusal);
    swapTable(html);
    // Refused because the game is at an earlier hand (another phone undid one):
    // the taps are offered for the hand the form is for, not under a number no
    // form will show again.
    const server = serverState();
    const next = server ? server.hands + 1 : null;
    const form = entryForm();
    if (form && next && next < item.number) {
      refuse(game, { ...refusal, moved: next });
      setNumber(form, next);
    }
    // Its taps come back into the form after a reload (table.js's draft).
    keepDraft(game, form && next && next < item.number ? next : item.number, item.body);
    triggerEvents(response);
    render();
  } else if (response.type === "opaqueredirect" || code === 401 || code === 403) {
    status.problem = {
      text: gettext(
        "The server asks you to sign in again before it takes the waiting hands: " +
          "they are sent when you come back to this game.",
      ),
      signIn: true,
    };
    render();
  } else if (code >= 500) {
    status.problem = null; // the server is busy or down for a moment: try again later
    render();
  } else {
    status.problem = {
      text: gettext(
        "Hand {number} could not be sent (the server answered {code}). It stays on this phone.",
        { number: item.number, code },
      ),
    };
    render();
  }
}

// "Use this phone's taps for hand N": the server draws the form for the next hand
// with the taps of the hand left out (as the conflict box's own button does).
export async function restoreLeftOut(game, note, button) {
  const params = new URLSearchParams(note.body);
  params.delete("client_id"); // a new hand: the server gives it a new one
  params.delete("number");
  params.set("action", "restore");
  button.disabled = true;
  const { response, html } = await post(note.url, params.toString(), SAVE_TIMEOUT_MS);
  if (response && response.status === 200) {
    status.restoreProblem = null;
    dropLeftOut(game, note.id);
    swapTable(html);
    triggerEvents(response);
    render();
    const form = entryForm();
    if (form) form.scrollIntoView({ block: "start" });
    return;
  }
  status.restoreProblem = {
    id: note.id,
    text: !response
      ? gettext("No network: try again when it is back.")
      : response.type === "opaqueredirect" || response.status === 401 || response.status === 403
        ? gettext("The server asks you to sign in again first.")
        : gettext("The server answered {code}: try again in a moment, or tap the hand in again.", {
            code: response.status,
          }),
  };
  render();
}

// A Save that can't reach the server: the hand goes into the queue and the form
// moves on to the next hand.
export function queueSave(form, formData) {
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
    const text = gettext(
      "Hand {number} could not be kept on this phone (its storage is full or turned off): " +
        "write it down and enter it again when the network is back.",
      { number },
    );
    if (box) box.replaceChildren(line(text, "problem"));
    return;
  }
  status.problem = null;
  resetForm(form, Math.max(number, ...queueOf(game).map((queued) => queued.number)) + 1);
  forgetDraft(game);
  // "Hand 6 saved" from before the network went would read as if this one were.
  for (const old of document.querySelectorAll("#table .messages")) old.remove();
  render();
  // The notice, then the new hand's form below it.
  const box = statusBox();
  if (box) box.scrollIntoView({ block: "start" });
}

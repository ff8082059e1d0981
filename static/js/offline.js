// Hands entered without network are kept on this phone and sent when it returns.
//
// The hand-entry form (templates/scoring/_entry.html, #hand-entry inside #table) is
// posted by htmx. When a Save can't reach the server (the phone is offline, or the
// request fails or times out), the hand goes into a queue on the phone, a status box
// above #table says it is not saved yet, and the form moves on to the next hand. The
// queue is sent, oldest first, when the page loads, when the network comes back and
// every few seconds while anything waits. Only the Save is queued: the form's other
// buttons and its preview just wait for the network.
//
// This module wires the page's events to the others, one job each:
// - offline/queue.js: what waits on the phone (localStorage);
// - offline/sync.js: sending it, in order, and what each answer means;
// - offline/conflicts.js: the status box and its notes, the server's 409 boxes;
// - offline/sheet.js: the form moved on, and the new #table swapped in;
// - offline/score.js and offline/totals.js: the totals and the win with the waiting
//   hands counted in, as the server will count them;
// - offline/check.js and offline/refusals.js: a hand the server would refuse is
//   refused on the phone, in the server's words, and never queued.
import {
  clearRefused,
  dropLeftOut,
  isOurs,
  keepLeftOut,
  markUsed,
  queueOf,
  refusedOf,
  usedIds,
} from "./offline/queue.js";
import { alignForm, entryForm, gameId, offlinePreview, uuid } from "./offline/sheet.js";
import { KEPT_BOX, RACE, connect, raceIn, render, statusBox } from "./offline/conflicts.js";
import { overOnThisPhone } from "./offline/totals.js";
import { mayKeep } from "./offline/check.js";
import {
  SAVE_TIMEOUT_MS,
  queueSave,
  refreshKeptPage,
  restoreLeftOut,
  sendNext,
} from "./offline/sync.js";
import { wordsReady } from "./offline/words.js";

const RETRY_MS = 5000;

connect({ send: sendNext, restore: restoreLeftOut });

function isSave(formData) {
  // The last action is the request's own: the preview's hx-vals come after any
  // action the form's fields carry.
  return formData instanceof FormData && formData.getAll("action").pop() === "save";
}

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
  const clientId = event.detail.formData.get("client_id");
  if (!clientId || usedIds(game).has(clientId)) {
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
  const conflict = elt instanceof Element ? elt.closest(KEPT_BOX) : null;
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
  // The hands kept on this phone have won the game: nothing more is recorded
  // (the form is hidden; an old copy of it may still be tapped).
  if (overOnThisPhone(game)) {
    event.preventDefault();
    render();
    return;
  }
  // Offline, or hands still waiting (this one must go after them): queue it, if
  // the server would take it (else the phone says why, as the server would, and
  // keeps the taps on the form).
  if (!navigator.onLine || (queueOf(game).length && !refusedOf(game))) {
    event.preventDefault();
    if (!mayKeep(form)) return;
    queueSave(form, formData);
    sendNext();
  }
});

const onSendFailed = (event) => {
  const form = fromEntryForm(event);
  const formData = event.detail.requestConfig && event.detail.requestConfig.formData;
  if (form && isSave(formData) && mayKeep(form)) queueSave(form, formData);
};

// A row tapped again: what the phone said about it goes (the server's errors stay
// until its next answer, as they always did).
document.body.addEventListener("change", (event) => {
  const fieldset = event.target instanceof Element && event.target.closest("[data-phone-error]");
  if (!fieldset) return;
  for (const error of fieldset.querySelectorAll(".phone-error")) error.remove();
  fieldset.classList.remove("has-error");
  fieldset.removeAttribute("aria-describedby");
  delete fieldset.dataset.phoneError;
});
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
  if (xhr.status === 409) keepRaced(game, event, formData, xhr.responseText);
  if (xhr.status === 200 || xhr.status === 201) {
    // Only once recorded: a double tap sends the same client_id twice on purpose
    // (the server records it once).
    markUsed(game, formData.get("client_id"));
    // The refused hand is in: the hands after it can go now.
    clearRefused(game);
    refreshKeptPage();
    render();
    sendNext();
  }
});

// A hand saved while another phone undid the one before it: the server's box says
// so and offers its taps for the next hand; a note keeps them too (after a reload,
// or for this hand's number once the hand before it is recorded again).
let racedId = null;
function keepRaced(game, event, formData, html) {
  const number = Number(formData.get("number"));
  const race = raceIn(html, number);
  // htmx has swapped the answer in already: the form posted is gone, its path stays.
  const path = event.detail.requestConfig && event.detail.requestConfig.path;
  if (!race || !path) return;
  const params = new URLSearchParams();
  for (const [name, value] of formData.entries()) {
    if (name !== "csrfmiddlewaretoken" && typeof value === "string") params.append(name, value);
  }
  racedId = formData.get("client_id");
  keepLeftOut(game, {
    ...race,
    id: racedId,
    url: new URL(path, location.href).pathname,
    body: params.toString(),
  });
  markRaced();
}

function markRaced() {
  const raced = racedId && document.querySelector(`${RACE}:not([data-left-out])`);
  if (raced) raced.dataset.leftOut = racedId;
}

// A new #table (or form) from the server: the box stays above it, and the form
// moves past the hands still waiting.
document.body.addEventListener("htmx:afterSettle", () => {
  markRaced();
  racedId = null;
  statusBox();
  alignForm();
  render(); // a note the server's conflict box showed is shown here once it is gone
});

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
  if (isOurs(event.key)) {
    alignForm();
    render();
  }
});
setInterval(() => {
  const game = gameId();
  if (game && navigator.onLine && queueOf(game).length) sendNext();
}, RETRY_MS);
// The first render waits a moment for the phone's words (pwa.js fetches the catalogue
// of the page's language; an English page has none to wait for). Coming later, they
// say again what the box said in English.
const WORDS_WAIT_MS = 1500;
let awake = false;
const firstWake = () => {
  if (awake) return;
  awake = true;
  wake();
};
setTimeout(firstWake, WORDS_WAIT_MS);
wordsReady().then((loaded) => {
  if (!awake) firstWake();
  else if (loaded) render();
});

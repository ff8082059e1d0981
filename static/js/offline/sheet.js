// The hand-entry form (templates/scoring/_entry.html, #hand-entry inside #table) as
// the queue moves it on: its number, heading, Save button and auction rows for any
// hand, an empty form once a hand is queued, a new #table from the server with the
// taps being entered kept. What the page needs to know comes from the server: the
// game and one full deal cycle in the #table-data JSON (scoring/table/offline.py).
import { queueOf, refusedOf, usedIds } from "./queue.js";
import { handLabel, handNote } from "./score.js";
import { gettext } from "./words.js";

export const entryForm = () => document.getElementById("hand-entry");
export const table = () => document.getElementById("table");

let data;

// {game, save, cycle}; null on a page without it.
export function tableData() {
  if (data === undefined) {
    const script = document.getElementById("table-data");
    try {
      data = script ? JSON.parse(script.textContent) : null;
    } catch (error) {
      data = null;
    }
  }
  return data;
}

export function gameId() {
  const form = entryForm();
  if (form && form.dataset.game) return form.dataset.game;
  const game = tableData() && tableData().game;
  return game ? String(game) : null;
}

export function uuid() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; a LAN address over http isn't one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The form as the form for hand `number`: its hidden input, data-number, and the
// server's words for that hand (heading, Save button, in the whole-auction mode the
// players in the order they call): the cycle's entries are hands 1, 2, … and repeat.
export function setNumber(form, number) {
  form.dataset.number = String(number);
  if (form.elements.number) form.elements.number.value = String(number);
  const words = tableData();
  const cycle = (words && words.cycle) || [];
  if (!cycle.length) return;
  const deal = cycle[(number - 1) % cycle.length];
  const stages = words.words && words.words.stages;
  // A fixed-hands game's heading says "Hand 5 of 8" or "Extra hand 9" ({hand}).
  const label = words.rules && stages ? handLabel(words.rules, number, stages) : "";
  const numbered = (text) => text.replace("{hand}", label).replace("{number}", String(number));
  const title = document.getElementById("entry-title");
  if (title) title.textContent = numbered(deal.title);
  const note = document.getElementById("hand-note");
  if (note && words.rules && stages) {
    const said = handNote(words.rules, number, stages);
    note.textContent = said || "";
    note.hidden = !said;
  }
  const save = form.querySelector("button.save");
  if (save) save.textContent = numbered(words.save);
  deal.callers.forEach((caller, index) => {
    const legend = form.querySelector(`fieldset.taps-call-${index} .tap-legend .what`);
    if (legend) legend.textContent = caller;
  });
}

function freshClientId(form) {
  if (form.elements.client_id) form.elements.client_id.value = uuid();
}

// After a hand is queued: an empty form for the next one.
export function resetForm(form, number) {
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
  clearings += 1;
  offlinePreview(form);
}

// A preview answers for the taps it was asked for: one still on its way when the
// form is cleared (above) would show over the empty form's line, "Ann bid 3: made"
// above nothing tapped. It is not shown. (Aborting it instead makes htmx log errors.)
let clearings = 0;
const isPreview = (detail) => detail.target && detail.target.id === "preview";
document.addEventListener("htmx:beforeSend", (event) => {
  if (isPreview(event.detail)) event.detail.xhr.pitchclubClearings = clearings;
});
document.addEventListener("htmx:beforeSwap", (event) => {
  const { xhr } = event.detail;
  if (isPreview(event.detail) && xhr && xhr.pitchclubClearings !== undefined) {
    if (xhr.pitchclubClearings !== clearings) event.detail.shouldSwap = false;
  }
});

// Without network the preview can't follow the taps: it says so instead of showing
// the last hand's.
export function offlinePreview(form) {
  const preview = document.getElementById("preview");
  if (!preview || !form.contains(preview)) return;
  preview.removeAttribute("data-disabled-calls");
  if (navigator.onLine) {
    preview.replaceChildren();
  } else {
    const p = document.createElement("p");
    p.className = "to-tap";
    p.textContent = gettext("No preview without network: Save keeps the hand on this phone.");
    preview.replaceChildren(p);
  }
}

// The form the page shows may be older than the queue (a page kept by the service
// worker, or the server's form for a hand that is queued already): it moves on
// past the queued hands, with a client_id never used.
export function alignForm() {
  const form = entryForm();
  const game = gameId();
  if (!form || !game) return;
  if (form.elements.client_id && usedIds(game).has(form.elements.client_id.value)) {
    freshClientId(form);
  }
  if (refusedOf(game)) return; // the form shows the refused hand: leave it alone
  const queue = queueOf(game);
  if (!queue.length) return;
  const next = Math.max(...queue.map((item) => item.number)) + 1;
  if (Number(form.dataset.number) < next) setNumber(form, next);
}

// The server's new #table in place of the page's (the status box, just above it,
// stays).
export function swapTable(html) {
  const target = table();
  if (!target) return;
  if (window.htmx && typeof htmx.swap === "function") {
    htmx.swap(target, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
  } else {
    target.outerHTML = html;
  }
  alignForm();
}

// What the scorekeeper has tapped so far for the next hand, to keep it when the
// new #table arrives while they are entering it.
export function tapsOf(form) {
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

export function restoreTaps(saved) {
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

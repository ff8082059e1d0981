// A Save the phone must keep (no network, or hands still waiting before it) is
// checked first, as the server would check it: a hand with something still to tap,
// or one the rules refuse, is refused here in the server's words, where the
// server's form puts them (the preview's "Still to tap: Low, Jack, Game", each
// row's error), and nothing is queued: the taps stay on the form to be fixed.
//
// The words are the server's: scoring/table/entry.py's for what is still to tap (given by
// scoring/table/offline.py in #table-data, held to entry.py by tests/scoring/
// test_offline.py), the rules' sentences through refusals.js's checkHand (held to the
// engine by tests/scoring/table/test_offline_check.py).
import { checkHand, sentence } from "./refusals.js";
import { auctionResult, dealerOf, handOfFields } from "./score.js";
import { tableData } from "./sheet.js";

const say = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

const MARK = "phone-error";

function chosen(form, name) {
  const input = form.querySelector(`input[name="${CSS.escape(name)}"]:checked`);
  return input ? input.value : null;
}

const row = (form, name) => form.querySelector(`fieldset.taps-${CSS.escape(name)}`);

function legendOf(form, name) {
  const what = row(form, name) && row(form, name).querySelector(".tap-legend .what");
  return what ? what.textContent.trim() : name;
}

// What is still to tap, as scoring/table/entry.py's HandEntry.missing() and _require() say
// it: {missing: [words], errors: [[row, words]]}.
export function stillToTap(form, data) {
  const rules = data.rules;
  const words = data.words;
  const number = Number(form.dataset.number);
  const deal = data.cycle[(number - 1) % data.cycle.length];
  const missing = [];
  const errors = [];
  const mode = form.elements.mode ? form.elements.mode.value : "";
  if (mode === "full") {
    const open = [];
    for (let index = 0; index < rules.players; index += 1) {
      const call = chosen(form, `call-${index}`);
      if (call === null) open.push(index);
      else if (call === String(rules.max_bid)) break;
    }
    if (open.length === 1) missing.push(say(words.one_call, { name: deal.players[open[0]] }));
    else if (open.length) {
      // calls[n]: the words for n calls (a language may have several plural forms).
      const calls = Array.isArray(words.calls) ? words.calls[open.length] : words.calls;
      missing.push(say(calls, { count: open.length, name: deal.players[open[0]] }));
    }
    for (const index of open) {
      const name = deal.players[index];
      // The dealer, last, when everyone before passed: must bid.
      let passed = true;
      for (let before = 0; before < index; before += 1) {
        if (chosen(form, `call-${before}`) !== "pass") passed = false;
      }
      const stuck = index === rules.players - 1 && passed;
      errors.push([
        `call-${index}`,
        stuck
          ? say(words.tap_stuck, { name, least: rules.stuck_dealer_min_bid })
          : say(words.tap_call, { name }),
      ]);
    }
  } else {
    if (chosen(form, "pitcher") === null) {
      missing.push(words.the_pitcher);
      errors.push(["pitcher", words.tap_pitcher]);
    }
    if (chosen(form, "bid") === null) {
      missing.push(words.the_bid);
      errors.push(["bid", words.tap_bid]);
    }
  }
  const deriveGame = [...form.querySelectorAll("input[name^='gp-']")].some((box) =>
    box.value.trim(),
  );
  for (const point of rules.points) {
    const name = `award-${point}`;
    if (chosen(form, name) !== null || (point === "game" && deriveGame)) continue;
    const legend = legendOf(form, name);
    missing.push(legend);
    const nobody = form.querySelector(`input[name="${name}"][value="none"]`);
    errors.push([name, say(nobody ? words.who_took_or_nobody : words.who_took, { point: legend })]);
  }
  return { missing, errors };
}

// Where the server puts a refusal's field: the row of the form ("awards.low" is
// award-low, "auction.2" call-2), or the extras, or the top of the form.
function rowName(field, mode) {
  if (!field) return null;
  if (field.startsWith("awards.")) return `award-${field.slice(7)}`;
  if (field.startsWith("auction.")) return `call-${field.slice(8)}`;
  if (field === "auction" && mode !== "full") return "bid";
  if (["pitcher", "bid", "trump"].includes(field)) return field;
  return null;
}

// The hand the form holds refused by the rules, as the server says it: {field,
// text} or null. The sentence is the server's template (scoring/refusals.py,
// given in #table-data) filled with the players' names.
export function ruleRefusal(form, data) {
  const fields = new FormData(form);
  const hand = handOfFields(data.rules, fields, { allPass: true });
  if (!hand) return null;
  const refusal = checkHand(data.rules, Number(form.dataset.number), hand);
  if (!refusal) return null;
  return { field: refusal.field, text: sentence(data, refusal) };
}

// Clear what the phone said about the last Save (a new Save says it again).
export function clearRefusal(form) {
  for (const error of form.querySelectorAll(`.${MARK}`)) error.remove();
  for (const fieldset of form.querySelectorAll("[data-phone-error]")) {
    fieldset.classList.remove("has-error");
    fieldset.removeAttribute("aria-describedby");
    delete fieldset.dataset.phoneError;
  }
}

function rowError(form, name, text) {
  const fieldset = row(form, name);
  if (!fieldset) return null;
  const p = document.createElement("p");
  p.className = `field-error ${MARK}`;
  p.id = `${name}-error`;
  p.textContent = text;
  const legend = fieldset.querySelector(".tap-legend");
  if (legend) legend.after(p);
  else fieldset.prepend(p);
  fieldset.classList.add("has-error");
  fieldset.setAttribute("aria-describedby", p.id);
  fieldset.dataset.phoneError = "1";
  return fieldset;
}

// Game points and single trump: in the extras, opened, as the server shows them.
function extrasError(form, refusal) {
  if (!refusal.field || !/^(game_points|single_trump)/.test(refusal.field)) return null;
  const fieldset = form.querySelector("fieldset.game-points");
  if (!fieldset) return null;
  const extras = form.querySelector("details.extras");
  if (extras) extras.open = true;
  const p = document.createElement("p");
  p.className = `field-error ${MARK}`;
  p.id = "gp-error";
  p.textContent = refusal.text;
  const legend = fieldset.querySelector("legend");
  if (legend) legend.after(p);
  else fieldset.prepend(p);
  return fieldset;
}

function formError(form, text) {
  const div = document.createElement("div");
  div.className = `field-error form-error ${MARK}`;
  div.setAttribute("role", "alert");
  div.textContent = text;
  const head = form.querySelector(".entry-head");
  if (head) head.after(div);
  else form.prepend(div);
  return div;
}

function inPreview(form, text, className) {
  const preview = document.getElementById("preview");
  if (!preview || !form.contains(preview)) return;
  const p = document.createElement("p");
  p.className = `${className} ${MARK}`;
  p.setAttribute("role", "alert");
  p.textContent = text;
  preview.replaceChildren(p);
}

// An empty (or part-tapped) form's "Still to tap" line, as the server's preview
// says it, online or not: after a refused hand is dropped, say.
export function showStillToTap(form) {
  const data = tableData();
  const preview = document.getElementById("preview");
  if (!form || !preview || !form.contains(preview)) return;
  if (!data || !data.rules || !data.words || !data.words.still_to_tap) return;
  const { missing } = stillToTap(form, data);
  if (!missing.length) return;
  const p = document.createElement("p");
  p.className = "to-tap";
  p.textContent = say(data.words.still_to_tap, { missing: missing.join(", ") });
  preview.replaceChildren(p);
}

// Whether the phone may keep the form's hand; if not, says why on the form.
export function mayKeep(form) {
  const data = tableData();
  if (!form || !data || !data.rules || !data.words || !data.words.still_to_tap) return true;
  clearRefusal(form);
  const { missing, errors } = stillToTap(form, data);
  let first = null;
  if (missing.length) {
    inPreview(form, say(data.words.still_to_tap, { missing: missing.join(", ") }), "to-tap");
    for (const [name, text] of errors) {
      const shown = rowError(form, name, text);
      first = first || shown;
    }
  } else {
    const refusal = data.refusals ? ruleRefusal(form, data) : null;
    if (!refusal) return true;
    inPreview(form, refusal.text, "refusal");
    const name = rowName(refusal.field, form.elements.mode && form.elements.mode.value);
    first =
      (name && rowError(form, name, refusal.text)) ||
      extrasError(form, refusal) ||
      formError(form, refusal.text);
  }
  if (first) {
    // As table.js does with the server's refusal: the row to fix in view.
    first.scrollIntoView({ block: "center" });
    const input = first.querySelector && first.querySelector("input:not([disabled])");
    if (input) input.focus({ preventScroll: true });
  }
  return false;
}

// "Hand 9 (Ann bid 3) was not recorded: …" for a queued hand thrown away.
export function droppedSentence(item) {
  const data = tableData();
  const words = data && data.words;
  if (!words || !words.dropped_hand) {
    return `Hand ${item.number} was not recorded: the game was already won on another phone.`;
  }
  const hand = handOfFields(data.rules, new URLSearchParams(item.body));
  let pitcher = null;
  let bid = null;
  if (hand && hand.auction) {
    ({ pitcher, bid } = auctionResult(data.rules, dealerOf(data.rules, item.number), hand.auction));
  } else if (hand) {
    ({ pitcher, bid } = hand);
  }
  if (pitcher === null || bid === null || data.seats[pitcher] === undefined) {
    return say(words.dropped_unread, { number: item.number });
  }
  return say(words.dropped_hand, { number: item.number, pitcher: data.seats[pitcher], bid });
}

// The server's answer to a queued hand, when another phone won the game meanwhile:
// the note that names every queued hand thrown away ({id, won, number, lead,
// hands: [sentences]}), kept until dismissed; null for any other answer.
export function wonElsewhere(html, item, dropped) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const script = doc.getElementById("sheet-state");
  let state = null;
  try {
    state = script ? JSON.parse(script.textContent) : null;
  } catch (error) {
    state = null;
  }
  if (!state || state.winner === null || state.winner === undefined) return null;
  const data = tableData();
  const winner = data && data.sides ? data.sides[state.winner] : "";
  const template =
    data && data.words && data.words.won_elsewhere
      ? data.words.won_elsewhere
      : "The game was won on another phone: {winner} won in hand {number}.";
  return {
    id: `won-${item.client_id}`,
    won: true,
    number: item.number,
    lead: say(template, { winner, number: state.hands }),
    hands: dropped.map(droppedSentence),
  };
}

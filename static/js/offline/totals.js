// The sheet with the hands kept on this phone counted in: while hands wait to be sent,
// the totals, one row per waiting hand (made or set back) and the win, counted by
// score.js from the game as the server last drew it (#sheet-state in #table) and the
// rules and words the server put on the page (#table-data). At a win the game is over
// on this phone too: the entry form goes and nothing more can be queued, until the
// server confirms the hands.
//
// Nothing here changes what the server drew: its parts are hidden while the count is
// shown (and shown again once the queue is empty), the phone's parts are marked
// `.offline-count` and removed on every render.
import { queueOf, refusedOf } from "./queue.js";
import { entryForm, gameId, table, tableData } from "./sheet.js";
import { handOfFields, newState, scoreHand, waitingToGoOut, winReason } from "./score.js";
import { gettext, ngettext } from "./words.js";

const MARK = "offline-count";
// The server's parts the count replaces while it is shown.
const SERVERS = ".totals, .notice.waiting, .notice.tie, .banner.next, .banner.win, .win-reason";

// The game as the server last drew it: {scores, hands, winner}, or null.
export function serverState() {
  const script = table() && table().querySelector("#sheet-state");
  if (!script) return null;
  try {
    return JSON.parse(script.textContent);
  } catch (error) {
    return null;
  }
}

const say = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// The waiting hands scored in order from the server's state: {state, rows, stop},
// `stop` the number of a hand that can't be counted (something still to tap). Null
// when there is nothing to count.
export function counted(game) {
  const data = tableData();
  const server = serverState();
  if (!data || !data.rules || !server || refusedOf(game)) return null;
  const rules = data.rules;
  const queue = queueOf(game).filter((item) => item.number > server.hands);
  if (!queue.length) return null;
  let state = { ...newState(rules), scores: server.scores, hands: server.hands, winner: server.winner };
  const rows = [];
  let stop = null;
  for (const item of queue) {
    if (item.number !== state.hands + 1 || state.winner !== null) break;
    const hand = handOfFields(rules, new URLSearchParams(item.body));
    if (!hand) {
      stop = item.number;
      break;
    }
    let scored;
    try {
      scored = scoreHand(rules, state, hand);
    } catch (error) {
      stop = item.number;
      break;
    }
    rows.push(scored.result);
    state = scored.state;
  }
  return rows.length || stop ? { state, rows, stop } : null;
}

// The game over on this phone: nothing more can be queued.
export function overOnThisPhone(game) {
  const count = counted(game);
  return Boolean(count && count.state.winner !== null);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function totals(data, state) {
  const section = el("section", `totals ${MARK}`);
  section.setAttribute("aria-label", gettext("Scores, with the hands kept on this phone"));
  state.scores.forEach((score, side) => {
    const won = state.winner === side;
    const total = el("div", `total${won ? " won" : ""}`);
    const name = el("span", "name", `${won ? "★ " : ""}${data.sides[side]}`);
    name.title = data.sides[side];
    total.append(name, el("span", `score${score < 0 ? " neg" : ""}`, String(score)));
    section.append(total);
  });
  return section;
}

function sheetBody(data) {
  const sheet = table().querySelector(".sheet tbody");
  if (sheet) return sheet;
  // No hands yet on the server: the sheet's table, as scoring/_hands.html draws it.
  const section = table().querySelector(".sheet-section");
  if (!section) return null;
  const wrap = el("div", `sheet-wrap ${MARK}`);
  const sheetTable = el("table", "sheet");
  const head = el("thead");
  const row = el("tr");
  row.append(el("th", "", "#"));
  // Translators: the score sheet's column of the pitcher and the bid, before "D dealer".
  const bid = el("th", "", `${gettext("Bid")} `);
  const dealerHead = el("span", "dealt");
  const mark = el("span", "dealer-mark", data.words.dealer_mark);
  mark.setAttribute("aria-hidden", "true");
  dealerHead.append(mark, ` ${data.words.dealer}`);
  bid.append(dealerHead);
  row.append(bid);
  for (const name of data.sides) row.append(el("th", "side", name));
  for (const th of row.children) th.scope = "col";
  head.append(row);
  const body = el("tbody");
  sheetTable.append(head, body);
  wrap.append(sheetTable);
  for (const empty of section.querySelectorAll(".empty")) hide(empty);
  section.append(wrap);
  return body;
}

function sheetRow(data, result) {
  const tr = el("tr", `queued ${MARK}${result.made ? "" : " was-set"}`);
  const number = el("th", "", String(result.number));
  number.scope = "row";
  const cell = el("td", "bid-cell");
  const pitcher = el("span", "pitcher", `${data.seats[result.pitcher]} `);
  if (result.made) {
    pitcher.append(el("span", "bid made", String(result.bid)));
  } else {
    const struck = el("s", "bid set");
    // Translators: read out before a bid that was set back (struck out on the sheet).
    struck.append(el("span", "sr-only", `${gettext("set back, bid")} `), String(result.bid));
    pitcher.append(struck);
  }
  // Who dealt, as scoring/_hands.html draws it: the name on one line (whole in its
  // title), "dealt" for screen readers, a "D" badge for the eye.
  const dealer = data.seats[result.dealer];
  const dealt = el("span", "dealt");
  const name = el("span", "clamp", dealer);
  name.title = say(data.words.dealt, { name: dealer });
  const mark = el("span", "dealer-mark", data.words.dealer_mark);
  mark.setAttribute("aria-hidden", "true");
  dealt.append(name, el("span", "sr-only", ` ${data.words.dealt_word}`), " ", mark);
  cell.append(pitcher, " ", dealt, el("span", "kept", data.words.kept));
  tr.append(number, cell);
  result.deltas.forEach((delta, side) => {
    const score = result.scores[side];
    const td = el("td", `cell${side === result.bidding_side && !result.made ? " set-cell" : ""}`);
    td.append(
      el("span", `running${score < 0 ? " neg" : ""}`, String(score)),
      " ",
      el("span", `delta${delta < 0 ? " neg" : ""}`, `${delta > 0 ? "+" : ""}${delta}`),
    );
    tr.append(td);
  });
  return tr;
}

function clear(area) {
  for (const mine of area.querySelectorAll(`.${MARK}`)) mine.remove();
  for (const hidden of area.querySelectorAll("[data-offline-hidden]")) {
    hidden.hidden = false;
    delete hidden.dataset.offlineHidden;
  }
}

function hide(node) {
  if (node.hidden) return;
  node.hidden = true;
  node.dataset.offlineHidden = "1";
}

export function showCount() {
  const area = table();
  const game = gameId();
  if (!area || !game) return;
  clear(area);
  const data = tableData();
  const count = counted(game);
  if (!count || !data) return;
  const { state, rows } = count;
  const words = data.words;
  const rules = data.rules;
  for (const part of area.querySelectorAll(SERVERS)) hide(part);
  const first = area.querySelector(".totals") || area.firstChild;
  const parts = [];
  if (state.winner !== null) {
    const last = rows[rows.length - 1];
    const banner = el(
      "p",
      `banner win ${MARK}`,
      say(words.won, { winner: data.sides[state.winner], number: last.number }),
    );
    banner.setAttribute("role", "status");
    parts.push(
      banner,
      el("p", `win-reason ${MARK}`, winReason(rules, last, data.sides, words.reasons)),
      el("p", `notice over ${MARK}`, words.over),
    );
  }
  for (const side of waitingToGoOut(rules, state)) {
    parts.push(
      el("p", `notice waiting ${MARK}`, say(words.waiting, { name: data.sides[side], score: state.scores[side] })),
    );
  }
  parts.push(totals(data, state));
  if (rows.length) {
    const counted = ngettext(
      "Totals with {count} hand kept on this phone, counted by the phone: the server confirms them when the network is back.",
      "Totals with {count} hands kept on this phone, counted by the phone: the server confirms them when the network is back.",
      rows.length,
    );
    parts.push(el("p", `counted ${MARK}`, counted));
  }
  if (count.stop) parts.push(el("p", `counted ${MARK}`, say(words.unchecked, { number: count.stop })));
  first.before(...parts);
  const body = sheetBody(data);
  if (body) for (const result of rows) body.append(sheetRow(data, result));
  const form = entryForm();
  if (form && state.winner !== null) hide(form);
}

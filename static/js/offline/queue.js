// What waits on this phone, per game, in localStorage (nothing here touches the page):
// - "pitchclub:queue:<game>": the hands not sent yet, in number order
//   ({url, body, number, game, client_id, saved_at});
// - "pitchclub:refused:<game>": the hand the server refused ({number, status,
//   refused_at, body}); nothing is sent until it is saved or left out; its taps
//   are table.js's draft meanwhile (keepDraft), so that a reload shows them;
// - "pitchclub:used:<game>": the client_ids saved or queued lately, so that an older
//   copy of the form never sends one again;
// - "pitchclub:left-out:<game>": notes about hands left out (another phone recorded
//   that number first, or undid the hand, or won the game), until dismissed.
const QUEUE = "pitchclub:queue:";
const REFUSED = "pitchclub:refused:";
const USED = "pitchclub:used:";
const LEFT_OUT = "pitchclub:left-out:";
// table.js keeps the taps of the hand being entered under this key.
const DRAFT = "pitchclub:draft:";
const USED_KEPT = 200;

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

// Whether a storage event is about one of these keys (another tab of this site).
export const isOurs = (key) => Boolean(key) && key.startsWith("pitchclub:");

export const queueOf = (game) => read(QUEUE + game, []);
export const refusedOf = (game) => read(REFUSED + game, null);
export const leftOutOf = (game) => read(LEFT_OUT + game, []);
export const usedIds = (game) => new Set(read(USED + game, []));

export function markUsed(game, clientId) {
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
export function enqueue(game, item) {
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

export function dequeue(game, clientId) {
  write(
    QUEUE + game,
    queueOf(game).filter((queued) => queued.client_id !== clientId),
  );
}

// The server refused a hand: sending waits (the pause survives a reload).
export function refuse(game, refusal) {
  write(REFUSED + game, refusal);
}

// The refused hand is saved, or left out: the hands after it may go.
export function clearRefused(game) {
  write(REFUSED + game, null);
}

// A refused hand left out: the hands queued after it move up a number.
export function closeGap(game, number) {
  const queue = queueOf(game).map((item) => {
    if (item.number <= number) return item;
    const params = new URLSearchParams(item.body);
    params.set("number", String(item.number - 1));
    return { ...item, number: item.number - 1, body: params.toString() };
  });
  write(QUEUE + game, queue);
}

// This phone's copy of a hand another phone recorded first, or undid.
export function keepLeftOut(game, note) {
  const notes = leftOutOf(game).filter((kept) => kept.id !== note.id);
  notes.push(note);
  try {
    write(LEFT_OUT + game, notes);
  } catch (error) {
    // Storage full: the note is lost, the hand after it goes on all the same.
  }
}

export function dropLeftOut(game, id) {
  write(
    LEFT_OUT + game,
    leftOutOf(game).filter((kept) => kept.id !== id),
  );
}

// A refused hand's taps as table.js's draft of hand `number`, so that a reload
// brings them back into the form (table.js restores a draft of the form's number).
export function keepDraft(game, number, body) {
  const params = new URLSearchParams(body);
  const fields = {};
  for (const [name, value] of params.entries()) {
    if (["client_id", "number", "mode", "action", "csrfmiddlewaretoken"].includes(name)) continue;
    if (value !== "") fields[name] = value;
  }
  const draft = { number: String(number), mode: params.get("mode") || "quick", fields };
  try {
    localStorage.setItem(DRAFT + game, JSON.stringify(draft));
  } catch {
    // Storage full or off: the taps are on the screen until the page goes.
  }
}

// The taps are in the queue now: table.js's draft of them must not come back.
export function forgetDraft(game) {
  try {
    localStorage.removeItem(DRAFT + game);
  } catch {
    // Storage off: nothing was kept either.
  }
}

// The status box above #table: the hands waiting on this phone, the hand the server
// refused, why sending failed, and the notes about hands left out (another phone
// recorded that number first, or undid the hand). Also what the server's 409 answers
// mean: its boxes (templates/scoring/_conflict.html, _undone.html) say it in data
// attributes.
import {
  clearRefused,
  closeGap,
  dequeue,
  dropLeftOut,
  forgetDraft,
  leftOutOf,
  queueOf,
  refusedOf,
} from "./queue.js";
import { alignForm, entryForm, gameId, resetForm, table, tableData } from "./sheet.js";
import { serverState, showCount } from "./totals.js";
import { showStillToTap } from "./check.js";
import { gettext, ngettext } from "./words.js";

const LOGIN_URL = "/accounts/login/";

// What the box says besides the queue, kept by sync.js: whether a hand is on its way;
// why the last attempt failed when the server answered something we can't act on
// ({text, signIn}: with a link to sign in again); why using a note's taps failed
// ({id, text}).
export const status = { sending: false, problem: null, restoreProblem: null };

// What the box's buttons do: sync.js's sendNext and restoreLeftOut, given by
// offline.js (sync.js imports this module, not the other way round).
const actions = { send: () => {}, restore: () => {} };

export function connect({ send, restore }) {
  actions.send = send;
  actions.restore = restore;
}

export function statusBox() {
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

export function line(text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

export function render() {
  const box = statusBox();
  const game = gameId();
  if (!box || !game) return;
  // The totals with the waiting hands counted in (and the game over at a win).
  showCount();
  const queue = queueOf(game);
  const refused = stillToFix(game, queue);
  const lines = [];
  const abandoned = abandonedOnPage() && queue.length > 0;
  box.classList.toggle("refused", Boolean(refused) || abandoned);
  if (abandoned) {
    lines.push(...abandonedLines(game, queue));
  } else if (refused && refused.moved) {
    lines.push(...movedLines(game, refused, queue));
  } else if (refused) {
    const values = { number: refused.number };
    const lead = queue.length
      ? ngettext(
          "Hand {number} was refused: fix it below; {count} more hand is still waiting.",
          "Hand {number} was refused: fix it below; {count} more hands are still waiting.",
          queue.length,
          values,
        )
      : gettext("Hand {number} was refused: fix it below.", values);
    lines.push(line(lead, "lead-line"));
    if (queue.length) {
      lines.push(
        line(
          ngettext(
            "It is sent once this one is saved (or without it, a number lower, if you leave it out).",
            "They are sent once this one is saved (or without it, a number lower, if you leave it out).",
            queue.length,
          ),
        ),
      );
      // A hand that can't be fixed (nobody remembers it) need not hold up the
      // others: they go without it, a number lower each.
      const skip = document.createElement("button");
      skip.type = "button";
      skip.className = "btn skip-refused";
      skip.textContent = ngettext(
        "Leave hand {number} out, send the other one",
        "Leave hand {number} out, send the other {count}",
        queue.length,
        values,
      );
      skip.addEventListener("click", () => {
        closeGap(game, refused.number);
        clearRefused(game);
        // The hand left out is gone, taps and all: the next hand's form starts
        // empty (and a reload doesn't bring the taps back).
        forgetDraft(game);
        const form = entryForm();
        if (form) resetForm(form, Number(form.dataset.number));
        for (const error of document.querySelectorAll("#table .conflict")) error.remove();
        alignForm();
        if (form) showStillToTap(form);
        render();
        actions.send();
      });
      lines.push(skip);
    } else if (entryForm()) {
      // Nothing waits behind it: it can simply be dropped.
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "btn skip-refused";
      drop.textContent = gettext("Drop hand {number}", values);
      drop.addEventListener("click", () => dropRefused(game));
      lines.push(drop);
    }
  } else if (queue.length) {
    const last = queue[queue.length - 1].number;
    // Online, the server was only slow: the hand goes again in a few seconds.
    const waiting = navigator.onLine
      ? gettext(
          "Hand {number} is not saved yet — the server did not answer in time. It is kept on this phone and sent again in a few seconds.",
          { number: last },
        )
      : gettext(
          "Hand {number} is not saved yet — it is kept on this phone and will be sent when the network is back.",
          { number: last },
        );
    lines.push(line(waiting, "lead-line"));
    const numbers = { numbers: queue.map((item) => item.number).join(", ") };
    lines.push(
      line(
        status.sending
          ? ngettext(
              "{count} hand waiting to be sent: sending now…",
              "{count} hands waiting to be sent (hands {numbers}): sending now…",
              queue.length,
              numbers,
            )
          : ngettext(
              "{count} hand waiting to be sent.",
              "{count} hands waiting to be sent (hands {numbers}).",
              queue.length,
              numbers,
            ),
      ),
    );
  }
  const problem = status.problem;
  if (problem && queue.length) {
    const p = line(problem.text, "problem");
    if (problem.signIn) {
      const link = document.createElement("a");
      link.href = `${LOGIN_URL}?next=${encodeURIComponent(location.pathname)}`;
      link.textContent = gettext("Sign in");
      p.append(" ", link);
    }
    lines.push(p);
  }
  for (const note of leftOutOf(game)) {
    // Shown by the server's own box while that is on the page.
    const shown = [...document.querySelectorAll("[data-left-out]")].some(
      (server) => server.dataset.leftOut === note.id,
    );
    if (!shown) lines.push(leftOutNote(game, note, queue.length > 0 || Boolean(refused)));
  }
  box.replaceChildren(...lines);
  undoLink(queue);
  manageLinks(queue);
}

// The refused hand dropped, taps and all: an empty form for the hand it was for,
// saying what is still to tap (as the server's empty form does).
function dropRefused(game) {
  clearRefused(game);
  forgetDraft(game);
  const form = entryForm();
  if (form) resetForm(form, Number(form.dataset.number));
  for (const error of document.querySelectorAll("#table .conflict, #table .form-error")) {
    error.remove();
  }
  if (form) showStillToTap(form);
  render();
}

const wordsOf = () => (tableData() && tableData().words) || {};
const say = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// A hand refused because the game is at an earlier hand (another phone undid
// one): its taps are on the form for that hand, to save as it or drop.
function movedLines(game, refused, queue) {
  const values = { number: refused.number, next: refused.moved };
  const lines = [
    line(
      say(
        wordsOf().moved_taps ||
          "Hand {number}'s taps are kept: the game is at hand {next} after an undo on " +
            "another phone. Save them as hand {next}, or drop them.",
        values,
      ),
      "lead-line",
    ),
  ];
  if (queue.length) {
    lines.push(
      line(
        say(
          wordsOf().moved_waiting ||
            "The hands after it wait on this phone until hand {next} is saved.",
          values,
        ),
      ),
    );
  }
  if (entryForm()) {
    const drop = document.createElement("button");
    drop.type = "button";
    drop.className = "btn skip-refused";
    drop.textContent = say(wordsOf().drop_taps || "Drop hand {number}'s taps", values);
    drop.addEventListener("click", () => dropRefused(game));
    lines.push(drop);
  }
  return lines;
}

// Hands waiting while the game is abandoned (on another phone): nothing is sent
// until it is resumed; they can be dropped.
function abandonedLines(game, queue) {
  const numbers = queue.map((item) => item.number);
  const one = numbers.length === 1;
  const listed = one
    ? String(numbers[0])
    : gettext("{numbers} and {last}", {
        numbers: numbers.slice(0, -1).join(", "),
        last: numbers[numbers.length - 1],
      });
  const lead = say(
    one
      ? wordsOf().abandoned_one ||
          "The game was abandoned on another phone: hand {numbers} waits on this " +
            "phone. Resume the game to send it, or drop it."
      : wordsOf().abandoned_many ||
          "The game was abandoned on another phone: hands {numbers} wait on this " +
            "phone. Resume the game to send them, or drop them.",
    { numbers: listed },
  );
  const drop = document.createElement("button");
  drop.type = "button";
  drop.className = "btn skip-refused";
  drop.textContent = say(
    one ? wordsOf().drop_one || "Drop hand {numbers}" : wordsOf().drop_many || "Drop hands {numbers}",
    { numbers: listed },
  );
  drop.addEventListener("click", () => {
    for (const item of queueOf(game)) dequeue(game, item.client_id);
    clearRefused(game);
    render();
  });
  return [line(lead, "lead-line"), drop];
}

// "Abandon game…", "Delete game…" and "Resume game" need the server too: while the
// phone is offline or hands wait, they give way to a line saying so.
function manageLinks(queue) {
  const actions = table() && table().querySelector(".manage .actions");
  if (!actions) return;
  const section = actions.parentElement;
  for (const old of section.querySelectorAll(".manage-wait")) old.remove();
  // On an abandoned game, "Resume game" is the way to send the hands waiting.
  const waiting = queue.length > 0 && !abandonedOnPage();
  const blocked = waiting || !navigator.onLine;
  actions.hidden = blocked;
  if (!blocked) return;
  const words = (tableData() && tableData().words) || {};
  const text = waiting
    ? words.manage_waiting ||
      "Abandoning or deleting the game needs the connection: hands are waiting on this phone."
    : words.manage_offline ||
      "Abandoning or deleting the game needs the connection: this phone is offline.";
  section.append(line(text, "manage-wait"));
}

// "Undo hand N" needs the server (its page isn't kept on the phone, and the hands
// waiting here come after it): while the phone is offline or hands wait, the link
// gives way to a line saying so.
function undoLink(queue) {
  const undo = table() && table().querySelector(".undo-last");
  if (!undo) return;
  for (const old of undo.querySelectorAll(".undo-wait")) old.remove();
  const link = undo.querySelector("a");
  const waiting = queue.length > 0;
  const blocked = waiting || !navigator.onLine;
  if (link) link.hidden = blocked;
  if (!blocked) return;
  const words = (tableData() && tableData().words) || {};
  const text = waiting
    ? words.undo_waiting || "Undo needs the connection: hands are waiting on this phone."
    : words.undo_offline || "Undo needs the connection: this phone is offline.";
  undo.append(line(text, "undo-wait"));
}

// The hand the server refused, while there is still something to fix: not once that
// hand number is recorded (saved here after all, or by another phone), nor on a
// finished game with nothing waiting on this phone, nor on a page without the form.
function stillToFix(game, queue) {
  const refused = refusedOf(game);
  if (!refused) return null;
  const server = serverState();
  // A hand moved to an earlier number (an undo elsewhere) is done with once that
  // number is recorded.
  const recorded = server && (refused.moved || refused.number) <= server.hands;
  const over = (server && server.winner !== null) || !entryForm();
  if (recorded || (over && !queue.length)) {
    clearRefused(game);
    return null;
  }
  return refused;
}

function leftOutNote(game, note, busy) {
  const div = document.createElement("div");
  div.className = "left-out";
  if (note.won) {
    // Another phone won the game: the hands dropped here, each named.
    div.classList.add("won-elsewhere");
    div.append(line(note.lead, "lead-line"));
    const list = document.createElement("ul");
    list.className = "dropped-hands";
    for (const sentence of note.hands || []) {
      const item = document.createElement("li");
      item.textContent = sentence;
      list.append(item);
    }
    div.append(list, dismissButton(game, note));
    return div;
  }
  if (note.race) div.classList.add("undo-race");
  if (note.undone && !note.race) {
    div.classList.add("undone");
    div.append(
      line(gettext("Hand {number} was undone on another phone.", { number: note.number }), "lead-line"),
      line(gettext("This phone's copy of it was dropped, so an undone hand never comes back.")),
    );
    div.append(dismissButton(game, note));
    return div;
  }
  const values = { number: note.number, theirs: note.theirs, mine: note.mine };
  if (note.race) {
    // Another phone undid the hand before this one's: the server's own words.
    div.append(line(note.lead, "lead-line"), line(note.detail));
  } else {
    div.append(
      line(
        note.theirs
          ? gettext("Hand {number} was recorded by another phone first: {theirs}.", values)
          : gettext("Hand {number} was recorded by another phone first.", values),
        "lead-line",
      ),
      line(
        note.mine
          ? gettext(
              "This phone's hand {number} ({mine}) was left out, so nothing is recorded twice. " +
                "If it was a different deal, use its taps for the next hand.",
              values,
            )
          : gettext(
              "This phone's hand {number} was left out, so nothing is recorded twice. " +
                "If it was a different deal, use its taps for the next hand.",
              values,
            ),
      ),
    );
  }
  const form = entryForm();
  const buttons = document.createElement("div");
  buttons.className = "left-out-actions";
  if (busy || !form) {
    div.append(line(gettext("Its taps can be used once the hands waiting on this phone are saved.")));
  } else {
    const restore = document.createElement("button");
    restore.type = "button";
    restore.className = "btn restore-left-out";
    restore.textContent = gettext("Use this phone's taps for hand {number}", {
      number: form.dataset.number,
    });
    restore.addEventListener("click", () => actions.restore(game, note, restore));
    buttons.append(restore);
  }
  buttons.append(dismissButton(game, note));
  div.append(buttons);
  if (status.restoreProblem && status.restoreProblem.id === note.id) {
    div.append(line(status.restoreProblem.text, "problem"));
  }
  return div;
}

function dismissButton(game, note) {
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "btn dismiss-left-out";
  dismiss.textContent = gettext("Dismiss");
  dismiss.setAttribute("aria-label", gettext("Dismiss the note about hand {number}", { number: note.number }));
  dismiss.addEventListener("click", () => {
    dropLeftOut(game, note.id);
    render();
  });
  return dismiss;
}

// The server's boxes, in the page or in an answer.
export const UNDONE = '[data-refusal="hand_undone"]';
export const CONFLICT = '[data-refusal="number_conflict"]';
export const RACE = '[data-refusal="number_undone"]';
// Any of the server's boxes whose taps a note keeps.
export const KEPT_BOX = "[data-refusal][data-left-out]";

// The server's answer to a hand saved after another phone undid the hand before it:
// what the note says ({number, before, mine, lead, detail, race}: `before` the hand
// undone), or null.
export function raceIn(html, number) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const box = doc.querySelector(RACE);
  if (!box) return null;
  const [lead, detail] = [...box.querySelectorAll(":scope > p")].map((p) => p.textContent.trim());
  return {
    race: true,
    number: Number(box.dataset.number) || number,
    before: Number(box.dataset.undone) || null,
    mine: box.dataset.mine || "",
    lead: lead || "",
    detail: detail || "",
  };
}

// The game is abandoned, on the page or in a server's answer (its banner,
// templates/scoring/game.html).
const ABANDONED = "[data-abandoned]";
export const abandonedOnPage = () => Boolean(table() && table().querySelector(ABANDONED));
export function abandonedIn(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return Boolean(doc.querySelector(`#table ${ABANDONED}`));
}

// The server's answer to a hand that was undone after it was recorded:
// {number} or null.
export function undoneIn(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const box = doc.querySelector(UNDONE);
  return box ? { number: Number(box.dataset.number) || null } : null;
}

// The server's answer to a hand whose number another phone took first: its box
// above a form for a later hand. What the note says ({number, theirs, mine}), or
// null for any other 409 (the game is over, or the queue has a gap).
export function conflictIn(html, item) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const box = doc.querySelector(CONFLICT);
  const form = doc.getElementById("hand-entry");
  if (!box || !form || !(item.number < Number(form.dataset.number))) return null;
  return {
    number: Number(box.dataset.number) || item.number,
    theirs: box.dataset.theirs || "",
    mine: box.dataset.mine || "",
  };
}

// Runs the phone's scorer (static/js/offline/score.js) over a batch of games read as
// JSON on stdin and writes every hand's figures as JSON on stdout, for
// tests/scoring/table/test_score_js.py. One process for thousands of hands.
//
// The module is loaded from its source as a data: URL, so that node of any version
// takes it as an ES module whatever the nearest package.json says.
import { readFileSync } from "node:fs";

const [, , modulePath] = process.argv;
const source = readFileSync(modulePath, "utf8");
const score = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
);

// What the form says of the next hand of an open game (a fixed-hands game's stage).
function nextHand(rules, state, stages) {
  const open = state.winner === null;
  const number = state.hands + 1;
  return {
    next_stage: open ? score.handStage(rules, number) : null,
    next_label: open ? score.handLabel(rules, number, stages) : null,
    next_note: open ? score.handNote(rules, number, stages) : null,
  };
}

const input = JSON.parse(readFileSync(0, "utf8"));
const output = input.games.map((game) => {
  const { rules, names, reasons, stages } = game;
  let state = score.newState(rules);
  return game.hands.map((given) => {
    const hand = given.fields
      ? score.handOfFields(rules, new URLSearchParams(given.fields))
      : given.hand;
    if (hand === null) return { unparsed: true };
    const { result, state: after } = score.scoreHand(rules, state, hand);
    state = after;
    return {
      number: result.number,
      dealer: result.dealer,
      pitcher: result.pitcher,
      bid: result.bid,
      bidding_side: result.bidding_side,
      won: result.won,
      made: result.made,
      deltas: result.deltas,
      scores: result.scores,
      winner: result.winner,
      status: state.winner === null ? "in_progress" : "finished",
      waiting: score.waitingToGoOut(rules, state),
      reason: result.winner === null ? null : score.winReason(rules, result, names, reasons),
      ...nextHand(rules, state, stages),
    };
  });
});
process.stdout.write(JSON.stringify(output));

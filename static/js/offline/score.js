// The scoring of RULES.md for the hands kept on this phone: what each side won, made
// or set, the new totals and the winner, as the server's engine (scoring/engine/)
// computes them, so that a table playing without network sees its totals and stops
// at a win. The engine's check of a hand, so that the phone refuses to keep a hand
// the server would refuse, is offline/refusals.js's (checkHand).
//
// One source of truth: the rules' options, points, values and sides come from the
// engine (scoring/table/offline.py, `rules` in #table-data), the words from scoring/table/words/,
// and tests/scoring/table/test_score_js.py runs thousands of generated hands of both
// variants, every option, through this module and the engine and compares every
// figure. Change one, and that test says where they part.
//
// No imports and no DOM: node runs this file as it is (the test above).

// The state before the first hand: every side at 0.
export function newState(rules) {
  return { scores: rules.sides.map(() => 0), hands: 0, winner: null };
}

export const dealerOf = (rules, number) => (rules.first_dealer + number - 1) % rules.players;

// The side a point was awarded to: a seat's side, or a side credited directly
// ({"side": k}, a point given to a team without naming who took it); null for nobody.
export function sideOfAward(rules, award) {
  if (award === null || award === undefined) return null;
  if (typeof award === "object") return Number(award.side);
  return rules.seat_sides[Number(award)];
}

// Pitcher and bid of a (legal) auction dealt by `dealer`: every bid is higher than
// the last or a dealer's steal, so the last bid stands.
export function auctionResult(rules, dealer, calls) {
  let pitcher = null;
  let bid = null;
  calls.forEach((call, index) => {
    if (call !== "pass" && call !== null && call !== undefined) {
      pitcher = (dealer + 1 + index) % rules.players;
      bid = Number(call);
    }
  });
  return { pitcher, bid };
}

// The number of hands of a fixed-hands game (option hand_limit), or null.
export const handLimit = (rules) => (Number.isInteger(rules.hand_limit) ? rules.hand_limit : null);

// A fixed-hands game (docs/rules.md): nothing ends it before its last hand, neither
// the target nor a moon; from the last hand on, the side alone in front wins, and
// an exact tie at the top plays another hand.
function winnerOfFixedHands(limit, number, scores) {
  if (number < limit) return null;
  const top = Math.max(...scores);
  const leaders = scores.flatMap((score, side) => (score === top ? [side] : []));
  return leaders.length === 1 ? leaders[0] : null;
}

// Who wins on this hand (RULES.md, Winning), or null.
function winnerOf(rules, scores, biddingSide, bid, made, number) {
  const limit = handLimit(rules);
  if (limit !== null) return winnerOfFixedHands(limit, number, scores);
  if (rules.variant === "thirteen" && bid === rules.max_bid) {
    // Shooting the moon decides the game at once, whatever the scores.
    if (made) return biddingSide;
    if (rules.moon_fail === "lose") return 1 - biddingSide;
  }
  const counts = made || !rules.must_make_bid_to_win;
  if (counts && scores[biddingSide] >= rules.target) return biddingSide;
  if (rules.pitcher_only_win) return null;
  let best = null;
  let leaders = [];
  scores.forEach((score, side) => {
    if (side === biddingSide || score < rules.target) return;
    if (best === null || score > best) {
      best = score;
      leaders = [side];
    } else if (score === best) {
      leaders.push(side);
    }
  });
  // An exact tie between non-bidding sides plays another hand.
  return leaders.length === 1 ? leaders[0] : null;
}

// Score the next hand: {result, state}. `hand` is {auction} or {pitcher, bid}, with
// awards ({point: seat | {side} | null}) and optionally game_points (per side).
export function scoreHand(rules, state, hand) {
  if (state.winner !== null) throw new Error("The game is over: no more hands.");
  const number = state.hands + 1;
  const dealer = dealerOf(rules, number);
  const { pitcher, bid } = hand.auction
    ? auctionResult(rules, dealer, hand.auction)
    : { pitcher: Number(hand.pitcher), bid: Number(hand.bid) };
  const won = rules.sides.map(() => 0);
  const awards = hand.awards || {};
  rules.points.forEach((point, index) => {
    let side = sideOfAward(rules, awards[point]);
    if (side === null && point === "game" && hand.game_points) {
      // The Game point follows the game points when it was left out: to the side
      // with strictly the most, or to nobody on a tie.
      const top = Math.max(...hand.game_points);
      const leaders = hand.game_points.flatMap((total, at) => (total === top ? [at] : []));
      if (leaders.length === 1) side = leaders[0];
    }
    if (side !== null) won[side] += rules.values[index];
  });
  const biddingSide = rules.seat_sides[pitcher];
  const made = won[biddingSide] >= bid;
  const deltas = won.slice();
  // Set back: the points the bidding side won are not added.
  if (!made) deltas[biddingSide] = -bid;
  const scores = state.scores.map((score, side) => score + deltas[side]);
  const winner = winnerOf(rules, scores, biddingSide, bid, made, number);
  const result = {
    number,
    dealer,
    pitcher,
    bid,
    bidding_side: biddingSide,
    won,
    made,
    deltas,
    scores,
    winner,
  };
  return { result, state: { scores, hands: number, winner } };
}

// Sides at or above the target that must win a bid before they can go out (never
// in a fixed-hands game: nobody goes out of it).
export function waitingToGoOut(rules, state) {
  if (!rules.pitcher_only_win || state.winner !== null || handLimit(rules) !== null) return [];
  return state.scores.flatMap((score, side) => (score >= rules.target ? [side] : []));
}

// Which sentence tells a win (scoring/table/words/wins.py's win_case).
export function winCase(rules, result) {
  const { winner, bidding_side: biddingSide, bid, made } = result;
  const limit = handLimit(rules);
  if (limit !== null) return result.number <= limit ? "most_after_last" : "tie_broken";
  if (rules.variant === "thirteen" && bid === rules.max_bid) {
    if (made && winner === biddingSide) return "moon_made";
    if (!made && winner !== biddingSide && rules.moon_fail === "lose") return "moon_lost";
  }
  if (winner === biddingSide) return made ? "made" : "set_still_out";
  return made ? "on_their_bid" : "when_set";
}

// A gettext template with %(name)s placeholders, filled in.
export function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}

// "Ann made the bid of 3 and went out with 8." (`names`: the sides' names,
// `reasons`: scoring/table/words/wins.py's win_reasons).
export function winReason(rules, result, names, reasons) {
  return fill(reasons[winCase(rules, result)], {
    winner: names[result.winner],
    pitcher: names[result.bidding_side],
    bid: result.bid,
    score: result.scores[result.winner],
    number: result.number,
  });
}

// Where hand `number` stands in a fixed-hands game (scoring/table/words/headings.py's hand_stage):
// "of" before the last hand, "last", "extra" after a tie at the top; null in a game
// to the target.
export function handStage(rules, number) {
  const limit = handLimit(rules);
  if (limit === null) return null;
  if (number < limit) return "of";
  return number === limit ? "last" : "extra";
}

// "Hand 5", "Hand 5 of 8", "Extra hand 9" (`stages`: words/headings.py's hand_stage_words).
export function handLabel(rules, number, stages) {
  const stage = handStage(rules, number);
  const key = stage === null ? "plain" : stage === "extra" ? "extra" : "of";
  return fill(stages[key], { number, limit: handLimit(rules) });
}

// The note of the last hand and of the extra hands, or null.
export function handNote(rules, number, stages) {
  const stage = handStage(rules, number);
  if (stage !== "last" && stage !== "extra") return null;
  return fill(stages[`${stage}_note`], { limit: handLimit(rules) });
}

const whole = (text) => (/^\d{1,6}$/.test(String(text).trim()) ? Number(text) : null);

// One award as the entry form posts it: a seat, "none", or a side ("side-1").
function awardOf(value) {
  if (value === "none") return null;
  const side = /^side-(\d+)$/.exec(value);
  if (side) return { side: Number(side[1]) };
  return whole(value);
}

// A hand as the entry form posted it (the fields of a queued save), or null when
// something is still to tap: the server refuses it, so the phone can't count it.
// `allPass`: an auction where everyone passed is given as it is (for checkHand to
// refuse in the engine's words) rather than as null.
export function handOfFields(rules, fields, { allPass = false } = {}) {
  let gamePoints = null;
  const boxes = rules.sides.map((_, side) => (fields.get(`gp-${side}`) || "").trim());
  if (rules.variant === "auction" && boxes.some(Boolean)) {
    // Once one box is filled, an empty one means no game points.
    gamePoints = boxes.map((box) => (box ? whole(box) : 0));
    if (gamePoints.some((total) => total === null)) return null;
  }
  const awards = {};
  for (const point of rules.points) {
    const value = fields.get(`award-${point}`) || "";
    if (!value) {
      if (point === "game" && gamePoints) continue; // Game follows the game points
      return null;
    }
    const award = awardOf(value);
    if (award === null && value !== "none") return null;
    awards[point] = award;
  }
  const hand = { awards, game_points: gamePoints };
  // Single trump changes no figure, only what the engine accepts (checkHand).
  if (["on", "1", "true"].includes(fields.get("single_trump"))) hand.single_trump = true;
  if (fields.get("mode") === "full") {
    const calls = [];
    let closed = false;
    for (let index = 0; index < rules.players; index += 1) {
      const value = fields.get(`call-${index}`) || "";
      const call = value === "pass" ? "pass" : value ? whole(value) : null;
      // After a closing bid the later players may be left out; before, every
      // player calls.
      if (call === null && !closed) return null;
      if (call === rules.max_bid) closed = true;
      calls.push(call === null ? "pass" : call);
    }
    if (!allPass && !calls.some((call) => call !== "pass")) return null;
    hand.auction = calls;
  } else {
    const pitcher = whole(fields.get("pitcher") || "");
    const bid = whole(fields.get("bid") || "");
    if (pitcher === null || bid === null) return null;
    hand.pitcher = pitcher;
    hand.bid = bid;
  }
  return hand;
}

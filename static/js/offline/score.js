// The scoring of RULES.md for the hands kept on this phone: what each side won, made
// or set, the new totals and the winner, as the server's engine (scoring/engine/)
// computes them, so that a table playing without network sees its totals and stops
// at a win; and the engine's check of a hand (checkHand, below), so that the phone
// refuses to keep a hand the server would refuse (tests/scoring/
// test_offline_check.py holds it to the engine and to the pages' words).
//
// One source of truth: the rules' options, points, values and sides come from the
// engine (scoring/table/offline.py, `rules` in #table-data), the words from scoring/table/words.py,
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

// Which sentence tells a win (scoring/table/words.py's win_case).
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
// `reasons`: scoring/table/words.py's win_reasons).
export function winReason(rules, result, names, reasons) {
  return fill(reasons[winCase(rules, result)], {
    winner: names[result.winner],
    pitcher: names[result.bidding_side],
    bid: result.bid,
    score: result.scores[result.winner],
    number: result.number,
  });
}

// Where hand `number` stands in a fixed-hands game (scoring/table/words.py's hand_stage):
// "of" before the last hand, "last", "extra" after a tie at the top; null in a game
// to the target.
export function handStage(rules, number) {
  const limit = handLimit(rules);
  if (limit === null) return null;
  if (number < limit) return "of";
  return number === limit ? "last" : "extra";
}

// "Hand 5", "Hand 5 of 8", "Extra hand 9" (`stages`: words.py's hand_stage_words).
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

// -- checking a hand as the engine does (scoring/engine/auction.py, hand.py) ----------
// What a hand tapped on the phone can get wrong: the auction, a dealer's bid no
// auction allows, High or Low left to nobody, single trump split, game points.
// Returns the engine's refusal as {key, code, field, params} (key: the code, or
// code/reason as in engine/messages.py; params: {seat: n}, {side: n}, {seats: [..]}
// for any seat of one side, {sides_of: [..]} for several sides, {point: name},
// {variant: name}, or numbers), or null when the engine takes the hand. The words
// are the server's templates (scoring/table/offline.py); offline/check.js says them.

function refusal(code, field, params = {}, reason = null) {
  return { key: reason ? `${code}/${reason}` : code, code, field, params };
}

const seatParam = (seat) => ({ seat });

// An award as a refusal names it: a seat, a side, or nothing.
function awardParam(rules, award) {
  if (award === null || award === undefined) return null;
  if (typeof award === "object") return { side: Number(award.side) };
  return seatParam(award);
}

function dealerBidRefusal(rules, dealer, index, bid, high, holder) {
  if (holder === null) {
    if (bid < rules.stuck_dealer_min_bid) {
      return refusal("dealer_stuck", `auction.${index}`, {
        least: rules.stuck_dealer_min_bid,
        dealer: seatParam(dealer),
        bid,
      });
    }
    return null;
  }
  if (bid > high || (bid === high && rules.may_steal)) return null;
  const params = {
    dealer: seatParam(dealer),
    bid,
    holder: seatParam(holder),
    high,
    variant: { variant: rules.variant },
  };
  const field = `auction.${index}`;
  if (bid === high) {
    if (rules.variant === "auction") return refusal("steal_not_allowed", field, params);
    return refusal("bid_not_higher", field, params, "no_steal");
  }
  return refusal("bid_not_higher", field, params, rules.may_steal ? "dealer_may_steal" : "dealer");
}

// engine/auction.py's check_auction: {pitcher, bid} or {refusal}.
export function checkAuction(rules, dealer, calls) {
  const players = rules.players;
  const last = players - 1;
  let high = 0;
  let holder = null;
  let closed = false;
  for (let index = 0; index < calls.length; index += 1) {
    const call = calls[index];
    if (call === "pass") {
      if (index === last && holder === null) {
        return {
          refusal: refusal(
            "dealer_stuck",
            `auction.${index}`,
            { least: rules.stuck_dealer_min_bid, dealer: seatParam(dealer), bid: call },
            "passed",
          ),
        };
      }
      continue;
    }
    const seat = (dealer + 1 + index) % players;
    if (closed) {
      return {
        refusal: refusal("calls_after_closing_bid", `auction.${index}`, {
          seat: seatParam(seat),
          holder: seatParam(holder),
          closing: rules.max_bid,
        }),
      };
    }
    if (call < rules.min_bid || call > rules.max_bid) {
      return {
        refusal: refusal(
          "bid_out_of_range",
          `auction.${index}`,
          {
            seat: seatParam(seat),
            bid: call,
            variant: { variant: rules.variant },
            least: rules.min_bid,
            most: rules.max_bid,
          },
          "call",
        ),
      };
    }
    if (index === last) {
      const refused = dealerBidRefusal(rules, dealer, index, call, high, holder);
      if (refused) return { refusal: refused };
    } else if (call <= high) {
      return {
        refusal: refusal("bid_not_higher", `auction.${index}`, {
          seat: seatParam(seat),
          bid: call,
          holder: seatParam(holder),
          high,
        }),
      };
    }
    high = call;
    holder = seat;
    if (call === rules.max_bid) closed = true;
  }
  if (holder === null || (calls.length < players && !closed)) {
    return {
      refusal: refusal(
        "too_few_calls",
        "auction",
        {
          calls: calls.length,
          players,
          first: seatParam((dealer + 1) % players),
          dealer: seatParam(dealer),
          closing: rules.max_bid,
        },
        calls.length === 1 ? "one" : null,
      ),
    };
  }
  return { pitcher: holder, bid: high };
}

function dealerCanWinWith(rules, bid) {
  if (bid >= rules.stuck_dealer_min_bid) return true;
  if (bid > rules.min_bid) return true;
  return rules.may_steal && bid < rules.max_bid;
}

function sameTaker(rules, first, second) {
  if (first === second) return true;
  if (typeof first === "object" || typeof second === "object") {
    if (first === null || second === null) return false;
    return sideOfAward(rules, first) === sideOfAward(rules, second);
  }
  return false;
}

// The engine's refusal of hand `number` (see above), or null.
export function checkHand(rules, number, hand) {
  const dealer = dealerOf(rules, number);
  if (hand.auction) {
    const checked = checkAuction(rules, dealer, hand.auction);
    if (checked.refusal) return checked.refusal;
  } else {
    const bid = Number(hand.bid);
    if (bid < rules.min_bid || bid > rules.max_bid) {
      return refusal("bid_out_of_range", "bid", {
        bid,
        variant: { variant: rules.variant },
        least: rules.min_bid,
        most: rules.max_bid,
      });
    }
    if (Number(hand.pitcher) === dealer && !dealerCanWinWith(rules, bid)) {
      const thirteen = rules.variant === "thirteen";
      return refusal(
        "impossible_bid",
        "bid",
        {
          dealer: seatParam(dealer),
          bid,
          least: thirteen ? rules.stuck_dealer_min_bid : rules.dealer_min_bid,
        },
        thirteen ? "thirteen" : null,
      );
    }
  }
  const awards = hand.awards || {};
  const seats = rules.points.map((point) => (awards[point] === undefined ? null : awards[point]));
  if (rules.variant === "auction") {
    if (seats[0] === null) return refusal("missing_high", "awards.high");
    if (seats[1] === null) {
      return refusal("missing_low", "awards.low", {}, rules.low_goes_to === "dealt" ? "dealt" : null);
    }
  }
  if (hand.single_trump) {
    const [high, low, jack] = seats;
    if (!sameTaker(rules, high, low)) {
      return refusal("single_trump_split", "awards.low", {
        high: awardParam(rules, high),
        low: awardParam(rules, low),
      });
    }
    if (jack !== null && !sameTaker(rules, high, jack)) {
      return refusal("single_trump_jack_split", "awards.jack", {
        high: awardParam(rules, high),
        jack: awardParam(rules, jack),
      });
    }
  }
  const points = hand.game_points;
  if (points) {
    const total = points.reduce((sum, value) => sum + value, 0);
    if (total > rules.max_game_points) {
      return refusal("game_points_too_many", "game_points", { total, most: rules.max_game_points });
    }
    const top = Math.max(...points);
    const leaders = points.flatMap((value, side) => (value === top ? [side] : []));
    const award = seats[3];
    if (leaders.length === 1) {
      const leader = leaders[0];
      if (award !== null && sideOfAward(rules, award) !== leader) {
        return refusal("game_contradicts_game_points", "awards.game", {
          leader: { side: leader },
          top,
          given: awardParam(rules, award),
          to: { seats: rules.sides[leader] },
        });
      }
    } else if (award !== null) {
      return refusal(
        "game_contradicts_game_points",
        "awards.game",
        { tied: { sides_of: leaders }, top, given: awardParam(rules, award) },
        "tie",
      );
    }
  }
  return null;
}

// A refusal's sentence in the players' names, as scoring.refusals.sentence says it.
// `data`: #table-data ({refusals: templates, seats, sides, words}).
export function sentence(data, refusal) {
  const template = data.refusals[refusal.key];
  if (!template) return data.refusals.fallback;
  return template.replace(/\{(\w+)(?::(\w+))?\}|\{\{|\}\}/g, (whole, name, spec) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return said(data, refusal.params[name], spec);
  });
}

const braces = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));

function said(data, value, spec) {
  if (value === null || value === undefined) return "";
  if (typeof value !== "object") return String(value);
  if ("seat" in value) return data.seats[value.seat];
  if ("side" in value) return data.sides[value.side];
  if ("seats" in value) {
    const [first, second] = value.seats;
    if (value.seats.length === 1) return data.seats[first];
    return braces(data.words.either, { first: data.seats[first], second: data.seats[second] });
  }
  if ("sides_of" in value) {
    return value.sides_of
      .map((side) => data.sides[side])
      .reduce((first, second) => braces(data.words.both, { first, second }));
  }
  if ("point" in value) {
    const text = data.words.point_names[value.point] || value.point;
    return spec === "cap" ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  }
  if ("variant" in value) return data.words.variant_name;
  return "";
}

// The engine's check of a hand kept on this phone (scoring/engine/auction.py, hand.py,
// awards.py), so that the phone refuses to keep a hand the server would refuse, and
// the refusal's sentence in the players' names (scoring.refusals.sentence);
// tests/scoring/table/test_offline_check.py holds it to the engine and to the pages'
// words. offline/check.js asks it; offline/score.js is the scoring it builds on.
//
// No DOM: node runs this file and score.js as they are (the test above).
import { dealerOf, sideOfAward } from "./score.js";

// -- checking a hand as the engine does (scoring/engine/auction.py, hand.py, awards.py) --
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

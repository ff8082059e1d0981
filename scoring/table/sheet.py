"""What the table shows of a game, computed once for the table page, the hand page,
the preview of a hand and the live view: the totals, one row per hand, the preview
(the engine scores the hand being entered), the game replayed for a correction, the
CSV rows. No queries of its own: the game comes from selectors.game_detail (seats,
hands and awards prefetched); the words come from scoring/table/words.py."""

from collections.abc import Iterable, Iterator
from typing import Any

from scoring import engine
from scoring.engine import RuleViolation
from scoring.games.convert import hand_input_of, rules_for, state_of
from scoring.models import Game, GameLog, Hand, HandRevision, Point, Suit
from scoring.table import words
from scoring.table.entry import HandEntry

# A cell a spreadsheet would read as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def side_names(game: Game) -> list[str]:
    """ "Ann" in solo play, "Ann & Cy" for a team (seats prefetched)."""
    rules = rules_for(game)
    names = {seat.number: seat.player.name for seat in game.seats.all()}
    return [" & ".join(names[seat] for seat in side) for side in rules.sides]


def seat_names(game: Game) -> dict[int, str]:
    """Each seat's player name (seats prefetched)."""
    return {seat.number: seat.player.name for seat in game.seats.all()}


def side_players(game: Game) -> list[list[dict[str, Any]]]:
    """Each side's players, each {"id", "name"}, in seat order (seats prefetched):
    the pages link every name to the player's statistics."""
    rules = rules_for(game)
    seats = {seat.number: seat.player for seat in game.seats.all()}
    return [
        [{"id": seats[seat].pk, "name": seats[seat].name} for seat in side]
        for side in rules.sides
    ]


def scoreboard(game: Game) -> list[dict[str, Any]]:
    """Each side's name, players, score and whether it won (seats prefetched)."""
    return [
        {"name": name, "players": players, "score": score, "winner": game.winner == i}
        for i, (name, players, score) in enumerate(
            zip(side_names(game), side_players(game), game.scores, strict=True)
        )
    ]


def game_cards(games: Iterable[Game]) -> list[dict[str, Any]]:
    """What templates/scoring/_game_card.html shows of each game."""
    return [{"game": game, "sides": scoreboard(game)} for game in games]


def _rows(game: Game, seats: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {
            "hand": hand,
            "dealer": seats[hand.dealer],
            "pitcher": seats[hand.pitcher],
            "cells": [
                {"delta": delta, "score": score, "bidding": side == hand.bidding_side}
                for side, (delta, score) in enumerate(
                    zip(hand.deltas, hand.scores, strict=True)
                )
            ],
        }
        for hand in game.hands.all()
    ]


def game_state(game: Game) -> dict[str, Any]:
    """What the game's rules say of it as it stands, for the score sheet and the
    API alike (no query): its rules, the seats of each side, the next hand's number
    (None once won) and dealer (after a win: who deals first in a rematch), the
    sides waiting to go out."""
    rules = rules_for(game)
    state = state_of(game)
    next_number = game.hand_count + 1
    return {
        "rules": rules,
        "sides": [list(side) for side in rules.sides],
        "next_hand": None if state.finished else next_number,
        "next_dealer": rules.dealer_of(next_number),
        "waiting": list(engine.waiting_to_go_out(rules, state)),
    }


def game_sheet(game: Game) -> dict[str, Any]:
    """What the score sheet shows of a game (from game_detail: no further query):
    the totals, one row per hand, who is waiting to go out, the winner or the next
    dealer and first bidder."""
    current = game_state(game)
    rules = current["rules"]
    names = side_names(game)
    seats = seat_names(game)
    waiting = current["waiting"]
    finished = game.winner is not None
    next_number = game.hand_count + 1
    next_dealer = current["next_dealer"]
    return {
        "game": game,
        "rules": rules,
        "sides": scoreboard(game),
        "side_names": names,
        "seat_names": seats,
        "hands": _rows(game, seats),
        "waiting": [
            {"name": names[side], "score": game.scores[side]} for side in waiting
        ],
        "winner": names[game.winner] if finished else None,
        "win_reason": _win_reason(game, rules, names) if finished else None,
        "waiting_words": [
            words.needs_bid_to_go_out(
                names[side], game.scores[side], partnership=game.partnership
            )
            for side in waiting
        ],
        # Where the game stands, for the phone's own count of the hands it keeps
        # offline (static/js/offline/totals.js): the #sheet-state JSON in #table.
        "sheet_state": {
            "scores": list(game.scores),
            "hands": game.hand_count,
            "winner": game.winner,
        },
        "house_rules": words.house_rules(rules),
        "tie": None
        if finished
        else words.tied_at_target(rules, game.scores, names, hands=game.hand_count),
        "next_number": None if finished else next_number,
        # "Hand 5 of 8" and the last or extra hand's note, in a fixed-hands game.
        "next_label": None if finished else words.hand_label(rules, next_number),
        "next_note": None if finished else words.hand_note(rules, next_number),
        "next_dealer": None if finished else seats[next_dealer],
        "first_bidder": None if finished else seats[(next_dealer + 1) % rules.players],
    }


def _win_reason(game: Game, rules: engine.Rules, names: list[str]) -> str | None:
    """Why the winner won, told from the game's last hand (hands prefetched)."""
    hands = game.hands.all()
    if game.winner is None or not hands:
        return None
    last = hands[len(hands) - 1]
    return words.win_reason(
        rules,
        winner=game.winner,
        bidding_side=last.bidding_side,
        bid=last.bid,
        made=last.made,
        number=last.number,
        scores=game.scores,
        names=names,
    )


def replayed(
    game: Game,
    sheet: dict[str, Any],
    number: int,
    hand: engine.HandInput,
    upto: int | None = None,
) -> engine.Replay:
    """The game replayed (its first `upto` hands, or all) with hand `number`
    replaced (hands prefetched)."""
    inputs = [hand_input_of(stored) for stored in game.hands.all()]
    inputs[number - 1] = hand
    return engine.replay(sheet["rules"], inputs[:upto])


def refusal_in_words(
    refusal: RuleViolation, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> str:
    """A refusal in the players' names; a correction that would end the game early
    also says who would win, and when."""
    message = entry.refusal_words(refusal)
    if refusal.code == "won_before_last_hand" and refusal.hand and entry.correcting:
        hand = entry.parse()
        if hand is not None:
            early = replayed(game, sheet, entry.number, hand, refusal.hand).state
            if early.winner is not None:
                winner = sheet["side_names"][early.winner]
                message += " " + words.would_win(winner, refusal.hand)
    return message


def _state_before(game: Game, sheet: dict[str, Any], number: int) -> engine.GameState:
    """The game as it stood before hand `number` (hands prefetched)."""
    if number == game.hand_count + 1:
        return state_of(game)
    before = game.hands.all()[number - 2].scores if number > 1 else None
    return engine.GameState(
        scores=tuple(before or [0] * len(sheet["rules"].sides)),
        hands=number - 1,
        winner=None,
    )


def hand_preview(game: Game, sheet: dict[str, Any], entry: HandEntry) -> dict[str, Any]:
    """What the hand would do: points won per side, made or set, the new scores,
    and whether it ends the game; or what is still to tap, or what is wrong."""
    missing = entry.missing()
    if missing:
        return {"missing": missing}
    hand = entry.parse()
    if hand is None:
        return {"refusal": words.game_points_not_whole()}
    rules = sheet["rules"]
    state = _state_before(game, sheet, entry.number)
    try:
        result, after = engine.score_hand(rules, state, hand)
        final = (
            replayed(game, sheet, entry.number, hand).state
            if entry.correcting
            else after
        )
    except RuleViolation as refusal:
        return {"refusal": refusal_in_words(refusal, game, sheet, entry)}
    names = sheet["side_names"]
    still = final.winner is not None and result.winner is None
    return {
        "reopens": game.winner is not None and final.winner is None,
        "still_wins": words.still_wins(
            names[final.winner], partnership=game.partnership, hand=final.hands
        )
        if still
        else None,
        "tie": words.tied_at_target(rules, result.scores, names, hands=result.number)
        if result.winner is None
        else None,
        "sides": [
            {
                "name": name,
                "won": won,
                "delta": delta,
                "score": score,
                "bidding": side == result.bidding_side,
                "made": result.made,
            }
            for side, (name, won, delta, score) in enumerate(
                zip(names, result.won, result.deltas, result.scores, strict=True)
            )
        ],
        "pitcher": entry.names[result.pitcher],
        "bid": result.bid,
        "stole": words.stole(result.auction, result.dealer, result.pitcher, result.bid),
        "made": result.made,
        "winner": names[result.winner] if result.winner is not None else None,
    }


def table_context(
    game: Game,
    sheet: dict[str, Any],
    *,
    editable: bool,
    entry: HandEntry | None,
    revisions: Iterable[HandRevision],
    log: Iterable[GameLog] = (),
) -> dict[str, Any]:
    """The table page (or its #table partial): the sheet, the next hand's form and
    its preview for a scorekeeper of an open game, the history of corrections (and
    of the game's abandonments and resumptions), newest first."""
    changes = words.revision_changes(revisions, sheet["seat_names"])
    changes += words.game_log_changes(log)
    changes.sort(key=lambda change: change["at"], reverse=True)
    return {
        **sheet,
        "editable": editable,
        "hand_links": True,
        "entry": entry if editable and game.winner is None else None,
        # The form's heading and note: "Hand 5 of 8" in a fixed-hands game.
        "hand_label": words.hand_label(sheet["rules"], entry.number) if entry else None,
        "hand_note": words.hand_note(sheet["rules"], entry.number) if entry else None,
        "preview": hand_preview(game, sheet, entry) if entry is not None else None,
        "revisions": changes,
    }


def hand_awards(hand: Hand, sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Who took each point of a stored hand, in the variant's order: a player, a
    team credited without naming the partner, or nobody (awards prefetched)."""
    taken = {award.point: award for award in hand.awards.all()}
    rows = []
    for point in sheet["rules"].points:
        award = taken.get(point)
        if award is None:
            who, team = None, False
        elif award.seat is None:
            who, team = sheet["side_names"][award.side], True
        else:
            who, team = sheet["seat_names"][award.seat], False
        rows.append({"point": Point(point).label, "who": who, "team": team})
    return rows


def hand_context(
    game: Game,
    sheet: dict[str, Any],
    hand: Hand,
    *,
    editable: bool,
    entry: HandEntry | None,
    revisions: Iterable[HandRevision],
) -> dict[str, Any]:
    """The hand page: the hand as it stands, its row, its history, and for a
    scorekeeper the correction form and its preview."""
    return {
        **sheet,
        "hand": hand,
        "row": next(row for row in sheet["hands"] if row["hand"] is hand),
        "stole": words.stole(hand.auction, hand.dealer, hand.pitcher, hand.bid),
        "awards": hand_awards(hand, sheet),
        "editable": editable,
        "entry": entry,
        "preview": hand_preview(game, sheet, entry) if entry is not None else None,
        "revisions": words.revision_changes(revisions, sheet["seat_names"]),
        "is_last": hand.number == game.hand_count,
    }


def conflict_note(mine: HandEntry, theirs: Hand) -> dict[str, Any]:
    """Another phone recorded hand `theirs.number`, which this one was saving: what
    it recorded, what this phone kept, and the taps to offer for the next hand."""
    return {
        "number": theirs.number,
        **words.conflict_words(mine.names, theirs, mine.parse()),
        "fields": [
            (key, value)
            for key, value in mine.data.items()
            if key not in ("client_id", "number", "action", "csrfmiddlewaretoken")
        ],
    }


def undo_race_note(mine: HandEntry, number: int, undone: list[int]) -> dict[str, Any]:
    """This phone saved hand `number` after another phone undid `undone` (the hands
    just before it): what happened, what this phone kept, its taps to offer."""
    return {
        "race": True,
        "number": number,
        "undone": undone[0],
        "undone_words": words.undone_elsewhere(undone),
        "kept_words": words.undo_race_kept(number, mine.names, mine.parse()),
        "mine": words.conflict_words(mine.names, None, mine.parse())["mine"],
        "fields": [
            (key, value)
            for key, value in mine.data.items()
            if key not in ("client_id", "number", "action", "csrfmiddlewaretoken")
        ],
    }


def saved_message(game: Game, entry: HandEntry) -> str:
    """The flash after hand `entry.number` was saved (game from game_detail)."""
    hand = game.hands.all()[entry.number - 1]
    return words.saved_message(
        game, hand, entry.names[hand.pitcher], side_names(game), entry.rules
    )


def corrected_message(before: Game, after: Game, number: int) -> str:
    """The flash after hand `number` was corrected (`after` from game_detail)."""
    return words.corrected_message(before, after, number, side_names(after))


def latest_hand(sheet: dict[str, Any]) -> dict[str, Any] | None:
    """The newest hand, told in one line at the top of the live view."""
    if not sheet["hands"]:
        return None
    row = sheet["hands"][-1]
    return {
        "row": row,
        "trump": Suit(row["hand"].trump).label if row["hand"].trump else "",
        "sides": [
            {"name": name, "delta": cell["delta"]}
            for name, cell in zip(sheet["side_names"], row["cells"], strict=True)
        ],
    }


def _cell(value: object) -> object:
    """A name as text a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(game: Game) -> Iterator[list[object]]:
    """Every hand of the game, one row each after a header, for a spreadsheet: who
    dealt, the auction's calls, who pitched, the bid and whether it was made, who
    took each point (a team credited as "Ann & Cy (team)"), each side's change in
    the hand and running total, and the game's winner on the hand that won it
    (hands and awards prefetched)."""
    rules = rules_for(game)
    seats = seat_names(game)
    sides = side_names(game)
    header: list[object] = [
        words.csv_hand(),
        words.csv_dealer(),
        words.csv_auction(),
        words.csv_pitcher(),
        words.csv_bid(),
        words.csv_made(),
        words.csv_trump(),
    ]
    header += [Point(point).label for point in rules.points]
    for name in sides:
        header += [words.csv_change(name), words.csv_total(name)]
    header.append(words.csv_winner())
    yield [_cell(value) for value in header]
    for hand in game.hands.all():
        awarded = {
            award.point: seats[award.seat]
            if award.seat is not None
            else words.team_credit(sides[award.side])
            for award in hand.awards.all()
        }
        row: list[object] = [
            hand.number,
            seats[hand.dealer],
            _auction_words(hand, seats, rules.players),
            seats[hand.pitcher],
            hand.bid,
            words.yes_no(hand.made),
            Suit(hand.trump).label if hand.trump else "",
        ]
        row += [awarded.get(point, "") for point in rules.points]
        for delta, score in zip(hand.deltas, hand.scores, strict=True):
            row += [delta, score]
        won = game.winner is not None and hand.number == game.hand_count
        row.append(sides[game.winner] if won else "")
        yield [_cell(value) for value in row]


def _auction_words(hand: Hand, seats: dict[int, str], players: int) -> str:
    """The calls in auction order, each with its caller: "Bob 2, Cy pass"."""
    if not hand.auction:
        return ""
    return ", ".join(
        f"{seats[(hand.dealer + 1 + index) % players]} {call}"
        for index, call in enumerate(hand.auction)
    )

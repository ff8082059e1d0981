"""What the table shows of a game, computed once for the table page, the hand page
and the live view: the totals, one row per hand, who waits to go out or why the
winner won, the pages' contexts (with the preview of the hand being entered, from
scoring/table/preview.py), the notes of a hand another phone recorded or undid first,
the flashes of a saved or corrected hand. No queries of its own: the game comes from
selectors.game_detail (seats, hands and awards prefetched); the words come from
scoring/table/words/."""

from collections.abc import Iterable
from typing import Any

from scoring import engine
from scoring.games.convert import rules_for, state_of
from scoring.games.versions import hand_version
from scoring.models import Game, GameLog, Hand, HandRevision, Point, Suit
from scoring.table import printed
from scoring.table.cards import scoreboard, seat_names, side_names
from scoring.table.entry import HandEntry
from scoring.table.preview import hand_preview
from scoring.table.words import hands as hand_words
from scoring.table.words import headings, history, wins

# The longest name a sheet column shows whole at 360 px (issue 23, item 3).
LONG_NAME = 8


def _rows(
    game: Game, seats: dict[int, str], rules: engine.Rules
) -> list[dict[str, Any]]:
    rows = []
    for hand in game.hands.all():
        # Who took each point, for the printed sheet (scoring/table/printed.py).
        took, nobody = printed.point_marks(
            hand, rules, seats, partnership=game.partnership
        )
        cells = [
            {
                "delta": delta,
                "score": score,
                "bidding": side == hand.bidding_side,
                "took": took[side],
            }
            for side, (delta, score) in enumerate(
                zip(hand.deltas, hand.scores, strict=True)
            )
        ]
        rows.append(
            {
                "hand": hand,
                "dealer": seats[hand.dealer],
                "pitcher": seats[hand.pitcher],
                "cells": cells,
                "nobody_took": nobody,
            }
        )
    return rows


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


def entry_sheet(game: Game) -> dict[str, Any]:
    """What the entry form and a new hand's preview need of the sheet: the rules and
    the names, from the seats alone (selectors.game_for_entry; no hand is read)."""
    return {
        "game": game,
        "rules": rules_for(game),
        "seat_names": seat_names(game),
        "side_names": side_names(game),
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
        # A name longer than a sheet column shows cut: the sheet lists them whole.
        "long_names": any(len(name) > LONG_NAME for name in names),
        "seat_names": seats,
        "hands": _rows(game, seats, rules),
        "print_legend": printed.legend(rules, partnership=game.partnership),
        "waiting": [
            {"name": names[side], "score": game.scores[side]} for side in waiting
        ],
        "winner": names[game.winner] if finished else None,
        "win_reason": _win_reason(game, rules, names) if finished else None,
        "waiting_words": [
            wins.needs_bid_to_go_out(
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
        "house_rules": headings.house_rules(rules),
        "tie": None
        if finished
        else wins.tied_at_target(rules, game.scores, names, hands=game.hand_count),
        "next_number": None if finished else next_number,
        # "Hand 5 of 8" and the last or extra hand's note, in a fixed-hands game.
        "next_label": None if finished else headings.hand_label(rules, next_number),
        "next_note": None if finished else headings.hand_note(rules, next_number),
        "next_dealer": None if finished else seats[next_dealer],
        "first_bidder": None if finished else seats[(next_dealer + 1) % rules.players],
    }


def _win_reason(game: Game, rules: engine.Rules, names: list[str]) -> str | None:
    """Why the winner won, told from the game's last hand (hands prefetched)."""
    hands = game.hands.all()
    if game.winner is None or not hands:
        return None
    last = hands[len(hands) - 1]
    return wins.win_reason(
        rules,
        winner=game.winner,
        bidding_side=last.bidding_side,
        bid=last.bid,
        made=last.made,
        number=last.number,
        scores=game.scores,
        names=names,
    )


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
    changes = history.revision_changes(revisions, sheet["seat_names"])
    changes += history.game_log_changes(log)
    changes.sort(key=lambda change: change["at"], reverse=True)
    return {
        **sheet,
        "editable": editable,
        "hand_links": True,
        "entry": entry if editable and game.winner is None else None,
        # The form's heading and note: "Hand 5 of 8" in a fixed-hands game.
        "hand_label": headings.hand_label(sheet["rules"], entry.number)
        if entry
        else None,
        "hand_note": headings.hand_note(sheet["rules"], entry.number)
        if entry
        else None,
        "preview": hand_preview(game, sheet, entry) if entry is not None else None,
        "revisions": changes,
        # The Undo link names the hand it is for (views.corrections.hand_undo).
        "undo_version": hand_version(sheet["hands"][-1]["hand"])
        if sheet["hands"]
        else None,
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
        "stole": hand_words.stole(hand.auction, hand.dealer, hand.pitcher, hand.bid),
        "awards": hand_awards(hand, sheet),
        "editable": editable,
        "entry": entry,
        "preview": hand_preview(game, sheet, entry) if entry is not None else None,
        "revisions": history.revision_changes(revisions, sheet["seat_names"]),
        "is_last": hand.number == game.hand_count,
        "hand_version": hand_version(hand),
    }


def conflict_note(mine: HandEntry, theirs: Hand) -> dict[str, Any]:
    """Another phone recorded hand `theirs.number`, which this one was saving: what
    it recorded, what this phone kept, and the taps to offer for the next hand."""
    return {
        "number": theirs.number,
        **hand_words.conflict_words(mine.names, theirs, mine.parse()),
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
        "undone_words": hand_words.undone_elsewhere(undone),
        "kept_words": hand_words.undo_race_kept(number, mine.names, mine.parse()),
        "mine": hand_words.conflict_words(mine.names, None, mine.parse())["mine"],
        "fields": [
            (key, value)
            for key, value in mine.data.items()
            if key not in ("client_id", "number", "action", "csrfmiddlewaretoken")
        ],
    }


def saved_message(game: Game, entry: HandEntry) -> str:
    """The flash after hand `entry.number` was saved (game from game_detail)."""
    hand = game.hands.all()[entry.number - 1]
    return hand_words.saved_message(
        game, hand, entry.names[hand.pitcher], side_names(game), entry.rules
    )


def corrected_message(before: Game, after: Game, number: int) -> str:
    """The flash after hand `number` was corrected (`after` from game_detail)."""
    return hand_words.corrected_message(before, after, number, side_names(after))


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

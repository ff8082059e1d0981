"""The preview of a hand being entered: the engine scores it against the game as it
stood (for a correction, replays the game with it) and says what it would do, what
is still to tap or what the rules refuse, in the players' names. No queries of its
own: the game comes from selectors.game_detail (hands prefetched)."""

from typing import Any

from scoring import engine
from scoring.engine import RuleViolation
from scoring.games.convert import hand_input_of, state_of
from scoring.models import Game
from scoring.table.entry import HandEntry
from scoring.table.words import flashes, wins
from scoring.table.words import hands as hand_words


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
                message += " " + hand_words.would_win(winner, refusal.hand)
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


def _game_after(
    game: Game,
    names: list[str],
    entry: HandEntry,
    result: engine.HandResult,
    final: engine.GameState,
) -> dict[str, Any]:
    """What a correction does to the whole game: the totals after the replay (when
    later hands follow the corrected one), and a winner kept, won or lost."""
    winner = final.winner
    later = entry.correcting and final.hands > result.number
    after: dict[str, Any] = {
        "reopens": game.winner is not None and winner is None,
        "still_wins": None,
        "now_wins": None,
        "totals": None,
        "totals_title": hand_words.totals_after(final.hands) if later else None,
    }
    if later:
        after["totals"] = [
            {"name": name, "score": score, "was": was}
            for name, score, was in zip(names, final.scores, game.scores, strict=True)
        ]
    changed = entry.correcting and winner != game.winner
    if winner is not None and (result.winner is None or changed):
        words = hand_words.still_wins if winner == game.winner else hand_words.now_wins
        after["still_wins" if winner == game.winner else "now_wins"] = words(
            names[winner], partnership=game.partnership, hand=final.hands
        )
    return after


def hand_preview(game: Game, sheet: dict[str, Any], entry: HandEntry) -> dict[str, Any]:
    """What the hand would do: points won per side, made or set, the new scores,
    and whether it ends the game; or what is still to tap, or what is wrong."""
    missing = entry.missing()
    if missing:
        return {"missing": missing}
    hand = entry.parse()
    if hand is None:
        return {"refusal": flashes.game_points_not_whole()}
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
    return {
        **_game_after(game, names, entry, result, final),
        "tie": wins.tied_at_target(rules, result.scores, names, hands=result.number)
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
        "stole": hand_words.stole(
            result.auction, result.dealer, result.pitcher, result.bid
        ),
        "made": result.made,
        "winner": names[result.winner] if result.winner is not None else None,
    }

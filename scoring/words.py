"""The table's sentences: a saved or corrected hand, the history of corrections, the
house rules, a tie at the target, the flashes of the hand pages. Marked for
translation (gettext); the numbers and names come from their callers (the views,
scoring/sheet.py), never from a query here."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext

from scoring import engine
from scoring.models import Game, Hand, HandRevision, Point


def stole(auction: Any, dealer: int, pitcher: int, bid: int) -> bool:
    """Whether the dealer took the auction by equalling the highest bid (a steal)."""
    if not auction or pitcher != dealer:
        return False
    return any(call == bid for call in list(auction)[:-1])


def _outcome(made: bool) -> str:
    return gettext("made it") if made else gettext("was set back")


def saved_message(
    game: Game, hand: Hand, pitcher: str, sides: list[str], rules: engine.Rules
) -> str:
    """ "Hand 3 saved: Ann bid 2 and made it.", and who won the game if it did."""
    moon = rules.variant is engine.Variant.THIRTEEN and hand.bid == 13
    values = {"pitcher": pitcher, "bid": hand.bid}
    if moon:
        what = (
            gettext("%(pitcher)s shot the moon and made it")
            if hand.made
            else gettext("%(pitcher)s shot the moon and failed")
        ) % values
    elif stole(hand.auction, hand.dealer, hand.pitcher, hand.bid):
        what = gettext("%(pitcher)s stole the bid at %(bid)s and %(outcome)s") % {
            **values,
            "outcome": _outcome(hand.made),
        }
    else:
        what = gettext("%(pitcher)s bid %(bid)s and %(outcome)s") % {
            **values,
            "outcome": _outcome(hand.made),
        }
    text = gettext("Hand %(number)s saved: %(what)s.") % {
        "number": hand.number,
        "what": what,
    }
    if game.winner is not None:
        winner = {"winner": sides[game.winner]}
        if moon and hand.made:
            text += " " + gettext("%(winner)s win the game at once!") % winner
        elif moon and game.winner != hand.bidding_side:
            lost = gettext("%(winner)s win the game: a failed moon loses it.")
            text += " " + lost % winner
        else:
            text += " " + gettext("%(winner)s won the game!") % winner
    return text


def corrected_message(before: Game, after: Game, number: int, sides: list[str]) -> str:
    """ "Hand 2 corrected: …", and whether the winner changed (`sides`: the names of
    the game's sides)."""
    text = gettext(
        "Hand %(number)s corrected: the game was replayed from its first hand."
    ) % {"number": number}
    if before.winner is not None and after.winner is None:
        text += " " + gettext(
            "%(winner)s no longer wins: the game is open again, hand %(next)s is next."
        ) % {"winner": sides[before.winner], "next": after.hand_count + 1}
    elif after.winner is not None and after.winner != before.winner:
        text += " " + gettext("%(winner)s wins the game.") % {
            "winner": sides[after.winner]
        }
    return text


def still_wins(name: str, *, partnership: bool, hand: int) -> str:
    """A correction that keeps the winner: "Ann still wins the game, in hand 9."."""
    template = (
        gettext("%(name)s still win the game, in hand %(hand)s.")
        if partnership
        else gettext("%(name)s still wins the game, in hand %(hand)s.")
    )
    return template % {"name": name, "hand": hand}


def would_win(name: str, hand: int) -> str:
    """Added to a refused correction that would end the game early."""
    return gettext("(%(name)s would win at hand %(hand)s.)") % {
        "name": name,
        "hand": hand,
    }


def conflict_words(names: Any, theirs: Hand, mine: engine.HandInput | None) -> dict:
    """What another phone recorded as hand `theirs.number`, and what this phone
    kept, for the conflict note above the form."""
    kept = (
        gettext("%(pitcher)s bid %(bid)s")
        % {"pitcher": names[mine.pitcher], "bid": mine.bid}
        if mine is not None and mine.pitcher is not None
        else gettext("the taps on this phone")
    )
    theirs_words = gettext("%(pitcher)s bid %(bid)s and %(outcome)s") % {
        "pitcher": names[theirs.pitcher],
        "bid": theirs.bid,
        "outcome": _outcome(theirs.made),
    }
    return {"theirs": theirs_words, "mine": kept}


# The flashes and notes of the hand pages.


def game_over() -> str:
    return gettext("This game is over: no more hands can be recorded.")


def restored_taps(number: int) -> str:
    return gettext(
        "These are this phone's taps, now for hand %(number)s: check them "
        "against the sheet before saving."
    ) % {"number": number}


def number_not_whole() -> str:
    return gettext(
        "The hand number sent with this hand is not a whole number: reload the "
        "page and save again."
    )


def already_saved(number: int) -> str:
    return gettext("Hand %(number)s was already saved.") % {"number": number}


def already_undone(number: int) -> str:
    return gettext("Hand %(number)s was already undone.") % {"number": number}


def undone(number: int) -> str:
    return gettext(
        "Hand %(number)s undone. It is kept in the game's history below."
    ) % {"number": number}


def only_last_undone(last: int, number: int) -> str:
    return gettext(
        "Only the last hand (hand %(last)s) can be undone. To change hand "
        "%(number)s, correct it instead."
    ) % {"last": last, "number": number}


def game_points_not_whole() -> str:
    return gettext("Check the game points: whole numbers, or empty boxes.")


def club_missing() -> str:
    # The same words whether the club is missing or private to others.
    return gettext(
        "No such club, or you do not keep score in it: choose a club below, or none."
    )


def not_over_yet() -> str:
    return gettext(
        "This game is not over yet: play it to the end, then start the next "
        "one with the same players."
    )


def rematch_refused(message: str) -> str:
    return gettext("The next game could not start: %(message)s") % {"message": message}


def rematch_started(dealer: str) -> str:
    return gettext(
        "New game with the same players: %(dealer)s deals the first hand."
    ) % {"dealer": dealer}


def _who(seat: int | dict[str, int] | None, names: dict[int, str]) -> str:
    if seat is None:
        return gettext("nobody")
    if isinstance(seat, dict):
        # A point credited to a team (partners sit opposite): "Ann & Cy".
        side, teams = seat.get("side"), max(len(names) // 2, 1)
        partners = [names[number] for number in sorted(names) if number % teams == side]
        return " & ".join(partners) or gettext("team %(side)s") % {"side": side}
    return names.get(seat, gettext("seat %(seat)s") % {"seat": seat})


def _hand_summary(hand: dict[str, Any], names: dict[int, str]) -> str:
    outcome = gettext("made") if hand.get("made") else gettext("set back")
    return gettext("%(pitcher)s bid %(bid)s, %(outcome)s") % {
        "pitcher": _who(hand.get("pitcher"), names),
        "bid": hand.get("bid"),
        "outcome": outcome,
    }


def _calls(hand: dict[str, Any]) -> str:
    auction = hand.get("auction")
    return ", ".join(map(str, auction)) if auction else gettext("not recorded")


def _hand_changes(
    before: dict[str, Any], after: dict[str, Any], names: dict[int, str]
) -> list[str]:
    """What a correction changed, in words: "bid 2 → 3", "Low Ann → Cy"."""
    changes = []

    def change(what: str, old: object, new: object) -> None:
        changes.append(f"{what} {old} → {new}")

    if before.get("auction") != after.get("auction"):
        change(gettext("auction"), _calls(before), _calls(after))
    if before.get("pitcher") != after.get("pitcher"):
        change(
            gettext("pitcher"),
            _who(before.get("pitcher"), names),
            _who(after.get("pitcher"), names),
        )
    if before.get("bid") != after.get("bid"):
        change(gettext("bid"), before.get("bid"), after.get("bid"))
    if before.get("trump") != after.get("trump"):
        change(
            gettext("trump"),
            before.get("trump") or gettext("not given"),
            after.get("trump") or gettext("not given"),
        )
    awards_before = before.get("awards") or {}
    awards_after = after.get("awards") or {}
    for point in awards_after:
        if awards_before.get(point) != awards_after[point]:
            change(
                Point(point).label,
                _who(awards_before.get(point), names),
                _who(awards_after[point], names),
            )
    if before.get("single_trump") != after.get("single_trump"):
        changes.append(
            gettext("single trump on")
            if after.get("single_trump")
            else gettext("single trump off")
        )
    if before.get("game_points") != after.get("game_points"):
        change(
            gettext("game points"),
            before.get("game_points") or gettext("none"),
            after.get("game_points") or gettext("none"),
        )
    return changes or [gettext("nothing changed")]


def revision_changes(
    revisions: Iterable[HandRevision], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Corrections and undos in words, newest first, for the history lists."""
    changes = []
    for revision in revisions:
        before = revision.before or {}
        number = {"number": revision.hand_number}
        if revision.action == HandRevision.Action.UNDO:
            title = gettext("Hand %(number)s undone") % number
            details = [
                gettext("it was %(summary)s")
                % {"summary": _hand_summary(before, names)}
            ]
        else:
            title = gettext("Hand %(number)s corrected") % number
            details = _hand_changes(before, revision.after or {}, names)
        changes.append(
            {
                "title": title,
                "details": details,
                "at": revision.changed_at,
                "by": revision.changed_by.get_username()
                if revision.changed_by
                else None,
                "number": revision.hand_number,
            }
        )
    changes.reverse()
    return changes


def tied_at_target(
    rules: engine.Rules, scores: list[int] | tuple[int, ...], names: list[str]
) -> str | None:
    """Without the pitcher-only rule, sides tied for the lead at or above the target
    play on (RULES.md): "Ann and Bob tie at 7: another hand decides"."""
    if rules.pitcher_only_win or not scores:
        return None
    top = max(scores)
    tied = [names[side] for side, score in enumerate(scores) if score == top]
    if top < rules.target or len(tied) < 2:
        return None
    return gettext("%(tied)s tie at %(top)s: another hand decides.") % {
        "tied": gettext(" and ").join(tied),
        "top": top,
    }


def house_rules(rules: engine.Rules) -> list[str]:
    """The game's options in a few words each, for the header of its pages: the
    target, who can go out, and every house rule that differs from the default."""
    words = [gettext("to %(target)s") % {"target": rules.target}]
    words.append(
        gettext("only the pitcher can go out")
        if rules.pitcher_only_win
        else gettext("anyone can go out")
    )
    if rules.must_make_bid_to_win:
        words.append(gettext("the pitcher must make the bid to go out"))
    if rules.variant is engine.Variant.AUCTION:
        if (
            rules.dealer_min_bid
            != engine.OPTION_DEFAULTS[rules.variant]["dealer_min_bid"]
        ):
            words.append(
                gettext("a stuck dealer bids at least %(bid)s")
                % {"bid": rules.dealer_min_bid}
            )
        if not rules.dealer_may_steal:
            words.append(gettext("no steal"))
        if rules.low_goes_to == engine.LowGoesTo.DEALT:
            words.append(gettext("Low to the player dealt it"))
    elif rules.moon_fail == engine.MoonFail.LOSE:
        words.append(gettext("a failed moon loses the game"))
    return words


# The CSV export's header and cells (scoring.sheet.csv_rows).


def csv_hand() -> str:
    return gettext("Hand")


def csv_dealer() -> str:
    return gettext("Dealer")


def csv_auction() -> str:
    return gettext("Auction")


def csv_pitcher() -> str:
    return gettext("Pitcher")


def csv_bid() -> str:
    return gettext("Bid")


def csv_made() -> str:
    return gettext("Made")


def csv_trump() -> str:
    return gettext("Trump")


def csv_change(side: str) -> str:
    """The column of what one hand added to a side's score."""
    return gettext("%(side)s: this hand") % {"side": side}


def csv_total(side: str) -> str:
    """The column of a side's score after each hand."""
    return gettext("%(side)s: running total") % {"side": side}


def csv_winner() -> str:
    return gettext("Game winner")


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def team_credit(side: str) -> str:
    """A point credited to a team without naming the partner: "Ann & Cy (team)"."""
    return gettext("%(side)s (team)") % {"side": side}

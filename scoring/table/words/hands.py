"""A hand in words: saved ("Hand 3 saved: Ann bid 2 and made it."), corrected,
changed since a page showed it, a steal in the auction, the winner a correction
keeps or would make early, and what became of this phone's hand when another phone
recorded or undid a hand first."""

from typing import Any

from django.utils.translation import gettext

from scoring import engine
from scoring.models import Game, Hand


def stole(auction: Any, dealer: int, pitcher: int, bid: int) -> bool:
    """Whether the dealer took the auction by equalling the highest bid (a steal)."""
    if not auction or pitcher != dealer:
        return False
    return any(call == bid for call in list(auction)[:-1])


def _outcome(made: bool) -> str:
    return gettext("made it") if made else gettext("was set back")


def hand_said(hand: Hand, pitcher: str, rules: engine.Rules) -> str:
    """ "Ann bid 2 and made it", "Bob stole the bid at 3 and was set back"."""
    values = {"pitcher": pitcher, "bid": hand.bid}
    if rules.variant is engine.Variant.THIRTEEN and hand.bid == 13:
        return (
            gettext("%(pitcher)s shot the moon and made it")
            if hand.made
            else gettext("%(pitcher)s shot the moon and failed")
        ) % values
    if stole(hand.auction, hand.dealer, hand.pitcher, hand.bid):
        return gettext("%(pitcher)s stole the bid at %(bid)s and %(outcome)s") % {
            **values,
            "outcome": _outcome(hand.made),
        }
    return gettext("%(pitcher)s bid %(bid)s and %(outcome)s") % {
        **values,
        "outcome": _outcome(hand.made),
    }


def saved_message(
    game: Game, hand: Hand, pitcher: str, sides: list[str], rules: engine.Rules
) -> str:
    """ "Hand 3 saved ✓ Ann bid 2 and made it.", and who won the game if it did."""
    moon = rules.variant is engine.Variant.THIRTEEN and hand.bid == 13
    text = gettext("Hand %(number)s saved ✓ %(what)s.") % {
        "number": hand.number,
        "what": hand_said(hand, pitcher, rules),
    }
    # In a fixed-hands game a moon only scores: it neither wins nor loses at once.
    at_once = moon and rules.hand_limit is None
    if game.winner is not None:
        winner = {"winner": sides[game.winner]}
        if at_once and hand.made:
            text += " " + gettext("%(winner)s win the game at once!") % winner
        elif at_once and game.winner != hand.bidding_side:
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


def changed_not_undone(number: int, now: str) -> str:
    """An undo sent from a page opened before the hand changed (`now`: the hand as
    it is now, hand_said)."""
    return gettext(
        "Hand %(number)s changed since this page was opened (it is now: %(now)s). "
        "Nothing was undone."
    ) % {"number": number, "now": now}


def changed_not_corrected(number: int, now: str) -> str:
    """A correction sent from a page opened before the hand changed."""
    return gettext(
        "Hand %(number)s changed since this page was opened (it is now: %(now)s). "
        "Your correction was not saved: check it against the hand as it is now, "
        "then save again."
    ) % {"number": number, "now": now}


def gone_not_corrected(number: int) -> str:
    """A correction sent for a hand undone since its page was opened."""
    return gettext(
        "Hand %(number)s was undone since this page was opened: your correction "
        "was not saved."
    ) % {"number": number}


def still_wins(name: str, *, partnership: bool, hand: int) -> str:
    """A correction that keeps the winner: "Ann still wins the game, in hand 9."."""
    template = (
        gettext("%(name)s still win the game, in hand %(hand)s.")
        if partnership
        else gettext("%(name)s still wins the game, in hand %(hand)s.")
    )
    return template % {"name": name, "hand": hand}


def now_wins(name: str, *, partnership: bool, hand: int) -> str:
    """A correction that wins the game for a side that had not won it: "Ann now
    wins the game, in hand 9."."""
    template = (
        gettext("%(name)s now win the game, in hand %(hand)s.")
        if partnership
        else gettext("%(name)s now wins the game, in hand %(hand)s.")
    )
    return template % {"name": name, "hand": hand}


def totals_after(hand: int) -> str:
    """The heading of a correction preview's replayed totals."""
    return gettext("Totals after hand %(hand)s, replayed:") % {"hand": hand}


def would_win(name: str, hand: int) -> str:
    """Added to a refused correction that would end the game early."""
    return gettext("(%(name)s would win at hand %(hand)s.)") % {
        "name": name,
        "hand": hand,
    }


def _kept(names: Any, mine: engine.HandInput | None) -> str:
    return (
        gettext("%(pitcher)s bid %(bid)s")
        % {"pitcher": names[mine.pitcher], "bid": mine.bid}
        if mine is not None and mine.pitcher is not None
        else gettext("the taps on this phone")
    )


def undone_elsewhere(numbers: list[int]) -> str:
    """ "Hand 7 was undone on another phone." (the hands before this phone's)."""
    if len(numbers) == 1:
        return gettext("Hand %(number)s was undone on another phone.") % {
            "number": numbers[0]
        }
    return gettext("Hands %(first)s to %(last)s were undone on another phone.") % {
        "first": numbers[0],
        "last": numbers[-1],
    }


def undo_race_kept(number: int, names: Any, mine: engine.HandInput | None) -> str:
    """What became of this phone's hand after an undo elsewhere."""
    return gettext(
        "This phone's hand %(number)s (%(mine)s) was not saved: a hand is recorded "
        "only after the one before it. Its taps are kept: use them for the next "
        "hand if it is this deal, or once the hand before it is recorded again."
    ) % {"number": number, "mine": _kept(names, mine)}


def conflict_words(
    names: Any, theirs: Hand | None, mine: engine.HandInput | None
) -> dict:
    """What another phone recorded as hand `theirs.number`, and what this phone
    kept, for the conflict note above the form."""
    kept = _kept(names, mine)
    if theirs is None:
        return {"theirs": "", "mine": kept}
    theirs_words = gettext("%(pitcher)s bid %(bid)s and %(outcome)s") % {
        "pitcher": names[theirs.pitcher],
        "bid": theirs.bid,
        "outcome": _outcome(theirs.made),
    }
    return {"theirs": theirs_words, "mine": kept}

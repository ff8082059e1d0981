"""Who wins, in words: a tie at the target (or at the top of a fixed-hands game)
that plays on, why the winner won, a side that must win a bid to go out."""

from django.utils.translation import gettext

from scoring import engine


def tied_at_target(
    rules: engine.Rules,
    scores: list[int] | tuple[int, ...],
    names: list[str],
    *,
    hands: int = 0,
) -> str | None:
    """Without the pitcher-only rule, sides tied for the lead at or above the target
    play on (RULES.md): "Ann and Bob tie at 7: another hand decides". In a
    fixed-hands game, sides tied at the top after its last hand (`hands` played)
    play on likewise, whatever the target."""
    if not scores:
        return None
    top = max(scores)
    tied = [names[side] for side, score in enumerate(scores) if score == top]
    if len(tied) < 2:
        return None
    if rules.hand_limit is not None:
        if hands < rules.hand_limit:
            return None
    elif rules.pitcher_only_win or top < rules.target:
        return None
    return gettext("%(tied)s tie at %(top)s: another hand decides.") % {
        "tied": gettext(" and ").join(tied),
        "top": top,
    }


# Why the game was won, under the winner banner (RULES.md, Winning). The same
# templates go to the phone (scoring/table/offline.py) so that a win reached offline is
# told in the same words by static/js/offline/score.js. Past tense throughout: it
# reads the same for a player and for a team.


def win_reasons() -> dict[str, str]:
    """The sentences of win_reason, by case; %(winner)s, %(pitcher)s (the bidding
    side), %(bid)s, %(score)s (the winner's total) and %(number)s (the hand)."""
    return {
        "made": gettext(
            "%(winner)s made the bid of %(bid)s and went out with %(score)s."
        ),
        "set_still_out": gettext(
            "%(winner)s went out with %(score)s as the pitcher, though set back "
            "%(bid)s."
        ),
        "on_their_bid": gettext(
            "%(winner)s went out with %(score)s on %(pitcher)s's bid."
        ),
        "when_set": gettext(
            "%(winner)s went out with %(score)s when %(pitcher)s got set back %(bid)s."
        ),
        "moon_made": gettext(
            "%(winner)s shot the moon and took all 13 points: that wins the game "
            "at once."
        ),
        "moon_lost": gettext(
            "%(pitcher)s failed to shoot the moon, and a failed moon loses the game."
        ),
        "most_after_last": gettext(
            "%(winner)s had the most points after the last hand: %(score)s."
        ),
        "tie_broken": gettext(
            "%(winner)s broke the tie at the top in extra hand %(number)s, with "
            "%(score)s."
        ),
    }


def win_case(
    rules: engine.Rules,
    *,
    winner: int,
    bidding_side: int,
    bid: int,
    made: bool,
    number: int,
) -> str:
    """Which of win_reasons tells this win (the winning hand's figures; `number`
    the hand's)."""
    if rules.hand_limit is not None:
        return "most_after_last" if number <= rules.hand_limit else "tie_broken"
    if rules.variant is engine.Variant.THIRTEEN and bid == rules.max_bid:
        if made and winner == bidding_side:
            return "moon_made"
        if not made and winner != bidding_side and rules.moon_fail == "lose":
            return "moon_lost"
    if winner == bidding_side:
        return "made" if made else "set_still_out"
    return "on_their_bid" if made else "when_set"


def win_reason(
    rules: engine.Rules,
    *,
    winner: int,
    bidding_side: int,
    bid: int,
    made: bool,
    number: int,
    scores: list[int] | tuple[int, ...],
    names: list[str],
) -> str:
    """ "Ann made the bid of 3 and went out with 8.": why `winner` won on its last
    hand, hand `number` (`names`: the sides' names)."""
    case = win_case(
        rules,
        winner=winner,
        bidding_side=bidding_side,
        bid=bid,
        made=made,
        number=number,
    )
    return win_reasons()[case] % {
        "winner": names[winner],
        "pitcher": names[bidding_side],
        "bid": bid,
        "score": scores[winner],
        "number": number,
    }


def needs_bid_to_go_out(name: str, score: int, *, partnership: bool) -> str:
    """A side at the target under the pitcher-only rule."""
    template = (
        gettext("%(name)s have %(score)s — need to win a bid to go out.")
        if partnership
        else gettext("%(name)s has %(score)s — needs to win a bid to go out.")
    )
    return template % {"name": name, "score": score}

"""The headings of a game's pages: its house rules in a few words, and in a
fixed-hands game where a hand stands ("Hand 5 of 8", the last and extra hands'
notes)."""

from django.utils.translation import gettext, ngettext

from scoring import engine


def house_rules(rules: engine.Rules) -> list[str]:
    """The game's options in a few words each, for the header of its pages: the
    target, who can go out, and every house rule that differs from the default."""
    if rules.hand_limit is not None:
        # Nobody goes out of a fixed-hands game: the target and who may go out
        # play no part.
        words = [
            ngettext(
                "%(hands)s hand, then the most points win",
                "%(hands)s hands, then the most points win",
                rules.hand_limit,
            )
            % {"hands": rules.hand_limit}
        ]
    else:
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


# Where a fixed-hands game stands (option hand_limit): the hand's label in the
# headings ("Hand 5 of 8"), and a note for its last hand and the extra hands of a
# tie at the top. The same templates go to the phone (scoring/table/offline.py), which
# says them for the hands it moves the form on to (static/js/offline/score.js).


def hand_stage_words() -> dict[str, str]:
    """The templates of hand_label and hand_note, by stage; %(number)s (the hand)
    and %(limit)s (the game's number of hands)."""
    return {
        "plain": gettext("Hand %(number)s"),
        "of": gettext("Hand %(number)s of %(limit)s"),
        "extra": gettext("Extra hand %(number)s"),
        "last_note": gettext(
            "Last hand: the game ends after it, whatever the scores. The most "
            "points win."
        ),
        "extra_note": gettext(
            "Extra hand: tie at the top after %(limit)s hands. The first hand that "
            "leaves one side alone in front ends the game."
        ),
    }


def hand_stage(rules: engine.Rules, number: int) -> str | None:
    """Where hand `number` stands in a fixed-hands game: "of" (before the last),
    "last", "extra" (after a tie at the top); None in a game to the target."""
    limit = rules.hand_limit
    if limit is None:
        return None
    if number < limit:
        return "of"
    return "last" if number == limit else "extra"


def hand_label(rules: engine.Rules, number: int) -> str:
    """ "Hand 5", "Hand 5 of 8" in a game of 8 hands, "Extra hand 9" after them."""
    stage = hand_stage(rules, number)
    key = "plain" if stage is None else "extra" if stage == "extra" else "of"
    return hand_stage_words()[key] % {"number": number, "limit": rules.hand_limit}


def hand_note(rules: engine.Rules, number: int) -> str | None:
    """The note for the last hand of a fixed-hands game and for its extra hands."""
    stage = hand_stage(rules, number)
    if stage not in ("last", "extra"):
        return None
    return hand_stage_words()[f"{stage}_note"] % {"limit": rules.hand_limit}

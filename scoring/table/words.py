"""The table's sentences: a saved or corrected hand, the history of corrections, the
house rules, a tie at the target, the flashes of the hand pages. Marked for
translation (gettext); the numbers and names come from their callers (the views,
scoring/table/sheet.py), never from a query here."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext, ngettext

from scoring import engine
from scoring.models import Game, GameLog, Hand, HandRevision, Point


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


def rematch_dealer_not_a_seat() -> str:
    return gettext("Choose who deals first by tapping one of the players.")


def rematch_started(dealer: str) -> str:
    return gettext(
        "New game with the same players: %(dealer)s deals the first hand."
    ) % {"dealer": dealer}


def game_abandoned() -> str:
    return gettext(
        "Game abandoned: it is kept here, read-only, and left out of standings "
        "and statistics. Resume it if the table plays on."
    )


def game_already_abandoned() -> str:
    return gettext("This game was already abandoned.")


def game_resumed() -> str:
    return gettext("Game resumed: record the next hand.")


def game_deleted(number: int) -> str:
    return gettext("Game %(number)s deleted. The record of its deletion is kept.") % {
        "number": number
    }


def game_already_deleted(number: int) -> str:
    return gettext("Game %(number)s was already deleted.") % {"number": number}


def archive_title() -> str:
    return gettext("All games")


def club_archive_title(club: str) -> str:
    return gettext("%(club)s: all games") % {"club": club}


def player_archive_title(player: str) -> str:
    return gettext("%(player)s: all games") % {"player": player}


def game_log_changes(entries: Iterable[GameLog]) -> list[dict[str, Any]]:
    """Abandonments and resumptions, in the shape of revision_changes."""
    titles = {
        GameLog.Action.ABANDON: gettext("Game abandoned"),
        GameLog.Action.RESUME: gettext("Game resumed"),
        GameLog.Action.DELETE: gettext("Game deleted"),
    }
    return [
        {
            "title": titles[GameLog.Action(entry.action)],
            "details": [
                ngettext("after %(hands)s hand", "after %(hands)s hands", hands)
                % {"hands": hands}
            ],
            "at": entry.changed_at,
            "by": entry.changed_by.get_username() if entry.changed_by else None,
            "number": None,
        }
        for entry in entries
        for hands in [entry.before.get("hand_count", 0)]
    ]


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


# The CSV export's header and cells (scoring.table.sheet.csv_rows).


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

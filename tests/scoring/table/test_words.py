"""The table's sentences (scoring/table/words/): a saved or corrected hand, the
history of corrections, the house rules, a tie at the target."""

import pytest

from scoring.games import convert, selectors
from scoring.models import Game, HandRevision
from scoring.table.words import hands as hand_words
from scoring.table.words import headings, history, wins
from tests.factories import game_factory

pytestmark = pytest.mark.django_db

NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}


def test_the_dealer_steals_by_equalling_the_highest_bid() -> None:
    assert hand_words.stole([2, "pass", "pass", 2], dealer=3, pitcher=3, bid=2)
    assert not hand_words.stole([2, "pass", "pass", 3], dealer=3, pitcher=3, bid=3)
    assert not hand_words.stole(None, dealer=3, pitcher=3, bid=2)
    assert not hand_words.stole([2, "pass", "pass", "pass"], dealer=3, pitcher=0, bid=2)


def test_a_saved_hand_says_who_bid_and_how_it_went(three_hands: Game) -> None:
    game = selectors.game_detail(game_id=three_hands.pk, user=None)
    hand = game.hands.all()[0]
    text = hand_words.saved_message(
        game,
        hand,
        NAMES[hand.pitcher],
        ["Ann", "Bob", "Cy", "Di"],
        convert.rules_for(game),
    )
    assert text == f"Hand 1 saved ✓ {NAMES[hand.pitcher]} bid 2 and made it."


def test_sides_tied_at_the_target_play_on() -> None:
    rules = convert.rules_for(
        game_factory(players=3, options={"pitcher_only_win": False})
    )
    names = ["Ann", "Bob", "Cy"]
    top = rules.target
    pitcher_only = convert.rules_for(game_factory(players=3))
    assert wins.tied_at_target(pitcher_only, [top, top, 1], names) is None
    assert wins.tied_at_target(rules, [top, top, 1], names) == (
        f"Ann and Bob tie at {top}: another hand decides."
    )
    assert wins.tied_at_target(rules, [top, top - 1, 1], names) is None
    assert wins.tied_at_target(rules, [top - 1, top - 1, 1], names) is None


def test_the_house_rules_name_the_target_and_who_goes_out() -> None:
    rules = convert.rules_for(game_factory())
    assert headings.house_rules(rules)[0] == f"to {rules.target}"
    assert len(headings.house_rules(rules)) == 2


def test_a_winner_that_stays_is_said_in_the_right_number() -> None:
    assert (
        hand_words.still_wins("Ann", partnership=False, hand=9)
        == "Ann still wins the game, in hand 9."
    )
    assert (
        hand_words.still_wins("Ann & Cy", partnership=True, hand=9)
        == "Ann & Cy still win the game, in hand 9."
    )


def test_a_correction_lists_what_changed() -> None:
    before = {"pitcher": 0, "bid": 2, "awards": {"low": 1}, "trump": None}
    after = {"pitcher": 1, "bid": 3, "awards": {"low": 2}, "trump": "hearts"}
    assert history._hand_changes(before, after, NAMES) == [
        "pitcher Ann → Bob",
        "bid 2 → 3",
        "trump not given → hearts",
        "Low Bob → Cy",
    ]
    assert history._hand_changes(before, before, NAMES) == ["nothing changed"]


def test_an_undo_says_what_the_hand_was() -> None:
    undo = HandRevision(
        hand_number=4,
        action=HandRevision.Action.UNDO,
        before={"pitcher": 2, "bid": 3, "made": False},
    )
    [change] = history.revision_changes([undo], NAMES)
    assert change["title"] == "Hand 4 undone"
    assert change["details"] == ["it was Cy bid 3, set back"]
    assert change["by"] is None


# Why the game was won (issue 11): one sentence per case of RULES.md's winning.


def _reason(variant: str = "auction", **options: object) -> object:
    from scoring import engine

    players = 4
    partnership = variant == "thirteen" or bool(options.pop("partnership", False))
    rules = engine.make_rules(
        variant, players, partnership=partnership, options=options
    )
    names = ["Ann & Cy", "Bob & Di"] if partnership else ["Ann", "Bob", "Cy", "Di"]

    def reason(winner: int, bidding: int, bid: int, made: bool, scores: list) -> str:
        return wins.win_reason(
            rules,
            winner=winner,
            bidding_side=bidding,
            bid=bid,
            made=made,
            number=9,
            scores=scores,
            names=names,
        )

    return reason


@pytest.mark.parametrize(
    ("variant", "options", "hand", "said"),
    [
        (
            "auction",
            {},
            (1, 1, 3, True, [0, 8, 2, 1]),
            "Bob made the bid of 3 and went out with 8.",
        ),
        (
            "auction",
            {},
            (1, 1, 3, False, [0, 7, 2, 1]),
            "Bob went out with 7 as the pitcher, though set back 3.",
        ),
        (
            "auction",
            {"pitcher_only_win": False},
            (2, 1, 2, True, [0, 3, 7, 1]),
            "Cy went out with 7 on Bob's bid.",
        ),
        (
            "auction",
            {"pitcher_only_win": False},
            (2, 1, 3, False, [0, 1, 7, 1]),
            "Cy went out with 7 when Bob got set back 3.",
        ),
        (
            "thirteen",
            {},
            (0, 0, 8, True, [55, 20]),
            "Ann & Cy made the bid of 8 and went out with 55.",
        ),
        (
            "thirteen",
            {},
            (1, 1, 13, True, [20, 33]),
            "Bob & Di shot the moon and took all 13 points: that wins the game at "
            "once.",
        ),
        (
            "thirteen",
            {"moon_fail": "lose"},
            (0, 1, 13, False, [20, 7]),
            "Bob & Di failed to shoot the moon, and a failed moon loses the game.",
        ),
    ],
)
def test_the_winner_banner_says_why(
    variant: str, options: dict, hand: tuple, said: str
) -> None:
    assert _reason(variant, **options)(*hand) == said


def test_the_table_page_says_why_the_game_was_won(client: object) -> None:
    from django.test import Client
    from django.urls import reverse

    from tests.factories import record

    game = game_factory(players=3, options={"target": 4})
    # Ann deals; Bob pitches 4 and takes everything: out with 4.
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})

    page = Client().get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert "★ Bob won the game in hand 1." in page
    assert (
        '<p class="win-reason">Bob made the bid of 4 and went out with 4.</p>' in page
    )

"""Game settings: variants, tables, options, and the engine's independence."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scoring.engine
from scoring.engine import (
    OPTION_DEFAULTS,
    PASS,
    POINT_VALUES,
    POINTS,
    LowGoesTo,
    MoonFail,
    RuleViolation,
    Suit,
    Variant,
    make_rules,
)

from .helpers import auction_rules, refusal, thirteen_rules

ROOT = Path(__file__).resolve().parents[3]


def test_engine_imports_without_django() -> None:
    code = (
        "import sys, scoring.engine; "
        "assert 'django' not in sys.modules, 'the engine imported Django'; "
        "print(sorted(m for m in sys.modules if m.startswith('scoring')))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "scoring.engine" in run.stdout


def test_engine_exports_the_public_interface() -> None:
    names = {
        "RuleViolation", "Variant", "LowGoesTo", "MoonFail", "Suit", "Rules",
        "make_rules", "HandInput", "HandResult", "GameState", "Replay", "new_game",
        "score_hand", "replay", "legal_calls", "waiting_to_go_out", "OPTION_DEFAULTS",
        "POINTS", "POINT_VALUES", "PASS",
    }  # fmt: skip
    assert names <= set(scoring.engine.__all__)
    assert all(hasattr(scoring.engine, name) for name in names)


def test_enums_are_plain_strings() -> None:
    assert [str(v) for v in Variant] == ["auction", "thirteen"]
    assert [str(v) for v in LowGoesTo] == ["captured", "dealt"]
    assert [str(v) for v in MoonFail] == ["setback", "lose"]
    assert [str(v) for v in Suit] == ["spades", "hearts", "diamonds", "clubs"]
    assert Variant.AUCTION == "auction"
    assert PASS == "pass"


def test_option_defaults_follow_rules_md() -> None:
    assert OPTION_DEFAULTS == {
        "auction": {
            "target": 7,
            "pitcher_only_win": True,
            "must_make_bid_to_win": False,
            "dealer_min_bid": 2,
            "dealer_may_steal": True,
            "low_goes_to": "captured",
            "hand_limit": None,
        },
        "thirteen": {
            "target": 55,
            "pitcher_only_win": False,
            "moon_fail": "setback",
            "hand_limit": None,
        },
    }


def test_points_and_their_values() -> None:
    assert POINTS[Variant.AUCTION] == ("high", "low", "jack", "game")
    assert POINTS[Variant.THIRTEEN] == (
        "ace", "jack", "jick", "high_joker", "low_joker", "ten", "three",
        "off_three", "two",
    )  # fmt: skip
    assert POINT_VALUES[Variant.AUCTION] == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert POINT_VALUES[Variant.THIRTEEN]["three"] == 3
    assert POINT_VALUES[Variant.THIRTEEN]["off_three"] == 3
    assert sum(POINT_VALUES[Variant.THIRTEEN].values()) == 13


def test_auction_game_defaults_to_solo_with_default_options() -> None:
    rules = make_rules("auction", 4)
    assert rules.variant is Variant.AUCTION
    assert rules.partnership is False
    assert rules.first_dealer == 0
    assert rules.options() == OPTION_DEFAULTS[Variant.AUCTION]
    assert list(rules.options()) == list(OPTION_DEFAULTS[Variant.AUCTION])
    assert (rules.min_bid, rules.max_bid, rules.max_points) == (1, 4, 4)
    assert rules.points == ("high", "low", "jack", "game")


def test_thirteen_game_defaults_to_two_teams() -> None:
    rules = make_rules("thirteen", 4)
    assert rules.partnership is True
    assert rules.sides == ((0, 2), (1, 3))
    assert rules.options() == {
        "target": 55,
        "pitcher_only_win": False,
        "moon_fail": "setback",
        "hand_limit": None,
    }
    assert (rules.min_bid, rules.max_bid, rules.max_points) == (4, 13, 13)
    # Options of the other variant keep their defaults and are ignored.
    assert rules.must_make_bid_to_win is False


def test_options_are_given_by_name_and_reported_json_ready() -> None:
    rules = make_rules(
        "auction",
        5,
        options={
            "target": 11,
            "pitcher_only_win": False,
            "must_make_bid_to_win": True,
            "dealer_min_bid": 1,
            "dealer_may_steal": False,
            "low_goes_to": "dealt",
        },
    )
    assert rules.target == 11
    assert rules.low_goes_to is LowGoesTo.DEALT
    options = rules.options()
    assert options["low_goes_to"] == "dealt"
    assert type(options["low_goes_to"]) is str
    assert options == {
        "target": 11,
        "pitcher_only_win": False,
        "must_make_bid_to_win": True,
        "dealer_min_bid": 1,
        "dealer_may_steal": False,
        "low_goes_to": "dealt",
        "hand_limit": None,
    }
    thirteen = make_rules("thirteen", 4, True, 2, {"moon_fail": "lose", "target": 21})
    assert thirteen.moon_fail is MoonFail.LOSE
    assert thirteen.first_dealer == 2
    assert thirteen.options() == {
        "target": 21,
        "pitcher_only_win": False,
        "moon_fail": "lose",
        "hand_limit": None,
    }


@pytest.mark.parametrize("target", [1, 11, 15, 21, 2_147_483_647])
def test_any_whole_target_from_one_is_accepted(target: int) -> None:
    assert auction_rules(target=target).target == target


@pytest.mark.parametrize(
    ("players", "partnership", "sides"),
    [
        (2, False, ((0,), (1,))),
        (3, False, ((0,), (1,), (2,))),
        (4, False, ((0,), (1,), (2,), (3,))),
        (5, False, ((0,), (1,), (2,), (3,), (4,))),
        (6, False, ((0,), (1,), (2,), (3,), (4,), (5,))),
        (7, False, ((0,), (1,), (2,), (3,), (4,), (5,), (6,))),
        (4, True, ((0, 2), (1, 3))),
        (6, True, ((0, 3), (1, 4), (2, 5))),
    ],
)
def test_partners_sit_opposite(
    players: int, partnership: bool, sides: tuple[tuple[int, ...], ...]
) -> None:
    rules = make_rules("auction", players, partnership)
    assert rules.sides == sides
    for side, seats in enumerate(sides):
        assert all(rules.side_of(seat) == side for seat in seats)


def test_side_of_a_seat_that_does_not_exist_is_a_bug() -> None:
    with pytest.raises(ValueError, match="No seat"):
        auction_rules().side_of(4)


@pytest.mark.parametrize(
    ("players", "first_dealer", "dealers"),
    [
        (4, 0, [0, 1, 2, 3, 0, 1]),
        (5, 3, [3, 4, 0, 1, 2, 3]),
        (2, 1, [1, 0, 1, 0, 1, 0]),
        (7, 6, [6, 0, 1, 2, 3, 4]),
    ],
)
def test_the_deal_passes_one_seat_to_the_left(
    players: int, first_dealer: int, dealers: list[int]
) -> None:
    rules = auction_rules(players, first_dealer=first_dealer)
    assert [rules.dealer_of(number) for number in range(1, 7)] == dealers


def test_hand_numbers_start_at_one() -> None:
    with pytest.raises(ValueError, match="start at 1"):
        auction_rules().dealer_of(0)


@pytest.mark.parametrize(
    ("args", "code", "field"),
    [
        (("euchre", 4), "unknown_variant", "variant"),
        ((None, 4), "unknown_variant", "variant"),
        (("Auction", 4), "unknown_variant", "variant"),
        (("auction", 1), "wrong_player_count", "players"),
        (("auction", 8), "wrong_player_count", "players"),
        (("auction", 0), "wrong_player_count", "players"),
        (("auction", 2, True), "wrong_player_count", "players"),
        (("auction", 5, True), "wrong_player_count", "players"),
        (("auction", 7, True), "wrong_player_count", "players"),
        (("auction", 8, True), "wrong_player_count", "players"),
        (("thirteen", 3), "wrong_player_count", "players"),
        (("thirteen", 6), "wrong_player_count", "players"),
        (("auction", "4"), "invalid_players", "players"),
        (("auction", 4.0), "invalid_players", "players"),
        (("auction", True), "invalid_players", "players"),
        (("auction", 4, "yes"), "invalid_partnership", "partnership"),
        (("auction", 4, 1), "invalid_partnership", "partnership"),
        (("thirteen", 4, False), "partnership_required", "partnership"),
        (("auction", 4, False, 4), "unknown_seat", "first_dealer"),
        (("auction", 4, False, -1), "unknown_seat", "first_dealer"),
        (("auction", 4, False, "0"), "invalid_seat", "first_dealer"),
        (("auction", 4, False, True), "invalid_seat", "first_dealer"),
        (("auction", 4, False, 1.0), "invalid_seat", "first_dealer"),
        (("auction", 4, False, None), "invalid_seat", "first_dealer"),
    ],
)
def test_a_wrong_table_is_refused(args: tuple[Any, ...], code: str, field: str) -> None:
    refusal(lambda: make_rules(*args), code, field)


@pytest.mark.parametrize(
    ("variant", "options", "code", "field"),
    [
        ("auction", [("target", 11)], "invalid_options", "options"),
        ("auction", "target=11", "invalid_options", "options"),
        ("auction", {"targett": 11}, "unknown_option", "options.targett"),
        ("auction", {"moon_fail": "lose"}, "unknown_option", "options.moon_fail"),
        ("thirteen", {"dealer_min_bid": 3}, "unknown_option", "options.dealer_min_bid"),
        (
            "thirteen",
            {"must_make_bid_to_win": True},
            "unknown_option",
            "options.must_make_bid_to_win",
        ),
        ("auction", {1: 2}, "unknown_option", "options.1"),
        ("auction", {"target": 0}, "invalid_option", "options.target"),
        ("auction", {"target": -7}, "invalid_option", "options.target"),
        ("auction", {"target": 2_147_483_648}, "invalid_option", "options.target"),
        ("auction", {"target": "7"}, "invalid_option", "options.target"),
        ("auction", {"target": 7.0}, "invalid_option", "options.target"),
        ("auction", {"target": True}, "invalid_option", "options.target"),
        ("thirteen", {"target": None}, "invalid_option", "options.target"),
        (
            "auction",
            {"pitcher_only_win": 1},
            "invalid_option",
            "options.pitcher_only_win",
        ),
        (
            "thirteen",
            {"pitcher_only_win": "true"},
            "invalid_option",
            "options.pitcher_only_win",
        ),
        (
            "auction",
            {"must_make_bid_to_win": 0},
            "invalid_option",
            "options.must_make_bid_to_win",
        ),
        (
            "auction",
            {"dealer_may_steal": None},
            "invalid_option",
            "options.dealer_may_steal",
        ),
        ("auction", {"dealer_min_bid": 0}, "invalid_option", "options.dealer_min_bid"),
        ("auction", {"dealer_min_bid": 5}, "invalid_option", "options.dealer_min_bid"),
        (
            "auction",
            {"dealer_min_bid": True},
            "invalid_option",
            "options.dealer_min_bid",
        ),
        (
            "auction",
            {"dealer_min_bid": 2.0},
            "invalid_option",
            "options.dealer_min_bid",
        ),
        ("auction", {"low_goes_to": "kept"}, "invalid_option", "options.low_goes_to"),
        ("auction", {"low_goes_to": None}, "invalid_option", "options.low_goes_to"),
        ("thirteen", {"moon_fail": "win"}, "invalid_option", "options.moon_fail"),
        ("thirteen", {"moon_fail": 1}, "invalid_option", "options.moon_fail"),
    ],
)
def test_a_wrong_option_is_refused(
    variant: str, options: Any, code: str, field: str
) -> None:
    refusal(lambda: make_rules(variant, 4, options=options), code, field)


def test_refusals_say_what_is_wrong_and_how_to_fix_it() -> None:
    error = refusal(
        lambda: make_rules("auction", 4, False, 7), "unknown_seat", "first_dealer"
    )
    assert error.message == (
        "Seat 7 does not exist: this game has seats 0 to 3. Choose one of them as "
        "the first dealer."
    )
    error = refusal(
        lambda: make_rules("thirteen", 4, options={"dealer_may_steal": 1}),
        "unknown_option",
        "options.dealer_may_steal",
    )
    assert "it belongs to Auction Pitch" in error.message
    error = refusal(
        lambda: make_rules("auction", 5, True), "wrong_player_count", "players"
    )
    assert "4 or 6 players" in error.message
    assert "this game has 5" in error.message


def test_rule_violation_carries_code_field_message_and_hand() -> None:
    error = RuleViolation("dealer_stuck", "auction.3", "The dealer must bid.", hand=4)
    assert str(error) == "The dealer must bid."
    assert (error.code, error.field, error.message, error.hand) == (
        "dealer_stuck",
        "auction.3",
        "The dealer must bid.",
        4,
    )
    assert RuleViolation("c", "f", "m").hand is None
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.field, copy.message, copy.hand) == (
        error.code,
        error.field,
        error.message,
        error.hand,
    )
    assert "dealer_stuck" in repr(error)


def test_rules_are_frozen_and_checked_when_replaced() -> None:
    rules = thirteen_rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 11  # type: ignore[misc]
    assert dataclasses.replace(rules, target=21).target == 21
    assert dataclasses.replace(rules, moon_fail="lose").moon_fail is MoonFail.LOSE
    with pytest.raises(ValueError, match="target"):
        dataclasses.replace(rules, target=0)
    with pytest.raises(ValueError, match="must_make_bid_to_win"):
        dataclasses.replace(rules, must_make_bid_to_win=True)
    with pytest.raises(ValueError, match="players"):
        dataclasses.replace(rules, players=6)
    assert rules == thirteen_rules()
    assert hash(rules) == hash(thirteen_rules())

"""A point credited to a team without naming the partner: `{"side": 1}` in the
awards of a hand recorded or corrected, shown the same way in every read of the
game (API.md), stored for the team and for no player (issue 11 item 6)."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Player
from scoring.models import Award, Game, Hand
from tests.factories import game_factory
from tests.helpers import error_at
from tests.scoring.api.helpers import (
    game_url,
    hand_url,
    play,
    post_hand,
    read,
)

TEAM_1 = {"side": 1}
# Thirteen, dealer 0: Bob (seat 1) bids 7; Ann took the ace, Bob the jack, Di the
# jick; the rest went to Bob & Di without saying who: 3 + 9 points.
REST_TO_TEAM_1: dict[str, Any] = {
    "pitcher": 1,
    "bid": 7,
    "awards": {
        "ace": 0,
        "jack": 1,
        "jick": 3,
        "high_joker": TEAM_1,
        "low_joker": TEAM_1,
        "ten": None,
        "three": TEAM_1,
        "off_three": TEAM_1,
        "two": TEAM_1,
    },
}


@pytest.fixture
def thirteen(user: AbstractUser) -> Game:
    return game_factory(variant="thirteen", created_by=user)


def test_a_point_credited_to_a_team_is_recorded_and_read_back_the_same_way(
    api: APIClient, thirteen: Game
) -> None:
    body = play(api, thirteen.pk, REST_TO_TEAM_1)

    [hand] = body["hands"]
    assert hand["awards"] == REST_TO_TEAM_1["awards"]
    assert hand["won"] == [1, 11]
    assert hand["made"] is True
    assert body["scores"] == [1, 11]
    assert read(thirteen.pk) == body
    listed = api.get("/api/v1/games/").json()["results"][0]
    assert listed["scores"] == [1, 11]


def test_a_team_credit_is_stored_for_the_team_and_no_player(
    api: APIClient, thirteen: Game
) -> None:
    play(api, thirteen.pk, REST_TO_TEAM_1)

    credits = Award.objects.filter(seat__isnull=True).order_by("point")
    assert [(a.point, a.side, a.player_id) for a in credits] == [
        ("high_joker", 1, None),
        ("low_joker", 1, None),
        ("off_three", 1, None),
        ("three", 1, None),
        ("two", 1, None),
    ]
    # Per-player counts see only what each player was credited with.
    bob = Player.objects.get(name="Bob")
    di = Player.objects.get(name="Di")
    assert list(Award.objects.filter(player=bob).values_list("point", flat=True)) == [
        "jack"
    ]
    assert list(Award.objects.filter(player=di).values_list("point", flat=True)) == [
        "jick"
    ]


def test_a_correction_may_credit_a_team_and_the_revision_log_shows_it(
    api: APIClient, thirteen: Game
) -> None:
    seats = {**REST_TO_TEAM_1, "awards": {**REST_TO_TEAM_1["awards"], "two": 3}}
    play(api, thirteen.pk, seats)

    response = api.put(hand_url(thirteen.pk, 1), REST_TO_TEAM_1, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["hands"][0]["awards"]["two"] == TEAM_1
    [revision] = api.get(f"{game_url(thirteen.pk)}revisions/").json()
    assert revision["before"]["awards"]["two"] == 3
    assert revision["after"]["awards"]["two"] == TEAM_1
    assert revision["before"]["awards"]["three"] == TEAM_1


def test_an_auction_partnership_game_takes_team_credits_too(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(players=6, partnership=True, created_by=user)
    hand = {"pitcher": 2, "bid": 2, "awards": {"high": {"side": 2}, "low": 5}}

    body = play(api, game.pk, hand)

    assert body["hands"][0]["awards"] == {
        "high": {"side": 2},
        "low": 5,
        "jack": None,
        "game": None,
    }
    assert body["scores"] == [0, 0, 2]


@pytest.mark.parametrize(
    ("shape", "award", "sentence"),
    [
        pytest.param(
            "thirteen",
            {"side": 5},
            "The jick is credited to team 5, which does not exist: this game has "
            "teams 0 to 1.",
            id="no-such-team",
        ),
        pytest.param(
            "solo",
            {"side": 1},
            "The jick is credited to a team, but this game has no teams",
            id="solo",
        ),
        pytest.param(
            "thirteen",
            {"side": "x"},
            'The jick is credited to team "x": a team is a number from 0 to 1.',
            id="not-a-number",
        ),
        pytest.param(
            "thirteen",
            {"side": 1, "seat": 3},
            'A team is written {"side": 1}, with no other key.',
            id="extra-key",
        ),
        pytest.param(
            "thirteen",
            {"team": 1},
            'A team is written {"side": 1}, with no other key.',
            id="wrong-key",
        ),
        pytest.param(
            "thirteen",
            "3",
            'A point goes to a seat number, to a team as {"side": 1}, or to null '
            "for nobody.",
            id="text",
        ),
    ],
)
def test_a_wrong_team_credit_is_a_400_naming_the_point(
    api: APIClient, user: AbstractUser, shape: str, award: Any, sentence: str
) -> None:
    if shape == "solo":
        game = game_factory(created_by=user)
        body = {"pitcher": 1, "bid": 2, "awards": {"high": 0, "low": 0, "jack": award}}
        point = "jack"
        sentence = sentence.replace("The jick", "Jack")
    else:
        game = game_factory(variant="thirteen", created_by=user)
        body = {**REST_TO_TEAM_1, "awards": {**REST_TO_TEAM_1["awards"]}}
        body["awards"]["jick"] = award
        point = "jick"

    response = post_hand(api, game.pk, body)

    assert response.status_code == 400, response.json()
    [message] = error_at(response.json(), f"awards.{point}")
    assert sentence in message
    assert not Hand.objects.exists()
    assert not Award.objects.exists()

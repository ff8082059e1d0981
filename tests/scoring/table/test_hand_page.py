"""The hand page tells the hand as it was played: a steal in the auction's words
(RULES.md), who took each point, a point credited to a team as the team."""

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


def hand_page(client: Client, game: Game, number: int = 1) -> str:
    return client.get(reverse("scoring:hand", args=[game.pk, number])).content.decode()


def test_a_dealers_steal_is_shown_as_a_steal_on_the_hand_page(
    client: Client, keeper: AbstractUser
) -> None:
    game = game_factory(created_by=keeper)
    # Ann deals; Bob bids 2, Ann (the dealer) steals it at 2.
    record(game, [2, "pass", "pass", 2], {"high": 0, "low": 0, "jack": 1})

    text = hand_page(client, game)

    assert "Ann stole the bid at" in text
    assert "Ann bid" not in text


def test_a_plain_bid_is_still_a_bid_on_the_hand_page(
    client: Client, keeper: AbstractUser
) -> None:
    game = game_factory(created_by=keeper)
    record(game, [2, "pass", "pass", 3], {"high": 0, "low": 0, "jack": 1})

    text = hand_page(client, game)

    assert "Ann bid" in text
    assert "stole" not in text


def test_the_hand_page_says_who_took_each_point_and_a_team_credit_as_the_team(
    client: Client, keeper: AbstractUser
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    team = engine.SideCredit(1)
    awards = {"ace": 0, "jack": 1, "jick": team, "three": team, "two": None}
    hand = engine.HandInput(pitcher=1, bid=5, awards=awards)
    hand_services.hand_record(game_id=game.pk, hand=hand)

    text = hand_page(client, game)

    assert '<th scope="row">Ace</th><td>Ann</td>' in text
    assert '<th scope="row">Jack</th><td>Bob</td>' in text
    team_row = '<th scope="row">Jick</th><td>Bob &amp; Di <span class="muted">(team)'
    assert team_row in text
    assert '<th scope="row">Two</th><td class="muted">nobody</td>' in text


def test_the_history_says_a_point_moved_to_a_team_by_the_teams_names(
    client: Client, keeper: AbstractUser
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    awards = {"ace": 0, "jack": 1, "ten": 3}
    hand_services.hand_record(
        game_id=game.pk, hand=engine.HandInput(pitcher=1, bid=5, awards=awards)
    )
    team = {**awards, "ten": engine.SideCredit(1)}
    hand_services.hand_correct(
        game_id=game.pk, number=1, hand=engine.HandInput(pitcher=1, bid=5, awards=team)
    )

    text = hand_page(client, game)

    assert "Ten Di → Bob &amp; Di" in text

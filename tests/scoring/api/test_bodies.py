"""Bodies too deep or too big: refused in words, never a 500 (issue 9)."""

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from pitchclub.models import Membership, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.services.players import guest_add
from scoring.games import services
from scoring.models import Game
from tests.factories import UserFactory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import GAMES, SEAT_1_MAKES_2, _as_record, hands_url
from tournaments.brackets import create as tournament_services
from tournaments.seasons import services as seasons


def test_a_body_nested_too_deeply_is_a_400(api: APIClient, game: Game) -> None:
    answer = api.post(
        hands_url(game.pk),
        "[" * 5000 + "]" * 5000,
        content_type="application/json",
    )

    assert answer.status_code == 400
    assert "nested too deeply" in answer.json()["detail"]


BAD_BODIES = {
    "unparsable-deep": "[" * 60_000,
    "parsed-deep": '{"auction": ' + "[" * 40 + "]" * 40 + "}",
    "over-64-KB": '{"name": "' + "x" * 70_000 + '"}',
    "over-django-limit": '{"name": "' + "x" * 3_000_000 + '"}',
}


@pytest.fixture
def everything(user: AbstractUser) -> dict[str, Any]:
    """A path parameter for every operation: all of it `user`'s to change."""
    club = club_create(name="Elks", by=user)
    member = UserFactory()
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        club=club,
        created_by=user,
    )
    record(game, **_as_record(SEAT_1_MAKES_2))
    tournament = tournament_services.tournament_create(
        club=club,
        name="Cup",
        format="swiss",
        variant="auction",
        entrants=[tournament_services.EntrantInput(players=[n]) for n in "ABCD"],
        created_by=user,
    )
    season = seasons.season_create(
        club=club,
        name="Winter",
        starts=datetime.date(2026, 12, 1),
        ends=datetime.date(2027, 3, 30),
        variant="auction",
        scoring="wins",
        created_by=user,
    )
    return {
        "season_id": season.pk,
        "player_id": guest_add(club=club, name="Dot").pk,
        "tournament_id": tournament.pk,
        "match_id": tournament.matches.order_by("id").first().pk,
        "slug": club.slug,
        "game_id": game.pk,
        "number": 1,
        "user_id": member.pk,
        "code": invite_create(club=club, by=user).code,
    }


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
@pytest.mark.parametrize("body", list(BAD_BODIES.values()), ids=list(BAD_BODIES))
def test_no_operation_answers_500_to_a_body_too_deep_or_too_big(
    api: APIClient, everything: dict[str, Any], body: str, accept: str
) -> None:
    # Every operation the schema lists that reads a body, the browsable API (HTML)
    # as well as JSON.
    paths = api.get("/api/v1/schema/?format=json").json()["paths"]
    answers = {}
    for path, operations in paths.items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                answer = api.generic(
                    method.upper(),
                    path.format(**everything),
                    body,
                    content_type="application/json",
                    HTTP_ACCEPT=accept,
                )
                answers[f"{method} {path}"] = answer.status_code

    # Every app's writes are among them (the list grows with the API).
    assert {
        "post /api/v1/games/{game_id}/hands/",
        "put /api/v1/games/{game_id}/hands/{number}/",
        "post /api/v1/clubs/",
        "patch /api/v1/clubs/{slug}/players/{player_id}/",
        "post /api/v1/clubs/{slug}/players/{player_id}/merge/",
        "post /api/v1/tournaments/",
    } <= set(answers), sorted(answers)
    # The token operation answers in JSON only.
    assert answers.pop("post /api/v1/auth/token/") in (
        {400} if "json" in accept else {406}
    )
    assert set(answers.values()) == {400}, answers


@pytest.mark.parametrize(
    "body", list(BAD_BODIES.values())[:3], ids=list(BAD_BODIES)[:3]
)
def test_a_body_too_deep_or_too_big_is_refused_in_words(
    api: APIClient, game: Game, body: str
) -> None:
    answer = api.post(hands_url(game.pk), body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["detail"].startswith(
        ("JSON parse error - the body is nested too deeply", "The body is larger")
    )


def test_a_huge_list_of_players_is_refused_before_any_is_looked_up(
    api: APIClient,
) -> None:
    players = [{"player": 10**9 + n} for n in range(2000)]

    with CaptureQueriesContext(connection) as queries:
        answer = api.post(
            GAMES, {"variant": "auction", "players": players}, format="json"
        )

    assert answer.status_code == 400
    assert error_at(answer.json(), "players") == [
        "No game seats more than 7 players; this list has 2000."
    ]
    assert len(queries) <= 3


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The body is not JSON: it goes wrong at line 1, column 1."),
        ("de", "Zeile 1, Spalte 1"),
        ("pl", "wierszu 1, kolumna 1"),
        ("fr", "ligne 1, colonne 1"),
    ],
)
def test_a_body_that_is_not_json_is_refused_in_the_callers_language(
    api: APIClient, game: Game, language: str, words: str
) -> None:
    """The second walk: DRF's "JSON parse error - Expecting value: line 1 column 1
    (char 0)" in every language."""
    answer = api.post(
        hands_url(game.pk),
        "number=1",
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 400
    assert words in answer.json()["detail"]

"""A club's game saved from the table page while the shared cache does not know it
(its first hand, or after Redis lost its keys: a restart, an eviction, a day on):
still at most 10 statements (issue 25 item 3). Whether the game is a match's was
read with the game (scoring.games.flags), so the wall's bump (live_versions
.game_changed) asks the database nothing for a game of no tournament; a match's
game still makes its tournament's wall new."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks

from pitchclub.models import Club
from scoring.games import services as game_services
from tests.scoring.table.test_lean_table import SAVE
from tests.tournaments.conftest import People
from tests.tournaments.test_wall_cache import (  # noqa: F401 (the autouse fixture)
    first_match,
    shared_cache,
    tournament_of,
)
from tournaments import live_versions
from tournaments.matches import services as match_services

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def saved(
    client: Client, game_id: int, number: int, taps: dict[str, str] = SAVE
) -> list[str]:
    """The statements of a save from the table page, savepoints not counted."""
    url = reverse("scoring:hand_record", args=[game_id])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            url, {**taps, "action": "save", "number": str(number)}, **HTMX
        )
    assert response.status_code == 201, re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())
    )[:1500]
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]


def test_a_club_games_first_saves_ask_for_no_tournament(
    club: Club,
    people: People,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    organiser = people.organiser
    game = game_services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"target": 50},
        club=club,
        created_by=organiser,
    )
    client = Client()
    client.force_login(organiser)
    client.get(reverse("scoring:game", args=[game.pk]))
    for number in (1, 2):
        # The cache never heard of the game: its first hand, or Redis lost it.
        cache.delete(live_versions.game_key(game.pk))
        with django_capture_on_commit_callbacks(execute=True):
            statements = saved(client, game.pk, number)
        assert len(statements) <= 10, "\n".join(statements)
        assert not [sql for sql in statements if sql.startswith('SELECT "tournaments_')]


def test_a_matchs_game_saved_with_a_cold_cache_still_renews_the_wall(
    club: Club,
    people: People,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    organiser = people.organiser
    tournament = tournament_of(club, organiser)
    match = first_match(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=tournament.pk, match_id=match.pk
        )
    cache.delete(live_versions.game_key(game.pk))
    before: Any = cache.get(live_versions.generation_key(tournament.pk))
    client = Client()
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        # Two players to 3: 2 points each, nobody wins yet.
        taps = {"pitcher": "1", "bid": "2", "award-high": "1", "award-low": "0"}
        saved(client, game.pk, 1, {**taps, "award-jack": "1", "award-game": "0"})

    after = cache.get(live_versions.generation_key(tournament.pk))
    assert isinstance(after, str)
    assert after != before
    assert cache.get(live_versions.game_key(game.pk)) == str(tournament.pk)

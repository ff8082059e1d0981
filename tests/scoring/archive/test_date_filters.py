"""The archive's day filters (`from`, `to`) are ranges of the start time, in the
site's time zone: no function on the column (a filter over every date took four
times as long as none; issue 25 item 7), the first and last moments of a day
included, the calendar's ends accepted."""

import datetime
import zoneinfo

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from scoring.games import services
from scoring.models import Game

pytestmark = pytest.mark.django_db


def started(at: datetime.datetime) -> Game:
    game = services.game_start(variant="auction", players=["Ann", "Bob", "Cy"])
    Game.objects.filter(pk=game.pk).update(created_at=at, updated_at=at)
    return game


def listed(client: Client, **query: str) -> set[int]:
    response = client.get(reverse("scoring:archive"), query)
    assert response.status_code == 200
    return {game.pk for game in response.context["page"].object_list}


def test_a_day_is_its_first_to_its_last_moment(client: Client) -> None:
    utc = datetime.UTC
    before = started(datetime.datetime(2026, 3, 13, 23, 59, 59, 999999, tzinfo=utc))
    first = started(datetime.datetime(2026, 3, 14, 0, 0, tzinfo=utc))
    last = started(datetime.datetime(2026, 3, 14, 23, 59, 59, 999999, tzinfo=utc))
    after = started(datetime.datetime(2026, 3, 15, 0, 0, tzinfo=utc))
    day = {"from": "2026-03-14", "to": "2026-03-14"}
    assert listed(client, **day) == {first.pk, last.pk}
    assert listed(client, **{"from": "2026-03-14"}) == {first.pk, last.pk, after.pk}
    assert listed(client, to="2026-03-14") == {before.pk, first.pk, last.pk}


def test_a_day_is_the_site_time_zones(client: Client, settings: Settings) -> None:
    settings.TIME_ZONE = "Europe/Warsaw"
    warsaw = zoneinfo.ZoneInfo("Europe/Warsaw")
    # 23:30 UTC on 13 March is 00:30 on the 14th in Warsaw.
    late = started(datetime.datetime(2026, 3, 13, 23, 30, tzinfo=datetime.UTC))
    with timezone.override(warsaw):
        assert listed(client, **{"from": "2026-03-14", "to": "2026-03-14"}) == {late.pk}


def test_every_date_lists_every_game_without_a_function_on_the_column(
    client: Client,
) -> None:
    games = {started(timezone.now()).pk for _ in range(3)}
    every = {"from": "0001-01-01", "to": "9999-12-31"}
    with CaptureQueriesContext(connection) as queries:
        assert listed(client, **every) == games
    captured = queries.captured_queries
    on_games = [q["sql"] for q in captured if "scoring_game" in q["sql"]]
    assert on_games
    for sql in on_games:
        assert "cast_date" not in sql.lower(), sql  # SQLite's date of a column
        assert "::date" not in sql.lower(), sql  # PostgreSQL's
        assert "AT TIME ZONE" not in sql.upper(), sql


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati", "America/Adak"])
def test_the_calendars_ends_are_accepted_in_any_time_zone(
    client: Client, settings: Settings, zone: str
) -> None:
    settings.TIME_ZONE = zone
    game = started(timezone.now())
    assert game.pk in listed(client, **{"from": "0001-01-01", "to": "9999-12-31"})

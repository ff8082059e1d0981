"""Two organisers (or one double submit) starting a season's playoffs at the same
moment: playoffs_start locks the season's row first, so the second waits, sees
the first's playoffs and is refused; the season gets one tournament. Real row
locks need PostgreSQL."""

import threading

import pytest
from django.db import connection, connections

from pitchclub.services import clubs as club_services
from tests.factories import UserFactory
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Season, Tournament
from tournaments.seasons import services
from tournaments.seasons.refusals import SeasonRefusal

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL"
    ),
]


def test_two_starts_at_once_make_one_playoff_tournament() -> None:
    organiser = UserFactory()
    club = club_services.club_create(name="Race Club", by=organiser)
    season = make_season(club, DEC[3])
    played(club, DEC[3], "Ann", "Bob")
    played(club, DEC[3], "Cy", "Di")
    starts = 4
    barrier = threading.Barrier(starts)
    refused: list[SeasonRefusal] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            barrier.wait()
            services.playoffs_start(
                season=Season.objects.get(pk=season.pk),
                size=2,
                format="single_elimination",
                by=organiser,
            )
        except SeasonRefusal as refusal:
            refused.append(refusal)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start) for _ in range(starts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert Tournament.objects.count() == 1
    assert [refusal.code for refusal in refused] == ["playoffs_started"] * 3
    season.refresh_from_db()
    assert season.playoffs == Tournament.objects.get()

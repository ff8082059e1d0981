"""The backlog's drain stays linear in the games it rates again (docs/ratings.md,
"Large re-ratings in the background"): a batch's statements do not grow with the
site's other games or with the players' earlier games, and a change committed while
the drain runs joins the next walk instead of failing the batch (which was then
tried row by row, a whole walk per row: 541 s on 20,000 games, measured)."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pitchclub.models import Club
from pitchclub.services.clubs import club_create
from scoring.models import RatingBacklog, RatingChange
from scoring.stats import catch_up, rating_rows
from tests.factories import UserFactory
from tests.scoring.stats.test_rating_backlog import SMALL, chain, give_to_seat_1
from tests.scoring.stats.test_ratings import recomputed, snapshot, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory()


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    return club_create(name="Tuesday Pitch", by=keeper)


def drained_statements(keeper: AbstractUser, name: str, *, more: int) -> int:
    """Statements of the drain after a correction of a chain's first game, on a site
    with `more` games of another club and `more` earlier games of the chain's first
    two players."""
    club = club_create(name=name, by=keeper)
    other = club_create(name=f"{name} across town", by=keeper)
    for _ in range(more):
        win(other, ["E", "F"], seat=0)
        win(club, ["P0", "P1"], seat=1)
    games = chain(club)
    give_to_seat_1(games[0])
    assert RatingBacklog.objects.exists()

    with CaptureQueriesContext(connection) as queries:
        report = catch_up.drain()

    assert report.failed == []
    assert report.done >= 1
    assert not RatingBacklog.objects.exists()
    return len(queries)


@SMALL
def test_a_drains_statements_do_not_grow_with_the_site(keeper: AbstractUser) -> None:
    small = drained_statements(keeper, "Small", more=0)
    large = drained_statements(keeper, "Large", more=8)

    assert large == small
    assert snapshot() == recomputed()


@SMALL
def test_a_change_committed_during_the_drain_joins_the_next_walk(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club, length=6)
    give_to_seat_1(games[0])
    walks: list[set[int]] = []
    real_walk, real_in_line = catch_up.rerate_deferred, catch_up._in_line

    def walk(start: Any, seed: set[int]) -> int:
        walks.append(set(seed))
        return real_walk(start, seed)

    def in_line(*args: Any) -> list[int]:
        failed = real_in_line(*args)
        if len(walks) == 0 and not late:
            # A scorekeeper's correction commits between the drain's two
            # transactions: its rows name a game not yet brought in line.
            late.append(RatingBacklog.objects.count())
            give_to_seat_1(games[3])
            assert RatingBacklog.objects.filter(game=games[3].pk).exists()
        return failed

    late: list[int] = []
    monkeypatch.setattr(catch_up, "rerate_deferred", walk)
    monkeypatch.setattr(catch_up, "_in_line", in_line)

    report = catch_up.drain()

    assert late, "no change came in during the drain"
    assert report.failed == []
    # One walk for the rows brought in line, one for the late ones: not a walk per
    # row, and no row failed on the way.
    assert len(walks) == 2
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()


@SMALL
def test_the_walk_writes_only_the_rows_whose_rating_moved(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    written: list[int] = []
    real = rating_rows.update_rows

    def spy(model: Any, names: Any, rows: Any) -> None:
        if model is RatingChange:
            written.extend(row[0] for row in rows)
        real(model, names, rows)

    monkeypatch.setattr(rating_rows, "update_rows", spy)
    catch_up.drain()
    assert written
    assert snapshot() == recomputed()

    # The same walk again: every rating is already right, nothing is written.
    written.clear()
    RatingBacklog.objects.create(
        start_at=games[0].finished_at,
        start_game=games[0].pk,
        players=sorted(RatingChange.objects.values_list("player_id", flat=True)),
    )
    report = catch_up.drain()
    assert report.done == 1
    assert written == []


@SMALL
def test_a_batch_that_failed_once_is_walked_again_in_halves_not_row_by_row(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club, length=6)
    for game in games[:4]:
        give_to_seat_1(game)
    rows = RatingBacklog.objects.count()
    assert rows >= 4
    walks: list[set[int]] = []
    real = catch_up.rerate_deferred

    def flaky(start: Any, seed: set[int]) -> int:
        walks.append(set(seed))
        if len(walks) == 1:
            raise RuntimeError("deadlock detected")
        return real(start, seed)

    monkeypatch.setattr(catch_up, "rerate_deferred", flaky)

    report = catch_up.drain()

    assert report.failed == []
    assert report.done == rows
    # The failed walk, then one per half: not one per row.
    assert len(walks) == 3
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()

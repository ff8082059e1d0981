"""Large re-ratings in the background (issue 25 item 7; docs/ratings.md): a change that
would rate again more than RATING_INLINE_GAMES games writes a backlog row instead and
answers; the drain (scoring.stats.catch_up) then gives exactly what rating every game
from scratch gives. The bound is made small here with override_settings."""

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from pitchclub.models import Club
from pitchclub.services.clubs import club_create
from pitchclub.services.players import players_merge
from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game, RatingBacklog, RatingChange
from scoring.stats import catch_up, reach
from tests.factories import UserFactory
from tests.scoring.stats.test_ratings import (
    player,
    recomputed,
    snapshot,
    sweep,
    win,
)

pytestmark = pytest.mark.django_db

SMALL = override_settings(RATING_INLINE_GAMES=2, RATING_DRAIN="off")


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory()


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    return club_create(name="Tuesday Pitch", by=keeper)


def chain(club: Club, length: int = 5) -> list[Game]:
    """A beats B, then B beats C, C beats D …: each game's correction reaches
    every later one."""
    names = [f"P{index}" for index in range(length + 1)]
    return [win(club, [names[i], names[i + 1]], seat=0) for i in range(length)]


def give_to_seat_1(game: Game) -> None:
    """Hands 1 and 2 corrected: seat 1 takes everything, and the game."""
    for number in (1, 2):
        hand_services.hand_correct(
            game_id=game.pk,
            number=number,
            hand=engine.HandInput(pitcher=1, bid=4, awards=sweep(1)),
        )


def test_a_correction_within_the_bound_is_rated_at_once(club: Club) -> None:
    games = chain(club)
    with override_settings(RATING_INLINE_GAMES=50):
        give_to_seat_1(games[0])
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()


@SMALL
def test_a_correction_over_the_bound_is_left_to_the_backlog(club: Club) -> None:
    games = chain(club)
    before = snapshot()

    give_to_seat_1(games[0])

    # Hand 1's correction reopened the game (one row); hand 2's finished it again
    # and found the backlog waiting: its events joined it.
    rows = list(RatingBacklog.objects.order_by("id"))
    assert {row.game for row in rows} == {games[0].pk}
    assert len(rows) > 1
    assert (rows[0].start_at, rows[0].start_game) == (
        games[0].finished_at,
        games[0].pk,
    )
    assert all(row.attempts == 0 for row in rows)
    # Nothing of the ratings was touched by the requests: pages show the old ones.
    assert snapshot() == before

    report = catch_up.drain()

    assert report.failed == []
    assert not RatingBacklog.objects.exists()
    drained = snapshot()
    assert drained != before
    assert drained == recomputed()


@SMALL
def test_an_undo_that_reopens_an_old_game_is_drained_to_the_recompute(
    club: Club,
) -> None:
    games = chain(club)
    hand_services.hand_undo(game_id=games[0].pk, number=2)
    assert RatingBacklog.objects.exists()
    assert RatingChange.objects.filter(game=games[0]).exists()  # still, until drained

    catch_up.drain()

    assert not RatingChange.objects.filter(game=games[0]).exists()
    assert snapshot() == recomputed()


@SMALL
def test_while_the_backlog_waits_every_change_joins_it(club: Club) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    waiting = RatingBacklog.objects.count()

    # A new game that would be one incremental update waits too (the drain may
    # hold its players' ratings), and so does a correction of a game the backlog
    # names, even one that puts the places back.
    win(club, ["P5", "Q"], seat=0)
    hand_services.hand_correct(
        game_id=games[0].pk,
        number=2,
        hand=engine.HandInput(pitcher=0, bid=4, awards=sweep(0)),
    )

    assert RatingBacklog.objects.count() == waiting + 2
    catch_up.drain()
    assert snapshot() == recomputed()


@SMALL
def test_overlapping_rows_are_merged_into_one_walk(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    give_to_seat_1(games[1])
    rows = RatingBacklog.objects.count()
    assert rows >= 2
    walks: list[tuple[Any, set[int]]] = []
    real = catch_up.rerate_deferred

    def spy(start: Any, seed: set[int]) -> int:
        walks.append((start, set(seed)))
        return real(start, seed)

    monkeypatch.setattr(catch_up, "rerate_deferred", spy)

    report = catch_up.drain()

    assert report.done == rows
    assert len(walks) == 1
    start, seed = walks[0]
    # From the earliest key, for the players of both rows.
    assert start == (games[0].finished_at, games[0].pk)
    assert {player(club, name).pk for name in ("P0", "P1", "P2")} <= seed
    assert snapshot() == recomputed()


@SMALL
def test_a_failed_drain_keeps_the_row_and_is_tried_again_later(
    club: Club, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    real = catch_up.rerate_deferred

    def broken(*args: Any) -> int:
        real(*args)  # written, then rolled back with the savepoint
        raise RuntimeError("the walk broke")

    monkeypatch.setattr(catch_up, "rerate_deferred", broken)
    kept = snapshot()
    report = catch_up.drain()

    assert report.failed
    assert report.done == 0
    assert "the walk broke" in caplog.text
    # The walk was rolled back: no rating moved (the game's own rows were brought
    # in line with it before, in their own transaction).
    assert snapshot()["ratings"] == kept["ratings"]
    for row in RatingBacklog.objects.all():
        assert row.attempts >= 1
        assert row.last_error == "RuntimeError: the walk broke"
        assert row.next_attempt_at > timezone.now()
    # Not due yet: the next drain leaves it.
    monkeypatch.setattr(catch_up, "rerate_deferred", real)
    assert catch_up.drain().done == 0
    assert RatingBacklog.objects.exists()
    # Once due, it is drained.
    RatingBacklog.objects.update(next_attempt_at=timezone.now() - timedelta(seconds=1))
    assert catch_up.drain().done >= 1
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()


@SMALL
def test_a_bad_row_holds_back_no_other(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    bad = RatingBacklog.objects.create(
        start_at=games[2].finished_at, start_game=games[2].pk, players=[-1]
    )
    real = catch_up.rerate_deferred

    def picky(start: Any, seed: set[int]) -> int:
        if -1 in seed:
            raise ValueError("no such player")
        return real(start, seed)

    monkeypatch.setattr(catch_up, "rerate_deferred", picky)
    report = catch_up.drain()

    assert report.failed == [bad.pk]
    assert list(RatingBacklog.objects.values_list("pk", flat=True)) == [bad.pk]
    bad.delete()
    assert snapshot() == recomputed()


def test_retries_wait_longer_each_time_up_to_an_hour() -> None:
    from scoring.stats.backlog import retry_delay

    assert [retry_delay(n).total_seconds() for n in (1, 2, 3)] == [10, 20, 40]
    assert retry_delay(30) == timedelta(hours=1)


@SMALL
def test_the_command_drains_the_backlog_even_rows_waiting_to_retry(
    club: Club, capsys: pytest.CaptureFixture[str]
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])
    RatingBacklog.objects.update(
        attempts=2, next_attempt_at=timezone.now() + timedelta(hours=1)
    )

    call_command("ratings_catch_up")

    assert "0 left" in capsys.readouterr().out
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()


@SMALL
def test_the_command_fails_when_a_row_fails(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = chain(club)
    give_to_seat_1(games[0])

    def broken(*args: Any) -> int:
        raise RuntimeError("down")

    monkeypatch.setattr(catch_up, "rerate_deferred", broken)
    with pytest.raises(SystemExit) as exit_:
        call_command("ratings_catch_up")
    assert exit_.value.code == 1
    assert RatingBacklog.objects.exists()


@SMALL
def test_a_merge_over_the_bound_is_left_to_the_backlog(
    club: Club, keeper: AbstractUser
) -> None:
    win(club, ["Guest", "P0"], seat=0)
    win(club, ["Guest", "P3"], seat=0)
    chain(club)
    guest, staying = player(club, "Guest"), player(club, "P1")

    players_merge(club=club, player_id=guest.pk, into_id=staying.pk, by=keeper)

    assert RatingBacklog.objects.exists()
    catch_up.drain()
    assert snapshot() == recomputed()


def test_the_drain_runs_after_the_commit_when_inline(
    club: Club, django_capture_on_commit_callbacks: Any
) -> None:
    games = chain(club)
    with (
        override_settings(RATING_INLINE_GAMES=2, RATING_DRAIN="inline"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        give_to_seat_1(games[0])
    assert not RatingBacklog.objects.exists()
    assert snapshot() == recomputed()


def test_the_reach_is_counted_without_reading_it_all(club: Club) -> None:
    games = chain(club, length=6)
    first = (games[0].finished_at, games[0].pk)
    seed = {player(club, "P0").pk}
    assert reach.reach_exceeds(first, seed, 5)
    assert not reach.reach_exceeds(first, seed, 6)
    last = (games[-1].finished_at, games[-1].pk)
    assert not reach.reach_exceeds(last, seed, 0)


@SMALL
def test_health_shows_the_backlog(club: Club, client: Client) -> None:
    assert "ratings_backlog" not in client.get("/health/").json()  # empty
    give_to_seat_1(chain(club)[0])
    RatingBacklog.objects.update(attempts=1)

    answer = client.get("/health/")

    assert answer.status_code == 200
    shown = answer.json()["ratings_backlog"]
    assert shown["items"] >= 1
    assert shown["failing"] >= 1
    assert shown["oldest_seconds"] >= 0


def test_what_the_drains_child_logged_reaches_the_web_processs_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A row's error is logged by the child as it fails; the child may still exit
    0 (the other rows drained): its log is not lost with it."""
    import subprocess

    from scoring.stats import backlog

    said = "Ratings: backlog row 7 failed: a game could not be brought in line"
    monkeypatch.setattr(
        backlog.subprocess,
        "run",
        lambda *a, **k: subprocess.CompletedProcess(a, 0, "Drained 3 rows", said),
    )
    with caplog.at_level("WARNING", logger=backlog.logger.name):
        backlog._child()
    assert said in caplog.text

    caplog.clear()
    monkeypatch.setattr(
        backlog.subprocess,
        "run",
        lambda *a, **k: subprocess.CompletedProcess(a, 0, "Drained 3 rows", ""),
    )
    with caplog.at_level("WARNING", logger=backlog.logger.name):
        backlog._child()
    assert caplog.text == ""

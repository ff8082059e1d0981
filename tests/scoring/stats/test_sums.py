"""The monthly sums (PlayerMonth, PlayerPairMonth, kept by triggers: scoring.stats.
sums) stay what the per-game rows add up to, through random recordings,
corrections, undos, abandons, resumes, merges, games moved in time and out of
their club; and the figures read from them (scoring.stats.by_months) are those
counted game by game (scoring.stats.by_games) for random filters and viewers."""

import datetime
import zoneinfo
from collections import Counter
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchclub import permissions
from pitchclub.models import Club, Player
from scoring import engine
from scoring.games.filters import _start_of
from scoring.models import (
    Game,
    PlayerDay,
    PlayerGame,
    PlayerMonth,
    PlayerPairDay,
    PlayerPairMonth,
    PlayerPairTotal,
    PlayerTotal,
)
from scoring.stats import figures, sums
from scoring.stats.by_months import Scope
from scoring.stats.player_games import rebuild
from tests.factories import UserFactory
from tests.scoring.stats.test_player_games import operations, play

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
# Starts around month edges (and a day edge away from UTC's).
MOMENTS = [
    datetime.datetime(2025, 1, 31, 23, 30, tzinfo=UTC),
    datetime.datetime(2025, 2, 1, 0, 0, tzinfo=UTC),
    datetime.datetime(2025, 2, 1, 4, 0, tzinfo=UTC),
    datetime.datetime(2025, 2, 14, 12, 0, tzinfo=UTC),
    datetime.datetime(2025, 2, 28, 23, 59, 59, tzinfo=UTC),
    datetime.datetime(2025, 3, 1, 0, 30, tzinfo=UTC),
    datetime.datetime(2025, 4, 30, 22, 0, tzinfo=UTC),
]
DAYS = [None] + [
    datetime.date(2025, month, day)
    for month, day in ((1, 31), (2, 1), (2, 14), (2, 28), (3, 1), (4, 30), (5, 1))
]
ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Pacific/Auckland"]


def month_of(moment: datetime.datetime) -> datetime.date:
    return moment.astimezone(UTC).date().replace(day=1)


def day_of(moment: datetime.datetime) -> datetime.date:
    """The day in the site's time zone (settings.TIME_ZONE), as a season's."""
    return moment.astimezone(zoneinfo.ZoneInfo(django_settings.TIME_ZONE)).date()


def expected_sums(level: str = "month") -> tuple[Counter, Counter]:
    """The months' (or the days', or the totals': level "span") and the pairs'
    sums counted here from the rows."""
    stretch_of = {
        "month": month_of,
        "day": day_of,
        "span": lambda moment: sums.ALL_TIME,
    }[level]
    months: Counter = Counter()
    pairs: Counter = Counter()
    rows = list(PlayerGame.objects.exclude(status="abandoned"))
    everyone = list(PlayerGame.objects.all())
    for row in rows:
        key = (row.player_id, stretch_of(row.created_at), row.club_id or 0, row.variant)
        values = month_values(row)
        for name, value in values.items():
            months[(*key, name)] += value
        for other in everyone:
            if other.game_id != row.game_id or other.player_id == row.player_id:
                continue
            same = other.side == row.side
            won = row.winner == row.side
            pair = (row.player_id, other.player_id, *key[1:])
            pairs[(*pair, "together")] += same
            pairs[(*pair, "won_together")] += same and won
            pairs[(*pair, "against")] += not same
            pairs[(*pair, "won_against")] += (not same) and won
            pairs[(*pair, "lost_against")] += (not same) and row.winner == other.side
    return +months, +pairs


def month_values(row: PlayerGame) -> dict[str, int]:
    values = {
        "games": 1,
        "finished": int(row.status == "finished"),
        "won": int(row.winner == row.side),
    }
    values.update({name: getattr(row, name) for name in sums.COPIED})
    return values


# The levels by their stretch's column.
LEVELS = ("month", "day", "span")


def stored_sums(level: str = "month") -> tuple[Counter, Counter]:
    sums_model, pairs_model = {
        "month": (PlayerMonth, PlayerPairMonth),
        "day": (PlayerDay, PlayerPairDay),
        "span": (PlayerTotal, PlayerPairTotal),
    }[level]
    months: Counter = Counter()
    for row in sums_model.objects.all():
        key = (row.player_id, getattr(row, level), row.club, row.variant)
        for name in sums.MONTH_COUNTERS:
            months[(*key, name)] += getattr(row, name)
    pairs: Counter = Counter()
    for row in pairs_model.objects.all():
        key = (row.player_id, row.other_id, getattr(row, level), row.club, row.variant)
        for name in sums.PAIR_COUNTERS:
            pairs[(*key, name)] += getattr(row, name)
    # Counter's unary + drops the zeros a subtraction leaves.
    return +months, +pairs


def by_games_scope(scope: Scope) -> Any:
    """The games the scope covers, as the statistics' filters build them."""
    games = Game.objects.counted().filter(permissions.games_visible_filter(scope.user))
    if scope.club is not None:
        games = games.filter(club=scope.club)
    if scope.variant:
        games = games.filter(variant=scope.variant)
    if scope.start is not None:
        games = games.filter(created_at__gte=scope.start)
    if scope.end is not None:
        games = games.filter(created_at__lt=scope.end)
    if scope.season is not None:
        games = games.filter(scope.season)
    return games


moves = st.lists(
    st.tuples(st.integers(0, 3), st.sampled_from(MOMENTS)), min_size=1, max_size=6
)
readings = st.lists(
    st.tuples(
        st.sampled_from([None, "auction", "thirteen"]),
        st.booleans(),
        st.sampled_from(DAYS),
        st.sampled_from(DAYS),
        st.sampled_from([None, (0,), (1, 2), (0, 3)]),
        st.sampled_from(ZONES),
        st.sampled_from(["anonymous", "member", "outsider"]),
    ),
    min_size=3,
    max_size=8,
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    operations,
    moves,
    st.booleans(),
    st.booleans(),
    readings,
)
def test_the_sums_are_the_rows_and_read_as_the_games(
    played: list[tuple[Any, ...]],
    moved: list[tuple[int, datetime.datetime]],
    private: bool,
    outside: bool,
    reads: list[tuple[Any, ...]],
) -> None:
    with transaction.atomic():
        play(played)
        games = list(Game.objects.order_by("id"))
        club = games[0].club
        for which, moment in moved:
            # A start moved (by a data fix): the rows' copy and the sums follow.
            Game.objects.filter(pk=games[which].pk).update(created_at=moment)
        if outside:
            # A game outside clubs (its rows' copy moved with it).
            Game.objects.filter(pk=games[2].pk).update(club=None)
            PlayerGame.objects.filter(game=games[2]).update(club=None)
        Club.objects.filter(pk=club.pk).update(is_private=private)
        for level in LEVELS:
            assert stored_sums(level) == expected_sums(level), level
        _compare(club, games, reads)
        rebuild()
        for level in LEVELS:
            assert stored_sums(level) == expected_sums(level), level
        transaction.set_rollback(True)


def _compare(club: Club, games: list[Game], reads: list[tuple[Any, ...]]) -> None:
    member = club.memberships.first().user
    viewers = {
        "anonymous": AnonymousUser(),
        "member": member,
        "outsider": UserFactory(),
    }
    players = list(Player.objects.all())
    for variant, in_club, start, end, season, zone, viewer in reads:
        with timezone.override(zone):
            scope = Scope(
                user=viewers[viewer],
                club=club if in_club else None,
                variant=variant,
                start=_start_of(start) if start else None,
                end=_start_of(end + datetime.timedelta(days=1)) if end else None,
                season=(Q(pk__in=[games[i].pk for i in season]) if season else None),
            )
            for player in players:
                summed = figures.player_stats(
                    player=player, scope=scope, top=100, recent=5
                )
                counted = figures.player_stats(
                    player=player, games=by_games_scope(scope), top=100, recent=5
                )
                assert summed == counted, (player, scope)


def test_a_merge_and_a_seat_moved_move_the_sums() -> None:
    hand = engine.HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 1})
    play([("record", 3, 0, hand), ("record", 0, 0, hand), ("merge", 3, 6, hand)])
    for level in LEVELS:
        assert stored_sums(level) == expected_sums(level), level
    assert stored_sums("span")[0]


def test_a_deleted_game_leaves_no_sums() -> None:
    hand = engine.HandInput(pitcher=0, bid=2, awards={"high": 0})
    play([("record", 0, 0, hand), ("record", 1, 0, hand)])
    Game.objects.filter(pk=Game.objects.order_by("id").first().pk).delete()
    for level in LEVELS:
        assert stored_sums(level) == expected_sums(level), level


def test_the_rebuild_builds_the_sums_and_keeps_the_triggers() -> None:
    hand = engine.HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 1})
    play([("record", 0, 0, hand), ("record", 2, 1, hand)])
    PlayerMonth.objects.all().delete()
    PlayerPairMonth.objects.all().delete()
    PlayerTotal.objects.all().delete()

    rebuild()
    for level in LEVELS:
        assert stored_sums(level) == expected_sums(level), level
    play([("record", 1, 0, hand)])

    for level in LEVELS:
        assert stored_sums(level) == expected_sums(level), level
    assert PlayerMonth.objects.filter(games__gt=0).count() > 4
    # One total per player, club and variant, whatever the games' months.
    assert PlayerTotal.objects.filter(games__gt=0).count() == len(
        {
            (row.player_id, row.club_id, row.variant)
            for row in PlayerGame.objects.exclude(status="abandoned")
        }
    )


def test_the_days_follow_a_changed_time_zone(settings) -> None:
    """Days are the site's (settings.TIME_ZONE): after the setting changes, the
    next `migrate` (its post_migrate: sums.follow_site_zone) sums them again in
    the new zone, and the triggers then keep them there."""
    late = datetime.datetime(2025, 2, 1, 3, 0, tzinfo=UTC)  # 31 Jan in New York
    hand = engine.HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 1})
    play([("record", 0, 0, hand), ("record", 1, 0, hand)])
    Game.objects.update(created_at=late)
    assert sums.days_zone(connection) == django_settings.TIME_ZONE
    assert stored_sums("day") == expected_sums("day")

    settings.TIME_ZONE = "America/New_York"
    assert sums.follow_site_zone(connection) is True
    assert sums.days_zone(connection) == "America/New_York"
    assert {row.day for row in PlayerDay.objects.filter(games__gt=0)} == {
        datetime.date(2025, 1, 31)
    }
    play([("record", 2, 1, hand)])
    assert stored_sums("day") == expected_sums("day")
    # Unchanged: nothing to do.
    assert sums.follow_site_zone(connection) is False

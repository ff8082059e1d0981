"""How fast a busy player's statistics answer: the player page and the stats API.

Run ``DATABASE_URL=postgres://…/pc_<name> python bench/stats_bench.py`` from the
project root (``make bench`` runs it when DATABASE_URL is set). It creates a test
database on that server, builds with bulk inserts one player with 1,000,000 hands
(``--hands``) in 50,000 games (4-player partnership and 2-4 player solo Auction
Pitch, and 13-Point, in a public club and outside clubs, a few abandoned, against
a pool of other players) and rates the finished games (the page draws the
player's last 50 ratings), then times through Django's test client the player
page and the stats API, unfiltered and filtered, and narrowed to a season
(`?season=`: the club's auction games of three nights a week over the last year,
about a tenth of the player's games): the median of ROUNDS answers and the
queries of one. Server time only: no network, no browser. The targets (issue 25
item 6): a median under 50 ms for the page, 20 ms for the API; exit status 1 when
one is missed.
``--keep`` keeps the database and its games for the next run (building them takes
minutes).

The statistics' rows and their monthly sums (docs/statistics.md) are built by
`manage.py player_games_rebuild`'s function (`rebuild`), as a real site builds them;
a database kept from before the sums gets them on its next run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.boot import production, profiled

production()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

# Issue 25 item 6: at a million hands, the page under 50 ms, the API under 20 ms.
TARGET_MS = {"player page": 50.0, "stats API": 20.0}
HANDS = 1_000_000
HANDS_PER_GAME = 20
OTHERS = 60
ROUNDS = 15
BATCH = 5_000

AUCTION = ("high", "low", "jack", "game")
THIRTEEN = {
    "ace": 1,
    "jack": 1,
    "jick": 1,
    "high_joker": 1,
    "low_joker": 1,
    "ten": 1,
    "three": 3,
    "off_three": 3,
    "two": 1,
}


def timed(call: Callable[[], object]) -> tuple[float, float, float, int]:
    """Median and slowest in ms over ROUNDS answers, the median CPU time of this
    process (Django's side, not the database server's) and the queries of one."""
    executed: list[str] = []

    def count(execute, sql, params, many, context):
        executed.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = call()
    if getattr(response, "status_code", 200) != 200:
        raise SystemExit(f"unexpected answer {response.status_code}: {response}")
    times, cpu = [], []
    for _ in range(ROUNDS):
        start, spent = time.perf_counter(), time.process_time()
        call()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - spent) * 1000)
    return statistics.median(times), max(times), statistics.median(cpu), len(executed)


def _copy(table: str, columns: tuple[str, ...], rows) -> int:
    """COPY the rows (tuples) into the table; how many."""
    written = 0
    sql = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    # psycopg's own cursor copies (Django's wraps it).
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)
            written += 1
    return written


def build(rng: random.Random, hands_wanted: int) -> int:
    """The games, seats, hands and awards (COPY: a million hands take minutes,
    not an hour), then the statistics' rows from them (the rebuild's statement);
    returns the busy player's id."""
    import json

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from pitchclub.models import Player
    from pitchclub.services import clubs as club_services
    from scoring.models import Award, Game, Hand, Seat, Status
    from scoring.stats.player_games import rebuild

    keeper = get_user_model().objects.create_user("bench", password="bench-pass")
    club = club_services.club_create(name="Bench Club", by=keeper)
    ann = Player.objects.create(name="Ann", club=club)
    others = Player.objects.bulk_create(
        Player(name=f"Other {n}", club=club) for n in range(OTHERS)
    )
    count = max(1, hands_wanted // HANDS_PER_GAME)
    games: list[Game] = []
    shapes: list[tuple[str, bool, int]] = []
    for number in range(count):
        kind = rng.random()
        if kind < 0.35:
            shape = ("auction", True, 4)
        elif kind < 0.75:
            shape = ("auction", False, rng.choice((2, 3, 4)))
        else:
            shape = ("thirteen", True, 4)
        variant, partnership, players = shape
        sides = players // 2 if partnership else players
        abandoned = number % 50 == 7
        winner = None if abandoned else rng.randrange(sides)
        games.append(
            Game(
                variant=variant,
                partnership=partnership,
                player_count=players,
                options={"target": 7 if variant == "auction" else 55},
                status=Status.ABANDONED if abandoned else Status.FINISHED,
                winner=winner,
                scores=[rng.randrange(-5, 12) for _ in range(sides)],
                hand_count=HANDS_PER_GAME,
                club=club if number % 5 else None,
                created_by=keeper,
            )
        )
        shapes.append(shape)
    games = Game.objects.bulk_create(games, batch_size=BATCH)
    seats: list[Seat] = []
    for game, (_, partnership, players) in zip(games, shapes, strict=True):
        # Ann sits at a random seat; the others from the pool.
        mine = rng.randrange(players)
        table = rng.sample(others, players - 1)
        for seat in range(players):
            player = ann if seat == mine else table.pop()
            side = seat % (players // 2) if partnership else seat
            seats.append(Seat(game=game, number=seat, side=side, player=player))
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    seated = {(s.game_id, s.number): s for s in seats}
    del seats
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {Hand._meta.db_table}")
        first_hand = cursor.fetchone()[0] + 1
    now = timezone.now()
    # Each hand's pitcher, bid and made, drawn once: the awards follow.
    drawn: list[tuple[int, int, int, bool]] = []

    def hand_rows():
        hand_id = first_hand
        for game, (variant, _, players) in zip(games, shapes, strict=True):
            sides = len(game.scores)
            zeros = json.dumps([0] * sides)
            for number in range(1, HANDS_PER_GAME + 1):
                pitcher = rng.randrange(players)
                bid = (
                    rng.randint(2, 4)
                    if variant == "auction"
                    else rng.choice((5, 6, 7, 8, 9, 13))
                )
                made = rng.random() < 0.7
                drawn.append((hand_id, game.pk, pitcher, made))
                yield (
                    hand_id,
                    game.pk,
                    number,
                    (number - 1) % players,
                    pitcher,
                    bid,
                    seated[(game.pk, pitcher)].side,
                    "",
                    False,
                    zeros,
                    made,
                    zeros,
                    zeros,
                    now,
                    now,
                )
                hand_id += 1

    columns = (
        "id",
        "game_id",
        "number",
        "dealer",
        "pitcher",
        "bid",
        "bidding_side",
        "trump",
        "single_trump",
        "won",
        "made",
        "deltas",
        "scores",
        "created_at",
        "updated_at",
    )
    hands = _copy(Hand._meta.db_table, columns, hand_rows())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)",
            [Hand._meta.db_table, first_hand + hands - 1],
        )
    by_id = {game.pk: game for game in games}

    def award_rows():
        for hand_id, game_id, _, _ in drawn:
            game = by_id[game_id]
            points = AUCTION if game.variant == "auction" else tuple(THIRTEEN)
            for point in points:
                if point in ("jack", "game") and rng.random() < 0.2:
                    continue
                seat = rng.randrange(game.player_count)
                taker = seated[(game_id, seat)]
                if game.partnership and rng.random() < 0.05:
                    # The rest credited to a team: no seat, no player.
                    yield (hand_id, game_id, point, None, taker.side, 1, None)
                    continue
                value = THIRTEEN.get(point, 1) if game.variant == "thirteen" else 1
                yield (
                    hand_id,
                    game_id,
                    point,
                    seat,
                    taker.side,
                    value,
                    taker.player_id,
                )

    _copy(
        Award._meta.db_table,
        ("hand_id", "game_id", "point", "seat", "side", "value", "player_id"),
        award_rows(),
    )
    # Games over about three years of club nights, each finished an hour on.
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Game._meta.db_table} SET created_at = created_at - "
            "(id %% %s) * interval '1 day'",
            [1000],
        )
        cursor.execute(
            f"UPDATE {Game._meta.db_table} SET finished_at = created_at + "
            "interval '1 hour' WHERE status = %s",
            [Status.FINISHED.value],
        )
    started = time.perf_counter()
    rows = rebuild()
    print(
        f"Statistics' rows: {rows} built from the hands in "
        f"{time.perf_counter() - started:.0f} s (manage.py player_games_rebuild)."
    )
    rate()
    return ann.pk


def season() -> int:
    """The club's season (auction, nights on Mondays, Wednesdays and Fridays of
    the last year), built once; its id."""
    import datetime

    from django.utils import timezone

    from pitchclub.models import Club
    from tournaments.models import Night, Season
    from tournaments.seasons import services as seasons

    kept = Season.objects.filter(name="Bench season").first()
    if kept is not None:
        return kept.pk
    today = timezone.localdate()
    starts = today - datetime.timedelta(days=364)
    made = seasons.season_create(
        club=Club.objects.get(),
        name="Bench season",
        starts=starts,
        ends=today,
        variant="auction",
        scoring="wins",
    )
    days = (starts + datetime.timedelta(days=n) for n in range(365))
    Night.objects.bulk_create(
        Night(season=made, date=day) for day in days if day.weekday() in (0, 2, 4)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return made.pk


def rate() -> None:
    """The ratings of the finished games (the page draws the last 50 of Ann's), as
    the rating listener would have left them; then what autovacuum does to a table
    after a bulk load: statistics, and the visibility map that lets the covering
    indexes answer alone (index-only scans; measured without it, a fresh load is
    read from the heap)."""
    from scoring.stats.recompute import recompute_all

    recompute_all()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def main() -> int:
    if connection.vendor != "postgresql":
        print("stats_bench: set DATABASE_URL to a PostgreSQL server (pc_<name>).")
        return 0
    # --keep: keep the test database (and its games) for the next run.
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the database")
    parser.add_argument(
        "--hands", type=int, default=HANDS, help="the busy player's hands to build"
    )
    parser.add_argument(
        "--profile",
        metavar="ANSWER",
        help="profile one answer, by its name in the table (cProfile), then stop",
    )
    args = parser.parse_args()
    keep = args.keep
    setup_test_environment()
    # Pages name static files: plain storage, so that no collectstatic is needed.
    storages = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        },
    }
    # A re-rating left for after the commit is drained here, in the test database
    # (a child process would read DATABASE_URL, not the test database).
    override_settings(STORAGES=storages, RATING_DRAIN="inline").enable()
    # whitenoise's "No directory at …/staticfiles/": nothing is collected here.
    warnings.filterwarnings("ignore", message="No directory at")
    old_name = connection.creation.create_test_db(
        # Not serialized: Django would read every row (a million hands) into a
        # string that only TransactionTestCase uses.
        verbosity=0,
        keepdb=keep,
        serialize=False,
    )
    try:
        return run(args.hands, args.profile)
    finally:
        if not keep:
            connection.creation.destroy_test_db(old_name, verbosity=0)


def run(size: int, profile: str | None = None) -> int:
    from pitchclub.models import Club, Player
    from scoring.models import Award, Hand, PlayerGame, PlayerMonth, Rating, Seat
    from scoring.stats.player_games import rebuild

    rng = random.Random(13)
    started = time.perf_counter()
    kept = Player.objects.filter(name="Ann").first()
    ann = kept.pk if kept is not None else build(rng, size)
    if not Rating.objects.filter(player_id=ann).exists():
        # A database kept from before the bench rated its games.
        rate()
    if not PlayerGame.objects.filter(player_id=ann).exists():
        # A database kept from before the statistics' rows.
        rebuild()
        rate()
    if not PlayerMonth.objects.filter(player_id=ann).exists():
        # A database kept from before the monthly sums: the rebuild builds them.
        rebuild()
    hands = Hand.objects.filter(game__seats__player_id=ann).count()
    print(
        f"Built in {time.perf_counter() - started:.0f} s: player {ann} in "
        f"{Seat.objects.filter(player_id=ann).count()} games, {hands} hands, "
        f"{Award.objects.count()} awards in all; "
        f"{Rating.objects.get(player_id=ann).games} of the player's games rated."
    )
    slug = Club.objects.get().slug
    chosen = season()
    from tournaments.models import Season
    from tournaments.seasons.selectors import season_games

    covered = (
        season_games(Season.objects.get(pk=chosen)).filter(seats__player_id=ann).count()
    )
    print(f"Season {chosen}: {covered} of the player's games.")
    client = Client()
    answers = {
        "player page": f"/players/{ann}/",
        "player page, auction": f"/players/{ann}/?variant=auction",
        "player page, club, 2024": f"/players/{ann}/?club={slug}&from=2024-01-01",
        "stats API": f"/api/v1/players/{ann}/stats/",
        "stats API, 13-point": f"/api/v1/players/{ann}/stats/?variant=thirteen",
        "player page, season": f"/players/{ann}/?season={chosen}",
        "stats API, season": f"/api/v1/players/{ann}/stats/?season={chosen}",
    }
    if profile:
        profiled(answers[profile])
        return 0
    slow = []
    print(f"load average {os.getloadavg()[0]:.2f} (1 min)")
    print(
        f"{'answer':<26} {'median ms':>9} {'max ms':>7} {'CPU ms':>7} "
        f"{'queries':>7} {'target':>7}"
    )
    for name, url in answers.items():
        median, most, cpu, queries = timed(lambda url=url: client.get(url))
        target = TARGET_MS[name.split(",")[0]]
        print(
            f"{name:<26} {median:>9.1f} {most:>7.1f} {cpu:>7.1f} {queries:>7} "
            f"{target:>7.0f}"
        )
        if median > target:
            slow.append(f"{name}: {median:.1f} ms (target {target:.0f} ms)")
    print(f"load average {os.getloadavg()[0]:.2f} (1 min)")
    targets = ", ".join(f"{kind} {ms:.0f} ms" for kind, ms in TARGET_MS.items())
    if slow:
        print(f"Over the target ({targets}, median):", "; ".join(slow))
        return 1
    print(f"Every answer is under its target ({targets}, median).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

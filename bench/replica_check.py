"""The replica router on a real streaming replica (issue 25 item 4).

Run ``python bench/replica_check.py`` from the project root, as root or as a user who
may run PostgreSQL's server binaries. It makes a throw-away primary (as the load test
does), a replica of it with ``pg_basebackup -R`` on another port, migrates the primary,
then, in this process with ``DATABASE_URL`` and ``DATABASE_REPLICA_URL`` pointing at
them:

1. a game is started and a hand recorded; the replica catches up;
2. the replica's replay is paused (``pg_wal_replay_pause()``);
3. the scorekeeper saves a hand from the table page: the answer pins the browser to
   the primary, and the archive (a heavy read) shows the new hand to the scorekeeper;
4. a spectator, not pinned, reads the archive from the replica: the old count;
5. the same scorekeeper without the pin's cookie reads the replica: the old count;
6. replay resumes: the spectator sees the new hand.

It prints each step and exits 1 if any expectation fails (2 if it could not start).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load.postgres import (
    Cluster,
    replica_database_url,
    replica_of,
    wait_caught_up,
)
from bench.load.processes import SetupError

ROOT = Path(__file__).resolve().parent.parent


def on_replica(replica: Cluster, statement: str) -> None:
    replica.psql(statement)


def hands_shown(html: str, game_id: int) -> int:
    """The hand count the archive's card of the game shows."""
    card = html.split(f'href="/games/{game_id}/"', 1)[1][:3000]
    found = re.search(r"(\d+) hands?\b", card)
    if not found:
        raise AssertionError(f"no hand count on the card of game {game_id}")
    return int(found.group(1))


def check(
    primary: Cluster, replica: Cluster, primary_url: str, replica_url: str
) -> int:
    os.environ.update(
        {
            "DEBUG": "1",
            "DATABASE_URL": primary_url,
            "DATABASE_REPLICA_URL": replica_url,
            "DJANGO_SETTINGS_MODULE": "pitchclub.settings",
            "REDIS_URL": "",
            "CACHE_DIR": "",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    from scoring import engine
    from scoring.games import hands as hand_services
    from scoring.games import services

    keeper = get_user_model().objects.create_user("keeper", password="x-keeper-9")
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"target": 50},
        created_by=keeper,
    )
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1}),
    )
    wait_caught_up(primary_url, replica_url)
    failures: list[str] = []

    def expect(what: str, got: int, wanted: int) -> None:
        ok = got == wanted
        print(f"  {'ok  ' if ok else 'FAIL'} {what}: {got} hand(s) (expected {wanted})")
        if not ok:
            failures.append(what)

    spectator = Client()
    expect(
        "the spectator before",
        hands_shown(spectator.get("/games/").content.decode(), game.pk),
        1,
    )

    on_replica(replica, "SELECT pg_wal_replay_pause()")
    print("replay paused on the replica")
    scorekeeper = Client()
    scorekeeper.force_login(keeper)
    saved = scorekeeper.post(
        f"/games/{game.pk}/hands/",
        {
            "pitcher": "2",
            "bid": "2",
            "award-high": "2",
            "award-low": "2",
            "award-jack": "2",
            "award-game": "2",
            "action": "save",
            "number": "2",
        },
        HTTP_HX_REQUEST="true",
    )
    print(
        f"  the scorekeeper saved hand 2: {saved.status_code}, pinned: "
        f"{'pitchclub_wrote' in saved.cookies}"
    )
    if saved.status_code != 201:
        failures.append("the save")
    archive = scorekeeper.get("/games/").content.decode()
    expect(
        "the scorekeeper, pinned, reads the primary", hands_shown(archive, game.pk), 2
    )
    stale = spectator.get("/games/").content.decode()
    expect("the spectator reads the paused replica", hands_shown(stale, game.pk), 1)

    # The pin is what keeps the scorekeeper on the primary: without it, the replica.
    scorekeeper.cookies.pop("pitchclub_wrote", None)
    unpinned = scorekeeper.get("/games/").content.decode()
    expect("the scorekeeper, the pin gone", hands_shown(unpinned, game.pk), 1)

    on_replica(replica, "SELECT pg_wal_replay_resume()")
    wait_caught_up(primary_url, replica_url)
    print("replay resumed; the replica caught up")
    caught = spectator.get("/games/").content.decode()
    expect("the spectator sees the hand", hands_shown(caught, game.pk), 2)
    print("all as expected" if not failures else f"FAILED: {', '.join(failures)}")
    return 1 if failures else 0


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="pitchclub-replica-"))
    if os.geteuid() == 0:
        shutil.chown(workdir, "postgres", "postgres")
    primary = replica = None
    try:
        primary = Cluster(workdir / "primary")
        (workdir / "primary").mkdir()
        if primary.as_postgres:
            shutil.chown(workdir / "primary", "postgres", "postgres")
        primary_url = primary.create()
        (workdir / "replica").mkdir()
        if primary.as_postgres:
            shutil.chown(workdir / "replica", "postgres", "postgres")
        replica = replica_of(primary, workdir / "replica")
        replica_address = replica_database_url(primary_url, replica)
        print(f"primary on port {primary.port}, streaming replica on {replica.port}")
        return check(primary, replica, primary_url, replica_address)
    except SetupError as failed:
        print(f"could not start: {failed}", file=sys.stderr)
        return 2
    finally:
        for cluster in (replica, primary):
            if cluster is not None:
                cluster.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""The load and fault test: many tables recording hands at once through gunicorn and
PostgreSQL, a database restart and a killed worker in the middle, then a check in the
database that no hand was lost, doubled or mis-scored.

Run ``make loadtest`` (or ``.venv/bin/python bench/loadtest.py --help``). By default
it needs PostgreSQL's server binaries (``/usr/lib/postgresql/*/bin``) and runs as root
or as the ``postgres`` user: it never touches a running server, it makes its own.

1. A throw-away PostgreSQL cluster (``initdb`` in a temporary directory, a free port
   on 127.0.0.1, the socket inside that directory, default durability settings),
   migrations, a user and an API token. ``--database-url`` uses an existing database
   instead (its games stay; no restart unless ``--restart-cmd`` is given).
2. gunicorn on a free port of 127.0.0.1 (``--workers``, default 5) with production
   settings (DEBUG off).
3. The PostgreSQL floor: single-row INSERTs, each committed on its own, on one
   connection and on as many connections as gunicorn has workers.
4. ``--tables`` games (default 200), then one thread per table records ``--hands``
   hands (default 20) through ``POST /api/v1/games/{id}/hands/`` with ``number`` and
   ``client_id``. A failed request (connection lost, timeout, 5xx) is sent again with
   the same ``client_id``: the server recognises it before the number guard, so a
   hand that was saved answers 200 and is never written twice.
5. Faults, unless ``--no-faults``: at 40 % of the hands PostgreSQL is restarted
   (``pg_ctl restart -m fast``) and the database is checked while the tables go on;
   at 60 % one gunicorn worker is killed (SIGKILL).
6. The check, in the database: every game has exactly the hands sent, numbered 1..N
   without a gap, each the one its ``client_id`` was sent for, no ``client_id``
   twice; each hand's scores are the running sum of its deltas, its award rows add up
   to what each side won, and the game's scores and hand count are its last hand's.

Printed: throughput (hands per second), p50/p95/p99 of the successful writes, the
retries and why, the faults, the floor. Exit status: 0 when the check passes, 1 on an
integrity failure (or a table that could not finish), 2 when the setup failed.
Everything it started is stopped (gunicorn by its pid, the cluster, the temporary
directory), on failure and on Ctrl-C too. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import http.client
import json
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# A target nobody reaches in a load test: every game takes all its hands.
TARGET = 1_000_000
MAX_ATTEMPTS = 15
BACKOFF_FIRST = 0.05
BACKOFF_MAX = 2.0
REQUEST_TIMEOUT = 60.0
RESTART_AT = 0.4
KILL_AT = 0.6
# Server CPU per hand (gunicorn + PostgreSQL) before issue 9's lean write path, the
# best and worst of the runs in docs/benchmarks.md: what `make bench` compares with.
BEFORE_COMMIT = "542046d"
BEFORE_MS = (35.3, 48.7)


class SetupError(RuntimeError):
    """Something the test needs could not be started: not an integrity failure."""


# --- the integrity check (pure: tests/bench/test_loadtest.py feeds it) -------------


@dataclass
class StoredHand:
    number: int
    client_id: str | None
    deltas: list[int]
    scores: list[int]
    won: list[int]
    # Points of the hand's award rows, per side.
    awarded: dict[int, int] = field(default_factory=dict)


@dataclass
class StoredGame:
    id: int
    scores: list[int]
    hand_count: int
    hands: list[StoredHand] = field(default_factory=list)


def _json(value: Any) -> Any:
    # psycopg decodes jsonb; SQLite hands back the text.
    return json.loads(value) if isinstance(value, str | bytes) else value


def _uuid_text(value: Any) -> str | None:
    # PostgreSQL answers a UUID, SQLite its 32 hex digits.
    return None if value is None else str(uuid.UUID(str(value)))


def read_games(cursor: Any, game_ids: Iterable[int]) -> dict[int, StoredGame]:
    """The stored state of these games, through a DB-API cursor taking ``%s``
    parameters (psycopg, or Django's cursor on any database)."""
    ids = sorted(set(game_ids))
    games: dict[int, StoredGame] = {}
    hands_by_id: dict[int, StoredHand] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join(["%s"] * len(chunk))
        cursor.execute(
            f"SELECT id, scores, hand_count FROM scoring_game WHERE id IN ({marks})",
            chunk,
        )
        for game_id, scores, hand_count in cursor.fetchall():
            games[game_id] = StoredGame(game_id, _json(scores), hand_count)
        cursor.execute(
            "SELECT id, game_id, number, client_id, deltas, scores, won "
            f"FROM scoring_hand WHERE game_id IN ({marks}) "
            "ORDER BY game_id, number, id",
            chunk,
        )
        for (
            hand_id,
            game_id,
            number,
            client_id,
            deltas,
            scores,
            won,
        ) in cursor.fetchall():
            hand = StoredHand(
                number, _uuid_text(client_id), _json(deltas), _json(scores), _json(won)
            )
            hands_by_id[hand_id] = hand
            games[game_id].hands.append(hand)
        cursor.execute(
            "SELECT a.hand_id, a.side, SUM(a.value) FROM scoring_award a "
            "JOIN scoring_hand h ON h.id = a.hand_id "
            f"WHERE h.game_id IN ({marks}) GROUP BY a.hand_id, a.side",
            chunk,
        )
        for hand_id, side, points in cursor.fetchall():
            hands_by_id[hand_id].awarded[side] = int(points)
    return games


def check_games(
    games: Mapping[int, StoredGame],
    sent: Mapping[int, Sequence[str]],
    acknowledged: Mapping[int, int] | None = None,
) -> list[str]:
    """Everything wrong with the stored games, in words (empty: all is well).

    `sent` holds, per game, the client_id of each hand number sent, in order. At the
    end of a run (`acknowledged` None) every game must hold exactly those hands.
    During a run `acknowledged` says how many hands of each game the server has
    confirmed: those must be there; the one being sent may or may not be."""
    problems: list[str] = []
    for game_id, client_ids in sent.items():
        game = games.get(game_id)
        if game is None:
            problems.append(f"game {game_id}: missing")
            continue
        problems.extend(_check_game(game, client_ids, acknowledged))
    return problems


def _check_game(
    game: StoredGame,
    client_ids: Sequence[str],
    acknowledged: Mapping[int, int] | None,
) -> list[str]:
    name = f"game {game.id}"
    problems = []
    numbers = [hand.number for hand in game.hands]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(
            f"{name}: hand numbers {_ranges(numbers)}, not 1..{len(numbers)}"
        )
    seen = Counter(hand.client_id for hand in game.hands if hand.client_id)
    doubled = sorted(client_id for client_id, count in seen.items() if count > 1)
    if doubled:
        problems.append(f"{name}: client_id recorded twice: {', '.join(doubled)}")
    stored = [hand.client_id for hand in game.hands]
    if acknowledged is None:
        if len(game.hands) != len(client_ids):
            problems.append(
                f"{name}: {len(game.hands)} hands stored, {len(client_ids)} sent"
            )
        low, high = len(client_ids), len(client_ids)
    else:
        low, high = acknowledged.get(game.id, 0), len(client_ids)
        if not low <= len(game.hands) <= high:
            problems.append(
                f"{name}: {len(game.hands)} hands stored, but {low} were confirmed "
                f"and {high} sent"
            )
    # Up to the shorter of the two: a count that differs is reported above.
    pairs = zip(client_ids, stored, strict=False)
    for number, (mine, theirs) in enumerate(pairs, start=1):
        if mine != theirs:
            problems.append(
                f"{name}: hand {number} has client_id {theirs}, sent as {mine}"
            )
            break
    lost = [
        number
        for number, client_id in enumerate(client_ids[:low], start=1)
        if client_id not in seen
    ]
    if lost:
        problems.append(f"{name}: hands lost: {_ranges(lost)}")
    problems.extend(_check_scores(game))
    return problems


def _check_scores(game: StoredGame) -> list[str]:
    name = f"game {game.id}"
    problems = []
    running = [0] * len(game.scores)
    for hand in game.hands:
        where = f"{name} hand {hand.number}"
        if not len(hand.deltas) == len(hand.scores) == len(running):
            problems.append(
                f"{where}: {len(hand.deltas)} deltas for {len(running)} sides"
            )
            return problems
        running = [
            total + delta for total, delta in zip(running, hand.deltas, strict=True)
        ]
        if hand.scores != running:
            problems.append(
                f"{where}: scores {hand.scores}, the sum of the deltas is {running}"
            )
            running = list(hand.scores)
        awarded = [hand.awarded.get(side, 0) for side in range(len(hand.won))]
        if awarded != list(hand.won):
            problems.append(f"{where}: won {hand.won}, award rows add up to {awarded}")
    last = game.hands[-1].scores if game.hands else [0] * len(game.scores)
    if game.scores != last:
        problems.append(f"{name}: game scores {game.scores}, last hand's {last}")
    if game.hand_count != len(game.hands):
        problems.append(
            f"{name}: hand_count {game.hand_count}, {len(game.hands)} hands stored"
        )
    return problems


def _ranges(numbers: Sequence[int]) -> str:
    shown = ", ".join(map(str, numbers[:12]))
    return shown + (" …" if len(numbers) > 12 else "")


# --- processes: the cluster and gunicorn ---------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_for(what: str, ready: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.1)
    raise SetupError(f"{what} was not ready after {timeout:.0f} s")


def pg_bin() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: (
            int(Path(path).parts[4]) if Path(path).parts[4].isdigit() else 0
        ),
    )
    if not found:
        raise SetupError(
            "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin): install "
            "postgresql, or give --database-url"
        )
    return Path(found[-1]).parent


class Cluster:
    """A PostgreSQL cluster of its own in a temporary directory, on 127.0.0.1."""

    def __init__(self, workdir: Path) -> None:
        self.bin = pg_bin()
        self.dir = workdir / "pg"
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self.port = free_port()
        self.password = secrets.token_urlsafe(16)
        self.as_postgres = os.geteuid() == 0
        self.started = False

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        command = [*args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False
        )
        if done.returncode != 0:
            raise SetupError(
                f"{' '.join(args[:2])} failed ({done.returncode}): "
                f"{(done.stderr or done.stdout).strip()[-600:]}"
            )
        return done

    def create(self) -> str:
        self.dir.mkdir(mode=0o700)
        if self.as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        # --no-sync only spares initdb's own fsyncs; the server keeps its defaults
        # (fsync on, synchronous_commit on): the commits measured are real.
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C",
        )
        self.start()
        role = "loadtest"
        self.psql(
            f"CREATE ROLE {role} LOGIN CREATEDB PASSWORD '{self.password}'",
            "CREATE DATABASE loadtest OWNER loadtest",
        )
        return f"postgres://{role}:{self.password}@{HOST}:{self.port}/loadtest"

    def _options(self) -> str:
        return f"-p {self.port} -k {self.dir} -c listen_addresses={HOST}"

    def _pg_ctl(self, *action: str) -> None:
        """pg_ctl on this cluster, waiting (up to 60 s) until it has done `action`."""
        self._run(
            str(self.bin / "pg_ctl"),
            *("-D", str(self.data), "-l", str(self.log), "-o", self._options()),
            *("-w", "-t", "60"),
            *action,
        )

    def start(self) -> None:
        self._pg_ctl("start")
        self.started = True

    def restart(self) -> None:
        self._pg_ctl("-m", "fast", "restart")

    def psql(self, *statements: str) -> None:
        arguments = [str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1"]
        arguments += ["-h", str(self.dir), "-p", str(self.port), "-U", "postgres"]
        for statement in statements:
            self._run(*arguments, "-c", statement)

    def stop(self) -> None:
        if not self.started:
            return
        try:
            self._run(
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "fast",
                "-w",
                "-t",
                "30",
                "stop",
                timeout=40,
            )
        except (SetupError, subprocess.TimeoutExpired):
            pid_file = self.data / "postmaster.pid"
            if pid_file.exists():
                pid = int(pid_file.read_text().split()[0])
                _kill(pid, signal.SIGQUIT)
        self.started = False

    def tail(self) -> str:
        return _tail(self.log)

    @property
    def postmaster(self) -> int:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return 0


def _kill(pid: int, sig: int) -> bool:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return False
    return True


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _processes() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: parse after it.
        fields = text.rsplit(")", 1)[-1].split()
        if len(fields) > 14:
            # Its own time and that of its children that ended (and were waited
            # for): a restarted backend or a killed worker still counts.
            cpu = sum(map(int, fields[11:15])) / ticks
            found[int(Path(stat).parent.name)] = (int(fields[1]), cpu)
    return found


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    return sorted(child for child, (parent, _) in _processes().items() if parent == pid)


def cpu_of_trees(roots: Mapping[str, int]) -> dict[str, float]:
    """CPU seconds used so far by each named process and its descendants."""
    processes = _processes()
    used = {}
    for name, root in roots.items():
        tree, total = {root}, 0.0
        for pid in sorted(processes):
            if pid in tree or processes[pid][0] in tree:
                tree.add(pid)
                total += processes[pid][1]
        used[name] = total
    return used


class Gunicorn:
    def __init__(
        self,
        workdir: Path,
        env: dict[str, str],
        workers: int,
        app_dir: Path,
        extra: Sequence[str] = (),
    ) -> None:
        self.app_dir = app_dir
        self.extra = list(extra)
        self.port = free_port()
        self.pid_file = workdir / "gunicorn.pid"
        self.log = workdir / "gunicorn.log"
        self.env = env
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        executable = Path(sys.executable).with_name("gunicorn")
        if not executable.exists():
            executable = Path(shutil.which("gunicorn") or "gunicorn")
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [
                    str(executable),
                    "pitchclub.wsgi",
                    "--bind",
                    f"{HOST}:{self.port}",
                    "--workers",
                    str(self.workers),
                    "--pid",
                    str(self.pid_file),
                    "--chdir",
                    str(self.app_dir),
                    "--backlog",
                    "2048",
                    "--timeout",
                    "30",
                    *self.extra,
                ],
                cwd=self.app_dir,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def answering() -> bool:
            if self.process.poll() is not None:
                raise SetupError(f"gunicorn exited:\n{_tail(self.log)}")
            try:
                status, _ = request("GET", self.port, "/api/v1/games/?limit=1", None)
            except OSError:
                return False
            return status == 200

        wait_for("gunicorn", answering, 60)
        wait_for(
            f"{self.workers} gunicorn workers",
            lambda: len(children_of(self.master)) >= self.workers,
            30,
        )

    @property
    def master(self) -> int:
        try:
            return int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return self.process.pid if self.process else 0

    def kill_a_worker(self) -> int | None:
        workers = children_of(self.master)
        if not workers:
            return None
        victim = workers[len(workers) // 2]
        return victim if _kill(victim, signal.SIGKILL) else None

    def stop(self) -> None:
        if self.process is None:
            return
        master = self.master
        _kill(master, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            for pid in [master, *children_of(master)]:
                _kill(pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def tail(self) -> str:
        return _tail(self.log)


# --- HTTP ---------------------------------------------------------------------------


def request(
    method: str,
    port: int,
    path: str,
    body: object | None,
    token: str | None = None,
    timeout: float = REQUEST_TIMEOUT,
) -> tuple[int, Any]:
    """One request on a fresh connection (gunicorn's sync workers close each one).
    Raises OSError or http.client.HTTPException when the answer does not come."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Token {token}"
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method, path, data, headers)
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    try:
        payload = json.loads(raw) if raw else None
    except ValueError:
        payload = raw[:200]
    return response.status, payload


def hand_body(table: int, number: int) -> dict[str, Any]:
    """Hand `number` at table `table`: the pitcher goes round and makes a bid of 2
    (High and Game), the other points go elsewhere, so scores move every hand."""
    pitcher = (table + number) % 4
    return {
        "pitcher": pitcher,
        "bid": 2,
        "awards": {
            "high": pitcher,
            "low": (pitcher + 1) % 4,
            "jack": (pitcher + 2 + number % 2) % 4,
            "game": pitcher,
        },
    }


# --- the run ------------------------------------------------------------------------


@dataclass
class Tally:
    """What the tables saw, shared between their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    retries: Counter = field(default_factory=Counter)
    answers: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    acknowledged: dict[int, int] = field(default_factory=dict)
    sent: dict[int, list[str]] = field(default_factory=dict)
    done: int = 0

    def confirmed(self, game_id: int, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.answers[status] += 1
            self.acknowledged[game_id] = self.acknowledged.get(game_id, 0) + 1
            self.done += 1

    def retry(self, why: str) -> None:
        with self.lock:
            self.retries[why] += 1

    def fail(self, message: str) -> None:
        with self.lock:
            self.failures.append(message)

    def snapshot(self) -> tuple[dict[int, int], dict[int, list[str]]]:
        with self.lock:
            return dict(self.acknowledged), {k: list(v) for k, v in self.sent.items()}


def number_of_hand(database_url: str, game_id: int, client_id: str) -> int | None:
    """The number of the stored hand with this client_id, read in the database."""
    import psycopg

    with psycopg.connect(database_url, connect_timeout=10) as connection:
        row = connection.execute(
            "SELECT number FROM scoring_hand WHERE game_id = %s AND client_id = %s",
            (game_id, client_id),
        ).fetchone()
    return row[0] if row else None


def play_table(
    table: int,
    game_id: int,
    hands: int,
    port: int,
    token: str,
    tally: Tally,
    database_url: str,
    stop: threading.Event,
    deadline: float,
) -> None:
    """Record `hands` hands, one after the other, as a scorekeeper's phone would."""
    path = f"/api/v1/games/{game_id}/hands/"
    for number in range(1, hands + 1):
        client_id = str(uuid.uuid4())
        with tally.lock:
            tally.sent[game_id].append(client_id)
        body = {**hand_body(table, number), "number": number, "client_id": client_id}
        for attempt in range(MAX_ATTEMPTS):
            if stop.is_set() or time.monotonic() > deadline:
                tally.fail(f"game {game_id}: stopped at hand {number} (time limit)")
                return
            if attempt:
                pause = min(BACKOFF_FIRST * 2 ** (attempt - 1), BACKOFF_MAX)
                time.sleep(pause * (0.5 + secrets.randbelow(1000) / 1000))
            start = time.perf_counter()
            try:
                status, answer = request("POST", port, path, body, token)
            except (OSError, http.client.HTTPException) as lost:
                tally.retry(f"no answer ({type(lost).__name__})")
                continue
            seconds = time.perf_counter() - start
            if status in (200, 201):
                shown = answer.get("hands") if isinstance(answer, dict) else None
                if not shown or len(shown) < number:
                    tally.fail(f"game {game_id}: answer {status} without hand {number}")
                    return
                tally.confirmed(game_id, seconds, status)
                break
            code = answer.get("code") if isinstance(answer, dict) else None
            if status == 409 and code == "number_conflict":
                # Cannot happen with one phone per table: a resent hand is known by
                # its client_id before its number is checked. If it does, the hand
                # must be there under that client_id, or it was lost.
                stored = number_of_hand(database_url, game_id, client_id)
                if stored == number:
                    tally.retry("409 number_conflict, hand found by client_id")
                    tally.confirmed(game_id, seconds, status)
                    break
                tally.fail(
                    f"game {game_id}: hand {number} refused (409) and not stored "
                    f"under its client_id (found as hand {stored})"
                )
                return
            if status >= 500 or status == 429:
                tally.retry(f"HTTP {status}")
                continue
            tally.fail(f"game {game_id} hand {number}: HTTP {status} {answer}")
            return
        else:
            tally.fail(
                f"game {game_id}: hand {number} gave up after {MAX_ATTEMPTS} tries"
            )
            return


def measure_floor(
    database_url: str, commits: int, connections: int
) -> dict[str, float]:
    """INSERT + COMMIT of one row, each its own transaction: on one connection (ms
    per commit), and on `connections` at once (commits per second)."""
    import psycopg

    table = f"loadtest_commit_floor_{os.getpid()}"

    def insert(count: int) -> None:
        with psycopg.connect(database_url, autocommit=True) as connection:
            for _ in range(count):
                with connection.transaction():
                    connection.execute(f"INSERT INTO {table} (note) VALUES ('x')")

    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute(
            f"CREATE TABLE {table} (id bigserial PRIMARY KEY, note text NOT NULL)"
        )
    try:
        insert(20)
        start = time.perf_counter()
        insert(commits)
        single = (time.perf_counter() - start) / commits
        threads = [
            threading.Thread(target=insert, args=(commits // connections,))
            for _ in range(connections)
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        parallel = (
            (commits // connections) * connections / (time.perf_counter() - start)
        )
    finally:
        with psycopg.connect(database_url, autocommit=True) as connection:
            connection.execute(f"DROP TABLE IF EXISTS {table}")
    return {"ms_per_commit": single * 1000, "parallel_commits_per_s": parallel}


def check_database(
    database_url: str, tally: Tally, during: bool
) -> tuple[list[str], int]:
    """Read every game in one snapshot and check it; returns the problems and how
    many hands were read."""
    import psycopg

    acknowledged, _ = tally.snapshot()
    with psycopg.connect(database_url, connect_timeout=10) as connection:
        connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        with connection.cursor() as cursor:
            games = read_games(cursor, tally.sent)
    # Sent after the read: a hand sent meanwhile may be there too.
    _, sent = tally.snapshot()
    problems = check_games(games, sent, acknowledged if during else None)
    return problems, sum(len(game.hands) for game in games.values())


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)]


def run(
    args: argparse.Namespace, workdir: Path, stack: list[Callable[[], None]]
) -> int:
    began = time.monotonic()

    def progress(text: str) -> None:
        print(f"[{time.monotonic() - began:5.1f} s] {text}", flush=True)

    say = print
    cluster = None
    restart: Callable[[], None] | None = None
    if args.database_url:
        database_url = args.database_url
        if args.restart_cmd:
            command = shlex.split(args.restart_cmd)

            def restart() -> None:
                subprocess.run(command, check=True, timeout=120)

    else:
        cluster = Cluster(workdir)
        stack.append(cluster.stop)
        progress(
            f"PostgreSQL: a cluster of its own in {cluster.dir}, port {cluster.port}"
        )
        database_url = cluster.create()
        restart = cluster.restart
    static_root = workdir / "static"
    static_root.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(static_root),
        "PYTHONUNBUFFERED": "1",
    }
    app_dir = Path(args.app_dir).resolve()
    manage = [sys.executable, str(app_dir / "manage.py")]

    def run_manage(*arguments: str, timeout: int, what: str) -> str:
        done = subprocess.run(
            [*manage, *arguments],
            env=env,
            cwd=app_dir,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise SetupError(f"{what}:\n{done.stderr[-1500:]}")
        return done.stdout

    run_manage("migrate", "--noinput", timeout=300, what="migrate failed")
    username = f"loadtest-{secrets.token_hex(4)}"
    made = run_manage(
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model\n"
        "from rest_framework.authtoken.models import Token\n"
        f"user = get_user_model().objects.create_user({username!r})\n"
        "print(Token.objects.create(user=user).key)",
        timeout=120,
        what="could not create the user",
    )
    token = made.strip().splitlines()[-1]

    progress("migrated, user and token made")
    floor = measure_floor(database_url, args.floor_commits, args.workers)
    progress(
        f"PostgreSQL floor: {floor['ms_per_commit']:.2f} ms per INSERT+COMMIT on one "
        f"connection ({1000 / floor['ms_per_commit']:.0f}/s); "
        f"{floor['parallel_commits_per_s']:.0f} commits/s on {args.workers} connections"
    )

    server = Gunicorn(
        workdir, env, args.workers, app_dir, shlex.split(args.gunicorn_args)
    )
    stack.append(server.stop)
    server.start()
    progress(
        f"gunicorn: master {server.master}, {args.workers} workers, port {server.port}"
    )

    game_ids = create_games(server.port, token, args.tables)
    roots = {"gunicorn": server.master}
    if cluster is not None:
        roots["PostgreSQL"] = cluster.postmaster
    floor_path = f"/api/v1/games/{game_ids[0]}/revisions/"
    progress(f"{len(game_ids)} games started")
    request_floor = measure_request_floor(server.port, token, floor_path, roots)
    progress(
        "Request floor: an authenticated API read of an empty list (2 small "
        "queries) costs "
        + ", ".join(f"{name} {ms:.1f} ms" for name, ms in request_floor.items())
        + " of CPU"
    )
    tally = Tally(sent={game_id: [] for game_id in game_ids})
    total = args.tables * args.hands
    stop = threading.Event()
    stack.append(stop.set)
    start = time.monotonic()
    deadline = start + args.time_limit
    tables = [
        threading.Thread(
            target=play_table,
            args=(
                table,
                game_id,
                args.hands,
                server.port,
                token,
                tally,
                database_url,
                stop,
                deadline,
            ),
            daemon=True,
        )
        for table, game_id in enumerate(game_ids)
    ]
    progress(f"{args.tables} tables x {args.hands} hands = {total} hands ...")
    cpu_before = cpu_of_trees(roots)
    client_before = time.process_time()
    for thread in tables:
        thread.start()

    faults: list[str] = []
    problems: list[str] = []
    steady: tuple[int, float] | None = None
    planned = [] if args.no_faults else [("restart", RESTART_AT), ("kill", KILL_AT)]
    while any(thread.is_alive() for thread in tables):
        if time.monotonic() > deadline + REQUEST_TIMEOUT + 10:
            stop.set()
            break
        if planned and tally.done >= planned[0][1] * total:
            fault, _ = planned.pop(0)
            if steady is None:
                steady = (tally.done, time.monotonic() - start)
            if fault == "restart" and restart is not None:
                began = time.monotonic()
                restart()
                took = time.monotonic() - began
                found, read = check_database(database_url, tally, during=True)
                problems += [f"after the restart: {problem}" for problem in found]
                faults.append(
                    f"PostgreSQL restarted at {tally.done} hands ({took:.1f} s); "
                    f"checked right after: {read} hands, "
                    + ("all well" if not found else f"{len(found)} problems")
                )
            elif fault == "restart":
                faults.append("PostgreSQL not restarted (no --restart-cmd)")
            else:
                victim = server.kill_a_worker()
                faults.append(
                    f"gunicorn worker {victim} killed (SIGKILL) at {tally.done} hands"
                )
        time.sleep(0.05)
    for thread in tables:
        thread.join(timeout=REQUEST_TIMEOUT + 5)
    elapsed = time.monotonic() - start
    cpu_after = cpu_of_trees(roots)
    cpu = {name: cpu_after[name] - cpu_before[name] for name in roots}
    # A restarted server is a new process: what the old one used went with it.
    restarted = cluster is not None and cluster.postmaster != roots["PostgreSQL"]
    if restarted:
        del cpu["PostgreSQL"]
    cpu["this client"] = time.process_time() - client_before

    found, read = check_database(database_url, tally, during=False)
    problems += found
    problems += tally.failures

    latencies = [seconds * 1000 for seconds in tally.latencies]
    say("")
    say(
        f"Recorded {tally.done} of {total} hands in {elapsed:.1f} s: "
        f"{tally.done / elapsed:.1f} hands/s with {args.workers} workers"
    )
    if steady is not None and steady[1] > 0:
        say(f"  before the first fault: {steady[0] / steady[1]:.1f} hands/s")
    say(
        f"Successful writes: p50 {percentile(latencies, 0.50):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, "
        f"p99 {percentile(latencies, 0.99):.0f} ms "
        f"(answers: {dict(sorted(tally.answers.items()))})"
    )
    if tally.done:
        per_hand = ", ".join(
            f"{name} {seconds * 1000 / tally.done:.1f} ms"
            for name, seconds in cpu.items()
        )
        say(
            f"CPU per hand: {per_hand}"
            + (" (PostgreSQL's is lost with its restart)" if restarted else "")
        )
        if "PostgreSQL" in cpu:
            server_cpu = (cpu["gunicorn"] + cpu["PostgreSQL"]) / tally.done
            cores = os.cpu_count() or 1
            # What the server could sustain on idle cores: a figure that does not
            # depend on what else the machine was doing during the run.
            say(
                f"CPU ceiling: {cores} cores / {server_cpu * 1000:.1f} ms of server "
                f"CPU per hand = {cores / server_cpu:.0f} hands/s"
            )
            say(
                f"Before the lean write path (commit {BEFORE_COMMIT}, "
                f"docs/benchmarks.md): {BEFORE_MS[0]:.0f}-{BEFORE_MS[1]:.0f} ms per "
                f"hand; this run: {BEFORE_MS[0] / (server_cpu * 1000):.1f}x to "
                f"{BEFORE_MS[1] / (server_cpu * 1000):.1f}x less"
            )
    retries = sum(tally.retries.values())
    detail = ", ".join(f"{why}: {count}" for why, count in tally.retries.most_common())
    say(f"Retries: {retries}" + (f" ({detail})" if detail else ""))
    for fault in faults:
        say(f"Fault: {fault}")
    say(
        f"PostgreSQL floor: {floor['ms_per_commit']:.2f} ms per INSERT+COMMIT, "
        f"{floor['parallel_commits_per_s']:.0f} commits/s on {args.workers} connections"
    )
    if problems:
        say(f"INTEGRITY FAILURE: {len(problems)} problems ({read} hands read)")
        for problem in problems[:25]:
            say(f"  {problem}")
        if server.tail():
            say("gunicorn's log ends:\n" + server.tail())
        return 1
    say(
        f"Integrity: all {len(game_ids)} games hold exactly their {args.hands} hands "
        f"({read} read), numbered without a gap, none twice, scores = the sum of the "
        "deltas, awards = points won."
    )
    return 0


def measure_request_floor(
    port: int, token: str, path: str, roots: Mapping[str, int], count: int = 400
) -> dict[str, float]:
    """Server CPU (ms) per request of `path`, asked `count` times by 8 threads: what
    any authenticated API request costs, before the work it is asked to do."""

    def ask(times: int) -> None:
        for _ in range(times):
            with contextlib.suppress(OSError, http.client.HTTPException):
                request("GET", port, path, None, token)

    threads = [threading.Thread(target=ask, args=(count // 8,)) for _ in range(8)]
    before = cpu_of_trees(roots)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    after = cpu_of_trees(roots)
    asked = count // 8 * 8
    return {name: (after[name] - before[name]) * 1000 / asked for name in roots}


def create_games(port: int, token: str, count: int) -> list[int]:
    """`count` games through the API: Auction Pitch for four, every other one in
    teams."""
    ids: list[int | None] = [None] * count
    errors: list[str] = []

    def start(indices: range) -> None:
        for index in indices:
            body = {
                "variant": "auction",
                "players": PLAYERS,
                "partnership": index % 2 == 1,
                "options": {"target": TARGET},
            }
            for _ in range(5):
                try:
                    status, answer = request(
                        "POST", port, "/api/v1/games/", body, token
                    )
                except (OSError, http.client.HTTPException):
                    time.sleep(0.2)
                    continue
                if status == 201:
                    ids[index] = answer["id"]
                    break
                errors.append(f"HTTP {status}: {answer}")
                return

    workers = [
        threading.Thread(target=start, args=(range(offset, count, 8),))
        for offset in range(8)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
    if errors or None in ids:
        raise SetupError(f"could not start the games: {errors[:3]}")
    return ids


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Load and fault test: gunicorn + PostgreSQL on 127.0.0.1."
    )
    parser.add_argument("--tables", type=int, default=200, help="games played at once")
    parser.add_argument("--hands", type=int, default=20, help="hands per game")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers")
    parser.add_argument(
        "--database-url",
        help="an existing PostgreSQL database to use instead of a cluster of its own "
        "(it is migrated; the games stay)",
    )
    parser.add_argument(
        "--restart-cmd",
        help="with --database-url: the command that restarts that server midway",
    )
    parser.add_argument(
        "--no-faults", action="store_true", help="no restart, no killed worker"
    )
    parser.add_argument("--floor-commits", type=int, default=500)
    parser.add_argument(
        "--app-dir",
        default=str(ROOT),
        help="the checkout gunicorn serves (default: this one); another one "
        "compares two versions of the code under the same load",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=240,
        help="seconds the tables may take before the run counts as failed",
    )
    parser.add_argument(
        "--gunicorn-args",
        default="",
        help='more arguments for gunicorn, e.g. "-c profile.conf.py"',
    )
    args = parser.parse_args(argv)
    if not (1 <= args.tables <= 2000 and 1 <= args.hands <= 500):
        parser.error("--tables is 1..2000 and --hands 1..500")
    if not 1 <= args.workers <= 64:
        parser.error("--workers is 1..64")

    def interrupted(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, interrupted)
    workdir = Path(tempfile.mkdtemp(prefix="pitchclub-loadtest-"))
    os.chmod(workdir, 0o755)
    stack: list[Callable[[], None]] = []
    try:
        return run(args, workdir, stack)
    except SetupError as failed:
        print(f"Setup failed: {failed}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Interrupted: stopping everything.", file=sys.stderr)
        return 130
    finally:
        # Ignore a second Ctrl-C while cleaning up: what was started must stop.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for undo in reversed(stack):
            try:
                undo()
            except Exception as failed:  # keep cleaning up: what else was started
                print(f"cleanup: {failed}", file=sys.stderr)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

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

Across hosts (``--hosts 2``, ``--replica``, ``--redis``, ``--viewers N``; README
and docs/loadtest.md): two gunicorns on 127.0.0.2 and 127.0.0.3 on the same database
(and a redis-server of the run's own), a streaming replica (``pg_basebackup -R``),
N anonymous viewers per table polling its live view every 3 s through the other host;
more faults (Redis restarted, the replica restarted, one whole host killed: its
scorekeepers go on through the other with the same ``client_id``); more checks
(every viewer ends at the game's version, the replica holds what the primary does,
wrong join codes over both hosts are refused after the shared limit).

Printed: throughput (hands per second), p50/p95/p99 of the successful writes, the
retries and why, the faults, the floor, and per host and kind of request (record,
live poll unchanged or changed, join code) the rate, p50/p95/p99 and CPU per request.
Exit status: 0 when the check passes, 1 on an integrity failure (or a table that could
not finish), 2 when the setup failed.
Everything it started is stopped (gunicorn by its pid, the cluster, the temporary
directory), on failure and on Ctrl-C too. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import hosts as web_hosts
from bench.load.joins import JOIN_LIMIT, JOIN_RATE, join_verdict, try_wrong_codes
from bench.load.measure import check_database, measure_floor, measure_request_floor
from bench.load.postgres import (
    Cluster,
    replica_database_url,
    replica_of,
    wait_caught_up,
)
from bench.load.processes import Gunicorn, RedisServer, SetupError, cpu_of_trees
from bench.load.report import Recorder, percentile, report_lines
from bench.load.tables import Keeper, Tally, create_games, play_table
from bench.load.viewers import Viewer, check_viewers, final_versions, watch
from bench.load.web import REQUEST_TIMEOUT

ROOT = Path(__file__).resolve().parent.parent
# Server CPU per hand (gunicorn + PostgreSQL) before issue 9's lean write path, the
# best and worst of the runs in docs/benchmarks.md: what `make bench` compares with.
BEFORE_COMMIT = "542046d"
BEFORE_MS = (35.3, 48.7)
# Tables and workers per host: as always with one host and no option; across hosts
# (or with viewers) fewer, so that the run ends in a few minutes on 2 cores.
TABLES = 200
SPREAD_TABLES = 60
WORKERS = 5
SPREAD_WORKERS = 3
JOIN_TRIES = 2 * JOIN_LIMIT + 4


@dataclass
class Services:
    database_url: str
    cluster: Cluster | None = None
    restart: Callable[[], None] | None = None
    replica: Cluster | None = None
    replica_url: str = ""
    redis: RedisServer | None = None


def start_services(
    args: argparse.Namespace,
    workdir: Path,
    stack: list[Callable[[], None]],
    progress: Callable[[str], None],
) -> Services:
    if args.database_url:
        services = Services(args.database_url)
        if args.restart_cmd:
            command = shlex.split(args.restart_cmd)

            def restart() -> None:
                subprocess.run(command, check=True, timeout=120)

            services.restart = restart
    else:
        cluster = Cluster(workdir)
        stack.append(cluster.stop)
        progress(
            f"PostgreSQL: a cluster of its own in {cluster.dir}, port {cluster.port}"
        )
        services = Services(cluster.create(), cluster, cluster.restart)
    if args.replica:
        assert services.cluster is not None
        replica = replica_of(services.cluster, workdir / "replica")
        stack.append(replica.stop)
        services.replica = replica
        services.replica_url = replica_database_url(services.database_url, replica)
        progress(f"streaming replica (pg_basebackup -R) on port {replica.port}")
    if args.redis:
        redis = RedisServer(workdir)
        stack.append(redis.stop)
        redis.start()
        services.redis = redis
        progress(f"redis-server of its own on port {redis.port}")
    return services


def environment(args: argparse.Namespace, services: Services, workdir: Path) -> dict:
    static_root = workdir / "static"
    static_root.mkdir()
    return {
        **os.environ,
        "DATABASE_URL": services.database_url,
        # Only what this run started: never a Redis or replica of the caller's shell.
        "DATABASE_REPLICA_URL": services.replica_url,
        "REDIS_URL": services.redis.url if services.redis else "",
        "CACHE_DIR": "",
        "THROTTLE_RATES": JOIN_RATE,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": ",".join(web_hosts.ADDRESSES[args.hosts]),
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(static_root),
        "PYTHONUNBUFFERED": "1",
        # Each answer says its CPU (Server-Timing): the report's CPU per kind.
        "SERVER_TIMING": "1",
    }


def prepare(env: dict, app_dir: Path, pages: bool) -> str:
    """Migrations, a user and its API token (returned); the static files when HTML
    pages are asked for (`pages`: production settings serve them from a manifest)."""
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
    if pages:
        run_manage(
            "collectstatic", "--noinput", timeout=300, what="collectstatic failed"
        )
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
    return made.strip().splitlines()[-1]


def run(
    args: argparse.Namespace, workdir: Path, stack: list[Callable[[], None]]
) -> int:
    began = time.monotonic()

    def progress(text: str) -> None:
        print(f"[{time.monotonic() - began:5.1f} s] {text}", flush=True)

    say = print
    services = start_services(args, workdir, stack, progress)
    database_url = services.database_url
    env = environment(args, services, workdir)
    app_dir = Path(args.app_dir).resolve()
    token = prepare(env, app_dir, pages=bool(args.viewers or joins_checked(args)))
    progress("migrated, user and token made")
    connections = args.workers * args.hosts
    floor = measure_floor(database_url, args.floor_commits, connections)
    progress(
        f"PostgreSQL floor: {floor['ms_per_commit']:.2f} ms per INSERT+COMMIT on one "
        f"connection ({1000 / floor['ms_per_commit']:.0f}/s); "
        f"{floor['parallel_commits_per_s']:.0f} commits/s on {connections} connections"
    )

    started: list[Gunicorn] = []
    stack.append(lambda: [server.stop() for server in started])
    web = web_hosts.WebHosts(
        args.hosts,
        web_hosts.gunicorn_starter(
            workdir,
            env,
            args.workers,
            app_dir,
            shlex.split(args.gunicorn_args),
            started,
        ),
    )
    for host in web.hosts:
        server = web.servers[host.name]
        progress(
            f"gunicorn {host.name}: master {server.master}, {args.workers} workers, "
            f"{host.address}:{host.port}"
        )
    first = web.hosts[0]
    game_ids = create_games(first, token, args.tables)
    roots = {"gunicorn": web.servers[first.name].master}
    if services.cluster is not None:
        roots["PostgreSQL"] = services.cluster.postmaster
    progress(f"{len(game_ids)} games started")
    request_floor = measure_request_floor(
        first, token, f"/api/v1/games/{game_ids[0]}/revisions/", roots
    )
    progress(
        "Request floor: an authenticated API read of an empty list (2 small "
        "queries) costs "
        + ", ".join(f"{name} {ms:.1f} ms" for name, ms in request_floor.items())
        + f" of CPU (host {first.name})"
    )
    other_roots = {name: pid for name, pid in roots.items() if name != "gunicorn"}
    if services.replica is not None:
        other_roots["replica"] = services.replica.postmaster
    if services.redis is not None:
        other_roots["Redis"] = services.redis.pid

    recorder = Recorder()
    tally = Tally(sent={game_id: [] for game_id in game_ids})
    total = args.tables * args.hands
    stop = threading.Event()
    finished = threading.Event()
    stack.append(stop.set)
    cpu_before = cpu_of_trees(other_roots)
    client_before = time.process_time()
    web.begin()
    join_line = None
    problems: list[str] = []
    if joins_checked(args):
        statuses = try_wrong_codes(web.hosts, JOIN_TRIES, recorder)
        found, join_line = join_verdict(
            statuses, JOIN_LIMIT, args.hosts, shared=bool(args.redis)
        )
        problems += found
        progress(join_line)
    start = time.monotonic()
    # A paced run takes its hands times its pace on top of the answers.
    deadline = start + args.time_limit + args.pace * 1.5 * args.hands
    tables = [
        threading.Thread(
            target=play_table,
            args=(
                Keeper(table, game_id, web_hosts.keeper_hosts(table, web.hosts)),
                args.hands,
                token,
                tally,
                recorder,
                database_url,
                stop,
                deadline,
                args.pace,
            ),
            daemon=True,
        )
        for table, game_id in enumerate(game_ids)
    ]
    viewers = [
        Viewer(game_id, number, web_hosts.viewer_hosts(table, web.hosts))
        for table, game_id in enumerate(game_ids)
        for number in range(1, args.viewers + 1)
    ]
    watching = [
        threading.Thread(
            target=watch,
            args=(viewer, recorder, finished, stop, deadline),
            daemon=True,
        )
        for viewer in viewers
    ]
    progress(
        f"{args.tables} tables x {args.hands} hands = {total} hands"
        + (f", {len(viewers)} live viewers" if viewers else "")
        + " ..."
    )
    served_before = (
        replica_transactions(services.replica_url) if services.replica else None
    )
    for thread in [*watching, *tables]:
        thread.start()

    faults: list[str] = []
    steady: tuple[int, float] | None = None
    planned = web_hosts.plan_faults(
        hosts=args.hosts,
        redis=bool(args.redis),
        replica=bool(args.replica),
        faults=not args.no_faults,
    )
    while any(thread.is_alive() for thread in tables):
        if time.monotonic() > deadline + REQUEST_TIMEOUT + 10:
            stop.set()
            break
        if planned and tally.done >= planned[0][1] * total:
            fault, _ = planned.pop(0)
            if steady is None:
                steady = (tally.done, time.monotonic() - start)
            faults.append(make_fault(fault, services, web, tally, problems))
        time.sleep(0.05)
    for thread in tables:
        thread.join(timeout=REQUEST_TIMEOUT + 5)
    faults += [f"{fault}: not done, the tables finished first" for fault, _ in planned]
    elapsed = time.monotonic() - start
    finished.set()
    for thread in watching:
        thread.join(timeout=REQUEST_TIMEOUT + 10)
    web.finish()
    cpu_after = cpu_of_trees(other_roots)
    # A restarted server is a new process: what the old one used went with it.
    lost = [
        name
        for name, pid in current_roots(services).items()
        if pid != other_roots.get(name)
    ]
    cpu = {"gunicorn": sum(web.cpu().values())}
    cpu |= {
        name: cpu_after[name] - cpu_before[name]
        for name in other_roots
        if name not in lost
    }
    cpu["this client"] = time.process_time() - client_before

    found, read = check_database(database_url, tally, during=False)
    problems += found
    problems += tally.failures
    replica_line = None
    if services.replica is not None:
        waited = wait_caught_up(database_url, services.replica_url, timeout=60)
        found, copied = check_database(services.replica_url, tally, during=False)
        problems += [f"on the replica: {problem}" for problem in found]
        served = replica_transactions(services.replica_url)
        replica_line = (
            f"Replica: caught up {waited:.1f} s after the last hand; holds {copied} "
            "hands, "
            + ("the same games" if not found else f"{len(found)} problems")
            + (
                f"; it served {served - served_before} transactions during the run "
                "(the heavy reads; at least: a restart may reset its counters)"
                if served is not None and served_before is not None
                else ""
            )
        )
    viewer_line = None
    if viewers:
        finals = final_versions(database_url, game_ids)
        found = check_viewers(viewers, finals)
        problems += found
        polls = sum(sum(viewer.statuses.values()) for viewer in viewers)
        heavy: Counter = sum((viewer.heavy for viewer in viewers), Counter())
        viewer_line = (
            f"Viewers: {len(viewers)} made {polls} requests; "
            + (
                "every one ends at its game's final version"
                if not found
                else f"{len(found)} problems"
            )
            + "; the games archive (a heavy read) answered "
            + str(dict(sorted(heavy.items())))
        )

    latencies = [seconds * 1000 for seconds in tally.latencies]
    say("")
    say(
        f"Recorded {tally.done} of {total} hands in {elapsed:.1f} s: "
        f"{tally.done / elapsed:.1f} hands/s with {args.workers} workers"
        + (f" on each of {args.hosts} hosts" if args.hosts > 1 else "")
    )
    if steady is not None and steady[1] > 0:
        say(f"  before the first fault: {steady[0] / steady[1]:.1f} hands/s")
    say(
        f"Successful writes: p50 {percentile(latencies, 0.50):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, "
        f"p99 {percentile(latencies, 0.99):.0f} ms "
        f"(answers: {dict(sorted(tally.answers.items()))})"
    )
    if tally.done and not viewers:
        print_cpu_per_hand(say, cpu, tally.done, lost)
    elif tally.done:
        say(
            "CPU in all (viewers included): "
            + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in cpu.items())
            + (f" ({', '.join(lost)}: lost with the restart)" if lost else "")
        )
    retries = sum(tally.retries.values())
    detail = ", ".join(f"{why}: {count}" for why, count in tally.retries.most_common())
    say(f"Retries: {retries}" + (f" ({detail})" if detail else ""))
    if tally.moves:
        say(
            "Scorekeepers that went on through another host: "
            + ", ".join(f"{count} to {host}" for host, count in tally.moves.items())
        )
    for fault in faults:
        say(f"Fault: {fault}")
    say(
        f"PostgreSQL floor: {floor['ms_per_commit']:.2f} ms per INSERT+COMMIT, "
        f"{floor['parallel_commits_per_s']:.0f} commits/s on {connections} connections"
    )
    for line in report_lines(recorder.all(), web.windows(), web.cpu()):
        say(line)
    for line in (join_line, replica_line, viewer_line):
        if line:
            say(line)
    if problems:
        say(f"INTEGRITY FAILURE: {len(problems)} problems ({read} hands read)")
        for problem in problems[:25]:
            say(f"  {problem}")
        if web.tails():
            say(web.tails())
        return 1
    say(
        f"Integrity: all {len(game_ids)} games hold exactly their {args.hands} hands "
        f"({read} read), numbered without a gap, none twice, scores = the sum of the "
        "deltas, awards = points won."
    )
    return 0


def joins_checked(args: argparse.Namespace) -> bool:
    """Wrong join codes are tried across hosts, or with a shared Redis."""
    return args.hosts > 1 or bool(args.redis)


def current_roots(services: Services) -> dict[str, int]:
    found = {}
    if services.cluster is not None:
        found["PostgreSQL"] = services.cluster.postmaster
    if services.replica is not None:
        found["replica"] = services.replica.postmaster
    if services.redis is not None:
        found["Redis"] = services.redis.pid
    return found


def make_fault(
    fault: str,
    services: Services,
    web: web_hosts.WebHosts,
    tally: Tally,
    problems: list[str],
) -> str:
    """Does the fault; returns what was done, in words."""
    at = f"at {tally.done} hands"
    if fault == web_hosts.DATABASE_RESTART:
        if services.restart is None:
            return "PostgreSQL not restarted (no --restart-cmd)"
        began = time.monotonic()
        services.restart()
        took = time.monotonic() - began
        found, read = check_database(services.database_url, tally, during=True)
        problems += [f"after the restart: {problem}" for problem in found]
        return (
            f"PostgreSQL restarted {at} ({took:.1f} s); checked right after: "
            f"{read} hands, " + ("all well" if not found else f"{len(found)} problems")
        )
    if fault == web_hosts.REDIS_RESTART and services.redis is not None:
        began = time.monotonic()
        services.redis.restart()
        return f"Redis restarted {at} ({time.monotonic() - began:.1f} s, keys lost)"
    if fault == web_hosts.REPLICA_RESTART and services.replica is not None:
        began = time.monotonic()
        services.replica.restart()
        return f"replica restarted {at} ({time.monotonic() - began:.1f} s)"
    if fault == web_hosts.WORKER_KILL:
        name = web.hosts[0].name
        victim = web.servers[name].kill_a_worker()
        return f"gunicorn worker {victim} of host {name} killed (SIGKILL) {at}"
    if fault == web_hosts.HOST_KILL:
        name = web.hosts[-1].name
        pids = web.kill(name)
        return f"host {name} killed whole (SIGKILL to {len(pids)} processes) {at}"
    return f"{fault}: not done"


def print_cpu_per_hand(
    say: Callable[[str], None], cpu: dict[str, float], done: int, lost: list[str]
) -> None:
    per_hand = ", ".join(
        f"{name} {seconds * 1000 / done:.1f} ms" for name, seconds in cpu.items()
    )
    say(
        f"CPU per hand: {per_hand}"
        + (f" ({', '.join(lost)}: lost with the restart)" if lost else "")
    )
    if "PostgreSQL" in cpu:
        server_cpu = (cpu["gunicorn"] + cpu["PostgreSQL"]) / done
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


def replica_transactions(url: str) -> int | None:
    """The transactions the replica has served (pg_stat_database), None if it does
    not answer."""
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as connection:
            row = connection.execute(
                "SELECT sum(xact_commit + xact_rollback) FROM pg_stat_database"
            ).fetchone()
    except psycopg.Error:
        return None
    return int(row[0]) if row and row[0] is not None else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Load and fault test: gunicorn + PostgreSQL on 127.0.0.1."
    )
    parser.add_argument(
        "--tables",
        type=int,
        help=f"games played at once (default {TABLES}; {SPREAD_TABLES} with --hosts 2, "
        "--replica, --redis or --viewers)",
    )
    parser.add_argument("--hands", type=int, default=20, help="hands per game")
    parser.add_argument(
        "--workers",
        type=int,
        help=f"gunicorn workers per host (default {WORKERS}; {SPREAD_WORKERS} with "
        "--hosts 2)",
    )
    parser.add_argument(
        "--hosts",
        type=int,
        default=1,
        choices=[1, 2],
        help="web hosts: 2 are gunicorns on 127.0.0.2 and 127.0.0.3, one killed whole "
        "midway",
    )
    parser.add_argument(
        "--replica",
        action="store_true",
        help="a streaming replica (pg_basebackup -R) as DATABASE_REPLICA_URL, "
        "restarted midway",
    )
    parser.add_argument(
        "--redis",
        action="store_true",
        help="a redis-server of its own as REDIS_URL, restarted midway",
    )
    parser.add_argument(
        "--viewers",
        type=int,
        default=0,
        help="anonymous live viewers per table, polling every 3 s through another "
        "host than the scorekeeper's",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="seconds between a table's hands on average (default 0: as fast as "
        "answered); with --viewers, a club night's mix at a sustainable rate, to "
        "read its p95",
    )
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
    spread = args.hosts > 1 or args.replica or args.redis or args.viewers
    if args.tables is None:
        args.tables = SPREAD_TABLES if spread else TABLES
    if args.workers is None:
        args.workers = SPREAD_WORKERS if args.hosts > 1 else WORKERS
    if args.replica and args.database_url:
        parser.error("--replica makes a replica of its own cluster: no --database-url")
    if not 0 <= args.viewers <= 20:
        parser.error("--viewers is 0..20")
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

"""`make pgbouncer-check`: the app behind PgBouncer in transaction mode (issue 25).

1. A throw-away PgBouncer (its own config, port and directory; ``auth_type=trust``,
   ``pool_mode=transaction``, ``default_pool_size=4`` so that clients share server
   connections) in front of the PostgreSQL at ``--postgres`` (default
   127.0.0.1:5432, user postgres, trust), and a fresh database there.
2. Through PgBouncer with ``DATABASE_POOLER=pgbouncer``: migrations, ``manage.py
   demo``, then a crawl of the demo site with Django's test client, signed in as a
   demo organiser: every page linked from the home page (games, the table and live
   views, players, leaderboards, tournaments, nights, seasons), up to ``--pages``,
   none may answer 5xx.
3. ``--tables`` threads, each with its own connection, start a game through the API
   and record ``--hands`` hands at once; every game must then hold its hands exactly
   once, numbered 1..N, and its page and API answer.
4. No session state leaked: several fresh transactions through PgBouncer all see
   ``TimeZone`` UTC (Django sets it per connection; PgBouncer carries it over).

Exit 0 when every step passed, 1 when one failed. Everything it started is stopped
(PgBouncer by its pid) and the database dropped. Loopback only; bounded waits.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

CRAWL = """
import re, sys
from collections import deque
from django.contrib.auth import get_user_model
from django.test import Client
limit = LIMIT
user = get_user_model().objects.filter(is_superuser=False).order_by("pk").first()
client = Client(HTTP_HOST="localhost")
if user is not None:
    client.force_login(user)
seen, queue, bad, statuses = set(), deque(["/"]), [], {}
while queue and len(seen) < limit:
    url = queue.popleft()
    if url in seen:
        continue
    seen.add(url)
    response = client.get(url)
    statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
    if response.status_code >= 500:
        bad.append(url)
    if "html" not in response.get("Content-Type", ""):
        continue
    for link in re.findall(r'href="(/[^"#?]*)"', response.content.decode()):
        if not link.startswith(("/static/", "/admin/", "/accounts/logout")):
            queue.append(link)
print("crawled", len(seen), "pages, statuses", dict(sorted(statuses.items())))
print("5xx:", bad or "none")
if bad:
    raise SystemExit(1)
"""

# Tables recording at once: each thread (its own database connection) starts a game
# through the API and records its hands; then every game must hold its hands exactly
# once, numbered 1..N, and answer them on its page and in its live poll.
RECORD = """
import threading, uuid
from django.contrib.auth import get_user_model
from django.test import Client
from scoring.models import Game, Hand
user = get_user_model().objects.create_user("pgbouncer-check")
errors, ids = [], {}
def table(index):
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    answer = client.post("/api/v1/games/", {"variant": "auction",
        "players": ["Ann", "Bob", "Cy", "Di"], "partnership": index % 2 == 1,
        "options": {"target": 1000000}}, content_type="application/json")
    if answer.status_code != 201:
        errors.append(f"start {answer.status_code} {answer.content[:200]}"); return
    game = ids[index] = answer.json()["id"]
    for number in range(1, HANDS + 1):
        pitcher = (index + number) % 4
        body = {"number": number, "client_id": str(uuid.uuid4()),
            "pitcher": pitcher, "bid": 2, "awards": {"high": pitcher,
            "low": (pitcher + 1) % 4, "jack": (pitcher + 2) % 4, "game": pitcher}}
        answer = client.post(f"/api/v1/games/{game}/hands/", body,
            content_type="application/json")
        if answer.status_code not in (200, 201):
            errors.append(f"hand {answer.status_code} {answer.content[:200]}")
    # A correction of hand 3 (set back: bid 4), then the last hand undone.
    body.update(bid=4, pitcher=(index + 3) % 4)
    body.pop("number"), body.pop("client_id")
    body["awards"] = {"high": 0, "low": 1, "jack": 2, "game": 3}
    for method, url in (("put", f"/api/v1/games/{game}/hands/3/"),
            ("delete", f"/api/v1/games/{game}/hands/{HANDS}/")):
        answer = getattr(client, method)(url, body if method == "put" else None,
            content_type="application/json")
        if answer.status_code >= 300:
            errors.append(f"{method} {answer.status_code} {answer.content[:200]}")
    for url in (f"/api/v1/games/{game}/", f"/api/v1/games/{game}/revisions/",
            f"/games/{game}/"):
        if client.get(url).status_code >= 500:
            errors.append(f"GET {url} 5xx")
threads = [threading.Thread(target=table, args=(i,)) for i in range(TABLES)]
for thread in threads: thread.start()
for thread in threads: thread.join(300)
for index, game in ids.items():
    numbers = list(Hand.objects.filter(game_id=game).order_by("number")
        .values_list("number", flat=True))
    if numbers != list(range(1, HANDS)):
        errors.append(f"game {game}: hands {numbers[:5]}... ({len(numbers)})")
print(len(ids), "games of", HANDS, "hands recorded by", TABLES, "threads at once,")
print("hand 3 corrected and the last hand undone in each")
print("errors:", errors[:5] or "none")
if errors or len(ids) != TABLES:
    raise SystemExit(1)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_pgbouncer(workdir: Path, upstream: str, port: int) -> subprocess.Popen:
    host, upstream_port = upstream.split(":")
    (workdir / "userlist.txt").write_text('"postgres" ""\n')
    config = workdir / "pgbouncer.ini"
    config.write_text(
        "[databases]\n"
        f"* = host={host} port={upstream_port}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\n"
        f"unix_socket_dir = {workdir}\n"
        "auth_type = trust\n"
        f"auth_file = {workdir / 'userlist.txt'}\n"
        "pool_mode = transaction\n"
        "default_pool_size = 4\nmax_client_conn = 200\n"
        "ignore_startup_parameters = extra_float_digits\n"
        f"logfile = {workdir / 'pgbouncer.log'}\n"
    )
    # PgBouncer refuses to run as root: -u drops to the postgres user.
    user = ["-u", "postgres"] if os.geteuid() == 0 else []
    if user:
        shutil.chown(workdir, "postgres")
        for path in workdir.iterdir():
            shutil.chown(path, "postgres")
    process = subprocess.Popen(
        ["pgbouncer", *user, str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("PgBouncer did not start")


def step(name: str, argv: list[str], env: dict, timeout: int) -> bool:
    print(f"\n== {name}", flush=True)
    done = subprocess.run(
        argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    # Django logs every 4xx on stderr: what the step says is on stdout.
    tail = (
        (done.stderr.strip().splitlines()[-5:]) + done.stdout.strip().splitlines()[-20:]
    )
    print("\n".join(tail))
    print(f"-> {'passed' if done.returncode == 0 else 'FAILED'}", flush=True)
    return done.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    if shutil.which("pgbouncer") is None:
        print("pgbouncer is not installed (apt-get install pgbouncer)")
        return 1
    version = subprocess.run(
        ["pgbouncer", "--version"], capture_output=True, text=True, check=False
    ).stdout.splitlines()[0]
    print(version)
    name = f"pitchclub_pgbouncer_{secrets.token_hex(4)}"
    direct = f"postgresql://postgres@{args.postgres}/postgres"
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="pgbouncer-check-"))
    results: dict[str, bool] = {}
    process = None
    with psycopg.connect(direct, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        process = start_pgbouncer(workdir, args.postgres, port)
        url = f"postgres://postgres@127.0.0.1:{port}/{name}"
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "DATABASE_POOLER": "pgbouncer",
            "DATABASE_REPLICA_URL": "",
            "DEBUG": "1",
            "PYTHONUNBUFFERED": "1",
        }
        env.pop("DJANGO_SETTINGS_MODULE", None)
        manage = [PYTHON, "manage.py"]
        results["migrate"] = step(
            "migrate", [*manage, "migrate", "--noinput"], env, 600
        )
        results["demo"] = results["migrate"] and step(
            "demo data", [*manage, "demo"], env, 600
        )
        results["crawl"] = results["demo"] and step(
            "crawl of the demo site",
            [*manage, "shell", "-c", f"LIMIT = {args.pages}\n{CRAWL}"],
            env,
            600,
        )
        record = f"TABLES = {args.tables}\nHANDS = {args.hands}\n{RECORD}"
        results["tables at once"] = results["migrate"] and step(
            "tables recording at once through the API (threads, integrity)",
            [*manage, "shell", "-c", record],
            env,
            900,
        )
        print("\n== session state after the workload")
        zones = set()
        for _ in range(8):
            with psycopg.connect(url, prepare_threshold=None) as connection:
                zones.add(connection.execute("SHOW TimeZone").fetchone()[0])
        print("TimeZone seen:", sorted(zones))
        results["session state"] = len(zones) == 1
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        with psycopg.connect(direct, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(workdir, ignore_errors=True)
    print("\n== PgBouncer check (transaction mode), target: every step passes")
    for what, passed in results.items():
        print(f"{'passed' if passed else 'FAILED':>8}  {what}")
    return 0 if results and all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())

"""A throw-away PostgreSQL cluster of its own, and a streaming replica of it
(``pg_basebackup -R``): the load test's and ``make replica-check``'s."""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import signal
import subprocess
import time
from pathlib import Path

from bench.load.processes import SetupError, free_port, kill_pid, log_tail
from bench.load.web import HOST


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
                kill_pid(pid, signal.SIGQUIT)
        self.started = False

    def tail(self) -> str:
        return log_tail(self.log)

    @property
    def postmaster(self) -> int:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return 0


def replica_of(primary: Cluster, workdir: Path) -> Cluster:
    """A streaming replica of `primary` (``pg_basebackup -R``: it follows the primary
    by itself), started on a port of its own in `workdir`."""
    replica = Cluster(workdir)
    workdir.mkdir(exist_ok=True)
    if replica.as_postgres:
        shutil.chown(workdir, "postgres", "postgres")
    replica.dir.mkdir(mode=0o700)
    if replica.as_postgres:
        shutil.chown(replica.dir, "postgres", "postgres")
    replica._run(
        str(replica.bin / "pg_basebackup"),
        *("-h", str(primary.dir), "-p", str(primary.port), "-U", "postgres"),
        *("-D", str(replica.data), "-R", "-X", "stream", "--no-sync", "-c", "fast"),
    )
    replica.start()
    return replica


def replica_database_url(primary_url: str, replica: Cluster) -> str:
    """The primary's address with the replica's port: same role, same database."""
    return re.sub(r":\d+/", f":{replica.port}/", primary_url)


def lsn_caught_up(primary_url: str, replica_url: str) -> bool:
    import psycopg

    with psycopg.connect(primary_url, autocommit=True, connect_timeout=10) as conn:
        wanted = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]
    with psycopg.connect(replica_url, autocommit=True, connect_timeout=10) as conn:
        return bool(
            conn.execute(
                "SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [wanted]
            ).fetchone()[0]
        )


def wait_caught_up(primary_url: str, replica_url: str, timeout: float = 30) -> float:
    """Waits until the replica has replayed all the primary has written; returns the
    seconds it took. A replica restarting is waited for too (within `timeout`)."""
    import psycopg

    began = time.monotonic()
    deadline = began + timeout
    while True:
        try:
            if lsn_caught_up(primary_url, replica_url):
                return time.monotonic() - began
        except psycopg.OperationalError:
            pass
        if time.monotonic() > deadline:
            raise SetupError(f"the replica did not catch up within {timeout:.0f} s")
        time.sleep(0.1)

"""The processes a load test starts on this machine, and what they cost: gunicorn on
an address of 127.0.0.0/8, a throw-away redis-server, the CPU of a process tree read
from /proc. Every wait is bounded; every process is stopped by its own pid."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from bench.load.web import HOST, loopback, request


class SetupError(RuntimeError):
    """Something the test needs could not be started: not an integrity failure."""


def free_port(address: str = HOST) -> int:
    with socket.socket() as probe:
        probe.bind((address, 0))
        return probe.getsockname()[1]


def wait_for(what: str, ready: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.1)
    raise SetupError(f"{what} was not ready after {timeout:.0f} s")


def kill_pid(pid: int, sig: int) -> bool:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return False
    return True


def log_tail(path: Path, lines: int = 15) -> str:
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
        address: str = HOST,
        name: str = "gunicorn",
    ) -> None:
        self.app_dir = app_dir
        self.extra = list(extra)
        self.address = loopback(address)
        self.name = name
        self.port = free_port(self.address)
        self.pid_file = workdir / f"{name}.pid"
        self.log = workdir / f"{name}.log"
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
                    f"{self.address}:{self.port}",
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
                raise SetupError(f"gunicorn exited:\n{log_tail(self.log)}")
            try:
                status, _ = request(
                    "GET",
                    self.port,
                    "/api/v1/games/?limit=1",
                    None,
                    address=self.address,
                )
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
        return victim if kill_pid(victim, signal.SIGKILL) else None

    def kill_whole(self) -> list[int]:
        """The host dies: SIGKILL to the master and every worker at once (its own
        process group), as a machine that goes away. Returns the pids killed."""
        if self.process is None:
            return []
        master = self.master
        pids = [master, *children_of(master)]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for pid in pids:
            kill_pid(pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None
        return pids

    def stop(self) -> None:
        if self.process is None:
            return
        master = self.master
        kill_pid(master, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            for pid in [master, *children_of(master)]:
                kill_pid(pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def tail(self) -> str:
        return log_tail(self.log)


class RedisServer:
    """A redis-server of its own for one run (``/usr/bin/redis-server``): a free port
    on 127.0.0.1, nothing saved to disk, so restarting it harms nothing else."""

    def __init__(self, workdir: Path, address: str = HOST) -> None:
        self.address = loopback(address)
        self.port = free_port(self.address)
        self.dir = workdir / "redis"
        self.log = self.dir / "redis.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.address}:{self.port}/0"

    @property
    def pid(self) -> int:
        return self.process.pid if self.process else 0

    def start(self) -> None:
        executable = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(executable).exists():
            raise SetupError("no redis-server (apt-get install redis-server)")
        self.dir.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            [
                executable,
                *("--port", str(self.port), "--bind", self.address),
                *("--save", "", "--appendonly", "no"),
                *("--dir", str(self.dir), "--logfile", str(self.log)),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

        def answering() -> bool:
            if self.process.poll() is not None:
                raise SetupError(f"redis-server exited:\n{log_tail(self.log)}")
            return self.ping()

        wait_for("redis-server", answering, 20)

    def ping(self) -> bool:
        try:
            with socket.create_connection((self.address, self.port), 1) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        """Stopped (its keys gone with it) and started again on the same port."""
        self.stop()
        self.start()

"""The web hosts of a load test: one gunicorn per address of 127.0.0.0/8, all on the
same database (and Redis), which table uses which, what each costs (its gunicorn's
CPU from /proc, sampled when the load begins and when it ends, or just before the
host is killed), and when each fault comes."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.load.processes import Gunicorn, cpu_of_trees
from bench.load.tables import Host

# One host: the address the load test always used. Two: addresses of their own, so
# that each is a host of its own to the other processes (and in the figures).
ADDRESSES = {1: ("127.0.0.1",), 2: ("127.0.0.2", "127.0.0.3")}
NAMES = "AB"

DATABASE_RESTART = "restart"
WORKER_KILL = "kill"
REDIS_RESTART = "redis"
REPLICA_RESTART = "replica"
HOST_KILL = "host"


def plan_faults(
    *, hosts: int, redis: bool, replica: bool, faults: bool = True
) -> list[tuple[str, float]]:
    """The faults and the share of the hands after which each comes. One host
    without Redis or a replica: as the load test always did (the database restarted
    at 40 %, a worker killed at 60 %). Otherwise one after the other, 10 % apart,
    the whole host last (its tables must finish through the other)."""
    if not faults:
        return []
    if hosts == 1 and not redis and not replica:
        return [(DATABASE_RESTART, 0.4), (WORKER_KILL, 0.6)]
    plan = [DATABASE_RESTART]
    plan += [REDIS_RESTART] if redis else []
    plan += [REPLICA_RESTART] if replica else []
    plan += [WORKER_KILL]
    plan += [HOST_KILL] if hosts > 1 else []
    return [(fault, round(0.3 + 0.1 * index, 2)) for index, fault in enumerate(plan)]


def keeper_hosts(table: int, hosts: Sequence[Host]) -> list[Host]:
    """A table's scorekeeper uses host `table` mod n, then the others in turn."""
    first = table % len(hosts)
    return [*hosts[first:], *hosts[:first]]


def viewer_hosts(table: int, hosts: Sequence[Host]) -> list[Host]:
    """A table's viewers use another host than its scorekeeper (the next one), then
    the others in turn; with one host, that one."""
    return keeper_hosts(table + 1, hosts) if len(hosts) > 1 else list(hosts)


class WebHosts:
    """The gunicorns of the run and their CPU."""

    def __init__(
        self,
        count: int,
        start: Callable[[str, str], Gunicorn],
    ) -> None:
        self.servers = {
            NAMES[index]: start(NAMES[index], address)
            for index, address in enumerate(ADDRESSES[count])
        }
        self.hosts = [
            Host(name, server.address, server.port)
            for name, server in self.servers.items()
        ]
        self.began = 0.0
        self.cpu_before: dict[str, float] = {}
        self.cpu_after: dict[str, float] = {}
        self.ended: dict[str, float] = {}

    def _cpu(self, name: str) -> float:
        return cpu_of_trees({name: self.servers[name].master})[name]

    def begin(self) -> None:
        """The load begins: each host's CPU so far."""
        self.began = time.monotonic()
        self.cpu_before = {name: self._cpu(name) for name in self.servers}

    def _sample(self, name: str) -> None:
        if name not in self.ended:
            self.cpu_after[name] = self._cpu(name)
            self.ended[name] = time.monotonic()

    def kill(self, name: str) -> list[int]:
        """The whole host dies (SIGKILL to all its processes); what it used is read
        just before."""
        self._sample(name)
        return self.servers[name].kill_whole()

    def finish(self) -> None:
        for name in self.servers:
            self._sample(name)

    def windows(self) -> dict[str, float]:
        """Seconds each host served the load."""
        return {name: self.ended[name] - self.began for name in self.servers}

    def cpu(self) -> dict[str, float]:
        """CPU seconds each host's gunicorn (master and workers) spent on the load."""
        return {
            name: self.cpu_after[name] - self.cpu_before[name] for name in self.servers
        }

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()

    def tails(self) -> str:
        return "\n".join(
            f"gunicorn {name}'s log ends:\n{server.tail()}"
            for name, server in self.servers.items()
            if server.tail()
        )


def gunicorn_starter(
    workdir: Path,
    env: dict[str, str],
    workers: int,
    app_dir: Path,
    extra: Sequence[str],
    started: list[Gunicorn],
) -> Callable[[str, str], Gunicorn]:
    """Starts one host's gunicorn; `started` lists each as it starts, so that a
    failure halfway stops those already running."""

    def start(name: str, address: str) -> Gunicorn:
        server = Gunicorn(
            workdir,
            env,
            workers,
            app_dir,
            extra,
            address=address,
            name=f"gunicorn-{name}" if address != ADDRESSES[1][0] else "gunicorn",
        )
        started.append(server)
        server.start()
        return server

    return start

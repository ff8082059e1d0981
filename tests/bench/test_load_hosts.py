"""The load test across hosts, its pure parts (no server): which host each table and
viewer uses, when each fault comes, the join-code limit's verdict, the viewers'
verdict, and the live version as the live view computes it."""

import threading
from collections import Counter
from datetime import UTC, datetime

import pytest

from bench import loadtest
from bench.load import hosts
from bench.load.joins import join_verdict
from bench.load.report import Recorder
from bench.load.tables import Host
from bench.load.viewers import (
    Viewer,
    check_viewers,
    live_version,
    version_in,
    watch,
)
from bench.load.web import exchange, loopback
from scoring.table import share

A = Host("A", "127.0.0.2", 1001)
B = Host("B", "127.0.0.3", 1002)


def test_a_tables_viewers_use_another_host_than_its_scorekeeper() -> None:
    for table in range(4):
        keeper = hosts.keeper_hosts(table, [A, B])
        viewer = hosts.viewer_hosts(table, [A, B])
        assert keeper[0] != viewer[0]
        assert sorted(keeper, key=str) == sorted(viewer, key=str) == [A, B]
    assert hosts.keeper_hosts(0, [A, B])[0] == A
    assert hosts.keeper_hosts(1, [A, B])[0] == B
    assert hosts.viewer_hosts(3, [A]) == [A]


def test_the_default_faults_are_as_they_always_were() -> None:
    plan = hosts.plan_faults(hosts=1, redis=False, replica=False)
    assert plan == [(hosts.DATABASE_RESTART, 0.4), (hosts.WORKER_KILL, 0.6)]
    assert hosts.plan_faults(hosts=2, redis=True, replica=True, faults=False) == []


def test_across_hosts_every_fault_comes_once_and_the_host_dies_last() -> None:
    plan = hosts.plan_faults(hosts=2, redis=True, replica=True)
    faults = [fault for fault, _ in plan]
    shares = [share for _, share in plan]

    assert sorted(faults) == sorted(
        [
            hosts.DATABASE_RESTART,
            hosts.REDIS_RESTART,
            hosts.REPLICA_RESTART,
            hosts.WORKER_KILL,
            hosts.HOST_KILL,
        ]
    )
    assert faults[-1] == hosts.HOST_KILL
    assert shares == sorted(shares)
    assert shares[0] > 0
    assert shares[-1] < 1
    assert hosts.HOST_KILL not in dict(plan_one_host_redis())


def plan_one_host_redis() -> list[tuple[str, float]]:
    return hosts.plan_faults(hosts=1, redis=True, replica=False)


def test_a_shared_limit_refuses_after_the_limit_whatever_the_host() -> None:
    problems, line = join_verdict([404] * 10 + [429] * 14, 10, 2, shared=True)
    assert problems == []
    assert "try 11" in line


def test_a_limit_counted_per_host_is_a_failure_when_it_must_be_shared() -> None:
    # Two hosts, each counting for itself: 20 wrong codes pass before a refusal.
    statuses = [404] * 20 + [429] * 4

    problems, line = join_verdict(statuses, 10, 2, shared=True)

    assert len(problems) == 1
    assert "20 wrong codes were let through" in problems[0]
    assert "try 21" in line


def test_a_refusal_that_comes_and_goes_or_an_error_is_a_failure() -> None:
    assert join_verdict([404] * 10 + [429, 404, 429], 10, 2, shared=True)[0]
    problems, _ = join_verdict([404] * 9 + [500] + [429] * 3, 10, 2, shared=True)
    assert "unexpected [500]" in problems[0]
    assert join_verdict([404] * 5, 10, 2, shared=True)[0]


def test_an_unshared_limit_is_only_described() -> None:
    problems, line = join_verdict([404] * 24, 10, 2, shared=False)
    assert problems == []
    assert "none refused" in line
    assert "per worker" in line


def viewer(version: str | None, final_ok: bool = True) -> Viewer:
    return Viewer(7, 1, [A, B], version=version, final_ok=final_ok)


def test_viewers_at_the_games_version_pass() -> None:
    assert check_viewers([viewer("12.20"), viewer("12.20")], {7: "12.20"}) == []


def test_a_viewer_left_behind_is_found() -> None:
    found = check_viewers([viewer("11.19")], {7: "12.20"})
    assert found == ["viewer 1 of game 7: ends at version 11.19, the game's is 12.20"]


def test_a_viewer_whose_last_poll_failed_or_that_never_loaded_is_found() -> None:
    assert (
        "last poll after the last hand failed"
        in check_viewers([viewer("12.20", final_ok=False)], {7: "12.20"})[0]
    )
    assert "never saw a version" in check_viewers([viewer(None)], {7: "12.20"})[0]
    assert "not in the database" in check_viewers([viewer("1.1")], {})[0]


def test_the_version_is_read_from_the_address_the_block_polls() -> None:
    block = (
        '<div id="live" class="live" hx-get="/games/7/live/?v=1733500000123456.20" '
        'hx-trigger="every 3s" hx-swap="outerHTML">'
    )
    assert version_in(block) == "1733500000123456.20"
    assert version_in("<p>no block</p>") is None


def test_the_live_version_is_the_live_views() -> None:
    at = datetime(2026, 12, 6, 17, 30, 1, 123456, tzinfo=UTC)
    assert live_version(at, 20) == share.live_version(at, 20)


def test_a_viewer_without_a_host_stops_by_itself() -> None:
    # Nothing listens on these ports: the page never loads, the viewer gives up.
    dead = Host("A", "127.0.0.1", 9)
    lonely = Viewer(7, 1, [dead])
    finished = threading.Event()
    finished.set()
    recorder = Recorder()

    watch(lonely, recorder, finished, threading.Event(), deadline=0)

    assert lonely.version is None
    assert lonely.statuses == Counter({0: 5})
    assert len(recorder.all()) == 5
    assert "never loaded" in lonely.problems[0]


def test_only_loopback_is_ever_asked() -> None:
    assert loopback("127.0.0.3") == "127.0.0.3"
    with pytest.raises(ValueError, match="not a loopback"):
        exchange("GET", "10.0.0.1", 80, "/")
    with pytest.raises(ValueError, match="not a loopback"):
        exchange("GET", "127.0.0.1", 80, "/", source="192.168.0.1")


def test_the_options_pick_a_smaller_run_across_hosts() -> None:
    assert loadtest.SPREAD_TABLES < loadtest.TABLES
    with pytest.raises(SystemExit):
        loadtest.main(["--viewers", "99"])

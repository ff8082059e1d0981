"""The test suite's own machinery (tests/conftest.py): how tests with
`transaction=True` leave the database, and how many workers `make test` starts."""

import os

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection

from tests import conftest
from tests.conftest import pytest_xdist_auto_num_workers
from tests.factories import UserFactory, game_factory, record

OUR_APPS = ["pitchclub", "scoring", "tournaments"]


@pytest.mark.django_db(transaction=True)
def test_the_flush_after_a_transactional_test_leaves_every_table_empty() -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    # Ann deals, Bob bids 2 and makes it: a hand with its awards under the game.
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 1})

    # What Django runs when such a test ends (TransactionTestCase._fixture_teardown).
    call_command("flush", verbosity=0, interactive=False)

    models = [m for app in OUR_APPS for m in apps.get_app_config(app).get_models()]
    models.append(type(keeper))
    left = {model.__name__: model.objects.count() for model in models}
    assert {name: count for name, count in left.items() if count} == {}


def test_postgresql_empties_tables_by_delete_unless_asked_to_reset_or_cascade() -> None:
    tables = ["scoring_game", "scoring_hand"]
    flush = connection.ops.sql_flush(no_style(), tables)
    if connection.vendor != "postgresql":
        assert all(sql.startswith("DELETE FROM") for sql in flush)
        return

    assert flush[0] == "SET CONSTRAINTS ALL DEFERRED;"
    assert flush[1:] == ['DELETE FROM "scoring_game";', 'DELETE FROM "scoring_hand";']
    reset = connection.ops.sql_flush(no_style(), tables, reset_sequences=True)
    cascade = connection.ops.sql_flush(no_style(), tables, allow_cascade=True)
    assert reset == ['TRUNCATE "scoring_game", "scoring_hand" RESTART IDENTITY;']
    assert cascade == ['TRUNCATE "scoring_game", "scoring_hand" CASCADE;']


def test_auto_starts_one_worker_per_usable_core(
    pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    # Four usable cores: four workers, unless the container's quota grants fewer
    # (rounded up: 1.5 CPUs keep two workers busy; never fewer than one).
    for quota, workers in ((None, 4), (8.0, 4), (1.5, 2), (0.3, 1)):
        monkeypatch.setattr(conftest, "_cgroup_cpu_quota", lambda quota=quota: quota)
        assert pytest_xdist_auto_num_workers(pytestconfig) == workers, quota
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "3")
    assert pytest_xdist_auto_num_workers(pytestconfig) is None  # xdist reads it


@pytest.mark.parametrize(
    ("cpu_max", "quota"),
    [("150000 100000", 1.5), ("max 100000", None), ("", None), ("-1 100000", None)],
)
def test_the_cgroup_quota_is_read_from_cpu_max(
    cpu_max: str, quota: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"/sys/fs/cgroup/cpu.max": cpu_max.split()}
    monkeypatch.setattr(conftest, "_read_words", lambda path: files.get(str(path), []))

    assert conftest._cgroup_cpu_quota() == quota

"""What a bench that drives the site in-process does before importing it: Django set
up with production settings, as gunicorn runs them (DEBUG would log every query's
SQL), no HTTPS redirect (the test client speaks plain HTTP), a throw-away secret
key unless one is set, and no warning about static files never collected (the
benches answer no static file).

Each bench puts the project on the path itself, then calls production():
``sys.path.insert(0, …); from bench.boot import production; production()``."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable


def production() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitchclub.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 50)
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    warnings.filterwarnings("ignore", "No directory at", UserWarning)
    import django

    django.setup()


def in_test_database(run: Callable[[], int]) -> int:
    """`run()` in a throw-away test database of the configured server (not
    serialized: only TransactionTestCase reads that), dropped after."""
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(
        verbosity=0, keepdb=False, serialize=False
    )
    try:
        return run()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def profiled(url: str) -> None:
    """The functions the page at `url` spends its time in (--profile): 10 answers
    after 3 to warm up, by own time."""
    import cProfile
    import pstats

    from django.test import Client

    client = Client()
    for _ in range(3):
        client.get(url)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(10):
        client.get(url)
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)

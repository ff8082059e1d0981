"""DATABASE_POOLER=pgbouncer (docs/pgbouncer.md, issue 25 item 9): behind PgBouncer in
transaction mode every database has no server-side cursors and no prepared
statements; without it nothing changes; any other value is refused."""

import pytest

from tests.pitchclub.test_settings import _manage

SCRIPT = (
    "from django.conf import settings as s\n"
    "for alias, db in sorted(s.DATABASES.items()):\n"
    "    print(alias, db.get('DISABLE_SERVER_SIDE_CURSORS', False),"
    " db.get('OPTIONS', {}).get('prepare_threshold', 'unset'))\n"
)
PRIMARY = "postgres://postgres@127.0.0.1:6432/pitchclub"
REPLICA = "postgres://postgres@127.0.0.1:6433/pitchclub"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_URL": PRIMARY}, ["default False unset"]),
        (
            {"DATABASE_URL": PRIMARY, "DATABASE_POOLER": "pgbouncer"},
            ["default True None"],
        ),
        (
            {
                "DATABASE_URL": PRIMARY,
                "DATABASE_REPLICA_URL": REPLICA,
                "DATABASE_POOLER": "pgbouncer",
            },
            ["default True None", "replica True None"],
        ),
    ],
)
def test_the_pooler_is_read_from_a_fresh_process(
    env: dict[str, str], expected: list[str]
) -> None:
    done = _manage(
        "shell",
        "-c",
        SCRIPT,
        **{"DEBUG": "1", "DATABASE_REPLICA_URL": "", "DATABASE_POOLER": "", **env},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-len(expected) :] == expected


def test_an_unknown_pooler_is_refused() -> None:
    done = _manage("check", DEBUG="1", DATABASE_POOLER="pgpool")
    assert done.returncode != 0
    assert "DATABASE_POOLER is 'pgbouncer' or unset" in done.stderr

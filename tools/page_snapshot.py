"""Render a fixed set of Pitch Club pages and API answers to a folder, to diff.

Usage, from the repository root: ``python tools/page_snapshot.py OUTDIR``

Builds a club's data (snapshot/world.py) in a throwaway SQLite database through
HTTP only (the REST API v1 and a few HTML forms, with Django's test client: no
project module is imported, so the script works before and after modules move),
then fetches the pages and API answers of CAPTURES (snapshot/captures.py) as an
anonymous visitor and as the club's people. Each answer goes to
OUTDIR/<name>.<ext>; OUTDIR/_index.txt lists every name with its status, content
type, URL and redirect. What differs between two runs of the same code
(CSRF tokens, API tokens, invite codes, UUIDs, timestamps, today's date, durations)
is replaced by placeholders, so that snapshots of the site before and after a pure
refactor compare with ``diff -r``. Pages render with DEBUG off, as in the test suite
(DEBUG=1 only picks the local settings), so the site's own error pages show.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

# Run as a script: this folder is on the path.
from snapshot.captures import requests
from snapshot.world import INVITE_DAYS, Person, build

# The formats the site shows dates in: today (or an invite's expiry) in any of them
# is a placeholder. Then the patterns, in this order.
DATE_FORMATS = ["Y-m-d", "Ymd", "l j F Y", "D j M Y", "j M Y", "D j M", "N j, Y", "F Y"]
UNIT = r"\d+(\s|\xa0|&nbsp;)(year|month|week|day|hour|minute)s?"
PATTERNS = [
    (
        r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?",
        "<DATETIME>",
    ),
    (r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", "<UUID>"),
    (r"\b[A-Za-z0-9]{64}\b", "<CSRF>"),
    (r"\b1\d{15}\b", "<STAMP>"),
    (r'(?<=class="code-group">)[A-Z2-9]{4}(?=<)', "<CODE>"),
    (rf"\b{UNIT}(,\s{UNIT})?", "<DURATION>"),
    (r"\b\d{1,2}:\d\d(:\d\d)?\b", "<TIME>"),
    (r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) <TIME>", "<DAY> <TIME>"),
]
EXTENSIONS = {
    "application/json": "json",
    "application/manifest+json": "json",
    "application/vnd.oai.openapi": "yaml",
    "text/csv": "csv",
    "text/html": "html",
    "text/javascript": "js",
}


def start_django(work: Path) -> None:
    """Settings from the environment, a fresh database, the test environment."""
    root = os.getcwd()
    sys.path.insert(0, root)
    for name in ("SECRET_KEY", "CACHE_DIR", "ALLOWED_HOSTS", "TRUSTED_PROXY_COUNT"):
        os.environ.pop(name, None)
    (work / "static").mkdir()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="pitchclub.settings",
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{work / 'snap.sqlite3'}",
        STATIC_ROOT=str(work / "static"),
        THROTTLE_RATES="join=1000/min,signup=1000/hour",
        AXES_FAILURE_LIMIT="1000",
        TIME_ZONE="UTC",
    )
    import django

    django.setup()
    for name in ("django.request", "axes"):  # refusals are wanted here
        logging.getLogger(name).setLevel(logging.ERROR)
    from django.apps import apps
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    for app in apps.get_app_configs():
        if not app.path.startswith(root) and "site-packages" not in app.path:
            raise SystemExit(f"{app.name} comes from {app.path}, not from {root}")
    setup_test_environment(debug=False)
    hasher = "django.contrib.auth.hashers.MD5PasswordHasher"
    override_settings(PASSWORD_HASHERS=[hasher]).enable()
    call_command("migrate", verbosity=0)


def normalise(text: str, secrets: dict[str, str], days: dict[str, str]) -> str:
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, secrets[secret])
    for day, placeholder in days.items():
        text = re.sub(rf"(?<![\w-]){re.escape(day)}(?![\w-])", placeholder, text)
    for pattern, placeholder in PATTERNS:
        text = re.sub(pattern, placeholder, text)
    return text


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = Path(sys.argv[1]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="page-snapshot-") as work:
        start_django(Path(work))
        from django.db import connections
        from django.utils import dateformat, timezone

        today = timezone.localdate()
        days = {
            dateformat.format(today + timedelta(days=ahead), form): name
            for ahead, name in ((0, "<TODAY>"), (INVITE_DAYS, "<TODAY+7>"))
            for form in DATE_FORMATS
        }
        people = {"anon": Person()}
        people.update({name: Person.sign_up(name) for name in ("olive", "kim", "max")})
        ids, secrets = build(people, today.isoformat())
        index, failed = [], []
        for name, who, method, url, body in requests(ids):
            htmx = method.startswith("HX-")
            response = people[who].ask(method.removeprefix("HX-"), url, body, htmx)
            kind = response.get("Content-Type", "").split(";")[0]
            file = f"{name}.{EXTENSIONS.get(kind, 'txt')}"
            text = response.content.decode()
            if kind == "application/json" and text:
                text = json.dumps(json.loads(text), indent=2, ensure_ascii=False)
            if text:
                (out / file).write_text(normalise(text, secrets, days) + "\n")
            line = f"{file} {response.status_code} {kind} {method} {url}"
            line += f" {response.get('Location', '')}".rstrip()
            index.append(normalise(line, secrets, days))
            if response.status_code >= 500:
                failed.append(f"{name} ({url})")
        (out / "_index.txt").write_text("\n".join(index) + "\n")
        connections.close_all()
    print(f"{len(index)} answers in {out}; 500s: {', '.join(failed) or 'none'}")


if __name__ == "__main__":
    main()

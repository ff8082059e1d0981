"""`/health/`: what a load balancer and an operator read (issue 25). 200 while the
database answers, whatever the cache or the replica do (the site works without them);
503 when the database does not. JSON: {"database": "ok"|"down", "cache":
"ok"|"down"|"local"}, "replica": "ok"|"down" with a replica (DATABASE_REPLICA_URL;
while it is down the heavy reads go to the primary, pitchclub/replica.py), and a
section per app above that registers one (``register_section``; scoring's ratings
backlog: docs/ratings.md), read only while the database answers and shown only when
it has something to say (its read returns None otherwise)."""

import logging
from collections.abc import Callable

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from pitchclub.cache import cache_health
from pitchclub.replica import replica_health

logger = logging.getLogger("pitchclub.health")

# Sections apps above add (the core imports none of them): name -> a read of it.
_sections: dict[str, Callable[[], object]] = {}


def register_section(name: str, read: Callable[[], object]) -> None:
    """Show `read()` under `name` on /health/ unless it is None (an app's
    AppConfig.ready())."""
    _sections[name] = read


def _section(read: Callable[[], object]) -> object:
    try:
        return read()
    except DatabaseError as error:
        logger.warning("Health: a section could not be read: %s", error)
        return "down"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        logger.warning("Health: the database does not answer: %s", error)
        return "down"
    return "ok"


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    database = _database()
    status = 200 if database == "ok" else 503
    body: dict[str, object] = {"database": database, "cache": cache_health()}
    replica = replica_health()
    if replica is not None:
        body["replica"] = replica
    if database == "ok":
        shown = {name: _section(read) for name, read in _sections.items()}
        body |= {name: value for name, value in shown.items() if value is not None}
    return JsonResponse(body, status=status)

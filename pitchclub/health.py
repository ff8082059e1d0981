"""`/health/`: what a load balancer and an operator read (issue 25). 200 while the
database answers, whatever the cache does (the site works without it); 503 when the
database does not. JSON: {"database": "ok"|"down", "cache": "ok"|"down"|"local"}."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from pitchclub.cache import cache_health

logger = logging.getLogger("pitchclub.health")


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
    return JsonResponse({"database": database, "cache": cache_health()}, status=status)

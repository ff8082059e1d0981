"""The API's one exception handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``).

Every registered kind of refusal (``pitchclub.refusals.register``: the core's
``Refusal``, scoring's ``RuleViolation`` …) is answered here, for every endpoint: a
conflict with what stands is a 409 ``{detail, code, field}``, any other refusal a 400
in DRF's usual shape, nested by the refusal's dotted field
(``{"awards": {"high": [message]}}``). Everything else goes to DRF's own handler.
Views catch only what is not a refusal (a missing hand or member is a 404).
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from pitchclub import refusals


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = _("This conflicts with the game as it stands.")
    default_code = "conflict"


def nest(field: str, message: str) -> dict[str, Any]:
    """`awards.high` -> {"awards": {"high": [message]}}: DRF's usual error shape."""
    detail: Any = [message]
    for part in reversed(field.split(".")):
        detail = {part: detail}
    return detail


def refusal_error(refusal: Any, conflicts: frozenset[str]) -> APIException:
    """The HTTP answer for a refusal (anything with code, field and message)."""
    if refusal.code in conflicts:
        body = {"detail": refusal.message, "code": refusal.code}
        if refusal.field:
            body["field"] = refusal.field
        return Conflict(body)
    return ValidationError(nest(refusal.field or "non_field_errors", refusal.message))


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    conflicts = refusals.conflicts_of(exc)
    if conflicts is not None:
        exc = refusal_error(exc, conflicts)
    return drf_exception_handler(exc, context)

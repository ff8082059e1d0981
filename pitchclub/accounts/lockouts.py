"""django-axes and the API: DRF authenticates with its own Request wrapping Django's,
so axes marks the wrapper as locked out, while axes' middleware, which turns a
lockout into its answer (pitchclub.accounts.views.lockout), looks at Django's
request. This receiver carries the mark across, for the token endpoint and HTTP
Basic alike. Connected in PitchClubConfig.ready()."""

from typing import Any

from axes.signals import user_locked_out
from django.dispatch import receiver


@receiver(user_locked_out, dispatch_uid="pitchclub.accounts.lockouts")
def mark_the_django_request(sender: object, request: Any, **kwargs: Any) -> None:
    django_request = getattr(request, "_request", None)
    if django_request is None:
        return
    django_request.axes_locked_out = True
    django_request.axes_credentials = getattr(request, "axes_credentials", None)


# axes keeps a failed attempt's username in a 255-character column; a longer one
# (no account has one: usernames stop at 150) would fail the insert on PostgreSQL.
ATTEMPT_USERNAME_MAX = 255


def attempt_username(
    request: Any, credentials: dict[str, Any] | None = None
) -> str | None:
    """The username axes counts a login attempt under (settings.AXES_USERNAME_CALLABLE):
    as axes reads it by default (credentials first, else the posted form or body), cut
    to the length axes can store."""
    if credentials:
        username = credentials.get("username")
    else:
        data = getattr(request, "data", None) or getattr(request, "POST", {})
        username = data.get("username") if hasattr(data, "get") else None
    return None if username is None else str(username)[:ATTEMPT_USERNAME_MAX]

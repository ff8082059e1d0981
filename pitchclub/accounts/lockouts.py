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

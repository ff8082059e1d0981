"""Who is asking, and how often: the client's address behind reverse proxies (the
login lockout, django-axes, uses it too) and the rate limits on joining by code,
password-reset mail and sign-up.

Rates are DRF's ("10/min"), in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
one per scope. API views name a scope and use AddressThrottle, which counts every
call; pages use PageThrottle, which counts only what the page decides to count (a
wrong invite code, a mail sent, an account created). The counts live in the cache."""

import math
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext_lazy, ngettext
from drf_spectacular.utils import OpenApiResponse
from ipware import get_client_ip
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle
from rest_framework.views import APIView

FORWARDED_FOR = "HTTP_X_FORWARDED_FOR"


def client_ip(request: HttpRequest | Request) -> str | None:
    """The client's address (settings.AXES_CLIENT_IP_CALLABLE, and the throttles').

    With TRUSTED_PROXY_COUNT = 0 it is the connection's address and no header is
    read. Behind N proxies that each append the address they got the request from to
    X-Forwarded-For, it is the Nth address from the right: what a client writes into
    the header itself comes before those and is never taken. django-ipware reads the
    header; if it finds no client there (no header: someone reached the server
    directly), the connection's address is used."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        address, _routable = get_client_ip(
            request,
            # ipware counts the proxies listed after the client; the last proxy is
            # the connection itself and lists no one after it.
            proxy_count=proxies - 1,
            request_header_order=[FORWARDED_FOR],
            # At least that many (a client may write its own addresses in front),
            # and an entry that is not an address is skipped, not trusted.
            strict=False,
        )
        if address:
            return address
    address, _routable = get_client_ip(request, request_header_order=["REMOTE_ADDR"])
    return address or request.META.get("REMOTE_ADDR") or None


# --- Rates ----------------------------------------------------------------------


def wait_words(seconds: int) -> str:
    """How long to wait, for people: "40 seconds", "2 minutes", "1 hour"."""
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {
            "count": seconds
        }
    now = timezone.now()
    # Whole minutes, rounded up: after "2 minutes" the way is open.
    return timeuntil(now + timedelta(minutes=math.ceil(seconds / 60)), now)


def _rate(scope: str) -> str | None:
    # Read when asked, not at import: DRF reloads its settings when they change.
    try:
        return api_settings.DEFAULT_THROTTLE_RATES[scope]
    except KeyError:
        raise ImproperlyConfigured(f"No throttle rate is set for {scope!r}.") from None


class PageThrottle(SimpleRateThrottle):
    """A scope's rate for one key (a client address, an email address), for pages:
    seconds_to_wait() says how long the key must wait (0: it may go on), count()
    counts one."""

    def __init__(self, scope: str, ident: str) -> None:
        self.scope = scope
        self.ident = ident
        super().__init__()

    def get_rate(self) -> str | None:
        return _rate(self.scope)

    def get_cache_key(self, request: object = None, view: object = None) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}

    def _load(self) -> None:
        self.key = self.get_cache_key()
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()

    def seconds_to_wait(self) -> int:
        if self.rate is None:
            return 0
        self._load()
        if len(self.history) < self.num_requests:
            return 0
        return max(1, math.ceil(self.wait() or self.duration))

    def count(self) -> None:
        if self.rate is not None:
            self._load()
            self.throttle_success()


def address_throttle(request: HttpRequest, scope: str) -> PageThrottle:
    """The scope's rate for the client's address."""
    return PageThrottle(scope, client_ip(request) or "unknown")


def too_many(response: HttpResponse, wait: int) -> HttpResponse:
    """A page's answer made a 429 that says when to come back."""
    response.status_code = status.HTTP_429_TOO_MANY_REQUESTS
    response["Retry-After"] = str(wait)
    return response


# --- The API ----------------------------------------------------------------------


class TooManyRequests(APIException):
    """429 with {detail, code} and Retry-After (DRF's handler sends `wait`)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "throttled"

    def __init__(self, detail: str, wait: int, code: str = "throttled") -> None:
        super().__init__({"detail": detail, "code": code})
        self.wait = wait


class TooManyRequestsOutput(serializers.Serializer):
    detail = serializers.CharField(help_text="What happened and how long to wait.")
    code = serializers.ChoiceField(choices=["locked_out", "throttled"])


LOCKED_OUT = OpenApiResponse(
    TooManyRequestsOutput,
    description="Too many failed sign-ins for this username from this address "
    "(`locked_out`): wait the seconds the Retry-After header says.",
)
THROTTLED = OpenApiResponse(
    TooManyRequestsOutput,
    description="Too many tries from this address (`throttled`): wait the seconds "
    "the Retry-After header says.",
)


class AddressThrottle(ScopedRateThrottle):
    """The view's throttle_scope counted per client address, signed in or not (one
    person may hold several accounts; the address is what a guesser cannot
    multiply as cheaply). Shares its counter with the pages' PageThrottle of the
    same scope and address."""

    # Translators: wait is a time, "5 minutes".
    message = gettext_lazy("Too many tries from your address: try again in %(wait)s.")

    def get_rate(self) -> str | None:
        return _rate(self.scope)

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {
            "scope": self.scope,
            "ident": client_ip(request) or "unknown",
        }

    def allow_request(self, request: Request, view: APIView) -> bool:
        if super().allow_request(request, view):
            return True
        wait = max(1, math.ceil(self.wait() or self.duration))
        message = getattr(view, "throttle_message", self.message)
        # Plain spaces for scripts (the pages keep timeuntil's no-break space).
        words = wait_words(wait).replace("\xa0", " ")
        raise TooManyRequests(str(message) % {"wait": words}, wait)

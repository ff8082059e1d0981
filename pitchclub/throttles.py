"""Who is asking, and how often: the client's address behind reverse proxies (the
login lockout, django-axes, uses it too) and the rate limits on joining by code,
password-reset mail and sign-up.

Rates are DRF's ("10/min"), in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
one per scope. API views name a scope and use AddressThrottle, which counts every
call; pages use PageThrottle, which takes a try before the page does what is
limited and gives it back when it turns out not to count (a right invite code, a
sign-up that made no account).

The counts live in the cache: one counter per scope, key and period (a minute, an
hour), counted with the cache's atomic add() and incr() (Redis' SET NX and INCR). A
try is counted first and, if that made too many, refused and given back: tries sent
at once from many workers and hosts pass exactly as many as the rate says (reading a
history, adding to it and writing it back, as DRF's SimpleRateThrottle does, let
them all read the same history and all pass). The limit slides: the last period's
count still weighs as much of it as is left within one period of now (the sliding
approximation Cloudflare uses), so a burst at the end of one period buys no second
burst at the start of the next. While the cache is down nothing is counted and every
try passes (pitchclub/cache.py, README "Rate limits")."""

import contextlib
import math
import time
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
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
from rest_framework.throttling import BaseThrottle
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


PERIODS = {"s": 1, "m": 60, "h": 60 * 60, "d": 24 * 60 * 60}


def parse_rate(rate: str) -> tuple[int, int]:
    """ "10/min": (10 tries, in 60 seconds), read as DRF reads it."""
    number, period = rate.split("/")
    return int(number), PERIODS[period[0]]


class PageThrottle:
    """A scope's rate for one key (a client address, an email address), for pages:
    take() counts one try, or says how long the key must wait (nothing counted);
    give_back() uncounts a try taken that turned out not to count."""

    def __init__(self, scope: str, ident: str) -> None:
        self.scope = scope
        self.ident = ident
        self._taken: str | None = None

    def _key(self, window: int) -> str:
        return f"throttle:{self.scope}:{self.ident}:{window}"

    def take(self) -> int:
        """Count one try: 0 when it is within the rate, else the seconds to wait
        (at least 1, at most the rate's period), and nothing is counted."""
        rate = _rate(self.scope)
        if rate is None:
            return 0
        number, period = parse_rate(rate)
        now = time.time()
        window = int(now // period)
        elapsed = now - window * period
        key = self._key(window)
        # The counter is kept through the next period, where it is the last one.
        if cache.add(key, 1, 2 * period):
            counted = 1
        else:
            try:
                counted = cache.incr(key)
            except ValueError:  # gone since add() (expired, evicted): count nothing
                return 0
            if counted is None:  # the cache is down: nothing is counted
                return 0
        previous = cache.get(self._key(window - 1))
        previous = previous if isinstance(previous, int) else 0
        still = math.floor(previous * (1 - elapsed / period))
        if counted + still <= number:
            self._taken = key
            return 0
        _uncount(key)
        # Tries taken by others at this moment and about to be given back are not
        # counted in the wait.
        return _wait(number, period, elapsed, min(counted - 1, number), previous)

    def give_back(self) -> None:
        """The try taken did not count after all (nothing if none was taken)."""
        if self._taken is not None:
            _uncount(self._taken)
            self._taken = None


def _uncount(key: str) -> None:
    # Gone meanwhile (expired, evicted): nothing is left to uncount.
    with contextlib.suppress(ValueError):
        cache.decr(key)


def _wait(number: int, period: int, elapsed: float, current: int, previous: int) -> int:
    """Seconds until one more try passes, `elapsed` seconds into a period that
    counted `current` tries after one that counted `previous`."""
    if current < number and previous:
        # Within this period, once the last one weighs less than what is left:
        # previous * (1 - moment / period) < number - current.
        seconds = period * (1 - (number - current) / previous) - elapsed
    else:
        # At the next period, where this one's count (at most the rate) weighs
        # less than the whole rate from its first moment.
        seconds = period - elapsed
    return min(period, max(1, math.ceil(seconds)))


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


class AddressThrottle(BaseThrottle):
    """The view's throttle_scope counted per client address, signed in or not (one
    person may hold several accounts; the address is what a guesser cannot
    multiply as cheaply). Shares its counter with the pages' PageThrottle of the
    same scope and address."""

    # Translators: wait is a time, "5 minutes".
    message = gettext_lazy("Too many tries from your address: try again in %(wait)s.")

    def allow_request(self, request: Request, view: APIView) -> bool:
        scope = getattr(view, "throttle_scope", None)
        if not scope:
            return True
        wait = address_throttle(request, scope).take()
        if not wait:
            return True
        message = getattr(view, "throttle_message", self.message)
        # Plain spaces for scripts (the pages keep timeuntil's no-break space).
        words = wait_words(wait).replace("\xa0", " ")
        raise TooManyRequests(str(message) % {"wait": words}, wait)

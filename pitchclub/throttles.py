"""Who is asking, and how often: the client's address behind reverse proxies (the
login lockout, django-axes, uses it too) and the rate limits on joining by code,
password-reset mail and sign-up.

Rates are DRF's ("10/min"), in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
one per scope. The API's views use ScopedThrottle; pages use PageThrottle, which
counts only what the page decides to count (a wrong invite code, a sent mail)."""

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip
from rest_framework.request import Request

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

"""HTTP for the load test: one request on a fresh connection, to an address of
127.0.0.0/8 only (anything else is refused before a socket opens)."""

from __future__ import annotations

import http.client
import ipaddress
import json
import re
import threading
from collections.abc import Mapping
from typing import Any

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 60.0
LOOPBACK = ipaddress.ip_network("127.0.0.0/8")
# What the site says a request cost it (SERVER_TIMING=1: pitchclub/timing.py).
APP_TIMING = re.compile(r"(?:^|,)\s*app;dur=([0-9.]+)")
_last = threading.local()


def app_cpu_ms(header: str | None) -> float | None:
    """The app's CPU in ms from a Server-Timing header, None without one."""
    found = APP_TIMING.search(header or "")
    return float(found.group(1)) if found else None


def answer_cpu_ms() -> float | None:
    """The CPU the last answer on this thread said it cost the site (None: no
    answer, or the site does not say)."""
    return getattr(_last, "cpu_ms", None)


def loopback(address: str) -> str:
    """`address`, if it is one of this machine's loopback addresses."""
    if ipaddress.ip_address(address) not in LOOPBACK:
        raise ValueError(f"{address} is not a loopback address (127.0.0.0/8)")
    return address


def exchange(
    method: str,
    address: str,
    port: int,
    path: str,
    *,
    data: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = REQUEST_TIMEOUT,
    source: str | None = None,
) -> tuple[int, bytes]:
    """One request on a fresh connection (gunicorn's sync workers close each one),
    from `source` (an address of 127.0.0.0/8) when given. Raises OSError or
    http.client.HTTPException when the answer does not come. What the answer said
    it cost the site is kept for answer_cpu_ms()."""
    connection = http.client.HTTPConnection(
        loopback(address),
        port,
        timeout=timeout,
        source_address=(loopback(source), 0) if source else None,
    )
    _last.cpu_ms = None
    try:
        connection.request(method, path, data, dict(headers or {}))
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    _last.cpu_ms = app_cpu_ms(response.getheader("Server-Timing"))
    return response.status, raw


def request(
    method: str,
    port: int,
    path: str,
    body: object | None,
    token: str | None = None,
    timeout: float = REQUEST_TIMEOUT,
    address: str = HOST,
) -> tuple[int, Any]:
    """A JSON request (`body` None: none sent); the answer decoded from JSON, or its
    first 200 bytes if it is not JSON."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Token {token}"
    status, raw = exchange(
        method, address, port, path, data=data, headers=headers, timeout=timeout
    )
    try:
        payload = json.loads(raw) if raw else None
    except ValueError:
        payload = raw[:200]
    return status, payload

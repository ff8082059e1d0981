"""`Server-Timing: app;dur=<ms>`: the CPU one request cost the worker that answered
it, from the first middleware to the last byte of the view's answer (gunicorn's own
HTTP handling not included). The load test reads it to print the CPU per kind of
request (bench/load/report.py). Off unless SERVER_TIMING=1: a visitor has no use
for it, and timings tell an attacker which paths are costly."""

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


def server_timing_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Adds the header with the request's CPU time on this thread (a sync worker
    answers one request at a time, so the thread's time is the request's)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        start = time.thread_time()
        response = get_response(request)
        spent = (time.thread_time() - start) * 1000
        response["Server-Timing"] = f"app;dur={spent:.2f}"
        return response

    return middleware

"""Error answers outside the views' own: under /api/ they are JSON, as DRF's are
(`detail`, and a `code` a script can test), so a client never has to parse an HTML
page; elsewhere they are the site's pages. This module is also a test urlconf: the
site's URL map and error handlers, plus views that fail."""

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import urls as site


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied("Not for you.")


def suspicious(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("Something odd.")


class BrokenAPI(APIView):
    """An API view with a bug: DRF passes what is not an API error on to Django."""

    permission_classes = ()

    def get(self, request: Request) -> Response:
        raise RuntimeError("a bug")


urlpatterns = [
    path("api/v1/test/broken/", BrokenAPI.as_view()),
    *[path(f"api/v1/test/{view.__name__}/", view) for view in (boom, forbidden)],
    path("api/v1/test/suspicious/", suspicious),
    *[path(f"test/{view.__name__}/", view) for view in (boom, forbidden, suspicious)],
    *site.urlpatterns,
]
# The site's handlers (Django's own where the site sets none).
for status in (400, 403, 404, 500):
    name = f"handler{status}"
    if hasattr(site, name):
        globals()[name] = getattr(site, name)


@pytest.fixture
def client() -> Client:
    """A client that gets the 500 answer instead of the exception."""
    return Client(raise_request_exception=False)


@pytest.mark.urls(__name__)
@pytest.mark.parametrize(
    ("view", "status", "code"),
    [
        ("boom", 500, "server_error"),
        ("broken", 500, "server_error"),
        ("forbidden", 403, "permission_denied"),
        ("suspicious", 400, "bad_request"),
    ],
)
def test_api_errors_answer_json_with_detail_and_code(
    client: Client, view: str, status: int, code: str
) -> None:
    answer = client.get(f"/api/v1/test/{view}/")

    assert answer.status_code == status
    assert answer["Content-Type"] == "application/json"
    body = answer.json()
    assert body["code"] == code
    assert body["detail"]
    assert set(body) == {"detail", "code"}


@pytest.mark.urls(__name__)
def test_an_api_500_says_nothing_of_the_bug(client: Client) -> None:
    answer = client.get("/api/v1/test/boom/")
    assert "a bug" not in answer.content.decode()
    assert "RuntimeError" not in answer.content.decode()


@pytest.mark.urls(__name__)
@pytest.mark.parametrize(
    ("view", "status"), [("boom", 500), ("forbidden", 403), ("suspicious", 400)]
)
def test_page_errors_answer_html(client: Client, view: str, status: int) -> None:
    answer = client.get(f"/test/{view}/")

    assert answer.status_code == status
    assert answer["Content-Type"].startswith("text/html")


@pytest.mark.urls(__name__)
def test_a_page_500_is_the_sites_page(client: Client) -> None:
    assert "Something went wrong" in client.get("/test/boom/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/nope/", "/api/v1/games/abc/", "/api/x"])
def test_an_unknown_api_address_answers_json_404(client: Client, url: str) -> None:
    answer = client.get(url)

    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["detail"] == "Not found."


@pytest.mark.django_db
def test_an_unknown_page_answers_the_html_404(client: Client) -> None:
    answer = client.get("/nope/")

    assert answer.status_code == 404
    assert "<h1>Not found</h1>" in answer.content.decode()


def test_the_site_sets_every_error_handler() -> None:
    for status in (400, 403, 404, 500):
        assert getattr(site, f"handler{status}").startswith("pitchclub.views.")

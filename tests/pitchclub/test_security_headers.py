"""Security headers on pages, API answers and the API docs, and templates that keep
working under the Content-Security-Policy (no inline script, style or handler)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from pitchclub.urls import SWAGGER_STYLE_HASH
from tests.factories import game_factory, record

pytestmark = pytest.mark.django_db

SITE_POLICY = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]


def policy(response: object) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


def game_url() -> str:
    game = game_factory()
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2})
    return reverse("scoring:game", args=[game.pk])


def assert_security_headers(response: object) -> None:
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    directives = policy(response)
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize(
    "url",
    [
        pytest.param(lambda: reverse("scoring:home"), id="home"),
        pytest.param(game_url, id="game"),
        pytest.param(lambda: reverse("api:games"), id="api"),
        pytest.param(lambda: reverse("admin:login"), id="admin-login"),
    ],
)
def test_pages_and_api_answers_carry_the_site_policy(client: Client, url) -> None:
    response = client.get(url())

    assert response.status_code == 200
    assert_security_headers(response)
    assert policy(response) == SITE_POLICY


def test_swagger_ui_may_only_use_its_own_inline_style(client: Client) -> None:
    response = client.get(reverse("api:docs"))

    assert response.status_code == 200
    assert_security_headers(response)
    directives = policy(response)
    assert directives == {**SITE_POLICY, "style-src": ["'self'", SWAGGER_STYLE_HASH]}
    # Swagger UI's setup script comes from our origin, not from an inline <script>.
    assert re.search(rb"<script>", response.content) is None


def test_swagger_ui_setup_script_is_javascript_from_our_origin(client: Client) -> None:
    response = client.get(reverse("api:docs"), {"script": ""})

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in response.content


def test_redoc_may_use_inline_styles_and_blob_workers_but_no_inline_script(
    client: Client,
) -> None:
    response = client.get(reverse("api:redoc"))

    assert response.status_code == 200
    assert_security_headers(response)
    assert policy(response) == {
        **SITE_POLICY,
        "style-src": ["'self'", "'unsafe-inline'"],
        "worker-src": ["'self'", "blob:"],
    }


def test_redoc_names_no_other_host(client: Client) -> None:
    """The docs page loads nothing from elsewhere: no web fonts, no preconnect."""
    response = client.get(reverse("api:redoc"))

    assert response.status_code == 200
    text = response.content.decode()
    hosts = set(re.findall(r"(?:https?:)?//([\w.-]+)", text))
    assert hosts <= {"testserver"}, hosts
    assert "preconnect" not in text
    assert "redoc.standalone.js" in text  # still Redoc, from our static files


# Templates: what the CSP refuses must not be written in the first place.
BASE = settings.BASE_DIR
TEMPLATE_DIRS = [BASE / "templates"] + [
    folder
    for package in ("pitchclub", "scoring", "tournaments")
    for folder in (BASE / package).rglob("templates")
    if folder.is_dir()
]
TEMPLATES = sorted(path for root in TEMPLATE_DIRS for path in root.rglob("*.html"))

DJANGO_COMMENTS = re.compile(
    r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.DOTALL
)
TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.DOTALL)
STYLE_ATTRIBUTE = re.compile(r"(?:^|\s)style\s*=", re.IGNORECASE)
# onclick=… and htmx's hx-on… both run inline code: refused by script-src.
HANDLER_ATTRIBUTE = re.compile(r"(?:^|\s)(?:on[a-z]+|(?:data-)?hx-on\S*)\s*=", re.I)
SRC_ATTRIBUTE = re.compile(r"(?:^|\s)src\s*=", re.IGNORECASE)
DATA_SCRIPT = re.compile(r"type\s*=\s*[\"']application/(ld\+)?json[\"']", re.I)


def csp_problems(source: str) -> list[str]:
    problems = []
    # Comments go, their line breaks stay, so that line numbers still match the file.
    text = DJANGO_COMMENTS.sub(lambda m: "\n" * m.group().count("\n"), source)
    if re.search(r"javascript:", text, re.IGNORECASE):
        problems.append("a javascript: URL")
    for match in TAG.finditer(text):
        name, attributes = match.group(1).lower(), match.group(2)
        line = text.count("\n", 0, match.start()) + 1
        if name == "style":
            problems.append(f"line {line}: an inline <style> element")
        if name == "script" and not (
            SRC_ATTRIBUTE.search(attributes) or DATA_SCRIPT.search(attributes)
        ):
            problems.append(f"line {line}: an inline <script> without src")
        if STYLE_ATTRIBUTE.search(attributes):
            problems.append(f"line {line}: a style= attribute on <{name}>")
        if HANDLER_ATTRIBUTE.search(attributes):
            problems.append(f"line {line}: an inline event handler on <{name}>")
    return problems


def test_the_template_scan_finds_what_the_csp_would_block() -> None:
    source = """
    <script src="/static/app.js"></script>
    <script type="application/json" id="data">{}</script>
    {# <script>commented out</script> #}
    {% comment %}
    <p style="color: red">also commented out</p>
    {% endcomment %}
    <script>alert(1)</script>
    <p style="color: red">red</p>
    <style>p { color: red }</style>
    <button onclick="go()" data-style="x" hx-post="/go">go</button>
    <form hx-on::after-request="this.reset()"></form>
    <a href="javascript:void(0)">x</a>
    """
    assert csp_problems(source) == [
        "a javascript: URL",
        "line 8: an inline <script> without src",
        "line 9: a style= attribute on <p>",
        "line 10: an inline <style> element",
        "line 11: an inline event handler on <button>",
        "line 12: an inline event handler on <form>",
    ]


def test_there_are_templates_to_scan() -> None:
    assert any(path.name == "base.html" for path in TEMPLATES)


@pytest.mark.parametrize(
    "template",
    TEMPLATES,
    ids=[str(path.relative_to(BASE)) for path in TEMPLATES],
)
def test_template_has_nothing_the_csp_would_block(template: Path) -> None:
    assert csp_problems(template.read_text()) == []

"""Headless Chromium at phone size (TOOLING.md): Debian's /usr/bin/chromium driven by
pytest-playwright. Every browser test fails on a console error, an uncaught page error
or a Content-Security-Policy violation, and can save screenshots to look at: with
SCREENSHOTS=1 (`make screenshots`) only, as they are for a person to look at and
cost time (issue 25: the suite on two cores)."""

import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import OperationalError
from django.test import Client
from playwright.sync_api import (
    ConsoleMessage,
    ElementHandle,
    Error,
    Locator,
    Page,
    expect,
)

from scoring.models import Game, Hand
from tests.factories import UserFactory, game_factory

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parent.parent / "artifacts" / "screenshots"
# Screenshots assert nothing and cost 0.5-1 s each (a whole page at scale 2, made a
# PNG; 0.8 s in test_widths.py): a run took about 800.
SCREENSHOTS_WANTED = os.environ.get("SCREENSHOTS", "") not in ("", "0")
PHONE = {"width": 390, "height": 844}

# Playwright adds this listener before any page script runs (not subject to the CSP),
# so a blocked script, style, image or frame is reported even when it is silent.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(
    `CSP violation: ${event.effectiveDirective} blocked ` +
    `${event.blockedURI || "inline"} (${event.sourceFile || ""}:${event.lineNumber})`
  );
});
"""

problems_key = pytest.StashKey[list[str]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser_allow(*patterns): console messages (regular expressions) a page may "
        "log without failing the test, e.g. a third-party CDN request the CSP blocks",
    )
    # CI runs two test workers, their live servers and Chromium on two cores: an
    # answer a phone shows in 0.3 s may take seconds there. A wait for what never
    # comes still fails, in 10 s rather than 5.
    expect.set_options(timeout=10_000)
    # pytest-playwright's own fallback base_url fixture; nothing to do with our code.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestRemovedIn10Warning",
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a `browser` test, skipped (not failed) on a
    machine without Chromium, and run after all the others (see below)."""
    here = Path(__file__).resolve().parent
    no_chromium = pytest.mark.skip(
        reason=f"browser tests need Debian's Chromium at {CHROMIUM} "
        "(apt-get install chromium; .ci/run installs it)"
    )
    browser_tests = []
    for item in items:
        if here in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(no_chromium)
            browser_tests.append(item)
    items[:] = [item for item in items if item not in browser_tests] + browser_tests


@pytest.fixture(scope="session", autouse=True)
def _django_beside_playwright() -> Iterator[None]:
    """pytest-playwright's sync API leaves its event loop marked as running in the
    main thread until the session ends, and Django then refuses every database call
    (SynchronousOnlyOperation). Allowed from the first browser test on, which is why
    browser tests run last: the other tests, and the processes they start (e.g.
    `manage.py check --deploy`, which warns about this variable), never see it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="session", autouse=True)
def _screenshots_when_wanted(pytestconfig: pytest.Config) -> Iterator[None]:
    """Without SCREENSHOTS=1 every screenshot a test asks for (of a page, a part of
    one, an element) is skipped: nothing is drawn and no file is written. Not with
    pytest-playwright's own `--screenshot on|only-on-failure`, whose files must be
    written to be kept (it moves or removes them after each test)."""
    own = pytestconfig.getoption("--screenshot", default="off")
    if SCREENSHOTS_WANTED or own != "off":
        yield
        return

    def skipped(self: object, **options: Any) -> bytes:
        return b""

    with pytest.MonkeyPatch.context() as patch:
        for kind in (Page, Locator, ElementHandle):
            patch.setattr(kind, "screenshot", skipped)
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, live_server: Any) -> dict:
    # A phone in one hand at the card table; scale 2 keeps the screenshots small.
    # Pages are addressed by path: page.goto("/games/1/").
    return {
        **browser_context_args,
        "base_url": live_server.url,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture
def page(page: Page, request: pytest.FixtureRequest) -> Page:
    """pytest-playwright's page, listening for console errors, uncaught exceptions and
    CSP violations; `pytest_runtest_call` below fails the test when any were seen."""
    problems: list[str] = []
    request.node.stash[problems_key] = problems
    allowed = [
        re.compile(pattern)
        for marker in request.node.iter_markers("browser_allow")
        for pattern in marker.args
    ]

    def report(problem: str) -> None:
        if not any(pattern.search(problem) for pattern in allowed):
            problems.append(problem)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location.get("url", "")
            report(f"console error: {message.text} [{location}]")

    def on_page_error(error: Error) -> None:
        report(f"page error: {error.message}")

    page.add_init_script(CSP_LISTENER)
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    # Checked here rather than in a fixture's teardown, so that a page that logged an
    # error is a failed test, not an error in teardown.
    result = yield
    problems = item.stash.get(problems_key, [])
    if problems:
        raise AssertionError(
            "The browser reported problems:\n" + "\n".join(f"  {p}" for p in problems)
        )
    return result


@pytest.fixture
def screenshot(page: Page, request: pytest.FixtureRequest) -> Callable[..., Path]:
    """Save a screenshot to tests/artifacts/screenshots/<test name>.png
    (`screenshot("dark")` adds a suffix); the whole page unless `full_page=False`.
    Returns the file's path, written only with SCREENSHOTS=1."""

    def take(suffix: str = "", *, full_page: bool = True, **options: Any) -> Path:
        name = request.node.originalname + (f"-{suffix}" if suffix else "")
        path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
        if not SCREENSHOTS_WANTED:
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole, then renamed into place: the variants of a parametrized test
        # share a name, and two pytest-xdist workers may save it at the same moment.
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_bytes(page.screenshot(full_page=full_page, **options))
        partial.replace(path)
        return path

    return take


def sign_in(page: Page, user: AbstractUser, base_url: str) -> None:
    """The scorekeeper signed in earlier on this phone: a session cookie."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": base_url,
            }
        ]
    )


@pytest.fixture
def keeper(page: Page, live_server: Any) -> AbstractUser:
    """Kate, signed in on the phone."""
    user = UserFactory(username="kate")
    sign_in(page, user, live_server.url)
    return user


@pytest.fixture
def game(keeper: AbstractUser) -> Game:
    """Ann, Bob, Cy and Di, solo, to 7; Ann deals first; Kate keeps score."""
    return game_factory(created_by=keeper)


def button(page: Page, row: str, value: object) -> Locator:
    """The big button of `value` in a row of the hand-entry form (pitcher, bid,
    call-0, award-high …)."""
    return page.locator(f"#hand-entry label[for='{row}-{value}']")


def tap_hand(page: Page, pitcher: int, bid: int, awards: dict[str, object]) -> None:
    """Tap a hand into the entry form, pitcher and bid first (not saved)."""
    button(page, "pitcher", pitcher).tap()
    button(page, "bid", bid).tap()
    for point, seat in awards.items():
        button(page, f"award-{point}", seat).tap()


def hands_of(game: Game) -> list[Hand]:
    """The game's hands as the server stored them. The test database of SQLite is
    one in-memory database shared with the live server's thread, which locks a table
    while it writes: a read that meets the lock tries again."""
    for _ in range(20):
        try:
            return list(Hand.objects.filter(game=game).order_by("number"))
        except OperationalError as locked:
            if "locked" not in str(locked):
                raise
            time.sleep(0.05)
    return list(Hand.objects.filter(game=game).order_by("number"))

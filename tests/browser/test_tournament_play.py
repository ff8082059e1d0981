"""A tournament run from two phones (390 x 844) in headless Chromium: the organiser
creates it through the form, a scorekeeper opens a match's table link (the address
its QR code encodes) on another phone, starts the game and records its hands until
the match is won; the organiser's phone then sees the match completed and the next
match ready. Screenshots of the form (empty, refused, teams) and the match page,
dark and light, go to tests/artifacts/screenshots/."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import segno
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Browser, Page, expect

from pitchclub.models import Club, Membership, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.players import guest_add
from tests.browser.conftest import CSP_LISTENER, SCREENSHOTS, sign_in, tap_hand
from tests.browser.taps import short_controls
from tests.browser.test_new_game import no_sideways_scroll
from tests.browser.test_pages import MIN_TAP, faint_text, small_tap_targets
from tests.factories import UserFactory
from tournaments import views as tournament_pages
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

# The tournament's own page is another helper's (tournaments.views); while it is
# still the scaffolding, the redirect after creating lands on its 404.
PAGE_NOT_BUILT = [r"status of 404"] if hasattr(tournament_pages, "_todo") else []
BOB_TAKES_ALL = {"high": 0, "low": 0, "jack": 0, "game": 0}


@dataclass
class Grange:
    club: Club
    organiser: AbstractUser
    keeper: AbstractUser


@pytest.fixture
def grange(db: None) -> Grange:
    """Olive organises the Grange, Sam keeps score; Ann, Bob, Cy and Di are on
    its roster."""
    organiser = UserFactory(username="olive")
    club = club_create(name="Grange Hall Pitch", by=organiser)
    keeper = UserFactory(username="sam")
    Membership.objects.create(club=club, user=keeper, role=Role.SCOREKEEPER)
    for name in ("Ann", "Bob", "Cy", "Di"):
        guest_add(club=club, name=name)
    return Grange(club, organiser, keeper)


def small_controls(page: Page) -> list[str]:
    """Boxes, selects, ticks, radios and summaries a thumb aims at: 44 px tall."""
    return short_controls(
        page,
        "main input[type=text], main select, main label:has(input[type=radio]), "
        "main label:has(input[type=checkbox]), main .check-row, main summary",
        MIN_TAP,
    )


def look(page: Page, screenshot: Screenshot, state: str) -> None:
    """Screenshots dark and light; tap targets, controls, contrast in both, and
    nothing past the phone's edge: every problem reported at once."""
    no_sideways_scroll(page)
    problems = small_tap_targets(page) + small_controls(page)
    # For a whole-page picture: the sticky bar would show mid-form.
    page.locator(".start-bar").evaluate_all(
        "bars => bars.forEach(bar => { bar.style.position = 'static'; })"
    )
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        screenshot(f"{state}-{scheme}")
        problems += [f"{scheme}: {problem}" for problem in faint_text(page)]
    page.emulate_media(color_scheme="dark")
    assert not problems, f"{state}: hard to use at the table:\n" + "\n".join(problems)


# A refused form comes back as a 400, which Chromium logs.
@pytest.mark.browser_allow(r"status of 400 \(Bad Request\).*/tournaments/new/")
def test_the_new_tournament_form_empty_refused_and_for_teams(
    page: Page, live_server: Any, grange: Grange, screenshot: Screenshot
) -> None:
    sign_in(page, grange.organiser, live_server.url)
    page.goto(f"/clubs/{grange.club.slug}/tournaments/new/")
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    # Only the chosen format's settings show.
    expect(page.get_by_label("Play for third place")).to_be_visible()
    expect(page.get_by_label("Grand final reset")).to_be_hidden()
    look(page, screenshot, "1-empty")

    entrants = page.get_by_label("Entrants, one per line in seed order")
    entrants.fill("Ann\nBob & Cy")
    page.get_by_role("button", name="Draw the tournament").tap()
    expect(page.locator(".refused")).to_contain_text("fix what is marked below")
    expect(page.locator("#id_name_error")).to_have_text("Give the tournament a name.")
    expect(page.locator("#id_entrants_error")).to_contain_text(
        "Line 2 (Bob & Cy): one player per line"
    )
    expect(entrants).to_have_value("Ann\nBob & Cy")
    look(page, screenshot, "2-refused")

    page.get_by_label("Double elimination").check()
    page.get_by_label("Teams of two: partners sit opposite").check()
    expect(page.get_by_label("Grand final reset")).to_be_visible()
    expect(page.get_by_label("Play for third place")).to_be_hidden()
    entrants.fill("Aces: Ann & Cy\nBob & Di")
    page.get_by_label("A random draw").check()
    look(page, screenshot, "3-teams")


@pytest.mark.browser_allow(*PAGE_NOT_BUILT)
def test_an_organiser_creates_a_tournament_and_a_second_phone_plays_its_match(
    page: Page,
    browser: Browser,
    browser_context_args: dict[str, Any],
    live_server: Any,
    grange: Grange,
    screenshot: Screenshot,
) -> None:
    # The organiser's phone: a single elimination of three, Ann seeded first.
    sign_in(page, grange.organiser, live_server.url)
    page.goto(f"/clubs/{grange.club.slug}/tournaments/new/")
    page.get_by_label("Tournament name").fill("Spring Cup")
    page.get_by_label("Entrants, one per line in seed order").fill("Ann\nBob\nCy")
    page.get_by_role("button", name="Draw the tournament").tap()
    page.wait_for_url(re.compile(r"/tournaments/[0-9]+/$"))
    tournament = Tournament.objects.get()
    assert [e.name for e in tournament.entrants.order_by("seed")] == [
        "Ann",
        "Bob",
        "Cy",
    ]
    # Ann has the bye; Bob v Cy is ready at table 1.
    match = Match.objects.get(tournament=tournament, status="ready")
    page.goto(f"/tournaments/{tournament.pk}/matches/{match.pk}/")
    expect(page.locator(".match-status")).to_have_text("Ready")
    expect(page.get_by_role("button", name="Start game at table 1")).to_be_visible()
    look(page, screenshot, "1-match-ready")

    # The address the QR code encodes is the link shown beside it.
    table_url = page.locator("#table-url").inner_text()
    assert table_url.endswith(f"/tournaments/{tournament.pk}/matches/{match.pk}/table/")
    svg = page.locator(".table-link svg").evaluate("svg => svg.outerHTML")
    modules = segno.make(table_url, error="m").svg_inline(scale=1, border=4)
    assert re.findall(r'd="(M4 [^"]+)"', svg) == re.findall(r'd="(M4 [^"]+)"', modules)

    # The table's phone: Sam scans it, starts the game, Bob wins two hands.
    context = browser.new_context(**browser_context_args)
    table = context.new_page()
    table.add_init_script(CSP_LISTENER)
    errors: list[str] = []
    table.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    table.on("pageerror", lambda error: errors.append(error.message))
    sign_in(table, grange.keeper, live_server.url)
    table.goto(table_url)
    expect(table.get_by_role("heading")).to_contain_text("Table 1")
    table.screenshot(path=SCREENSHOTS / "tournament-table-link.png", full_page=True)
    table.get_by_role("button", name="Start game at table 1").tap()
    table.wait_for_url(re.compile(r"/games/[0-9]+/$"))
    for hand in (1, 2):
        tap_hand(table, 0, 4, BOB_TAKES_ALL)
        table.locator("#hand-entry button.save").tap()
        expect(table.locator(".messages")).to_contain_text(f"Hand {hand} saved")
    expect(table.locator(".banner.win")).to_contain_text("Bob won the game")
    context.close()
    assert not errors, errors

    # The organiser's phone: the match is completed, the final is ready.
    page.reload()
    expect(page.locator(".match-status")).to_have_text("Completed")
    expect(page.locator(".match-side.won")).to_contain_text("Bob")
    expect(page.locator(".match-side.won")).to_contain_text("Points 8")
    next_link = page.locator(".match-side.won .side-next a")
    expect(next_link).to_have_text("Final, table 1 (ready)")
    look(page, screenshot, "2-match-completed")
    next_link.tap()
    expect(page.locator(".match-status")).to_have_text("Ready")
    expect(page.locator(".match-sides")).to_contain_text("Ann")
    expect(page.get_by_role("button", name="Start game at table 1")).to_be_visible()

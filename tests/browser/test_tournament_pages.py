"""Tournament pages in headless Chromium: the bracket scrolls sideways on a phone
(390 x 844) with the current round in view; rounds and standings of a Swiss; the
wall view (1920 x 1080) advances by itself when a match's game is won; the printed
sheets. Screenshots go to tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect
from rest_framework.test import APIClient

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from tests.browser.conftest import sign_in
from tests.browser.test_pages import check_page
from tests.browser.test_watch import faint_text_in
from tests.factories import UserFactory
from tests.tournaments.helpers import (
    create,
    match_at,
    play,
    ready,
    start_game,
    win_game,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]
WALL = {"width": 1920, "height": 1080}
# The wall view asks every 3 s: a result must show within about 5 s.
UPDATE_WITHIN_MS = 6000


@pytest.fixture
def organiser(page: Page, live_server: Any) -> AbstractUser:
    user = UserFactory(username="olive")
    sign_in(page, user, live_server.url)
    return user


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_services.club_create(name="Thursday Night Pitch", by=organiser)


@pytest.fixture
def api(organiser: AbstractUser) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def in_view(page: Page, selector: str) -> bool:
    """The element's left edge is inside its scroller's box (and the screen)."""
    return page.locator(selector).evaluate(
        """el => {
          const box = el.getBoundingClientRect();
          const scroller = el.closest('.bracket').getBoundingClientRect();
          return box.left >= scroller.left - 1 && box.left < scroller.right - 40 &&
                 box.left >= 0 && box.left < window.innerWidth - 40;
        }"""
    )


def test_the_bracket_scrolls_to_the_current_round(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(
        api,
        club,
        format="single_elimination",
        entrants=8,
        settings={"third_place": True},
    )
    for number in range(1, 5):
        match = match_at(t, "winners", 1, number)
        t = play(api, t["id"], match, match["entrants"][0])
    semi = match_at(t, "winners", 2, 1)
    game = start_game(api, t["id"], semi["id"])
    api.post(
        f"/api/v1/games/{game['id']}/hands/",
        {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}},
        format="json",
    )
    page.goto(f"/tournaments/{t['id']}/")

    current = page.locator(".bracket .column.current")
    expect(current).to_have_count(1)
    expect(current.locator(".column-title")).to_contain_text("Semi-finals")
    # The page itself does not scroll sideways; the bracket does, and it has
    # been scrolled so that the semi-finals start at its left edge.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    bracket = page.locator(".bracket")
    assert bracket.evaluate("el => el.scrollWidth > el.clientWidth")
    assert bracket.evaluate("el => el.scrollLeft") > 0
    assert in_view(page, ".bracket .column.current")
    assert not in_view(page, "#winners-1")
    # The semi-final being played shows its live score and links.
    box = current.locator(".match-running")
    expect(box.locator(".match-live")).to_contain_text("1 hand played")
    expect(box.get_by_role("link", name="Watch live")).to_be_visible()
    expect(box.get_by_role("link", name="Open table")).to_be_visible()
    expect(box.locator(".match-table")).to_have_text("Table 1")
    screenshot("current", full_page=False)

    # Swiping back shows round 1 with its results; a tap target per match page.
    bracket.evaluate("el => { el.scrollLeft = 0 }")
    assert in_view(page, "#winners-1")
    check_page(page, screenshot)


def test_a_double_elimination_with_byes(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(api, club, format="double_elimination", entrants=6, team_size=2)
    for match in ready(t):
        t = play(api, t["id"], match, match["entrants"][1])
    page.goto(f"/tournaments/{t['id']}/")
    expect(page.get_by_role("heading", name="Winners' bracket")).to_be_visible()
    expect(page.get_by_role("heading", name="Losers' bracket")).to_be_visible()
    expect(page.locator(".match-bye").first).to_contain_text(
        "Bye: through to the next round"
    )
    expect(page.locator("#final-1")).to_contain_text("The grand final's reset")
    expect(page.locator("#final-1 .slot-source").first).to_contain_text(
        "Winner of winners' final"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Each bracket scrolled to its own current round.
    assert in_view(page, "[aria-labelledby='winners-h'] .column.current")
    check_page(page, screenshot)


def test_swiss_rounds_and_standings_on_a_phone(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(api, club, format="swiss", entrants=7, settings={"rounds": 3})
    for match in ready(t):
        t = play(api, t["id"], match, match["entrants"][0])
    page.goto(f"/tournaments/{t['id']}/")
    expect(page.get_by_role("button", name="Draw round 2")).to_be_visible()
    headers = page.locator(".standings thead th")
    expect(headers).to_contain_text(["Entrant", "P", "W", "L", "Buchholz"])
    # The name column stays at the left while the numbers scroll.
    wrap = page.locator(".standings-wrap")
    name = page.locator(".standings tbody .st-name").first
    before = name.bounding_box()
    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth }")
    after = name.bounding_box()
    assert before is not None
    assert after is not None
    assert abs(before["x"] - after["x"]) < 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    check_page(page, screenshot)


def test_the_wall_view_advances_by_itself(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(api, club, format="single_elimination", entrants=4)
    first = match_at(t, "winners", 1, 1)
    t = play(api, t["id"], first, first["entrants"][0])
    second = match_at(t, "winners", 1, 2)
    game = start_game(api, t["id"], second["id"])
    page.set_viewport_size(WALL)
    page.goto(f"/tournaments/{t['id']}/wall/")
    page.evaluate("window.stillTheSamePage = true")
    final = page.locator("#winners-2 .match")
    expect(final.locator(".slot.tbd")).to_have_count(1)
    expect(page.locator("#winners-1 .match-running")).to_have_count(1)
    screenshot("before", full_page=False)

    win_game(api, game["id"], 1)

    expect(final.locator(".slot.tbd")).to_have_count(0, timeout=UPDATE_WITHIN_MS)
    expect(final).to_contain_text("Cy")
    expect(final.locator(".match-status")).to_have_text("Ready")
    expect(page.locator("#winners-1 .match-running")).to_have_count(0)
    assert page.evaluate("window.stillTheSamePage") is True
    assert (
        float(
            page.locator(".wall h1").evaluate(
                "el => parseFloat(getComputedStyle(el).fontSize)"
            )
        )
        >= 40
    )
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        screenshot(scheme, full_page=False)
        # Dark on light whatever the screen prefers.
        assert page.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
        assert not faint_text_in(page, "main *"), faint_text_in(page, "main *")


def test_the_wall_view_of_a_round_robin(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(api, club, format="round_robin", entrants=5)
    match = ready(t)[0]
    t = play(api, t["id"], match, match["entrants"][1])
    start_game(api, t["id"], ready(t)[0]["id"])
    page.set_viewport_size(WALL)
    page.goto(f"/tournaments/{t['id']}/wall/")
    expect(page.locator(".standings thead")).to_contain_text("H2H")
    screenshot(full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= WALL["width"]


def test_the_printed_sheets(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    t = create(api, club, format="double_elimination", entrants=8, team_size=2)
    page.goto(f"/tournaments/{t['id']}/rounds/1/print/")
    expect(page.locator(".score-card")).to_have_count(4)
    screenshot("screen")
    page.emulate_media(media="print")
    expect(page.locator(".screen-only").first).to_be_hidden()
    expect(page.locator(".top")).to_be_hidden()
    expect(
        page.locator(".score-card").first.locator(".card-sheet tbody tr")
    ).to_have_count(12)
    screenshot("print")
    page.emulate_media(media="screen")
    page.goto(f"/tournaments/{t['id']}/print/")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 1123, "height": 794})  # A4 landscape at 96 dpi
    bracket = page.locator(".bracket").first
    assert bracket.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    screenshot("bracket")


def test_the_club_page_and_its_tournaments(
    page: Page, club: Club, api: APIClient, screenshot: Screenshot
) -> None:
    done = create(api, club, format="single_elimination", entrants=2)
    final = match_at(done, "winners", 1, 1)
    play(api, done["id"], final, final["entrants"][0])
    running = create(api, club, format="swiss", entrants=6)
    page.goto(f"/clubs/{club.slug}/")
    section = page.locator("section[aria-labelledby='tournaments-h']")
    expect(section.get_by_role("link", name="+ New tournament")).to_be_visible()
    cards = section.locator(".t-card")
    expect(cards).to_have_count(2)
    expect(cards.first).to_contain_text("Running")
    expect(cards.last).to_contain_text("Champion: Ann")
    section.screenshot(path=screenshot("club").with_name("club-tournaments.png"))
    cards.first.locator("a").tap()
    expect(page).to_have_url(
        f"{page.url.split('/clubs/')[0]}/tournaments/{running['id']}/"
    )
    page.goto(f"/clubs/{club.slug}/tournaments/")
    check_page(page, screenshot)

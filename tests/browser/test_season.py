"""A season's standings page at phone size (390 x 844): readable in light and dark
mode, 44 px tap targets, the player's column staying put while the figures scroll
sideways; an organiser adds a night and sorts the table with its headings."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from pitchclub.services import clubs as club_services
from tests.browser.conftest import sign_in
from tests.browser.test_pages import Screenshot, check_page
from tests.factories import UserFactory
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Long enough to wrap in the player's column.
LONG = "Wilhelmina Maximiliane Wolkenstein-Mawr"


@pytest.fixture
def organiser(page: Page, live_server: Any) -> AbstractUser:
    user = UserFactory(username="olive")
    sign_in(page, user, live_server.url)
    return user


@pytest.fixture
def season(organiser: AbstractUser) -> Season:
    """Four nights of a Thursday club; 1 worst night dropped, 3 to qualify."""
    club = club_services.club_create(name="Thursday Night Pitch", by=organiser)
    season = make_season(
        club, DEC[3], DEC[10], DEC[17], DEC[24], drop_worst=1, min_nights=3
    )
    for day, games in (
        (DEC[3], [("Ann", "Bob", 2), ("Cy", LONG, 1), ("Di", "Eve", 0)]),
        (DEC[10], [("Bob", "Ann", 1), (LONG, "Cy", 2), ("Di", "Ann", 0)]),
        (DEC[17], [("Ann", "Cy", 0), ("Bob", LONG, 2), ("Cy", "Di", 1)]),
        (DEC[24], [("Ann", "Bob", 1), ("Cy", LONG, 0)]),
    ):
        for winner, loser, points in games:
            played(club, day, winner, loser, points)
    return season


def test_a_seasons_standings_at_phone_size(
    page: Page, season: Season, screenshot: Screenshot
) -> None:
    page.goto(f"/seasons/{season.pk}/")

    expect(page.get_by_role("heading", name="Winter 2026")).to_be_visible()
    qualified = page.locator("table.standings").first
    expect(qualified.locator("tbody tr")).to_have_count(5)
    expect(page.get_by_role("heading", name="Not yet qualified")).to_be_visible()
    check_page(page, screenshot)

    # The figures scroll sideways; the player's column stays where it is.
    wrap = page.locator(".standings-wrap").first
    name_cell = qualified.locator("tbody th.player").first
    left = name_cell.bounding_box()["x"]
    wrap.evaluate("el => el.scrollTo({left: 400})")
    assert wrap.evaluate("el => el.scrollLeft") > 0, "the table fits: nothing scrolls"
    assert abs(name_cell.bounding_box()["x"] - left) < 1
    screenshot("scrolled", full_page=False)
    wrap.evaluate("el => el.scrollTo({left: 0})")

    # A heading sorts the table (a link: no script needed).
    page.get_by_role("link", name="Points").first.tap()
    expect(page).to_have_url(f"/seasons/{season.pk}/?sort=points#standings")
    expect(qualified.locator("thead th[aria-sort=descending]")).to_have_text("Points ▼")

    # The organiser adds the next night.
    page.get_by_label("Date").fill("2026-12-31")
    page.get_by_role("button", name="Add night").tap()
    expect(page.locator(".message")).to_have_text(
        "Night of Thu 31 Dec 2026 added to Winter 2026."
    )
    expect(page.locator(".night-date").first).to_have_text("Thu 31 Dec 2026")
    # A name leads to the player's statistics of the season.
    page.get_by_role("link", name="Ann", exact=True).first.tap()
    expect(page).to_have_url(re.compile(rf"/players/\d+/\?season={season.pk}$"))
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    page.go_back()
    # The nights count, to the player's nights, the dropped one marked.
    page.get_by_role("link", name="Ann's nights").tap()
    expect(page.locator("tr.dropped")).to_have_count(1)
    expect(
        page.get_by_role("link", name="Ann's statistics this season")
    ).to_be_visible()
    check_page(page, lambda suffix="", **kw: screenshot(f"player-{suffix}", **kw))


def test_a_seasons_standings_on_a_desktop_are_as_wide_as_their_columns(
    page: Page, season: Season, screenshot: Screenshot
) -> None:
    """At 1280 x 800 the player's column is as wide as its longest name (issue 22,
    item 8: no wide empty column between the names and "Counted")."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/seasons/{season.pk}/")
    screenshot("desktop", full_page=True)
    for table in page.locator("table.standings").all():
        column = table.locator("thead th.player").bounding_box()
        names = [a.bounding_box() for a in table.locator("tbody th.player a").all()]
        widest = max(box["x"] + box["width"] for box in names)
        gap = column["x"] + column["width"] - widest
        # (Short names only: the column keeps its least width, 8.5rem.)
        assert gap < 32 or column["width"] <= 160, (
            f"{gap:.0f} px of empty column after the longest name"
        )
        # Its box (the border) hugs the table, no empty band on its right.
        wrap = table.locator("xpath=..").bounding_box()
        assert wrap["width"] - table.bounding_box()["width"] < 4


def test_every_name_on_the_season_pages_is_a_thumbs_size(
    page: Page, season: Season
) -> None:
    """Short names (Di, Cy) too: at least 44 x 44 px, on the standings, a night's
    results, a player's nights and the playoffs' seeds."""
    night = season.nights.order_by("date").first()
    ann = season.club.players.get(name="Ann")
    for address in (
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/nights/{night.pk}/",
        f"/seasons/{season.pk}/players/{ann.pk}/",
        f"/seasons/{season.pk}/playoffs/",
    ):
        page.goto(address)
        names = page.locator("table.standings tbody th.player a, a.seed-name")
        small = []
        for name in names.all():
            box = name.bounding_box()
            if box is not None and (box["width"] < 44 or box["height"] < 44):
                small.append(
                    f"{name.inner_text()!r} {box['width']:.0f}x{box['height']:.0f}"
                )
        assert not small, f"{address}: {small}"

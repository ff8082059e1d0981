"""From a night's results to a player's games of that night, at phone size
(390 x 844): the archive says which night it shows, readable in light and dark
mode with 44 px tap targets; "Remove" shows all the player's games; a wrong
night is said next to it."""

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

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Wilhelmina Maximiliane Wolkenstein-Mawr"


@pytest.mark.browser_allow(r"status of 400 \(Bad Request\).*/games/\?")
def test_a_players_games_of_one_night(
    page: Page, live_server: Any, screenshot: Screenshot
) -> None:
    organiser: AbstractUser = UserFactory(username="olive")
    sign_in(page, organiser, live_server.url)
    club = club_services.club_create(name="Thursday Night Pitch", by=organiser)
    season = make_season(club, DEC[3], DEC[10], name="Winter League of the Grange")
    night = season.nights.get(date=DEC[3])
    played(club, DEC[3], LONG, "Bob", 2)
    played(club, DEC[3], "Cy", LONG, 1)
    # Played from the paper sheet a week later, for the 3rd.
    played(club, DEC[10], LONG, "Di", night=night.pk)
    played(club, DEC[10], LONG, "Eve")  # the 10th's night

    page.goto(f"/seasons/{season.pk}/nights/{night.pk}/")
    # A name leads to the player page; the games count to their games of the night.
    results = page.locator("table.standings")
    expect(results.get_by_role("link", name=LONG, exact=True)).to_have_attribute(
        "href", re.compile(rf"^/players/\d+/\?season={season.pk}$")
    )
    results.get_by_role("link", name=f"{LONG}'s games this night").tap()
    scope = page.locator(".scope")
    expect(scope).to_contain_text("Night of Thu 3 Dec 2026 · Winter League")
    expect(page.locator(".count")).to_have_text("3 games found")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    check_page(page, screenshot)

    scope.get_by_role("link", name="Remove the filter").tap()
    expect(page.locator(".count")).to_have_text("4 games")
    expect(page.locator(".scope")).to_have_count(0)

    page.goto(page.url + "?night=9999")
    expect(page.locator("#id_night_error")).to_have_text("There is no night 9999.")
    page.emulate_media(color_scheme="light")
    screenshot("wrong")

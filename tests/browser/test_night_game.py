"""From a season's night to its game and back, on the scorekeeper's phone (390 x
844, issue 14): the new-game page says what the game counts for; the game's page
says its night and leads back; a progressive table's game says its round, table
and hand. Dark and light screenshots to tests/artifacts/screenshots/."""

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pitchclub.models import Membership, Role
from pitchclub.services import clubs as club_services
from tests.browser.conftest import sign_in
from tests.browser.taps import tap_targets
from tests.browser.test_new_game import no_sideways_scroll
from tests.browser.test_pages import MIN_TAP, faint_text
from tests.factories import UserFactory
from tests.tournaments.conftest import client_for
from tests.tournaments.helpers import start_game
from tests.tournaments.nights.test_progressive import current_round, night, tables
from tournaments.seasons import services as seasons

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _look(page: Page, screenshot: Callable[..., Path], name: str) -> list[str]:
    no_sideways_scroll(page)
    problems = []
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        screenshot(f"{name}-{scheme}")
        problems += [f"{name} {scheme}: {p}" for p in faint_text(page)]
    return problems


def _taps(page: Page, selector: str) -> list[str]:
    # Measured once the page's stylesheets are in: a box measured while the new
    # page was still loading once read 17 px (CI's load).
    page.wait_for_load_state("load")
    controls = tap_targets(
        page, selector, visible_only=False, focus_off_screen=False, must_match=False
    )
    return [
        f"{t['inner_text']!r} is {t['height']:.0f} px"
        for t in controls
        if t["height"] < MIN_TAP
    ]


def test_a_night_to_its_game_and_back(
    page: Page, live_server: Any, screenshot: Callable[..., Path]
) -> None:
    organiser = UserFactory(username="olive")
    club = club_services.club_create(name="Grange Hall Pitch", by=organiser)
    keeper = UserFactory(username="sam")
    Membership.objects.create(club=club, user=keeper, role=Role.SCOREKEEPER)
    season = seasons.season_create(
        club=club,
        name="Winter League 2026-27 Thursdays",
        starts=datetime.date(2026, 12, 1),
        ends=datetime.date(2027, 3, 30),
        variant="auction",
        options={},
        scoring="wins",
    )
    the_night = seasons.night_add(season=season, date=datetime.date(2026, 12, 3))

    sign_in(page, keeper, live_server.url)
    page.goto(f"{live_server.url}/seasons/{season.pk}/nights/{the_night.pk}/")
    page.get_by_role("link", name="+ Start a game here").click()
    choice = page.locator("[data-night-choice]")
    expect(choice).to_contain_text("Counts for the night of Thu 3 Dec")
    expect(choice.locator("input[type=checkbox]")).to_be_checked()
    problems = _look(page, screenshot, "new-game-night")
    for box, name in enumerate(["Annabelle", "Bob"]):
        page.locator(f"#id_player_{box}").fill(name)
    page.get_by_role("button", name="Start game").click()

    panel = page.locator("[data-night-panel]")
    expect(panel).to_contain_text("Night of Thu 3 Dec")
    problems += _taps(page, "[data-night-panel] .btn")
    problems += _look(page, screenshot, "night-game")
    page.emulate_media(color_scheme="light")
    panel.locator("[data-night-link]").click()
    expect(page).to_have_url(
        f"{live_server.url}/seasons/{season.pk}/nights/{the_night.pk}/"
    )
    assert not problems, problems


def test_a_progressive_tables_game_says_where_it_is(
    page: Page, live_server: Any, screenshot: Callable[..., Path]
) -> None:
    organiser = UserFactory(username="olive")
    club = club_services.club_create(name="Grange Hall Pitch", by=organiser)
    api = client_for(organiser)
    t = night(api, club, 8, settings={"hands_per_round": 8})
    table = tables(current_round(t))[1]
    game = start_game(api, t["id"], table["id"])

    sign_in(page, organiser, live_server.url)
    page.goto(f"{live_server.url}/games/{game['id']}/")
    panel = page.locator("[data-table-panel]")
    expect(panel).to_contain_text("Table 2 · Round 1 · Hand 1 of 8")
    problems = _taps(page, "[data-table-panel] .btn")
    problems += _look(page, screenshot, "table-game")
    panel.locator("[data-night-link]").click()
    expect(page.locator("h1")).to_contain_text("Spring Cup")
    assert not problems, problems

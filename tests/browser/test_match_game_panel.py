"""A best-of-3 match's game 1, won, on the scorekeeper's phone (390 x 844): the
match panel with its score and "Start game 2 of the match" in place of "New game,
same players"; dark and light screenshots to tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pitchclub.models import Membership, Role
from pitchclub.services import clubs as club_services
from tests.browser.conftest import sign_in
from tests.browser.taps import locator_targets
from tests.browser.test_new_game import no_sideways_scroll
from tests.browser.test_pages import MIN_TAP, faint_text
from tests.factories import UserFactory
from tests.tournaments.conftest import client_for
from tests.tournaments.helpers import create, match_at, start_game, win_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_won_game_1_of_a_best_of_3_leads_to_game_2(
    page: Page, live_server: Any, screenshot: Callable[..., Path]
) -> None:
    organiser = UserFactory(username="olive")
    club = club_services.club_create(name="Grange Hall Pitch", by=organiser)
    keeper = UserFactory(username="sam")
    Membership.objects.create(club=club, user=keeper, role=Role.SCOREKEEPER)
    api = client_for(keeper)
    entrants = ["Annabelle Fitzgerald-Montgomery", "Bob", "Cy", "Di"]
    tournament = create(
        api,
        club,
        format="single_elimination",
        entrants=entrants,
        settings={"games_per_match": 3},
    )
    match = match_at(tournament, "winners", 1, 1)
    game = start_game(api, tournament["id"], match["id"])
    win_game(api, game["id"], 0)

    sign_in(page, keeper, live_server.url)
    page.goto(f"{live_server.url}/games/{game['id']}/")
    panel = page.locator("[data-match-panel]")
    expect(panel).to_contain_text("Game 1 of best of 3")
    expect(panel.locator("[data-match-next]")).to_be_visible()
    expect(page.get_by_text("New game, same players")).to_have_count(0)
    no_sideways_scroll(page)
    problems = [
        f"{t['inner_text']!r} is {t['height']:.0f} px"
        for t in locator_targets(
            panel.locator(".btn"),
            visible_only=False,
            focus_off_screen=False,
            must_match=False,
        )
        if t["height"] < MIN_TAP
    ]
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        screenshot(f"won-{scheme}")
        problems += [f"{scheme}: {problem}" for problem in faint_text(page)]
    page.emulate_media(color_scheme="dark")
    assert not problems, problems
    page.locator("[data-match-next]").click()
    expect(page.locator("[data-match-panel]")).to_contain_text("Game 2 of best of 3")

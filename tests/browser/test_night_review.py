"""A progressive night of 11 as a reviewer saw it (issue 14): the night's wall at
1280 x 800 (the round's seating as partners, the tables' states and results, the
tally) and the table page reached from a table card's QR code at 390 x 844, dark
and light. Screenshots in tests/artifacts/screenshots/."""

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import sign_in
from tests.browser.test_tournament_play import Grange, Screenshot, grange, look
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.models import Match
from tournaments.nights import services as night_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["grange"]

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal Longname-Fitzgerald",
         "Ida", "Jo", "Kit"]  # fmt: skip


def test_the_night_wall_and_a_table_page(
    page: Page, live_server: Any, grange: Grange, screenshot: Screenshot
) -> None:
    night = create.tournament_create(
        club=grange.club,
        name="Thursday progressive",
        format="progressive",
        variant="auction",
        settings={"hands_per_round": 3},
        entrants=[create.EntrantInput(players=[name]) for name in NAMES],
        created_by=grange.organiser,
    )
    first, second, third = Match.objects.filter(tournament=night).order_by("table")
    night_services.table_result_enter(
        tournament_id=night.pk, match_id=first.pk, scores=[5, 1]
    )
    match_services.match_game_start(tournament_id=night.pk, match_id=second.pk)
    sign_in(page, grange.keeper, live_server.url)

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/tournaments/{night.pk}/wall/")
    expect(page.get_by_role("heading", name="Round 1 of 4")).to_be_visible()
    expect(page.locator(".night-table")).to_have_count(3)
    screenshot("wall", full_page=False)
    wall = page.locator("#wall").bounding_box()
    assert wall is not None
    assert wall["width"] > 1100, wall

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/tournaments/{night.pk}/matches/{third.pk}/table/")
    expect(page.get_by_role("heading", name="Table 3 · Round 1")).to_be_visible()
    look(page, screenshot, "table")

    # Table 1 (finished, partners), then "Goes home" asks first on the board.
    page.goto(f"/tournaments/{night.pk}/matches/{first.pk}/table/")
    expect(page.get_by_role("heading", name="Table 1 · Round 1")).to_be_visible()
    expect(page.locator(".table-versus")).to_have_text("Ann & Cy v Bob & Di")
    look(page, screenshot, "table-1")
    page.goto(f"/tournaments/{night.pk}/")
    page.get_by_role("link", name="Eve goes home").tap()
    expect(page.get_by_role("alert")).to_contain_text("Eve goes home?")
    look(page, screenshot, "goes-home")
    page.locator("#confirm-leave").scroll_into_view_if_needed()
    screenshot("goes-home-view", full_page=False)
    page.get_by_role("button", name="Yes, Eve goes home").tap()
    expect(page.locator(".messages")).to_contain_text("Eve has gone home")
    page.get_by_role("button", name="Eve comes back").tap()
    expect(page.locator(".messages")).to_contain_text("Eve is back")


def test_a_finished_nights_wall(
    page: Page, live_server: Any, grange: Grange, screenshot: Screenshot
) -> None:
    names = [*NAMES, "Lou", "Max", "Ned", "Oz", "Pat"]
    night = create.tournament_create(
        club=grange.club,
        name="Thursday progressive",
        format="progressive",
        variant="auction",
        settings={"hands_per_round": None, "rounds": 1},
        options={"target": 11},
        entrants=[create.EntrantInput(players=[name]) for name in names],
        created_by=grange.organiser,
    )
    for number, table in enumerate(Match.objects.filter(tournament=night)):
        sides = 2 if len(table.seats) == 4 else len(table.seats)
        scores = [11 - number, *range(sides - 1)]
        night_services.table_result_enter(
            tournament_id=night.pk, match_id=table.pk, scores=scores
        )
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/tournaments/{night.pk}/wall/")
    expect(page.locator(".t-champion-banner")).to_contain_text("Winner: ")
    expect(page.get_by_text("a game to 11 a round")).to_be_visible()
    screenshot("wall", full_page=False)

"""A progressive night of 8 (two tables) run from two phones (390 x 844): the
organiser checks players in and seats round 1, a scorekeeper scans table 1's
card (its table link) on a second phone and plays its 2 hands, the organiser
types table 2's paper scores, draws the next round, types its scores and sees
the final tally. Screenshots, dark and light, in tests/artifacts/screenshots/."""

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import CSP_LISTENER, SCREENSHOTS, sign_in, tap_hand
from tests.browser.test_tournament_play import Grange, Screenshot, grange, look
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["grange"]

ANN_TAKES_ALL = {"high": 0, "low": 0, "jack": 0, "game": 0}


def paper(page: Page, table: int, scores: tuple[int, int]) -> None:
    card = page.locator(
        ".night-table", has=page.get_by_role("link", name=f"Table {table}")
    )
    inputs = card.locator("input[type=text]")
    inputs.nth(0).fill(str(scores[0]))
    inputs.nth(1).fill(str(scores[1]))
    card.get_by_role("button", name=f"Save table {table}").tap()
    expect(page.locator(".messages")).to_contain_text(f"Table {table}: scores saved")


def test_a_night_from_check_in_to_the_final_tally_on_two_phones(
    page: Page,
    browser: Browser,
    browser_context_args: dict[str, Any],
    live_server: Any,
    grange: Grange,
    screenshot: Screenshot,
) -> None:
    sign_in(page, grange.organiser, live_server.url)
    page.goto(f"/clubs/{grange.club.slug}/nights/new/")
    page.get_by_label("Night's name").fill("Thursday progressive")
    for name in ("Ann", "Bob", "Cy", "Di"):
        page.get_by_label(name, exact=True).check()
    page.get_by_label("New guests (one name a line)").fill(
        "Eve\nFinn\nGus\nHal Longname-Fitzgerald-Worthington"
    )
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Hands a round (empty: a game to the target)").fill("2")
    look(page, screenshot, "1-check-in")
    page.get_by_role("button", name="Seat round 1").tap()
    page.wait_for_url(re.compile(r"/tournaments/[0-9]+/$"))
    night = Tournament.objects.get()
    expect(page.get_by_role("heading", name="Round 1 of 2")).to_be_visible()
    expect(page.locator(".night-table")).to_have_count(2)
    look(page, screenshot, "2-round-1")

    # Table 1 from its card's QR code on the scorekeeper's phone.
    table_1 = Match.objects.get(tournament=night, table=1)
    table_url = f"{live_server.url}/tournaments/{night.pk}/matches/{table_1.pk}/table/"
    cards = page.context.new_page()
    cards.goto(f"/tournaments/{night.pk}/cards/")
    expect(cards.locator(".table-card")).to_have_count(2)
    expect(cards.locator(".table-url").first).to_have_text(table_url)
    cards.set_viewport_size({"width": 390, "height": 844})
    cards.screenshot(path=SCREENSHOTS / "progressive-cards.png", full_page=True)
    cards.close()
    context = browser.new_context(**browser_context_args)
    phone = context.new_page()
    phone.add_init_script(CSP_LISTENER)
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(error.message))
    sign_in(phone, grange.keeper, live_server.url)
    phone.goto(table_url)
    phone.get_by_role("button", name="Start game at table 1").tap()
    phone.wait_for_url(re.compile(r"/games/[0-9]+/$"))
    expect(phone.locator("body")).to_contain_text("Hand 1 of 2")
    for hand in (1, 2):
        tap_hand(phone, 0, 4, ANN_TAKES_ALL)
        phone.locator("#hand-entry button.save").tap()
        expect(phone.locator(".messages")).to_contain_text(f"Hand {hand} saved")
    phone.screenshot(path=SCREENSHOTS / "progressive-table-1.png", full_page=True)
    context.close()
    assert not errors, errors

    # Table 2 on paper; then the next round, shown on the wall view.
    page.reload()
    expect(page.locator(".night-table").first).to_contain_text("Finished")
    paper(page, 2, (3, 5))
    page.get_by_role("button", name="Next round").tap()
    expect(page.get_by_role("heading", name="Round 2 of 2")).to_be_visible()
    look(page, screenshot, "3-round-2")
    page.goto(f"/tournaments/{night.pk}/?wall=1")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=SCREENSHOTS / "progressive-wall.png", full_page=True)
    # The wall polls every 3 s: leave it between two polls, so that no read of
    # it is still running in the live server when the next page writes (SQLite's
    # live server shares one connection: "database table is locked").
    page.wait_for_load_state("networkidle")
    page.goto("about:blank")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/tournaments/{night.pk}/")
    paper(page, 1, (6, 2))
    paper(page, 2, (1, 4))
    expect(page.get_by_role("heading", name="Final tally")).to_be_visible()
    night.refresh_from_db()
    assert night.status == "finished"
    tally = page.locator(".night-tally li")
    expect(tally).to_have_count(8)
    look(page, screenshot, "4-final-tally")

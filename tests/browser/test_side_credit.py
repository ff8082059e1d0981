"""Points credited to a team at the table, at 360 and 390 wide: "Rest to team" ticks
the team in every row still open (shown as the team, "Bob & Di"), the hand is saved
for the team and for no player, online or from the offline queue; the hand page says
who took each point, and a dealer's steal as a steal (issue 11)."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring.models import Award, Game
from tests.browser.conftest import SCREENSHOTS, button, hands_of
from tests.browser.test_pages import check_page
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]
WIDTHS = [360, 390]
REST = ("ace", "jack", "jick", "high_joker", "low_joker", "ten", "off_three")


def at_width(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"page is {wide}px wide"


def team_credits(game: Game) -> dict[str, int]:
    return {
        award.point: award.side
        for award in Award.objects.filter(hand__game=game, seat__isnull=True)
    }


def tap_rest_to_bob_and_di(page: Page) -> None:
    button(page, "pitcher", 1).tap()
    button(page, "bid", 6).tap()
    button(page, "award-three", 0).tap()
    button(page, "award-two", "none").tap()
    page.get_by_role("button", name="Rest to Bob & Di").tap()


@pytest.mark.parametrize("width", WIDTHS)
def test_rest_to_team_credits_the_team_and_shows_it(
    page: Page, keeper: AbstractUser, screenshot: Screenshot, width: int
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")

    tap_rest_to_bob_and_di(page)

    for point in REST:
        team = button(page, f"award-{point}", "side-1")
        expect(team).to_be_visible()
        expect(team).to_have_text("Team Bob & Di")
        expect(page.locator(f"#award-{point}-side-1")).to_be_checked()
        expect(page.locator(f"#award-{point}-1")).not_to_be_checked()
    # The other team's credit is offered nowhere until chosen.
    expect(page.locator("label.tap.team:visible")).to_have_count(len(REST))
    expect(page.locator("#preview")).to_contain_text("Bob bid 6: made")
    no_sideways_scroll(page)
    screenshot(f"{width}-tapped", full_page=True)
    page.locator("fieldset.taps-award-ten").scroll_into_view_if_needed()
    screenshot(f"{width}-rows", full_page=False)
    # A tap on a player takes the point back from the team.
    button(page, "award-ten", 3).tap()
    expect(button(page, "award-ten", "side-1")).to_be_hidden()

    page.locator("#hand-entry button.save").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")

    [hand] = hands_of(game)
    assert hand.won == [3, 9]
    assert team_credits(game) == {point: 1 for point in REST if point != "ten"}
    assert Award.objects.get(hand=hand, point="ten").player.name == "Di"

    page.goto(f"/games/{game.pk}/hands/1/")
    expect(page.locator(".hand-awards")).to_contain_text("Bob & Di (team)")
    page.locator(".hand-now").screenshot(path=SCREENSHOTS / f"side-hand-{width}.png")
    expect(page.locator("#award-ace-side-1")).to_be_checked()
    no_sideways_scroll(page)
    check_page(page, screenshot)
    screenshot(f"{width}-hand-page", full_page=True)


def test_a_rest_to_team_hand_queued_offline_is_replayed_for_the_team(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    tap_rest_to_bob_and_di(page)
    page.locator("#hand-entry button.save").tap()
    expect(page.locator("#offline-status")).to_contain_text("1 hand waiting")
    key = f"pitchclub:queue:{game.pk}"
    [queued] = page.evaluate("(key) => JSON.parse(localStorage[key])", key)
    assert "award-ace=side-1" in queued["body"]
    screenshot("queued", full_page=False)

    page.context.set_offline(False)

    expect(page.locator(".messages")).to_contain_text("Hand 1 saved", timeout=12_000)
    [hand] = hands_of(game)
    assert hand.won == [3, 9]
    assert team_credits(game) == dict.fromkeys(REST, 1)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_hand_page_shows_a_steal_as_a_steal(
    page: Page, keeper: AbstractUser, screenshot: Screenshot, width: int
) -> None:
    game: Any = game_factory(created_by=keeper)
    # Ann deals; Bob bids 2, Ann steals it at 2.
    record(game, [2, "pass", "pass", 2], {"high": 0, "low": 0, "jack": 1})
    at_width(page, width)

    page.goto(f"/games/{game.pk}/hands/1/")

    expect(page.locator(".big-line")).to_contain_text("Ann stole the bid at 2")
    page.locator(".hand-now").screenshot(path=SCREENSHOTS / f"side-steal-{width}.png")
    no_sideways_scroll(page)
    screenshot(f"{width}", full_page=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_printed_sheet_shows_the_date_the_club_and_the_players(
    page: Page, keeper: AbstractUser, screenshot: Screenshot, width: int
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    record(game, [5, "pass", "pass", "pass"], {"ace": 1, "three": 3, "two": 2})
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    header = page.locator(".print-header")
    expect(header).to_be_hidden()

    page.emulate_media(media="print")

    expect(header).to_be_visible()
    expect(header).to_contain_text("No club")
    expect(header).to_contain_text("Teams: Ann & Cy v Bob & Di · Ann deals first")
    no_sideways_scroll(page)
    screenshot(f"{width}", full_page=False)
    page.emulate_media(media="screen")
    expect(header).to_be_hidden()

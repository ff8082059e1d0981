"""Issue 11, at 360 and 390 wide: the phone counts the hands it keeps offline
(totals, made or set, the win, and why) as the server will, and stops at a win; the
refused-hand banner goes once nothing is left to fix and is never printed; an undo on
one phone racing another phone's hand is told as such. Screenshots go to
tests/artifacts/screenshots/ (and /tmp/offline-*.png to look at)."""

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.conftest import button
from tests.browser.test_offline import (
    INCOMPLETE,
    SENT_WITHIN_MS,
    controlled_by_service_worker,
    enter_hand,
    status_box,
    stored,
    wait_for_hands,
)
from tests.browser.test_pages import check_page
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]
WIDTHS = [360, 390]

# Ann deals hand 1. Bob bids 2 and takes all four: 4.
HAND_1 = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1, "jack": 1, "game": 1}}
# Cy bids 3 and takes only High: set back 3; Bob takes Low, Di Game.
HAND_2 = {
    "pitcher": 2,
    "bid": 3,
    "awards": {"high": 2, "low": 1, "jack": "none", "game": 3},
}
# Bob bids 3 and takes all four: 9, out.
HAND_3 = {"pitcher": 1, "bid": 3, "awards": {"high": 1, "low": 1, "jack": 1, "game": 1}}


def totals(page: Page) -> list[str]:
    return page.locator("#table .totals:visible .score").all_inner_texts()


def at_width(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})


@pytest.mark.parametrize("width", WIDTHS)
def test_offline_the_phone_counts_the_hands_it_keeps_and_stops_at_a_win(
    page: Page, game: Game, screenshot: Screenshot, width: int
) -> None:
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    enter_hand(page, **HAND_1)
    expect(page.locator("#table .totals:visible")).to_have_count(1)
    assert totals(page) == ["0", "4", "0", "0"]
    rows = page.locator(".sheet tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("on this phone")
    expect(page.locator("#table")).to_contain_text(
        "Totals with 1 hand kept on this phone"
    )

    enter_hand(page, **HAND_2)
    assert totals(page) == ["0", "5", "-3", "1"]
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_have_class("queued offline-count was-set")
    expect(rows.nth(1).locator(".set-cell .delta")).to_have_text("-3")
    page.screenshot(path=f"/tmp/offline-count-{width}.png", full_page=True)

    enter_hand(page, **HAND_3)
    banner = page.locator("#table .banner.win:visible")
    expect(banner).to_have_text("★ Bob won the game in hand 3.")
    expect(page.locator("#table .win-reason:visible")).to_have_text(
        "Bob made the bid of 3 and went out with 9."
    )
    expect(page.locator("#table .notice.over")).to_contain_text(
        "Game over — confirmed when back online"
    )
    assert totals(page) == ["0", "9", "-3", "1"]
    # No more hands on this phone: the form is gone, and an old copy can't queue.
    expect(page.locator("#hand-entry")).to_be_hidden()
    queued = stored(page, f"pitchclub:queue:{game.pk}")
    assert [item["number"] for item in queued] == [1, 2, 3]
    page.screenshot(path=f"/tmp/offline-won-{width}.png", full_page=True)
    check_page(page, screenshot)

    page.context.set_offline(False)

    hands = wait_for_hands(page, game, 3)
    assert [(h.number, h.made) for h in hands] == [(1, True), (2, False), (3, True)]
    expect(status_box(page)).to_be_hidden(timeout=SENT_WITHIN_MS)
    # The server's own sheet now, the same figures and words.
    expect(page.locator("#table .offline-count")).to_have_count(0)
    expect(banner).to_have_text("★ Bob won the game in hand 3.")
    expect(page.locator("#table .win-reason")).to_have_text(
        "Bob made the bid of 3 and went out with 9."
    )
    assert totals(page) == ["0", "9", "-3", "1"]
    expect(rows).to_have_count(3)
    game.refresh_from_db()
    assert game.winner == 1
    page.screenshot(path=f"/tmp/offline-confirmed-{width}.png", full_page=True)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_thirteen_point_win_offline_is_told_as_the_server_tells_it(
    page: Page, keeper: AbstractUser, width: int
) -> None:
    """Partners, 13-Point: Bob & Di shoot the moon offline and make it."""
    at_width(page, width)
    game = game_factory(variant="thirteen", created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    button(page, "pitcher", 1).tap()
    button(page, "bid", 13).tap()
    for point in (
        "ace",
        "jack",
        "jick",
        "high_joker",
        "low_joker",
        "ten",
        "three",
        "off_three",
        "two",
    ):
        button(page, f"award-{point}", 3 if point == "two" else 1).tap()
    page.locator("#hand-entry button.save").tap()

    expect(page.locator("#table .banner.win:visible")).to_have_text(
        "★ Bob & Di won the game in hand 1."
    )
    reason = "Bob & Di shot the moon and took all 13 points: that wins the game at once."
    expect(page.locator("#table .win-reason:visible")).to_have_text(reason)
    expect(page.locator("#hand-entry")).to_be_hidden()

    page.context.set_offline(False)

    wait_for_hands(page, game, 1)
    expect(page.locator("#table .offline-count")).to_have_count(0, timeout=SENT_WITHIN_MS)
    expect(page.locator("#table .win-reason")).to_have_text(reason)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.browser_allow(r"status of 422 ")
def test_the_refused_banner_goes_once_nothing_is_left_to_fix(
    page: Page, keeper: AbstractUser, screenshot: Screenshot, width: int
) -> None:
    """A hand refused on the way back online; another phone then records hand 1 and
    wins the game. The finished game shows no refused banner, and a printed sheet
    never does."""
    at_width(page, width)
    game = game_factory(options={"target": 4}, created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **INCOMPLETE)
    page.context.set_offline(False)
    box = status_box(page)
    expect(box).to_contain_text(
        "Hand 1 was refused: fix it below", timeout=SENT_WITHIN_MS
    )
    page.emulate_media(media="print")
    expect(box).to_be_hidden()  # never on paper
    page.emulate_media(media="screen")
    expect(box).to_be_visible()

    # Phone B: Bob pitches 4 and takes everything: out at 4.
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    page.reload()

    expect(page.locator(".banner.win")).to_contain_text("Bob won the game")
    expect(box).to_be_hidden()
    assert stored(page, f"pitchclub:refused:{game.pk}") is None
    page.screenshot(path=f"/tmp/offline-refused-gone-{width}.png", full_page=True)


@pytest.mark.browser_allow(r"status of 422 ")
def test_a_refused_hand_with_nothing_after_it_can_be_dropped(
    page: Page, game: Game
) -> None:
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **INCOMPLETE)
    page.context.set_offline(False)
    box = status_box(page)
    expect(box).to_contain_text(
        "Hand 1 was refused: fix it below.", timeout=SENT_WITHIN_MS
    )

    box.get_by_role("button", name="Drop hand 1").tap()

    expect(box).to_be_hidden()
    assert stored(page, f"pitchclub:refused:{game.pk}") is None
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)
    expect(page.locator("#hand-entry .form-error")).to_have_count(0)
    page.reload()
    expect(box).to_be_hidden()

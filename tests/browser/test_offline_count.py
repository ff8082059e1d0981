"""Issue 11, at 360 and 390 wide: the phone counts the hands it keeps offline
(totals, made or set, the win, and why) as the server will, and stops at a win; the
refused-hand banner goes once nothing is left to fix and is never printed; an undo on
one phone racing another phone's hand is told as such. Screenshots go to
tests/artifacts/screenshots/ (SCREENSHOTS=1)."""

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, button, hands_of, sign_in, tap_hand
from tests.browser.test_offline import (
    INCOMPLETE,
    SENT_WITHIN_MS,
    checked,
    controlled_by_service_worker,
    enter_hand,
    enter_incomplete_hand,
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
    page.screenshot(path=SCREENSHOTS / f"offline-count-{width}.png", full_page=True)

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
    page.screenshot(path=SCREENSHOTS / f"offline-won-{width}.png", full_page=True)
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
    page.screenshot(path=SCREENSHOTS / f"offline-confirmed-{width}.png", full_page=True)


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
    reason = (
        "Bob & Di shot the moon and took all 13 points: that wins the game at once."
    )
    expect(page.locator("#table .win-reason:visible")).to_have_text(reason)
    expect(page.locator("#hand-entry")).to_be_hidden()

    page.context.set_offline(False)

    wait_for_hands(page, game, 1)
    expect(page.locator("#table .offline-count")).to_have_count(
        0, timeout=SENT_WITHIN_MS
    )
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
    enter_incomplete_hand(page, **INCOMPLETE)
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
    page.screenshot(
        path=SCREENSHOTS / f"offline-refused-gone-{width}.png", full_page=True
    )


@pytest.mark.browser_allow(r"status of 422 ")
def test_a_refused_hand_with_nothing_after_it_can_be_dropped(
    page: Page, game: Game
) -> None:
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_incomplete_hand(page, **INCOMPLETE)
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


# Hands 1 and 2 as recorded before the race: Bob, then Cy, bid 2 and take all four.
HAND_1_RECORDED = (
    [2, "pass", "pass", "pass"],
    {"high": 1, "low": 1, "jack": 1, "game": 1},
)
HAND_2_RECORDED = (
    [2, "pass", "pass", "pass"],
    {"high": 2, "low": 2, "jack": 2, "game": 2},
)
# Phone B's hand 3 (Cy deals): Di bids 2 and makes it.
B_HAND_3 = {
    "pitcher": 3,
    "bid": 2,
    "awards": {"high": 3, "low": 3, "jack": 0, "game": 3},
}


@pytest.fixture
def phone_a(
    browser: Any, browser_context_args: dict, keeper: AbstractUser, live_server: Any
) -> Iterator[Page]:
    """A second phone at the same table, signed in as the same scorekeeper."""
    context = browser.new_context(**browser_context_args)
    other = context.new_page()
    sign_in(other, keeper, live_server.url)
    yield other
    context.close()


def undo_on(phone: Page, game: Game, number: int) -> None:
    phone.goto(f"/games/{game.pk}/hands/{number}/undo/")
    phone.get_by_role("button", name=f"Undo hand {number}").tap()
    expect(phone.locator(".messages")).to_contain_text(f"Hand {number} undone")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_an_undo_on_one_phone_racing_the_other_phones_hand_is_told_as_such(
    page: Page, phone_a: Page, game: Game, screenshot: Screenshot, width: int
) -> None:
    """Phone B has taps for hand 3 when phone A undoes hand 2. B is told that hand 2
    was undone on another phone (not that someone may have recorded a hand); its
    taps are offered for the new hand 2, and kept: once hand 2 is recorded again
    they come back for hand 3, the hand they were meant for."""
    at_width(page, width)
    record(game, *HAND_1_RECORDED)
    record(game, *HAND_2_RECORDED)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#entry-title")).to_contain_text("Hand 3")
    tap_hand(page, **B_HAND_3)

    undo_on(phone_a, game, 2)
    page.locator("#hand-entry button.save").tap()

    race = page.locator("#table .conflict.undo-race")
    expect(race).to_contain_text("Hand 2 was undone on another phone.")
    expect(race).to_contain_text("This phone's hand 3 (Di bid 2) was not saved")
    expect(page.locator("#table")).not_to_contain_text("someone else may have")
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)
    assert [h.number for h in hands_of(game)] == [1]
    offer = race.get_by_role("button", name="Use this phone's taps for hand 2")
    expect(offer).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"offline-race-{width}.png", full_page=False)
    check_page(page, screenshot)

    # Phone A records hand 2 again; B's note offers the taps for hand 3 now.
    record(game, *HAND_2_RECORDED)
    page.reload()
    box = status_box(page)
    expect(box).to_contain_text("Hand 2 was undone on another phone.")
    box.get_by_role("button", name="Use this phone's taps for hand 3").tap()

    expect(page.locator("#entry-title")).to_contain_text("Hand 3")
    expect(checked(page, "pitcher")).to_have_value("3")
    expect(checked(page, "award-jack")).to_have_value("0")
    expect(box).to_be_hidden()
    page.locator("#hand-entry button.save").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 3 saved")
    assert [(h.number, h.pitcher) for h in hands_of(game)] == [(1, 1), (2, 2), (3, 3)]


@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_a_queued_hand_after_an_undo_elsewhere_is_kept_and_offered(
    page: Page, phone_a: Page, game: Game
) -> None:
    """The same race with B's hand 3 queued offline: nothing is recorded in the
    wrong place, B is told why, and the taps are one tap from hand 2's form."""
    at_width(page, 360)
    record(game, *HAND_1_RECORDED)
    record(game, *HAND_2_RECORDED)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **B_HAND_3)
    expect(status_box(page)).to_contain_text("Hand 3 is not saved yet")

    undo_on(phone_a, game, 2)
    page.context.set_offline(False)

    race = page.locator("#table .conflict.undo-race")
    expect(race).to_contain_text(
        "Hand 2 was undone on another phone.", timeout=SENT_WITHIN_MS
    )
    assert stored(page, f"pitchclub:queue:{game.pk}") is None
    assert [h.number for h in hands_of(game)] == [1]
    race.get_by_role("button", name="Use this phone's taps for hand 2").tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(checked(page, "pitcher")).to_have_value("3")
    expect(status_box(page)).to_be_hidden()
    assert stored(page, f"pitchclub:left-out:{game.pk}") is None

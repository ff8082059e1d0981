"""A fixed-hands game (option hand_limit) at the table, 390x844: "Hand 3 of 3" and
the last hand's note, a tie at the top bringing "Extra hand 4", the hand that breaks
it winning; and the same on a phone without network, which moves its form on with
the server's words and stops at the win. Screenshots go to
tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game
from tests.browser.test_offline import (
    controlled_by_service_worker,
    enter_hand,
    wait_for_hands,
)
from tests.browser.test_pages import check_page
from tests.factories import game_factory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

ALL_TO_BOB = {"high": 1, "low": 1, "jack": 1, "game": 1}
# Di pitches 2 and makes it; Bob and Cy take one point each.
DI_MAKES_2 = {
    "pitcher": 3,
    "bid": 2,
    "awards": {"high": 3, "low": 3, "jack": 1, "game": 2},
}
# Ann pitches 2 and makes it; Cy takes Jack and Game: Cy alone in front.
CY_AHEAD = {
    "pitcher": 0,
    "bid": 2,
    "awards": {"high": 0, "low": 0, "jack": 2, "game": 2},
}


def record(game: Game, pitcher: int, bid: int, awards: dict[str, object]) -> None:
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(pitcher=pitcher, bid=bid, awards=awards),
    )


def heading(page: Page) -> str:
    return page.locator("#entry-title").inner_text()


@pytest.fixture
def fixed(keeper: AbstractUser) -> Game:
    """Three hands a game; Bob and Cy have 4 each after two (Bob made 2 twice,
    Cy took Jack and Game twice)."""
    game = game_factory(created_by=keeper, options={"hand_limit": 3})
    for _ in range(2):
        record(game, 1, 2, {"high": 1, "low": 1, "jack": 2, "game": 2})
    return game


def test_the_table_counts_the_hands_and_plays_an_extra_one_on_a_tie(
    page: Page, fixed: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{fixed.pk}/")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 3 of 3 · Cy deals · Di bids first"
    )
    note = page.locator("#hand-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        "Last hand: the game ends after it, whatever the scores. The most points win."
    )
    expect(page.locator(".meta")).to_contain_text("3 hands, then the most points win")
    check_page(page, screenshot)

    enter_hand(page, **DI_MAKES_2)  # 0 5 5 2: a tie at the top
    expect(page.locator("#entry-title")).to_have_text(
        "Extra hand 4 · Di deals · Ann bids first"
    )
    expect(note).to_contain_text("Extra hand: tie at the top after 3 hands.")
    expect(page.locator(".notice.tie")).to_have_text(
        "Bob and Cy tie at 5: another hand decides."
    )
    screenshot("extra", full_page=False)

    enter_hand(page, **CY_AHEAD)  # 2 5 7 2
    expect(page.locator(".banner.win")).to_have_text("★ Cy won the game in hand 4.")
    expect(page.locator(".win-reason")).to_have_text(
        "Cy broke the tie at the top in extra hand 4, with 7."
    )
    screenshot("won", full_page=False)
    fixed.refresh_from_db()
    assert (fixed.winner, fixed.scores) == (2, [2, 5, 7, 2])


def test_offline_the_phone_counts_the_hands_and_the_extra_hand_as_the_server(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    game = game_factory(created_by=keeper, options={"hand_limit": 2})
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 of 2 · Ann deals · Bob bids first"
    )
    expect(page.locator("#hand-note")).to_be_hidden()
    page.context.set_offline(True)

    # Bob makes 2 and takes everything: 4, far past nothing; the game goes on.
    enter_hand(page, pitcher=1, bid=2, awards=ALL_TO_BOB)
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 2 of 2 · Bob deals · Cy bids first"
    )
    expect(page.locator("#hand-note")).to_have_text(
        "Last hand: the game ends after it, whatever the scores. The most points win."
    )
    # Cy makes 4 and takes everything: 4 and 4, a tie at the top.
    enter_hand(page, pitcher=2, bid=4, awards=dict.fromkeys(ALL_TO_BOB, 2))
    expect(page.locator("#entry-title")).to_have_text(
        "Extra hand 3 · Cy deals · Di bids first"
    )
    expect(page.locator("#hand-note")).to_contain_text(
        "Extra hand: tie at the top after 2 hands."
    )
    screenshot("offline-extra", full_page=False)
    # Di makes 2; Bob takes Jack: 5 against 4.
    enter_hand(
        page, pitcher=3, bid=2, awards={"high": 3, "low": 3, "jack": 1, "game": 3}
    )
    expect(page.locator(".banner.win.offline-count")).to_have_text(
        "★ Bob won the game in hand 3."
    )
    expect(page.locator(".win-reason.offline-count")).to_have_text(
        "Bob broke the tie at the top in extra hand 3, with 5."
    )
    expect(page.locator("#hand-entry")).to_be_hidden()
    screenshot("offline-won", full_page=False)

    page.context.set_offline(False)
    hands = wait_for_hands(page, game, 3)
    assert len(hands) == 3
    game.refresh_from_db()
    assert (game.winner, game.scores) == (1, [0, 5, 4, 3])
    expect(page.locator(".banner.win")).to_have_text("★ Bob won the game in hand 3.")

"""Undo and Back at phone size (issue 22, defect 1): a hand undone, another recorded
under its number that wins the game, then the browser's Back: the phone lands on the
game, not on an undo confirmation of the winning hand; and a stale undo page, its
hand replaced on another phone, refuses in words."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Browser, Page, expect

from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game
from tests.browser.conftest import hands_of, sign_in, tap_hand
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]


@pytest.fixture
def to_four(keeper: AbstractUser) -> Game:
    """Ann, Bob, Cy and Di, solo, to 4; hand 1 recorded: Bob 2, Cy 2."""
    game = game_factory(options={"target": 4}, created_by=keeper)
    # Ann deals, so Bob calls first: Bob bids 2, Cy takes Jack and Game.
    return record(
        game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "jack": 2, "game": 2}
    )


def save_hand(page: Page, number: int) -> None:
    page.locator("#hand-entry button.save").tap()
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} saved")


def test_back_after_a_win_lands_on_the_game_not_on_an_undo_page(
    page: Page, to_four: Game, screenshot: Screenshot
) -> None:
    game = to_four
    page.goto(f"/games/{game.pk}/")
    # Hand 2 as first tapped: Di bids 2, Ann takes Jack and Game (nobody wins).
    tap_hand(page, 3, 2, {"high": 3, "low": 3, "jack": 0, "game": 0})
    save_hand(page, 2)
    # Wrong: undo it (the confirmation page, then back on the game).
    page.get_by_role("link", name="Undo hand 2").tap()
    expect(page.get_by_role("heading", name="Undo hand 2?")).to_be_visible()
    page.get_by_role("button", name="Undo hand 2").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 2 undone")
    # The right hand 2: Bob bids 2 and takes all four, and wins the game.
    tap_hand(page, 1, 2, {"high": 1, "low": 1, "jack": 1, "game": 1})
    save_hand(page, 2)
    expect(page.locator(".messages")).to_contain_text("won the game")

    page.go_back()

    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page.get_by_role("heading", name="Undo hand 2?")).to_have_count(0)
    [_, hand] = hands_of(game)
    assert hand.pitcher == 1
    game.refresh_from_db()
    assert game.winner == 1
    screenshot(full_page=False)


@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_a_stale_undo_page_refuses_in_words(
    page: Page, to_four: Game, screenshot: Screenshot
) -> None:
    game = to_four
    page.goto(f"/games/{game.pk}/hands/1/undo/")
    expect(page.get_by_role("heading", name="Undo hand 1?")).to_be_visible()
    # Another phone undoes hand 1 and records another hand 1: Cy bids 3, makes it.
    hand_services.hand_undo(game_id=game.pk, number=1)
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=2, bid=3, awards={"high": 2, "low": 2, "jack": 2, "game": 0}
        ),
    )

    page.get_by_role("button", name="Undo hand 1").tap()

    expect(page.locator(".messages")).to_contain_text(
        "Hand 1 changed since this page was opened (it is now: Cy bid 3 and made "
        "it). Nothing was undone."
    )
    [hand] = hands_of(game)
    assert (hand.pitcher, hand.bid) == (2, 3)
    screenshot(full_page=False)


def test_back_after_a_win_without_javascript(
    browser: Browser, to_four: Game, live_server: Any
) -> None:
    game = to_four
    context = browser.new_context(
        base_url=live_server.url,
        java_script_enabled=False,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    sign_in(page, game.created_by, live_server.url)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Undo hand 1").tap()
    page.get_by_role("button", name="Undo hand 1").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 1 undone")
    # Hand 1 again: Bob bids 4 and takes all four, which wins the game.
    tap_hand(page, 1, 4, {"high": 1, "low": 1, "jack": 1, "game": 1})
    page.locator("#hand-entry button.save").tap()
    expect(page.locator(".messages")).to_contain_text("won the game")

    page.go_back()
    page.go_back()

    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page.get_by_role("heading", name="Undo hand 1?")).to_have_count(0)
    context.close()

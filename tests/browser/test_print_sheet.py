"""The printed score sheet (issue 23 item 9): it says who took each point, and a
7-player game of 15 hands, with long names, still fits one A4 page."""

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from scoring.games import services
from scoring.models import Game
from tests.factories import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Bartholomew Maximilian",
    "Annabelle Fitzgerald",
    "Christopher Oyelaran",
    "Dorothea Vanderbilt",
    "Evangeline Okonkwo",
    "Frederick Castellanos",
    "Gwendolyn Abernathy",
]


def fifteen_hands() -> Game:
    game = services.game_start(variant="auction", players=NAMES, first_dealer=0)
    passes = ["pass"] * 6
    for number in range(15):
        taker = number % 7
        jack = None if number % 3 == 0 else (taker + 1) % 7
        game_to = None if number % 4 == 0 else (taker + 2) % 7
        # The seat after the dealer bids 2, the others pass; most points go round.
        record(
            game,
            [2, *passes],
            {"high": taker, "low": (taker + 3) % 7, "jack": jack, "game": game_to},
        )
        if game.winner is not None:
            break
    return game


def pages(pdf: bytes) -> int:
    """The pages of a PDF Chromium printed (no object streams: each page is an
    object of type /Page)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("view", ["", "live/"], ids=["table", "live"])
def test_a_seven_player_game_of_fifteen_hands_prints_on_one_a4_page(
    page: Page, live_server: Any, view: str
) -> None:
    game = fifteen_hands()
    assert game.hand_count == 15

    page.goto(f"{live_server.url}/games/{game.pk}/{view}")
    # On the screen the sheet says nothing more than before.
    assert page.locator(".took:visible, .print-legend:visible").count() == 0
    page.emulate_media(media="print")
    # Hand 1: the first player took High (their name is the sheet's first column).
    first = page.locator(".sheet tbody tr").first
    assert first.locator(".took").first.is_visible()
    assert first.locator(".took").first.inner_text().split() == ["H"]
    assert first.locator(".nobody-took").inner_text().split() == ["nobody:", "J", "G"]
    assert page.locator(".print-legend").is_visible()
    pdf = page.pdf(format="A4")

    assert pages(pdf) == 1

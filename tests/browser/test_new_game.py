"""Starting a game at phone size (390 x 844), as a scorekeeper at the table would:
from the home page, in a handful of taps besides typing the names; refusals next to
the field; names from the club's roster; and the same page without JavaScript.
Screenshots go to tests/artifacts/screenshots/."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Browser, Locator, Page, expect

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from scoring.engine import OPTION_DEFAULTS
from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, sign_in
from tests.browser.taps import short_controls
from tests.browser.test_pages import check_page
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

MIN_TAP = 44
PHONE_WIDTH = 390
TAP_BUDGET = 4  # besides typing the names: New game, first box, Start game (+1 spare)


class Finger:
    """Taps on the phone, counted."""

    def __init__(self) -> None:
        self.taps = 0

    def tap(self, locator: Locator) -> None:
        expect(locator).to_be_visible()
        locator.tap()
        self.taps += 1


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    """Kate keeps score at the Grange; Ann and Bob are on its roster."""
    club = club_create(name="Grange Hall Pitch", by=UserFactory())
    invite = invite_create(club=club, by=club.created_by, role=Role.SCOREKEEPER)
    invite_accept(code=invite.code, user=keeper)
    for name in ("Ann", "Bob"):
        guest_add(club=club, name=name)
    return club


def name_box(page: Page, number: int) -> Locator:
    return page.get_by_label(f"Player {number}", exact=True)


def shown_name_boxes(page: Page) -> int:
    return page.locator("input.seat-name:visible").count()


def small_controls(page: Page) -> list[str]:
    """Form controls a thumb aims at (text boxes, selects, the labels of radios and
    ticks, the options' summary) must be 44 px tall too."""
    return short_controls(
        page,
        "main input.seat-name, main select, main input[type=number], "
        "main label:has(input[type=radio]), main .check-row, main summary",
        MIN_TAP,
    )


def unstick_start_bar(page: Page) -> None:
    """For a whole-page screenshot: the Start bar sticks to the bottom of the screen,
    which a whole-page picture would show in the middle of the form."""
    page.locator(".start-bar").evaluate("bar => { bar.style.position = 'static'; }")


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width} px wide"


def test_start_a_four_player_auction_game_from_home_in_a_few_taps(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    finger = Finger()
    page.goto("/")
    screenshot("1-home", full_page=False)

    finger.tap(page.get_by_role("link", name="New game"))
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    expect(page.get_by_label("Auction Pitch")).to_be_checked()
    expect(page.get_by_label("Target score").first).to_have_value("7")
    assert shown_name_boxes(page) == 4
    screenshot("2-form", full_page=False)

    # Typing the names: the keyboard's "next" key (Enter) goes on to the next box.
    finger.tap(name_box(page, 1))
    for number, name in enumerate(("Ann", "Bob", "Cy", "Di"), start=1):
        expect(name_box(page, number)).to_be_focused()
        page.keyboard.type(name)
        if number < 4:
            page.keyboard.press("Enter")
    # A fifth box shows once the fourth has a name, for a fifth player.
    assert shown_name_boxes(page) == 5
    screenshot("3-typed", full_page=False)

    finger.tap(page.get_by_role("button", name="Start game"))

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Auction Pitch")
    expect(page.locator("#entry-title")).to_contain_text("Hand 1 · Ann deals")
    assert [s.player.name for s in game.seats.order_by("number")] == [
        "Ann",
        "Bob",
        "Cy",
        "Di",
    ]
    assert game.options == OPTION_DEFAULTS["auction"]
    assert game.created_by == keeper
    screenshot("4-game", full_page=False)
    assert finger.taps <= TAP_BUDGET, f"{finger.taps} taps to start a game"
    print(f"\ntaps to start a 4-player Auction Pitch game: {finger.taps}")


def test_the_new_game_page_is_easy_to_use_at_the_table(
    page: Page, keeper: AbstractUser, club: Club, screenshot: Screenshot
) -> None:
    page.goto("/games/new/")
    page.get_by_text("More options").tap()
    expect(page.get_by_label("Dealer may steal the bid")).to_be_visible()

    no_sideways_scroll(page)
    assert not small_controls(page), small_controls(page)
    unstick_start_bar(page)
    check_page(page, screenshot)  # tap targets, contrast, dark and light screenshots


def test_a_refusal_shows_next_to_the_box_and_keeps_what_was_typed(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    page.goto("/games/new/")
    for number, name in enumerate(("Ann", "Bob", "ann", "Di"), start=1):
        name_box(page, number).fill(name)
    page.get_by_label("Target score").first.fill("11")
    page.get_by_role("button", name="Start game").tap()

    row = page.locator("li.seat", has=name_box(page, 3))
    error = row.locator(".errorlist")
    expect(error).to_have_text(re.compile(r"^Ann is already player 1: each player"))
    expect(name_box(page, 3)).to_have_attribute("aria-invalid", "true")
    # The script brings the message into view and puts the cursor in the box.
    expect(error).to_be_in_viewport()
    expect(name_box(page, 3)).to_be_focused()
    # Right under the box it is about.
    box, message = name_box(page, 3).bounding_box(), error.bounding_box()
    assert box is not None
    assert message is not None
    assert 0 <= message["y"] - (box["y"] + box["height"]) < 24
    expect(name_box(page, 4)).to_have_value("Di")
    expect(page.get_by_label("Target score").first).to_have_value("11")
    assert not Game.objects.exists()
    screenshot("duplicate", full_page=False)

    # 13-Point with three players: the message sits at the players.
    page.get_by_text("13-Point Partner Pitch", exact=True).tap()
    expect(page.get_by_text("always played in partnership")).to_be_visible()
    expect(page.get_by_label("Solo: everyone plays for themselves")).to_be_hidden()
    expect(page.locator("input[name=thirteen-target]")).to_have_value("55")
    expect(page.locator("input[name=auction-target]")).to_be_hidden()
    name_box(page, 3).fill("")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator("#seats-error")).to_have_text(
        "13-Point Partner Pitch needs exactly 4 players; this game has 3."
    )
    expect(page.get_by_label("13-Point Partner Pitch")).to_be_checked()
    expect(page.locator("#seats-error")).to_be_in_viewport()
    screenshot("thirteen-three", full_page=False)
    assert not Game.objects.exists()


def test_names_come_from_the_chosen_clubs_roster(
    page: Page, keeper: AbstractUser, club: Club, screenshot: Screenshot
) -> None:
    page.goto("/games/new/")
    expect(name_box(page, 1)).not_to_have_attribute("list", re.compile("."))

    page.get_by_label("Club", exact=True).select_option(label="Grange Hall Pitch")
    roster = f"roster-{club.slug}"
    expect(name_box(page, 1)).to_have_attribute("list", roster)
    options = page.locator(f"datalist#{roster} option")
    expect(options).to_have_count(4)  # the organiser, Kate, Ann and Bob
    for number, name in enumerate(("Ann", "Bob", "Zed"), start=1):
        name_box(page, number).fill(name)
    screenshot("club", full_page=False)
    page.get_by_role("button", name="Start game").tap()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert game.club == club
    assert club.players.get(name="Zed").is_guest


def test_the_page_works_without_javascript(
    browser: Browser,
    browser_context_args: dict,
    keeper: AbstractUser,
    live_server: Any,
    request: pytest.FixtureRequest,
) -> None:
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        plain = context.new_page()
        sign_in(plain, keeper, live_server.url)
        plain.goto("/")
        plain.get_by_role("link", name="New game").tap()
        expect(plain.get_by_role("heading", name="New game")).to_be_visible()
        assert shown_name_boxes(plain) == 4
        for number, name in enumerate(("Ann", "Bob", "Cy", "Di", "Eve"), start=1):
            name_box(plain, number).fill(name)
        # The CSS alone shows the next box; partners and house rules need no script.
        assert shown_name_boxes(plain) == 6
        plain.get_by_label("Player 2 deals first").check()
        plain.get_by_text("More options").tap()
        plain.get_by_label("Dealer may steal the bid").uncheck()
        plain.get_by_label("the player dealt it").check()
        path = SCREENSHOTS / f"{request.node.originalname}.png"
        plain.screenshot(path=path, full_page=True)
        plain.get_by_role("button", name="Start game").tap()

        expect(plain).to_have_url(re.compile(r"/games/\d+/$"))
        expect(plain.locator("#entry-title")).to_contain_text("Hand 1 · Bob deals")
        game = Game.objects.get()
        assert game.player_count == 5
        assert game.first_dealer == 1
        assert game.options["dealer_may_steal"] is False
        assert game.options["low_goes_to"] == "dealt"
    finally:
        context.close()

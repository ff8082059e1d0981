"""The offline queue after a reviewer's evening (issue 11, items 1-3), at 360 and 390
wide: an incomplete or invalid hand is refused on the phone in the server's words
and never queued; a refused hand's taps survive a reload; leaving a refused hand out
starts the next hand's form empty; the undo link never leads to a page the phone
hasn't got; hands thrown away because another phone won are named until dismissed;
the sheet's dealer mark stays one short line with seven long names at 360 px.
Screenshots (SCREENSHOTS=1) go to tests/artifacts/screenshots/fixoff-*.png."""

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from pitchclub.vocabulary import PLAYER_NAME_MAX
from scoring.games import services
from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, button, hands_of, tap_hand
from tests.browser.test_offline import (
    FIRST,
    INCOMPLETE,
    SECOND,
    SENT_WITHIN_MS,
    checked,
    controlled_by_service_worker,
    enter_hand,
    enter_incomplete_hand,
    status_box,
    stored,
    wait_for_hands,
)
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [360, 390]


def at_width(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})


def queue_key(game: Game) -> str:
    return f"pitchclub:queue:{game.pk}"


# --- item 1: an incomplete hand is refused on the phone ---------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_offline_an_incomplete_hand_is_refused_in_the_servers_words(
    page: Page, game: Game, width: int
) -> None:
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    enter_hand(page, **INCOMPLETE)

    preview = page.locator("#preview")
    expect(preview).to_contain_text("Still to tap: Low, Jack, Game")
    # Each row says what is missing, as the server's form does.
    expect(page.locator(".taps-award-low .field-error")).to_have_text(
        "Who took Low? Tap a player."
    )
    expect(page.locator(".taps-award-jack .field-error")).to_have_text(
        "Who took Jack? Tap a player or Nobody."
    )
    assert stored(page, queue_key(game)) is None
    expect(status_box(page)).not_to_contain_text("not saved yet")
    # The taps stay, the form is still for hand 1.
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")
    expect(checked(page, "pitcher")).to_have_value("1")
    expect(checked(page, "award-high")).to_have_value("1")
    page.screenshot(
        path=SCREENSHOTS / f"fixoff-incomplete-{width}.png", full_page=False
    )

    # Tapped whole, it is kept: the next hand's form has no errors left.
    for point, seat in FIRST["awards"].items():
        button(page, f"award-{point}", seat).tap()
    page.locator("#hand-entry button.save").tap()
    expect(status_box(page)).to_contain_text("Hand 1 is not saved yet")
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(page.locator("#hand-entry .field-error")).to_have_count(0)
    assert [item["number"] for item in stored(page, queue_key(game))] == [1]

    page.context.set_offline(False)
    hands = wait_for_hands(page, game, 1)
    assert [(h.number, h.pitcher, h.bid) for h in hands] == [(1, 1, 2)]


def test_offline_a_whole_auction_still_to_tap_names_the_callers(
    page: Page, game: Game
) -> None:
    at_width(page, 360)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.locator("#hand-entry button.mode").tap()  # the whole auction, online
    expect(page.locator("#hand-entry .taps-call-0")).to_be_visible()
    page.context.set_offline(True)

    button(page, "call-0", 2).tap()
    button(page, "award-high", 1).tap()
    page.locator("#hand-entry button.save").tap()

    expect(page.locator("#preview")).to_contain_text(
        "Still to tap: 3 calls (from Cy), Low, Jack, Game"
    )
    expect(page.locator(".taps-call-1 .field-error")).to_have_text(
        "Tap Cy's call: pass or a bid."
    )
    assert stored(page, queue_key(game)) is None


@pytest.mark.parametrize("width", WIDTHS)
def test_offline_a_hand_the_rules_refuse_is_refused_in_the_servers_words(
    page: Page, game: Game, width: int
) -> None:
    """Complete, but High and Low split in a single-trump hand: the server's
    refusal, next to Low, and nothing queued."""
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    tap_hand(page, **SECOND)  # High to Cy, Low to Bob
    page.locator("details.extras summary").tap()
    page.get_by_label("Only one trump was played").check()
    page.locator("#hand-entry button.save").tap()

    error = page.locator(".taps-award-low .field-error")
    expect(error).to_contain_text(
        "High and Low must go to the same player in a single-trump hand. High is "
        "awarded to Cy and Low to Bob"
    )
    expect(page.locator("#preview")).to_contain_text("High and Low must go")
    assert stored(page, queue_key(game)) is None
    expect(checked(page, "pitcher")).to_have_value("2")
    page.screenshot(path=SCREENSHOTS / f"fixoff-invalid-{width}.png", full_page=False)


# --- item 2: a refused hand's taps survive a reload -------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.browser_allow(r"status of 422 ")
def test_a_refused_hands_taps_come_back_after_a_reload(
    page: Page, game: Game, width: int
) -> None:
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_incomplete_hand(page, **INCOMPLETE)
    page.context.set_offline(False)
    box = status_box(page)
    expect(box).to_contain_text("Hand 1 was refused", timeout=SENT_WITHIN_MS)
    expect(checked(page, "pitcher")).to_have_value("1")

    page.reload()

    expect(box).to_contain_text("Hand 1 was refused: fix it below")
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")
    expect(checked(page, "pitcher")).to_have_value("1")
    expect(checked(page, "bid")).to_have_value("2")
    expect(checked(page, "award-high")).to_have_value("1")
    # The preview (online) says what is still missing.
    expect(page.locator("#preview")).to_contain_text("Still to tap: Low, Jack, Game")
    page.screenshot(
        path=SCREENSHOTS / f"fixoff-refused-reload-{width}.png", full_page=False
    )

    # Offline too: the page the phone kept shows the taps.
    page.context.set_offline(True)
    page.reload()
    expect(box).to_contain_text("Hand 1 was refused: fix it below")
    expect(checked(page, "pitcher")).to_have_value("1")
    expect(checked(page, "award-high")).to_have_value("1")
    for point, seat in FIRST["awards"].items():
        button(page, f"award-{point}", seat).tap()
    page.locator("#hand-entry button.save").tap()
    page.context.set_offline(False)
    hands = wait_for_hands(page, game, 1)
    assert [(h.number, h.pitcher, h.bid) for h in hands] == [(1, 1, 2)]


# --- item 3: leaving a refused hand out --------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.browser_allow(r"status of 422 ")
def test_after_leaving_a_refused_hand_out_the_next_form_is_empty(
    page: Page, game: Game, width: int
) -> None:
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_incomplete_hand(page, **INCOMPLETE)
    enter_hand(page, **SECOND)
    page.context.set_offline(False)
    leave_out = page.get_by_role("button", name="Leave hand 1 out, send the other one")
    expect(leave_out).to_be_visible(timeout=SENT_WITHIN_MS)

    leave_out.tap()

    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    assert [(h.number, h.pitcher, h.bid) for h in hands_of(game)] == [(1, 2, 3)]
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)
    expect(page.locator("#hand-entry .field-error")).to_have_count(0)
    page.screenshot(path=SCREENSHOTS / f"fixoff-left-out-{width}.png", full_page=False)
    page.reload()
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)


# --- item 4: the undo link while hands wait ----------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_the_undo_link_explains_itself_while_hands_wait_on_the_phone(
    page: Page, game: Game, width: int
) -> None:
    at_width(page, width)
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 1})
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    undo = page.locator(".undo-last a")
    expect(undo).to_have_text("Undo hand 1")

    page.context.set_offline(True)
    expect(undo).to_be_hidden()
    explained = page.locator(".undo-last .undo-wait")
    expect(explained).to_have_text("Undo needs the connection: this phone is offline.")
    enter_hand(page, **SECOND | {"pitcher": 2})
    expect(undo).to_be_hidden()
    expect(explained).to_have_text(
        "Undo needs the connection: hands are waiting on this phone."
    )
    page.locator(".undo-last").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / f"fixoff-undo-{width}.png", full_page=False)

    page.context.set_offline(False)
    wait_for_hands(page, game, 2)
    expect(undo).to_have_text("Undo hand 2", timeout=SENT_WITHIN_MS)
    expect(explained).to_have_count(0)


@pytest.mark.parametrize("width", WIDTHS)
def test_abandon_and_delete_explain_themselves_offline(
    page: Page, game: Game, width: int
) -> None:
    at_width(page, width)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    actions = page.locator(".manage .actions")
    expect(actions.get_by_role("link", name="Abandon game…")).to_be_visible()
    expect(actions.get_by_role("link", name="Delete game…")).to_be_visible()

    page.context.set_offline(True)
    expect(actions).to_be_hidden()
    explained = page.locator(".manage .manage-wait")
    expect(explained).to_have_text(
        "Abandoning or deleting the game needs the connection: this phone is offline."
    )
    enter_hand(page, **SECOND | {"pitcher": 2})
    expect(explained).to_have_text(
        "Abandoning or deleting the game needs the connection: hands are waiting "
        "on this phone."
    )

    page.context.set_offline(False)
    wait_for_hands(page, game, 1)
    expect(actions.get_by_role("link", name="Abandon game…")).to_be_visible(
        timeout=SENT_WITHIN_MS
    )
    expect(explained).to_have_count(0)


# --- item 5: hands dropped because another phone won -------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_hands_thrown_away_after_a_win_elsewhere_are_named_until_dismissed(
    page: Page, keeper: AbstractUser, width: int
) -> None:
    at_width(page, width)
    game = game_factory(options={"target": 4}, created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **FIRST)  # Bob bid 2
    enter_hand(page, **SECOND)  # Cy bid 3
    # Phone B: Bob pitches 4 and takes everything, out at 4.
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})

    page.context.set_offline(False)

    box = status_box(page)
    note = box.locator(".left-out.won-elsewhere")
    expect(note).to_contain_text(
        "The game was won on another phone", timeout=SENT_WITHIN_MS
    )
    expect(note).to_contain_text(
        "Hand 1 (Bob bid 2) was not recorded: the game was already won on another "
        "phone."
    )
    expect(note).to_contain_text(
        "Hand 2 (Cy bid 3) was not recorded: the game was already won on another phone."
    )
    assert stored(page, queue_key(game)) is None
    assert [h.number for h in hands_of(game)] == [1]
    expect(page.locator(".banner.win")).to_contain_text("Bob won the game")
    page.screenshot(
        path=SCREENSHOTS / f"fixoff-won-elsewhere-{width}.png", full_page=False
    )

    page.reload()
    expect(note).to_contain_text("Hand 2 (Cy bid 3) was not recorded")
    note.get_by_role("button", name="Dismiss").tap()
    expect(box).to_be_hidden()
    page.reload()
    expect(page.locator(".left-out")).to_have_count(0)


# --- item 6: the dealer mark with seven long names at 360 px ------------------------


def long_names_game(keeper: AbstractUser) -> Game:
    names = [
        ("W" * PLAYER_NAME_MAX)[: PLAYER_NAME_MAX - 1] + letter for letter in "ABCDEFG"
    ]
    game = services.game_start(
        variant="auction", players=names, first_dealer=0, created_by=keeper
    )
    passes = ["pass"] * 6
    record(game, [2, *passes], {"high": 1, "low": 1, "jack": 2, "game": 3})
    record(game, [3, *passes], {"high": 2, "low": 2, "game": 0})
    return record(game, [*passes, 2], {"high": 2, "low": 6})


@pytest.mark.parametrize("width", WIDTHS)
def test_the_dealer_mark_stays_one_short_line_with_seven_long_names(
    page: Page, keeper: AbstractUser, width: int
) -> None:
    at_width(page, width)
    game = long_names_game(keeper)
    page.goto(f"/games/{game.pk}/")
    page.locator(".sheet").scroll_into_view_if_needed()
    marks = page.locator(".sheet tbody .dealt")
    expect(marks).to_have_count(3)
    for index in range(3):
        mark = marks.nth(index)
        height = mark.bounding_box()["height"]  # type: ignore[index]
        assert height < 24, f"row {index + 1}: the dealer mark is {height}px tall"
        # Said in words to a screen reader, and the full name on a long press.
        assert mark.inner_text().strip().endswith("D")
        expect(mark.locator(".sr-only")).to_have_text("dealt")
        expect(mark.locator(".clamp")).to_have_attribute(
            "title", game.seats.order_by("number")[index].player.name + " dealt"
        )
    page.screenshot(path=SCREENSHOTS / f"fixoff-sheet7-{width}.png", full_page=False)


def test_the_phones_own_rows_carry_the_same_dealer_mark(page: Page, game: Game) -> None:
    at_width(page, 360)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **FIRST)
    mark = page.locator(".sheet tbody tr.queued .dealt")
    expect(mark.locator(".sr-only")).to_have_text("dealt")
    expect(mark.locator(".clamp")).to_have_text("Ann")
    expect(mark.locator(".clamp")).to_have_attribute("title", "Ann dealt")

"""Keeping score without network, at phone size (390 x 844): the service worker keeps
the site's files and the pages opened, so a game opened once opens again offline; a
hand saved offline is kept on the phone with a "not saved yet" box and sent, once and
in order, when the network is back, even after a reload. Screenshots go to
tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scoring.games import hands as hand_services
from scoring.models import Game, Hand
from tests.browser.conftest import button, hands_of, tap_hand
from tests.browser.test_pages import check_page
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

SENT_WITHIN_MS = 12_000  # sent on the `online` event, else by the 5 s retry

KEPT_IN_CACHE_JS = """
async (path) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("pitchclub-pages-")) continue;
    if (await (await caches.open(name)).match(location.origin + path)) return true;
  }
  return false;
}
"""


def enter_hand(page: Page, pitcher: int, bid: int, awards: dict[str, object]) -> None:
    tap_hand(page, pitcher, bid, awards)
    page.locator("#hand-entry button.save").tap()


def status_box(page: Page) -> Locator:
    return page.locator("#offline-status")


def wait_for_hands(page: Page, game: Game, count: int) -> list[Hand]:
    """The database as the server sees it once the phone has sent its queue."""
    for _ in range(SENT_WITHIN_MS // 250):
        hands = hands_of(game)
        if len(hands) >= count:
            return hands
        page.wait_for_timeout(250)
    return hands_of(game)


def wait_until(page: Page, script: str, arg: object = None) -> None:
    """Until the (async) script returns true: page.wait_for_function doesn't await
    a promise, page.evaluate does."""
    for _ in range(50):
        if page.evaluate(script, arg):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"still false after 5 s: {script}")


def controlled_by_service_worker(page: Page) -> None:
    """The worker is installed and active, and answers this page's requests."""
    state = page.evaluate(
        "() => navigator.serviceWorker.ready.then((r) => r.active.state)"
    )
    assert state in {"activating", "activated"}
    controlled = "() => navigator.serviceWorker.controller !== null"
    try:
        page.wait_for_function(controlled, timeout=10_000)
    except PlaywrightTimeoutError:
        # The worker claims open pages when it activates; once (CI, a busy
        # machine) this page was never claimed. A phone's next visit goes through
        # the active worker anyway: so does this reload.
        page.reload()
        page.wait_for_function(controlled)


def keep_page(page: Page, path: str) -> None:
    """Open `path` through the service worker and wait until it keeps a copy."""
    page.goto(path)
    controlled_by_service_worker(page)
    page.reload()  # the first visit came before the worker: this one goes through it
    wait_until(page, KEPT_IN_CACHE_JS, path)


# Bob bids 2 and makes it; then Cy bids 3 and is set.
FIRST = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 2, "jack": 1, "game": 1}}
# Recorded by another phone: Bob bids 2 in the whole auction.
ANOTHER_PHONES_HAND = (
    [2, "pass", "pass", "pass"],
    {"high": 1, "low": 1, "jack": 3, "game": 1},
)
SECOND = {
    "pitcher": 2,
    "bid": 3,
    "awards": {"high": 2, "low": 1, "jack": "none", "game": 3},
}


def test_the_service_worker_registers_activates_and_keeps_the_sites_files(
    page: Page, keeper: AbstractUser
) -> None:
    page.goto("/")
    controlled_by_service_worker(page)

    kept = page.evaluate(
        """async () => {
          const names = await caches.keys();
          const name = names.find((n) => n.startsWith("pitchclub-static-"));
          const cache = await caches.open(name);
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }"""
    )
    assert "/static/css/site.css" in kept
    assert "/static/js/offline.js" in kept
    assert "/static/django_htmx/htmx-2.min.js" in kept
    assert "/offline/" in kept
    manifest = page.evaluate(
        "() => fetch('/manifest.webmanifest').then((r) => r.json())"
    )
    assert manifest["display"] == "standalone"


def test_a_game_opened_once_opens_again_offline(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    path = f"/games/{game.pk}/"
    keep_page(page, path)
    # Recorded by another phone after this one kept its copy: the offline copy can't
    # show it, which proves the page below comes from the phone, not the server.
    record(
        game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "jack": 3, "game": 1}
    )

    page.context.set_offline(True)
    response = page.goto(path)

    assert response is not None
    assert response.from_service_worker
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 · Ann deals · Bob bids first"
    )
    expect(page.locator("h1")).to_contain_text(f"#{game.pk}")
    screenshot("offline", full_page=False)

    page.goto("/clubs/")  # never opened: the offline page answers
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator("main")).to_contain_text(
        "hands you record are kept on this phone"
    )
    screenshot("not-kept", full_page=False)

    page.context.set_offline(False)
    page.goto(path)
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")


def test_a_hand_saved_offline_is_kept_and_sent_when_the_network_returns(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 · Ann deals · Bob bids first"
    )
    controlled_by_service_worker(page)  # the phone has used the site before

    page.context.set_offline(True)
    enter_hand(page, **FIRST)

    box = status_box(page)
    expect(box).to_be_visible()
    expect(box).to_have_attribute("role", "status")
    expect(box).to_contain_text(
        "Hand 1 is not saved yet — it is kept on this phone and will be sent when "
        "the network is back."
    )
    expect(box).to_contain_text("1 hand waiting")
    # The form moved on to the next hand, empty, with a new client_id.
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 2 · Bob deals · Cy bids first"
    )
    expect(page.locator("#hand-entry input[name=number]")).to_have_value("2")
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)
    key = f"pitchclub:queue:{game.pk}"
    queue = page.evaluate("(key) => JSON.parse(localStorage[key])", key)
    assert [item["number"] for item in queue] == [1]
    assert "action=save" in queue[0]["body"]
    client_id = page.locator("#hand-entry input[name=client_id]").input_value()
    assert client_id != queue[0]["client_id"]
    assert hands_of(game) == []
    screenshot("1-not-saved-yet", full_page=False)
    check_page(page, screenshot)  # readable in dark and light mode, thumb-sized
    button(page, "pitcher", 2).tap()  # hand 2 under way when the network returns

    page.context.set_offline(False)

    hands = wait_for_hands(page, game, 1)
    assert [(h.number, h.pitcher, h.bid) for h in hands] == [(1, 1, 2)]
    expect(box).to_be_hidden()
    expect(page.locator(".sheet tbody tr")).to_have_count(1)
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 2 · Bob deals · Cy bids first"
    )
    # The tap for hand 2 is still there.
    expect(page.locator("#hand-entry input[name=pitcher]:checked")).to_have_value("2")
    assert page.evaluate("(key) => localStorage[key]", key) is None
    page.wait_for_timeout(1000)  # no second send
    assert len(hands_of(game)) == 1
    screenshot("2-sent", full_page=False)


def test_two_hands_saved_offline_are_sent_in_order(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    enter_hand(page, **FIRST)
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    enter_hand(page, **SECOND)

    box = status_box(page)
    expect(box).to_contain_text("Hand 2 is not saved yet")
    expect(box).to_contain_text("2 hands waiting to be sent (hands 1, 2)")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 3 · Cy deals · Di bids first"
    )
    expect(page.locator("#hand-entry button.save")).to_have_text("Save hand 3")
    screenshot("1-two-waiting", full_page=False)
    assert hands_of(game) == []

    page.context.set_offline(False)

    hands = wait_for_hands(page, game, 2)
    assert [(h.number, h.pitcher, h.bid, h.made) for h in hands] == [
        (1, 1, 2, True),
        (2, 2, 3, False),
    ]
    expect(box).to_be_hidden()
    expect(page.locator(".sheet tbody tr")).to_have_count(2)
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 3 · Cy deals · Di bids first"
    )
    screenshot("2-both-sent", full_page=False)


def entry_words(page: Page) -> tuple[str, str, list[str]]:
    """The entry form's heading, Save button and auction rows, as the phone shows
    them."""
    return (
        page.locator("#entry-title").inner_text(),
        page.locator("#hand-entry button.save").inner_text(),
        page.locator("#hand-entry fieldset[class*=taps-call-] .what").all_inner_texts(),
    )


def test_offline_the_form_moves_on_with_the_servers_words_for_each_deal(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    """Five players, Di deals first, the whole auction: offline, the next hands'
    headings and callers come from the deal cycle the server put on the page, and
    they are the ones the server draws once the hands are in."""
    game = game_factory(players=5, first_dealer=3, created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Whole auction").tap()
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 · Di deals · Eve bids first"
    )
    controlled_by_service_worker(page)
    page.context.set_offline(True)

    # Eve, first to call, bids 2 and makes it; then Ann, first to call in hand 2.
    for pitcher in (4, 0):
        button(page, "call-0", 2).tap()
        for index in range(1, 5):
            button(page, f"call-{index}", "pass").tap()
        for point, seat in (("high", pitcher), ("low", pitcher), ("jack", 2)):
            button(page, f"award-{point}", seat).tap()
        button(page, "award-game", 3).tap()
        page.locator("#hand-entry button.save").tap()
        expect(status_box(page)).to_be_visible()

    offline = entry_words(page)
    assert offline == (
        "Hand 3 · Ann deals · Bob bids first",
        "Save hand 3",
        ["Bob", "Cy", "Di", "Eve", "Ann (dealer)"],
    )
    screenshot("offline-hand-3", full_page=False)

    page.context.set_offline(False)

    hands = wait_for_hands(page, game, 2)
    assert [(h.number, h.dealer, h.pitcher, h.bid) for h in hands] == [
        (1, 3, 4, 2),
        (2, 4, 0, 2),
    ]
    expect(status_box(page)).to_be_hidden()
    expect(page.locator(".sheet tbody tr")).to_have_count(2)
    page.reload()  # the server's own form for hand 3
    expect(page.locator("#entry-title")).to_have_text(offline[0])
    assert entry_words(page) == offline


def test_a_reload_while_offline_keeps_the_queue(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    path = f"/games/{game.pk}/"
    keep_page(page, path)
    page.context.set_offline(True)
    enter_hand(page, **FIRST)
    expect(status_box(page)).to_contain_text("Hand 1 is not saved yet")

    page.reload()  # from the copy the service worker kept, whose form is for hand 1

    box = status_box(page)
    expect(box).to_contain_text("Hand 1 is not saved yet")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 2 · Bob deals · Cy bids first"
    )
    expect(page.locator("#hand-entry input[name=number]")).to_have_value("2")
    screenshot("1-reloaded", full_page=False)

    page.context.set_offline(False)

    hands = wait_for_hands(page, game, 1)
    assert [(h.number, h.pitcher) for h in hands] == [(1, 1)]
    expect(box).to_be_hidden()
    expect(page.locator(".sheet tbody tr")).to_have_count(1)


def left_out_key(game: Game) -> str:
    return f"pitchclub:left-out:{game.pk}"


def stored(page: Page, key: str) -> object:
    return page.evaluate("(key) => JSON.parse(localStorage[key] || 'null')", key)


def checked(page: Page, name: str) -> Locator:
    return page.locator(f"#hand-entry input[name='{name}']:checked")


# Chromium logs every 4xx answer; this one is the refusal the test is about.
@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_a_hand_another_phone_recorded_first_is_left_out_and_the_rest_goes_on(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """Two phones at one table record the same deals. Phone A, offline, saves hands 1
    and 2; phone B records hand 1 meanwhile. Back online, A's hand 1 is refused (409):
    it is left out, never recorded twice, and A's hand 2 goes in as hand 2. A note
    keeps A's hand 1, one tap from the form for the next hand."""
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **FIRST)
    enter_hand(page, **SECOND)
    record(game, *ANOTHER_PHONES_HAND)  # phone B

    page.context.set_offline(False)

    wait_for_hands(page, game, 2)
    box = status_box(page)
    expect(box).to_contain_text(
        "Hand 1 was recorded by another phone first: Bob bid 2 and made it.",
        timeout=SENT_WITHIN_MS,
    )
    expect(box).to_contain_text(
        "This phone's hand 1 (Bob bid 2) was left out, so nothing is recorded twice."
    )
    page.wait_for_timeout(1000)  # nothing more is sent
    hands = hands_of(game)
    assert [(h.number, h.pitcher, h.bid, h.client_id is None) for h in hands] == [
        (1, 1, 2, True),  # phone B's, once
        (2, 2, 3, False),  # phone A's hand 2, as hand 2
    ]
    assert stored(page, f"pitchclub:queue:{game.pk}") is None
    assert stored(page, f"pitchclub:refused:{game.pk}") is None
    expect(page.locator(".sheet tbody tr")).to_have_count(2)
    expect(page.locator(".messages")).to_contain_text("Hand 2 saved")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 3 · Cy deals · Di bids first"
    )
    expect(page.locator("#hand-entry input:checked")).to_have_count(0)
    screenshot("1-left-out", full_page=False)
    check_page(page, screenshot)

    restore = box.get_by_role("button", name="Use this phone's taps for hand 3")
    restore.tap()

    # The form for hand 3 with A's taps for hand 1, not saved.
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 3 · Cy deals · Di bids first"
    )
    expect(page.locator("#hand-entry")).to_contain_text(
        "These are this phone's taps, now for hand 3"
    )
    expect(checked(page, "pitcher")).to_have_value("1")
    expect(checked(page, "bid")).to_have_value("2")
    expect(checked(page, "award-high")).to_have_value("1")
    expect(checked(page, "award-low")).to_have_value("2")
    expect(checked(page, "award-jack")).to_have_value("1")
    expect(checked(page, "award-game")).to_have_value("1")
    expect(box).to_be_hidden()
    assert stored(page, left_out_key(game)) is None
    page.wait_for_timeout(500)
    assert len(hands_of(game)) == 2
    screenshot("2-restored", full_page=False)

    # A different deal after all: saved as hand 3.
    page.locator("#hand-entry button.save").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 3 saved")
    assert [(h.number, h.pitcher, h.bid) for h in hands_of(game)] == [
        (1, 1, 2),
        (2, 2, 3),
        (3, 1, 2),
    ]


@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_the_note_about_a_hand_left_out_stays_until_dismissed(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """While the server's conflict box is on the page, the status box doesn't say it
    again; after a reload (or any new sheet) the note does, until dismissed."""
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **FIRST)
    record(game, *ANOTHER_PHONES_HAND)

    page.context.set_offline(False)

    conflict = page.locator("#table .conflict")
    expect(conflict).to_contain_text(
        "Another phone recorded hand 1 first", timeout=SENT_WITHIN_MS
    )
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    box = status_box(page)
    expect(box).to_be_hidden()
    assert len(hands_of(game)) == 1
    screenshot("1-conflict", full_page=False)

    page.reload()

    expect(conflict).to_have_count(0)
    expect(box).to_contain_text("Hand 1 was recorded by another phone first")
    expect(
        box.get_by_role("button", name="Use this phone's taps for hand 2")
    ).to_be_visible()
    screenshot("2-note", full_page=False)
    box.get_by_role("button", name="Dismiss").tap()

    expect(box).to_be_hidden()
    assert stored(page, left_out_key(game)) is None
    page.reload()
    expect(box).to_be_hidden()
    assert len(hands_of(game)) == 1


@pytest.mark.browser_allow(r"status of 409 \(Conflict\)")
def test_the_conflict_boxs_own_button_uses_the_kept_taps_too(
    page: Page, game: Game
) -> None:
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_hand(page, **SECOND)
    record(game, *ANOTHER_PHONES_HAND)
    page.context.set_offline(False)

    page.get_by_role("button", name="Use this phone's taps for hand 2").tap(
        timeout=SENT_WITHIN_MS
    )

    expect(page.locator("#hand-entry")).to_contain_text(
        "These are this phone's taps, now for hand 2"
    )
    expect(checked(page, "pitcher")).to_have_value("2")
    expect(checked(page, "bid")).to_have_value("3")
    expect(page.locator("#table .conflict")).to_have_count(0)
    expect(status_box(page)).to_be_hidden()  # no note left behind
    assert stored(page, left_out_key(game)) is None
    assert len(hands_of(game)) == 1


# An incomplete hand: the phone refuses to keep it, the server refuses it too.
INCOMPLETE = {"pitcher": 1, "bid": 2, "awards": {"high": 1}}

DROP_AWARDS_JS = """
([key, keep]) => {
  const queue = JSON.parse(localStorage[key]);
  const item = queue[queue.length - 1];
  const params = new URLSearchParams(item.body);
  for (const name of [...params.keys()]) {
    if (name.startsWith("award-") && !keep.includes(name)) params.delete(name);
  }
  item.body = params.toString();
  localStorage[key] = JSON.stringify(queue);
}
"""


def enter_incomplete_hand(
    page: Page, pitcher: int, bid: int, awards: dict[str, object]
) -> None:
    """An incomplete hand in the queue, as an older copy of the page (before the
    phone checked hands itself) left it, for the server to refuse: tapped whole
    and saved offline, then the points not in `awards` taken out of its stored
    copy."""
    whole = dict.fromkeys(("high", "low", "jack", "game"), pitcher) | awards
    enter_hand(page, pitcher, bid, whole)
    key = f"pitchclub:queue:{page.locator('#hand-entry').get_attribute('data-game')}"
    page.evaluate(DROP_AWARDS_JS, [key, [f"award-{point}" for point in awards]])


@pytest.mark.browser_allow(r"status of 422 ")
def test_a_refused_hand_stops_the_queue_until_it_is_fixed(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """The server refuses a queued hand (422): it is shown with what was tapped and
    the hands after it wait until it is saved."""
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_incomplete_hand(page, **INCOMPLETE)
    enter_hand(page, **SECOND)

    page.context.set_offline(False)

    box = status_box(page)
    expect(box).to_contain_text(
        "Hand 1 was refused: fix it below; 1 more hand is still waiting",
        timeout=SENT_WITHIN_MS,
    )
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")
    expect(checked(page, "pitcher")).to_have_value("1")
    expect(checked(page, "award-high")).to_have_value("1")
    page.wait_for_timeout(1000)
    assert hands_of(game) == []  # hand 2 waits
    screenshot("1-refused", full_page=False)

    for point, seat in FIRST["awards"].items():
        button(page, f"award-{point}", seat).tap()
    # The hand is whole again (its preview says so) before it is saved.
    expect(page.locator("#preview")).to_contain_text("bid 2: made")
    page.locator("#hand-entry button.save").tap()

    hands = wait_for_hands(page, game, 2)
    assert [(h.number, h.pitcher, h.bid) for h in hands] == [(1, 1, 2), (2, 2, 3)]
    expect(page.locator(".messages")).to_contain_text("Hand 2 saved")
    expect(box).to_be_hidden()


def test_signing_out_forgets_the_pages_kept_on_the_phone(
    page: Page, game: Game
) -> None:
    path = f"/games/{game.pk}/"
    keep_page(page, path)

    page.goto("/accounts/profile/")
    page.locator("form.signout button").tap()
    page.wait_for_url("/")

    wait_until(page, f"async (path) => !(await ({KEPT_IN_CACHE_JS})(path))", path)
    # The offline page, fetched again signed out, no longer names kate.
    wait_until(page, "async () => Boolean(await caches.match('/offline/'))")
    page.context.set_offline(True)
    page.goto("/clubs/")
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator(".top")).not_to_contain_text("kate")


@pytest.mark.browser_allow(r"status of 422 ")
def test_a_refused_hand_nobody_can_fix_can_be_left_out(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """Nobody remembers the refused hand: the scorekeeper leaves it out and the
    hands after it go on, a number lower each."""
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    page.context.set_offline(True)
    enter_incomplete_hand(page, **INCOMPLETE)
    enter_hand(page, **FIRST)
    enter_hand(page, **SECOND)

    page.context.set_offline(False)
    leave_out = page.get_by_role("button", name="Leave hand 1 out, send the other 2")
    expect(leave_out).to_be_visible(timeout=SENT_WITHIN_MS)
    check_page(page, screenshot)
    leave_out.tap()

    expect(page.locator(".messages")).to_contain_text("Hand 2 saved")
    assert [(h.number, h.pitcher, h.bid) for h in hands_of(game)] == [
        (1, 1, 2),
        (2, 2, 3),
    ]
    expect(status_box(page)).to_be_hidden()
    expect(page.locator("#entry-title")).to_contain_text("Hand 3")


# htmx logs the failed request, and Chromium the refused connection: that is the case.
@pytest.mark.browser_allow(
    r"htmx:(sendError|afterRequest)", r"ERR_INTERNET_DISCONNECTED"
)
def test_a_save_lost_on_the_way_is_kept_too(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """The phone thinks it is online but the request never arrives (a weak signal
    in the back room): the hand is queued all the same, and sent by the retry."""
    broken = {"on": True}

    def network(route: Any) -> None:
        if broken["on"] and "action=save" in (route.request.post_data or ""):
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(f"**/games/{game.pk}/hands/", network)
    page.goto(f"/games/{game.pk}/")

    enter_hand(page, **FIRST)

    expect(status_box(page)).to_contain_text("Hand 1 is not saved yet")
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    assert hands_of(game) == []
    broken["on"] = False

    hands = wait_for_hands(page, game, 1)  # the 5 s retry
    assert [(h.number, h.pitcher) for h in hands] == [(1, 1)]
    expect(status_box(page)).to_be_hidden()
    expect(page.locator(".sheet tbody tr")).to_have_count(1)


@pytest.mark.browser_allow(
    r"status of 409 \(Conflict\)",
    r"htmx:(sendError|afterRequest)",
    r"ERR_INTERNET_DISCONNECTED",
)
def test_a_hand_undone_on_another_phone_is_dropped_not_recorded_again(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    """Phone A saves hand 1; the server records it but the answer is lost, so A keeps
    it to send again. A saves hand 2 offline. Meanwhile phone B undoes hand 1. Back
    online, A's hand 1 comes back 409 hand_undone: it is dropped with a note (an
    undone hand never comes back), and A's hand 2 goes in as hand 1."""
    lost = {"on": True}

    def answer_lost(route: Any) -> None:
        if lost["on"] and "action=save" in (route.request.post_data or ""):
            lost["on"] = False
            route.fetch()  # the server records it...
            route.abort("internetdisconnected")  # ...but the phone never hears
        else:
            route.continue_()

    page.route(f"**/games/{game.pk}/hands/", answer_lost)
    page.goto(f"/games/{game.pk}/")
    controlled_by_service_worker(page)
    enter_hand(page, **FIRST)
    expect(status_box(page)).to_contain_text("Hand 1 is not saved yet")
    assert len(wait_for_hands(page, game, 1)) == 1
    page.context.set_offline(True)
    enter_hand(page, **SECOND)
    expect(status_box(page)).to_contain_text("hands 1, 2")
    hand_services.hand_undo(game_id=game.pk, number=1)  # phone B

    page.context.set_offline(False)

    box = status_box(page)
    expect(box).to_contain_text(
        "Hand 1 was undone on another phone.", timeout=SENT_WITHIN_MS
    )
    expect(box).to_contain_text("This phone's copy of it was dropped")
    hands = wait_for_hands(page, game, 1)
    page.wait_for_timeout(1000)  # nothing more is sent
    assert [(h.number, h.pitcher, h.bid) for h in hands_of(game)] == [(1, 2, 3)]
    assert stored(page, f"pitchclub:queue:{game.pk}") is None
    assert stored(page, f"pitchclub:refused:{game.pk}") is None
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    screenshot("undone-dropped", full_page=False)

    box.get_by_role("button", name="Dismiss").tap()
    expect(box).to_be_hidden()
    assert stored(page, left_out_key(game)) is None
    assert len(hands) == 1

"""What the server tells the offline queue (static/js/offline.js): the game and the
entry form's words for a whole deal cycle as JSON on the table page
(scoring/table/offline.py, `#table-data`), and what happened to a hand in the data
attributes of its boxes (templates/scoring/_conflict.html, _undone.html). The phone
reads these; it never works out a dealer or scrapes a sentence."""

import json
import re
import uuid
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from scoring.table.entry import HandEntry
from scoring.table.offline import offline_data, refusal_templates, rules_data
from scoring.table.sheet import game_sheet
from scoring.table.taps import FULL
from scoring.table.words.wins import win_reasons
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
QUICK_HAND = {
    "pitcher": "3",
    "bid": "3",
    "award-high": "1",
    "award-low": "2",
    "award-jack": "1",
    "award-game": "1",
}


class EntryWords(HTMLParser):
    """The words of a rendered entry form that the offline queue changes for the
    next hand: the heading, the Save button and the auction rows' names."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.save = ""
        self.callers: dict[int, str] = {}
        self._into: str | None = None
        self._call: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if attributes.get("id") == "entry-title":
            self._into = "title"
        elif tag == "button" and "save" in classes:
            self._into = "save"
        elif tag == "fieldset":
            calls = [c for c in classes if re.fullmatch(r"taps-call-\d+", c)]
            self._call = int(calls[0].rsplit("-", 1)[1]) if calls else None
        elif tag == "span" and "what" in classes and self._call is not None:
            self._into = "caller"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "button", "span"):
            self._into = None

    def handle_data(self, data: str) -> None:
        if self._into == "title":
            self.title += data
        elif self._into == "save":
            self.save += data.strip()
        elif self._into == "caller" and self._call is not None:
            self.callers[self._call] = self.callers.get(self._call, "") + data


def entry_words(game: Game, number: int) -> EntryWords:
    """The server's own whole-auction form for hand `number`, as it draws it."""
    sheet = game_sheet(game)
    entry = HandEntry(
        rules=sheet["rules"],
        number=number,
        seat_names=sheet["seat_names"],
        side_names=sheet["side_names"],
        data={"mode": FULL},
    )
    html = render_to_string(
        "scoring/_entry.html", {"entry": entry, "game": game, "rules": sheet["rules"]}
    )
    words = EntryWords()
    words.feed(html)
    return words


def table_data(html: str) -> dict:
    found = re.search(
        r'<script id="table-data" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, "no #table-data on the page"
    return json.loads(found.group(1))


def sheet_state(html: str) -> dict:
    found = re.search(
        r'<script id="sheet-state" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, "no #sheet-state on the page"
    return json.loads(found.group(1))


def numbered(text: str, number: int) -> str:
    return text.replace("{number}", str(number), 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_the_deal_cycle_has_the_entry_forms_words_for_every_hand(players: int) -> None:
    """Hand n's words are cycle[(n - 1) % len]: the same as the server's form for
    hand n, with a first dealer other than the first seat, past a whole cycle."""
    game = game_factory(players=players, first_dealer=players - 1)
    sheet = game_sheet(game)

    data = offline_data(
        game_id=game.pk, rules=sheet["rules"], seat_names=sheet["seat_names"]
    )

    assert data["game"] == game.pk
    assert len(data["cycle"]) == players
    for number in range(1, 2 * players + 2):
        server = entry_words(game, number)
        deal = data["cycle"][(number - 1) % players]
        assert numbered(deal["title"], number) == server.title, number
        assert numbered(data["save"], number) == server.save == f"Save hand {number}"
        assert deal["callers"] == [server.callers[i] for i in range(players)]
    # Hand 1 is dealt by the last seat; the first to call sits on its left.
    first = data["cycle"][0]
    names = sheet["seat_names"]
    assert first["title"] == (
        f"Hand {{number}} · {names[players - 1]} deals · {names[0]} bids first"
    )
    assert first["callers"][-1] == f"{names[players - 1]} (dealer)"


def test_the_table_page_gives_its_scorekeepers_the_offline_data(
    client: Client,
) -> None:
    keeper = UserFactory()
    game = game_factory(players=3, first_dealer=1, created_by=keeper)
    record(game, [2, "pass", "pass"], {"high": 2, "low": 2, "jack": 2, "game": 2})
    client.force_login(keeper)

    page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    data = table_data(page)
    # The rules, names and words of the phone's own count (issue 11).
    rules, sides, seats, words, refusals = (
        data.pop(key) for key in ("rules", "sides", "seats", "words", "refusals")
    )
    assert refusals == refusal_templates()
    assert rules == rules_data(game_sheet(game)["rules"])
    assert rules["target"] == 7
    assert rules["pitcher_only_win"] is True
    assert rules["sides"] == [[0], [1], [2]]
    assert sides == seats == ["Ann", "Bob", "Cy"]
    assert words["reasons"] == win_reasons()
    assert sheet_state(page) == {"scores": [0, 0, 4], "hands": 1, "winner": None}
    assert data == {
        "game": game.pk,
        "save": "Save hand {number}",
        "cycle": [
            {
                "title": "Hand {number} · Bob deals · Cy bids first",
                "callers": ["Cy", "Ann", "Bob (dealer)"],
                "players": ["Cy", "Ann", "Bob"],
            },
            {
                "title": "Hand {number} · Cy deals · Ann bids first",
                "callers": ["Ann", "Bob", "Cy (dealer)"],
                "players": ["Ann", "Bob", "Cy"],
            },
            {
                "title": "Hand {number} · Ann deals · Bob bids first",
                "callers": ["Bob", "Cy", "Ann (dealer)"],
                "players": ["Bob", "Cy", "Ann"],
            },
        ],
    }
    # The form on the page is hand 2's, and the cycle says the same.
    assert "Hand 2 · Cy deals · Ann bids first" in page
    # The offline queue is an ES module (no build step: the browser loads its parts).
    assert re.search(r'<script src="[^"]*/js/offline\.js" type="module">', page)


def test_a_page_nobody_may_record_on_has_no_offline_data(client: Client) -> None:
    game = game_factory(created_by=UserFactory())

    page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert "table-data" not in page
    assert "sheet-state" not in page
    assert "offline.js" not in page


def test_the_conflict_box_says_what_happened_in_data_attributes(
    client: Client,
) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)  # Ann, Bob, Cy, Di
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    client.force_login(keeper)

    response = client.post(
        reverse("scoring:hand_record", args=[game.pk]),
        {"action": "save", "number": "1", **QUICK_HAND},
        **HX,
    )

    assert response.status_code == 409
    text = response.content.decode()
    box = re.search(r'<div class="conflict"[^>]*>', text)
    assert box, text
    assert 'data-refusal="number_conflict"' in box.group(0)
    assert 'data-number="1"' in box.group(0)
    assert 'data-theirs="Cy bid 2 and made it"' in box.group(0)
    assert 'data-mine="Di bid 3"' in box.group(0)


def test_the_undone_box_says_which_hand_in_data_attributes(client: Client) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    client.force_login(keeper)
    url = reverse("scoring:hand_record", args=[game.pk])
    fields = {"action": "save", "number": "1", "client_id": str(uuid.uuid4())}
    assert client.post(url, {**fields, **QUICK_HAND}, **HX).status_code == 201
    client.post(reverse("scoring:hand_undo", args=[game.pk, 1]))

    response = client.post(url, {**fields, **QUICK_HAND}, **HX)

    assert response.status_code == 409
    box = re.search(r'<div class="undone-notice"[^>]*>', response.content.decode())
    assert box
    assert 'data-refusal="hand_undone"' in box.group(0)
    assert 'data-number="1"' in box.group(0)


def test_names_are_escaped_in_the_json(client: Client) -> None:
    """A player called </script> can't end the script early."""
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    seat = game.seats.get(number=0)
    seat.player.name = "</script><b>"
    seat.player.save()
    client.force_login(keeper)

    page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert "</script><b>" not in page
    assert table_data(page)["cycle"][0]["title"].startswith(
        "Hand {number} · </script><b> deals"
    )


def test_a_hand_saved_after_an_undo_elsewhere_is_told_as_the_undo(
    client: Client,
) -> None:
    """Issue 11: phone B saves hand 3 after phone A undid hand 2. Not "someone else
    may have recorded a hand": the undo, with B's taps offered for hand 2."""
    keeper = UserFactory()
    game = game_factory(created_by=keeper)  # Ann, Bob, Cy, Di
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 1})
    record(game, [2, "pass", "pass", "pass"], {"high": 2, "low": 2, "game": 2})
    client.force_login(keeper)
    client.post(reverse("scoring:hand_undo", args=[game.pk, 2]))

    response = client.post(
        reverse("scoring:hand_record", args=[game.pk]),
        {"action": "save", "number": "3", **QUICK_HAND},
        **HX,
    )

    assert response.status_code == 409
    text = response.content.decode()
    box = re.search(r'<div class="conflict undo-race"[^>]*>', text)
    assert box, text
    assert 'data-refusal="number_undone"' in box.group(0)
    assert 'data-number="3"' in box.group(0)
    assert 'data-undone="2"' in box.group(0)
    assert "Hand 2 was undone on another phone." in text
    assert "This phone&#x27;s hand 3 (Di bid 3) was not saved" in text
    assert "someone else may have" not in text
    assert "Use this phone's taps for hand 2" in text
    assert 'data-number="2"' in text  # the form is hand 2's
    game.refresh_from_db()
    assert game.hand_count == 1


def test_a_gap_without_an_undo_is_still_a_plain_refusal(client: Client) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    client.force_login(keeper)

    response = client.post(
        reverse("scoring:hand_record", args=[game.pk]),
        {"action": "save", "number": "3", **QUICK_HAND},
        **HX,
    )

    assert response.status_code == 409
    text = response.content.decode()
    assert "undo-race" not in text
    assert "the next hand of this game is hand 1" in text


# --- what the phone says of a hand it refuses to keep (static/js/offline/check.js) ---


def entry_and_words(data: dict, number: int = 1) -> tuple[HandEntry, dict]:
    game = game_factory()
    sheet = game_sheet(game)
    rules = sheet["rules"]
    seats = dict(enumerate(sheet["seat_names"].values()))
    entry = HandEntry(
        rules=rules,
        number=number,
        seat_names=seats,
        side_names=sheet["side_names"],
        data=data,
    )
    offline = offline_data(
        game_id=game.pk, rules=rules, seat_names=seats, side_names=sheet["side_names"]
    )
    return entry, offline


def test_still_to_tap_is_said_in_the_forms_own_words() -> None:
    entry, offline = entry_and_words({"award-high": "1"})
    words = offline["words"]

    assert entry.missing() == [
        words["the_pitcher"],
        words["the_bid"],
        "Low",
        "Jack",
        "Game",
    ]
    assert words["still_to_tap"].format(missing=", ".join(entry.missing()[2:])) == (
        "Still to tap: Low, Jack, Game"
    )
    entry.hand_input()  # the server's errors, row by row
    assert entry.pitcher.errors == [words["tap_pitcher"]]
    assert entry.bid.errors == [words["tap_bid"]]
    for row in entry.awards[1:]:
        # Low has no Nobody to tap in Auction Pitch.
        who_took = words[
            "who_took" if row.name == "award-low" else "who_took_or_nobody"
        ]
        assert row.errors == [who_took.format(point=row.legend)]


def test_the_whole_auctions_callers_are_named_as_the_form_names_them() -> None:
    # Hand 1: Ann deals, Bob calls first. Bob bid 2; Cy, Di and Ann still to call.
    entry, offline = entry_and_words({"mode": FULL, "call-0": "2"})
    words = offline["words"]
    players = offline["cycle"][0]["players"]

    assert players == [row.player for row in entry.calls]
    # calls[n]: the words for n calls, in each of the language's plural forms.
    assert entry.missing()[0] == words["calls"][3].format(count=3, name=players[1])
    entry.hand_input()
    assert entry.calls[1].errors == [words["tap_call"].format(name=players[1])]

    # Everyone but the dealer passed: the dealer's row says the dealer must bid.
    passes = {"call-0": "pass", "call-1": "pass", "call-2": "pass"}
    entry, offline = entry_and_words({"mode": FULL, **passes})
    assert entry.missing()[0] == words["one_call"].format(name=players[3])
    entry.hand_input()
    least = offline["rules"]["stuck_dealer_min_bid"]
    assert entry.calls[3].errors == [
        words["tap_stuck"].format(name=players[3], least=least)
    ]


def test_the_phone_gets_the_servers_templates_for_the_refusals_it_checks() -> None:
    _, offline = entry_and_words({})
    templates = offline["refusals"]
    # The pages' words (players, not seats), as scoring.refusals says them.
    assert "the player that captured the trump" in templates["single_trump_split"]
    assert "{high}" in templates["single_trump_split"]
    assert templates["fallback"]
    assert offline["words"]["point_names"]["high"] == "High"

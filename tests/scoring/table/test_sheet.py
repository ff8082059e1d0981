"""What the table shows of a game (scoring/table/sheet.py, cards.py, export.py,
preview.py): the sheet, its rows and totals, the game cards, the newest hand of the
live view, the CSV rows, the preview of a hand; all from a game read once by
selectors.game_detail, without a query more."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.games import selectors
from scoring.models import Game
from scoring.table import cards, export, sheet
from scoring.table.entry import HandEntry
from scoring.table.preview import hand_preview
from tests.factories import game_factory

pytestmark = pytest.mark.django_db


def _read(game: Game) -> Game:
    return selectors.game_detail(game_id=game.pk, user=None)


def _entry(game: Game, shown: dict, data: dict) -> HandEntry:
    return HandEntry(
        rules=shown["rules"],
        number=game.hand_count + 1,
        seat_names=shown["seat_names"],
        side_names=shown["side_names"],
        data=data,
    )


def test_the_sheet_has_a_row_per_hand_and_the_next_deal(three_hands: Game) -> None:
    game = _read(three_hands)
    with CaptureQueriesContext(connection) as queries:
        shown = sheet.game_sheet(game)
    assert len(queries) == 0
    assert shown["side_names"] == ["Ann", "Bob", "Cy", "Di"]
    assert [side["score"] for side in shown["sides"]] == [1, 0, 1, 2]
    assert [row["hand"].number for row in shown["hands"]] == [1, 2, 3]
    assert [cell["score"] for cell in shown["hands"][-1]["cells"]] == [1, 0, 1, 2]
    assert shown["hands"][0]["dealer"] == "Ann"
    assert (shown["next_number"], shown["next_dealer"], shown["first_bidder"]) == (
        4,
        "Di",
        "Ann",
    )
    assert shown["winner"] is None


def test_a_team_is_named_by_its_players() -> None:
    game = _read(game_factory(players=4, partnership=True))
    assert cards.side_names(game) == ["Ann & Cy", "Bob & Di"]
    ids = {seat.player.name: seat.player_id for seat in game.seats.all()}
    assert cards.game_cards([game])[0]["sides"] == [
        {
            "name": "Ann & Cy",
            "players": [
                {"id": ids["Ann"], "name": "Ann"},
                {"id": ids["Cy"], "name": "Cy"},
            ],
            "score": 0,
            "winner": False,
        },
        {
            "name": "Bob & Di",
            "players": [
                {"id": ids["Bob"], "name": "Bob"},
                {"id": ids["Di"], "name": "Di"},
            ],
            "score": 0,
            "winner": False,
        },
    ]


def test_the_live_view_tells_the_newest_hand(three_hands: Game) -> None:
    shown = sheet.game_sheet(_read(three_hands))
    latest = sheet.latest_hand(shown)
    assert latest is not None
    assert latest["row"]["hand"].number == 3
    assert [side["name"] for side in latest["sides"]] == ["Ann", "Bob", "Cy", "Di"]
    assert sheet.latest_hand(sheet.game_sheet(_read(game_factory()))) is None


def test_the_csv_has_a_header_and_a_row_per_hand(three_hands: Game) -> None:
    rows = list(export.csv_rows(_read(three_hands)))
    assert [str(cell) for cell in rows[0]] == [
        "Hand",
        "Dealer",
        "Auction",
        "Pitcher",
        "Bid",
        "Made",
        "Trump",
        "High",
        "Low",
        "Jack",
        "Game",
        "Ann: this hand",
        "Ann: running total",
        "Bob: this hand",
        "Bob: running total",
        "Cy: this hand",
        "Cy: running total",
        "Di: this hand",
        "Di: running total",
        "Game winner",
    ]
    assert [row[0] for row in rows[1:]] == [1, 2, 3]


def test_a_cell_that_looks_like_a_formula_is_kept_as_text() -> None:
    assert export._cell("=1+1") == "'=1+1"
    assert export._cell("Ann") == "Ann"
    assert export._cell(-2) == -2


def test_the_preview_says_what_is_still_to_tap(three_hands: Game) -> None:
    game = _read(three_hands)
    shown = sheet.game_sheet(game)
    preview = hand_preview(game, shown, _entry(game, shown, {}))
    assert preview["missing"]

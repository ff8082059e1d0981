"""The CSV export of a game, read back as a spreadsheet would: UTF-8 with a byte
order mark (so names with accents open right), the auction and the game's winner in
their own columns, each side's change in the hand and running total named as what
they are, a point credited to a team written as the team (issue 11)."""

import codecs
import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game
from tests.factories import game_factory, record

pytestmark = pytest.mark.django_db


def download(client: Client, game: Game) -> bytes:
    response = client.get(reverse("scoring:hands_csv", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return response.content


def read_back(client: Client, game: Game) -> list[dict[str, str]]:
    """The rows as a spreadsheet reads them: the BOM says UTF-8, then a header."""
    content = download(client, game)
    assert content.startswith(codecs.BOM_UTF8)
    text = content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_the_file_starts_with_a_utf8_byte_order_mark_and_keeps_accents(
    client: Client,
) -> None:
    game = services.game_start(variant="auction", players=["Zoë", "Bjørn", "Ana"])
    record(game, [2, "pass", "pass"], {"high": 1, "low": 1})

    content = download(client, game)

    assert content[:3] == codecs.BOM_UTF8
    assert content.count(codecs.BOM_UTF8) == 1
    [row] = read_back(client, game)
    assert row["Pitcher"] == "Bjørn"
    assert "Zoë: this hand" in row


def test_the_auction_and_the_pitcher_have_their_own_columns(client: Client) -> None:
    game = game_factory()
    # Ann deals: Bob 2, Cy pass, Di 3, Ann passes; Di is the pitcher and is set.
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "game": 2})
    # Bob deals, no auction recorded: Ann pitched 2.
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 0}),
    )

    first, second = read_back(client, game)

    assert first["Auction"] == "Bob 2, Cy pass, Di 3, Ann pass"
    assert (first["Pitcher"], first["Bid"], first["Made"]) == ("Di", "3", "no")
    assert second["Auction"] == ""
    assert (second["Pitcher"], second["Bid"], second["Made"]) == ("Ann", "2", "yes")


def test_each_side_has_its_change_in_the_hand_and_its_running_total(
    client: Client,
) -> None:
    game = game_factory()
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": None, "game": 2})
    record(
        game, ["pass", "pass", 2, "pass"], {"high": 0, "low": 0, "jack": 2, "game": 0}
    )

    rows = read_back(client, game)

    assert [row["Di: this hand"] for row in rows] == ["-3", "0"]
    assert [row["Di: running total"] for row in rows] == ["-3", "-3"]
    assert [row["Ann: this hand"] for row in rows] == ["0", "3"]
    assert [row["Ann: running total"] for row in rows] == ["0", "3"]
    assert [row["Cy: running total"] for row in rows] == ["1", "2"]


def test_the_game_winner_is_named_on_the_hand_that_won(client: Client) -> None:
    game = game_factory(partnership=True, options={"target": 4})
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 3, "jack": 0})
    # Bob deals; Cy pitches 4 and takes everything: Ann & Cy are out with 5.
    record(game, [4], {"high": 2, "low": 2, "jack": 0, "game": 2})

    first, second = read_back(client, game)

    assert first["Game winner"] == ""
    assert second["Game winner"] == "Ann & Cy"
    assert second["Ann & Cy: running total"] == "5"


def test_a_point_credited_to_a_team_is_written_as_the_team(client: Client) -> None:
    game = game_factory(variant="thirteen")
    team = engine.SideCredit(1)
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=1, bid=5, awards={"ace": 0, "jack": 1, "ten": team, "two": team}
        ),
    )

    [row] = read_back(client, game)

    assert row["Ace"] == "Ann"
    assert row["Jack"] == "Bob"
    assert row["Ten"] == "Bob & Di (team)"
    assert row["Two"] == "Bob & Di (team)"
    assert row["Three"] == "nobody"
    assert row["Bob & Di: this hand"] == "-5"


def test_the_header_in_order(client: Client) -> None:
    text = download(client, game_factory(variant="thirteen")).decode("utf-8-sig")
    [header] = list(csv.reader(io.StringIO(text, newline="")))

    assert header == [
        "Hand", "Dealer", "Auction", "Pitcher", "Bid", "Made", "Trump",
        "Ace", "Jack", "Jick", "High joker", "Low joker", "Ten", "Three",
        "Off-three", "Two",
        "Ann & Cy: this hand", "Ann & Cy: running total",
        "Bob & Di: this hand", "Bob & Di: running total",
        "Game winner",
    ]  # fmt: skip


def test_a_point_taken_by_nobody_says_nobody_unlike_a_cell_with_nothing_to_say(
    client: Client,
) -> None:
    """A Jack not out and a tied Game were empty cells, like a point never entered
    (issue 23): they say "nobody"; a cell with nothing to say stays empty."""
    game = game_factory()
    # Ann deals: Bob 2, the rest pass; Bob takes High, Cy Low; no Jack; Game tied.
    record(
        game,
        [2, "pass", "pass", "pass"],
        {"high": 1, "low": 2, "jack": None, "game": None},
    )

    [row] = read_back(client, game)

    assert (row["High"], row["Low"]) == ("Bob", "Cy")
    assert row["Jack"] == "nobody"
    assert row["Game"] == "nobody"
    # No trump recorded, no winner yet: nothing to say, so nothing said.
    assert row["Trump"] == ""
    assert row["Game winner"] == ""
    # A point the variant does not play has no column at all.
    assert "Ace" not in row
    assert "Ten" not in row

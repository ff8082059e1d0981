"""The printed score sheet says who took each point (issue 23 item 9): under each
side's score the letters of the points it took (H, L, J, G), with the taker's name in
a partnership game, the points nobody took beside the bid, and a legend. Paper only:
hidden on the screen, as the print header is."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import engine
from scoring.games import hands as hand_services
from tests.factories import game_factory, record

pytestmark = pytest.mark.django_db


def page(client: Client, game_id: int) -> str:
    return client.get(reverse("scoring:game", args=[game_id])).content.decode()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def marks(text: str) -> list[str]:
    """Each printed cell of points (hidden on screen), as words, in page order."""
    found = re.findall(
        r'<span class="took"[^>]*\bhidden\b[^>]*>(.*?)</span>\s*</td>', text, re.S
    )
    return [words(cell) for cell in found]


def test_each_players_cell_lists_the_points_they_took_and_nobody_the_rest(
    client: Client,
) -> None:
    game = game_factory()
    # Ann deals: Bob 2, the rest pass; Bob High and Low, Cy Game, no Jack out.
    record(
        game,
        [2, "pass", "pass", "pass"],
        {"high": 1, "low": 1, "jack": None, "game": 2},
    )

    text = page(client, game.pk)

    # Ann, Bob, Cy, Di's cells, then the points nobody took beside the bid.
    assert marks(text) == ["", "H L", "G", ""]
    nobody = re.search(
        r'<span class="nobody-took"[^>]*\bhidden\b[^>]*>(.*?)</span>', text, re.S
    )
    assert nobody
    assert words(nobody.group(1)) == "nobody: J"
    legend = re.search(
        r'<p class="print-legend"[^>]*\bhidden\b[^>]*>(.*?)</p>', text, re.S
    )
    assert legend
    assert "H High" in words(legend.group(1))
    assert "G Game" in words(legend.group(1))
    assert "“nobody:” before the points nobody took." in words(legend.group(1))


def test_a_partnership_cell_names_the_partner_who_took_each_point(
    client: Client,
) -> None:
    game = game_factory(partnership=True)
    record(
        game, [2, "pass", "pass", "pass"], {"high": 1, "low": 3, "jack": 0, "game": 2}
    )

    # Ann & Cy: Jack by Ann, Game by Cy; Bob & Di: High by Bob, Low by Di.
    assert marks(page(client, game.pk)) == ["J Ann G Cy", "H Bob L Di"]


def test_a_thirteen_point_game_lists_the_cards_each_team_took(client: Client) -> None:
    game = game_factory(variant="thirteen")
    team = engine.SideCredit(1)
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=1, bid=5, awards={"ace": 0, "jack": 1, "ten": team, "two": team}
        ),
    )

    text = page(client, game.pk)

    assert marks(text) == ["A", "J 10 2"]
    nobody = re.search(r'<span class="nobody-took"[^>]*>(.*?)</span>', text, re.S)
    assert nobody
    assert words(nobody.group(1)) == "nobody: Jk HJ LJ 3 O3"

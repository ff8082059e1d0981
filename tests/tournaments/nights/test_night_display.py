"""A progressive night as its pages, wall and printed sheet show it (issue 22,
item 8): nobody is ranked before a table has a result; a fixed-hands night is
"5 hands a round" (never "to 7"); the sheet and the CSV show the night's tally
(points, rounds won, byes), not a bracket's points for and against."""

import codecs
import csv
import io
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import TOURNAMENTS, create, read

pytestmark = pytest.mark.django_db

UNRANKED = "\N{EN DASH} not ranked yet"


def _night(api: APIClient, club: Club) -> dict[str, Any]:
    return create(
        api,
        club,
        format="progressive",
        entrants=9,
        settings={"rounds": 2, "hands_per_round": 5},
        options={"target": 7},
    )


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def _page_ranks(t: dict[str, Any]) -> list[str]:
    html = Client().get(f"/tournaments/{t['id']}/").content.decode()
    tally = html[html.index('class="night-tally"') :]
    tally = tally[: tally.index("</ol>")]
    return [_text(r) for r in re.findall(r'class="tally-rank">(.*?)</span> <', tally)]


def _wall_ranks(t: dict[str, Any]) -> list[str]:
    html = Client().get(f"/tournaments/{t['id']}/wall/").content.decode()
    return [_text(r) for r in re.findall(r'<td class="tally-rank">(.*?)</td>', html)]


def _print(t: dict[str, Any]) -> str:
    return Client().get(f"/tournaments/{t['id']}/standings/print/").content.decode()


def _print_ranks(t: dict[str, Any]) -> list[str]:
    body = _print(t)
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    return [_text(r) for r in re.findall(r"<tr[^>]*>\s*<td[^>]*>(.*?)</td>", body)]


def _csv(t: dict[str, Any]) -> list[list[str]]:
    body = Client().get(f"/tournaments/{t['id']}/standings.csv").content
    return list(csv.reader(io.StringIO(body[len(codecs.BOM_UTF8) :].decode())))


def test_a_fresh_night_ranks_nobody_until_a_table_has_a_result(
    club: Club, organiser_api: APIClient
) -> None:
    t = _night(organiser_api, club)
    for ranks in (_page_ranks(t), _wall_ranks(t), _print_ranks(t)):
        assert ranks == [UNRANKED] * 9
    assert {row[0] for row in _csv(t)[1:]} == {""}
    assert [line["rank"] for line in t["standings"]] == list(range(1, 10))  # API

    four = next(m for m in t["rounds"][0]["matches"] if len(m["entrants"]) == 4)
    answer = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{four['id']}/result/",
        {"scores": [5, 2]},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    t = read(organiser_api, t["id"])
    expected = [str(line["rank"]) for line in t["standings"]]
    assert _page_ranks(t) == expected
    assert _wall_ranks(t) == expected
    assert _print_ranks(t) == expected
    assert [row[0] for row in _csv(t)[1:]] == expected


def test_a_fixed_hands_nights_sheet_says_hands_and_shows_its_tally(
    club: Club, organiser_api: APIClient
) -> None:
    t = _night(organiser_api, club)
    page = _print(t)
    meta = _text(page[page.index('<p class="meta">') :].split("</p>")[0])
    assert "5 hands a round" in meta
    assert "to 7" not in meta
    head = page[page.index("<thead>") : page.index("</thead>")]
    headers = [_text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    assert headers == ["#", "Name", "Points", "Won", "Byes"]  # as on the wall
    rows = _csv(t)
    assert rows[0] == ["Rank", "Name", "Players", "Points", "Rounds won", "Byes"]
    assert len(rows) == 10
    for line, row in zip(t["standings"], rows[1:], strict=True):
        assert row[3:] == [
            str(line["measures"]["points"]),
            str(line["measures"]["rounds_won"]),
            str(line["measures"]["byes"]),
        ]

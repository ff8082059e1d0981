"""Public results: a tournament's standings as CSV (UTF-8 with a BOM, a header,
one row per entrant with the format's measures) and on one printed A4 page
(dated, the club's name, a QR code back to the live page)."""

import codecs
import csv
import io
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import TOURNAMENTS, create, play, read, ready

pytestmark = pytest.mark.django_db


def _rows(response: Any) -> list[list[str]]:
    body = response.content
    assert body.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(body[len(codecs.BOM_UTF8) :].decode("utf-8"))))


def test_csv_has_a_row_per_entrant_with_the_formats_measures(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="swiss",
        entrants=["=Ann", "Bób", "Cy", "Di", "Eve"],
        settings={"rounds": 2},
    )
    first = next(m for m in ready(t) if len(m["entrants"]) == 2)
    response = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{first['id']}/result/",
        {"winner": first["entrants"][1], "scores": [1, 3]},
        format="json",
    )
    assert response.status_code == 200
    t = read(organiser_api, t["id"])
    got = Client().get(f"/tournaments/{t['id']}/standings.csv")
    assert got.status_code == 200
    assert got["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in got["Content-Disposition"]
    rows = _rows(got)
    assert rows[0] == [
        "Rank",
        "Name",
        "Players",
        "Played",
        "Won",
        "Lost",
        "Byes",
        "Points for",
        "Points against",
        "Buchholz",
        "Points difference",
    ]
    assert len(rows) == 6
    names = {e["id"]: e["name"] for e in t["entrants"]}
    for line, row in zip(t["standings"], rows[1:], strict=True):
        name = names[line["entrant"]]
        expected_name = "'" + name if name.startswith("=") else name
        assert row[:2] == [str(line["rank"]), expected_name]
        # Played and Won at a table: a bye is its own column (the API counts
        # it as a won match played, EVENTS.md).
        assert row[3:] == [
            str(line["played"] - line["byes"]),
            str(line["won"] - line["byes"]),
            str(line["lost"]),
            str(line["byes"]),
            str(line["points_for"]),
            str(line["points_against"]),
            str(line["measures"]["buchholz"]),
            str(line["measures"]["points_difference"]),
        ]
        assert int(row[4]) + int(row[5]) == int(row[3])
    assert "Bób" in [row[1] for row in rows]
    winner = next(row for row in rows[1:] if row[4] == "1")
    assert winner[3:9] == ["1", "1", "0", "0", "3", "1"]
    bye = next(row for row in rows[1:] if row[6] == "1")
    assert bye[3:7] == ["0", "0", "0", "1"]


def test_the_printed_standings_show_a_bye_apart(
    club: Club, organiser_api: APIClient
) -> None:
    # Ann (seed 1) has a bye, then loses the final: played 1, won 0, 1 bye.
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    ann = next(e["id"] for e in t["entrants"] if e["name"] == "Ann")
    semi = ready(t)[0]
    t = play(organiser_api, t["id"], semi, semi["entrants"][0])
    final = ready(t)[0]
    t = play(
        organiser_api, t["id"], final, next(e for e in final["entrants"] if e != ann)
    )
    page = Client().get(f"/tournaments/{t['id']}/standings/print/").content.decode()
    head = page[page.index("<thead>") : page.index("</thead>")]
    headers = [
        re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)
    ]
    assert headers[:7] == ["#", "Name", "P", "W", "L", "Byes", "PF"]
    row = page[page.index('<span class="r-entrant">Ann</span>') :]
    row = row[: row.index("</tr>")]
    assert re.findall(r'<td class="num">(\d+)</td>', row)[:4] == ["1", "0", "1", "1"]
    rows = _rows(Client().get(f"/tournaments/{t['id']}/standings.csv"))
    # A bracket's measures (rounds won, byes included; losses) would repeat Won,
    # Byes and Lost: as on the page, they are not columns of their own.
    assert rows[0][3:] == [
        "Played",
        "Won",
        "Lost",
        "Byes",
        "Points for",
        "Points against",
    ]
    assert next(r for r in rows if r[1] == "Ann")[3:7] == ["1", "0", "1", "1"]


def test_the_printed_standings_fit_a_page_dated_with_the_club_and_a_qr(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=32)
    got = Client().get(f"/tournaments/{t['id']}/standings/print/")
    assert got.status_code == 200
    page = got.content.decode()
    assert club.name in page
    assert timezone.localdate().strftime("%Y-%m-%d") in page
    assert "<svg" in page
    assert f"http://testserver/tournaments/{t['id']}/" in page
    assert page.count('<th scope="row" class="r-name">') == 32
    assert f"/tournaments/{t['id']}/standings.csv" in page


def test_a_private_clubs_standings_are_not_for_outsiders(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=3)
    club.is_private = True
    club.save()
    for url in ("standings.csv", "standings/print/"):
        assert Client().get(f"/tournaments/{t['id']}/{url}").status_code == 404

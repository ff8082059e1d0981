"""Public results: a tournament's standings as CSV (UTF-8 with a BOM, a header,
one row per entrant with the format's measures) and on one printed A4 page
(dated, the club's name, a QR code back to the live page)."""

import codecs
import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import TOURNAMENTS, create, read, ready

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
        entrants=["=Ann", "Bób", "Cy", "Di"],
        settings={"rounds": 2},
    )
    first = ready(t)[0]
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
        "Points for",
        "Points against",
        "Buchholz",
        "Points difference",
    ]
    assert len(rows) == 5
    names = {e["id"]: e["name"] for e in t["entrants"]}
    for line, row in zip(t["standings"], rows[1:], strict=True):
        name = names[line["entrant"]]
        expected_name = "'" + name if name.startswith("=") else name
        assert row[:2] == [str(line["rank"]), expected_name]
        assert row[3:] == [
            str(line["played"]),
            str(line["won"]),
            str(line["lost"]),
            str(line["points_for"]),
            str(line["points_against"]),
            str(line["measures"]["buchholz"]),
            str(line["measures"]["points_difference"]),
        ]
    assert "Bób" in [row[1] for row in rows]
    winner = rows[1]
    assert winner[4:8] == ["1", "0", "3", "1"]


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

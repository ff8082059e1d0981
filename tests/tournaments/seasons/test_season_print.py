"""A season's standings for the wall and a spreadsheet (issue 22, item 15): one
printable page (dated, the club's name, a QR code back to the live season page)
and a CSV (UTF-8 with a byte order mark, a header row, one row per player), both
linked from the season page and readable by whoever reads the season."""

import csv
import io
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.formats import date_format

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club: Club) -> Season:
    """Two nights, 2 to qualify: Ann 2 wins (2 nights), Bob 1 (2 nights); Zoë
    1 win, =Cy and Dan none (one night each: not qualified)."""
    season = make_season(club, DEC[3], DEC[10], min_nights=2)
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[10], "Bob", "Ann", 1)
    played(club, DEC[10], "Ann", "Dan")
    played(club, DEC[3], "Zoë", "=Cy")
    return season


def test_the_season_page_links_the_print_and_the_csv(season: Season) -> None:
    page = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert f'href="/seasons/{season.pk}/print/"' in page
    assert f'href="/seasons/{season.pk}/standings.csv"' in page


def test_the_printed_standings_are_dated_named_and_lead_back(
    season: Season, club: Club
) -> None:
    answer = Client().get(f"/seasons/{season.pk}/print/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert club.name in page
    assert date_format(timezone.localdate(), "l j F Y") in page
    assert "<svg" in page
    assert "qr-code" in page
    assert f"http://testserver/seasons/{season.pk}/" in page
    rows = re.findall(r'<th scope="row" class="name">([^<]+)</th>', page)
    assert rows == ["Ann", "Bob", "Zoë", "=Cy", "Dan"]
    assert "Not yet qualified" in page
    assert "@media print" in Path("static/css/seasons.css").read_text()


def test_the_csv_has_a_bom_a_header_and_a_row_per_player(season: Season) -> None:
    answer = Client().get(f"/seasons/{season.pk}/standings.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in answer["Content-Disposition"]
    body = answer.content
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows == [
        ["rank", "name", "nights", "games", "wins", "points", "counted", "qualified"],
        ["1", "Ann", "2", "3", "2", "13", "2", "yes"],
        ["2", "Bob", "2", "2", "1", "8", "1", "yes"],
        ["3", "Zoë", "1", "1", "1", "6", "1", "no"],
        ["4", "'=Cy", "1", "1", "0", "0", "0", "no"],
        ["5", "Dan", "1", "1", "0", "0", "0", "no"],
    ]


def test_a_private_clubs_print_and_csv_are_404_to_outsiders(
    season: Season, club: Club, people: People
) -> None:
    Club.objects.filter(pk=club.pk).update(is_private=True)
    outsider = signed_in(people.outsider)
    for url in (f"/seasons/{season.pk}/print/", f"/seasons/{season.pk}/standings.csv"):
        assert outsider.get(url).status_code == 404
    member = signed_in(people.member)
    assert member.get(f"/seasons/{season.pk}/standings.csv").status_code == 200

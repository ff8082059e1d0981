"""The standings as a tournament's page shows them (issue 22, item 8): a bye apart
from the matches played (its own "Byes" column, in no format counted in P or W, so
that W + L = P), no ranks before any result, a champion marked in words and a
drawing (not an emoji a font may lack).
The API's standings keep their numbers (EVENTS.md: a bye counts as a won match)."""

import re

from django.test import Client
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import create, play, ready

ROW = re.compile(r"<tr[^>]*>\s*<th scope=\"row\".*?</tr>", re.S)


def _rows(t: dict) -> dict[str, tuple[str, list[str]]]:
    """Each entrant's row: its rank as shown and its cells, by name."""
    html = Client().get(f"/tournaments/{t['id']}/").content.decode()
    rows = {}
    for row in ROW.findall(html):
        name = re.search(r'class="st-entrant"[^>]*>([^<]+)<', row)
        rank = re.search(r'<span class="rank"[^>]*>(.*?)</span>', row, re.S)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert name is not None
        assert rank is not None
        rows[name.group(1)] = (
            re.sub(r"<[^>]+>", "", rank.group(1)).strip(),
            [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", c)).strip() for c in cells],
        )
    return rows


def _headers(t: dict) -> list[str]:
    html = Client().get(f"/tournaments/{t['id']}/").content.decode()
    thead = html[html.index('<table class="standings">') :]
    thead = thead[: thead.index("</thead>")]
    return [
        re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", thead)
    ]


def test_before_any_result_nobody_is_ranked(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=6)
    rows = _rows(t)
    assert {rank for rank, _ in rows.values()} == {"\N{EN DASH} not ranked yet"}
    assert all(line["rank"] for line in t["standings"])  # the API ranks, as ever

    match = ready(t)[0]
    t = play(organiser_api, t["id"], match, match["entrants"][0])
    ranks = [rank for rank, _ in _rows(t).values()]
    assert not any(rank.startswith("\N{EN DASH}") for rank in ranks)
    assert "1" in ranks


def _counts_add_up(rows: dict[str, tuple[str, list[str]]]) -> None:
    for _rank, cells in rows.values():
        played, won, lost = (int(cell) for cell in cells[:3])
        assert won + lost == played, cells


def test_a_bye_is_shown_apart_from_the_matches_played(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=5, settings={"rounds": 3})
    for match in ready(t):
        t = play(organiser_api, t["id"], match, match["entrants"][0])
    assert _headers(t)[:5] == ["Entrant", "P", "W", "L", "Byes"]
    names = {e["id"]: e["name"] for e in t["entrants"]}
    line = next(line for line in t["standings"] if line["byes"] == 1)
    # The API: a bye counts as a won match played (EVENTS.md), unchanged.
    assert (line["played"], line["won"], line["lost"]) == (1, 1, 0)
    rows = _rows(t)
    _rank, cells = rows[names[line["entrant"]]]
    assert cells[:4] == ["0", "0", "0", "1"]
    winner = next(
        line for line in t["standings"] if line["byes"] == 0 and line["won"] == 1
    )
    _rank, cells = rows[names[winner["entrant"]]]
    assert cells[:4] == ["1", "1", "0", "0"]
    _counts_add_up(rows)


def test_a_cups_bye_is_no_match_played_nor_won(
    club: Club, organiser_api: APIClient
) -> None:
    # Ann (seed 1) has a bye, then loses the final: P 1, W 0, L 1, 1 bye.
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    ann = next(e["id"] for e in t["entrants"] if e["name"] == "Ann")
    semi = ready(t)[0]
    t = play(organiser_api, t["id"], semi, semi["entrants"][0])
    final = ready(t)[0]
    assert ann in final["entrants"]
    other = next(e for e in final["entrants"] if e != ann)
    t = play(organiser_api, t["id"], final, other)
    line = next(line for line in t["standings"] if line["entrant"] == ann)
    assert (line["played"], line["won"], line["lost"]) == (2, 1, 1)  # the API's
    headers = _headers(t)
    assert headers[:5] == ["Entrant", "P", "W", "L", "Byes"]
    rows = _rows(t)
    assert rows["Ann"][1][:4] == ["1", "0", "1", "1"]
    _counts_add_up(rows)


def test_a_round_robin_bye_keeps_its_column(
    club: Club, organiser_api: APIClient
) -> None:
    # A round robin's bye is not a win (EVENTS.md): its own column says it.
    t = create(organiser_api, club, format="round_robin", entrants=3)
    for match in ready(t):
        t = play(organiser_api, t["id"], match, match["entrants"][0])
    assert _headers(t)[:5] == ["Entrant", "P", "W", "L", "Byes"]
    line = next(line for line in t["standings"] if line["byes"] == 1)
    names = {e["id"]: e["name"] for e in t["entrants"]}
    _rank, cells = _rows(t)[names[line["entrant"]]]
    assert cells[:4] == [str(line["played"]), str(line["won"]), str(line["lost"]), "1"]


def test_the_champion_is_marked_in_words_with_a_drawing(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=2)
    match = ready(t)[0]
    t = play(organiser_api, t["id"], match, match["entrants"][0])
    html = Client().get(f"/tournaments/{t['id']}/").content.decode()
    assert "\N{TROPHY}" not in html
    banner = html[html.index("t-champion-banner") :]
    banner = banner[: banner.index("</p>")]
    assert "<svg" in banner
    assert "Champion:" in banner
    champion = html[html.index('class="champion"') :]
    champion = champion[: champion.index("</tr>")]
    assert "<svg" in champion
    assert '<span class="sr-only">Champion</span>' in champion
    wall = Client().get(f"/tournaments/{t['id']}/wall/").content.decode()
    assert "\N{TROPHY}" not in wall

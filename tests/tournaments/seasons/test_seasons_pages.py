"""The season pages: standings (sortable by links), each player's nights, a
night's results and games; the organisers' new season, new night and "Start
playoffs"; the club page's "Seasons"; queries constant in the number of nights,
games and players."""

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.seasons.test_seasons import DEC, at, make_season, played
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.models import Night, Season, Tournament

pytestmark = pytest.mark.django_db


def names_in_order(html: str, table: int = 0) -> list[str]:
    """The player names of a standings table, top to bottom."""
    tables = re.findall(r"<table class=\"standings\">(.*?)</table>", html, re.S)
    row_name = r'<th scope="row" class="player">.*?<a [^>]*>([^<]+)</a>'
    return re.findall(row_name, tables[table], re.S)


def figure(cell: str) -> str:
    """A standings cell's figure as seen: its link and screen-reader words out."""
    return re.sub(r'<span class="sr-only">.*?</span>|<[^>]+>', "", cell).strip()


@pytest.fixture
def season(club: Club) -> Season:
    """Three nights, 1 dropped, 2 to qualify. Per night (games, wins, points):

    night   3          10         17         | counted (wins, worst dropped)
    Ann     2  2  12   2  0  2    1  1  6    | 2 + 1 = 3 (points 20)
    Bob     2  0  2    1  1  6    1  0  1    | 1 + 0 = 1 (points 9)
    Cy      1  0  1    1  1  6    2  1  6    | 1 + 1 = 2 (points 13)
    Di      1  1  6    -          -          | one night: not qualified
    """
    season = make_season(club, DEC[3], DEC[10], DEC[17], drop_worst=1, min_nights=2)
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[3], "Ann", "Cy", 1)
    played(club, DEC[3], "Di", "Bob")
    played(club, DEC[10], "Bob", "Ann")
    played(club, DEC[10], "Cy", "Ann", 2)
    played(club, DEC[17], "Ann", "Cy")
    played(club, DEC[17], "Cy", "Bob", 1)
    return season


def test_the_season_page_shows_the_standings_apart_and_sorts_by_column(
    client: Client, season: Season
) -> None:
    page = client.get(f"/seasons/{season.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert names_in_order(html) == ["Ann", "Cy", "Bob"]
    assert names_in_order(html, 1) == ["Di"]
    rows = re.findall(r"<tr>\s*<th scope=\"row\".*?</tr>", html, re.S)
    cells = [
        [figure(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in rows
    ]
    # counted, nights, games, won, points
    assert cells == [
        ["3", "3", "5", "3", "20"],
        ["2", "3", "4", "2", "13"],
        ["1", "3", "4", "1", "9"],
        ["0", "1", "1", "1", "6"],
    ]
    assert "Not yet qualified" in html
    assert "Fewer than 2 nights played." in html
    # Sorted by points, highest first, in each table.
    by_name = client.get(f"/seasons/{season.pk}/?sort=name").content.decode()
    assert names_in_order(by_name) == ["Ann", "Bob", "Cy"]
    assert 'aria-sort="ascending"' in by_name
    by_points = client.get(f"/seasons/{season.pk}/?sort=points").content.decode()
    assert 'aria-sort="descending"' in by_points
    assert names_in_order(by_points) == ["Ann", "Cy", "Bob"]
    # An unknown column keeps the standings' order.
    odd = client.get(f"/seasons/{season.pk}/?sort=zzz").content.decode()
    assert names_in_order(odd) == ["Ann", "Cy", "Bob"]
    # Nothing for a visitor to organise; the nights, latest first.
    assert "Add night" not in html
    assert "Start playoffs" not in html
    dates = re.findall(r'<span class="night-date">([^<]+)</span>', html)
    assert dates == ["Thu 17 Dec 2026", "Thu 10 Dec 2026", "Thu 3 Dec 2026"]
    assert "Best: Ann (2 won)" in html


def test_the_standings_names_lead_to_the_player_page_of_the_season(
    client: Client, season: Season
) -> None:
    """A name: the player page narrowed to the season; the nights count: the
    player's nights of the season."""
    html = client.get(f"/seasons/{season.pk}/").content.decode()
    players = {p.name: p.pk for p in season.club.players.all()}
    rows = re.findall(r"<tr>\s*<th scope=\"row\".*?</tr>", html, re.S)
    assert len(rows) == 4
    for row in rows:
        name = re.search(
            r'<th scope="row" class="player">.*?<a [^>]*>([^<]+)</a>', row, re.S
        )
        pk = players[name.group(1)]
        assert f'<a href="/players/{pk}/?season={season.pk}">{name.group(1)}</a>' in row
        nights = re.search(
            r'<td class="nights-count"><a class="count-link" href="([^"]+)"', row
        )
        assert nights is not None
        assert nights.group(1) == f"/seasons/{season.pk}/players/{pk}/"
    assert "a name for the player's statistics" in html
    # What the link leads to counts the season's games: Ann's 5.
    ann = players["Ann"]
    shown = client.get(f"/players/{ann}/?season={season.pk}")
    assert shown.status_code == 200
    assert "Games 5" in re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", shown.content.decode())
    )


def test_a_players_season_night_and_seed_names_lead_to_the_player_page(
    client: Client, season: Season, people: People
) -> None:
    ann = season.club.players.get(name="Ann")
    stats = f'href="/players/{ann.pk}/?season={season.pk}"'
    own = client.get(f"/seasons/{season.pk}/players/{ann.pk}/").content.decode()
    # Near the title, before the nights.
    assert stats in own.split('id="nights-h"')[0]
    night = season.nights.get(date=DEC[3])
    results = client.get(f"/seasons/{season.pk}/nights/{night.pk}/").content.decode()
    table = results.split("</table>")[0]
    names = re.findall(
        r'<th scope="row" class="player"><a href="([^"]+)">([^<]+)</a>', table
    )
    players = {p.name: p.pk for p in season.club.players.all()}
    assert names == [
        (f"/players/{players[name]}/?season={season.pk}", name)
        for name in ("Ann", "Di", "Bob", "Cy")
    ]
    # Their games of the night stay one tap away (the row's games count).
    games = f"/players/{ann.pk}/games/?night={night.pk}"
    assert f'<td class="games-count"><a class="count-link" href="{games}">' in table
    seeds = signed_in(people.organiser).get(f"/seasons/{season.pk}/playoffs/")
    assert re.findall(
        r'<a class="seed-name" href="([^"]+)">([^<]+)</a>', seeds.content.decode()
    ) == [
        (f"/players/{players[name]}/?season={season.pk}", name)
        for name in ("Ann", "Cy", "Bob")
    ]


def test_a_private_clubs_season_is_a_404_to_outsiders(
    club: Club, season: Season, people: People
) -> None:
    club.is_private = True
    club.save()
    night = season.nights.first()
    for url in (
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/nights/{night.pk}/",
        f"/seasons/{season.pk}/players/{season.club.players.first().pk}/",
    ):
        assert Client().get(url).status_code == 404
        assert signed_in(people.outsider).get(url).status_code == 404
        assert signed_in(people.member).get(url).status_code == 200, url


def test_a_players_nights_show_the_dropped_one_and_link_to_their_games(
    client: Client, season: Season
) -> None:
    ann = season.club.players.get(name="Ann")
    html = client.get(f"/seasons/{season.pk}/players/{ann.pk}/").content.decode()
    rows = re.findall(r"<tr( class=\"dropped\")?>\s*<th scope=\"row\"", html)
    assert rows == ["", ' class="dropped"', ""]
    assert '<s>0</s><span class="dropped-tag">dropped</span>' in html
    assert f"/players/{ann.pk}/games/?season={season.pk}" in html
    di = season.club.players.get(name="Di")
    html = client.get(f"/seasons/{season.pk}/players/{di.pk}/").content.decode()
    assert "not yet qualified: 1 of 2 nights" in html
    nobody = client.get(f"/seasons/{season.pk}/players/99999/")
    assert nobody.status_code == 404


def test_a_nights_page_shows_its_results_games_and_tournaments(
    client: Client, season: Season
) -> None:
    night = season.nights.get(date=DEC[3])
    html = client.get(f"/seasons/{season.pk}/nights/{night.pk}/").content.decode()
    names = re.findall(r'<th scope="row" class="player"><a [^>]*>([^<]+)</a>', html)
    assert names == ["Ann", "Di", "Bob", "Cy"]
    assert html.count('<li class="card">') == 3  # its three games
    ann = season.club.players.get(name="Ann")
    assert f"/players/{ann.pk}/games/?night={night.pk}" in html


def paper_cup(club: Club, day: Any, winner: str, loser: str) -> None:
    """A cup of two on `day`, its one match entered on paper."""
    cup = create.tournament_create(
        club=club,
        name=f"Cup {day} {winner}",
        format="single_elimination",
        variant="auction",
        entrants=[create.EntrantInput(players=[n]) for n in (winner, loser)],
    )
    Tournament.objects.filter(pk=cup.pk).update(created_at=at(day))
    match = cup.matches.get()
    match_services.match_result_enter(
        tournament_id=cup.pk, match_id=match.pk, winner=match.entrant_a_id
    )


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_season_and_night_pages_queries_do_not_grow_with_nights_and_games(
    club: Club, people: People, season: Season
) -> None:
    organiser = signed_in(people.organiser)
    night = season.nights.get(date=DEC[3])
    urls = [
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/nights/{night.pk}/",
        f"/seasons/{season.pk}/players/{club.players.get(name='Ann').pk}/",
        f"/clubs/{club.slug}/",
    ]
    paper_cup(club, DEC[3], "Ann", "Kit")
    before = [_queries(organiser, url) for url in urls]
    # Twice as many nights, more games, players and paper results.
    for day in (DEC[24], DEC[29], DEC[30]):
        Night.objects.create(season=season, date=day)
        played(club, day, "Eve", "Finn", 1)
        played(club, day, "Ann", "Gus", 2)
        paper_cup(club, day, "Lou", "Ann")
    for name in ("Hal", "Ida", "Jo"):
        played(club, DEC[3], name, "Ann")
    make_season(club, DEC[3], name="Another")
    after = [_queries(organiser, url) for url in urls]
    assert after == before, (before, after)
    # The season page: session, user, season, membership, nights, games,
    # tournaments, tallies, paper results and their players; the club page's
    # own queries are the club's.
    assert before[0] <= 10, before


# -- organisers


def test_an_organiser_starts_a_season_from_the_club_page(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    club_page = organiser.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/seasons/new/"' in club_page
    assert "No seasons yet." in club_page
    form = {
        "name": "Spring 2027",
        "starts": "2027-03-01",
        "ends": "2027-05-31",
        "variant": "auction",
        "target": "11",
        "scoring": "points",
        "drop_worst": "1",
        "min_nights": "3",
    }
    refused = organiser.post(
        f"/clubs/{club.slug}/seasons/new/", {**form, "ends": "2027-02-01"}
    )
    assert refused.status_code == 400
    assert "The season ends on 2027-02-01, before it starts" in refused.content.decode()
    too_far = organiser.post(
        f"/clubs/{club.slug}/seasons/new/", {**form, "target": "0"}
    )
    assert too_far.status_code == 400
    answer = organiser.post(f"/clubs/{club.slug}/seasons/new/", form)
    season = Season.objects.get(name="Spring 2027")
    assert answer.status_code == 302
    assert answer["Location"] == f"/seasons/{season.pk}/"
    assert (season.scoring, season.drop_worst, season.min_nights) == ("points", 1, 3)
    assert season.options["target"] == 11
    club_page = organiser.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/seasons/{season.pk}/"' in club_page
    again = organiser.post(f"/clubs/{club.slug}/seasons/new/", form)
    assert again.status_code == 400
    assert "already has a season called Spring 2027" in again.content.decode()


@pytest.mark.parametrize("role", ["member", "scorekeeper"])
def test_only_organisers_start_seasons_add_nights_and_playoffs(
    club: Club, people: People, season: Season, role: str
) -> None:
    page = signed_in(getattr(people, role))
    assert page.get(f"/clubs/{club.slug}/seasons/new/").status_code == 403
    night = page.post(f"/seasons/{season.pk}/nights/", {"date": "2026-12-24"})
    assert night.status_code == 403
    assert page.get(f"/seasons/{season.pk}/playoffs/").status_code == 403
    assert "+ New season" not in page.get(f"/clubs/{club.slug}/").content.decode()
    anonymous = Client().get(f"/clubs/{club.slug}/seasons/new/")
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")


def test_an_organiser_adds_nights(people: People, season: Season) -> None:
    organiser = signed_in(people.organiser)
    page = organiser.get(f"/seasons/{season.pk}/").content.decode()
    assert "Add night" in page
    added = organiser.post(
        f"/seasons/{season.pk}/nights/", {"date": "2026-12-24"}, follow=True
    )
    assert "Night of Thu 24 Dec 2026 added to Winter 2026." in added.content.decode()
    assert season.nights.filter(date=DEC[24]).exists()
    for date, words in (
        ("2026-12-24", "Winter 2026 already has a night on 2026-12-24."),
        ("2027-01-07", "2027-01-07 is not in Winter 2026"),
        ("the 24th", "“Date” is not a date."),
    ):
        answer = organiser.post(f"/seasons/{season.pk}/nights/", {"date": date})
        assert answer.status_code == 400
        assert words in answer.content.decode()


def test_start_playoffs_seeds_the_top_qualified_players_in_standings_order(
    people: People, season: Season
) -> None:
    organiser = signed_in(people.organiser)
    page = organiser.get(f"/seasons/{season.pk}/playoffs/").content.decode()
    assert re.findall(r'class="seed-name"[^>]*>([^<]+)<', page) == [
        "Ann",
        "Cy",
        "Bob",
    ]
    too_many = organiser.post(
        f"/seasons/{season.pk}/playoffs/",
        {"format": "single_elimination", "size": "4"},
    )
    assert too_many.status_code == 400
    assert "Only 3 players qualified so far" in too_many.content.decode()
    answer = organiser.post(
        f"/seasons/{season.pk}/playoffs/",
        {"format": "round_robin", "size": "3", "name": ""},
    )
    cup = Tournament.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{cup.pk}/"
    assert (cup.name, cup.format, cup.variant) == (
        "Winter 2026 playoffs",
        "round_robin",
        "auction",
    )
    assert cup.options == season.options
    seeds = [
        (entrant.seed, entrant.members.get().player.name)
        for entrant in cup.entrants.order_by("seed")
    ]
    assert seeds == [(1, "Ann"), (2, "Cy"), (3, "Bob")]


def test_playoffs_of_a_thirteen_season_are_refused_in_words(
    club: Club, people: People
) -> None:
    season = make_season(club, DEC[3], variant="thirteen", name="Thirteens")
    organiser = signed_in(people.organiser)
    answer: Any = organiser.post(
        f"/seasons/{season.pk}/playoffs/", {"format": "swiss", "size": "2"}
    )
    # No one qualified: the page says so rather than offering the form.
    assert "No player has qualified yet" in answer.content.decode()
    from tournaments.seasons import services as seasons
    from tournaments.seasons.refusals import SeasonRefusal

    with pytest.raises(SeasonRefusal, match="played by teams of two"):
        seasons.playoffs_start(season=season, size=2, format="swiss")


def test_the_new_season_page_says_progressive_nights_are_here(
    club: Club, people: People
) -> None:
    """Issue 22.7: the scoring choice described progressive nights as "coming";
    they are here, and the choice says what a night's figure is."""
    page = signed_in(people.organiser).get(f"/clubs/{club.slug}/seasons/new/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "coming" not in html
    assert "until then" not in html
    assert "the player&#x27;s tally at the night&#x27;s progressive tables" in html

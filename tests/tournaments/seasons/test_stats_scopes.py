"""A player's statistics narrowed to a season (`?season=id`, issue 13/14): a season
the caller may not read (a private club's, to an outsider) is refused exactly as
one that does not exist, on the player page and the stats API, while the club's
members read it; the season's games are read once, by id, so the queries do not
grow with the games."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from pitchclub.models import Club, Membership, Player, Role
from pitchclub.services import clubs as club_services
from scoring.games import scopes
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.tournaments.conftest import People, client_for
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Season
from tournaments.seasons.scopes import season_scope
from tournaments.seasons.selectors import season_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def back_room(people: People) -> Club:
    """A private club with one season (one night, one game) and people.member in it."""
    room = club_services.club_create(name="Back Room", by=UserFactory())
    room.is_private = True
    room.save()
    Membership.objects.create(club=room, user=people.member, role=Role.MEMBER)
    return room


@pytest.fixture
def hidden(back_room: Club) -> Season:
    season = make_season(back_room, DEC[3], name="Hidden 2026")
    played(back_room, DEC[3], "Xena", "Yuri")
    return season


def unknown_number() -> int:
    last = Season.objects.order_by("-pk").values_list("pk", flat=True).first()
    return (last or 0) + 1


def test_the_api_refuses_a_season_the_caller_may_not_read_as_an_unknown_one(
    club: Club, people: People, hidden: Season
) -> None:
    ann = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player
    url = f"/api/v1/players/{ann.pk}/stats/"
    missing = unknown_number()
    for outsider in (APIClient(), client_for(people.outsider)):
        refused = outsider.get(url, {"season": hidden.pk})
        unknown = outsider.get(url, {"season": missing})
        assert refused.status_code == unknown.status_code == 400
        assert refused.json() == {"season": [f"There is no season {hidden.pk}."]}
        assert unknown.json() == {"season": [f"There is no season {missing}."]}
    # The club's members read it (Ann played none of its games).
    member = client_for(people.member).get(url, {"season": hidden.pk})
    assert member.status_code == 200
    assert member.json()["games"]["played"] == 0


def test_the_page_refuses_a_season_the_visitor_may_not_read_as_an_unknown_one(
    club: Club, people: People, hidden: Season
) -> None:
    ann = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player
    url = f"/players/{ann.pk}/"
    for outsider in (Client(), signed_in(people.outsider)):
        refused = outsider.get(url, {"season": hidden.pk})
        assert refused.status_code == 400
        html = refused.content.decode()
        assert f"There is no season {hidden.pk}." in html
        assert "Hidden 2026" not in html
    member = signed_in(people.member).get(url, {"season": hidden.pk})
    assert member.status_code == 200


def test_a_private_clubs_player_reads_their_season_to_members_only(
    people: People, back_room: Club, hidden: Season
) -> None:
    xena = Player.objects.get(name="Xena")
    url = f"/api/v1/players/{xena.pk}/stats/"
    assert APIClient().get(url, {"season": hidden.pk}).status_code == 404
    answer = client_for(people.member).get(url, {"season": hidden.pk})
    assert answer.status_code == 200
    assert answer.json()["games"] == {"played": 1, "finished": 1, "won": 1}


def test_a_night_is_refused_to_outsiders_as_an_unknown_one(
    people: People, hidden: Season
) -> None:
    """The archives' `?night=` resolver takes the visitor too."""
    night = hidden.nights.get().pk
    supplied = scopes.scope("night")
    assert supplied is not None
    with pytest.raises(scopes.ScopeRefused, match=f"There is no night {night}."):
        supplied.resolver(str(night), people.outsider)
    with pytest.raises(scopes.ScopeRefused, match=f"There is no night {night}."):
        supplied.resolver(str(night), None)
    assert supplied.resolver(str(night), people.member) is not None


def test_a_seasons_statistics_take_the_same_queries_for_few_or_many_games(
    club: Club,
) -> None:
    season = make_season(club, DEC[3], DEC[10])
    ann = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player
    urls = (
        f"/players/{ann.pk}/?season={season.pk}",
        f"/api/v1/players/{ann.pk}/stats/?season={season.pk}",
    )
    client = Client()

    def counts() -> list[int]:
        found = []
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            found.append(len(queries))
        return found

    few = counts()
    for _ in range(5):
        played(club, DEC[3], "Ann", "Cy")
        played(club, DEC[10], "Ann", "Bob")
    assert counts() == few
    answer = client.get(urls[1]).json()
    assert answer["games"]["played"] == 11


def test_the_season_is_read_once_by_id_not_as_a_subquery(club: Club) -> None:
    """PostgreSQL's planner re-ran the season's games for every game of the
    visitor's (1.2 s on a club of 20,000 games): the statement gets their ids."""
    season = make_season(club, DEC[3])
    ann = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player
    with CaptureQueriesContext(connection) as queries:
        answer = Client().get(f"/api/v1/players/{ann.pk}/stats/?season={season.pk}")
    assert answer.status_code == 200
    figures = [q["sql"] for q in queries if "MATERIALIZED" in q["sql"]]
    assert len(figures) == 1
    assert "night" not in figures[0].lower()


def test_the_scope_helper_keeps_a_long_scope_a_subquery(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    season = make_season(club, DEC[3])
    games = [played(club, DEC[3], "Ann", name).pk for name in ("Bob", "Cy")]
    scope = season_games(season).values("pk")
    assert sorted(scopes.scope_ids(scope)) == sorted(games)
    monkeypatch.setattr(scopes, "SCOPE_IDS_MOST", 1)
    assert scopes.scope_ids(scope) is scope
    # What is not a query stays as it is.
    nights = season_scope(str(season.pk), None)
    assert scopes.scope_ids(nights) is nights
    every = scopes.DateRange()
    assert scopes.scope_ids(every) is every
    assert scopes.scope_ids([3, 4]) == [3, 4]


def test_the_leaderboard_still_reads_a_private_clubs_season_to_its_members(
    people: People, back_room: Club, hidden: Season
) -> None:
    url = f"/clubs/{back_room.slug}/leaderboard/?season={hidden.pk}&min=1"
    assert Client().get(url).status_code == 404
    answer = signed_in(people.member).get(url)
    assert answer.status_code == 200
    assert "Hidden 2026" in answer.content.decode()


def test_the_player_page_offers_the_clubs_seasons_and_only_the_club(
    club: Club, people: People, back_room: Club, hidden: Season
) -> None:
    """A reviewer had to know a season's number (a box for text) and was offered
    every club on the site: the page lists the player's club's seasons by name,
    latest first, and their club only."""
    import re

    first = make_season(club, DEC[3], name="Winter 2026")
    ann = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player
    html = Client().get(f"/players/{ann.pk}/").content.decode()
    season_box = re.search(r'<select name="season"[^>]*>(.*?)</select>', html, re.S)
    assert season_box is not None
    assert re.findall(r'<option value="(\d*)"', season_box.group(1)) == [
        "",
        str(first.pk),
    ]
    assert "Winter 2026" in season_box.group(1)
    club_box = re.search(r'<select name="club"[^>]*>(.*?)</select>', html, re.S)
    assert club_box is not None
    assert re.findall(r'<option value="([^"]*)"', club_box.group(1)) == [
        "",
        club.slug,
    ]
    # Chosen, it is marked chosen; the figures are the season's.
    chosen = Client().get(f"/players/{ann.pk}/", {"season": first.pk})
    assert chosen.status_code == 200
    assert re.search(rf'<option value="{first.pk}" selected>', chosen.content.decode())

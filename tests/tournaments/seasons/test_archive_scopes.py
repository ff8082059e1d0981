"""The games archives narrowed to a season or a night (issue 14.2): `?season=id`
and `?night=id` list exactly the games the standings count for it (linked games
played another day in, other seasons' and variants' games of that day out); the
page says which ("Night of Thu 3 Dec 2026 · Winter 2026") with a way to remove
it; a wrong value is a 400 said next to it; a private club's season is refused to
outsiders as an unknown one. The night and season pages link their players there."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.seasons.test_night_games import Overlap, night
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Night

pytestmark = pytest.mark.django_db


def shown(html: str) -> list[int]:
    """The games listed, by id, in order (newest first)."""
    return [int(number) for number in re.findall(r'href="/games/(\d+)/"', html)]


@pytest.fixture
def overlap(club: Club) -> Overlap:
    return Overlap(club)


def player_games(client: Client, club: Club, name: str, **query: object) -> str:
    player = club.players.get(name=name)
    answer = client.get(f"/players/{player.pk}/games/", query)
    assert answer.status_code == 200, answer.content.decode()
    return answer.content.decode()


def test_a_night_lists_exactly_its_games(
    client: Client, club: Club, overlap: Overlap
) -> None:
    o = overlap
    winter_3 = night(o.winter, DEC[3])
    league_10 = night(o.league, DEC[10])
    # Cy's Winter 3 Dec game was started on the 10th, linked to that night.
    html = player_games(client, club, "Cy", night=winter_3.pk)
    assert shown(html) == [o.to_winter.pk]
    assert "1 game found" in html
    assert (
        f'<a href="/seasons/{o.winter.pk}/nights/{winter_3.pk}/">'
        "Night of Thu 3 Dec 2026 · Winter 2026</a>"
    ) in html
    # Removing it goes back to all Cy's games; the form keeps it meanwhile.
    cy = club.players.get(name="Cy")
    assert f'class="btn secondary scope-remove" href="/players/{cy.pk}/games/"' in html
    assert f'<input type="hidden" name="night" value="{winter_3.pk}"' in html
    # The scope is said above the filter boxes, which stay closed.
    assert '<details class="filters">' in html
    # The League's night of the 10th: not the Winter game started that day.
    html = player_games(client, club, "Cy", night=league_10.pk)
    assert shown(html) == [o.plain.pk]
    # Every game of the night, in the all-games archive: not the Thirteen game
    # of that date, nor another club's.
    elks = club_services.club_create(name="Elks", by=UserFactory())
    played(elks, DEC[3], "Ann", "Bob")
    html = client.get("/games/", {"night": night(o.league, DEC[3]).pk}).content.decode()
    assert shown(html) == [o.both.pk]
    html = client.get("/games/", {"night": night(o.thirteens, DEC[3]).pk})
    assert shown(html.content.decode()) == [o.thirteen.pk]


def test_a_season_lists_exactly_its_games(
    client: Client, club: Club, overlap: Overlap
) -> None:
    o = overlap
    html = client.get("/games/", {"season": o.league.pk}).content.decode()
    assert sorted(shown(html)) == sorted([o.both.pk, o.plain.pk, o.to_league.pk])
    assert "Season League · Thursday Night Pitch" in html
    html = client.get(
        f"/clubs/{club.slug}/games/", {"season": o.winter.pk, "status": "finished"}
    ).content.decode()
    assert sorted(shown(html)) == sorted([o.both.pk, o.to_winter.pk, o.plain.pk])
    assert '<details class="filters" open>' in html
    # Removing the season keeps the other filter.
    assert f'href="/clubs/{club.slug}/games/?status=finished"' in html
    # A season and one of its nights: that night's games.
    html = player_games(
        client, club, "Ann", season=o.winter.pk, night=night(o.winter, DEC[10]).pk
    )
    assert shown(html) == [o.plain.pk]
    assert "Season Winter 2026" in html
    assert "Night of Thu 10 Dec 2026" in html


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ({"night": "abc"}, "“abc” is not a night number."),
        ({"night": "99999"}, "There is no night 99999."),
        ({"night": "1" * 30}, "is not a night number."),
        ({"season": "-3"}, "“-3” is not a season number."),
        ({"season": "99999"}, "There is no season 99999."),
    ],
)
def test_a_wrong_scope_is_a_400_said_next_to_it(
    client: Client, club: Club, overlap: Overlap, query: dict, sentence: str
) -> None:
    ann = club.players.get(name="Ann")
    answer = client.get(f"/players/{ann.pk}/games/", {**query, "variant": "auction"})
    assert answer.status_code == 400
    html = answer.content.decode()
    name = next(iter(query))
    assert re.search(
        rf'<ul class="errorlist" id="id_{name}_error" role="alert"><li>[^<]*'
        + re.escape(sentence),
        html,
    ), html
    assert shown(html) == []
    # The way out keeps the other filter, and the bad value is not resubmitted.
    assert f'href="/players/{ann.pk}/games/?variant=auction"' in html
    assert f'type="hidden" name="{name}"' not in html


def test_a_private_clubs_season_and_night_are_unknown_to_outsiders(
    club: Club, people: People
) -> None:
    season = make_season(club, DEC[3])
    game = played(club, DEC[3], "Ann", "Bob")
    club.is_private = True
    club.save()
    evening = season.nights.get()
    for query, sentence in (
        ({"season": season.pk}, f"There is no season {season.pk}."),
        ({"night": evening.pk}, f"There is no night {evening.pk}."),
    ):
        for outsider in (Client(), signed_in(people.outsider)):
            answer = outsider.get("/games/", query)
            assert answer.status_code == 400
            html = answer.content.decode()
            assert sentence in html
            assert "Winter 2026" not in html
            assert shown(html) == []
        member = signed_in(people.member).get("/games/", query)
        assert member.status_code == 200
        assert "Winter 2026" in member.content.decode()
        assert shown(member.content.decode()) == [game.pk]


def test_the_archive_takes_the_same_queries_for_few_or_many_games(
    client: Client, club: Club
) -> None:
    season = make_season(club, DEC[3], DEC[10])
    evening = season.nights.get(date=DEC[3])
    ann_id = played(club, DEC[3], "Ann", "Bob").seats.get(number=0).player_id
    # A game linked to its night from the start: a season reads the links (one
    # more query when there are any), whatever their number.
    played(club, DEC[10], "Ann", "Bob", night=evening.pk)
    urls = (
        (f"/players/{ann_id}/games/", {"night": evening.pk}),
        (f"/clubs/{club.slug}/games/", {"season": season.pk}),
        ("/games/", {"season": season.pk, "night": evening.pk}),
    )

    def counts() -> list[int]:
        found = []
        for url, query in urls:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url, query).status_code == 200
            found.append(len(queries))
        return found

    few = counts()
    for _ in range(6):
        played(club, DEC[3], "Ann", "Cy")
        played(club, DEC[10], "Ann", "Bob", night=evening.pk)
    many = counts()
    assert many == few
    html = client.get(*urls[0]).content.decode()
    assert len(shown(html)) == 14


def test_the_night_and_season_pages_link_each_player_to_their_games_there(
    client: Client, club: Club, overlap: Overlap
) -> None:
    o = overlap
    winter_3 = night(o.winter, DEC[3])
    html = client.get(f"/seasons/{o.winter.pk}/nights/{winter_3.pk}/").content.decode()
    cy = club.players.get(name="Cy")
    link = f"/players/{cy.pk}/games/?night={winter_3.pk}"
    assert f'href="{link}"' in html
    assert "?from=" not in html
    # The link is Cy's games count: it lists the games the night's results count.
    games = re.search(rf'href="{re.escape(link)}">(\d+)<span class="sr-only">', html)
    assert games is not None
    assert "Cy's games this night</span></a>" in html
    assert len(shown(client.get(link).content.decode())) == int(games.group(1)) == 1

    html = client.get(f"/seasons/{o.league.pk}/players/{cy.pk}/").content.decode()
    link = f"/players/{cy.pk}/games/?season={o.league.pk}"
    assert f'href="{link}"' in html
    assert shown(client.get(link).content.decode()) == [o.plain.pk]


def test_the_games_api_is_not_narrowed_by_a_scope(client: Client, club: Club) -> None:
    """The scopes are the pages' (not in the API's schema): the API ignores them as
    any parameter it does not know."""
    make_season(club, DEC[3])
    game = played(club, DEC[4], "Ann", "Bob")
    answer = client.get("/api/v1/games/", {"night": Night.objects.get().pk})
    assert [g["id"] for g in answer.json()["results"]] == [game.pk]


def test_without_the_app_that_supplies_it_a_scope_is_refused_by_name(
    client: Client, club: Club
) -> None:
    from scoring.games import scopes

    supplied = scopes.scope("night")
    scopes.unregister_scope("night")
    try:
        answer = client.get("/games/", {"night": "3"})
    finally:
        scopes.register_scope("night", supplied.resolver, label=supplied.label)
    assert answer.status_code == 400
    assert "No nights exist yet: leave “night” out." in answer.content.decode()


def test_a_scope_past_the_id_list_size_stays_a_subquery(
    client: Client, club: Club, overlap: Overlap, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoring.games import scopes

    monkeypatch.setattr(scopes, "SCOPE_IDS_MOST", 1)
    html = client.get("/games/", {"season": overlap.league.pk}).content.decode()
    assert sorted(shown(html)) == sorted(
        [overlap.both.pk, overlap.plain.pk, overlap.to_league.pk]
    )

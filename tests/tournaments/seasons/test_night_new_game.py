"""From a season's night to its games (issue 14, item 1): the night's "+ Start a
game here" carries the night; the new-game page says what the game counts for and
starts it linked to the night (scoring's GameLinked, as the API's `"night": id`);
a wrong or foreign night is refused in a clear sentence with everything typed kept,
and the scorekeeper may leave the night out."""

import datetime
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from scoring.models import Game
from tests.helpers import signed_in
from tests.scoring.start.test_new_game import form_data
from tests.tournaments.conftest import People
from tournaments.models import Night, NightGame, Season
from tournaments.seasons import services as seasons

pytestmark = pytest.mark.django_db

URL = reverse("scoring:new_game")
DEC_3 = datetime.date(2026, 12, 3)
COUNTS = "Counts for the night of Thu 3 Dec \N{MIDDLE DOT} Winter 2026"


def _season(club: Club, people: People, variant: str = "auction") -> Season:
    return seasons.season_create(
        club=club,
        name="Winter 2026",
        starts=datetime.date(2026, 12, 1),
        ends=datetime.date(2027, 3, 30),
        variant=variant,
        options={},
        scoring="wins",
        created_by=people.organiser,
    )


@pytest.fixture
def night(club: Club, people: People) -> Night:
    return seasons.night_add(season=_season(club, people), date=DEC_3)


@pytest.fixture
def keeper(people: People) -> Client:
    return signed_in(people.scorekeeper)


def _text(response: Any) -> str:
    return unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_nights_start_a_game_link_carries_the_night(
    club: Club, keeper: Client, night: Night
) -> None:
    page = keeper.get(reverse("tournaments:night", args=[night.season_id, night.pk]))
    assert page.status_code == 200
    link = f'href="{URL}?club={club.slug}&amp;night={night.pk}"'
    assert link in page.content.decode()


def test_the_page_says_what_the_game_counts_for_and_starts_it_for_the_night(
    club: Club, keeper: Client, night: Night
) -> None:
    page = keeper.get(URL, {"club": club.slug, "night": night.pk})
    assert page.status_code == 200
    text = _text(page)
    assert COUNTS in text
    html = page.content.decode()
    box = rf'<input[^>]*name="night"[^>]*value="{night.pk}"[^>]*checked'
    assert re.search(box, html)

    response = keeper.post(
        URL, form_data("Ann", "Bob", club=club.slug, night=str(night.pk))
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game.pk])
    assert NightGame.objects.get(game=game).night_id == night.pk


def test_a_thirteen_seasons_night_chooses_thirteen(
    club: Club, people: People, keeper: Client
) -> None:
    night = seasons.night_add(
        season=_season(club, people, variant="thirteen"), date=DEC_3
    )
    page = keeper.get(URL, {"club": club.slug, "night": night.pk}).content.decode()
    assert re.search(r'<input[^>]*value="thirteen"[^>]*checked', page)


def test_leaving_the_night_out_starts_an_ordinary_game(
    club: Club, keeper: Client, night: Night
) -> None:
    # An unticked box is not posted.
    response = keeper.post(URL, form_data("Ann", "Bob", club=club.slug))
    assert response.status_code == 302
    assert not NightGame.objects.exists()
    assert Game.objects.count() == 1


def test_a_foreign_night_is_refused_in_words_with_everything_kept(
    club: Club, people: People, keeper: Client, night: Night
) -> None:
    other = club_services.club_create(name="Elks Lodge", by=people.organiser)
    foreign = seasons.night_add(season=_season(other, people), date=DEC_3)

    # Asked for on the page: said at once, and not offered.
    page = keeper.get(URL, {"club": club.slug, "night": foreign.pk})
    assert page.status_code == 200
    text = _text(page)
    assert f"Night {foreign.pk} is not a night of a season of {club.name}" in text
    assert 'name="night"' not in page.content.decode()

    # Posted anyway: refused at the night, nothing started, the names kept.
    response = keeper.post(
        URL, form_data("Ann", "Bob", club=club.slug, night=str(foreign.pk))
    )
    assert response.status_code == 200
    text = _text(response)
    assert f"Night {foreign.pk} is not a night of a season of this game's club" in text
    assert 'value="Ann"' in response.content.decode()
    assert 'value="Bob"' in response.content.decode()
    assert not Game.objects.exists()
    # The scorekeeper can untick it and start the game.
    assert re.search(r'<input[^>]*name="night"', response.content.decode())


@pytest.mark.parametrize("value", ["abc", "999999", "-1", "1.5", "0"])
def test_a_night_that_is_no_night_is_said_and_not_offered(
    club: Club, keeper: Client, night: Night, value: str
) -> None:
    page = keeper.get(URL, {"club": club.slug, "night": value})
    assert page.status_code == 200
    assert "is not a night of a season of" in _text(page)
    assert 'name="night"' not in page.content.decode()


def test_a_posted_night_that_is_no_number_is_refused_at_the_night(
    club: Club, keeper: Client, night: Night
) -> None:
    response = keeper.post(URL, form_data("Ann", "Bob", club=club.slug, night="x"))
    assert response.status_code == 200
    assert "A night is given by its id: a number." in _text(response)
    assert not Game.objects.exists()


def test_a_night_of_another_variant_is_refused_naming_the_season(
    club: Club, keeper: Client, night: Night
) -> None:
    response = keeper.post(
        URL,
        form_data(
            "Ann", "Bob", "Cy", "Di", club=club.slug, night=str(night.pk),
            variant="thirteen",
        ),
    )  # fmt: skip
    assert response.status_code == 200
    assert "Winter 2026 counts Auction Pitch games only" in _text(response)
    assert not Game.objects.exists()


def test_the_next_game_of_a_nights_game_is_for_the_same_night(
    club: Club, people: People, night: Night
) -> None:
    """'New game, same players' after a night's game (played another day, its
    scores typed in later) counts for the same night, not for its own date."""
    from scoring.games import services

    first = services.game_start(
        variant="auction",
        players=["Ann", "Bob"],
        club=club,
        created_by=people.scorekeeper,
        links={"night": night.pk},
    )
    again = services.game_rematch(game=first, by=people.scorekeeper)
    assert NightGame.objects.get(game=again).night_id == night.pk
    ordinary = services.game_start(variant="auction", players=["Ann", "Bob"], club=club)
    plain = services.game_rematch(game=ordinary, by=people.scorekeeper)
    assert not NightGame.objects.filter(game=plain).exists()

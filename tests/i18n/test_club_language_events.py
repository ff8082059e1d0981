"""A club's language on its tournaments', nights' and seasons' public pages (walls,
table cards, standings) for a visitor who chose none, never over a choice."""

import pytest
from django.core.management import call_command
from django.test import Client

from pitchclub.models import Club
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def polish_club() -> Club:
    call_command("demo", force=True)
    club = Club.objects.get(slug="thursday-night-pitch")
    club.language = "pl"
    club.save(update_fields=["language"])
    return club


def test_the_events_pages_speak_the_clubs_language(polish_club: Club) -> None:
    tournament = Tournament.objects.filter(club=polish_club).first()
    season = Season.objects.filter(club=polish_club).first()
    for url in (
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/wall/",
        f"/tournaments/{tournament.pk}/standings/print/",
        f"/seasons/{season.pk}/",
    ):
        html = Client().get(url).content.decode()
        assert '<html lang="pl"' in html, url
        chosen = Client(headers={"Cookie": "django_language=fr"}).get(url)
        assert '<html lang="fr"' in chosen.content.decode(), url


def test_the_clubs_other_pages_speak_its_language_too(polish_club: Club) -> None:
    """The second walk: the club's front page spoke Polish, its leaderboard, its
    games, a game's page, its live view and a club player's page the visitor's
    language (English without one)."""
    from scoring.models import Game

    game = Game.objects.filter(club=polish_club).first()
    player = polish_club.players.first()
    for url in (
        f"/clubs/{polish_club.slug}/leaderboard/",
        f"/clubs/{polish_club.slug}/games/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/live/",
        f"/players/{player.pk}/",
    ):
        response = Client(headers={"Accept-Language": "de"}).get(url)
        assert response.status_code == 200, url
        assert '<html lang="pl"' in response.content.decode(), url
        chosen = Client(headers={"Cookie": "django_language=fr"}).get(url)
        assert '<html lang="fr"' in chosen.content.decode(), url

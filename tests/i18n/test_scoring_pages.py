# ruff: noqa: RUF001 (French writes its apostrophe as U+2019)
"""Scoring's pages other than the table in German, Polish and French (issue 24): the
home page, the games archive, the new-game page, a player's page and a club's
leaderboard, signed in and not, show no English word of their own; a few key
sentences in each language; a percentage, a decimal and a date localised in German;
Polish's three plural forms for 1, 3 and 5 games.

What is checked is the page's own part (its <main>): the header, footer and the parts
other areas draw (the game cards, the club's head, the archive's filter boxes of
scoring/games/filters.py) are theirs to translate and to test."""

import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from pitchclub.models import Club, Player
from pitchclub.services.clubs import club_create
from scoring.models import Game, Seat
from tests.factories import UserFactory, game_factory
from tests.helpers import signed_in
from tests.i18n.english import english_left, shown_text
from tests.scoring.stats.test_ratings import win
from tests.scoring.stats.test_stats_api import record_games

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "pl", "fr")
# Names the tests typed, and what other areas draw inside the pages' <main>: a
# game card says "N hands" and "Hand N next" (scoring/_game_card.html).
NAMES = {"Ann", "Bob", "Cy", "Di", "Tuesday", "Pitch", "kate"}
CARD_WORDS = {"hands", "next"}
# The points' names (scoring/vocabulary.py, another area's): the point "Game".
POINT_WORDS = {"game"}


def main(html: str) -> str:
    """The page's own part: its <main>, without the filter boxes of
    scoring/games/filters.py (another area's form) and the club's head (pitchclub's)."""
    found = re.search(r'<main id="main">(.*)</main>', html, re.S)
    assert found, "no <main>"
    if '<h2 id="board-h">' in found[1]:  # the leaderboard, after the club's head
        return found[1][found[1].index('<h2 id="board-h">') :]
    return re.sub(
        r'<form method="get" class="filter-form".*?</form>', "", found[1], flags=re.S
    )


def read(client: Client, url: str, language: str, status: int = 200) -> str:
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == status, (url, language, answer.status_code)
    return main(answer.content.decode())


def words(html: str) -> str:
    return re.sub(r"\s+", " ", shown_text(html)).replace("\u00a0", " ")


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    """A public club whose four players finished games: Ann and Bob are ranked
    (three finished games each), Cy and Di below them."""
    club = club_create(name="Tuesday Pitch", by=keeper)
    win(club, ["Ann", "Bob"], seat=0)
    win(club, ["Ann", "Bob"], seat=1)
    win(club, ["Ann", "Bob", "Cy"], seat=0)
    win(club, ["Cy", "Di"], seat=1)
    return club


@pytest.fixture
def ann(api: APIClient) -> Player:
    """Ann of tests/scoring/stats/test_stats_api.py's games (outside clubs)."""
    games = record_games(api)
    return Seat.objects.get(game_id=games["A"], number=0).player


KEY = {
    "home": {
        "de": ["Letzte Partien", "Neue Partie"],
        "pl": ["Ostatnie partie", "Nowa partia"],
        "fr": ["Parties récentes", "Nouvelle partie"],
    },
    "home_anonymous": {
        "de": ["Anmelden und mitschreiben", "Noch keine Partien."],
        "pl": ["Zaloguj się, aby zapisywać wyniki", "Nie ma jeszcze partii."],
        "fr": ["Connectez-vous pour tenir la marque", "Pas encore de partie."],
    },
    "new_game": {
        "de": [
            "Partie beginnen",
            "Weitere Optionen",
            "Gewinnen kann nur, wer Pitcher war",
        ],
        "pl": [
            "Rozpocznij partię",
            "Więcej opcji",
            "Wygrać może tylko rozgrywający",
        ],
        "fr": [
            "Lancer la partie",
            "Plus d’options",
            "Seul le preneur peut gagner",
        ],
    },
    "player": {
        "de": ["Wertungszahl", "Erfüllte Gebote", "Beste Partner", "Stärkste Gegner"],
        "pl": [
            "Ranking",
            "Ugrane odzywki",
            "Najlepsi partnerzy",
            "Najtrudniejsi przeciwnicy",
        ],
        "fr": [
            "Cote",
            "Enchères réussies",
            "Meilleurs partenaires",
            "Adversaires les plus coriaces",
        ],
    },
    "leaderboard": {
        "de": [
            "Rangliste",
            "So funktioniert die Wertungszahl",
            "Spieler mit mindestens 3 beendeten Partien.",
        ],
        "pl": [
            "Klasyfikacja",
            "Jak działa ranking",
            "Gracze z co najmniej 3 zakończonymi partiami.",
        ],
        "fr": [
            "Classement général",
            "Comment fonctionne la cote",
            "Joueurs ayant au moins 3 parties terminées.",
        ],
    },
    "archive": {
        "de": ["Alle Partien", "3 Partien"],
        "pl": ["Wszystkie partie", "3 partie"],
        "fr": ["Toutes les parties", "3 parties"],
    },
}


def said(html: str, page: str, language: str) -> None:
    shown = words(html)
    for sentence in KEY[page][language]:
        assert sentence in shown, (page, language, sentence)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page(language: str, user: AbstractUser) -> None:
    game_factory(created_by=user)

    anonymous = read(Client(), reverse("scoring:home"), language)
    assert english_left(anonymous, allowed=NAMES | CARD_WORDS) == []
    mine = read(signed_in(user), reverse("scoring:home"), language)
    assert english_left(mine, allowed=NAMES | CARD_WORDS) == []
    said(mine, "home", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_without_games(language: str) -> None:
    html = read(Client(), reverse("scoring:home"), language)
    assert english_left(html) == []
    said(html, "home_anonymous", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_archive(language: str, user: AbstractUser) -> None:
    for _ in range(3):
        game_factory(created_by=user)

    for client in (Client(), signed_in(user)):
        html = read(client, reverse("scoring:archive"), language)
        assert english_left(html, allowed=NAMES | CARD_WORDS) == []
        said(html, "archive", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_page(language: str, user: AbstractUser) -> None:
    html = read(signed_in(user), reverse("scoring:new_game"), language)
    assert english_left(html) == []
    said(html, "new_game", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_new_game_says_why_in_the_language(
    language: str, user: AbstractUser
) -> None:
    posted = {
        "variant": "auction",
        "player_0": "Ann",
        "first_dealer": "3",
        "auction-target": "x",
        "auction-dealer_min_bid": "1",
        "auction-low_goes_to": "captured",
    }
    answer = signed_in(user).post(
        reverse("scoring:new_game"), posted, HTTP_ACCEPT_LANGUAGE=language
    )
    html = main(answer.content.decode())
    assert english_left(html) == []
    expected = {
        "de": [
            "Die Partie hat noch nicht begonnen",
            "Spieler 4 hat keinen Namen",
            "Das Ziel muss eine ganze Zahl sein, etwa 7.",
        ],
        "pl": [
            "Partia jeszcze się nie rozpoczęła",
            "Gracz 4 nie ma imienia",
            "Podaj cel jako liczbę całkowitą, np. 7.",
        ],
        "fr": [
            "La partie n’a pas encore commencé",
            "Le joueur 4 n’a pas de nom",
            "Le score à atteindre doit être un nombre entier, par exemple 7.",
        ],
    }
    for sentence in expected[language]:
        assert sentence in words(html), sentence


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_page(language: str, ann: Player, user: AbstractUser) -> None:
    url = reverse("scoring:player", args=[ann.pk])
    for client in (Client(), signed_in(user)):
        html = read(client, url, language)
        assert english_left(html, allowed=NAMES | POINT_WORDS) == []
        said(html, "player", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_leaderboard(language: str, club: Club, keeper: AbstractUser) -> None:
    url = reverse("scoring:leaderboard", args=[club.slug])
    for client in (Client(), signed_in(keeper)):
        html = read(client, url, language)
        assert english_left(html, allowed=NAMES) == []
        said(html, "leaderboard", language)


def test_german_numbers_percentages_and_dates(ann: Player) -> None:
    html = words(read(Client(), reverse("scoring:player", args=[ann.pk]), "de"))

    # Won 3 of 4 finished: 75 %, with the space German writes; 33 points in 11
    # hands: 3,0 points a hand.
    assert "Gewonnen 3 75 % der beendeten" in html
    assert "Spiele 11 3,0 Punkte pro Spiel" in html
    assert "75%" not in html
    played = timezone.localtime(Game.objects.order_by("-created_at")[0].created_at)
    assert played.strftime("%d.%m.%Y") in html
    assert not re.search(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d", html)
    # English is as it was.
    english = words(read(Client(), reverse("scoring:player", args=[ann.pk]), "en"))
    assert "Won 3 75% of finished" in english
    assert "Hands 11 3.0 points a hand" in english


def test_the_leaderboard_in_german_writes_percentages_as_german_does(
    club: Club,
) -> None:
    html = words(read(Client(), reverse("scoring:leaderboard", args=[club.slug]), "de"))
    # Ann won 2 of her 3 games: 67 %; her bids all made: 100 %.
    assert "67 % 2 von 3" in html
    assert "100 % " in html


@pytest.mark.parametrize(
    ("games", "count"), [(1, "1 partia"), (3, "3 partie"), (5, "5 partii")]
)
def test_polish_counts_games_in_three_forms(
    games: int, count: str, user: AbstractUser
) -> None:
    for _ in range(games):
        game_factory(created_by=user)

    html = words(read(Client(), reverse("scoring:archive"), "pl"))

    assert count in html
    for other in {"1 partia", "3 partie", "5 partii"} - {count}:
        assert other not in html


def test_polish_hands_and_roster_counts(club: Club, keeper: AbstractUser) -> None:
    """The leaderboard's players of the roster who have played nothing, in Polish."""
    html = words(read(Client(), reverse("scoring:leaderboard", args=[club.slug]), "pl"))
    # The roster holds the organiser's own player, who has played nothing.
    assert "1 gracz z listy klubu nie ukończył jeszcze partii." in html


def test_the_api_says_its_refusals_in_the_callers_language(anon_api: APIClient) -> None:
    answer = anon_api.get("/api/v1/games/999999/", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 404
    assert answer.json()["detail"] == "Diese Partie gibt es nicht."
    english = anon_api.get("/api/v1/games/999999/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["detail"] == "No such game."


PANELS = {
    "de": [
        "Letzte Partien",
        "Rangliste",
        "Ganze Rangliste",
        "Alle Partien von Tuesday Pitch",
    ],
    "pl": [
        "Ostatnie partie",
        "Klasyfikacja",
        "Pełna klasyfikacja",
        "Wszystkie partie klubu Tuesday Pitch",
    ],
    "fr": [
        "Parties récentes",
        "Classement général",
        "Classement général complet",
        "Toutes les parties de Tuesday Pitch",
    ],
}
PROFILE = {"de": "Ihre Partien", "pl": "Twoje partie", "fr": "Vos parties"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_page_and_profile_panels(
    language: str, club: Club, keeper: AbstractUser
) -> None:
    """Scoring's sections of the club page and the profile (scoring/panels.py)."""
    answer = Client().get(
        reverse("clubs:detail", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language
    )
    shown = words(answer.content.decode())
    for sentence in PANELS[language]:
        assert sentence in shown, sentence
    profile = signed_in(keeper).get(
        reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE=language
    )
    assert PROFILE[language] in words(profile.content.decode())

"""The scorekeeper's table in German, Polish and French (issue 24): the game page, a
hand's page, the live view and the undo page show no English word of their own; a
refusal of the rules is said in the caller's language on the page and in the API;
the CSV's headers and "nobody" follow the request's language."""

import csv
import io
import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime
from rest_framework.test import APIClient

from scoring import engine
from scoring.engine.params import PointName
from scoring.models import Game
from scoring.refusals import sentence
from tests.factories import UserFactory, game_factory, record
from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "pl", "fr")
# The players' names, and "games" of the live link's address the page shows.
NAMES = {"Ann", "Bob", "Cy", "Di", "games"}
# Quick entry: pitcher Bob (seat 1) bids 2; High and Low to Bob, Jack to nobody,
# Game to Cy.
AWARDS = {"award-high": "1", "award-low": "1", "award-jack": "none", "award-game": "2"}


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def played(keeper: AbstractUser) -> Game:
    """Two hands: Cy made a 2 (Ann dealt), then Bob (Cy's bid 3 over) was set back."""
    game = game_factory(created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 1, "low": 1, "game": 2})
    return record(game, ["pass", "pass", 3, "pass"], {"high": 3, "low": 0})


def main(html: str) -> str:
    """The page's own part (the header and footer are another area's)."""
    found = re.search(r'<main id="main">(.*)</main>', html, re.S)
    assert found, html[:500]
    return found.group(1)


def page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def signed_in(keeper: AbstractUser) -> Client:
    client = Client()
    client.force_login(keeper)
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_page_speaks_the_language(
    keeper: AbstractUser, played: Game, language: str
) -> None:
    html = page(signed_in(keeper), reverse("scoring:game", args=[played.pk]), language)
    assert english_left(main(html), allowed=NAMES) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hands_page_speaks_the_language(
    keeper: AbstractUser, played: Game, language: str
) -> None:
    url = reverse("scoring:hand", args=[played.pk, 2])
    html = page(signed_in(keeper), url, language)
    assert english_left(main(html), allowed=NAMES) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_live_view_speaks_the_language(played: Game, language: str) -> None:
    html = page(Client(), reverse("scoring:live", args=[played.pk]), language)
    assert english_left(main(html), allowed=NAMES) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_undo_page_speaks_the_language(
    keeper: AbstractUser, played: Game, language: str
) -> None:
    url = reverse("scoring:hand_undo", args=[played.pk, 2])
    html = page(signed_in(keeper), url, language)
    assert english_left(main(html), allowed=NAMES) == []


def test_key_sentences_in_each_language(keeper: AbstractUser, played: Game) -> None:
    client = signed_in(keeper)
    url = reverse("scoring:game", args=[played.pk])
    german = page(client, url, "de")
    assert "Spiel 3 · Cy gibt · Di bietet zuerst" in german
    assert "Spielliste" in german
    polish = page(client, url, "pl")
    assert "Rozdanie 3 · rozdaje: Cy · licytuje pierwszy: Di" in polish
    french = page(client, url, "fr")
    assert "Donne 3 · Cy donne · Di parle en premier" in french
    undo = reverse("scoring:hand_undo", args=[played.pk, 2])
    assert "Spiel 2 zurücknehmen?" in page(client, undo, "de")


def test_the_hand_count_says_polish_three_plural_forms(keeper: AbstractUser) -> None:
    game = game_factory(created_by=keeper)
    client = signed_in(keeper)
    url = reverse("scoring:game_abandon", args=[game.pk])
    seen = {}
    for count in (1, 3, 5):
        while game.hand_count < count:
            record(game, ["pass", 2, "pass", "pass"], {"high": 0, "low": 2})
        seen[count] = page(client, url, "pl")
    assert "1 rozdanie" in seen[1]
    assert "3 rozdania" in seen[3]
    assert "5 rozdań" in seen[5]


def test_a_date_is_said_the_german_way(keeper: AbstractUser) -> None:
    game = game_factory(created_by=keeper)
    url = reverse("scoring:game_delete", args=[game.pk])
    html = page(signed_in(keeper), url, "de")
    with translation.override("de"):
        expected = date_format(localtime(game.created_at), "D, j. M Y, H:i")
    assert f"begonnen {expected}" in html


# A single-trump hand with High and Low to different players: the rules refuse it.
SPLIT = {
    "mode": "quick",
    "pitcher": "1",
    "bid": "2",
    "award-high": "1",
    "award-low": "2",
    "award-jack": "none",
    "award-game": "2",
    "single_trump": "on",
}
SPLIT_WORDS = {
    "de": "Hoch und Tief müssen in einem Spiel mit einem einzigen Trumpf",
    "pl": "W rozdaniu z jednym atutem Wysoki i Niski muszą przypaść",
    "fr": "Haut et Bas doivent aller au même joueur",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_on_the_page_is_in_the_language(
    keeper: AbstractUser, language: str
) -> None:
    game = game_factory(created_by=keeper)
    response = signed_in(keeper).post(
        reverse("scoring:hand_record", args=[game.pk]),
        {"action": "save", **SPLIT},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = response.content.decode()
    assert SPLIT_WORDS[language] in html
    # The players' names, not seat numbers.
    assert "Bob" in html.split(SPLIT_WORDS[language], 1)[1][:300]
    game.refresh_from_db()
    assert game.hand_count == 0


API_WORDS = {
    "de": "Der Geber muss mindestens 2 bieten, wenn alle anderen passen. Platz 0 "
    "(Geber) hat gepasst",
    "pl": "Rozdający musi zalicytować co najmniej 2, gdy wszyscy inni spasują. "
    "Miejsce 0 (rozdający) spasował(a)",
    "fr": "Le donneur doit enchérir au moins 2 quand tous les autres passent. "
    "Place 0 (le donneur) a passé",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_in_the_api_is_in_the_language_and_its_code_stays(
    keeper: AbstractUser, language: str
) -> None:
    api = APIClient()
    api.force_authenticate(keeper)
    game = game_factory(created_by=keeper)
    body = {
        "auction": ["pass", "pass", "pass", "pass"],
        "awards": {"high": 0, "low": 0},
    }
    answer = api.post(
        f"/api/v1/games/{game.pk}/hands/",
        body,
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 400
    said = str(answer.json())
    assert API_WORDS[language] in said
    assert "auction" in answer.json()  # the field stays English
    english = api.post(f"/api/v1/games/{game.pk}/hands/", body, format="json")
    assert "The dealer must bid at least 2" in str(english.json())


def test_a_game_that_cannot_be_deleted_says_its_hands_in_polish_plurals() -> None:
    refusal = engine.RuleViolation("game_has_hands", "status", params={"hands": 3})
    with translation.override("pl"):
        assert sentence(refusal).startswith("Ta partia ma 3 zapisane rozdania")
        five = engine.RuleViolation("game_has_hands", "status", params={"hands": 5})
        assert five.message.startswith("Ta partia ma 5 zapisanych rozdań")


def test_point_names_in_a_refusal_come_from_the_glossary() -> None:
    refusal = engine.RuleViolation(
        "side_credit_solo", "awards.jack", params={"point": PointName("jack")}
    )
    with translation.override("de"):
        assert sentence(refusal).startswith("Bube ist einem Team gutgeschrieben")
    with translation.override("fr"):
        assert sentence(refusal).startswith("Valet est attribué à une équipe")


def test_the_csv_headers_and_nobody_are_german(played: Game) -> None:
    response = Client().get(
        reverse("scoring:hands_csv", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="de"
    )
    text = b"".join(
        response.streaming_content if response.streaming else [response.content]
    )
    rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig"))))
    assert rows[0][:7] == [
        "Spiel",
        "Geber",
        "Bieten",
        "Pitcher",
        "Gebot",
        "Erfüllt",
        "Trumpf",
    ]
    assert rows[0][7:11] == ["Hoch", "Tief", "Bube", "Augen"]
    assert rows[0][-1] == "Gewinner der Partie"
    assert "Ann: dieses Spiel" in rows[0]
    # Jack nobody took, in words; numbers plain.
    assert rows[1][9] == "niemand"
    assert rows[1][0] == "1"
    assert rows[1][2] == "Bob passe, Cy 2, Di passe, Ann passe"
    assert rows[1][5] == "nein"  # Cy took only Game: set back

# ruff: noqa: F811 (the tournaments' fixtures, imported, are named as parameters)
"""Tournaments in German, Polish and French (issue 24): a tournament's page, a
match's page, the new-tournament form and its refusals, the printed standings and
their CSV, a refusal through the API; the bracket's column names; Polish plurals;
a date in the reader's format. English stays as it was (tests/tournaments)."""

import csv
import io
import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format
from rest_framework.test import APIClient

from tests.i18n.english import english_left
from tests.tournaments.conftest import (  # noqa: F401 (fixtures)
    People,
    club,
    organiser_api,
    people,
)
from tests.tournaments.helpers import NAMES, TOURNAMENTS, create, matches
from tournaments.words import match_label, round_label

LANGUAGES = ("de", "pl", "fr")
# Names the tests type and the club's, and the game's name (another area's): not
# words of this area to translate.
ALLOWED = {*NAMES, "Spring", "Cup", "Thursday", "Night", "Pitch", "Club", "Auction"}


def _main(html: str) -> str:
    """The page's own part (the site's header and footer are another area's)."""
    found = re.search(r"<main\b.*?</main>", html, re.S)
    assert found, "a page has its <main>"
    return found.group(0)


def _own_fields(html: str) -> str:
    """The new-tournament form less the game's own options (the new-game form's,
    another area's): the targets and "More game options"."""
    return re.sub(r'<div class="for-auction">.*?</details>', "", html, flags=re.S)


def _page(client: Client, url: str, language: str, status: int = 200) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == status, url
    return response.content.decode()


@pytest.fixture
def signed_in(people: People) -> Client:
    client = Client()
    client.force_login(people.organiser)
    return client


@pytest.fixture
def swiss(organiser_api: APIClient, club) -> dict:
    return create(organiser_api, club, format="swiss", entrants=5)


@pytest.fixture
def bracket(organiser_api: APIClient, club) -> dict:
    return create(organiser_api, club, format="single_elimination", entrants=4)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_page_shows_no_english(signed_in, bracket, swiss, language):
    for tournament in (bracket, swiss):
        html = _page(signed_in, f"/tournaments/{tournament['id']}/", language)
        assert english_left(_main(html), allowed=ALLOWED) == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", ["Halbfinale", "Turnierbaum drucken", "Tabelle: CSV"]),
        ("pl", ["Półfinały", "Drukuj drabinkę", "Tabela: CSV"]),
        ("fr", ["Demi-finales", "Imprimer le tableau", "Classement\u00a0: CSV"]),
    ],
)
def test_a_bracket_says_its_columns_and_tools(signed_in, bracket, language, said):
    html = _page(signed_in, f"/tournaments/{bracket['id']}/", language)
    for words in said:
        assert words in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", ["Partie an Tisch 1 starten", "Ergebnis eintragen", "Tisch 1"]),
        ("pl", ["Rozpocznij partię przy stoliku 1", "Wpisz wynik", "Stolik 1"]),
        ("fr", ["Lancer la partie à la table 1", "Saisir le résultat", "Table 1"]),
    ],
)
def test_a_match_page(signed_in, swiss, language, said):
    first = matches(swiss)[0]
    # The table's link is shown as its address.
    url_words = {"testserver", "tournaments", "matches", "table"}
    html = _page(
        signed_in, f"/tournaments/{swiss['id']}/matches/{first['id']}/", language
    )
    assert english_left(_main(html), allowed=ALLOWED | url_words) == []
    for words in said:
        assert words in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", ["Neues Turnier", "K.-o.-System", "Turnier auslosen"]),
        ("pl", ["Nowy turniej", "System pucharowy", "Rozlosuj turniej"]),
        ("fr", ["Nouveau tournoi", "Élimination directe", "Tirer le tournoi"]),
    ],
)
def test_the_new_tournament_form(signed_in, club, language, said):
    html = _page(signed_in, f"/clubs/{club.slug}/tournaments/new/", language)
    assert english_left(_own_fields(_main(html)), allowed=ALLOWED) == []
    for words in said:
        assert words in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", ["Geben Sie dem Turnier einen Namen.", "Noch keine Teilnehmer"]),
        ("pl", ["Nadaj turniejowi nazwę.", "Brak uczestników"]),
        ("fr", ["Donnez un nom au tournoi.", "Aucun participant"]),
    ],
)
def test_the_new_tournament_form_refuses_in_words(signed_in, club, language, said):
    response = signed_in.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {"name": "", "format": "swiss", "variant": "auction", "team_size": "1"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = response.content.decode()
    assert response.status_code in (200, 400)
    for words in said:
        assert words in html
    assert english_left(_own_fields(_main(html)), allowed=ALLOWED) == []


@pytest.mark.parametrize(
    ("language", "said", "header"),
    [
        ("de", "Zwischenstand", ["Platz", "Name", "Spieler", "Gespielt"]),
        ("pl", "Tabela na teraz", ["Miejsce", "Nazwa", "Gracze", "Rozegrane"]),
        ("fr", "Classement provisoire", ["Rang", "Nom", "Joueurs", "Jouées"]),
    ],
)
def test_the_printed_standings_and_their_csv(signed_in, swiss, language, said, header):
    url = f"/tournaments/{swiss['id']}/standings/print/"
    html = _page(signed_in, url, language)
    # The live page's address is printed under its QR code.
    url_words = {"testserver", "tournaments"}
    assert english_left(_main(html), allowed=ALLOWED | url_words) == []
    assert said in html
    with translation.override(language):
        today = date_format(timezone.localdate(), "DATE_FORMAT")
    assert today in html  # "28. November 2026", "28 listopada 2026"
    response = signed_in.get(
        f"/tournaments/{swiss['id']}/standings.csv", HTTP_ACCEPT_LANGUAGE=language
    )
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == header
    assert all(cell.isdigit() for cell in rows[1][3:])  # numbers stay plain


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Ein Turnier braucht mindestens 2 Teilnehmer; angegeben: 1."),
        ("pl", "Turniej potrzebuje co najmniej 2 uczestników; podano: 1."),
        ("fr", "Un tournoi demande au moins 2 participants\u00a0; 1 donnés."),
    ],
)
def test_an_api_refusal_in_the_callers_language(organiser_api, club, language, said):
    body = {
        "club": club.slug,
        "name": "Spring Cup",
        "format": "swiss",
        "variant": "auction",
        "team_size": 1,
        "options": {"target": 3},
        "settings": {},
        "entrants": ["Ann"],
    }
    response = organiser_api.post(
        TOURNAMENTS, body, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert said in text
    assert response.json().keys() == {"entrants"}  # the field stays English
    english = organiser_api.post(TOURNAMENTS, body, format="json")
    assert (
        "A tournament needs at least 2 entrants; 1 given." in english.content.decode()
    )


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "pl",
            ["Ćwierćfinały", "Półfinały", "Finał", "Półfinał 2", "Runda 2",
             "Drabinka przegranych, runda 3", "Wielki finał"],
        ),
        (
            "de",
            ["Viertelfinale", "Halbfinale", "Finale", "Halbfinale 2", "Runde 2",
             "Verliererseite, Runde 3", "Finale"],
        ),
    ],
)  # fmt: skip
def test_bracket_columns_are_named_in_the_language(language, names):
    single = {"format": "single_elimination", "bracket": "main", "rounds": 3}
    with translation.override(language):
        said = [
            round_label(**single, round_number=1),
            round_label(**single, round_number=2),
            round_label(**single, round_number=3),
            match_label(**single, round_number=2, number=2),
            round_label(format="swiss", bracket="main", round_number=2),
            round_label(
                format="double_elimination", bracket="losers", round_number=3, rounds=6
            ),
            round_label(format="double_elimination", bracket="final", round_number=1),
        ]
    assert said == names


@pytest.mark.parametrize(
    ("count", "players", "rounds"),
    [(1, "1 gracz", "1 runda"), (3, "3 gracze", "3 rundy"), (5, "5 graczy", "5 rund"),
     (22, "22 gracze", "22 rundy"), (25, "25 graczy", "25 rund")],
)  # fmt: skip
def test_polish_counts_take_three_forms(count, players, rounds):
    tournament = SimpleNamespace(
        get_format_display=lambda: "System szwajcarski",
        get_variant_display=lambda: "Pitch",
        get_status_display=lambda: "Trwa",
        options={},
        team_size=1,
        format="swiss",
        settings={"rounds": count},
        status="running",
    )
    board = SimpleNamespace(entrant_count=count, best_of=1)
    with translation.override("pl"):
        html = render_to_string(
            "tournaments/_about.html", {"tournament": tournament, "board": board}
        )
    assert players in html
    assert rounds in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_other_pages_of_a_tournament_show_no_english(
    signed_in, swiss, bracket, club, language
):
    s, b = swiss["id"], bracket["id"]
    first = matches(swiss)[0]["id"]
    urls = [
        f"/clubs/{club.slug}/tournaments/",
        f"/clubs/{club.slug}/tournaments/?archived=1",
        f"/tournaments/{s}/print/",
        f"/tournaments/{b}/print/",
        f"/tournaments/{s}/rounds/1/print/",
        f"/tournaments/{s}/rename/",
        f"/tournaments/{s}/close/",
        f"/tournaments/{s}/archive/",
        f"/tournaments/{s}/delete/",
        f"/tournaments/{s}/swap/",
        f"/tournaments/{s}/matches/{first}/table/",
        f"/tournaments/{b}/standings/print/",
    ]
    for url in urls:
        html = _page(signed_in, url, language)
        left = english_left(
            _main(html), allowed=ALLOWED | {"testserver", "tournaments"}
        )
        assert left == [], url

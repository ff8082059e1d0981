"""Seasons, progressive nights, their walls and table cards in German, Polish and
French (issue 24): no English word left on the pages, key sentences in each
language, Polish counts in their three forms, dates in each language's way, the
printed standings and the CSV's headers in the reader's language."""

import csv
import io
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from pitchclub.services import players as player_services
from tests.factories import UserFactory
from tests.i18n.english import english_left
from tests.tournaments.seasons.test_seasons import DEC, make_season, played
from tournaments.models import Match, Season, Tournament
from tournaments.seasons.refusals import SeasonRefusal

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "pl", "fr")
# The names the tests type (none is English).
NAMES = {"Ann", "Bob", "Dan", "Zoë", "Kartenrunde", "Nord", "Winter", "Abend", "Gast"}


@pytest.fixture
def organiser() -> Any:
    return UserFactory()


@pytest.fixture
def club(organiser: Any) -> Club:
    return club_services.club_create(name="Kartenrunde Nord", by=organiser)


@pytest.fixture
def keeper(organiser: Any) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def season(club: Club) -> Season:
    """Three nights, 1 dropped, 2 to qualify; Zoë and Dan played one night."""
    season = make_season(club, DEC[3], DEC[10], DEC[17], drop_worst=1, min_nights=2)
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[10], "Bob", "Ann", 1)
    played(club, DEC[3], "Zoë", "Dan")
    return season


def night_of(keeper: Client, club: Club, language: str) -> Tournament:
    """A progressive night of 8 (2 roster players, 6 guests), 3 rounds, table 1's
    first round entered on paper."""
    roster = [player_services.guest_add(club=club, name=n) for n in ("Ann", "Bob")]
    body = {
        "name": "Abend",
        "variant": "auction",
        "rounds": "3",
        "hands_per_round": "2",
        "movement": "winners_up",
        "scoring": "points",
        "players": [str(p.pk) for p in roster],
        "guests": "\n".join(f"Gast {i}" for i in range(6)),
    }
    url = reverse("tournaments:progressive_new", args=[club.slug])
    answer = keeper.post(url, body, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    night = Tournament.objects.get(name="Abend", club=club)
    match = Match.objects.filter(tournament=night).order_by("table").first()
    answer = keeper.post(
        reverse("tournaments:table_scores", args=[night.pk, match.pk]),
        {f"t{match.pk}-score_0": "5", f"t{match.pk}-score_1": "2"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 302
    return night


def mine(html: str) -> str:
    """What this area's templates show: the page's <main>, without the parts that
    other areas' templates add to it (a tournament's tools, game cards, a club's
    head) and with addresses (read by machines, printed as they are) left out."""
    main = re.search(r"<main[^>]*>([\s\S]*)</main>", html)
    text = main.group(1) if main else html
    for foreign in (
        r'<section class="t-tools[^"]*"[\s\S]*?</section>',
        r'<ul class="games">[\s\S]*?</ul>',
        r'<p class="you">[\s\S]*?</p>',
        r'<nav class="tabs"[\s\S]*?</nav>',
        r'<p class="back"><a href="/clubs/">[\s\S]*?</p>',
    ):
        text = re.sub(foreign, "", text)
    return re.sub(r"https?://[^\s\"<]+", "", text)


def get(client: Client, url: str, language: str) -> str:
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200, answer.status_code
    return answer.content.decode()


def english(html: str) -> list[str]:
    return english_left(mine(html), allowed=NAMES)


# --- A season's pages -----------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seasons_pages_leave_no_english_word(
    language: str, season: Season, keeper: Client
) -> None:
    night = season.nights.get(date=DEC[3])
    ann = next(line for line in season_lines(season) if line[0] == "Ann")[1]
    for url in (
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/print/",
        f"/seasons/{season.pk}/nights/{night.pk}/",
        f"/seasons/{season.pk}/players/{ann}/",
        reverse("tournaments:season_new", args=[season.club.slug]),
    ):
        assert english(get(keeper, url, language)) == [], (language, url)


def season_lines(season: Season) -> list[tuple[str, int]]:
    from tournaments.seasons.standings import season_standings

    return [(line.name, line.player_id) for line in season_standings(season)]


SEASON_WORDS = {
    "de": [
        "Tabelle",
        "Noch nicht qualifiziert",
        "Jeder Spielabend zählt die gewonnenen Partien eines Spielers; "
        "der schlechteste Spielabend jedes Spielers wird gestrichen; "
        "2 Spielabende zur Qualifikation.",
        "Spielabend hinzufügen",
        "Beste: Ann, Zoë (1 gewonnen)",
    ],
    "pl": [
        "Tabela",
        "Jeszcze bez kwalifikacji",
        "Każdy wieczór liczy partie wygrane przez gracza; najsłabszy wieczór "
        "każdego gracza jest odrzucany; 2 wieczory do kwalifikacji.",
        "Dodaj wieczór",
        "Najlepsi: Ann, Zoë (1 wygrana)",
    ],
    "fr": [
        "Classement",
        "Pas encore qualifiés",
        "Chaque soirée compte les parties gagnées par un joueur\u00a0; la plus "
        "mauvaise soirée de chaque joueur est écartée\u00a0; 2 soirées pour se "
        "qualifier.",
        "Ajouter une soirée",
        "Meilleurs\u00a0: Ann, Zoë (1 gagnée)",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seasons_page_says_its_rules_in_the_readers_language(
    language: str, season: Season, keeper: Client
) -> None:
    page = get(keeper, f"/seasons/{season.pk}/", language)
    for words in SEASON_WORDS[language]:
        assert words in page, (language, words)


def test_german_dates_are_german(season: Season, keeper: Client) -> None:
    night = season.nights.get(date=DEC[3])
    page = get(keeper, f"/seasons/{season.pk}/", "de")
    assert '<span class="night-date">Do, 03.12.2026</span>' in page
    assert "Di, 01.12.2026 bis Do, 31.12.2026" in page
    page = get(keeper, f"/seasons/{season.pk}/nights/{night.pk}/", "de")
    assert "Donnerstag, 3. Dezember 2026" in page
    added = keeper.post(
        f"/seasons/{season.pk}/nights/",
        {"date": "2026-12-24"},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    assert "Spielabend vom Do, 24.12.2026 zu Winter 2026 hinzugefügt." in (
        added.content.decode()
    )
    refused = keeper.post(
        f"/seasons/{season.pk}/nights/",
        {"date": "2027-01-07"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert refused.status_code == 400
    assert "07.01.2027 liegt nicht in Winter 2026 (01.12.2026 bis 31.12.2026)" in (
        refused.content.decode()
    )


def test_the_printed_standings_and_the_csv_speak_the_readers_language(
    season: Season,
) -> None:
    client = Client()
    page = get(client, f"/seasons/{season.pk}/print/", "pl")
    assert "Zakwalifikowani" in page
    assert "Jeszcze bez kwalifikacji" in page
    assert "każdy wieczór liczy wygrane partie, odrzucony 1 najsłabszy wieczór" in page
    assert "Bieżąca tabela" in page
    german = client.get(
        f"/seasons/{season.pk}/standings.csv", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german["Content-Disposition"] == (
        'attachment; filename="winter-2026-tabelle.csv"'
    )
    rows = list(csv.reader(io.StringIO(german.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "platz",
        "name",
        "spielabende",
        "partien",
        "siege",
        "punkte",
        "gewertet",
        "qualifiziert",
    ]
    # The numbers stay plain, for a spreadsheet to read.
    assert rows[1] == ["1", "Bob", "2", "2", "1", "8", "1", "ja"]
    assert rows[-1][-1] == "nein"


NEW_SEASON_ERRORS = {
    "de": [
        "Geben Sie der Saison einen Namen.",
        "„Erster Termin“ ist kein Datum. Ein Datum als JJJJ-MM-TT, z. B. 2026-12-03.",
        "Geben Sie den letzten Termin an.",
    ],
    "pl": [
        "Nadaj sezonowi nazwę.",
        "„Pierwsza data” nie jest datą. Data w formacie RRRR-MM-DD, np. 2026-12-03.",
        "Podaj ostatnią datę.",
    ],
    "fr": [
        "Donnez un nom à la saison.",
        "«\u00a0Première date\u00a0» n\u2019est pas une date. Une date au format "
        "AAAA-MM-JJ, par ex. 2026-12-03.",
        "Indiquez la dernière date.",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_season_forms_errors_are_in_the_readers_language(
    language: str, club: Club, keeper: Client
) -> None:
    answer = keeper.post(
        reverse("tournaments:season_new", args=[club.slug]),
        {"name": "", "starts": "the 3rd", "ends": "", "variant": "auction"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    for error in NEW_SEASON_ERRORS[language]:
        assert error in page, (language, error)
    assert english(page) == []


def test_polish_counts_games_in_three_forms(club: Club, keeper: Client) -> None:
    season = make_season(club, DEC[3], DEC[10], DEC[17])
    for day, games in ((DEC[3], 1), (DEC[10], 3), (DEC[17], 5)):
        for _ in range(games):
            played(club, day, "Ann", "Bob")
    page = get(keeper, f"/seasons/{season.pk}/", "pl")
    counts = re.findall(
        r'class="night-date">[^<]+</span><span class="meta">([^<]+)<', page
    )
    assert counts == ["5 partii", "3 partie", "1 partia"]


def test_polish_refusals_count_in_three_forms() -> None:
    words = {}
    with translation.override("pl"):
        for qualified in (1, 3, 5):
            refusal = SeasonRefusal(
                "too_few_qualified", "size", params={"qualified": qualified, "given": 8}
            )
            words[qualified] = refusal.message
    assert words[1].startswith("Na razie zakwalifikował się tylko 1 gracz:")
    assert words[3].startswith("Na razie zakwalifikowało się tylko 3 graczy:")
    assert words[5].startswith("Na razie zakwalifikowało się tylko 5 graczy:")


# --- A progressive night: its board, its wall, its table cards ----------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_nights_board_wall_and_table_cards_leave_no_english_word(
    language: str, club: Club, keeper: Client
) -> None:
    night = night_of(keeper, club, language)
    leaving = night.entrants.order_by("seed").first()
    for url in (
        reverse("tournaments:detail", args=[night.pk]),
        reverse("tournaments:detail", args=[night.pk]) + f"?leave={leaving.pk}",
        reverse("tournaments:wall", args=[night.pk]),
        reverse("tournaments:table_cards", args=[night.pk]),
    ):
        assert english(get(keeper, url, language)) == [], (language, url)


NIGHT_WORDS = {
    "de": {
        "board": [
            "Progressiver Spielabend · 3 Runden · 2 Spiele pro Runde",
            "Runde 1 von 3",
            "Tisch 1: Punkte gespeichert.",
            "Beendet (auf Papier)",
            "Auf Papier notierte Punkte",
            "Kommen und Gehen",
        ],
        "wall": ["Gesamtpunkte", "Fett: wer aufrückt.", "Live: Diese Seite"],
        "cards": ["Tischkarten: Runde 1", "Abend · Runde 1 von 3", "QR-Code des Links"],
    },
    "pl": {
        "board": [
            "Wieczór progresywny · 3 rundy · 2 rozdania na rundę",
            "Runda 1 z 3",
            "Stolik 1: wyniki zapisane.",
            "Zakończony (na papierze)",
            "Wyniki zapisane na papierze",
            "Przybyli i wychodzący",
        ],
        "wall": ["Suma punktów", "Pogrubieni: kto przesiada się wyżej.", "Na żywo"],
        "cards": ["Karty stolików: runda 1", "Abend · runda 1 z 3", "Kod QR linku"],
    },
    "fr": {
        "board": [
            "Soirée progressive · 3 rondes · 2 donnes par ronde",
            "Ronde 1 sur 3",
            "Table 1\u00a0: scores enregistrés.",
            "Terminée (sur papier)",
            "Scores notés sur papier",
            "Arrivées et départs",
        ],
        "wall": ["Total", "En gras\u00a0: qui monte.", "En direct\u00a0:"],
        "cards": ["Cartes de table\u00a0: ronde 1", "Abend · ronde 1 sur 3", "Code QR"],
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_night_says_its_key_sentences_in_the_readers_language(
    language: str, club: Club, keeper: Client
) -> None:
    night = night_of(keeper, club, language)
    pages = {
        "board": reverse("tournaments:detail", args=[night.pk]),
        "wall": reverse("tournaments:wall", args=[night.pk]),
        "cards": reverse("tournaments:table_cards", args=[night.pk]),
    }
    for name, url in pages.items():
        page = get(keeper, url, language)
        for words in NIGHT_WORDS[language][name]:
            assert words in page, (language, name, words)


def test_a_late_arrival_is_told_in_german(club: Club, keeper: Client) -> None:
    night = night_of(keeper, club, "de")
    answer = keeper.post(
        reverse("tournaments:night_arrive", args=[night.pk]),
        {"name": ""},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "Geben Sie den Namen des eingetroffenen Spielers ein." in (
        answer.content.decode()
    )
    answer = keeper.post(
        reverse("tournaments:night_arrive", args=[night.pk]),
        {"name": "Gast 9"},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    assert "Gast 9 steigt in der nächsten Runde am letzten Tisch ein." in (
        answer.content.decode()
    )


def test_the_new_nights_and_the_playoffs_forms_speak_german(
    club: Club, season: Season, keeper: Client
) -> None:
    answer = keeper.post(
        reverse("tournaments:progressive_new", args=[club.slug]),
        {"name": "", "variant": "auction", "rounds": "3", "movement": "winners_up"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Neuer Progressiver Spielabend" in page
    assert "Geben Sie dem Spielabend einen Namen." in page
    assert "Anwesende Spieler" in page
    answer = keeper.post(
        reverse("tournaments:season_playoffs", args=[season.pk]),
        {"format": "single_elimination", "size": "8"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert answer.status_code == 400
    assert (
        "Bisher haben sich erst 2 Spieler qualifiziert: Eine Finalrunde der besten 8 "
        "braucht 8." in answer.content.decode()
    )


def test_the_api_says_a_seasons_refusal_in_the_callers_language(
    club: Club, organiser: Any
) -> None:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(organiser)
    body = {
        "name": "Winter 2026",
        "starts": "2026-12-10",
        "ends": "2026-12-01",
        "variant": "auction",
        "scoring": "wins",
    }
    url = f"/api/v1/clubs/{club.slug}/seasons/"
    answer = api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="pl")
    assert answer.status_code == 400
    assert answer.json() == {
        "ends": [
            "Sezon kończy się 01.12.2026, zanim się zacznie (10.12.2026): ostatnia "
            "data przypada w dniu pierwszej lub później."
        ]
    }
    missing = api.get("/api/v1/seasons/999/", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "Cette saison n\u2019existe pas."

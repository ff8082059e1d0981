"""The core's pages (accounts, clubs, errors) and its API refusals in German,
Polish and French (issue 24): no English word left in what the core's templates
show, key sentences said in each language, counts in Polish's three forms, dates
and numbers localised, and the API's `code` unchanged while `detail` is translated."""

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AbstractUser
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.dateformat import format as date_format
from django.utils.timezone import localtime
from rest_framework.test import APIClient

from pitchclub import panels
from pitchclub.clubs.views.roster import moved_words
from pitchclub.models import Club
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.services.players import guest_add
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "pl", "fr")
# Names the tests type, and words that are the same in every language.
# ("join" is in the address an invite page prints.)
NAMES = {
    "Olive",
    "Ames",
    "olive",
    "Grange",
    "Hall",
    "Pitch",
    "Club",
    "Dot",
    "Ann",
    "join",
}
# Polish words that are English ones too ("we wtorki", "by"), and english_left
# splitting words at letters beyond ASCII (Polish "hasło" reads as "has").
SPLIT = {"pl": {"has", "we", "by"}, "de": set(), "fr": set()}


def english_on(html: str, language: str) -> list[str]:
    return english_left(html, allowed=NAMES | SPLIT[language])


def main_of(html: str) -> str:
    """The page's <title> and <main>: what the core's templates write (the header
    and footer of base.html are another area's)."""
    title = re.search(r"<title>.*?</title>", html, re.S)
    main = re.search(r'<main id="main">.*</main>', html, re.S)
    assert main, "no <main> on the page"
    return (title.group(0) if title else "") + main.group(0)


def page(client: Client, url: str, language: str, status: int = 200) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == status, url
    return main_of(response.content.decode())


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """A request leaves its language active in the thread: tests after these
    ones build English sentences outside requests."""
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _core_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sections other apps add to the core's pages (scoring's games,
    tournaments' cups) are their areas' to translate: left out here."""
    monkeypatch.setattr(panels, "profile_panels", lambda *args, **kwargs: [])
    monkeypatch.setattr(panels, "club_panels", lambda *args, **kwargs: [])


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive", first_name="Olive", last_name="Ames")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    club = club_create(
        name="Grange Hall Pitch",
        by=organiser,
        location="Grange Hall",
        schedule="19:00",
    )
    guest_add(club=club, name="Dot")
    guest_add(club=club, name="Ann")
    return club


def core_pages(club: Club) -> list[str]:
    dot, ann = club.players.filter(user=None).order_by("name").reverse()
    return [
        reverse("clubs:player", args=[club.slug, dot.pk]),
        reverse("clubs:player_merge", args=[club.slug, dot.pk]) + f"?into={ann.pk}",
        reverse("clubs:roster_log", args=[club.slug]),
        reverse("accounts:password_change"),
        reverse("accounts:profile"),
        reverse("clubs:list"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("clubs:roster", args=[club.slug]),
        reverse("clubs:members", args=[club.slug]),
        reverse("clubs:invites", args=[club.slug]),
        reverse("clubs:edit", args=[club.slug]),
        reverse("clubs:join"),
        reverse("clubs:roster_paste", args=[club.slug]),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_core_pages_of_an_organiser_show_no_english(
    language: str, club: Club, organiser: AbstractUser
) -> None:
    client = signed_in(organiser)
    invite_create(club=club, by=organiser, role="member")
    for url in core_pages(club):
        html = page(client, url, language)
        assert english_left(html, allowed=NAMES | SPLIT[language]) == [], (
            url,
            language,
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_signed_out_pages_show_no_english(language: str, club: Club) -> None:
    client = Client()
    invite = invite_create(club=club, by=club.created_by, role="scorekeeper")
    for url, status in (
        (reverse("accounts:login"), 200),
        (reverse("accounts:signup"), 200),
        (reverse("accounts:password_reset"), 200),
        (reverse("clubs:join_code", args=[invite.code]), 200),
        ("/no/such/page/", 404),
    ):
        html = page(client, url, language, status)
        assert english_left(html, allowed=NAMES | SPLIT[language]) == [], (
            url,
            language,
        )


SENTENCES = {
    "de": ("Anmelden", "Konto anlegen", "Ihre Clubs", "Spielerliste", "Nicht gefunden"),
    "pl": (
        "Zaloguj się",
        "Załóż konto",
        "Twoje kluby",
        "listy graczy",
        "Nie znaleziono",
    ),
    "fr": (
        "Se connecter",
        "Créer un compte",
        "Vos clubs",
        "liste des joueurs",
        "Introuvable",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_key_sentences_are_said_in_each_language(
    language: str, club: Club, organiser: AbstractUser
) -> None:
    sign_in, sign_up, your_clubs, roster, not_found = SENTENCES[language]
    anon = Client()
    assert sign_in in page(anon, reverse("accounts:login"), language)
    assert sign_up in page(anon, reverse("accounts:signup"), language)
    assert not_found in page(anon, "/no/such/page/", language, 404)
    client = signed_in(organiser)
    assert your_clubs in page(client, reverse("clubs:list"), language)
    assert roster in page(client, reverse("clubs:roster", args=[club.slug]), language)


def test_polish_counts_take_their_three_forms(organiser: AbstractUser) -> None:
    club = club_create(name="Grange Hall Pitch", by=organiser)
    client = signed_in(organiser)
    url = reverse("clubs:roster", args=[club.slug])
    said = {}
    for count in (1, 3, 5):  # the organiser is the roster's first player
        while club.players.count() < count:
            guest_add(club=club, name=f"Ann {club.players.count()}")
        said[count] = page(client, url, "pl")
    assert "1 gracz na liście graczy" in said[1]
    assert "3 graczy na liście graczy; 2 gości bez konta" in said[3]
    assert "5 graczy na liście graczy; 4 gości bez konta" in said[5]
    with translation.override("pl"):
        assert moved_words({"games": 1}) == "1 partia"
        assert moved_words({"games": 3}) == "3 partie"
        assert moved_words({"games": 5, "awards": 22}) == "5 partii i 22 zdobyte punkty"


def test_a_date_is_said_in_the_readers_language(
    club: Club, organiser: AbstractUser
) -> None:
    joined = localtime(club.memberships.get(user=organiser).joined_at)
    url = reverse("clubs:members", args=[club.slug])
    client = signed_in(organiser)
    with translation.override("en"):
        day = date_format(joined, "j M Y")
    assert f"joined {day}" in page(client, url, "en")
    assert f"beigetreten am {joined:%d.%m.%Y}" in page(client, url, "de")
    assert f"dołączył(a) {joined:%d.%m.%Y}" in page(client, url, "pl")
    assert f"inscrit le {joined:%d/%m/%Y}" in page(client, url, "fr")


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("de", "Ihr Pitch-Club-Passwort zurücksetzen", "Hallo olive,"),
        ("pl", "Zresetuj hasło w Klubie Pitcha", "Cześć olive,"),
        ("fr", "Réinitialiser votre mot de passe Pitch Club", "Bonjour olive,"),
    ],
)
def test_the_password_reset_mail_is_in_the_askers_language(
    language: str, subject: str, greeting: str, organiser: AbstractUser
) -> None:
    response = Client().post(
        reverse("accounts:password_reset"),
        {"email": organiser.email},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 302
    (sent,) = mail.outbox
    assert sent.subject == subject
    assert sent.body.startswith(greeting)
    assert "http://testserver/" in sent.body
    words = "\n".join(line for line in sent.body.splitlines() if "://" not in line)
    allowed = {"Pitch", "Club", "olive"} | SPLIT[language]
    assert english_left(f"<p>{words}</p>", allowed=allowed) == []


DETAIL = {
    "de": "Ein Club braucht einen Organisator",
    "pl": "Klub potrzebuje organizatora",
    "fr": "Un club a besoin d\u2019un organisateur",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_api_refusal_says_its_detail_in_the_callers_language(
    language: str, club: Club, organiser: AbstractUser
) -> None:
    api = APIClient()
    api.force_authenticate(organiser)
    url = f"/api/v1/clubs/{club.slug}/members/{organiser.pk}/"
    english = api.patch(url, {"role": "member"}, format="json")
    response = api.patch(
        url, {"role": "member"}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == english.status_code == 409
    body = response.json()
    assert body["code"] == english.json()["code"] == "last_organiser"
    assert body.get("field") == english.json().get("field")
    assert body["detail"].replace("'", "\u2019").startswith(DETAIL[language])
    assert body["detail"] != english.json()["detail"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_members_refusal_page_and_the_club_page_show_no_english(
    language: str, club: Club
) -> None:
    member = UserFactory(username="dot")
    invite = invite_create(club=club, by=club.created_by, role="member")
    client = signed_in(member)
    joined = client.post(
        reverse("clubs:join_code", args=[invite.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert joined.status_code == 302
    html = page(client, reverse("clubs:invites", args=[club.slug]), language, 403)
    assert english_on(html, language) == []
    html = page(client, reverse("clubs:detail", args=[club.slug]), language)
    assert english_on(html, language) == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Die Rolle von dot ist jetzt Schreiber."),
        ("pl", "Rola osoby dot to teraz zapisujący."),
        ("fr", "Le rôle de dot est désormais marqueur."),
    ],
)
def test_a_role_within_a_flash_is_written_as_the_language_writes_it(
    language: str, said: str, club: Club, organiser: AbstractUser
) -> None:
    member = UserFactory(username="dot")
    invite = invite_create(club=club, by=organiser, role="member")
    signed_in(member).post(reverse("clubs:join_code", args=[invite.code]))
    client = signed_in(organiser)
    url = reverse("clubs:member_role", args=[club.slug, member.pk])
    response = client.post(
        url, {"role": "scorekeeper"}, HTTP_ACCEPT_LANGUAGE=language, follow=True
    )
    assert said in response.content.decode()


def test_waits_and_the_lockout_sentence_are_said_in_the_readers_language() -> None:
    from pitchclub.accounts.views import _lockout_detail
    from pitchclub.throttles import wait_words

    with translation.override("pl"):
        assert [wait_words(n) for n in (1, 3, 5, 22)] == [
            "1 sekunda",
            "3 sekundy",
            "5 sekund",
            "22 sekundy",
        ]
    with translation.override("de"):
        assert _lockout_detail("ann", "5 Minuten") == (
            "Zu viele fehlgeschlagene Anmeldungen als ann von dieser Adresse: Die "
            "Anmeldung als ann ist für 5 Minuten gesperrt. Jeder Versuch während der "
            "Sperre lässt sie neu beginnen."
        )
    with translation.override("en"):
        assert _lockout_detail(None, "") == (
            "Too many failed sign-ins from this address: signing in is paused. Each "
            "try during the pause starts it again."
        )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["1-mal geholt in 1 Spiel;", "0-mal geholt in 1 Spiel"]),
        ("pl", ["zdobyty 1 raz w 1 rozdaniu", "zdobyty 0 razy w 1 rozdaniu"]),
        ("fr", ["pris 1 fois en 1 donne", "pris 0 fois en 1 donne"]),
    ],
)
def test_a_points_share_counts_its_hands_in_their_own_plural(
    language: str, words: list[str]
) -> None:
    """The second walk: "Hoch 1-mal geholt in 1 Spielen", the hands' plural taken
    from the times a point was taken."""
    from scoring.models import Game
    from tests.factories import game_factory, record

    game: Game = game_factory()
    # Ann deals; Bob bids 2 and takes High and Game; nobody else takes a point.
    record(game, ["pass", 2, "pass", "pass"], {"high": 1, "low": 1, "game": 1})
    player = game.seats.get(number=1).player
    html = Client(headers={"Accept-Language": language}).get(f"/players/{player.pk}/")
    text = html.content.decode()
    for phrase in words:
        assert phrase in text, phrase

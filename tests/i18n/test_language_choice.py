"""Which language a page speaks (issue 24, item 3; pitchclub/language.py): the
person's choice saved on their account and read in another session, the chooser's
cookie, a club's language on its public pages for a visitor who has not chosen, the
browser's Accept-Language, English; <html lang>, the chooser in every page's header
and footer, the manifest and the API's messages in the caller's language."""

import re
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from pitchclub.accounts.language import account_language_save
from pitchclub.models import AccountSettings, Club
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from tests.factories import UserFactory
from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db

SETLANG = "/i18n/setlang/"
COOKIE = settings.LANGUAGE_COOKIE_NAME
SELF_NAMED = {"en": "English", "de": "Deutsch", "pl": "Polski", "fr": "Français"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A request leaves its language active in the thread: later tests read English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def kate() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def club(kate: AbstractUser) -> Club:
    return club_create(name="Grange Hall", by=kate)


def html_lang(response) -> str:
    match = re.search(r'<html lang="([^"]*)">', response.content.decode())
    assert match, "no <html lang>"
    return match.group(1)


def signed_in(user: AbstractUser, **headers: str) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


def home(client: Client, **headers: str):
    response = client.get(reverse("scoring:home"), **headers)
    assert response.status_code == 200
    return response


# The person's choice, on their account


def test_a_choice_made_on_one_phone_follows_the_account_to_another(
    kate: AbstractUser,
) -> None:
    # The other phone signed in before the choice, and its browser asks for French.
    other_phone = signed_in(kate, HTTP_ACCEPT_LANGUAGE="fr")
    assert html_lang(home(other_phone)) == "fr"

    phone = signed_in(kate)
    chosen = phone.post(SETLANG, {"language": "de", "next": "/clubs/"})

    assert chosen.status_code == 302
    assert chosen["Location"] == "/clubs/"
    assert AccountSettings.objects.get(user=kate).language == "de"
    page = home(other_phone)
    assert html_lang(page) == "de"
    assert page["Content-Language"] == "de"
    assert "Sprache" in page.content.decode()
    # And a new session, on a phone that never chose (no cookie).
    new_phone = Client(HTTP_ACCEPT_LANGUAGE="pl")
    new_phone.force_login(kate)
    assert COOKIE not in new_phone.cookies
    assert html_lang(home(new_phone)) == "de"


def test_the_account_choice_wins_over_the_cookie_and_the_browser(
    kate: AbstractUser,
) -> None:
    account_language_save(user=kate, language="pl")
    client = signed_in(kate, HTTP_ACCEPT_LANGUAGE="fr")
    client.cookies[COOKIE] = "de"

    assert html_lang(home(client)) == "pl"


def test_choosing_signed_out_sets_the_cookie_only() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")

    chosen = client.post(SETLANG, {"language": "pl", "next": "/"})

    assert chosen.status_code == 302
    assert client.cookies[COOKIE].value == "pl"
    assert not AccountSettings.objects.exists()
    assert html_lang(home(client)) == "pl"


def test_a_language_the_site_does_not_speak_is_not_saved(kate: AbstractUser) -> None:
    client = signed_in(kate)

    client.post(SETLANG, {"language": "xx", "next": "/"})

    assert not AccountSettings.objects.exists()
    assert html_lang(home(client)) == "en"


def test_the_chooser_only_posts(kate: AbstractUser) -> None:
    assert signed_in(kate).get(SETLANG, {"language": "de"}).status_code == 405
    assert not AccountSettings.objects.exists()


def test_the_saved_language_costs_no_query(kate: AbstractUser) -> None:
    def queries(client: Client) -> int:
        with CaptureQueriesContext(connection) as captured:
            home(client)
        return len(captured.captured_queries)

    before = queries(signed_in(kate))
    account_language_save(user=kate, language="fr")
    client = signed_in(kate)

    assert queries(client) == before
    assert html_lang(home(client)) == "fr"


def test_the_profile_shows_the_setting_and_its_chooser(kate: AbstractUser) -> None:
    client = signed_in(kate, HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="language"' in page
    assert "Sie haben keine Sprache gewählt" in page

    client.post(SETLANG, {"language": "fr", "next": "/accounts/profile/#language"})
    page = client.get(reverse("accounts:profile")).content.decode()

    assert "Votre langue\u00a0: Français, sur chaque téléphone" in page
    panel = page.split('id="language"', 1)[1].split("</section>", 1)[0]
    assert 'value="/accounts/profile/#language"' in panel
    assert panel.count('name="language"') == 4


# The browser's language, and English


@pytest.mark.parametrize(
    ("header", "expected"),
    [("de", "de"), ("pl-PL,pl;q=0.9,en;q=0.5", "pl"), ("fr-CA", "fr"), ("", "en")],
)
def test_the_browsers_accept_language_otherwise(header: str, expected: str) -> None:
    page = home(Client(HTTP_ACCEPT_LANGUAGE=header))
    assert html_lang(page) == expected
    assert page["Content-Language"] == expected


def test_a_language_the_site_does_not_speak_falls_back_to_english() -> None:
    assert html_lang(home(Client(HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9"))) == "en"


# A club's language, on its public pages


def test_a_club_speaks_its_language_to_a_visitor_who_has_not_chosen(
    club: Club, kate: AbstractUser
) -> None:
    club.language = "de"
    club.save()
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")

    page = visitor.get(reverse("clubs:detail", args=[club.slug]))

    assert html_lang(page) == "de"
    assert page["Content-Language"] == "de"
    # Its members' page and an invite's page too; other pages keep the browser's.
    members = visitor.get(reverse("clubs:members", args=[club.slug]))
    assert html_lang(members) == "de"
    invite = invite_create(club=club, by=kate)
    joining = visitor.get(reverse("clubs:join_code", args=[invite.code]))
    assert html_lang(joining) == "de"
    assert html_lang(home(visitor)) == "fr"
    assert html_lang(visitor.get(reverse("clubs:list"))) == "fr"


def test_a_visitors_choice_wins_over_the_clubs_language(
    club: Club, kate: AbstractUser
) -> None:
    club.language = "pl"
    club.save()
    url = reverse("clubs:detail", args=[club.slug])
    chose = Client()
    chose.post(SETLANG, {"language": "fr", "next": "/"})
    account_language_save(user=kate, language="de")

    assert html_lang(chose.get(url)) == "fr"
    assert html_lang(signed_in(kate, HTTP_ACCEPT_LANGUAGE="fr").get(url)) == "de"
    # Someone signed in who chose nothing reads it in the club's.
    assert html_lang(signed_in(UserFactory()).get(url)) == "pl"


def test_a_club_without_a_language_leaves_it_to_the_browser(club: Club) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE="pl").get(
        reverse("clubs:detail", args=[club.slug])
    )
    assert html_lang(page) == "pl"


def test_the_clubs_organisers_set_its_language(club: Club, kate: AbstractUser) -> None:
    client = signed_in(kate)
    edit = reverse("clubs:edit", args=[club.slug])
    form = client.get(edit).content.decode()
    assert '<option value="" selected>Each visitor' in form
    assert '<option value="fr">Français</option>' in form

    saved = client.post(edit, {"name": "Grange Hall", "language": "fr"})

    assert saved.status_code == 302
    club.refresh_from_db()
    assert club.language == "fr"
    assert (
        '<option value="fr" selected>Français</option>'
        in client.get(edit).content.decode()
    )
    # Saving the form again without touching it keeps it.
    client.post(edit, {"name": "Grange Hall Pitch", "language": "fr"})
    club.refresh_from_db()
    assert (club.name, club.language) == ("Grange Hall Pitch", "fr")


def test_a_club_language_the_site_does_not_speak_is_refused(
    club: Club, kate: AbstractUser
) -> None:
    edit = reverse("clubs:edit", args=[club.slug])
    refused = signed_in(kate).post(edit, {"name": "Grange Hall", "language": "xx"})
    assert refused.status_code == 200
    assert "Choose one of the languages." in refused.content.decode()
    club.refresh_from_db()
    assert club.language == ""


# The frame: <html lang>, the chooser in the header and the footer, the titles


@pytest.mark.parametrize("language", ["en", "de", "pl", "fr"])
def test_html_lang_is_right_on_every_kind_of_page(
    language: str, club: Club, kate: AbstractUser
) -> None:
    anonymous = Client(HTTP_ACCEPT_LANGUAGE=language)
    member = signed_in(kate, HTTP_ACCEPT_LANGUAGE=language)
    pages = [
        anonymous.get("/"),
        anonymous.get(reverse("clubs:list")),
        anonymous.get(reverse("accounts:login")),
        anonymous.get(reverse("clubs:detail", args=[club.slug])),
        anonymous.get("/no-such-page/"),
        member.get(reverse("accounts:profile")),
        member.get(reverse("scoring:new_game")),
    ]
    for page in pages:
        assert html_lang(page) == language, page.request["PATH_INFO"]


def choosers(html: str) -> dict[str, str]:
    """Each chooser's form on the page, by where it is."""
    forms = re.findall(
        r'<form class="lang-form"[^>]*data-where="(\w+)">(.*?)</form>', html, re.S
    )
    return dict(forms)


@pytest.mark.parametrize("language", ["en", "de", "pl", "fr"])
def test_the_chooser_is_in_the_header_and_the_footer(language: str) -> None:
    page = home(Client(HTTP_ACCEPT_LANGUAGE=language)).content.decode()
    header = page.split("<header", 1)[1].split("</header>", 1)[0]
    footer = page.split("<footer", 1)[1].split("</footer>", 1)[0]

    for part, where in ((header, "header"), (footer, "footer")):
        forms = choosers(part)
        assert list(forms) == [where]
        form = forms[where]
        assert 'name="csrfmiddlewaretoken"' in form
        assert '<input type="hidden" name="next" value="/">' in form
        buttons = re.findall(
            r'<button type="submit" class="lang-choice" name="language" '
            r'value="(\w+)" lang="(\w+)"( aria-current="true")?>([^<]+)</button>',
            form,
        )
        assert [(code, name) for code, _, _, name in buttons] == list(
            SELF_NAMED.items()
        )
        assert [code for code, _, current, _ in buttons if current] == [language]
    assert f'action="{SETLANG}"' in header
    summary = re.search(r'<summary class="lang-summary" aria-label="([^"]+)"', header)
    assert summary
    assert summary.group(1).endswith(SELF_NAMED[language])


def test_the_chooser_brings_the_visitor_back_where_they_were(club: Club) -> None:
    path = reverse("clubs:detail", args=[club.slug])
    page = Client().get(path, {"tab": "x"}).content.decode()
    assert f'name="next" value="{path}?tab=x"' in page

    back = Client().post(SETLANG, {"language": "de", "next": path})
    assert back["Location"] == path


@pytest.mark.parametrize(
    ("language", "site"),
    [
        ("en", "Pitch Club"),
        ("de", "Pitch-Club"),
        ("pl", "Klub Pitcha"),
        ("fr", "Club de Pitch"),
    ],
)
def test_titles_and_the_brand_say_the_sites_name_in_the_language(
    language: str, site: str, kate: AbstractUser
) -> None:
    client = signed_in(kate, HTTP_ACCEPT_LANGUAGE=language)
    for url in ("/", reverse("accounts:profile"), reverse("clubs:list")):
        page = client.get(url).content.decode()
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        assert title, url
        assert title.group(1).strip().endswith(site), (url, title.group(1))
        assert f'class="brand" href="/">♠ {site}</a>' in page


@pytest.mark.parametrize("language", ["de", "pl", "fr"])
def test_the_frame_shows_no_english_word(language: str, kate: AbstractUser) -> None:
    """The header, the chooser and the footer, signed out and signed in (the
    page's own content and title are its owner's)."""
    for client in (
        Client(HTTP_ACCEPT_LANGUAGE=language),
        signed_in(kate, HTTP_ACCEPT_LANGUAGE=language),
    ):
        page = client.get("/").content.decode()
        frame = page.split("<main", 1)[0] + page.split("</main>", 1)[1]
        frame = re.sub(r"<title>.*?</title>", "", frame, flags=re.S)
        assert english_left(frame, allowed={"kate"}) == []


# The installable app and the API


@pytest.mark.parametrize(
    ("language", "name", "description"),
    [
        ("en", "Pitch Club", "Keep score of Pitch"),
        ("de", "Pitch-Club", "Spielliste"),
        ("pl", "Klub Pitcha", "Zapisuj wyniki"),
        ("fr", "Club de Pitch", "feuille de marque"),
    ],
)
def test_the_manifest_speaks_the_phones_language(
    language: str, name: str, description: str
) -> None:
    answer = Client(HTTP_ACCEPT_LANGUAGE=language).get("/manifest.webmanifest")

    manifest = answer.json()
    assert manifest["name"] == manifest["short_name"] == name
    assert len(manifest["short_name"]) <= 13
    assert description in manifest["description"]
    assert manifest["lang"] == language
    assert manifest["start_url"] == manifest["id"] == "/"


def test_the_manifest_follows_the_account(kate: AbstractUser) -> None:
    account_language_save(user=kate, language="pl")
    answer = signed_in(kate, HTTP_ACCEPT_LANGUAGE="fr").get("/manifest.webmanifest")
    assert answer.json()["name"] == "Klub Pitcha"


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "Authentication credentials were not provided."),
        ("de", "Anmeldedaten fehlen."),
        ("pl", "Nie podano danych uwierzytelniających."),
        ("fr", "Informations d'authentification non fournies."),
    ],
)
def test_the_apis_own_messages_come_in_the_callers_language(
    language: str, detail: str
) -> None:
    answer = APIClient(HTTP_ACCEPT_LANGUAGE=language).post(
        "/api/v1/games/", {"variant": "auction"}, format="json"
    )

    # The same status, header and keys in every language; only the sentence differs.
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"
    assert answer.json() == {"detail": detail}
    assert answer["Content-Language"] == language


def test_the_api_follows_the_header_not_the_account(kate: AbstractUser) -> None:
    account_language_save(user=kate, language="pl")
    client = APIClient(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(kate)

    answer = client.get("/api/v1/clubs/no-such-club/")

    assert answer.status_code == 404
    assert answer["Content-Language"] == "de"

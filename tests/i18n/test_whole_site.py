"""The walk of issue 24's check, on the demo club: every page it names, fetched with
`Accept-Language: de`, `pl` and `fr`, signed in and not, shows no English word (the
names people typed aside), says `<html lang>` right, and answers as in English."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club, Player
from scoring.models import Game, Status
from tests.i18n.english import english_left
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "pl", "fr")


@pytest.fixture
def demo() -> Club:
    call_command("demo", force=True)
    return Club.objects.get(slug="thursday-night-pitch")


def typed_words() -> set[str]:
    """Every word people typed: clubs (their description too), players,
    tournaments, seasons."""
    names: list[str] = []
    names += Club.objects.values_list("name", flat=True)
    for typed in ("location", "schedule", "description"):
        names += Club.objects.values_list(typed, flat=True)
    names += Player.objects.values_list("name", flat=True)
    names += Tournament.objects.values_list("name", flat=True)
    names += Season.objects.values_list("name", flat=True)
    names += get_user_model().objects.values_list("username", flat=True)
    return {word for name in names for word in re.findall(r"[A-Za-z']+", name or "")}


def pages(club: Club) -> list[str]:
    running = Game.objects.filter(status=Status.IN_PROGRESS).first()
    finished = Game.objects.filter(status=Status.FINISHED).first()
    game = running or finished
    assert game is not None
    player = Player.objects.filter(club=club).first()
    tournament = Tournament.objects.filter(club=club).first()
    season = Season.objects.filter(club=club).first()
    urls = [
        reverse("scoring:home"),
        reverse("scoring:game", args=[game.pk]),
        reverse("scoring:live", args=[game.pk]),
        reverse("scoring:hand", args=[finished.pk, 1]),
        reverse("scoring:archive"),
        reverse("scoring:player", args=[player.pk]),
        reverse("clubs:list"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("accounts:login"),
        reverse("tournaments:list", args=[club.slug]),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("tournaments:season", args=[season.pk]),
    ]
    return urls


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "member"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_issue_pages_speak_the_language(
    demo: Club, client: Client, language: str, signed_in: bool
) -> None:
    if signed_in:
        client.force_login(get_user_model().objects.get(username="demo"))
    allowed = typed_words()
    left: dict[str, list[str]] = {}
    for url in pages(demo):
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == english.status_code, url
        if response.status_code != 200:
            continue
        html = response.content.decode()
        assert f'<html lang="{language}"' in html, url
        words = english_left(html, allowed=allowed)
        if words:
            left[url] = words
    assert not left, f"English left in {language}: {left}"

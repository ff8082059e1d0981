"""The printed score sheet says when, where and who: the game's date, its club and
its players (issue 11). The header is for paper only: hidden on the screen."""

import re
from datetime import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pitchclub.services import clubs as club_services
from scoring.games import services
from tests.factories import UserFactory, game_factory

pytestmark = pytest.mark.django_db


def print_header(client: Client, game_id: int) -> str:
    text = client.get(reverse("scoring:game", args=[game_id])).content.decode()
    found = re.search(r'<header class="print-header"[^>]*>(.*?)</header>', text, re.S)
    assert found, "no print header"
    assert re.search(r'<header class="print-header"[^>]*\bhidden\b', text)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1)))


def test_the_printed_sheet_names_the_date_the_club_and_the_players(
    client: Client,
) -> None:
    owner = UserFactory()
    club = club_services.club_create(name="Thursday Pitch", by=owner)
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy"],
        club=club,
        first_dealer=1,
        created_by=owner,
    )
    game.created_at = timezone.make_aware(datetime(2026, 11, 19, 20, 15))
    game.save(update_fields=["created_at"])
    client.force_login(owner)

    header = print_header(client, game.pk)

    assert "Thursday Pitch" in header
    assert "Thursday 19 November 2026" in header
    assert "Players: Ann, Bob, Cy" in header
    assert "Bob deals first" in header


def test_a_partnership_sheet_names_the_teams_and_a_game_without_club_says_so(
    client: Client,
) -> None:
    game = game_factory(partnership=True)

    header = print_header(client, game.pk)

    assert "No club" in header
    assert "Teams: Ann & Cy v Bob & Di" in header.replace("&amp;", "&")

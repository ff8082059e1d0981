"""HEAD answers as GET does on every page (link checkers, uptime monitors and some
proxies ask with HEAD): the test walks the URL map, so a page added later is
checked too."""

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from pitchclub.models import Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from tests.factories import UserFactory, game_factory, record
from tournaments.brackets import create as tournament_services

pytestmark = pytest.mark.django_db

# The API (its own tests, DRF answers HEAD), the admin and DRF's login pages.
NOT_PAGES = ("api/", "admin/", "api-auth/")
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


def page_routes() -> Iterator[str]:
    """Every page's route, as "games/<int:game_id>/" (includes flattened)."""

    def walk(patterns: list, prefix: str) -> Iterator[str]:
        for pattern in patterns:
            assert isinstance(pattern.pattern, RoutePattern), pattern
            route = prefix + str(pattern.pattern)
            if route.startswith(NOT_PAGES):
                continue
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            else:
                assert isinstance(pattern, URLPattern)
                yield route

    return walk(get_resolver().url_patterns, "")


@pytest.fixture
def organiser() -> AbstractUser:
    return UserFactory(username="olga")


@pytest.fixture
def values(organiser: AbstractUser) -> dict[str, str]:
    """A value for every parameter of the URL map: a club with a member, a guest
    and an invite; a game of the club with a hand; a tournament of the club."""
    club = club_create(name="Grange Hall", by=organiser)
    member = UserFactory()
    invite = invite_create(club=club, by=organiser, role=Role.MEMBER)
    invite_accept(code=invite.code, user=member)
    guest = guest_add(club=club, name="Dot")
    game = game_factory(created_by=organiser)
    game.club = club
    game.save(update_fields=["club"])
    record(game, ["pass", 2, "pass", "pass"], {"high": 1, "low": 1, "game": 1})
    tournament = tournament_services.tournament_create(
        club=club,
        name="Spring Cup",
        format="single_elimination",
        variant="auction",
        entrants=[
            tournament_services.EntrantInput(players=[n]) for n in ("Ann", "Bob")
        ],
        created_by=organiser,
    )
    return {
        "slug": club.slug,
        "user_id": str(member.pk),
        "player_id": str(guest.pk),
        "code": invite.code,
        "game_id": str(game.pk),
        "tournament_id": str(tournament.pk),
        "match_id": str(tournament.matches.get().pk),
        "entrant_id": str(tournament.entrants.order_by("seed").first().pk),
        "season_id": "0",
        "night_id": "0",
        "number": "1",
        "uidb64": urlsafe_base64_encode(force_bytes(organiser.pk)),
        "token": default_token_generator.make_token(organiser),
        "language": "de",
    }


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "organiser"])
def test_head_answers_as_get_on_every_page(
    organiser: AbstractUser, values: dict[str, str], signed_in: bool
) -> None:
    client = Client()
    if signed_in:
        client.force_login(organiser)
    answered, different = [], []
    for route in page_routes():
        url = "/" + PARAMETER.sub(lambda match: values[match.group(1)], route)
        got = client.get(url)
        if got.status_code == 405:  # a POST-only address (sign out, revoke, …)
            continue
        head = client.head(url)
        if head.status_code != got.status_code or head.content:
            different.append(f"{url}: GET {got.status_code}, HEAD {head.status_code}")
        answered.append((url, got.status_code))
    assert different == []
    # Not a vacuous walk: the pages were there and answered.
    assert len(answered) >= 20
    assert sum(status == 200 for _, status in answered) >= (20 if signed_in else 8)

"""A player page points to the other players of the same name the visitor may read
("Another Alice: Alice of Thursday Night Pitch (1 game)"), never to a private club's
player for an outsider."""

import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club, Player
from pitchclub.services.clubs import club_create
from scoring.games import services
from scoring.models import Seat
from tests.factories import UserFactory
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def alice_of(club: Club | None, by: AbstractUser | None = None) -> Player:
    game = services.game_start(
        variant="auction", players=["Alice", "Bob"], club=club, created_by=by
    )
    return Seat.objects.get(game=game, number=0).player


def page(client: Client, player: Player) -> str:
    answer = client.get(reverse("scoring:player", args=[player.pk]))
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive")


def test_each_alice_links_to_the_other(client: Client, organiser: AbstractUser) -> None:
    club = club_create(name="Thursday Night Pitch", by=organiser)
    clubless, member = alice_of(None), alice_of(club, organiser)
    alice_of(club, organiser)  # a second game of the club's Alice

    outside = page(client, clubless)
    inside = page(client, member)

    assert "Another Alice: Alice of Thursday Night Pitch (2 games)" in text(outside)
    assert f'href="{reverse("scoring:player", args=[member.pk])}"' in outside
    assert "Another Alice: Alice, outside clubs (1 game)" in text(inside)
    assert f'href="{reverse("scoring:player", args=[clubless.pk])}"' in inside


def test_a_name_no_one_else_has_says_nothing(client: Client) -> None:
    alone = alice_of(None)

    assert "Another Alice" not in text(page(client, alone))


def test_a_private_clubs_alice_is_never_shown_to_outsiders(
    client: Client, organiser: AbstractUser
) -> None:
    hidden = club_create(name="Back Room", by=organiser, is_private=True)
    secret, clubless = alice_of(hidden, organiser), alice_of(None)
    outsider = signed_in(UserFactory(username="stranger"))

    for visitor in (client, outsider):
        shown = page(visitor, clubless)
        assert "Back Room" not in shown
        assert "Another Alice" not in text(shown)
        assert reverse("scoring:player", args=[secret.pk]) not in shown
    # Its members read it, so they are told.
    mine = page(signed_in(organiser), clubless)
    assert "Another Alice: Alice of Back Room (1 game)" in text(mine)


def test_the_organiser_is_offered_the_merge_of_their_own_alice(
    client: Client, organiser: AbstractUser
) -> None:
    club = club_create(name="Thursday Night Pitch", by=organiser)
    mine, guest = alice_of(None, organiser), alice_of(club, organiser)
    merge = (
        reverse("clubs:player_merge", args=[club.slug, guest.pk]) + f"?into={mine.pk}"
    )

    for shown in (mine, guest):
        assert f'href="{merge}"' in page(signed_in(organiser), shown)
        # Nobody else is: not a visitor, not another organiser's clubless Alice.
        assert "/merge/" not in page(client, shown)
    stranger = UserFactory(username="stranger")
    theirs = alice_of(None, stranger)
    assert "/merge/" not in page(signed_in(stranger), theirs)
    assert f"?into={theirs.pk}" not in page(signed_in(organiser), guest)


def test_a_name_in_other_letters_case_is_the_same_name(client: Client) -> None:
    alice = alice_of(None)
    game = services.game_start(
        variant="auction", players=["ALICE", "Bob"], club=None, created_by=None
    )
    assert Seat.objects.get(game=game, number=0).player.name == "ALICE"
    assert "Another Alice: ALICE, outside clubs (1 game)" in text(page(client, alice))


def test_the_same_name_is_found_through_the_names_index(client: Client) -> None:
    """A bug: name__iexact, UPPER(name) on PostgreSQL, could not use the index of
    the players' names (Lower), and read every player of the site on every
    player page."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.games.players import same_name_players

    if connection.vendor != "postgresql":
        pytest.skip("the query plan is PostgreSQL's")
    alice = alice_of(None)
    # A site's worth of other names, so that the planner weighs the index.
    Player.objects.bulk_create(Player(name=f"Player {n}") for n in range(3000))
    with CaptureQueriesContext(connection) as captured:
        same_name_players(player=alice, user=None)
    (asked,) = [q["sql"] for q in captured.captured_queries]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE pitchclub_player")
        cursor.execute("EXPLAIN " + asked)
        plan = "\n".join(row[0] for row in cursor.fetchall())

    assert "player_name_lower_idx" in plan, asked + "\n" + plan

"""A roster in one paste (issue 22, item 13): many players from a list, one per
line; a preview says who is new, who is already on the roster and which names
are near-duplicates ("bob " is Bob?) before anyone is added. Organisers and
scorekeepers only (who may add guests); plain forms, no JavaScript."""

import html
import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.urls import reverse

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add, names_pasted
from tests.factories import UserFactory
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

PASTE = "Ann\nalice\n\nAlice \nbob \nCy\nZoe\nann\nDi\nALICE\n"


@pytest.fixture
def club(db: None) -> Club:
    club = club_create(name="Grange Hall", by=UserFactory(username="olive"))
    for name in ("Alice", "Bob", "Zoë"):
        guest_add(club=club, name=name)
    return club


def url(club: Club) -> str:
    return reverse("clubs:roster_paste", args=[club.slug])


def words(response: object) -> str:
    text = re.sub(r"<[^>]+>", " ", html.unescape(response.content.decode()))
    return " ".join(text.split())


def names(club: Club) -> set[str]:
    return set(club.players.values_list("name", flat=True))


def test_the_paste_is_read_against_the_roster(club: Club) -> None:
    read = names_pasted(club, PASTE)
    assert read.new == ["Ann", "Cy", "Di"]
    assert read.on_roster == ["Alice"]
    assert read.near == [("alice", "Alice"), ("bob ", "Bob"), ("Zoe", "Zoë")]
    assert read.repeated == ["ann", "ALICE"]
    assert read.refused == []


def test_the_preview_says_who_is_new_and_adds_nobody(club: Club) -> None:
    client = signed_in(club.created_by)
    before = names(club)
    answer = client.post(url(club), {"names": PASTE})
    assert answer.status_code == 200
    said = words(answer)
    assert "3 new, 1 already on the roster (Alice), 3 near-duplicates: " in said
    assert "'alice' is Alice?; 'bob ' is Bob?; 'Zoe' is Zoë?" in said
    assert "Add 3 players" in said
    assert names(club) == before


def test_add_adds_the_new_names_only(club: Club) -> None:
    client = signed_in(club.created_by)
    answer = client.post(url(club), {"names": PASTE, "add": "1"})
    assert answer.status_code == 302
    assert names(club) == {"olive", "Alice", "Bob", "Zoë", "Ann", "Cy", "Di"}
    roster = client.get(answer.url)
    assert "3 players added to the roster." in words(roster)
    # The same paste again: no one new.
    again = client.post(url(club), {"names": PASTE, "add": "1"})
    assert again.status_code == 200
    assert "No one new to add." in words(again)
    assert club.players.count() == 7


def test_a_line_that_cannot_be_a_name_stops_the_adding(club: Club) -> None:
    client = signed_in(club.created_by)
    answer = client.post(url(club), {"names": "Eve\nBad\x07name\n", "add": "1"})
    assert answer.status_code == 200
    assert "These lines cannot be names" in words(answer)
    assert "Eve" not in names(club)


def test_an_empty_paste_says_so(club: Club) -> None:
    answer = signed_in(club.created_by).post(url(club), {"names": " \n "})
    assert "Paste the names, one per line." in words(answer)


@pytest.mark.parametrize("role", [Role.MEMBER])
def test_members_may_not_add_players(club: Club, role: str) -> None:
    person = UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=person)
    client = signed_in(person)
    assert client.get(url(club)).status_code == 403
    assert client.post(url(club), {"names": "Eve", "add": "1"}).status_code == 403
    assert not Player.objects.filter(name="Eve").exists()


def test_scorekeepers_may_and_the_roster_links_to_it(club: Club) -> None:
    person: AbstractUser = UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=Role.SCOREKEEPER)
    invite_accept(code=invite.code, user=person)
    client = signed_in(person)
    roster = client.get(reverse("clubs:roster", args=[club.slug]))
    assert url(club) in roster.content.decode()
    assert client.post(url(club), {"names": "Eve", "add": "1"}).status_code == 302
    assert "Eve" in names(club)


def test_signed_out_people_are_sent_to_sign_in(club: Club) -> None:
    from django.test import Client

    answer = Client().post(url(club), {"names": "Eve", "add": "1"})
    assert answer.status_code == 302
    assert "login" in answer.url or "sign" in answer.url
    assert "Eve" not in names(club)

"""Two clubs of one name on the pages: "Create" sent twice makes one club; the club
list, the profile, an invite's page and the new-game club choice tell clubs of one
name apart."""

import html
import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.urls import reverse

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.pitchclub.clubs.api.helpers import CLUBS, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive(db: None) -> AbstractUser:
    return UserFactory(username="olive", first_name="Olive", last_name="Ames")


def text(response: object) -> str:
    return html.unescape(response.content.decode())


def test_create_sent_twice_makes_one_club_and_says_so(olive: AbstractUser) -> None:
    client = signed_in(olive)
    form = {"name": "Elks Lodge", "location": "Main Street"}

    first = client.post(reverse("clubs:create"), form)
    second = client.post(reverse("clubs:create"), form, follow=True)

    assert Club.objects.count() == 1
    club = Club.objects.get()
    assert first.url == second.redirect_chain[-1][0] == f"/clubs/{club.slug}/"
    assert "You created Elks Lodge a moment ago: here it is, made once." in text(second)


def test_the_api_answers_a_repeat_with_the_club_already_made(
    olive: AbstractUser,
) -> None:
    api = client_for(olive)

    first = api.post(CLUBS, {"name": "Elks Lodge"}, format="json")
    again = api.post(CLUBS, {"name": "Elks Lodge"}, format="json")

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Club.objects.count() == 1


def test_the_club_list_tells_clubs_of_one_name_apart(olive: AbstractUser) -> None:
    bob = UserFactory(username="bob")
    mine = club_create(name="Elks Lodge", by=olive, location="Main Street")
    theirs = club_create(name="Elks Lodge", by=bob, location="Main Street")
    club_create(name="Moose Hall", by=bob)

    page = text(signed_in(olive).get(reverse("clubs:list")))

    assert page.count("Organised by Olive Ames · 1 member") == 1
    assert page.count("Organised by bob · 1 member") == 2
    # Only the shared name gets when it started and its address.
    for club in (mine, theirs):
        assert f"/clubs/{club.slug}/</span>" in page
    assert page.count('class="meta tell"') == 2


def second_club_of(person: AbstractUser, name: str, **details: object) -> Club:
    """Another club of that name, which `person` joined as a scorekeeper (one
    person creating a club of the same name again at once gets the first)."""
    club = club_create(name=name, by=UserFactory(), **details)
    invite = invite_create(club=club, by=club.created_by, role="scorekeeper")
    invite_accept(code=invite.code, user=person)
    return club


def test_the_profile_tells_its_clubs_of_one_name_apart(olive: AbstractUser) -> None:
    club_create(name="Elks Lodge", by=olive, location="Salina")
    second_club_of(olive, "Elks Lodge", location="Abilene")

    page = text(signed_in(olive).get(reverse("accounts:profile")))

    assert 'Elks Lodge</a> <span class="muted">(Salina)</span>' in page
    assert "in Elks Lodge (Abilene)" in page


def test_an_invite_page_says_which_club_it_is(olive: AbstractUser) -> None:
    club = club_create(
        name="Elks Lodge", by=olive, location="Salina", schedule="Tuesdays"
    )
    invite = invite_create(club=club, by=olive, role=Role.MEMBER)

    page = text(signed_in(UserFactory()).get(f"/join/{invite.code}/"))

    assert "Salina · Tuesdays" in page
    assert "Organised by Olive Ames · 1 member" in page
    assert "Invite from Olive Ames" in page


def test_the_new_game_club_choice_tells_them_apart(olive: AbstractUser) -> None:
    salina = club_create(name="Elks Lodge", by=olive, location="Salina")
    abilene = second_club_of(olive, "Elks Lodge", location="Abilene")

    page = text(signed_in(olive).get(reverse("scoring:new_game")))

    options = dict(re.findall(r'<option value="([\w-]+)"[^>]*>([^<]+)</option>', page))
    assert options[salina.slug] == "Elks Lodge (Salina)"
    assert options[abilene.slug] == "Elks Lodge (Abilene)"

"""A private club does not exist for outsiders: not on its pages, not in the API, and
not through the slug a new club gets. An outsider cannot tell a private club's
address from a free one."""

import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create, club_update
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from tests.factories import UserFactory
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

SUFFIX = re.compile(r"-[a-z2-9]{6}")


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory()


@pytest.fixture
def private_club(organiser: AbstractUser) -> Club:
    club = club_create(name="Kitchen Table", by=organiser, is_private=True)
    guest = guest_add(club=club, name="Sam")
    invite_create(club=club, by=organiser, player=guest)
    return club


# The slug a new club gets


def test_an_outsider_naming_a_club_like_a_private_one_gets_the_plain_slug(
    private_club: Club,
) -> None:
    outsider = signed_in(UserFactory())

    outsider.post(reverse("clubs:create"), {"name": "Kitchen Table"})

    mine = Club.objects.get(is_private=False)
    assert mine.slug == "kitchen-table"


def test_through_the_api_too(organiser: AbstractUser) -> None:
    club_create(name="Back Room", by=organiser, is_private=True)
    outsider = APIClient()
    outsider.force_authenticate(UserFactory())

    answer = outsider.post("/api/v1/clubs/", {"name": "Back Room"}, format="json")

    assert answer.status_code == 201
    assert answer.json()["slug"] == "back-room"


def test_a_private_clubs_address_cannot_be_guessed_from_its_name(
    organiser: AbstractUser,
) -> None:
    first = club_create(name="Kitchen Table", by=organiser, is_private=True)
    second = club_create(name="Kitchen Table", by=UserFactory(), is_private=True)

    for club in (first, second):
        assert club.slug.startswith("kitchen-table-")
        assert SUFFIX.fullmatch(club.slug.removeprefix("kitchen-table"))
    assert first.slug != second.slug
    # Public clubs keep plain addresses, numbered when the name is taken.
    public = [
        club_create(name="Kitchen Table", by=by) for by in (organiser, UserFactory())
    ]
    assert [club.slug for club in public] == ["kitchen-table", "kitchen-table-2"]


def test_a_club_made_private_gets_an_address_that_cannot_be_guessed(
    organiser: AbstractUser,
) -> None:
    club = club_create(name="Grange", by=organiser)

    club_update(club=club, name="Grange", is_private=True)

    club.refresh_from_db()
    assert club.slug.startswith("grange-")
    assert SUFFIX.fullmatch(club.slug.removeprefix("grange"))
    # Nobody naming a club "Grange" can now tell that it exists.
    outsider = signed_in(UserFactory())
    outsider.post(reverse("clubs:create"), {"name": "Grange"})
    assert Club.objects.get(is_private=False).slug == "grange"


def test_a_private_club_edited_again_keeps_its_address(
    private_club: Club, organiser: AbstractUser
) -> None:
    slug = private_club.slug

    club_update(club=private_club, name="Renamed", is_private=True)

    private_club.refresh_from_db()
    assert private_club.slug == slug


def test_the_organiser_is_told_the_new_address(organiser: AbstractUser) -> None:
    club = club_create(name="Grange", by=organiser)
    page = signed_in(organiser).post(
        reverse("clubs:edit", args=[club.slug]),
        {"name": "Grange", "is_private": "on"},
        follow=True,
    )

    club.refresh_from_db()
    text = page.content.decode()
    assert page.status_code == 200
    assert f"/clubs/{club.slug}/" in text
    assert "address changed" in text


def test_the_private_option_says_the_address_is_not_guessable(
    organiser: AbstractUser,
) -> None:
    page = signed_in(organiser).get(reverse("clubs:create")).content.decode()

    assert "cannot be guessed" in page


# Private is missing: the same answer, page by page and in the API


def club_urls(slug: str, user_id: int, code: str) -> list[tuple[str, str]]:
    pages = [
        ("get", f"/clubs/{slug}/"),
        ("get", f"/clubs/{slug}/edit/"),
        ("post", f"/clubs/{slug}/edit/"),
        ("get", f"/clubs/{slug}/members/"),
        ("post", f"/clubs/{slug}/members/{user_id}/role/"),
        ("post", f"/clubs/{slug}/members/{user_id}/remove/"),
        ("get", f"/clubs/{slug}/players/"),
        ("get", f"/clubs/{slug}/players/?q=Sam"),
        ("post", f"/clubs/{slug}/players/"),
        ("get", f"/clubs/{slug}/invites/"),
        ("post", f"/clubs/{slug}/invites/{code}/revoke/"),
        ("get", f"/clubs/{slug}/invites/{code}/qr.svg"),
    ]
    api = [
        ("get", f"/api/v1/clubs/{slug}/"),
        ("patch", f"/api/v1/clubs/{slug}/"),
        ("get", f"/api/v1/clubs/{slug}/members/"),
        ("patch", f"/api/v1/clubs/{slug}/members/{user_id}/"),
        ("delete", f"/api/v1/clubs/{slug}/members/{user_id}/"),
        ("get", f"/api/v1/clubs/{slug}/players/"),
        ("post", f"/api/v1/clubs/{slug}/players/"),
        ("get", f"/api/v1/clubs/{slug}/invites/"),
        ("post", f"/api/v1/clubs/{slug}/invites/"),
        ("delete", f"/api/v1/clubs/{slug}/invites/{code}/"),
    ]
    return pages + api


def answer(client: Client, method: str, url: str) -> tuple[int, str, str]:
    if method in {"patch", "post"} and url.startswith("/api/"):
        response = getattr(client, method)(url, {}, content_type="application/json")
    else:
        response = getattr(client, method)(url)
    body = re.sub(r'value="\w{64}"|"X-CSRFToken": "\w+"', "", response.content.decode())
    return response.status_code, response.get("Location", ""), body


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_club_answers_exactly_as_a_missing_one(
    private_club: Club, organiser: AbstractUser, who: str
) -> None:
    code = private_club.invites.get().code
    missing = "kitchen-table-zzzzzz"
    assert not Club.objects.filter(slug=missing).exists()
    client = Client() if who == "anonymous" else signed_in(UserFactory())

    for (method, url), (_, other) in zip(
        club_urls(private_club.slug, organiser.pk, code),
        club_urls(missing, organiser.pk, code),
        strict=True,
    ):
        status, location, body = answer(client, method, url)
        location, body = (
            text.replace(private_club.slug, missing) for text in (location, body)
        )
        assert (status, location, body) == answer(client, method, other), url
        assert "Kitchen Table" not in body, url


def test_a_member_sees_the_private_club(private_club: Club) -> None:
    member = UserFactory()
    invite = invite_create(club=private_club, by=private_club.created_by)
    invite_accept(code=invite.code, user=member)

    assert signed_in(member).get(f"/clubs/{private_club.slug}/").status_code == 200
    assert private_club.memberships.get(user=member).role == Role.MEMBER

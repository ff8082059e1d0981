"""A club's members: listed, their roles changed, removed; the last organiser stays."""

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Role
from tests.factories import UserFactory
from tests.helpers import error_at
from tests.pitchclub.clubs.api.helpers import client_for, club_url, member

pytestmark = pytest.mark.django_db


def test_members_are_listed_with_their_roles_organisers_first(
    club: Club, user: AbstractUser
) -> None:
    zed = member(club, username="zed")
    amy = member(club, Role.SCOREKEEPER, username="amy")

    response = client_for(None).get(club_url(club, "members/"))

    assert response.status_code == 200
    body = response.json()
    assert [(m["user_id"], m["username"], m["role"]) for m in body] == [
        (user.pk, user.username, "organiser"),
        (amy.pk, "amy", "scorekeeper"),
        (zed.pk, "zed", "member"),
    ]
    assert all(m["joined_at"] for m in body)


def test_an_organiser_changes_a_members_role(api: APIClient, club: Club) -> None:
    person = member(club)

    response = api.patch(
        club_url(club, f"members/{person.pk}/"), {"role": "scorekeeper"}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["role"] == "scorekeeper"
    assert response.json()["username"] == person.username
    assert club.memberships.get(user=person).role == Role.SCOREKEEPER


def test_the_last_organiser_cannot_step_down(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    response = api.patch(
        club_url(club, f"members/{user.pk}/"), {"role": "member"}, format="json"
    )

    assert response.status_code == 409
    assert response.json()["code"] == "last_organiser"
    assert "organiser" in response.json()["detail"]
    assert club.memberships.get(user=user).role == Role.ORGANISER


def test_an_organiser_steps_down_once_there_is_another(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    member(club, Role.ORGANISER)

    response = api.patch(
        club_url(club, f"members/{user.pk}/"), {"role": "member"}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["role"] == "member"


def test_an_unknown_role_is_refused_naming_role(api: APIClient, club: Club) -> None:
    person = member(club)

    response = api.patch(
        club_url(club, f"members/{person.pk}/"), {"role": "captain"}, format="json"
    )

    assert response.status_code == 400
    error_at(response.json(), "role")


def test_changing_or_removing_someone_who_is_not_a_member_is_404(
    api: APIClient, club: Club
) -> None:
    outsider = UserFactory()
    url = club_url(club, f"members/{outsider.pk}/")

    assert api.patch(url, {"role": "member"}, format="json").status_code == 404
    assert api.delete(url).status_code == 404


def test_an_organiser_removes_a_member_whose_player_stays(
    api: APIClient, club: Club
) -> None:
    person = member(club)

    response = api.delete(club_url(club, f"members/{person.pk}/"))

    assert response.status_code == 204
    assert not club.memberships.filter(user=person).exists()
    assert club.players.filter(user=person).exists()


def test_the_last_organiser_cannot_be_removed(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    response = api.delete(club_url(club, f"members/{user.pk}/"))

    assert response.status_code == 409
    assert response.json()["code"] == "last_organiser"
    assert club.memberships.filter(user=user).exists()

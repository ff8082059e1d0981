"""Invites (create, list, revoke) and joining a club with an invite's code."""

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.utils import timezone
from rest_framework.test import APIClient

from pitchclub.models import Club, Invite, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create, invite_revoke
from pitchclub.services.players import guest_add
from scoring.models import Game
from tests.factories import UserFactory
from tests.helpers import error_at
from tests.pitchclub.clubs.api.helpers import GAMES, JOIN, client_for, club_url

pytestmark = pytest.mark.django_db


def test_an_organiser_creates_an_invite_with_a_code_and_a_link(
    api: APIClient, club: Club
) -> None:
    before = timezone.now()

    response = api.post(
        club_url(club, "invites/"),
        {"role": "scorekeeper", "max_uses": 3, "expires_in_days": 7},
        format="json",
    )

    assert response.status_code == 201, response.json()
    invite = response.json()
    stored = Invite.objects.get(code=invite["code"])
    assert stored.club == club
    assert invite["role"] == "scorekeeper"
    assert (invite["uses"], invite["max_uses"], invite["player"]) == (0, 3, None)
    assert invite["url"] == f"http://testserver/join/{invite['code']}/"
    expires = stored.expires_at
    assert before + timedelta(days=7) <= expires <= timezone.now() + timedelta(days=7)


def test_an_invite_without_options_lets_anyone_join_as_member_forever(
    api: APIClient, club: Club
) -> None:
    invite = api.post(club_url(club, "invites/"), {}, format="json").json()

    assert invite["role"] == "member"
    assert invite["max_uses"] is None
    assert invite["expires_at"] is None


def test_an_invite_for_a_guest_claims_the_guest_and_is_single_use(
    api: APIClient, club: Club
) -> None:
    guest = guest_add(club=club, name="Ann")

    invite = api.post(
        club_url(club, "invites/"), {"player": guest.pk}, format="json"
    ).json()

    assert invite["player"] == guest.pk
    assert invite["max_uses"] == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"role": "captain"}, "role"),
        ({"max_uses": 0}, "max_uses"),
        ({"max_uses": "3"}, "max_uses"),
        ({"expires_in_days": 0}, "expires_in_days"),
        ({"expires_in_days": 366}, "expires_in_days"),
        ({"player": 999999}, "player"),
        ({"code": "MINE"}, "code"),
    ],
)
def test_a_wrong_invite_is_refused_naming_the_field(
    api: APIClient, club: Club, body: dict[str, Any], field: str
) -> None:
    response = api.post(club_url(club, "invites/"), body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert not Invite.objects.exists()


def test_an_invite_cannot_claim_another_clubs_player_or_a_registered_one(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    elsewhere = club_create(name="Attic", by=UserFactory())
    stranger = guest_add(club=elsewhere, name="Ann")
    registered = club.players.get(user=user)

    for player in (stranger, registered):
        response = api.post(
            club_url(club, "invites/"), {"player": player.pk}, format="json"
        )
        assert response.status_code == 400
        error_at(response.json(), "player")


def test_the_invite_list_holds_only_usable_invites_newest_first(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    older = invite_create(club=club, by=user)
    newer = invite_create(club=club, by=user, role=Role.SCOREKEEPER)
    revoked = invite_create(club=club, by=user)
    invite_revoke(invite=revoked)
    used_up = invite_create(club=club, by=user, max_uses=1)
    invite_accept(code=used_up.code, user=UserFactory())
    expired = invite_create(
        club=club, by=user, expires_at=timezone.now() + timedelta(days=1)
    )
    Invite.objects.filter(pk=expired.pk).update(expires_at=timezone.now())

    response = api.get(club_url(club, "invites/"))

    assert response.status_code == 200
    assert [i["code"] for i in response.json()] == [newer.code, older.code]


def test_a_revoked_invite_no_longer_lets_anyone_join(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    invite = invite_create(club=club, by=user)

    # Codes are typed by hand: any case works.
    response = api.delete(club_url(club, f"invites/{invite.code.lower()}/"))

    assert response.status_code == 204
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    joining = client_for(UserFactory()).post(JOIN, {"code": invite.code}, format="json")
    assert joining.status_code == 400
    assert "withdrawn" in error_at(joining.json(), "code")[0]


def test_revoking_an_unknown_or_another_clubs_invite_is_404(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    elsewhere = club_create(name="Attic", by=user)
    theirs = invite_create(club=elsewhere, by=user)

    assert api.delete(club_url(club, "invites/ABCDEFGH/")).status_code == 404
    assert api.delete(club_url(club, f"invites/{theirs.code}/")).status_code == 404
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


def test_joining_with_a_code_makes_a_member_who_then_sees_the_private_club(
    private_club: Club, user: AbstractUser
) -> None:
    invite = invite_create(club=private_club, by=user, role=Role.SCOREKEEPER)
    newcomer = UserFactory()
    client = client_for(newcomer)
    assert client.get(club_url(private_club)).status_code == 404

    code = f" {invite.code[:4].lower()}-{invite.code[4:]} "
    response = client.post(JOIN, {"code": code}, format="json")

    assert response.status_code == 200
    assert response.json() == {
        "club": private_club.slug,
        "club_name": "Back Room",
        "role": "scorekeeper",
    }
    assert private_club.memberships.get(user=newcomer).role == Role.SCOREKEEPER
    assert private_club.players.filter(user=newcomer).exists()
    assert client.get(club_url(private_club)).json()["my_role"] == "scorekeeper"


def test_joining_again_never_lowers_a_role(club: Club, user: AbstractUser) -> None:
    invite = invite_create(club=club, by=user, role=Role.MEMBER)

    response = client_for(user).post(JOIN, {"code": invite.code}, format="json")

    assert response.status_code == 200
    assert response.json()["role"] == "organiser"


def test_a_guest_who_signs_up_claims_their_profile_and_games(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    game = api.post(
        GAMES,
        {"variant": "auction", "players": ["Ann", "Bob", "Cy"], "club": club.slug},
        format="json",
    ).json()
    ann = club.players.get(name="Ann")
    invite = invite_create(club=club, by=user, player=ann)
    newcomer = UserFactory()

    response = client_for(newcomer).post(JOIN, {"code": invite.code}, format="json")

    assert response.status_code == 200
    ann.refresh_from_db()
    assert ann.user == newcomer
    assert Game.objects.get(pk=game["id"]).seats.get(number=0).player.user == newcomer
    listed = client_for(None).get(club_url(club, "players/"), {"q": "ann"}).json()
    assert listed == [{"id": ann.pk, "name": "Ann", "is_guest": False}]


@pytest.mark.parametrize("code", ["NOSUCH22", "", "---"])
def test_an_unusable_code_is_refused_naming_code(code: str, api: APIClient) -> None:
    response = api.post(JOIN, {"code": code}, format="json")

    assert response.status_code == 400
    error_at(response.json(), "code")


def test_a_used_up_code_says_so(club: Club, user: AbstractUser) -> None:
    invite = invite_create(club=club, by=user, max_uses=1)
    invite_accept(code=invite.code, user=UserFactory())

    response = client_for(UserFactory()).post(
        JOIN, {"code": invite.code}, format="json"
    )

    assert response.status_code == 400
    assert "used up" in error_at(response.json(), "code")[0]


def test_joining_needs_sign_in(
    anon_api: APIClient, club: Club, user: AbstractUser
) -> None:
    invite = invite_create(club=club, by=user)

    response = anon_api.post(JOIN, {"code": invite.code}, format="json")

    assert response.status_code == 401
    invite.refresh_from_db()
    assert invite.uses == 0

"""REST API v1 for clubs, members, rosters, invites and joining, end to end through
HTTP; and games started in a club. Who may do what, role by role, is the table of
tests/pitchclub/test_permissions.py; here each operation's answers are checked."""

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import AbstractUser
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.schemas import APIOperation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from pitchclub import services
from pitchclub.models import Club, Invite, Membership, Player, Role
from pitchclub.wsgi import application
from scoring.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CLUBS = "/api/v1/clubs/"
JOIN = "/api/v1/join/"
GAMES = "/api/v1/games/"


def club_url(club: Club, rest: str = "") -> str:
    return f"{CLUBS}{club.slug}/{rest}"


def client_for(user: AbstractUser | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def member(club: Club, role: str = Role.MEMBER, **user: Any) -> AbstractUser:
    """A new user who joined `club` with `role` through an invite, as people do."""
    person = UserFactory(**user)
    invite = services.invite_create(club=club, by=club.created_by, role=role)
    services.invite_accept(code=invite.code, user=person)
    return person


def error_at(body: Any, field: str) -> list[str]:
    """The messages DRF's error shape holds at a dotted path ("players.1")."""
    node = body
    for part in field.split("."):
        assert isinstance(node, dict), f"{field!r} is not named in {body!r}"
        assert part in node, f"{field!r} is not named in {body!r}"
        node = node[part]
    assert isinstance(node, list), f"{field!r} holds no messages in {body!r}"
    assert node, f"{field!r} holds no messages in {body!r}"
    assert all(isinstance(message, str) and message for message in node)
    return node


@pytest.fixture
def club(user: AbstractUser) -> Club:
    """A public club organised by `user` (the `api` client)."""
    return services.club_create(
        name="Elks Lodge",
        by=user,
        location="Main Street",
        schedule="Tuesdays 7 pm",
    )


@pytest.fixture
def private_club(user: AbstractUser) -> Club:
    return services.club_create(name="Back Room", by=user, is_private=True)


# --- Clubs ----------------------------------------------------------------------------


def test_a_signed_in_user_creates_a_club_and_becomes_its_organiser(
    api: APIClient, user: AbstractUser
) -> None:
    response = api.post(
        CLUBS,
        {
            "name": "  Elks   Lodge ",
            "location": "Main Street",
            "schedule": "Tuesdays 7 pm",
            "description": "Bring a friend.",
        },
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json() == {
        "slug": "elks-lodge",
        "name": "Elks Lodge",
        "location": "Main Street",
        "schedule": "Tuesdays 7 pm",
        "description": "Bring a friend.",
        "is_private": False,
        "members_count": 1,
        "my_role": "organiser",
    }
    club = Club.objects.get(slug="elks-lodge")
    assert club.memberships.get().user == user
    assert club.players.get().user == user


def test_two_clubs_of_the_same_name_get_different_slugs(api: APIClient) -> None:
    first = api.post(CLUBS, {"name": "Elks"}, format="json").json()
    second = api.post(CLUBS, {"name": "Elks"}, format="json").json()

    assert first["slug"] == "elks"
    assert second["slug"] == "elks-2"


def test_creating_a_club_needs_sign_in(anon_api: APIClient) -> None:
    response = anon_api.post(CLUBS, {"name": "Elks"}, format="json")

    assert response.status_code == 401
    assert not Club.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"name": "Elks", "location": "x" * 121}, "location"),
        ({"name": "Elks", "is_private": "yes"}, "is_private"),
        ({"name": "Elks", "colour": "green"}, "colour"),
    ],
)
def test_a_wrong_club_is_refused_naming_the_field(
    api: APIClient, body: dict[str, Any], field: str
) -> None:
    response = api.post(CLUBS, body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert not Club.objects.exists()


def test_the_club_list_holds_public_clubs_and_the_callers_private_ones(
    club: Club, private_club: Club, user: AbstractUser
) -> None:
    other_private = services.club_create(
        name="Attic", by=UserFactory(), is_private=True
    )
    keeper = member(private_club, Role.SCOREKEEPER)

    def slugs_and_roles(who: AbstractUser | None) -> list[tuple[str, str | None]]:
        response = client_for(who).get(CLUBS)
        assert response.status_code == 200
        body = response.json()
        assert body["count"] == len(body["results"])
        return [(c["slug"], c["my_role"]) for c in body["results"]]

    assert slugs_and_roles(None) == [("elks-lodge", None)]
    assert slugs_and_roles(UserFactory()) == [("elks-lodge", None)]
    back_room = private_club.slug  # "back-room-" and a random part
    assert slugs_and_roles(keeper) == [
        (back_room, "scorekeeper"),
        ("elks-lodge", None),
    ]
    assert slugs_and_roles(user) == [
        (back_room, "organiser"),
        ("elks-lodge", "organiser"),
    ]
    assert slugs_and_roles(UserFactory(is_superuser=True)) == [
        (other_private.slug, None),
        (back_room, None),
        ("elks-lodge", None),
    ]
    assert other_private.slug.startswith("attic-")


def test_the_club_list_is_paginated_like_games(
    api: APIClient, user: AbstractUser
) -> None:
    for name in ["Ace", "Bower", "Cut", "Deuce"]:
        services.club_create(name=name, by=user)

    body = api.get(CLUBS, {"limit": 2, "offset": 1}).json()

    assert body["count"] == 4
    assert [c["name"] for c in body["results"]] == ["Bower", "Cut"]
    assert body["next"] is not None
    assert body["previous"] is not None


def test_a_huge_limit_is_capped_rather_than_a_server_error(
    api: APIClient, club: Club
) -> None:
    response = api.get(CLUBS, {"limit": 2**70})

    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_the_club_list_runs_two_queries_however_many_clubs(
    api: APIClient, user: AbstractUser, django_assert_num_queries: Any
) -> None:
    for name in ["Ace", "Bower", "Cut", "Deuce"]:
        club = services.club_create(name=name, by=user)
        member(club)

    with django_assert_num_queries(2):
        body = api.get(CLUBS).json()

    assert [c["members_count"] for c in body["results"]] == [2, 2, 2, 2]


def test_a_club_is_read_by_anyone_unless_private(
    club: Club, private_club: Club, user: AbstractUser
) -> None:
    anonymous = client_for(None)
    assert anonymous.get(club_url(club)).json()["name"] == "Elks Lodge"
    assert anonymous.get(club_url(private_club)).status_code == 404
    assert client_for(UserFactory()).get(club_url(private_club)).status_code == 404
    assert client_for(user).get(club_url(private_club)).status_code == 200
    assert anonymous.get(f"{CLUBS}no-such-club/").status_code == 404


def test_an_organiser_changes_the_club_and_its_slug_stays(
    api: APIClient, club: Club
) -> None:
    response = api.patch(
        club_url(club),
        {"name": "Elks Hall", "is_private": True},
        format="json",
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["slug"] == "elks-lodge"
    assert body["name"] == "Elks Hall"
    assert body["is_private"] is True
    # Fields left out keep their values.
    assert body["location"] == "Main Street"
    assert body["schedule"] == "Tuesdays 7 pm"
    club.refresh_from_db()
    assert (club.name, club.is_private, club.location) == (
        "Elks Hall",
        True,
        "Main Street",
    )


def test_a_club_made_private_disappears_for_outsiders(
    api: APIClient, club: Club
) -> None:
    outsider = client_for(UserFactory())
    assert outsider.get(club_url(club)).status_code == 200

    api.patch(club_url(club), {"is_private": True}, format="json")

    assert outsider.get(club_url(club)).status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": None}, "name"),
        ({"description": "x" * (services.DESCRIPTION_MAX + 1)}, "description"),
        ({"slug": "elks"}, "slug"),
    ],
)
def test_a_wrong_change_is_refused_naming_the_field(
    api: APIClient, club: Club, body: dict[str, Any], field: str
) -> None:
    response = api.patch(club_url(club), body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    club.refresh_from_db()
    assert (club.name, club.slug) == ("Elks Lodge", "elks-lodge")


def test_only_organisers_change_a_club(club: Club) -> None:
    keeper = member(club, Role.SCOREKEEPER)

    response = client_for(keeper).patch(club_url(club), {"name": "Mine"}, format="json")

    assert response.status_code == 403
    assert "organisers" in response.json()["detail"]
    club.refresh_from_db()
    assert club.name == "Elks Lodge"


# --- Members --------------------------------------------------------------------------


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


# --- Roster ---------------------------------------------------------------------------


def test_the_roster_autocompletes_names_in_any_case_sorted_by_name(
    club: Club,
) -> None:
    for name in ["Dan", "bob", "Ann", "Joanne", "Cy"]:
        services.guest_add(club=club, name=name)
    member(club, first_name="Hannah", last_name="Ng")

    response = client_for(None).get(club_url(club, "players/"), {"q": "AN"})

    assert response.status_code == 200
    assert [(p["name"], p["is_guest"]) for p in response.json()] == [
        ("Ann", True),
        ("Dan", True),
        ("Hannah Ng", False),
        ("Joanne", True),
    ]
    everyone = client_for(None).get(club_url(club, "players/")).json()
    assert [p["name"] for p in everyone][:3] == ["Ann", "bob", "Cy"]
    ann = Player.objects.get(club=club, name="Ann")
    assert response.json()[0]["id"] == ann.pk


def test_a_guest_typed_with_a_combining_accent_is_the_existing_player(
    club: Club,
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))
    added = keeper.post(
        club_url(club, "players/"), {"name": "Jos\u00e9"}, format="json"
    )

    again = keeper.post(
        club_url(club, "players/"), {"name": "Jose\u0301"}, format="json"
    )

    assert added.status_code == 201
    assert again.status_code == 200
    assert again.json() == added.json()


def test_a_keeper_adds_a_guest_and_an_existing_name_is_that_player(
    club: Club,
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))

    added = keeper.post(
        club_url(club, "players/"), {"name": " Ann  Lee "}, format="json"
    )
    again = keeper.post(club_url(club, "players/"), {"name": "ann lee"}, format="json")

    assert added.status_code == 201
    assert added.json()["name"] == "Ann Lee"
    assert added.json()["is_guest"] is True
    assert again.status_code == 200
    assert again.json() == added.json()
    assert club.players.filter(name__iexact="ann lee").count() == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "   "}, "name"),
        ({"name": "x" * 41}, "name"),
        ({}, "name"),
        ({"name": 7}, "name"),
        ({"name": "Ann", "user": 1}, "user"),
    ],
)
def test_a_wrong_guest_is_refused_naming_the_field(
    api: APIClient, club: Club, body: dict[str, Any], field: str
) -> None:
    response = api.post(club_url(club, "players/"), body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert club.players.count() == 1


# --- Invites --------------------------------------------------------------------------


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
    guest = services.guest_add(club=club, name="Ann")

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
    elsewhere = services.club_create(name="Attic", by=UserFactory())
    stranger = services.guest_add(club=elsewhere, name="Ann")
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
    older = services.invite_create(club=club, by=user)
    newer = services.invite_create(club=club, by=user, role=Role.SCOREKEEPER)
    revoked = services.invite_create(club=club, by=user)
    services.invite_revoke(invite=revoked, by=user)
    used_up = services.invite_create(club=club, by=user, max_uses=1)
    services.invite_accept(code=used_up.code, user=UserFactory())
    expired = services.invite_create(
        club=club, by=user, expires_at=timezone.now() + timedelta(days=1)
    )
    Invite.objects.filter(pk=expired.pk).update(expires_at=timezone.now())

    response = api.get(club_url(club, "invites/"))

    assert response.status_code == 200
    assert [i["code"] for i in response.json()] == [newer.code, older.code]


def test_a_revoked_invite_no_longer_lets_anyone_join(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    invite = services.invite_create(club=club, by=user)

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
    elsewhere = services.club_create(name="Attic", by=user)
    theirs = services.invite_create(club=elsewhere, by=user)

    assert api.delete(club_url(club, "invites/ABCDEFGH/")).status_code == 404
    assert api.delete(club_url(club, f"invites/{theirs.code}/")).status_code == 404
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


# --- Joining --------------------------------------------------------------------------


def test_joining_with_a_code_makes_a_member_who_then_sees_the_private_club(
    private_club: Club, user: AbstractUser
) -> None:
    invite = services.invite_create(club=private_club, by=user, role=Role.SCOREKEEPER)
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
    invite = services.invite_create(club=club, by=user, role=Role.MEMBER)

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
    invite = services.invite_create(club=club, by=user, player=ann)
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
    invite = services.invite_create(club=club, by=user, max_uses=1)
    services.invite_accept(code=invite.code, user=UserFactory())

    response = client_for(UserFactory()).post(
        JOIN, {"code": invite.code}, format="json"
    )

    assert response.status_code == 400
    assert "used up" in error_at(response.json(), "code")[0]


def test_joining_needs_sign_in(
    anon_api: APIClient, club: Club, user: AbstractUser
) -> None:
    invite = services.invite_create(club=club, by=user)

    response = anon_api.post(JOIN, {"code": invite.code}, format="json")

    assert response.status_code == 401
    invite.refresh_from_db()
    assert invite.uses == 0


# --- Games in a club ------------------------------------------------------------------


def start_in(client: APIClient, club: Club, players: list[Any]) -> Any:
    return client.post(
        GAMES,
        {"variant": "auction", "players": players, "club": club.slug},
        format="json",
    )


def test_a_game_in_a_club_seats_the_rosters_players_by_name_in_any_case(
    api: APIClient, club: Club
) -> None:
    ann = services.guest_add(club=club, name="Ann")

    response = start_in(api, club, ["ann", "Bob", "Cy"])

    assert response.status_code == 201, response.json()
    game = response.json()
    assert game["club"] == "elks-lodge"
    assert game["players"] == ["Ann", "Bob", "Cy"]
    assert game["player_ids"][0] == ann.pk


def test_a_new_name_in_a_club_game_adds_a_guest_to_the_roster(
    api: APIClient, club: Club
) -> None:
    start_in(api, club, ["Ann", "Bob", "Cy"])

    roster = client_for(None).get(club_url(club, "players/")).json()
    guests = {p["name"] for p in roster if p["is_guest"]}
    assert guests == {"Ann", "Bob", "Cy"}


def test_a_club_game_seats_roster_players_by_id(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    mine = club.players.get(user=user)
    ann = api.post(club_url(club, "players/"), {"name": "Ann"}, format="json").json()

    response = start_in(api, club, [{"player": mine.pk}, {"player": ann["id"]}, "Cy"])

    assert response.status_code == 201, response.json()
    assert response.json()["player_ids"][:2] == [mine.pk, ann["id"]]


def test_a_player_from_another_clubs_roster_is_refused_naming_the_seat(
    api: APIClient, club: Club
) -> None:
    elsewhere = services.club_create(name="Attic", by=UserFactory())
    stranger = services.guest_add(club=elsewhere, name="Zed")

    response = start_in(api, club, ["Ann", {"player": stranger.pk}, "Cy"])

    assert response.status_code == 400
    assert "roster" in error_at(response.json(), "players.1")[0]
    assert not Game.objects.exists()


@pytest.mark.parametrize("role", [None, Role.MEMBER])
def test_only_keepers_start_a_clubs_games(club: Club, role: str | None) -> None:
    person = member(club, role) if role else UserFactory()

    response = start_in(client_for(person), club, ["Ann", "Bob", "Cy"])

    assert response.status_code == 403
    assert "organisers and scorekeepers" in response.json()["detail"]
    assert not Game.objects.exists()
    assert not club.players.filter(name="Bob").exists()


def test_a_private_club_unknown_to_the_caller_is_refused_naming_club(
    private_club: Club,
) -> None:
    response = start_in(client_for(UserFactory()), private_club, ["Ann", "Bob", "Cy"])

    assert response.status_code == 400
    assert error_at(response.json(), "club") == [
        f"There is no club {private_club.slug!r}."
    ]
    assert not Game.objects.exists()


def test_a_scorekeeper_starts_a_game_and_an_organiser_may_record_its_hands(
    club: Club, api: APIClient
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))
    game = start_in(keeper, club, ["Ann", "Bob", "Cy"]).json()

    response = api.post(
        f"{GAMES}{game['id']}/hands/",
        {"auction": [2, "pass", "pass"], "awards": {"high": 1, "low": 1}},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json()["scores"] == [0, 2, 0]
    assert Membership.objects.filter(club=club).count() == 2


# --- The schema, for a club the caller organises ----------------------------------

# tests/scoring/test_schema.py runs every operation with a caller who has no club, so
# the club endpoints mostly answer 404 there. Here the caller organises the club the
# paths name, so the writes' own answers (200, 201, 204, 400, 409) are checked
# against the schema too.
club_schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json", application
).include(path_regex=r"^/api/v1/(clubs|join)/")
CLUB_OPERATIONS = [
    result.ok() for result in club_schema.get_all_operations() if isinstance(result, Ok)
]


@pytest.fixture
def organiser_token(db: None) -> Iterator[str]:
    # As in tests/scoring/test_schema.py: the WSGI app must not close the test's
    # database connection between calls.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    organiser = UserFactory()
    club = services.club_create(name="Elks Lodge", by=organiser)
    services.guest_add(club=club, name="Ann")
    member(club)
    services.invite_create(club=club, by=organiser)
    yield Token.objects.create(user=organiser).key
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize(
    "operation", CLUB_OPERATIONS, ids=[op.label for op in CLUB_OPERATIONS]
)
def test_club_endpoints_answer_as_their_schema_says(
    operation: APIOperation, organiser_token: str
) -> None:
    fixed = {"slug": "elks-lodge"} if "{slug}" in operation.path else None

    @given(case=operation.as_strategy(path_parameters=fixed))
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        # Each example starts from the same club: its writes are rolled back.
        with transaction.atomic():
            case.call_and_validate(
                headers={"Authorization": f"Token {organiser_token}"},
                checks=[
                    not_a_server_error,
                    status_code_conformance,
                    content_type_conformance,
                    response_schema_conformance,
                ],
            )
            transaction.set_rollback(True)

    check()


def test_a_huge_limit_on_games_is_capped_rather_than_a_server_error(
    api: APIClient, club: Club
) -> None:
    api.post(GAMES, {"variant": "auction", "players": ["A", "B"]}, format="json")

    answer = api.get(f"{GAMES}?limit={2**70}")

    assert answer.status_code == 200
    assert len(answer.json()["results"]) == 1


def test_a_private_rosters_player_id_is_unknown_to_outsiders(
    private_club: Club,
) -> None:
    guest = services.guest_add(club=private_club, name="Secret Sam")
    outsider = client_for(UserFactory())

    answer = outsider.post(
        GAMES,
        {"variant": "auction", "players": [{"player": guest.pk}, "Bob"]},
        format="json",
    )

    assert answer.status_code == 400
    assert "Secret Sam" not in answer.content.decode()
    assert error_at(answer.json(), "players.0")

"""Bad input through the API: names and a club's details refuse control, bidi and
invisible characters (naming the field and the character) and are stored composed;
a NUL in a query or an address is a 400 or a 404, never a 500 (PostgreSQL refuses
NUL in any text it compares: run this module on it too)."""

import json

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Invite
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.services.players import guest_add
from scoring.models import Game

pytestmark = pytest.mark.django_db

CLUBS = "/api/v1/clubs/"
GAMES = "/api/v1/games/"
COMPOSED, DECOMPOSED = "Jos\u00e9", "Jose\u0301"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
RAINBOW = "\U0001f3f3\ufe0f\u200d\U0001f308"


@pytest.fixture
def club(user: AbstractUser) -> Club:
    return club_create(name="Grange Hall", by=user)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("name", "The club's name has an invisible character (U+202E): retype it."),
        ("location", "Where it plays has an invisible character (U+202E): retype it."),
        ("schedule", "When it plays has an invisible character (U+202E): retype it."),
        (
            "description",
            "The description has an invisible character (U+202E): retype it.",
        ),
    ],
)
def test_club_fields_refuse_a_bidi_override_naming_the_field(
    api: APIClient, club: Club, field: str, message: str
) -> None:
    data = {"name": "Grange", field: "Tue\u202esdays"}

    created = api.post(CLUBS, data, format="json")
    assert created.status_code == 400
    assert created.json() == {field: [message]}
    changed = api.patch(f"{CLUBS}{club.slug}/", data, format="json")
    assert changed.status_code == 400
    assert changed.json() == {field: [message]}
    assert Club.objects.get() == club


def test_a_club_name_is_stored_composed(api: APIClient) -> None:
    answer = api.post(CLUBS, {"name": f"Caf{DECOMPOSED[-2:]}"}, format="json")
    assert answer.status_code == 201
    assert answer.json()["name"] == "Caf\u00e9"


@pytest.mark.parametrize(
    ("char", "kind"),
    [
        ("\x07", "a control character (U+0007), which cannot be shown"),
        ("\u2066", "an invisible character (U+2066)"),
        ("\u200b", "an invisible character (U+200B)"),
        ("\u200d", "an invisible character (U+200D)"),
        ("\ufeff", "an invisible character (U+FEFF)"),
    ],
)
def test_a_guest_name_refuses_invisible_characters(
    api: APIClient, club: Club, char: str, kind: str
) -> None:
    answer = api.post(
        f"{CLUBS}{club.slug}/players/", {"name": f"Do{char}t"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"name": [f"The player's name has {kind}: retype it."]}


def test_a_guest_typed_with_a_combining_accent_is_the_roster_player(
    api: APIClient, club: Club
) -> None:
    jose = guest_add(club=club, name=COMPOSED)
    answer = api.post(
        f"{CLUBS}{club.slug}/players/", {"name": DECOMPOSED}, format="json"
    )
    assert answer.status_code in (200, 201)
    assert answer.json()["id"] == jose.pk
    assert club.players.filter(name__startswith="Jos").count() == 1
    family = api.post(f"{CLUBS}{club.slug}/players/", {"name": FAMILY}, format="json")
    assert (family.status_code, family.json()["name"]) == (201, FAMILY)


def test_game_player_names_refuse_a_bidi_override_and_seat_a_name_once(
    api: APIClient,
) -> None:
    refused = api.post(
        GAMES, {"variant": "auction", "players": ["Ann", "Bo\u202eb"]}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json() == {
        "players": {
            "1": [
                "The name of player 2 has an invisible character (U+202E): retype it."
            ]
        }
    }
    twice = api.post(
        GAMES, {"variant": "auction", "players": [COMPOSED, DECOMPOSED]}, format="json"
    )
    assert twice.status_code == 400
    assert "1" in twice.json()["players"]
    assert not Game.objects.exists()
    emoji = api.post(
        GAMES, {"variant": "auction", "players": [FAMILY, RAINBOW]}, format="json"
    )
    assert emoji.status_code == 201
    assert emoji.json()["players"] == [FAMILY, RAINBOW]


# A NUL never reaches the database


def test_a_roster_query_with_a_nul_is_a_400_naming_q(
    anon_api: APIClient, club: Club
) -> None:
    answer = anon_api.get(f"{CLUBS}{club.slug}/players/", {"q": "A\x00n"})
    assert answer.status_code == 400
    assert "q" in answer.json()


def test_a_roster_query_finds_a_name_typed_with_a_combining_accent(
    anon_api: APIClient, club: Club
) -> None:
    guest_add(club=club, name=COMPOSED)
    answer = anon_api.get(f"{CLUBS}{club.slug}/players/", {"q": "jose\u0301"})
    assert [player["name"] for player in answer.json()] == [COMPOSED]


def test_a_nul_in_an_address_is_a_json_404(api: APIClient, club: Club) -> None:
    invite = invite_create(club=club, by=club.created_by)
    for url in (
        f"{CLUBS}grange%00hall/",
        f"{CLUBS}{club.slug}/invites/{invite.code[:4]}%00{invite.code[4:]}/",
    ):
        answer = api.get(url)
        assert answer.status_code == 404, url
        assert answer["Content-Type"] == "application/json"
    assert (
        api.delete(
            f"{CLUBS}{club.slug}/invites/{invite.code[:4]}%00{invite.code[4:]}/"
        ).status_code
        == 404
    )
    assert Invite.objects.get().revoked_at is None


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/api/v1/join/", {"code": "ABCD\x00EFGH"}),
        ("/api/v1/auth/token/", {"username": "kate\x00", "password": "x"}),
        (CLUBS, {"name": "Grange\x00"}),
    ],
)
def test_a_nul_in_a_body_is_a_400(
    api: APIClient, club: Club, url: str, data: dict
) -> None:
    answer = api.post(url, data, format="json")
    assert answer.status_code == 400
    assert answer["Content-Type"] == "application/json"


@pytest.mark.parametrize("field", ["name", "location", "schedule", "description"])
def test_a_lone_surrogate_in_json_is_a_400_not_a_database_error(
    api: APIClient, field: str
) -> None:
    # JSON may spell half a UTF-16 pair ("\ud800"): no database can store it.
    answer = api.post(
        CLUBS,
        json.dumps({"name": "Grange", field: "Tue\ud800sdays"}),
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert "U+D800" in answer.json()[field][0]
    assert not Club.objects.exists()

"""Renaming a guest, merging two players of one person, and the roster's log at
the API: rights per club role, answers, refusals in the API's shapes."""

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.players import guest_add
from scoring.games import services as scoring
from tests.factories import UserFactory
from tests.helpers import error_at
from tests.pitchclub.clubs.api.helpers import client_for, club_url, member

pytestmark = pytest.mark.django_db


def player_url(club: Club, player: Player | int, rest: str = "") -> str:
    pk = player if isinstance(player, int) else player.pk
    return club_url(club, f"players/{pk}/{rest}")


@pytest.fixture
def dot(club: Club) -> Player:
    return guest_add(club=club, name="Dot")


def test_an_organiser_renames_a_guest(api: APIClient, club: Club, dot: Player) -> None:
    answer = api.patch(player_url(club, dot), {"name": " Dorothy  G "}, format="json")

    assert answer.status_code == 200
    assert answer.json() == {"id": dot.pk, "name": "Dorothy G", "is_guest": True}
    assert api.get(player_url(club, dot)).json()["name"] == "Dorothy G"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": ""}, "Give the player a name."),
        (
            {"name": "x" * 41},
            "The player's name is longer than 40 characters: shorten it.",
        ),
        ({"name": "Dot\u200b"}, None),
        ({"name": 7}, "Text is required."),
        ({"name": "Dee", "nick": "D"}, None),
    ],
)
def test_a_rename_refusal_is_a_400_at_its_field(
    api: APIClient, club: Club, dot: Player, body: dict, message: str | None
) -> None:
    answer = api.patch(player_url(club, dot), body, format="json")

    assert answer.status_code == 400
    field = "nick" if "nick" in body else "name"
    said = error_at(answer.json(), field)
    if message:
        assert said == [message]
    dot.refresh_from_db()
    assert dot.name == "Dot"


def test_a_taken_name_is_a_409_that_suggests_merging(
    api: APIClient, club: Club, dot: Player
) -> None:
    guest_add(club=club, name="Dorothy")

    answer = api.patch(player_url(club, dot), {"name": "DOROTHY"}, format="json")

    assert answer.status_code == 409
    assert answer.json() == {
        "detail": "There is already a player called Dorothy in this club: pick "
        "another name, or merge Dot into Dorothy if they are the same person.",
        "code": "name_taken",
        "field": "name",
    }


def test_an_account_holder_is_not_renamed(api: APIClient, club: Club) -> None:
    own = club.players.get(user=club.created_by)

    answer = api.patch(player_url(club, own), {"name": "Boss"}, format="json")

    assert answer.status_code == 400
    assert "has an account" in error_at(answer.json(), "name")[0]


@pytest.mark.parametrize("role", [None, Role.MEMBER, Role.SCOREKEEPER, "anonymous"])
def test_only_organisers_rename_and_merge(
    club: Club, dot: Player, role: str | None
) -> None:
    other = guest_add(club=club, name="Dorothy")
    if role == "anonymous":
        caller, status = client_for(None), 401
    else:
        caller = client_for(member(club, role) if role else UserFactory())
        status = 403
    renamed = caller.patch(player_url(club, dot), {"name": "Dee"}, format="json")
    merged = caller.post(
        player_url(club, dot, "merge/"), {"into": other.pk}, format="json"
    )
    log = caller.get(club_url(club, "roster-log/"))

    assert (renamed.status_code, merged.status_code, log.status_code) == (
        status,
        status,
        status,
    )
    assert Player.objects.filter(pk=dot.pk, name="Dot").exists()


def test_a_private_clubs_players_are_404_to_outsiders(
    private_club: Club, user: AbstractUser
) -> None:
    guest = guest_add(club=private_club, name="Dot")
    outsider = client_for(member(club_create(name="Y", by=user)))

    assert outsider.get(player_url(private_club, guest)).status_code == 404
    assert (
        outsider.patch(
            player_url(private_club, guest), {"name": "D"}, format="json"
        ).status_code
        == 404
    )


def test_an_unknown_player_is_404(api: APIClient, club: Club, dot: Player) -> None:
    for pk in (999_999, 2**64):
        assert api.get(player_url(club, pk)).status_code == 404
        assert (
            api.patch(player_url(club, pk), {"name": "D"}, format="json").status_code
            == 404
        )
        assert (
            api.post(
                player_url(club, pk, "merge/"), {"into": dot.pk}, format="json"
            ).status_code
            == 404
        )


def test_an_organiser_merges_a_guest_into_a_member(
    api: APIClient, club: Club, dot: Player
) -> None:
    dorothy = club.players.get(user=member(club, first_name="Dorothy"))
    game = scoring.game_start(variant="auction", players=[dot, "Bob"], club=club)

    # Asked the other way round: the player with an account stays all the same.
    answer = api.post(
        player_url(club, dorothy, "merge/"), {"into": dot.pk}, format="json"
    )

    assert answer.status_code == 200
    assert answer.json() == {
        "player": {"id": dorothy.pk, "name": "Dorothy", "is_guest": False},
        "merged": {"id": dot.pk, "name": "Dot"},
        "moved": {"games": 1, "awards": 0, "invites_withdrawn": 0},
    }
    assert game.seats.get(number=0).player == dorothy
    log = api.get(club_url(club, "roster-log/")).json()
    assert log["count"] == 1
    (entry,) = log["results"]
    assert {k: entry[k] for k in ("action", "player_id", "name", "old_name")} == {
        "action": "merge",
        "player_id": dorothy.pk,
        "name": "Dorothy",
        "old_name": "Dot",
    }
    assert entry["merged_id"] == dot.pk
    assert entry["moved"] == {"games": 1, "awards": 0, "invites_withdrawn": 0}
    assert entry["by"] == club.created_by.username
    assert entry["invite"] is None


def test_a_merge_of_two_who_sat_in_one_game_is_a_409_naming_it(
    api: APIClient, club: Club, dot: Player
) -> None:
    dee = guest_add(club=club, name="Dee")
    game = scoring.game_start(variant="auction", players=[dot, dee], club=club)

    answer = api.post(player_url(club, dot, "merge/"), {"into": dee.pk}, format="json")

    assert answer.status_code == 409
    body = answer.json()
    assert (body["code"], body["field"]) == ("merge_conflict", "into")
    assert f"game {game.pk}" in body["detail"]
    assert Player.objects.filter(pk=dot.pk).exists()


@pytest.mark.parametrize(
    ("into", "message"),
    [
        ("self", "Choose another player: a player cannot be merged with themselves."),
        (
            888_888,
            "There is no player 888888 on this club's roster: choose one of "
            "its players.",
        ),
        ("12", "A whole number is required."),
        (0, None),
        (None, None),
    ],
)
def test_merge_input_refusals_are_400s_at_into(
    api: APIClient, club: Club, dot: Player, into: object, message: str | None
) -> None:
    body = {"into": dot.pk if into == "self" else into}

    answer = api.post(player_url(club, dot, "merge/"), body, format="json")

    assert answer.status_code == 400
    said = error_at(answer.json(), "into")
    if message:
        assert said == [message]


def test_two_accounts_are_a_409(api: APIClient, club: Club) -> None:
    dorothy = club.players.get(user=member(club, first_name="Dorothy"))
    own = club.players.get(user=club.created_by)

    answer = api.post(
        player_url(club, own, "merge/"), {"into": dorothy.pk}, format="json"
    )

    assert answer.status_code == 409
    assert answer.json()["code"] == "merge_two_accounts"


def test_the_log_lists_renames_and_merges_newest_first_and_pages(
    api: APIClient, club: Club, dot: Player
) -> None:
    dee = guest_add(club=club, name="Dee")
    api.patch(player_url(club, dot), {"name": "Dottie"}, format="json")
    api.post(player_url(club, dot, "merge/"), {"into": dee.pk}, format="json")

    log = api.get(club_url(club, "roster-log/"), {"limit": 1}).json()

    assert log["count"] == 2
    assert [e["action"] for e in log["results"]] == ["merge"]
    older = api.get(log["next"]).json()["results"]
    assert [(e["action"], e["old_name"], e["name"]) for e in older] == [
        ("rename", "Dot", "Dottie")
    ]
    # The renamed player was merged away since: the entry keeps its names.
    assert older[0]["player_id"] is None

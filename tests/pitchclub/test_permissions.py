"""The permission matrix: every role against every action, pages and API alike.

One row per action and kind of club; one column per role; each cell the answer
expected. Each role's call runs in a savepoint rolled back afterwards, so every cell
starts from the same world: a public and a private club, each with an organiser, a
scorekeeper and a member (the same three people in both), one more member to
promote or remove, an invite, and a game started by the organiser with one hand
recorded. The outsider and the superuser belong to neither club.

Statuses are HTTP statuses. For lists and the home page, LISTED or ABSENT says
whether the club's game (or the club) appears in what the caller gets.
"""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from pitchclub.models import Club, Invite, Membership, Role
from pitchclub.services.clubs import club_create, membership_remove, membership_set_role
from pitchclub.services.invites import invite_create
from scoring.games import services as scoring_services
from scoring.models import Game
from tests.factories import UserFactory, record

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "member", "scorekeeper", "organiser", "superuser")
LISTED, ABSENT = "listed", "absent"
KINDS = ("public", "private")


@dataclass
class World:
    users: dict[str, AbstractUser | None]
    clubs: dict[str, Club]
    games: dict[str, Game]
    # A member of each club whose role is changed, or who is removed.
    others: dict[str, AbstractUser]
    invites: dict[str, Invite]


@pytest.fixture
def world() -> World:
    organiser = UserFactory(username="organiser")
    users: dict[str, AbstractUser | None] = {
        "anonymous": None,
        "outsider": UserFactory(username="outsider"),
        "member": UserFactory(username="member"),
        "scorekeeper": UserFactory(username="scorekeeper"),
        "organiser": organiser,
        "superuser": UserFactory(username="superuser", is_superuser=True),
    }
    clubs, games, others, invites = {}, {}, {}, {}
    for kind in KINDS:
        club = club_create(
            name=f"{kind} club", by=organiser, is_private=kind == "private"
        )
        for role in (Role.MEMBER, Role.SCOREKEEPER):
            Membership.objects.create(club=club, user=users[role], role=role)
        others[kind] = UserFactory(username=f"other-{kind}")
        Membership.objects.create(club=club, user=others[kind], role=Role.MEMBER)
        invites[kind] = invite_create(club=club, by=organiser)
        game = scoring_services.game_start(
            variant="auction",
            players=["Ann", "Bob", "Cy", "Di"],
            club=club,
            created_by=organiser,
        )
        # Dealer 0: seat 1 bids 2 and takes High and Low.
        games[kind] = record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
        clubs[kind] = club
    return World(users, clubs, games, others, invites)


# --- The actions ----------------------------------------------------------------------

Action = Callable[[APIClient, World, str], int | str]


def listed(present: bool) -> str:
    return LISTED if present else ABSENT


def read_game(client: APIClient, world: World, kind: str) -> int:
    return client.get(f"/api/v1/games/{world.games[kind].pk}/").status_code


def read_revisions(client: APIClient, world: World, kind: str) -> int:
    return client.get(f"/api/v1/games/{world.games[kind].pk}/revisions/").status_code


def list_games(client: APIClient, world: World, kind: str) -> str:
    response = client.get("/api/v1/games/")
    assert response.status_code == 200
    ids = {game["id"] for game in response.json()["results"]}
    return listed(world.games[kind].pk in ids)


def create_game(client: APIClient, world: World, kind: str) -> int:
    body = {
        "variant": "auction",
        "players": ["Ann", "Bob", "Cy"],
        "club": world.clubs[kind].slug,
    }
    return client.post("/api/v1/games/", body, format="json").status_code


def record_hand(client: APIClient, world: World, kind: str) -> int:
    # Hand 2, dealer 1: seat 2 bids 2 and takes High and Low.
    body = {"pitcher": 2, "bid": 2, "awards": {"high": 2, "low": 2}, "number": 2}
    url = f"/api/v1/games/{world.games[kind].pk}/hands/"
    return client.post(url, body, format="json").status_code


def correct_hand(client: APIClient, world: World, kind: str) -> int:
    body = {"auction": [2, 3, "pass", "pass"], "awards": {"high": 2, "low": 2}}
    url = f"/api/v1/games/{world.games[kind].pk}/hands/1/"
    return client.put(url, body, format="json").status_code


def undo_hand(client: APIClient, world: World, kind: str) -> int:
    return client.delete(f"/api/v1/games/{world.games[kind].pk}/hands/1/").status_code


def club_url(world: World, kind: str, rest: str = "") -> str:
    return f"/api/v1/clubs/{world.clubs[kind].slug}/{rest}"


def list_clubs(client: APIClient, world: World, kind: str) -> str:
    response = client.get("/api/v1/clubs/")
    assert response.status_code == 200
    slugs = {club["slug"] for club in response.json()["results"]}
    return listed(world.clubs[kind].slug in slugs)


def create_club(client: APIClient, world: World, kind: str) -> int:
    body = {"name": "New club", "is_private": kind == "private"}
    return client.post("/api/v1/clubs/", body, format="json").status_code


def read_club(client: APIClient, world: World, kind: str) -> int:
    return client.get(club_url(world, kind)).status_code


def patch_club(client: APIClient, world: World, kind: str) -> int:
    body = {"schedule": "Fridays"}
    return client.patch(club_url(world, kind), body, format="json").status_code


def list_members(client: APIClient, world: World, kind: str) -> int:
    return client.get(club_url(world, kind, "members/")).status_code


def change_role(client: APIClient, world: World, kind: str) -> int:
    url = club_url(world, kind, f"members/{world.others[kind].pk}/")
    return client.patch(url, {"role": "scorekeeper"}, format="json").status_code


def remove_member(client: APIClient, world: World, kind: str) -> int:
    url = club_url(world, kind, f"members/{world.others[kind].pk}/")
    return client.delete(url).status_code


def list_roster(client: APIClient, world: World, kind: str) -> int:
    return client.get(club_url(world, kind, "players/"), {"q": "an"}).status_code


def add_guest(client: APIClient, world: World, kind: str) -> int:
    url = club_url(world, kind, "players/")
    return client.post(url, {"name": "Newcomer"}, format="json").status_code


def list_invites(client: APIClient, world: World, kind: str) -> int:
    return client.get(club_url(world, kind, "invites/")).status_code


def create_invite(client: APIClient, world: World, kind: str) -> int:
    url = club_url(world, kind, "invites/")
    return client.post(url, {"role": "member"}, format="json").status_code


def revoke_invite(client: APIClient, world: World, kind: str) -> int:
    url = club_url(world, kind, f"invites/{world.invites[kind].code}/")
    return client.delete(url).status_code


def join(client: APIClient, world: World, kind: str) -> int:
    body = {"code": world.invites[kind].code}
    return client.post("/api/v1/join/", body, format="json").status_code


def home_page(client: APIClient, world: World, kind: str) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return listed(f'href="/games/{world.games[kind].pk}/"' in response.content.decode())


def game_page(client: APIClient, world: World, kind: str) -> int:
    return client.get(f"/games/{world.games[kind].pk}/").status_code


# --- The matrix -----------------------------------------------------------------------

SEEN_BY_ALL = (200, 200, 200, 200, 200, 200)
SEEN_BY_MEMBERS = (404, 404, 200, 200, 200, 200)

# fmt: off
MATRIX: list[tuple[Action, str, tuple[int | str, ...]]] = [
    # action          club       anonymous outsider member scorekeeper organiser su
    # Games
    (read_game,      "public",  SEEN_BY_ALL),
    (read_game,      "private", SEEN_BY_MEMBERS),
    (read_revisions, "public",  SEEN_BY_ALL),
    (read_revisions, "private", SEEN_BY_MEMBERS),
    (list_games,     "public",  (LISTED, LISTED, LISTED, LISTED, LISTED, LISTED)),
    (list_games,     "private", (ABSENT, ABSENT, LISTED, LISTED, LISTED, LISTED)),
    (create_game,    "public",  (401, 403, 403, 201, 201, 201)),
    # A private club is unknown to an outsider: the `club` field is wrong (400).
    (create_game,    "private", (401, 400, 403, 201, 201, 201)),
    (record_hand,    "public",  (401, 403, 403, 201, 201, 201)),
    (record_hand,    "private", (404, 404, 403, 201, 201, 201)),
    (correct_hand,   "public",  (401, 403, 403, 200, 200, 200)),
    (correct_hand,   "private", (404, 404, 403, 200, 200, 200)),
    (undo_hand,      "public",  (401, 403, 403, 200, 200, 200)),
    (undo_hand,      "private", (404, 404, 403, 200, 200, 200)),
    # Clubs
    (list_clubs,     "public",  (LISTED, LISTED, LISTED, LISTED, LISTED, LISTED)),
    (list_clubs,     "private", (ABSENT, ABSENT, LISTED, LISTED, LISTED, LISTED)),
    (create_club,    "public",  (401, 201, 201, 201, 201, 201)),
    (create_club,    "private", (401, 201, 201, 201, 201, 201)),
    (read_club,      "public",  SEEN_BY_ALL),
    (read_club,      "private", SEEN_BY_MEMBERS),
    (patch_club,     "public",  (401, 403, 403, 403, 200, 200)),
    (patch_club,     "private", (404, 404, 403, 403, 200, 200)),
    # Members
    (list_members,   "public",  SEEN_BY_ALL),
    (list_members,   "private", SEEN_BY_MEMBERS),
    (change_role,    "public",  (401, 403, 403, 403, 200, 200)),
    (change_role,    "private", (404, 404, 403, 403, 200, 200)),
    (remove_member,  "public",  (401, 403, 403, 403, 204, 204)),
    (remove_member,  "private", (404, 404, 403, 403, 204, 204)),
    # Roster
    (list_roster,    "public",  SEEN_BY_ALL),
    (list_roster,    "private", SEEN_BY_MEMBERS),
    (add_guest,      "public",  (401, 403, 403, 201, 201, 201)),
    (add_guest,      "private", (404, 404, 403, 201, 201, 201)),
    # Invites
    (list_invites,   "public",  (401, 403, 403, 403, 200, 200)),
    (list_invites,   "private", (404, 404, 403, 403, 200, 200)),
    (create_invite,  "public",  (401, 403, 403, 403, 201, 201)),
    (create_invite,  "private", (404, 404, 403, 403, 201, 201)),
    (revoke_invite,  "public",  (401, 403, 403, 403, 204, 204)),
    (revoke_invite,  "private", (404, 404, 403, 403, 204, 204)),
    # Anyone signed in who holds a code may join, even a private club.
    (join,           "public",  (401, 200, 200, 200, 200, 200)),
    (join,           "private", (401, 200, 200, 200, 200, 200)),
    # Pages
    (home_page,      "public",  (LISTED, LISTED, LISTED, LISTED, LISTED, LISTED)),
    (home_page,      "private", (ABSENT, ABSENT, LISTED, LISTED, LISTED, LISTED)),
    (game_page,      "public",  SEEN_BY_ALL),
    (game_page,      "private", SEEN_BY_MEMBERS),
]
# fmt: on


def session_client(user: AbstractUser | None) -> APIClient:
    """Signed in as the site does it: a session cookie."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def token_client(user: AbstractUser) -> APIClient:
    """Signed in as scripts do it: `Authorization: Token …`."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def answer(client: APIClient, action: Action, world: World, kind: str) -> int | str:
    """The action's answer, with everything it wrote rolled back."""
    with transaction.atomic():
        result = action(client, world, kind)
        transaction.set_rollback(True)
    return result


@pytest.mark.parametrize(
    ("action", "kind", "expected"),
    [
        pytest.param(action, kind, expected, id=f"{action.__name__}-{kind}")
        for action, kind, expected in MATRIX
    ],
)
def test_each_role_gets_the_answer_of_the_matrix(
    world: World, action: Action, kind: str, expected: tuple[int | str, ...]
) -> None:
    answers = {
        role: answer(session_client(world.users[role]), action, world, kind)
        for role in ROLES
    }

    assert answers == dict(zip(ROLES, expected, strict=True))


def test_the_matrix_covers_every_action_for_both_kinds_of_club() -> None:
    actions = {action for action, _, _ in MATRIX}
    cells = {(action, kind) for action, kind, _ in MATRIX}

    assert cells == {(action, kind) for action in actions for kind in KINDS}
    assert len(cells) == len(MATRIX)


def expected_for(action: Action, kind: str, role: str) -> int | str:
    row = next(e for a, k, e in MATRIX if a is action and k == kind)
    return row[ROLES.index(role)]


# Cells re-run with a token instead of a session: the answer must be the same.
TOKEN_CELLS = [
    (record_hand, "public", "scorekeeper"),
    (record_hand, "private", "member"),
    (read_game, "private", "outsider"),
    (create_game, "private", "organiser"),
    (patch_club, "private", "member"),
    (change_role, "public", "organiser"),
    (add_guest, "private", "scorekeeper"),
    (create_invite, "public", "superuser"),
    (list_games, "private", "member"),
    (join, "private", "outsider"),
]


@pytest.mark.parametrize(
    ("action", "kind", "role"),
    [
        pytest.param(action, kind, role, id=f"{action.__name__}-{kind}-{role}")
        for action, kind, role in TOKEN_CELLS
    ],
)
def test_a_token_gets_the_same_answer_as_a_session(
    world: World, action: Action, kind: str, role: str
) -> None:
    user = world.users[role]
    assert user is not None

    by_token = answer(token_client(user), action, world, kind)
    by_session = answer(session_client(user), action, world, kind)

    assert by_token == by_session == expected_for(action, kind, role)


def test_a_wrong_token_is_refused_not_taken_for_anonymous(world: World) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    assert read_game(client, world, "public") == 401


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("role", [Role.MEMBER, None])
def test_a_creator_who_is_no_longer_a_keeper_cannot_change_the_clubs_game(
    world: World, kind: str, role: str | None
) -> None:
    """API.md: in a club's game rights follow the club's roles, not who started it."""
    keeper = world.users["scorekeeper"]
    club = world.clubs[kind]
    world.games[kind] = record(
        scoring_services.game_start(
            variant="auction",
            players=["Ann", "Bob", "Cy", "Di"],
            club=club,
            created_by=keeper,
        ),
        [2, "pass", "pass", "pass"],
        {"high": 1, "low": 1},
    )
    if role is None:
        membership_remove(club=club, user_id=keeper.pk)
    else:
        membership_set_role(club=club, user_id=keeper.pk, role=role)
    client = session_client(keeper)
    # A member still reads the private club's game; a removed one does not.
    denied = 403 if role is not None or kind == "public" else 404

    assert record_hand(client, world, kind) == denied
    assert correct_hand(client, world, kind) == denied
    assert undo_hand(client, world, kind) == denied
    assert world.games[kind].hands.count() == 1
    if denied == 403:
        answer = client.delete(f"/api/v1/games/{world.games[kind].pk}/hands/1/")
        assert answer.json()["detail"] == (
            f"Only {club.name}'s organisers and scorekeepers can change its games."
        )

"""The API of issue 11: abandoning, resuming and deleting a game; finding games
(`GET /api/v1/games/` filtered by club, player, variant, dates and status)."""

import datetime

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Membership, Role
from pitchclub.services import clubs as club_services
from scoring.games import services
from scoring.models import Game, GameLog
from tests.factories import UserFactory, game_factory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import GAMES, _queries, game_url, hands_url

HAND = {"auction": [2, "pass", "pass", "pass"], "awards": {"high": 1, "low": 1}}


def abandon_url(game_id: int) -> str:
    return f"{game_url(game_id)}abandon/"


def resume_url(game_id: int) -> str:
    return f"{game_url(game_id)}resume/"


def client_of(user: AbstractUser) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- abandon, resume, delete ----------------------------------------------------------


def test_abandon_answers_the_game_marked_abandoned(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    answer = api.post(abandon_url(game.pk))
    assert answer.status_code == 200
    body = answer.json()
    # API.md's status keeps its two values; abandonment is its own field.
    assert body["status"] == "in_progress"
    assert body["abandoned"] is True
    assert len(body["hands"]) == 1
    assert api.get(game_url(game.pk)).json()["abandoned"] is True
    # A retry answers the same, nothing new written.
    assert api.post(abandon_url(game.pk)).status_code == 200
    assert GameLog.objects.filter(game=game).count() == 1


def test_a_game_read_says_abandoned_false(api: APIClient, user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    assert api.get(game_url(game.pk)).json()["abandoned"] is False
    listed = api.get(GAMES).json()["results"][0]
    assert listed["abandoned"] is False


def test_recording_into_an_abandoned_game_is_a_409(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    api.post(abandon_url(game.pk))
    answer = api.post(hands_url(game.pk), HAND, format="json")
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "game_abandoned"
    assert body["field"] == "status"
    assert "abandoned" in body["detail"]
    assert api.put(f"{hands_url(game.pk)}1/", HAND, format="json").status_code in (
        404,
        409,
    )
    api.post(resume_url(game.pk))
    assert api.post(hands_url(game.pk), HAND, format="json").status_code == 201


def test_a_finished_game_cannot_be_abandoned(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    answer = api.post(abandon_url(game.pk))
    assert answer.status_code == 409
    assert answer.json()["code"] == "game_finished"


def test_delete_a_game_without_hands(api: APIClient, user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    answer = api.delete(game_url(game.pk))
    assert answer.status_code == 204
    assert not Game.objects.filter(pk=game.pk).exists()
    assert api.get(game_url(game.pk)).status_code == 404
    tombstone = GameLog.objects.get(game_number=game.pk)
    assert tombstone.action == "delete"
    assert tombstone.changed_by == user


def test_delete_a_game_with_hands_is_a_409_offering_abandon(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    answer = api.delete(game_url(game.pk))
    assert answer.status_code == 409
    body = answer.json()
    assert body == {
        "detail": body["detail"],
        "code": "game_has_hands",
        "field": "hands",
    }
    assert "Abandon it instead" in body["detail"]
    assert Game.objects.filter(pk=game.pk).exists()


def test_who_may_abandon_or_delete(user: AbstractUser, anon_api: APIClient) -> None:
    club = club_services.club_create(name="Pitchers", by=user)
    keeper, other_keeper = UserFactory(), UserFactory()
    for someone in (keeper, other_keeper):
        Membership.objects.create(club=club, user=someone, role=Role.SCOREKEEPER)
    game = services.game_start(
        variant="auction", players=["A", "B", "C", "D"], club=club, created_by=keeper
    )
    assert anon_api.post(abandon_url(game.pk)).status_code == 401
    refused = client_of(other_keeper).post(abandon_url(game.pk))
    assert refused.status_code == 403
    assert "Pitchers's organisers" in refused.json()["detail"]
    assert client_of(other_keeper).delete(game_url(game.pk)).status_code == 403
    assert client_of(keeper).post(abandon_url(game.pk)).status_code == 200
    assert client_of(user).post(resume_url(game.pk)).status_code == 200
    assert client_of(user).delete(game_url(game.pk)).status_code == 204


def test_a_private_clubs_game_is_404_to_outsiders(user: AbstractUser) -> None:
    club = club_services.club_create(name="Hidden", by=user, is_private=True)
    game = services.game_start(
        variant="auction", players=["A", "B", "C", "D"], club=club, created_by=user
    )
    outsider = client_of(UserFactory())
    assert outsider.post(abandon_url(game.pk)).status_code == 404
    assert outsider.delete(game_url(game.pk)).status_code == 404


def revisions_url(game_id: int) -> str:
    return f"{game_url(game_id)}revisions/"


def test_the_revisions_show_abandon_and_resume_among_the_hands_in_time_order(
    api: APIClient, user: AbstractUser
) -> None:
    """Failed before: after an abandon the revisions answered [] (issue 11, 7)."""
    game = game_factory(created_by=user)
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    assert api.post(abandon_url(game.pk)).status_code == 200
    assert api.post(resume_url(game.pk)).status_code == 200
    assert api.delete(f"{hands_url(game.pk)}2/").status_code == 200
    assert api.post(abandon_url(game.pk)).status_code == 200

    entries = api.get(revisions_url(game.pk)).json()

    assert [(e["kind"], e["action"], e["hand_number"]) for e in entries] == [
        ("game", "abandon", None),
        ("game", "resume", None),
        ("hand", "undo", 2),
        ("game", "abandon", None),
    ]
    times = [e["changed_at"] for e in entries]
    assert times == sorted(times)
    first = entries[0]
    assert first["changed_by"] == user.get_username()
    assert first["after"] is None
    # The game as it stood: two hands then, one at the second abandon.
    assert first["before"]["hand_count"] == 2
    assert entries[3]["before"]["hand_count"] == 1
    assert first["before"]["players"] == [
        seat.player.name for seat in game.seats.order_by("number")
    ]
    # A hand's entry keeps every field it had.
    assert set(entries[2]) == {
        "kind",
        "hand_number",
        "action",
        "before",
        "after",
        "changed_by",
        "changed_at",
    }
    assert entries[2]["before"]["number"] == 2


def test_the_schema_documents_the_game_entries(anon_api: APIClient, db: None) -> None:
    schema = anon_api.get("/api/v1/schema/?format=json").json()
    shapes = schema["components"]["schemas"]
    entry = shapes["RevisionOutput"]["properties"]

    def choices(field: dict) -> set[str]:
        ref = field["allOf"][0]["$ref"].rsplit("/", 1)[-1]
        return set(shapes[ref]["enum"])

    assert choices(entry["kind"]) == {"hand", "game"}
    assert choices(entry["action"]) == {"correct", "undo", "abandon", "resume"}
    assert entry["hand_number"]["nullable"] is True
    assert "/api/v1/games/deleted/" in schema["paths"]


# --- a deleted game's record --------------------------------------------------------

DELETED = f"{GAMES}deleted/"


def test_a_deleted_games_record_is_read_where_the_page_shows_it(
    user: AbstractUser, anon_api: APIClient
) -> None:
    club = club_services.club_create(name="Pitchers", by=user)
    keeper, member = UserFactory(), UserFactory()
    Membership.objects.create(club=club, user=keeper, role=Role.SCOREKEEPER)
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    in_club = services.game_start(
        variant="auction", players=["Ann", "Bob", "Cy"], club=club, created_by=keeper
    )
    assert client_of(keeper).delete(game_url(in_club.pk)).status_code == 204
    mine = game_factory(created_by=user)
    assert client_of(user).delete(game_url(mine.pk)).status_code == 204
    theirs = game_factory(created_by=member)
    assert client_of(member).delete(game_url(theirs.pk)).status_code == 204

    answer = client_of(keeper).get(DELETED, {"club": club.slug})
    assert answer.status_code == 200
    (entry,) = answer.json()["results"]
    assert entry["id"] == in_club.pk
    assert entry["club"] == club.slug
    assert entry["deleted_by"] == keeper.get_username()
    assert entry["before"]["players"] == ["Ann", "Bob", "Cy"]
    assert entry["before"]["hand_count"] == 0
    assert entry["deleted_at"]
    # Without a club: the clubs one keeps score in, and one's own outside clubs.
    everything = client_of(user).get(DELETED).json()["results"]
    assert [e["id"] for e in everything] == [mine.pk, in_club.pk]
    assert [e["id"] for e in client_of(member).get(DELETED).json()["results"]] == [
        theirs.pk
    ]
    # As the page: a club's deleted games are its organisers' and scorekeepers'.
    refused = client_of(member).get(DELETED, {"club": club.slug})
    assert refused.status_code == 403
    assert "Pitchers" in refused.json()["detail"]
    assert anon_api.get(DELETED).status_code == 401
    unknown = client_of(user).get(DELETED, {"club": "nope"})
    assert unknown.status_code == 400
    assert "There is no club" in unknown.json()["club"][0]
    empty = client_of(user).get(DELETED, {"club": ""})
    assert empty.json() == {"club": ["Give club a value, or leave it out."]}


def test_a_private_clubs_deleted_games_are_no_clubs_to_outsiders(
    user: AbstractUser,
) -> None:
    club = club_services.club_create(name="Hidden", by=user, is_private=True)
    game = services.game_start(
        variant="auction", players=["A", "B", "C"], club=club, created_by=user
    )
    assert client_of(user).delete(game_url(game.pk)).status_code == 204
    outsider = client_of(UserFactory())
    answer = outsider.get(DELETED, {"club": club.slug})
    assert answer.status_code == 400
    assert outsider.get(DELETED).json()["results"] == []


# --- no body is expected: a field sent is refused ------------------------------------


@pytest.mark.parametrize("action", ["abandon", "resume"])
@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"bogus": 1}, "bogus", "This field is not part of the request."),
        ("x", "non_field_errors", "Expected a dictionary"),
        ([], "non_field_errors", "Expected a dictionary"),
    ],
)
def test_abandon_and_resume_refuse_a_body_naming_the_field(
    api: APIClient,
    user: AbstractUser,
    action: str,
    body: object,
    field: str,
    words: str,
) -> None:
    """Failed before: answered 200 and abandoned the game."""
    game = game_factory(created_by=user)
    if action == "resume":
        services.game_abandon(game_id=game.pk, by=user)
    answer = api.post(f"{game_url(game.pk)}{action}/", body, format="json")
    assert answer.status_code == 400
    (message,) = error_at(answer.json(), field)
    assert words in message
    game.refresh_from_db()
    assert game.abandoned is (action == "resume")
    # Nothing, or an empty object, is what they take.
    assert (
        api.post(f"{game_url(game.pk)}{action}/", {}, format="json").status_code == 200
    )


def test_delete_refuses_a_body_naming_the_field(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    answer = api.delete(game_url(game.pk), {"force": True}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"force": ["This field is not part of the request."]}
    assert Game.objects.filter(pk=game.pk).exists()
    assert api.delete(game_url(game.pk), "x", format="json").status_code == 400
    assert api.delete(game_url(game.pk)).status_code == 204


# --- finding games ------------------------------------------------------------------


@pytest.fixture
def tables(user: AbstractUser) -> dict[str, object]:
    """Two clubs (one private, which `user` is not in), games of each variant,
    one abandoned, one finished, started on different days."""
    public = club_services.club_create(name="Open Table", by=user)
    owner = UserFactory()
    hidden = club_services.club_create(name="Back Room", by=owner, is_private=True)

    def start(club: Club, players: list[str], variant: str = "auction") -> Game:
        return services.game_start(
            variant=variant, players=players, club=club, created_by=user
        )

    auction = start(public, ["Ann", "Bob", "Cy", "Di"])
    thirteen = start(public, ["Ann", "Eve", "Cy", "Gus"], "thirteen")
    dropped = start(public, ["Bob", "Eve", "Finn"])
    services.game_abandon(game_id=dropped.pk, by=user)
    won = game_factory(created_by=user, options={"target": 3})
    record(won, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    secret = services.game_start(
        variant="auction", players=["Zed", "Yan", "Xu"], club=hidden, created_by=owner
    )
    # Started on different days: thirteen on 1 March, the others on 10 March.
    day = datetime.datetime(2025, 3, 10, 12, tzinfo=datetime.UTC)
    Game.objects.update(created_at=day)
    Game.objects.filter(pk=thirteen.pk).update(created_at=day.replace(day=1))
    ann = auction.seats.get(number=0).player
    zed = secret.seats.get(number=0).player
    return {
        "public": public,
        "hidden": hidden,
        "auction": auction,
        "thirteen": thirteen,
        "dropped": dropped,
        "won": won,
        "secret": secret,
        "ann": ann,
        "zed": zed,
    }


def ids(client: APIClient, query: str) -> set[int]:
    answer = client.get(f"{GAMES}?{query}")
    assert answer.status_code == 200, answer.json()
    return {game["id"] for game in answer.json()["results"]}


def test_filters(api: APIClient, tables: dict) -> None:
    t = tables
    public = t["public"].slug
    assert ids(api, f"club={public}") == {
        t["auction"].pk,
        t["thirteen"].pk,
        t["dropped"].pk,
    }
    assert ids(api, f"player={t['ann'].pk}") == {t["auction"].pk, t["thirteen"].pk}
    assert ids(api, "variant=thirteen") == {t["thirteen"].pk}
    assert ids(api, "status=abandoned") == {t["dropped"].pk}
    assert ids(api, "status=finished") == {t["won"].pk}
    assert ids(api, "status=in_progress") == {t["auction"].pk, t["thirteen"].pk}
    assert ids(api, "from=2025-03-02") == {
        t["auction"].pk,
        t["dropped"].pk,
        t["won"].pk,
    }
    assert ids(api, "to=2025-03-01") == {t["thirteen"].pk}
    assert ids(api, "from=2025-03-01&to=2025-03-01") == {t["thirteen"].pk}
    assert ids(api, f"club={public}&variant=auction&status=in_progress") == {
        t["auction"].pk
    }


def test_private_clubs_stay_hidden(
    api: APIClient, anon_api: APIClient, tables: dict
) -> None:
    t = tables
    assert t["secret"].pk not in ids(api, "")
    assert t["secret"].pk not in ids(anon_api, "")
    for query in (f"club={t['hidden'].slug}", f"player={t['zed'].pk}"):
        answer = api.get(f"{GAMES}?{query}")
        assert answer.status_code == 400
        field = query.split("=")[0]
        (message,) = error_at(answer.json(), field)
        assert "There is no" in message
    member = client_of(t["hidden"].memberships.get().user)
    assert ids(member, f"club={t['hidden'].slug}") == {t["secret"].pk}


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("variant=poker", "variant", "“poker” is not a game"),
        ("status=lost", "status", "“lost” is not a status"),
        ("from=yesterday", "from", "“From” is not a date"),
        ("to=2025-02-30", "to", "“To” is not a date"),
        ("from=2025-03-02&to=2025-03-01", "to", "is before “From”"),
        ("player=abc", "player", "There is no player “abc”"),
        ("player=99999999999999999999999", "player", "There is no player"),
        ("club=no%00pe", "club", "There is no club"),
        ("club=", "club", "Give club a value, or leave it out."),
    ],
)
def test_a_wrong_filter_is_a_400_naming_it(
    api: APIClient, tables: dict, query: str, field: str, words: str
) -> None:
    answer = api.get(f"{GAMES}?{query}")
    assert answer.status_code == 400
    (message,) = error_at(answer.json(), field)
    assert words in message


def test_the_filtered_list_is_paged(api: APIClient, user: AbstractUser) -> None:
    for _ in range(5):
        game_factory(created_by=user, variant="thirteen")
    game_factory(created_by=user)
    page = api.get(f"{GAMES}?variant=thirteen&limit=2&offset=2").json()
    assert page["count"] == 5
    assert len(page["results"]) == 2
    assert "variant=thirteen" in page["next"]
    assert "variant=thirteen" in page["previous"]


def test_filtering_takes_no_more_queries_for_more_games(
    anon_api: APIClient, user: AbstractUser
) -> None:
    game_factory(created_by=user)
    query = f"{GAMES}?variant=auction&status=in_progress&from=2000-01-01"
    one = _queries(anon_api, "get", query)
    for _ in range(9):
        game_factory(created_by=user)
    assert _queries(anon_api, "get", query) == one
    assert len(anon_api.get(query).json()["results"]) == 10

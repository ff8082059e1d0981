"""The API of issue 11: abandoning, resuming and deleting a game; finding games
(`GET /api/v1/games/` filtered by club, player, variant, dates and status)."""

import datetime

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub import services as club_services
from pitchclub.models import Club, Membership, Role
from scoring import services
from scoring.models import Game, GameLog
from tests.factories import UserFactory, game_factory, record
from tests.helpers import error_at
from tests.scoring.apis.helpers import GAMES, _queries, game_url, hands_url

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

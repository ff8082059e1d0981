"""Recording a hand through the API answers from what the write already holds: the
answer must stay, byte for byte, what reading the game afterwards shows, and the
queries it takes must not grow back (bench/api_bench.py measures the time)."""

import threading
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from pitchclub.services import clubs as club_services
from scoring.api import serializers as apis
from scoring.engine import HandInput, RuleViolation
from scoring.games import convert, hooks, selectors, services
from scoring.games import hands as hand_services
from scoring.models import Award, Game, Hand
from tests.factories import game_factory

pytestmark = pytest.mark.django_db

# Recording a hand through the API, signed in with a token, in a game without a club:
# the token with its user; the game found with its club and seats, its visibility
# checked and its row locked in one query; the client_id looked up; the hand and its
# awards written; the game updated; the hands with their awards read for the answer
# (7), plus the savepoint of the view's transaction (2 here, inside the test's own
# transaction; none in production, where it is the transaction). It was 15 here before
# the write path was made lean, 13 before its reads and writes left the ORM
# (docs/benchmarks.md). Then 10 with the statistics' rows' upsert (issue 25 item 6,
# scoring.stats.player_games: one statement per hand, in the hook).
RECORD_QUERIES = 10


@pytest.fixture
def token_api(user: AbstractUser) -> APIClient:
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}"
    )
    return client


def hands_url(game: Game) -> str:
    return f"/api/v1/games/{game.pk}/hands/"


def game_url(game: Game) -> str:
    return f"/api/v1/games/{game.pk}/"


def reference(game: Game) -> bytes:
    """The game as the serializer renders it from the models (the way the answer
    was built before the write path was made lean)."""
    game = selectors.game_detail(game_id=game.pk, user=None)
    rules = convert.rules_for(game)
    payload = {
        **apis.game_payload(game),
        "hands": [convert.hand_dict(hand, rules.points) for hand in game.hands.all()],
    }
    return JSONRenderer().render(apis.GameOutput(payload).data)


def post(client: APIClient, game: Game, body: dict[str, Any], status: int) -> bytes:
    response = client.post(hands_url(game), body, format="json")
    assert response.status_code == status, response.content
    return response.content


SOLO = {"variant": "auction", "players": 4}
TEAMS = {"variant": "auction", "players": 4, "partnership": True}
SIX_IN_TEAMS = {"variant": "auction", "players": 6, "partnership": True}
THIRTEEN = {"variant": "thirteen", "players": 4}

AUCTION_HANDS = [
    {"auction": [2, "pass", "pass", "pass"], "awards": {"high": 1, "low": 1}},
    {
        "pitcher": 3,
        "bid": 3,
        "trump": "hearts",
        "awards": {"high": 3, "low": 0, "jack": 3, "game": None},
    },
    {"pitcher": 0, "bid": 2, "awards": {"high": 2, "low": 2, "jack": 2, "game": 2}},
]
SIX_HANDS = [
    {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 3, "jack": 4}},
    {"pitcher": 5, "bid": 4, "awards": {"high": 5, "low": 2, "jack": 5, "game": 5}},
]
THIRTEEN_HANDS = [
    {
        "pitcher": 1,
        "bid": 7,
        "awards": {
            "ace": 1,
            "jack": 3,
            "jick": 1,
            "high_joker": 3,
            "low_joker": 0,
            "ten": 2,
            "three": 1,
            "off_three": 0,
            "two": 2,
        },
    },
    {
        "pitcher": 2,
        "bid": 5,
        "awards": {
            "ace": 1,
            "jack": 1,
            "jick": 3,
            "high_joker": 3,
            "low_joker": 1,
            "ten": 1,
            "three": 0,
            "off_three": 3,
            "two": 2,
        },
    },
]
# Points credited to a team without naming the partner ("rest to team"); a Game
# point derived from the teams' game points is the leading team's too.
TEAM = {"side": 1}
REST_TO_TEAM_HANDS = [
    {
        "pitcher": 1,
        "bid": 6,
        "awards": {
            **THIRTEEN_HANDS[0]["awards"],
            "ten": TEAM,
            "three": TEAM,
            "two": {"side": 0},
        },
    },
    THIRTEEN_HANDS[1],
]
SIX_TEAM_HANDS = [
    {"pitcher": 1, "bid": 2, "awards": {"high": {"side": 1}, "low": 3, "jack": 4}},
    {
        "pitcher": 5,
        "bid": 2,
        "awards": {"high": 5, "low": {"side": 2}},
        "game_points": [10, 20, 30],
    },
]


@pytest.mark.parametrize(
    ("shape", "hands"),
    [
        (SOLO, AUCTION_HANDS),
        (TEAMS, AUCTION_HANDS),
        (SIX_IN_TEAMS, SIX_HANDS),
        (THIRTEEN, THIRTEEN_HANDS),
        (THIRTEEN, REST_TO_TEAM_HANDS),
        (SIX_IN_TEAMS, SIX_TEAM_HANDS),
    ],
    ids=[
        "solo",
        "partnership",
        "six-in-teams",
        "13-point",
        "13-point-rest-to-team",
        "six-in-teams-credited",
    ],
)
def test_the_answer_to_recording_a_hand_is_the_game_as_read_afterwards(
    token_api: APIClient, user: AbstractUser, shape: dict, hands: list[dict]
) -> None:
    game = game_factory(**shape, created_by=user)
    for number, hand in enumerate(hands, start=1):
        body = {**hand, "number": number, "client_id": str(uuid.uuid4())}
        answer = post(token_api, game, body, 201)

        assert answer == token_api.get(game_url(game)).content
        assert answer == reference(game)


def test_a_retry_answers_the_game_as_it_stands_byte_for_byte(
    token_api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    first = {**AUCTION_HANDS[0], "number": 1, "client_id": str(uuid.uuid4())}
    post(token_api, game, first, 201)
    post(token_api, game, {**AUCTION_HANDS[1], "number": 2}, 201)

    # The first hand's answer was lost: the phone sends it again, number and all.
    again = post(token_api, game, first, 200)

    assert again == token_api.get(game_url(game)).content
    assert again == reference(game)


def test_the_hand_that_wins_answers_the_finished_game_byte_for_byte(
    token_api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    post(token_api, game, {**AUCTION_HANDS[0], "number": 1}, 201)
    # Seat 1 has 2 of 3 and makes a bid of 2 again.
    winning = {
        "pitcher": 1,
        "bid": 2,
        "awards": {"high": 1, "low": 1, "jack": 0},
        "number": 2,
        "client_id": str(uuid.uuid4()),
    }

    answer = post(token_api, game, winning, 201)

    assert b'"status":"finished","winner":1' in answer
    assert answer == token_api.get(game_url(game)).content
    assert answer == reference(game)
    assert post(token_api, game, winning, 200) == answer
    refused = token_api.post(hands_url(game), AUCTION_HANDS[2], format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "game_over"


def test_a_club_game_answers_its_club_and_roster_byte_for_byte(
    token_api: APIClient, user: AbstractUser
) -> None:
    club = club_services.club_create(name="Thursday Pitch", by=user)
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy"],
        club=club,
        created_by=user,
    )
    body = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}, "number": 1}

    answer = post(token_api, game, body, 201)

    assert b'"club":"thursday-pitch"' in answer
    assert answer == token_api.get(game_url(game)).content
    assert answer == reference(game)


def test_the_game_read_through_the_api_is_what_the_serializer_renders(
    token_api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(**TEAMS, created_by=user)
    for number, hand in enumerate(AUCTION_HANDS, start=1):
        post(token_api, game, {**hand, "number": number}, 201)

    assert token_api.get(game_url(game)).content == reference(game)


def _record_queries(client: APIClient, game: Game) -> int:
    game.refresh_from_db()
    number = game.hand_count + 1
    body = {**AUCTION_HANDS[0], "number": number, "client_id": str(uuid.uuid4())}
    with CaptureQueriesContext(connection) as queries:
        post(client, game, body, 201)
    return len(queries)


def test_recording_a_hand_through_the_api_takes_a_fixed_few_queries(
    token_api: APIClient, user: AbstractUser
) -> None:
    short = game_factory(created_by=user)
    long = game_factory(created_by=user, options={"target": 1000})
    for number in range(1, 31):
        post(token_api, long, {**AUCTION_HANDS[number % 3], "number": number}, 201)

    assert _record_queries(token_api, short) <= RECORD_QUERIES
    assert _record_queries(token_api, long) == _record_queries(token_api, short)


def _race(game: Game, user: AbstractUser, bodies: list[dict]) -> list[int]:
    """The bodies posted at the same moment by as many phones; their statuses."""
    barrier = threading.Barrier(len(bodies))
    statuses = [0] * len(bodies)

    def phone(index: int) -> None:
        client = APIClient()
        client.force_authenticate(user)
        try:
            barrier.wait()
            statuses[index] = client.post(
                hands_url(game), bodies[index], format="json"
            ).status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(statuses)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL"
)
def test_two_phones_posting_at_once_through_the_api_write_one_hand(
    user: AbstractUser,
) -> None:
    game = game_factory(created_by=user)
    hand = {**AUCTION_HANDS[0], "number": 1}
    again = {**hand, "client_id": str(uuid.uuid4())}

    assert _race(game, user, [hand, hand]) == [201, 409]
    assert _race(game, user, [{**again, "number": 2}] * 2) == [200, 201]
    assert Hand.objects.filter(game=game).count() == 2


def test_a_hand_with_team_credits_takes_no_more_queries(
    token_api: APIClient, user: AbstractUser
) -> None:
    plain = game_factory(**THIRTEEN, created_by=user)
    credited = game_factory(**THIRTEEN, created_by=user)
    queries = []
    for game, hand in ((plain, THIRTEEN_HANDS[0]), (credited, REST_TO_TEAM_HANDS[0])):
        with CaptureQueriesContext(connection) as captured:
            post(token_api, game, {**hand, "number": 1}, 201)
        queries.append(len(captured))
    assert queries[0] == queries[1] <= RECORD_QUERIES


def test_a_retry_takes_fewer_queries_than_a_recording(
    token_api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    body = {**AUCTION_HANDS[0], "number": 1, "client_id": str(uuid.uuid4())}
    post(token_api, game, body, 201)

    with CaptureQueriesContext(connection) as queries:
        post(token_api, game, body, 200)

    # The token, the game, the client_id, the answer's hands; the savepoint.
    assert len(queries) == RECORD_QUERIES - 4


def test_reading_a_game_takes_three_queries(
    token_api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user)
    post(token_api, game, {**AUCTION_HANDS[0], "number": 1}, 201)

    with CaptureQueriesContext(connection) as queries:
        answer = token_api.get(game_url(game))

    assert answer.status_code == 200
    # The token, the game with its club and seats, the hands with their awards.
    assert len(queries) == 3


def test_a_game_id_past_the_databases_integers_is_a_404_for_a_write(
    token_api: APIClient,
) -> None:
    answer = token_api.post(
        f"/api/v1/games/{2**70}/hands/", AUCTION_HANDS[0], format="json"
    )
    assert answer.status_code == 404


def _refuse_the_win(event: hooks.GameEvent) -> None:
    raise RuleViolation("game_over", "status", "A tournament match was played.")


@pytest.mark.django_db(transaction=True)
def test_a_refusal_after_the_rows_are_written_leaves_nothing_behind(
    user: AbstractUser,
) -> None:
    """The API's transaction is the service's (no savepoint of its own): a refusal
    after the hand, its awards and the game were written rolls all of it back."""
    client = APIClient()
    client.force_authenticate(user)
    game = game_factory(created_by=user, options={"target": 3})
    winning = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1, "jack": 1}}

    with hooks.listening(
        _refuse_the_win, events=(hooks.GameFinished,), name="tests.no_win"
    ):
        refused = client.post(hands_url(game), winning, format="json")

    assert refused.status_code == 409
    assert refused.json()["code"] == "game_over"
    game.refresh_from_db()
    assert (game.hand_count, game.scores, game.winner) == (0, [0, 0, 0, 0], None)
    assert not Hand.objects.filter(game=game).exists()
    assert not Award.objects.filter(hand__game=game).exists()
    # And the game goes on: the same hand is recorded once the refusal is gone.
    assert client.post(hands_url(game), winning, format="json").status_code == 201


def test_a_game_locked_by_the_caller_must_be_in_its_transaction(
    user: AbstractUser,
) -> None:
    game = game_factory(created_by=user)
    other = game_factory(created_by=user)
    hand = HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1})

    with pytest.raises(ValueError, match="not game"):
        hand_services.hand_record(game_id=other.pk, hand=hand, locked=game)


@pytest.mark.django_db(transaction=True)
def test_a_locked_game_outside_a_transaction_is_refused(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    hand = HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1})

    with pytest.raises(RuntimeError, match="atomic block"):
        hand_services.hand_record(game_id=game.pk, hand=hand, locked=game)
    assert not Hand.objects.filter(game=game).exists()


def test_a_game_listed_answers_its_seats_from_the_prefetch(
    token_api: APIClient, user: AbstractUser
) -> None:
    for _ in range(3):
        game_factory(created_by=user)

    with CaptureQueriesContext(connection) as queries:
        listed = token_api.get("/api/v1/games/")

    assert listed.status_code == 200
    games = listed.json()["results"]
    assert [game["players"] for game in games] == [["Ann", "Bob", "Cy", "Di"]] * 3
    # The token, the count, the page, its seats: none per game.
    assert len(queries) == 4

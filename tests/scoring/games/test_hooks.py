"""The game hook (scoring/games/hooks.py): a listener defined here sees every kind of
change once, in order; its refusal rolls the whole change back and reaches the
scorekeeper like a rule's; its error is not swallowed."""

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.games import hooks
from scoring.models import Award, Game, Hand, HandRevision
from tests.factories import game_factory
from tests.helpers import error_at, signed_in
from tests.scoring.games.test_write_path import RECORD_QUERIES

pytestmark = pytest.mark.django_db

SEAT_1_MAKES_2 = engine.HandInput(
    auction=(2, "pass", "pass", "pass"), awards={"high": 1, "low": 1, "game": 2}
)
# Seat 1 bids 4 and takes every point: 4, enough to win a game to 3.
SEAT_1_TAKES_ALL = engine.HandInput(
    auction=(4,), awards={"high": 1, "low": 1, "jack": 1, "game": 1}
)
# Seat 1 bids 4 and is set: seat 2 takes every point.
SEAT_2_TAKES_ALL = engine.HandInput(
    auction=(4,), awards={"high": 2, "low": 2, "jack": 2, "game": 2}
)
REFUSAL = "Hand 1 decides a tournament match played since: ask the director."


class Recorder:
    """A listener that keeps what it was told."""

    def __init__(self) -> None:
        self.events: list[hooks.GameEvent] = []

    def __call__(self, event: hooks.GameEvent) -> None:
        self.events.append(event)

    @property
    def kinds(self) -> list[str]:
        return [type(event).__name__ for event in self.events]


@pytest.fixture
def seen() -> Iterator[Recorder]:
    with hooks.listening(Recorder(), name="tests.recorder") as recorder:
        yield recorder


def refuse(code: str = "match_played", field: str = "") -> Any:
    def listener(event: hooks.GameEvent) -> None:
        raise RuleViolation(code, field, REFUSAL)

    return listener


def won_by_seat_1(user: AbstractUser, **options: Any) -> Game:
    game = game_factory(created_by=user, options={"target": 3, **options})
    hand_services.hand_record(game_id=game.pk, hand=SEAT_1_TAKES_ALL)
    game.refresh_from_db()
    assert game.winner == 1
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a change writes: hands, awards, revisions, the game's scores."""
    game = Game.objects.get(pk=game.pk)
    return {
        "game": (game.scores, game.hand_count, game.winner, game.status),
        "hands": list(Hand.objects.filter(game=game).order_by("number").values()),
        "awards": list(Award.objects.filter(hand__game=game).order_by("id").values()),
        "revisions": HandRevision.objects.filter(game=game).count(),
    }


# -- every kind of change, once


def test_a_recorded_hand_is_seen_once_and_a_retry_never(
    game: Game, user: AbstractUser, seen: Recorder
) -> None:
    client_id = uuid.uuid4()
    hand_services.hand_record(
        game_id=game.pk, hand=SEAT_1_MAKES_2, client_id=client_id, by=user
    )
    _, written = hand_services.hand_record(
        game_id=game.pk, hand=SEAT_1_MAKES_2, client_id=client_id, by=user
    )

    assert not written
    assert seen.kinds == ["HandRecorded"]
    [event] = seen.events
    assert isinstance(event, hooks.HandRecorded)
    assert (event.game.pk, event.by, event.hand.number) == (game.pk, user, 1)
    assert event.result.deltas == (0, 2, 1, 0)
    assert event.game.scores == [0, 2, 1, 0]


def test_the_hand_that_wins_is_recorded_then_finishes_the_game(
    user: AbstractUser, seen: Recorder
) -> None:
    game = won_by_seat_1(user)

    assert seen.kinds == ["HandRecorded", "GameFinished"]
    finished = seen.events[1]
    assert isinstance(finished, hooks.GameFinished)
    assert (finished.game.pk, finished.winner, finished.previous_winner) == (
        game.pk,
        1,
        None,
    )
    assert finished.by is None


def test_a_correction_is_seen_once_with_the_hand_before_and_after(
    three_hands: Game, user: AbstractUser, seen: Recorder
) -> None:
    hand_services.hand_correct(
        game_id=three_hands.pk, number=2, hand=SEAT_1_MAKES_2, by=user
    )

    assert seen.kinds == ["HandCorrected"]
    [event] = seen.events
    assert isinstance(event, hooks.HandCorrected)
    assert (event.number, event.by) == (2, user)
    revision = HandRevision.objects.get(game=three_hands)
    assert (event.before, event.after) == (revision.before, revision.after)
    assert event.after["awards"]["high"] == 1


def test_a_correction_that_unmakes_the_win_reopens_the_game(
    user: AbstractUser, seen: Recorder
) -> None:
    game = won_by_seat_1(user)
    seen.events.clear()

    hand_services.hand_correct(
        game_id=game.pk, number=1, hand=SEAT_2_TAKES_ALL, by=user
    )

    assert seen.kinds == ["HandCorrected", "GameReopened"]
    reopened = seen.events[1]
    assert isinstance(reopened, hooks.GameReopened)
    assert reopened.previous_winner == 1
    assert reopened.game.winner is None


def test_a_correction_giving_the_win_to_another_side_is_one_finish(
    user: AbstractUser, seen: Recorder
) -> None:
    game = won_by_seat_1(user, pitcher_only_win=False)
    seen.events.clear()

    hand_services.hand_correct(
        game_id=game.pk, number=1, hand=SEAT_2_TAKES_ALL, by=user
    )

    assert seen.kinds == ["HandCorrected", "GameFinished"]
    finished = seen.events[1]
    assert isinstance(finished, hooks.GameFinished)
    assert (finished.winner, finished.previous_winner) == (2, 1)


def test_a_correction_keeping_the_winner_neither_finishes_nor_reopens(
    user: AbstractUser, seen: Recorder
) -> None:
    game = won_by_seat_1(user)
    seen.events.clear()
    hand_services.hand_correct(
        game_id=game.pk, number=1, hand=SEAT_1_TAKES_ALL, by=user
    )

    assert seen.kinds == ["HandCorrected"]


def test_an_undo_is_seen_once(
    three_hands: Game, user: AbstractUser, seen: Recorder
) -> None:
    hand_services.hand_undo(game_id=three_hands.pk, number=3, by=user)

    assert seen.kinds == ["HandUndone"]
    [event] = seen.events
    assert isinstance(event, hooks.HandUndone)
    assert event.number == 3
    assert event.before == HandRevision.objects.get(game=three_hands).before
    assert event.game.hand_count == 2


def test_undoing_the_winning_hand_reopens_the_game(
    user: AbstractUser, seen: Recorder
) -> None:
    game = won_by_seat_1(user)
    seen.events.clear()

    hand_services.hand_undo(game_id=game.pk, number=1, by=user)

    assert seen.kinds == ["HandUndone", "GameReopened"]
    assert seen.events[1].previous_winner == 1  # type: ignore[attr-defined]


def test_starting_a_game_fires_nothing(user: AbstractUser, seen: Recorder) -> None:
    game_factory(created_by=user)
    assert seen.events == []


def test_a_listener_hears_only_the_events_it_registered_for(
    three_hands: Game, user: AbstractUser
) -> None:
    undos = Recorder()
    with hooks.listening(undos, events=(hooks.HandUndone,), name="tests.undos"):
        hand_services.hand_correct(
            game_id=three_hands.pk, number=1, hand=SEAT_1_MAKES_2, by=user
        )
        hand_services.hand_undo(game_id=three_hands.pk, number=3, by=user)

    assert undos.kinds == ["HandUndone"]


# -- order and registration


def test_listeners_run_by_order_then_name(game: Game) -> None:
    calls: list[str] = []

    def called(name: str) -> Any:
        return lambda event: calls.append(name)

    with (
        hooks.listening(called("late"), order=20, name="a.late"),
        hooks.listening(called("b"), order=10, name="b.second"),
        hooks.listening(called("a"), order=10, name="a.first"),
    ):
        hand_services.hand_record(game_id=game.pk, hand=SEAT_1_MAKES_2)

    assert calls == ["a", "b", "late"]


def test_a_name_is_registered_once_and_forgotten_after_the_block() -> None:
    with (
        hooks.listening(Recorder(), name="tests.once"),
        pytest.raises(ValueError, match=r"tests\.once"),
    ):
        hooks.register(
            Recorder(), events=(hooks.GameEvent,), order=0, name="tests.once"
        )
    with hooks.listening(Recorder(), name="tests.once"):
        pass


def test_only_game_events_can_be_listened_to() -> None:
    with pytest.raises(ValueError, match="GameEvent"):
        hooks.register(Recorder(), events=(Hand,), order=0, name="tests.hands")  # type: ignore[arg-type]


@pytest.mark.django_db(transaction=True)
def test_events_are_dispatched_inside_a_transaction_only(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    with pytest.raises(RuntimeError, match="outside a transaction"):
        hooks.dispatch(hooks.GameAbandoned(game=game, by=None))


# -- a listener's refusal rolls the whole change back


def test_a_refused_recording_writes_nothing(three_hands: Game) -> None:
    before = snapshot(three_hands)
    with (
        hooks.listening(refuse(), events=(hooks.HandRecorded,), name="tests.no"),
        pytest.raises(RuleViolation, match="tournament match"),
    ):
        hand_services.hand_record(game_id=three_hands.pk, hand=SEAT_1_MAKES_2)
    assert snapshot(three_hands) == before


def test_a_refused_finish_writes_nothing_of_the_winning_hand(
    user: AbstractUser,
) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    before = snapshot(game)
    with (
        hooks.listening(refuse(), events=(hooks.GameFinished,), name="tests.no"),
        pytest.raises(RuleViolation),
    ):
        hand_services.hand_record(game_id=game.pk, hand=SEAT_1_TAKES_ALL)
    assert snapshot(game) == before


def test_a_refused_correction_or_undo_changes_nothing(
    user: AbstractUser,
) -> None:
    game = won_by_seat_1(user)
    before = snapshot(game)
    with hooks.listening(refuse(), name="tests.no"):
        with pytest.raises(RuleViolation):
            hand_services.hand_correct(
                game_id=game.pk, number=1, hand=SEAT_2_TAKES_ALL, by=user
            )
        with pytest.raises(RuleViolation):
            hand_services.hand_undo(game_id=game.pk, number=1, by=user)
    assert snapshot(game) == before


def test_a_refusal_of_the_reopening_keeps_the_correction_from_happening(
    user: AbstractUser,
) -> None:
    game = won_by_seat_1(user)
    before = snapshot(game)
    with (
        hooks.listening(refuse(), events=(hooks.GameReopened,), name="tests.no"),
        pytest.raises(RuleViolation),
    ):
        hand_services.hand_correct(game_id=game.pk, number=1, hand=SEAT_2_TAKES_ALL)
    assert snapshot(game) == before


# -- ... and reaches the scorekeeper like a rule's refusal


@pytest.fixture
def token_api(user: AbstractUser) -> APIClient:
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}"
    )
    return client


def test_the_api_answers_a_listeners_refusal_like_a_rules(
    api: APIClient, three_hands: Game
) -> None:
    before = snapshot(three_hands)
    hand = {"auction": [2, "pass", "pass", "pass"], "awards": {"high": 1, "low": 1}}
    url = f"/api/v1/games/{three_hands.pk}/hands/"
    with hooks.listening(refuse(field="awards.high"), name="tests.no"):
        refused = api.post(url, {**hand, "number": 4}, format="json")
        corrected = api.put(f"{url}1/", hand, format="json")

    assert refused.status_code == 400
    assert error_at(refused.json(), "awards.high") == [REFUSAL]
    assert corrected.status_code == 400
    assert error_at(corrected.json(), "awards.high") == [REFUSAL]
    assert snapshot(three_hands) == before


def test_a_listeners_conflict_is_a_409_like_the_rules(
    api: APIClient, three_hands: Game
) -> None:
    before = snapshot(three_hands)
    url = f"/api/v1/games/{three_hands.pk}/hands/"
    with hooks.listening(refuse(code="game_over"), name="tests.no"):
        refused = api.post(
            url,
            {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}},
            format="json",
        )
        undone = api.delete(f"{url}3/")

    assert refused.status_code == 409
    assert refused.json() == {"detail": REFUSAL, "code": "game_over"}
    assert undone.status_code == 409
    assert undone.json() == {"detail": REFUSAL, "code": "game_over"}
    assert snapshot(three_hands) == before


def test_the_table_page_shows_a_listeners_refusal_next_to_the_form(
    user: AbstractUser, game: Game
) -> None:
    client = signed_in(user)
    fields = {
        "action": "save",
        "pitcher": "1",
        "bid": "2",
        "award-high": "1",
        "award-low": "1",
        "award-jack": "none",
        "award-game": "2",
    }
    with hooks.listening(refuse(field="bid"), name="tests.no"):
        response = client.post(reverse("scoring:hand_record", args=[game.pk]), fields)

    assert response.status_code == 422
    text = response.content.decode()
    error = re.search(r'<p class="field-error" id="bid-error">(.*?)</p>', text)
    assert error is not None
    assert error.group(1) == REFUSAL
    assert Hand.objects.filter(game=game).count() == 0


def test_the_hand_page_shows_a_listeners_refusal_of_a_correction(
    user: AbstractUser, three_hands: Game
) -> None:
    before = snapshot(three_hands)
    client = signed_in(user)
    fields = {
        "action": "save",
        "pitcher": "1",
        "bid": "2",
        "award-high": "1",
        "award-low": "1",
        "award-jack": "none",
        "award-game": "2",
    }
    with hooks.listening(refuse(), name="tests.no"):
        response = client.post(
            reverse("scoring:hand", args=[three_hands.pk, 1]), fields
        )

    assert response.status_code == 422
    text = response.content.decode()
    assert f'<div class="field-error form-error" role="alert"><p>{REFUSAL}</p>' in text
    assert snapshot(three_hands) == before


# -- a listener's error is not swallowed


def test_a_listeners_error_propagates_and_nothing_is_written(
    api: APIClient, three_hands: Game
) -> None:
    def broken(event: hooks.GameEvent) -> None:
        raise RuntimeError("listener bug")

    before = snapshot(three_hands)
    with hooks.listening(broken, name="tests.broken"):
        with pytest.raises(RuntimeError, match="listener bug"):
            hand_services.hand_record(game_id=three_hands.pk, hand=SEAT_1_MAKES_2)
        with pytest.raises(RuntimeError, match="listener bug"):
            api.put(
                f"/api/v1/games/{three_hands.pk}/hands/1/",
                {
                    "auction": [2, "pass", "pass", "pass"],
                    "awards": {"high": 1, "low": 1},
                },
                format="json",
            )
    assert snapshot(three_hands) == before


# -- the hook costs no query


def test_recording_with_a_listener_takes_no_more_queries(
    token_api: APIClient, user: AbstractUser, seen: Recorder
) -> None:
    game = game_factory(created_by=user)
    body = {
        "auction": [2, "pass", "pass", "pass"],
        "awards": {"high": 1, "low": 1},
        "number": 1,
        "client_id": str(uuid.uuid4()),
    }
    with CaptureQueriesContext(connection) as queries:
        response = token_api.post(
            f"/api/v1/games/{game.pk}/hands/", body, format="json"
        )

    assert response.status_code == 201, response.content
    assert seen.kinds == ["HandRecorded"]
    assert len(queries) <= RECORD_QUERIES

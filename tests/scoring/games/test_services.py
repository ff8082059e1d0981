"""The services, called directly: what they write, what they refuse, and the database
constraints that keep the rows whole even when a bug bypasses the services."""

import threading
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser, AnonymousUser
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from pitchclub.models import Player
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import convert, services
from scoring.games import hands as hand_services
from scoring.models import Award, Game, Hand, HandRevision, Seat, Status
from tests.factories import PlayerFactory, UserFactory, game_factory, record

ALL_FOUR = ("high", "low", "jack", "game")


def hand(auction: list[Any], awards: dict[str, int | None], **extra: Any) -> Any:
    return engine.HandInput(auction=tuple(auction), awards=awards, **extra)


def row(game: Game) -> dict[str, Any]:
    """The game row as stored, every column."""
    return Game.objects.filter(pk=game.pk).values().get()


def hand_rows(game: Game) -> list[dict[str, Any]]:
    return list(Hand.objects.filter(game=game).order_by("number").values())


def award_rows(game: Game) -> list[tuple[int, str, int, int, int, int]]:
    return list(
        Award.objects.filter(hand__game=game)
        .order_by("hand__number", "point")
        .values_list("hand__number", "point", "seat", "side", "value", "player_id")
    )


@pytest.fixture
def won(user: AbstractUser) -> Game:
    """Target 3: seat 1 pitches 4, takes all four points and wins at hand 1."""
    game = game_factory(created_by=user, options={"target": 3})
    return record(game, [4], dict.fromkeys(ALL_FOUR, 1))


# --- game_start -----------------------------------------------------------------------


def test_game_start_seats_the_players_in_order_with_their_sides(
    user: AbstractUser,
) -> None:
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di", "Eve", "Finn"],
        partnership=True,
        options={"target": 11},
        created_by=user,
    )

    seats = list(game.seats.values_list("number", "side", "player__name"))
    assert seats == [
        (0, 0, "Ann"),
        (1, 1, "Bob"),
        (2, 2, "Cy"),
        (3, 0, "Di"),
        (4, 1, "Eve"),
        (5, 2, "Finn"),
    ]
    stored = row(game)
    assert stored["player_count"] == 6
    assert stored["partnership"] is True
    assert stored["scores"] == [0, 0, 0]
    assert stored["options"]["target"] == 11
    assert stored["options"]["dealer_min_bid"] == 2  # defaults stored too
    assert stored["status"] == Status.IN_PROGRESS
    assert stored["winner"] is None
    assert stored["hand_count"] == 0
    assert stored["created_by_id"] == user.pk


def test_game_start_reuses_the_keepers_players_by_name_and_takes_given_ones(
    user: AbstractUser,
) -> None:
    zed = PlayerFactory(name="Zed", user=user)  # the keeper's own player
    strangers_ann = PlayerFactory(name="Ann")
    first = services.game_start(
        variant="auction", players=["Ann", "Bob"], created_by=user
    )
    ann = first.seats.get(number=0).player

    game = services.game_start(
        variant="auction", players=["  Ann ", zed, "Cy"], created_by=user
    )

    assert [seat.player for seat in game.seats.all()] == [
        ann,
        zed,
        Player.objects.get(name="Cy"),
    ]
    assert ann != strangers_ann


def test_game_start_refuses_someone_elses_player_outside_clubs(
    user: AbstractUser,
) -> None:
    strangers = services.game_start(
        variant="auction", players=["Ann", "Bob"], created_by=UserFactory()
    )
    bob = strangers.seats.get(number=1).player

    with pytest.raises(RuleViolation) as refused:
        services.game_start(variant="auction", players=["Cy", bob], created_by=user)

    assert (refused.value.code, refused.value.field) == (
        "player_not_yours",
        "players.1",
    )
    assert bob.seats.count() == 1


def test_game_start_by_an_anonymous_user_has_no_creator(db: None) -> None:
    game = services.game_start(
        variant="auction", players=["Ann", "Bob"], created_by=AnonymousUser()
    )

    assert game.created_by is None


def test_a_refused_game_writes_nothing(db: None) -> None:
    with pytest.raises(RuleViolation) as refused:
        services.game_start(variant="auction", players=["Ann", "Bob", "Cy", "ann"])

    assert refused.value.code == "duplicate_player"
    assert refused.value.field == "players.3"
    assert not Game.objects.exists()
    assert not Seat.objects.exists()
    assert not Player.objects.exists()


# --- hand_record ----------------------------------------------------------------------


def test_hand_record_stores_the_hand_and_its_result(
    game: Game, user: AbstractUser
) -> None:
    client_id = uuid.uuid4()

    _, created = hand_services.hand_record(
        game_id=game.pk,
        hand=hand([2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2}),
        client_id=client_id,
        by=user,
        number=1,
    )

    assert created is True
    [stored] = hand_rows(game)
    assert stored["number"] == 1
    assert stored["dealer"] == 0
    assert stored["auction"] == [2, "pass", 3, "pass"]
    assert (stored["pitcher"], stored["bid"], stored["bidding_side"]) == (3, 3, 3)
    assert stored["won"] == [0, 1, 1, 2]
    assert stored["made"] is False
    assert stored["deltas"] == [0, 1, 1, -3]
    assert stored["scores"] == [0, 1, 1, -3]
    assert stored["client_id"] == client_id
    assert stored["recorded_by_id"] == user.pk
    game.refresh_from_db()
    assert game.scores == [0, 1, 1, -3]
    assert game.hand_count == 1


def test_one_award_row_per_point_taken_with_player_and_value(game: Game) -> None:
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": None})

    players = dict(game.seats.values_list("number", "player_id"))
    assert award_rows(game) == [
        (1, "high", 3, 3, 1, players[3]),
        (1, "jack", 3, 3, 1, players[3]),
        (1, "low", 1, 1, 1, players[1]),
    ]


def test_awards_keep_their_hands_game_when_recorded_and_corrected(
    user: AbstractUser,
) -> None:
    first, second = game_factory(created_by=user), game_factory(created_by=user)
    record(second, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3})
    record(first, [2, "pass", "pass", "pass"], dict.fromkeys(ALL_FOUR, 0))
    hand_services.hand_correct(
        game_id=second.pk,
        number=1,
        hand=hand([2, "pass", "pass", "pass"], {"high": 0, "low": 2, "game": 0}),
        by=user,
    )

    stored = Award.objects.values_list("game_id", "hand__game_id", "point")
    assert sorted(stored) == sorted(
        [(first.pk, first.pk, point) for point in ALL_FOUR]
        + [(second.pk, second.pk, point) for point in ("game", "high", "low")]
    )


def test_thirteen_awards_carry_the_value_of_each_point(user: AbstractUser) -> None:
    game = game_factory(variant="thirteen", created_by=user)
    players = dict(game.seats.values_list("number", "player_id"))

    record(
        game,
        [5, "pass", "pass", "pass"],
        {"ace": 1, "three": 3, "off_three": 0, "two": 2, "ten": None, "jick": 1},
    )

    assert award_rows(game) == [
        (1, "ace", 1, 1, 1, players[1]),
        (1, "jick", 1, 1, 1, players[1]),
        (1, "off_three", 0, 0, 3, players[0]),
        (1, "three", 3, 1, 3, players[3]),
        (1, "two", 2, 0, 1, players[2]),
    ]
    game.refresh_from_db()
    assert game.scores == [4, 5]


def test_a_refused_hand_leaves_nothing_written(game: Game) -> None:
    before = row(game)

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_record(game_id=game.pk, hand=hand([2, "pass", "pass"], {}))

    assert refused.value.field == "auction"
    assert not Hand.objects.exists()
    assert not Award.objects.exists()
    assert row(game) == before


def test_a_failure_after_the_hand_is_written_rolls_everything_back(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = row(game)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(hand_services, "_apply_state", broken)
    with pytest.raises(RuntimeError):
        hand_services.hand_record(
            game_id=game.pk, hand=hand([4], dict.fromkeys(ALL_FOUR, 1))
        )

    assert not Hand.objects.exists()
    assert not Award.objects.exists()
    assert row(game) == before


def test_a_client_id_retry_writes_nothing(game: Game) -> None:
    client_id = uuid.uuid4()
    first = hand([2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    hand_services.hand_record(
        game_id=game.pk, hand=first, client_id=client_id, number=1
    )
    before = (row(game), hand_rows(game), award_rows(game))

    # The retry may even carry a wrong number or another hand: it is recognised first.
    _, created = hand_services.hand_record(
        game_id=game.pk,
        hand=hand([4], dict.fromkeys(ALL_FOUR, 2)),
        client_id=client_id,
        number=1,
    )

    assert created is False
    assert (row(game), hand_rows(game), award_rows(game)) == before
    assert not HandRevision.objects.exists()


def test_an_undone_hands_client_id_is_refused_and_writes_nothing(game: Game) -> None:
    client_id = uuid.uuid4()
    first = hand([2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    hand_services.hand_record(
        game_id=game.pk, hand=first, client_id=client_id, number=1
    )
    hand_services.hand_undo(game_id=game.pk, number=1)
    before = (row(game), hand_rows(game), award_rows(game))

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_record(
            game_id=game.pk, hand=first, client_id=client_id, number=1
        )

    assert (refused.value.code, refused.value.field) == ("hand_undone", "client_id")
    assert refused.value.hand == 1
    assert (row(game), hand_rows(game), award_rows(game)) == before


def test_a_client_id_retry_on_a_won_game_writes_nothing(user: AbstractUser) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    client_id = uuid.uuid4()
    winning = hand([4], dict.fromkeys(ALL_FOUR, 1))
    hand_services.hand_record(game_id=game.pk, hand=winning, client_id=client_id)
    before = row(game)

    _, created = hand_services.hand_record(
        game_id=game.pk, hand=winning, client_id=client_id
    )

    assert created is False
    assert row(game) == before


@pytest.mark.parametrize("number", [1, 3])
def test_the_number_guard_refuses_and_writes_nothing(game: Game, number: int) -> None:
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    before = (row(game), hand_rows(game))

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_record(
            game_id=game.pk,
            hand=hand(["pass", 2, "pass", "pass"], {"high": 3, "low": 3}),
            number=number,
            client_id=uuid.uuid4(),
        )

    assert refused.value.code == "number_conflict"
    assert refused.value.field == "number"
    assert (row(game), hand_rows(game)) == before


def test_a_won_game_takes_no_more_hands(won: Game) -> None:
    before = row(won)

    with pytest.raises(RuleViolation) as refused:
        record(won, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})

    assert refused.value.code == "game_over"
    assert row(won) == before


def test_the_winning_hand_finishes_the_game(won: Game) -> None:
    stored = row(won)

    assert stored["status"] == Status.FINISHED
    assert stored["winner"] == 1
    assert stored["finished_at"] is not None
    assert abs(stored["finished_at"] - timezone.now()) < timedelta(minutes=1)


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite locks the whole database"
)
@pytest.mark.django_db(transaction=True)
def test_two_phones_recording_hand_1_at_once_record_it_once() -> None:
    game = game_factory()
    first_phone = hand([2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    second_phone = hand([3, "pass", "pass", "pass"], {"high": 2, "low": 2})
    holding = threading.Event()
    failures: list[BaseException] = []

    def slow_first_phone() -> None:
        try:
            with transaction.atomic():
                # Hold the game's lock while the second phone tries to record.
                Game.objects.select_for_update().get(pk=game.pk)
                holding.set()
                time.sleep(0.3)
                hand_services.hand_record(game_id=game.pk, hand=first_phone, number=1)
        except BaseException as failure:  # reported by the main thread
            failures.append(failure)
        finally:
            holding.set()
            connection.close()

    phone = threading.Thread(target=slow_first_phone)
    phone.start()
    assert holding.wait(timeout=10)
    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_record(game_id=game.pk, hand=second_phone, number=1)
    phone.join(timeout=10)

    assert failures == []
    assert refused.value.code == "number_conflict"
    [stored] = Hand.objects.filter(game=game)
    assert stored.bid == 2


# --- hand_correct ---------------------------------------------------------------------


def test_a_correction_rewrites_the_hand_its_awards_and_later_running_scores(
    three_hands: Game, user: AbstractUser
) -> None:
    before = hand_rows(three_hands)

    hand_services.hand_correct(
        game_id=three_hands.pk,
        number=1,
        hand=hand([2, "pass", "pass", "pass"], dict.fromkeys(ALL_FOUR, 0)),
        by=user,
    )

    after = hand_rows(three_hands)
    assert [h["scores"] for h in after] == [[4, -2, 0, 0], [4, -2, 0, 2], [5, -4, 0, 2]]
    assert after[0]["won"] == [4, 0, 0, 0]
    assert after[0]["deltas"] == [4, -2, 0, 0]
    assert after[0]["made"] is False
    # Later hands keep their inputs and their own results; only running scores move.
    for old, new in zip(before[1:], after[1:], strict=True):
        assert {k: v for k, v in old.items() if k not in ("scores", "updated_at")} == {
            k: v for k, v in new.items() if k not in ("scores", "updated_at")
        }
    assert [point for _, point, *_ in award_rows(three_hands)[:4]] == sorted(ALL_FOUR)
    assert all(
        seat == 0 for number, _, seat, *_ in award_rows(three_hands) if number == 1
    )
    three_hands.refresh_from_db()
    assert three_hands.scores == [5, -4, 0, 2]
    assert three_hands.hand_count == 3


def test_stored_hands_match_a_replay_after_a_correction(
    three_hands: Game, user: AbstractUser
) -> None:
    corrected = hand(["pass", 2, "pass", "pass"], {"high": 0, "low": 3, "jack": 1})
    hand_services.hand_correct(
        game_id=three_hands.pk, number=2, hand=corrected, by=user
    )

    stored = list(
        Hand.objects.filter(game=three_hands)
        .order_by("number")
        .prefetch_related("awards")
    )
    replayed = engine.replay(
        convert.rules_for(three_hands),
        [convert.hand_input_of(stored_hand) for stored_hand in stored],
    )
    for stored_hand, result in zip(stored, replayed.results, strict=True):
        assert stored_hand.won == list(result.won)
        assert stored_hand.deltas == list(result.deltas)
        assert stored_hand.scores == list(result.scores)
    three_hands.refresh_from_db()
    assert three_hands.scores == list(replayed.state.scores)


def test_a_correction_is_logged_with_who_when_and_what(
    three_hands: Game, user: AbstractUser
) -> None:
    original = Hand.objects.get(game=three_hands, number=2)
    corrector = UserFactory()

    hand_services.hand_correct(
        game_id=three_hands.pk,
        number=2,
        hand=hand(["pass", 2, "pass", "pass"], {"high": 3, "low": 3, "jack": 3}),
        by=corrector,
    )

    [revision] = HandRevision.objects.filter(game=three_hands)
    assert revision.action == HandRevision.Action.CORRECT
    assert revision.hand_number == 2
    assert revision.changed_by == corrector
    assert abs(revision.changed_at - timezone.now()) < timedelta(minutes=1)
    assert revision.before["awards"] == {
        "high": 3,
        "low": 3,
        "jack": None,
        "game": None,
    }
    assert revision.before["scores"] == [0, 2, 1, 2]
    assert revision.before["recorded_by"] == original.recorded_by_id
    assert revision.after is not None
    assert revision.after["awards"] == {"high": 3, "low": 3, "jack": 3, "game": None}
    assert revision.after["won"] == [0, 0, 0, 3]
    assert revision.after["scores"] == [0, 2, 1, 3]


def test_every_correction_keeps_its_own_revision(
    three_hands: Game, user: AbstractUser
) -> None:
    for high in (0, 2):
        hand_services.hand_correct(
            game_id=three_hands.pk,
            number=3,
            hand=hand(["pass", "pass", 2, "pass"], {"high": high, "low": 1}),
            by=user,
        )

    revisions = list(HandRevision.objects.filter(game=three_hands))
    assert [r.before["awards"]["high"] for r in revisions] == [1, 0]
    assert [r.after["awards"]["high"] for r in revisions] == [0, 2]


def test_a_refused_correction_changes_nothing(
    three_hands: Game, user: AbstractUser
) -> None:
    before = (row(three_hands), hand_rows(three_hands), award_rows(three_hands))

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_correct(
            game_id=three_hands.pk,
            number=1,
            hand=hand(["pass", "pass", "pass", "pass"], {"high": 1, "low": 1}),
            by=user,
        )

    assert refused.value.field == "auction.3"
    assert (row(three_hands), hand_rows(three_hands), award_rows(three_hands)) == before
    assert not HandRevision.objects.exists()


def test_a_correction_that_wins_before_the_last_hand_is_refused(
    user: AbstractUser,
) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    record(game, ["pass", 2, "pass", "pass"], {"high": 3, "low": 3})
    before = (row(game), hand_rows(game), award_rows(game))

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_correct(
            game_id=game.pk,
            number=1,
            hand=hand([2, "pass", "pass", "pass"], dict.fromkeys(ALL_FOUR, 1)),
            by=user,
        )

    assert refused.value.code == "won_before_last_hand"
    assert (row(game), hand_rows(game), award_rows(game)) == before
    assert not HandRevision.objects.exists()


def test_a_failure_during_a_correction_rolls_everything_back(
    three_hands: Game, user: AbstractUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = (row(three_hands), hand_rows(three_hands), award_rows(three_hands))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(hand_services, "_apply_state", broken)
    with pytest.raises(RuntimeError):
        hand_services.hand_correct(
            game_id=three_hands.pk,
            number=1,
            hand=hand([2, "pass", "pass", "pass"], dict.fromkeys(ALL_FOUR, 0)),
            by=user,
        )

    assert (row(three_hands), hand_rows(three_hands), award_rows(three_hands)) == before
    assert not HandRevision.objects.exists()


def test_a_correction_that_undoes_the_win_reopens_the_game(
    won: Game, user: AbstractUser
) -> None:
    hand_services.hand_correct(
        game_id=won.pk,
        number=1,
        hand=hand([4], {"high": 1, "low": 1, "jack": 2, "game": 2}),
        by=user,
    )

    stored = row(won)
    assert stored["status"] == Status.IN_PROGRESS
    assert stored["winner"] is None
    assert stored["finished_at"] is None
    assert stored["scores"] == [0, -4, 2, 0]


def test_a_correction_that_keeps_the_win_keeps_when_it_was_won(
    won: Game, user: AbstractUser
) -> None:
    finished_at = row(won)["finished_at"]

    hand_services.hand_correct(
        game_id=won.pk,
        number=1,
        hand=hand([3, "pass", "pass", "pass"], dict.fromkeys(ALL_FOUR, 1)),
        by=user,
    )

    stored = row(won)
    assert stored["status"] == Status.FINISHED
    assert stored["winner"] == 1
    assert stored["finished_at"] == finished_at


def test_a_correction_that_wins_on_the_last_hand_finishes_the_game(
    three_hands: Game, user: AbstractUser
) -> None:
    # Hand 1 becomes a 3 made by seat 1; then seat 1 pitches 4 in hand 3: 3 + 4 = 7.
    hand_services.hand_correct(
        game_id=three_hands.pk,
        number=1,
        hand=hand([3, "pass", "pass", "pass"], {"high": 1, "low": 1, "jack": 1}),
        by=user,
    )
    hand_services.hand_correct(
        game_id=three_hands.pk,
        number=3,
        hand=hand(["pass", "pass", 4], dict.fromkeys(ALL_FOUR, 1)),
        by=user,
    )

    stored = row(three_hands)
    assert stored["scores"] == [0, 7, 0, 2]
    assert stored["status"] == Status.FINISHED
    assert stored["winner"] == 1
    assert stored["finished_at"] is not None


@pytest.mark.parametrize("number", [0, 4])
def test_correcting_a_missing_hand_raises_hand_not_found(
    three_hands: Game, number: int
) -> None:
    with pytest.raises(hand_services.HandNotFound):
        hand_services.hand_correct(
            game_id=three_hands.pk,
            number=number,
            hand=hand([2, "pass", "pass", "pass"], {"high": 1, "low": 1}),
        )


# --- hand_undo ------------------------------------------------------------------------


def test_undo_removes_the_last_hand_and_its_awards(
    three_hands: Game, user: AbstractUser
) -> None:
    kept = hand_rows(three_hands)[:2]

    hand_services.hand_undo(game_id=three_hands.pk, number=3, by=user)

    assert hand_rows(three_hands) == kept
    assert {number for number, *_ in award_rows(three_hands)} == {1, 2}
    stored = row(three_hands)
    assert stored["scores"] == [0, 2, 1, 2]
    assert stored["hand_count"] == 2


def test_undo_is_logged_with_who_when_and_what(
    three_hands: Game, user: AbstractUser
) -> None:
    hand_services.hand_undo(game_id=three_hands.pk, number=3, by=user)

    [revision] = HandRevision.objects.filter(game=three_hands)
    assert revision.action == HandRevision.Action.UNDO
    assert revision.hand_number == 3
    assert revision.changed_by == user
    assert abs(revision.changed_at - timezone.now()) < timedelta(minutes=1)
    assert revision.before["auction"] == ["pass", "pass", 2, "pass"]
    assert revision.before["awards"] == {
        "high": 1,
        "low": 0,
        "jack": None,
        "game": None,
    }
    assert revision.before["scores"] == [1, 0, 1, 2]
    assert revision.after is None


def test_undo_of_the_winning_hand_reopens_the_game(
    won: Game, user: AbstractUser
) -> None:
    hand_services.hand_undo(game_id=won.pk, number=1, by=user)

    stored = row(won)
    assert stored["status"] == Status.IN_PROGRESS
    assert stored["winner"] is None
    assert stored["finished_at"] is None
    assert stored["scores"] == [0, 0, 0, 0]
    assert stored["hand_count"] == 0
    assert not Hand.objects.exists()
    assert not Award.objects.exists()


@pytest.mark.parametrize("number", [1, 2])
def test_undo_of_an_earlier_hand_is_refused(
    three_hands: Game, user: AbstractUser, number: int
) -> None:
    before = (row(three_hands), hand_rows(three_hands))

    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_undo(game_id=three_hands.pk, number=number, by=user)

    assert refused.value.code == "not_last_hand"
    assert (row(three_hands), hand_rows(three_hands)) == before
    assert not HandRevision.objects.exists()


@pytest.mark.parametrize("number", [0, 4])
def test_undo_of_a_missing_hand_raises_hand_not_found(
    three_hands: Game, number: int
) -> None:
    with pytest.raises(hand_services.HandNotFound):
        hand_services.hand_undo(game_id=three_hands.pk, number=number)


def test_a_failure_during_undo_rolls_everything_back(
    three_hands: Game, user: AbstractUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = (row(three_hands), hand_rows(three_hands), award_rows(three_hands))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(hand_services, "_apply_state", broken)
    with pytest.raises(RuntimeError):
        hand_services.hand_undo(game_id=three_hands.pk, number=3, by=user)

    assert (row(three_hands), hand_rows(three_hands), award_rows(three_hands)) == before
    assert not HandRevision.objects.exists()


# --- database constraints -------------------------------------------------------------


def hand_row(game: Game, **fields: Any) -> Hand:
    """A Hand row written straight to the database, bypassing the services."""
    values: dict[str, Any] = {
        "number": 1,
        "dealer": 0,
        "pitcher": 1,
        "bid": 2,
        "bidding_side": 1,
        "won": [0, 2, 0, 0],
        "made": True,
        "deltas": [0, 2, 0, 0],
        "scores": [0, 2, 0, 0],
        **fields,
    }
    return Hand.objects.create(game=game, **values)


def award_row(stored: Hand, **fields: Any) -> Award:
    seat = fields.get("seat", 1)
    values: dict[str, Any] = {
        "point": "high",
        "seat": seat,
        "side": seat,
        "value": 1,
        "player": stored.game.seats.get(number=seat).player,
        **fields,
    }
    return Award.objects.create(hand=stored, game=stored.game, **values)


def test_rows_that_keep_the_rules_are_accepted(game: Game) -> None:
    first = hand_row(game, client_id=uuid.uuid4())
    hand_row(game, number=2, client_id=None)
    hand_row(game, number=3, client_id=None, bid=13, trump="clubs")
    award_row(first)
    award_row(first, point="three", value=3)
    Game.objects.filter(pk=game.pk).update(status=Status.FINISHED, winner=3)

    assert Hand.objects.filter(game=game).count() == 3


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        pytest.param({"bid": 0}, "hand_bid_1_to_13", id="bid 0"),
        pytest.param({"bid": 14}, "hand_bid_1_to_13", id="bid 14"),
        pytest.param({"number": 0}, "hand_number_from_1", id="number 0"),
        pytest.param({"dealer": 7}, "hand_dealer_is_a_seat", id="dealer 7"),
        pytest.param({"pitcher": 7}, "hand_pitcher_is_a_seat", id="pitcher 7"),
        pytest.param({"trump": "stars"}, "hand_trump_known", id="unknown trump"),
    ],
)
def test_the_database_refuses_a_hand_that_breaks_a_check(
    game: Game, fields: dict[str, Any], constraint: str
) -> None:
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        hand_row(game, **fields)


def test_the_database_refuses_two_hands_with_the_same_number(game: Game) -> None:
    hand_row(game, number=1)

    with pytest.raises(IntegrityError), transaction.atomic():
        hand_row(game, number=1)


def test_the_same_hand_number_in_another_game_is_fine(
    game: Game, user: AbstractUser
) -> None:
    hand_row(game, number=1)

    hand_row(game_factory(created_by=user), number=1)


def test_the_database_refuses_a_client_id_twice_in_one_game(game: Game) -> None:
    client_id = uuid.uuid4()
    hand_row(game, number=1, client_id=client_id)

    with pytest.raises(IntegrityError), transaction.atomic():
        hand_row(game, number=2, client_id=client_id)


def test_a_client_id_may_come_again_in_another_game(
    game: Game, user: AbstractUser
) -> None:
    client_id = uuid.uuid4()
    hand_row(game, client_id=client_id)

    hand_row(game_factory(created_by=user), client_id=client_id)

    assert Hand.objects.filter(client_id=client_id).count() == 2


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        pytest.param(
            {"status": Status.FINISHED, "winner": None},
            "game_finished_iff_winner",
            id="finished without a winner",
        ),
        pytest.param(
            {"status": Status.IN_PROGRESS, "winner": 1},
            "game_finished_iff_winner",
            id="winner while in progress",
        ),
        pytest.param(
            {"status": Status.FINISHED, "winner": 4},
            "game_winner_is_a_side",
            id="winner not a side",
        ),
        pytest.param(
            {"partnership": True, "status": Status.FINISHED, "winner": 2},
            "game_winner_is_a_side",
            id="winner 2 of two teams",
        ),
        pytest.param(
            {"status": "paused"},
            # An unknown status breaks both checks; databases name either one.
            "game_status_known|game_finished_iff_winner",
            id="unknown status",
        ),
        pytest.param({"variant": "whist"}, "game_variant_known", id="unknown variant"),
        pytest.param(
            {"first_dealer": 4}, "game_first_dealer_is_a_seat", id="first dealer 4 of 4"
        ),
        pytest.param({"player_count": 8}, "game_player_count_2_to_7", id="8 players"),
        pytest.param(
            {"player_count": 1, "first_dealer": 0},
            "game_player_count_2_to_7",
            id="1 player",
        ),
    ],
)
def test_the_database_refuses_a_game_that_breaks_a_check(
    game: Game, fields: dict[str, Any], constraint: str
) -> None:
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(**fields)


def test_the_database_refuses_a_seat_twice_or_a_player_twice(game: Game) -> None:
    ann = game.seats.get(number=0).player

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, number=0, side=0, player=PlayerFactory())
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, number=4, side=0, player=ann)
    with (
        pytest.raises(IntegrityError, match="seat_number_0_to_6"),
        transaction.atomic(),
    ):
        Seat.objects.create(game=game, number=7, side=0, player=PlayerFactory())


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        pytest.param({"value": 0}, "award_value_1_to_3", id="value 0"),
        pytest.param({"value": 4}, "award_value_1_to_3", id="value 4"),
        pytest.param({"point": "queen"}, "award_point_known", id="unknown point"),
    ],
)
def test_the_database_refuses_an_award_that_breaks_a_check(
    game: Game, fields: dict[str, Any], constraint: str
) -> None:
    stored = hand_row(game)

    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        award_row(stored, **fields)


def test_the_database_refuses_a_point_awarded_twice_in_a_hand(game: Game) -> None:
    stored = hand_row(game)
    award_row(stored, point="high", seat=1)

    with pytest.raises(IntegrityError), transaction.atomic():
        award_row(stored, point="high", seat=2)


def test_the_database_refuses_a_player_without_a_name(db: None) -> None:
    with (
        pytest.raises(IntegrityError, match="player_name_not_empty"),
        transaction.atomic(),
    ):
        Player.objects.create(name="")


@pytest.mark.django_db
def test_a_rematch_seats_the_same_players_and_moves_the_deal_on() -> None:
    keeper = UserFactory()
    game = game_factory(
        partnership=True,
        first_dealer=3,
        options={"target": 4, "dealer_may_steal": False},
        created_by=keeper,
    )
    # Di deals; Ann pitches 4 and takes everything: her team is out.
    game = record(game, [4], {"high": 0, "low": 0, "jack": 0, "game": 0})
    assert game.status == Status.FINISHED

    again = services.game_rematch(game=game, by=keeper)

    seats = list(game.seats.order_by("number").values_list("player_id", "side"))
    assert list(again.seats.order_by("number").values_list("player_id", "side")) == (
        seats
    )
    assert (again.variant, again.partnership, again.options) == (
        game.variant,
        True,
        game.options,
    )
    assert (again.first_dealer, again.created_by, again.club) == (0, keeper, None)

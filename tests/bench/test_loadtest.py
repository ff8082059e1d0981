"""The load test's integrity check, on games made here (no server, no cluster): it
passes a sound database and names every kind of damage it is there to find."""

import uuid

import pytest
from django.db import connection

from bench.load import tables as loadtest
from bench.load.integrity import StoredGame, StoredHand, check_games, read_games
from bench.load.report import percentile
from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Award, Game, Hand
from tests.factories import game_factory

HANDS = 4


def play(game: Game, table: int = 0, hands: int = HANDS) -> list[str]:
    """Record the load test's own hands; returns their client_ids in order."""
    sent = []
    for number in range(1, hands + 1):
        body = loadtest.hand_body(table, number)
        client_id = uuid.uuid4()
        hand_services.hand_record(
            game_id=game.pk,
            hand=engine.HandInput(
                pitcher=body["pitcher"], bid=body["bid"], awards=body["awards"]
            ),
            number=number,
            client_id=client_id,
        )
        sent.append(str(client_id))
    return sent


def stored(games: list[Game]) -> dict[int, StoredGame]:
    with connection.cursor() as cursor:
        return read_games(cursor, [game.pk for game in games])


@pytest.fixture
def tables(db: None) -> dict[int, list[str]]:
    """Two tables as the load test leaves them: one solo, one in teams."""
    solo = game_factory(options={"target": loadtest.TARGET})
    teams = game_factory(partnership=True, options={"target": loadtest.TARGET})
    return {solo.pk: play(solo, 0), teams.pk: play(teams, 1)}


def problems(sent: dict[int, list[str]], **during: object) -> list[str]:
    return check_games(stored(list(Game.objects.filter(pk__in=sent))), sent, **during)


def test_a_sound_database_passes(tables: dict[int, list[str]]) -> None:
    games = stored(list(Game.objects.all()))

    assert problems(tables) == []
    assert [len(game.hands) for game in games.values()] == [HANDS, HANDS]
    assert all(hand.awarded for game in games.values() for hand in game.hands)


def test_the_load_tests_hands_last_a_whole_game_in_both_shapes(db: None) -> None:
    for table, partnership in enumerate([False, True]):
        game = game_factory(partnership=partnership, options={"target": 10**6})
        play(game, table, hands=40)
        game.refresh_from_db()
        assert game.hand_count == 40
        assert game.winner is None


def test_a_lost_hand_is_found(tables: dict[int, list[str]]) -> None:
    game_id = next(iter(tables))
    Hand.objects.filter(game_id=game_id, number=HANDS).delete()

    found = problems(tables)

    assert f"game {game_id}: {HANDS - 1} hands stored, {HANDS} sent" in found
    assert f"game {game_id}: hands lost: {HANDS}" in found


def test_a_gap_in_the_numbers_is_found(tables: dict[int, list[str]]) -> None:
    game_id = next(iter(tables))
    Hand.objects.filter(game_id=game_id, number=2).delete()

    found = "\n".join(problems(tables))

    assert f"game {game_id}: hand numbers 1, 3, 4, not 1..3" in found
    assert f"game {game_id}: hands lost: 2" in found


def test_a_hand_stored_under_another_client_id_is_found(
    tables: dict[int, list[str]],
) -> None:
    game_id = next(iter(tables))
    stranger = uuid.uuid4()
    Hand.objects.filter(game_id=game_id, number=3).update(client_id=stranger)

    found = problems(tables)

    assert f"game {game_id}: hand 3 has client_id {stranger}, sent as" in found[0]


def test_scores_that_are_not_the_sum_of_the_deltas_are_found(
    tables: dict[int, list[str]],
) -> None:
    game_id = next(iter(tables))
    hand = Hand.objects.get(game_id=game_id, number=2)
    Hand.objects.filter(pk=hand.pk).update(scores=[99, *hand.scores[1:]])

    found = "\n".join(problems(tables))

    assert f"game {game_id} hand 2: scores [99, " in found


def test_game_scores_and_count_that_are_not_the_last_hands_are_found(
    tables: dict[int, list[str]],
) -> None:
    game_id = next(iter(tables))
    Game.objects.filter(pk=game_id).update(scores=[0, 0, 0, 0], hand_count=7)

    found = "\n".join(problems(tables))

    assert f"game {game_id}: game scores [0, 0, 0, 0], last hand's" in found
    assert f"game {game_id}: hand_count 7, {HANDS} hands stored" in found


def test_a_hand_without_its_award_rows_is_found(tables: dict[int, list[str]]) -> None:
    game_id = next(iter(tables))
    Award.objects.filter(hand__game_id=game_id, hand__number=1).delete()

    found = "\n".join(problems(tables))

    assert f"game {game_id} hand 1: won [" in found
    assert "award rows add up to [0, 0, 0, 0]" in found


def test_a_missing_game_is_found(tables: dict[int, list[str]]) -> None:
    assert problems({**tables, 10**9: ["x"]}) == [f"game {10**9}: missing"]


def test_during_the_run_the_hand_in_flight_may_or_may_not_be_there(
    tables: dict[int, list[str]],
) -> None:
    game_id = next(iter(tables))
    sent = {**tables, game_id: [*tables[game_id], str(uuid.uuid4())]}

    # HANDS confirmed, one more sent and not (yet) stored: all is well.
    assert problems(sent, acknowledged=dict.fromkeys(sent, HANDS)) == []
    # At the end that hand should be there.
    assert problems(sent) == [
        f"game {game_id}: {HANDS} hands stored, {HANDS + 1} sent",
        f"game {game_id}: hands lost: {HANDS + 1}",
    ]
    # A confirmed hand must be there, during the run too.
    confirmed = {g: len(client_ids) for g, client_ids in sent.items()}
    assert problems(sent, acknowledged=confirmed) == [
        f"game {game_id}: {HANDS} hands stored, but {HANDS + 1} were confirmed and "
        f"{HANDS + 1} sent",
        f"game {game_id}: hands lost: {HANDS + 1}",
    ]


def _fabricated(client_ids: list[str | None]) -> StoredGame:
    hands, running = [], [0, 0]
    for number, client_id in enumerate(client_ids, start=1):
        running = [running[0] + 1, running[1]]
        hands.append(StoredHand(number, client_id, [1, 0], running, [1, 0], {0: 1}))
    return StoredGame(1, running, len(hands), hands)


def test_a_client_id_recorded_twice_is_found() -> None:
    # The database refuses it (a unique constraint): the check must see it anyway.
    game = _fabricated(["a", "b", "a"])

    found = check_games({1: game}, {1: ["a", "b", "c"]})

    assert "game 1: client_id recorded twice: a" in found
    assert "game 1: hand 3 has client_id a, sent as c" in found


def test_a_fabricated_sound_game_passes() -> None:
    assert check_games({1: _fabricated(["a", "b"])}, {1: ["a", "b"]}) == []


def test_percentiles_pick_the_slower_end() -> None:
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 51
    assert percentile(values, 0.99) == 100
    assert percentile([], 0.5) != percentile([], 0.5)  # nan

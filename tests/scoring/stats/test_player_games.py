"""The statistics' rows (PlayerGame, scoring.stats.player_games) stay what the hands
and awards say: after random recordings, corrections, undos, abandons, resumes and
merges through the services, every row equals the one counted here in Python from
the games, seats, hands and awards, and the rebuild writes the same rows."""

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitchclub.models import Player
from pitchclub.refusals import Refusal
from pitchclub.services.clubs import club_create
from pitchclub.services.players import players_merge
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Award, Game, Hand, PlayerGame
from scoring.stats.player_games import COLUMNS, rebuild, result_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus"]
# Games of the club: (variant, players, partnership, target, seated names).
TABLES = [
    ("auction", 4, False, 7, NAMES[:4]),
    ("auction", 4, True, 7, NAMES[2:6]),
    ("thirteen", 4, True, 55, [NAMES[0], NAMES[4], NAMES[5], NAMES[1]]),
    # Gus sits only here: he may be merged into Ann, Bob, Cy or Di.
    ("auction", 3, False, 11, NAMES[4:7]),
]
THIRTEEN_HANDS = [
    engine.HandInput(
        pitcher=1,
        bid=7,
        awards={
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
    ),
    engine.HandInput(
        pitcher=1,
        bid=6,
        awards={
            "ace": 1,
            "jack": 3,
            "jick": 1,
            "high_joker": 3,
            "low_joker": 0,
            "ten": engine.SideCredit(1),
            "three": engine.SideCredit(1),
            "off_three": 0,
            "two": engine.SideCredit(0),
        },
    ),
]

OPERATIONS = (
    *("record",) * 3,
    "correct",
    "undo",
    "abandon",
    "resume",
    "merge",
)
seats = st.integers(min_value=0, max_value=3)
auction_hands = st.builds(
    lambda pitcher, bid, high, low, jack, game, credit: engine.HandInput(
        pitcher=pitcher,
        bid=bid,
        awards={
            "high": engine.SideCredit(high % 2) if credit else high,
            "low": low,
            "jack": jack,
            "game": game,
        },
    ),
    seats,
    st.integers(min_value=2, max_value=4),
    seats,
    seats,
    st.none() | seats,
    st.none() | seats,
    st.booleans(),
)
operations = st.lists(
    st.tuples(
        st.sampled_from(OPERATIONS),
        st.integers(min_value=0, max_value=len(TABLES) - 1),
        st.integers(min_value=0, max_value=50),
        auction_hands,
    ),
    max_size=30,
)


def expected_rows() -> set[tuple[Any, ...]]:
    """Every seat's row of every game with a hand, counted from the games, seats,
    hands and awards."""
    rows = set()
    for game in Game.objects.filter(hand_count__gt=0).prefetch_related("seats"):
        hands = list(Hand.objects.filter(game=game))
        awards = list(Award.objects.filter(game=game, seat__isnull=False))
        for seat in game.seats.all():
            counters: dict[str, int] = dict.fromkeys(COLUMNS[12:], 0)
            for hand in hands:
                if hand.pitcher == seat.number:
                    counters["pitched"] += 1
                    counters[f"pitched_{hand.bid}"] += 1
                    counters["made"] += hand.made
                    counters[f"made_{hand.bid}"] += hand.made
            for award in awards:
                if award.seat == seat.number:
                    counters[f"taken_{award.point}"] += 1
                    counters["points"] += award.value
            rows.add(
                (
                    seat.player_id,
                    game.pk,
                    seat.number,
                    seat.side,
                    result_of(game.status, game.winner, seat.side),
                    game.hand_count,
                    game.scores[seat.side],
                    game.variant,
                    game.club_id,
                    game.status,
                    game.created_at,
                    game.winner,
                    *counters.values(),
                )
            )
    return rows


def stored_rows() -> set[tuple[Any, ...]]:
    return set(PlayerGame.objects.values_list(*COLUMNS))


def play(operations: list[tuple[str, int, int, engine.HandInput]]) -> None:
    keeper = UserFactory()
    club = club_create(name="Grange", by=keeper)
    games = [
        services.game_start(
            variant=variant,
            players=names,
            partnership=partnership,
            options={"target": target},
            club=club,
            created_by=keeper,
        )
        for variant, _, partnership, target, names in TABLES
    ]
    for operation, which, number, hand in operations:
        game = Game.objects.get(pk=games[which].pk)
        if game.variant == "thirteen":
            hand = THIRTEEN_HANDS[number % 2]
        try:
            if operation == "record":
                hand_services.hand_record(game_id=game.pk, hand=hand, by=keeper)
            elif operation == "correct" and game.hand_count:
                hand_services.hand_correct(
                    game_id=game.pk,
                    number=1 + number % game.hand_count,
                    hand=hand,
                    by=keeper,
                )
            elif operation == "undo" and game.hand_count:
                hand_services.hand_undo(
                    game_id=game.pk, number=game.hand_count, by=keeper
                )
            elif operation == "abandon":
                services.game_abandon(game_id=game.pk, by=keeper)
            elif operation == "resume":
                services.game_resume(game_id=game.pk, by=keeper)
            elif operation == "merge":
                roster = list(club.players.order_by("id").values_list("pk", flat=True))
                guest = roster[number % len(roster)]
                into = roster[(number // 7 + which + 1) % len(roster)]
                players_merge(club=club, player_id=guest, into_id=into, by=keeper)
        except (RuleViolation, Refusal, Player.DoesNotExist):
            pass


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(operations)
def test_the_rows_are_the_hands_and_awards_counted(
    operations: list[tuple[str, int, int, engine.HandInput]],
) -> None:
    with transaction.atomic():
        play(operations)
        kept = stored_rows()
        assert kept == expected_rows()
        rebuild()
        assert stored_rows() == kept
        transaction.set_rollback(True)


def test_a_finished_game_reopened_by_an_undo_is_open_again_in_its_rows() -> None:
    play([("record", 0, 0, engine.HandInput(pitcher=0, bid=4, awards={}))])
    game = Game.objects.get(variant="auction", player_count=4, partnership=False)
    sweep = dict.fromkeys(("high", "low", "jack", "game"), 0)
    for _ in range(2):
        hand_services.hand_record(
            game_id=game.pk, hand=engine.HandInput(pitcher=0, bid=4, awards=sweep)
        )
    won = PlayerGame.objects.get(game=game, seat=0)
    assert (won.result, won.hands, won.pitched_4, won.made_4, won.taken_high) == (
        "won",
        2,
        2,
        2,
        2,
    )
    assert PlayerGame.objects.get(game=game, seat=1).result == "lost"

    hand_services.hand_undo(game_id=game.pk, number=2)

    reopened = PlayerGame.objects.get(game=game, seat=0)
    assert (reopened.result, reopened.hands, reopened.pitched_4) == ("open", 1, 1)
    assert stored_rows() == expected_rows()


def test_the_command_rebuilds_the_rows_from_the_hands() -> None:
    play(
        [
            ("record", 1, 0, engine.HandInput(pitcher=1, bid=2, awards={"high": 1})),
            ("record", 2, 1, engine.HandInput()),
        ]
    )
    kept = stored_rows()
    assert kept
    PlayerGame.objects.all().delete()
    out = StringIO()

    call_command("player_games_rebuild", stdout=out)

    assert stored_rows() == kept == expected_rows()
    assert f"Built {len(kept)} rows" in out.getvalue()


def test_a_merged_guests_rows_become_the_staying_players() -> None:
    hand = engine.HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 1})
    play([("record", 3, 0, hand), ("record", 0, 0, hand)])
    gus = Player.objects.get(name="Gus")
    ann = Player.objects.get(name="Ann")
    keeper = Game.objects.first().created_by

    players_merge(club=gus.club, player_id=gus.pk, into_id=ann.pk, by=keeper)

    assert not PlayerGame.objects.filter(player_id=gus.pk).exists()
    assert PlayerGame.objects.filter(player_id=ann.pk).count() == 2
    assert stored_rows() == expected_rows()

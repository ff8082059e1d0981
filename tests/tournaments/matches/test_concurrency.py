"""Two tables finishing their matches at the same moment: each game's change locks
the tournament's row before it reads the bracket, so the second sees the first's
result and the final gets both finalists. Real row locks need PostgreSQL."""

import threading

import pytest
from django.db import connection, connections

from pitchclub.services import clubs as club_services
from scoring import engine
from scoring.games import hands as hand_services
from tests.factories import UserFactory
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.models import Match, MatchStatus

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL"
    ),
]


def _winning_hand(seat: int) -> engine.HandInput:
    return engine.HandInput(
        pitcher=seat,
        bid=4,
        awards={"high": seat, "low": seat, "jack": seat, "game": seat},
    )


def test_two_matches_won_at_once_both_reach_the_final() -> None:
    organiser = UserFactory()
    club = club_services.club_create(name="Race Club", by=organiser)
    tournament = create.tournament_create(
        club=club,
        name="Cup",
        format="single_elimination",
        variant="auction",
        options={"target": 3},
        entrants=[create.EntrantInput(players=[n]) for n in ("A", "B", "C", "D")],
        created_by=organiser,
    )
    first_round = list(
        Match.objects.filter(tournament=tournament, round__number=1).order_by("number")
    )
    games = [
        match_services.match_game_start(
            tournament_id=tournament.pk, match_id=match.pk, by=organiser
        )[0]
        for match in first_round
    ]
    barrier = threading.Barrier(len(games))
    errors: list[BaseException] = []

    def table(game_id: int) -> None:
        try:
            barrier.wait()
            hand_services.hand_record(game_id=game_id, hand=_winning_hand(0))
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=table, args=(game.pk,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    final = Match.objects.get(tournament=tournament, round__number=2)
    winners = [match.entrant_a_id for match in first_round]
    assert [final.entrant_a_id, final.entrant_b_id] == winners
    assert final.status == MatchStatus.READY
    assert final.table is not None

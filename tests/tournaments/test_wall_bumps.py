"""Every kind of change a wall shows makes it new at the next poll once it commits
(tournaments/live_versions.py, issue 25 item 2): a match's game, the draws and
pairings, rounds drawn and taken back, a night's seating, results entered, voided,
edited, confirmed and disputed, a rename, closing and archiving. Each test: a wall
answered from the cache (204, no statement), the change, then the poll with the
old version reads the database and gets the new wall."""

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks

from pitchclub.models import Club
from scoring.games import hands as hand_services
from scoring.games import services as game_services
from tests.tournaments.conftest import People
from tests.tournaments.test_wall_cache import (  # noqa: F401 (the autouse fixture)
    first_match,
    hand,
    night_of,
    seen_after,
    shared_cache,
    tournament_of,
)
from tournaments.brackets import draw, redo, swap
from tournaments.lifecycle import services as lifecycle
from tournaments.matches import confirm, corrections
from tournaments.matches import services as match_services
from tournaments.models import Entrant, Match, Tournament
from tournaments.nights import services as night_services

pytestmark = pytest.mark.django_db

Capture = DjangoCaptureOnCommitCallbacks


@pytest.fixture
def seen(
    django_capture_on_commit_callbacks: Capture,
) -> Callable[[Tournament, Callable[[], Any]], str]:
    def check(tournament: Tournament, change: Callable[[], Any]) -> str:
        return seen_after(django_capture_on_commit_callbacks, tournament, change)

    return check


def _cup(club: Club, by: AbstractUser, **extra: Any) -> Tournament:
    return tournament_of(club, by, **extra)


def _on_paper(tournament: Tournament, match: Match) -> None:
    match_services.match_result_enter(
        tournament_id=tournament.pk,
        match_id=match.pk,
        winner=match.entrant_a_id,
        scores=[3, 1],
    )


def _tables(night: Tournament) -> list[Match]:
    return list(Match.objects.filter(tournament=night).order_by("table"))


def test_a_matchs_game_started(club: Club, people: People, seen: Any) -> None:
    cup = _cup(club, people.organiser)
    match = first_match(cup)
    body = seen(
        cup,
        lambda: match_services.match_game_start(
            tournament_id=cup.pk, match_id=match.pk
        ),
    )
    assert "Game started" in body


def test_a_matchs_game_abandoned_and_resumed(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    cup = _cup(club, people.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=cup.pk, match_id=first_match(cup).pk
        )
    seen(cup, lambda: game_services.game_abandon(game_id=game.pk, by=None))
    seen(cup, lambda: game_services.game_resume(game_id=game.pk, by=None))


def test_a_matchs_game_won(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    cup = _cup(club, people.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=cup.pk, match_id=first_match(cup).pk
        )
    body = seen(cup, lambda: hand_services.hand_record(game_id=game.pk, hand=hand(0)))
    assert "Completed" in body


def test_a_result_on_paper(club: Club, people: People, seen: Any) -> None:
    cup = _cup(club, people.organiser)
    body = seen(cup, lambda: _on_paper(cup, first_match(cup)))
    assert "Completed" in body


def test_a_result_voided(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    cup = _cup(club, people.organiser)
    match = first_match(cup)
    with django_capture_on_commit_callbacks(execute=True):
        _on_paper(cup, match)
    seen(
        cup,
        lambda: corrections.match_result_void(tournament_id=cup.pk, match_id=match.pk),
    )


def test_a_result_edited(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    cup = _cup(club, people.organiser)
    match = first_match(cup)
    with django_capture_on_commit_callbacks(execute=True):
        _on_paper(cup, match)
    seen(
        cup,
        lambda: corrections.match_result_edit(
            tournament_id=cup.pk, match_id=match.pk, winner=match.entrant_b_id
        ),
    )


def _waiting(
    club: Club, by: AbstractUser, capture: Callable[..., Any]
) -> tuple[Tournament, Match]:
    """A cup whose results wait for the other side: the first match's game won."""
    cup = _cup(club, by, settings={"confirm_results": True})
    match = first_match(cup)
    with capture(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=cup.pk, match_id=match.pk
        )
        hand_services.hand_record(game_id=game.pk, hand=hand(0))
    return cup, match


@pytest.mark.parametrize("agree", [True, False], ids=["confirmed", "disputed"])
def test_a_waiting_result_confirmed_or_disputed(
    club: Club,
    people: People,
    seen: Any,
    django_capture_on_commit_callbacks: Capture,
    agree: bool,
) -> None:
    cup, match = _waiting(club, people.organiser, django_capture_on_commit_callbacks)
    seen(
        cup,
        lambda: confirm.match_confirm(
            tournament_id=cup.pk, match_id=match.pk, agree=agree
        ),
    )


def test_a_waiting_result_played_again(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    cup, match = _waiting(club, people.organiser, django_capture_on_commit_callbacks)
    seen(cup, lambda: confirm.match_replay(tournament_id=cup.pk, match_id=match.pk))


def test_a_swiss_round_drawn(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    swiss = _cup(club, people.organiser, format="swiss", settings={"rounds": 3})
    with django_capture_on_commit_callbacks(execute=True):
        for match in Match.objects.filter(tournament=swiss):
            _on_paper(swiss, match)
    body = seen(swiss, lambda: draw.round_draw(tournament_id=swiss.pk))
    assert "Round 2" in body


def test_a_round_taken_back(club: Club, people: People, seen: Any) -> None:
    swiss = _cup(club, people.organiser, format="swiss", settings={"rounds": 3})
    seen(swiss, lambda: redo.round_take_back(tournament_id=swiss.pk, number=1))


def test_entrants_swapped(club: Club, people: People, seen: Any) -> None:
    cup = _cup(club, people.organiser)
    match = first_match(cup)
    other = Match.objects.filter(tournament=cup).exclude(pk=match.pk).first()
    assert other is not None
    seen(
        cup,
        lambda: swap.entrants_swap(
            tournament_id=cup.pk, first=match.entrant_a_id, second=other.entrant_a_id
        ),
    )


def test_a_nights_table_scores_on_paper(club: Club, people: People, seen: Any) -> None:
    night = night_of(club, people.organiser)
    table = _tables(night)[0]
    seen(
        night,
        lambda: night_services.table_result_enter(
            tournament_id=night.pk, match_id=table.pk, scores=[5, 3]
        ),
    )


def test_a_nights_next_round_seated(
    club: Club, people: People, seen: Any, django_capture_on_commit_callbacks: Capture
) -> None:
    night = night_of(club, people.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        for table in _tables(night):
            night_services.table_result_enter(
                tournament_id=night.pk, match_id=table.pk, scores=[5, 3]
            )
    body = seen(night, lambda: draw.round_draw(tournament_id=night.pk))
    assert "Round 2" in body


def test_a_late_arrival_at_a_night(club: Club, people: People, seen: Any) -> None:
    night = night_of(club, people.organiser)
    body = seen(
        night,
        lambda: night_services.night_player_add(tournament_id=night.pk, player="Zoe"),
    )
    assert "Zoe" in body


def test_a_player_going_home(club: Club, people: People, seen: Any) -> None:
    night = night_of(club, people.organiser)
    leaving = Entrant.objects.filter(tournament=night).order_by("seed").first()
    assert leaving is not None
    seen(
        night,
        lambda: night_services.night_player_leave(
            tournament_id=night.pk, entrant_id=leaving.pk
        ),
    )


def test_a_rename(club: Club, people: People, seen: Any) -> None:
    cup = _cup(club, people.organiser)
    body = seen(
        cup, lambda: lifecycle.tournament_rename(tournament_id=cup.pk, name="Fall Cup")
    )
    assert "Fall Cup" in body


def test_closing_early(club: Club, people: People, seen: Any) -> None:
    cup = _cup(club, people.organiser)
    seen(cup, lambda: lifecycle.tournament_close(tournament_id=cup.pk))


@pytest.mark.parametrize("night", [False, True], ids=["cup", "night"])
def test_archiving_and_back(
    club: Club,
    people: People,
    seen: Any,
    django_capture_on_commit_callbacks: Capture,
    night: bool,
) -> None:
    event = night_of(club, people.organiser) if night else _cup(club, people.organiser)
    seen(event, lambda: lifecycle.tournament_archive(tournament_id=event.pk))
    seen(
        event,
        lambda: lifecycle.tournament_archive(tournament_id=event.pk, archived=False),
    )

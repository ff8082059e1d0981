"""Results confirmed by the other side (issue 22, item 14): with the tournament
setting `confirm_results` a match's game that ends leaves its result waiting, the
match running and the bracket where it was, until the losing side or an organiser
confirms it; a dispute flags the match for an organiser, who confirms it or has
the game played again. Without the setting nothing changes."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser

from pitchclub.models import Club
from scoring import engine
from scoring.games import hands as hand_services
from tests.tournaments.conftest import People
from tournaments.brackets import create
from tournaments.matches import confirm
from tournaments.matches import services as match_services
from tournaments.models import (
    Match,
    MatchGame,
    MatchStatus,
    ResultRevision,
    Tournament,
)
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def _cup(
    club: Club, by: AbstractUser, settings: dict[str, Any] | None = None
) -> Tournament:
    return create.tournament_create(
        club=club,
        name="Cup",
        format="single_elimination",
        variant="auction",
        options={"target": 3},
        settings=settings,
        entrants=[create.EntrantInput(players=[n]) for n in ("Ann", "Bob", "Cy", "Di")],
        created_by=by,
    )


def _hand(seat: int) -> engine.HandInput:
    """`seat` pitches 4 and takes every point: a game to 3 won in one hand."""
    return engine.HandInput(
        pitcher=seat,
        bid=4,
        awards={"high": seat, "low": seat, "jack": seat, "game": seat},
    )


def _first(tournament: Tournament) -> Match:
    return Match.objects.get(tournament=tournament, round__number=1, number=1)


def _final(tournament: Tournament) -> Match:
    return Match.objects.get(tournament=tournament, round__number=2)


def _play(tournament: Tournament, match: Match, by: AbstractUser, seat: int = 0) -> int:
    """Start the match's game and win it for `seat`'s entrant; the game's id."""
    game, _ = match_services.match_game_start(
        tournament_id=tournament.pk, match_id=match.pk, by=by
    )
    hand_services.hand_record(game_id=game.pk, hand=_hand(seat), by=by)
    return game.pk


def test_without_the_setting_a_won_game_completes_the_match_at_once(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser)
    assert "confirm_results" not in cup.settings
    match = _first(cup)
    _play(cup, match, people.scorekeeper)
    match.refresh_from_db()
    assert match.status == MatchStatus.COMPLETED
    assert match.unconfirmed is None
    assert confirm.is_confirmed(cup, match)
    assert _final(cup).entrant_a_id == match.entrant_a_id
    with pytest.raises(TournamentRefusal) as refused:
        confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    assert refused.value.code == "nothing_to_confirm"
    assert "does not ask for results to be confirmed" in refused.value.message


def test_a_won_game_waits_for_the_losing_side_then_the_bracket_moves_on(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    assert cup.settings["confirm_results"] is True
    match = _first(cup)
    with pytest.raises(TournamentRefusal) as early:
        confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    assert "its game has not ended yet" in early.value.message
    game_id = _play(cup, match, people.scorekeeper)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert match.winner_id is None
    assert match.unconfirmed == {
        "winner": match.entrant_a_id,
        "scores": [4, 0],
        "game": game_id,
    }
    assert not confirm.is_confirmed(cup, match)
    assert _final(cup).entrant_a_id is None
    # No next game while the result waits.
    with pytest.raises(TournamentRefusal) as refused:
        match_services.match_game_start(tournament_id=cup.pk, match_id=match.pk)
    assert "waits to be confirmed" in refused.value.message

    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, by=people.scorekeeper
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.COMPLETED
    assert match.winner_id == match.entrant_a_id
    assert match.scores == [4, 0]
    assert (match.wins_a, match.wins_b) == (1, 0)
    assert match.unconfirmed is None
    assert confirm.is_confirmed(cup, match)
    assert _final(cup).entrant_a_id == match.entrant_a_id
    (revision,) = ResultRevision.objects.filter(match=match)
    assert revision.action == "confirm"
    assert revision.changed_by == people.scorekeeper
    assert revision.before["unconfirmed"]["game"] == game_id
    assert revision.after["status"] == "completed"
    # Nothing left to confirm.
    with pytest.raises(TournamentRefusal) as again:
        confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    assert "its result stands" in again.value.message


def test_a_dispute_leaves_the_match_running_for_an_organiser_to_confirm(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    match = _first(cup)
    _play(cup, match, people.scorekeeper, seat=1)
    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, agree=False, by=people.scorekeeper
    )
    match.refresh_from_db()
    assert match.disputed is True
    assert match.status == MatchStatus.RUNNING
    assert match.unconfirmed["winner"] == match.entrant_b_id
    # The table's phone cannot settle it; disputing again changes nothing.
    with pytest.raises(TournamentRefusal) as refused:
        confirm.match_confirm(
            tournament_id=cup.pk, match_id=match.pk, by=people.scorekeeper
        )
    assert refused.value.code == "result_disputed"
    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, agree=False, by=people.scorekeeper
    )
    assert ResultRevision.objects.filter(match=match).count() == 1
    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, settles=True, by=people.organiser
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.COMPLETED
    assert match.winner_id == match.entrant_b_id
    assert match.disputed is False
    assert _final(cup).entrant_a_id == match.entrant_b_id
    actions = list(
        ResultRevision.objects.filter(match=match).values_list("action", "changed_by")
    )
    assert actions == [
        ("dispute", people.scorekeeper.pk),
        ("confirm", people.organiser.pk),
    ]


def test_play_it_again_sets_the_game_aside_and_a_new_game_decides(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    match = _first(cup)
    first = _play(cup, match, people.scorekeeper, seat=0)
    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, agree=False, by=people.scorekeeper
    )
    confirm.match_replay(tournament_id=cup.pk, match_id=match.pk, by=people.organiser)
    match.refresh_from_db()
    assert MatchGame.objects.get(game_id=first).abandoned is True
    assert match.status == MatchStatus.READY
    assert match.unconfirmed is None
    assert match.disputed is False
    assert (match.wins_a, match.wins_b) == (0, 0)
    revision = ResultRevision.objects.filter(match=match).last()
    assert (revision.action, revision.changed_by) == ("void", people.organiser)

    second = _play(cup, match, people.scorekeeper, seat=1)
    match.refresh_from_db()
    assert match.unconfirmed == {
        "winner": match.entrant_b_id,
        "scores": [0, 4],
        "game": second,
    }
    confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    match.refresh_from_db()
    assert match.winner_id == match.entrant_b_id


def test_undoing_the_winning_hand_takes_the_waiting_result_back(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    match = _first(cup)
    game_id = _play(cup, match, people.scorekeeper)
    confirm.match_confirm(
        tournament_id=cup.pk, match_id=match.pk, agree=False, by=people.scorekeeper
    )
    hand_services.hand_undo(game_id=game_id, number=1, by=people.scorekeeper)
    match.refresh_from_db()
    assert match.unconfirmed is None
    assert match.disputed is False
    assert match.status == MatchStatus.RUNNING
    # Won again: it waits again, not flagged.
    hand_services.hand_record(game_id=game_id, hand=_hand(0))
    match.refresh_from_db()
    assert match.unconfirmed["winner"] == match.entrant_a_id
    assert match.disputed is False


def test_best_of_three_waits_only_for_the_deciding_game(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True, "games_per_match": 3})
    match = _first(cup)
    _play(cup, match, people.scorekeeper, seat=0)
    match.refresh_from_db()
    assert match.unconfirmed is None
    assert (match.wins_a, match.status) == (1, MatchStatus.RUNNING)
    deciding = _play(cup, match, people.scorekeeper, seat=0)
    match.refresh_from_db()
    assert match.unconfirmed["game"] == deciding
    assert (match.wins_a, match.status) == (2, MatchStatus.RUNNING)
    confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == ("completed", match.entrant_a_id)


def test_a_paper_result_needs_no_confirmation(club: Club, people: People) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    match = _first(cup)
    match_services.match_result_enter(
        tournament_id=cup.pk, match_id=match.pk, winner=match.entrant_b_id
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.COMPLETED
    assert match.unconfirmed is None


@pytest.mark.parametrize(
    ("format", "given", "code"),
    [
        ("swiss", {"confirm_results": "yes"}, "bad_setting"),
        ("round_robin", {"confirm_results": 1}, "bad_setting"),
        ("progressive", {"confirm_results": True}, "unknown_setting"),
    ],
)
def test_the_setting_is_checked_like_the_others(
    club: Club, people: People, format: str, given: dict[str, Any], code: str
) -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")
    with pytest.raises(TournamentRefusal) as refused:
        create.tournament_create(
            club=club,
            name="Cup",
            format=format,
            variant="auction",
            settings=given,
            entrants=[create.EntrantInput(players=[n]) for n in names],
        )
    assert refused.value.code == code
    assert refused.value.field == "settings.confirm_results"


@pytest.mark.parametrize(
    "format", ["single_elimination", "double_elimination", "round_robin", "swiss"]
)
def test_every_bracket_format_takes_the_setting(
    club: Club, people: People, format: str
) -> None:
    tournament = create.tournament_create(
        club=club,
        name="Cup",
        format=format,
        variant="auction",
        settings={"confirm_results": True},
        entrants=[create.EntrantInput(players=[n]) for n in ("Ann", "Bob", "Cy")],
    )
    assert tournament.settings["confirm_results"] is True


def test_a_confirmed_result_corrected_keeps_its_winner_without_asking_again(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, {"confirm_results": True})
    match = _first(cup)
    game_id = _play(cup, match, people.scorekeeper)
    confirm.match_confirm(tournament_id=cup.pk, match_id=match.pk)
    # Hand 1 corrected: the same seat wins, 3 to 1 (the other took game).
    hand_services.hand_correct(
        game_id=game_id,
        number=1,
        hand=engine.HandInput(
            pitcher=0, bid=2, awards={"high": 0, "low": 0, "jack": 0, "game": 1}
        ),
    )
    match.refresh_from_db()
    assert match.scores == [3, 1]
    assert match.status == MatchStatus.COMPLETED
    assert match.unconfirmed is None
    assert _final(cup).entrant_a_id == match.entrant_a_id
    # Corrected so that the other side wins: it waits again, the final's slot
    # empties until it is confirmed.
    hand_services.hand_correct(game_id=game_id, number=1, hand=_hand(1))
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert match.unconfirmed["winner"] == match.entrant_b_id
    assert _final(cup).entrant_a_id is None

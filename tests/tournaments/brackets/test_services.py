"""The tournament's rows keep their integrity in the database itself, and follow
the core's merge of two players (a claimed guest)."""

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import IntegrityError, transaction

from pitchclub.models import Club, Player
from pitchclub.refusals import Refusal
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import players_merge
from tests.tournaments.conftest import People
from tournaments.brackets import create
from tournaments.models import (
    Entrant,
    EntrantPlayer,
    Match,
    MatchStatus,
    Round,
    Tournament,
)


def _cup(club: Club, by: AbstractUser, *names: str) -> Tournament:
    return create.tournament_create(
        club=club,
        name="Cup",
        format="single_elimination",
        variant="auction",
        entrants=[create.EntrantInput(players=[name]) for name in names],
        created_by=by,
    )


def _refused(write: object) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        write()  # type: ignore[operator]


def test_the_database_keeps_seeds_players_and_rounds_unique(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, "Ann", "Bob", "Cy", "Di")
    ann = Entrant.objects.get(tournament=cup, seed=1)
    bob = Entrant.objects.get(tournament=cup, seed=2)
    _refused(lambda: Entrant.objects.create(tournament=cup, seed=1, name="Eve"))
    _refused(lambda: Entrant.objects.create(tournament=cup, seed=0, name="Eve"))
    # A player plays for one entrant only.
    _refused(
        lambda: EntrantPlayer.objects.create(
            tournament=cup, entrant=bob, position=1, player=ann.members.get().player
        )
    )
    _refused(lambda: Round.objects.create(tournament=cup, bracket="winners", number=1))
    _refused(lambda: Round.objects.create(tournament=cup, bracket="upper", number=3))
    _refused(lambda: Tournament.objects.filter(pk=cup.pk).update(status="finished"))


def test_the_database_keeps_a_match_consistent(club: Club, people: People) -> None:
    cup = _cup(club, people.organiser, "Ann", "Bob", "Cy", "Di")
    match = Match.objects.filter(tournament=cup, status=MatchStatus.READY).first()
    outsider = Entrant.objects.exclude(
        pk__in=[match.entrant_a_id, match.entrant_b_id]
    ).first()
    rows = Match.objects.filter(pk=match.pk)
    # The winner is one of the match's entrants, and only a completed match has one.
    _refused(lambda: rows.update(status=MatchStatus.COMPLETED, winner=outsider))
    _refused(lambda: rows.update(status=MatchStatus.COMPLETED))
    _refused(lambda: rows.update(winner=match.entrant_a_id))
    _refused(lambda: rows.update(status="paused"))
    _refused(lambda: rows.update(entrant_b=match.entrant_a_id))
    # Playing needs every entrant known; a bye has one slot.
    _refused(lambda: rows.update(entrant_b=None))
    _refused(lambda: rows.update(slots=1))
    rows.update(status=MatchStatus.COMPLETED, winner=match.entrant_b_id)


def _claim(club: Club, guest: Player, by: AbstractUser, user: AbstractUser) -> None:
    invite = invite_create(club=club, by=by, player=guest)
    invite_accept(code=invite.code, user=user)


def test_a_claimed_guests_entries_move_to_the_claiming_player(
    club: Club, people: People
) -> None:
    cup = _cup(club, people.organiser, "Ann", "Bob")
    ann = club.players.get(name="Ann")
    own = Player.objects.create(club=club, name="Sk", user=people.scorekeeper)
    _claim(club, ann, people.organiser, people.scorekeeper)
    assert not Player.objects.filter(pk=ann.pk).exists()
    assert EntrantPlayer.objects.get(tournament=cup, entrant__seed=1).player == own


def test_a_claim_is_refused_when_both_play_in_one_tournament(
    club: Club, people: People
) -> None:
    own = Player.objects.create(club=club, name="Sk", user=people.scorekeeper)
    _cup(club, people.organiser, "Ann", "Sk")
    ann = club.players.get(name="Ann")
    with pytest.raises(Refusal, match="both play in the tournament Cup"):
        _claim(club, ann, people.organiser, people.scorekeeper)
    assert Player.objects.filter(pk=ann.pk).exists()
    assert own.entries.count() == 1


def test_an_organisers_merge_moves_entries_or_is_refused(
    club: Club, people: People
) -> None:
    _cup(club, people.organiser, "Ann", "Bob")
    ann, bob = club.players.get(name="Ann"), club.players.get(name="Bob")
    with pytest.raises(Refusal, match="both play in the tournament Cup"):
        players_merge(club=club, player_id=ann.pk, into_id=bob.pk, by=people.organiser)
    other = _cup(club, people.organiser, "Cy", "Di")
    cy = club.players.get(name="Cy")
    players_merge(club=club, player_id=cy.pk, into_id=ann.pk, by=people.organiser)
    assert EntrantPlayer.objects.get(tournament=other, entrant__seed=1).player == ann

"""Scoring's part in what the core changes (registered in ScoringConfig.ready())."""

from pitchclub.hooks import PlayersMerging
from pitchclub.refusals import Refusal
from scoring.models import Award, Seat


def move_seats_and_awards(event: PlayersMerging) -> None:
    """A claimed guest's games become the claiming player's: their seats and awards
    move to them, unless both sat at one table (then they are two people)."""
    guest, own = event.guest, event.into
    both = (
        Seat.objects.filter(player=guest, game__seats__player=own)
        .values_list("game_id", flat=True)
        .first()
    )
    if both is not None:
        raise Refusal(
            "claim_conflict",
            "code",
            f"{own.name} and {guest.name} sat at the same table in game {both}, so "
            "they cannot be the same person: ask the organiser to check the roster.",
        )
    Seat.objects.filter(player=guest).update(player=own)
    Award.objects.filter(player=guest).update(player=own)

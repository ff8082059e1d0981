"""Scoring's part in what the core changes (registered in ScoringConfig.ready())."""

from django.utils import timezone
from django.utils.formats import date_format

from pitchclub.hooks import PlayersMerging
from pitchclub.refusals import Refusal
from scoring.models import Award, Game, Seat


def move_seats_and_awards(event: PlayersMerging) -> None:
    """A merged guest's games become the staying player's: their seats and awards
    move to them, unless both sat at one table (then they are two people: the
    refusal names the game). Says what moved in ``event.moved``."""
    guest, own = event.guest, event.into
    both = (
        Game.objects.filter(seats__player=guest)
        .filter(seats__player=own)
        .order_by("created_at", "id")
        .first()
    )
    if both is not None:
        game = (
            f"game {both.pk} ({both.get_variant_display()}, "
            f"{date_format(timezone.localtime(both.created_at), 'j M Y')})"
        )
        if event.invite is not None:
            raise Refusal(
                "claim_conflict",
                event.refusal_field,
                f"{own.name} and {guest.name} sat at the same table in {game}, so "
                "they cannot be the same person: ask the organiser to check the "
                "roster.",
            )
        raise Refusal(
            "merge_conflict",
            event.refusal_field,
            f"{guest.name} and {own.name} both sat at the table in {game}, so they "
            "are two people: they cannot be merged.",
        )
    event.moved["games"] = Seat.objects.filter(player=guest).update(player=own)
    event.moved["awards"] = Award.objects.filter(player=guest).update(player=own)

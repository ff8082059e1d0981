"""Tournaments' part in what scoring and the core change (registered in
TournamentsConfig.ready()): a match follows its game; a match's game changing makes
its tournament's wall new; a claimed guest's entries move with their seats."""

from pitchclub.hooks import PlayersMerging
from pitchclub.refusals import Refusal
from scoring.games import hooks
from tournaments import live_versions
from tournaments.matches import results
from tournaments.models import EntrantPlayer


def match_follows_game(event: hooks.GameEvent) -> None:
    """A match's game was won, corrected, reopened, abandoned, resumed or is being
    deleted: the match's result and the draw follow, in the same transaction (a
    result that a started later match depends on is refused)."""
    abandoned = None
    if isinstance(event, hooks.GameAbandoned):
        abandoned = True
    elif isinstance(event, hooks.GameResumed):
        abandoned = False
    results.match_follow_game(
        game=event.game,
        abandoned=abandoned,
        deleted=isinstance(event, hooks.GameDeleted),
    )


# The game hook's events a match follows.
FOLLOWED = (
    hooks.HandCorrected,
    hooks.GameFinished,
    hooks.GameReopened,
    hooks.GameAbandoned,
    hooks.GameResumed,
    hooks.GameDeleted,
)


def wall_follows_game(event: hooks.GameEvent) -> None:
    """Any change of a match's game (a hand recorded, corrected or undone too) is
    seen at the wall's next poll (tournaments/live_versions.py)."""
    live_versions.game_changed(event.game)


def move_entries(event: PlayersMerging) -> None:
    """A merged guest's tournament entries become the staying player's (a claim, or
    an organiser's merge), unless both play in one tournament (then they are two
    people: the refusal names it)."""
    guest, own = event.guest, event.into
    both = (
        EntrantPlayer.objects.filter(
            player=guest,
            tournament_id__in=EntrantPlayer.objects.filter(player=own).values(
                "tournament_id"
            ),
        )
        .values_list("tournament__name", flat=True)
        .first()
    )
    if both is not None:
        if event.invite is not None:
            raise Refusal(
                "claim_conflict",
                event.refusal_field,
                f"{own.name} and {guest.name} both play in the tournament {both}, "
                "so they cannot be the same person: ask the organiser to check the "
                "roster.",
            )
        raise Refusal(
            "merge_conflict",
            event.refusal_field,
            f"{guest.name} and {own.name} both play in the tournament {both}, so "
            "they are two people: they cannot be merged.",
        )
    EntrantPlayer.objects.filter(player=guest).update(player=own)

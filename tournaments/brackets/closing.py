"""A tournament closed early (tournaments.lifecycle): finished with the standings
as they stood, its open matches left as they are and nothing more played. Every
write that would play on (a match's game, a result, a round) asks here first."""

from tournaments.models import Tournament
from tournaments.refusals import TournamentRefusal


def check_playable(tournament: Tournament) -> None:
    """Refuse (409 `closed_early`) any play in a tournament closed early."""
    if tournament.closed_early:
        raise TournamentRefusal(
            "closed_early", "tournament", params={"tournament": tournament.name}
        )

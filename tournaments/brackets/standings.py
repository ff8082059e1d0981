"""A tournament page's standings table: the format's tie-break columns after the
wins, one row per entrant (from ``formats.standings``).

The page shows a bye apart from the matches played: where a bye counts as a won
match (a Swiss, a bracket: EVENTS.md), "P" is the matches played at a table and
"W" says "3 (1 bye)"; a round robin's bye is no win and keeps its own column.
Before any result nobody is ranked (a dash). The numbers themselves (and the API's)
are the format's, unchanged."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments import formats
from tournaments.brackets.boxes import entrant_players
from tournaments.models import Entrant, Match, Tournament

# Each format's standings columns after the wins (EVENTS.md's tie-breaks in
# order, then the seed, the last tie-break of all): (key, short header, title).
_MEASURES = {
    "round_robin": (
        ("head_to_head", _("H2H"), _("Head-to-head: wins among the tied")),
        ("points_difference", _("+/-"), _("Points difference")),
        ("points_for", _("PF"), _("Points for")),
    ),
    "swiss": (
        (
            "buchholz",
            _("Buchholz"),
            _("Buchholz: the match wins of every opponent met"),
        ),
        ("points_difference", _("+/-"), _("Points difference")),
    ),
}
# A bracket ranks by the round an entrant went out (docs/pairing.md): its
# measures (rounds won, losses) are the W and L columns already.
_MEASURES_ELIMINATION: tuple[tuple[str, Any, Any], ...] = ()


# The formats whose standings count a bye as a won match played (EVENTS.md).
_BYE_IS_A_WIN = ("swiss", "single_elimination", "double_elimination")


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    title: str
    seed: int
    champion: bool
    values: tuple[int | str, ...]
    # A single player's entrant links to the player's page; a team does not.
    player_id: int | None = None


@dataclass(frozen=True)
class Standings:
    headers: tuple[tuple[str, str], ...]
    rows: tuple[StandingRow, ...]
    # False before any match is played: nobody is ranked yet.
    ranked: bool = True


def _solo_player(entrant: Entrant) -> int | None:
    members = entrant.members.all()
    return members[0].player_id if len(members) == 1 else None


def standings_table(
    tournament: Tournament,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
    by_id: dict[int, Entrant],
) -> Standings:
    """The standings table of a tournament, with its format's tie-break columns."""
    lines = formats.standings(tournament, formats.seeded_ids(entrants), matches)
    measures = _MEASURES.get(tournament.format, _MEASURES_ELIMINATION)
    bye_won = tournament.format in _BYE_IS_A_WIN
    headers: list[tuple[str, str]] = [
        (gettext("P"), gettext("Matches played")),
        (gettext("W"), gettext("Matches won (a bye counts as a win)"))
        if bye_won
        else (gettext("W"), gettext("Matches won")),
        (gettext("L"), gettext("Matches lost")),
    ]
    if not bye_won:
        headers.append((gettext("Byes"), gettext("Byes")))
    headers += [(short, title) for _, short, title in measures]
    headers.append((gettext("Seed"), gettext("Seed")))
    rows = []
    for line in lines:
        entrant = by_id[line.entrant]
        values: list[int | str] = (
            [line.played - line.byes, _won(line.won, line.byes), line.lost]
            if bye_won
            else [line.played, line.won, line.lost, line.byes]
        )
        values += [int(line.measures.get(key, 0)) for key, _, _ in measures]
        values.append(entrant.seed)
        players = entrant_players(entrant)
        rows.append(
            StandingRow(
                rank=line.rank,
                name=entrant.name,
                title=f"{entrant.name} ({players})"
                if players != entrant.name
                else entrant.name,
                seed=entrant.seed,
                champion=tournament.champion_id == entrant.pk,
                values=tuple(values),
                player_id=_solo_player(entrant),
            )
        )
    # A bye is not a result: before a match is played, nobody is ranked.
    ranked = any(line.played > (line.byes if bye_won else 0) for line in lines)
    return Standings(headers=tuple(headers), rows=tuple(rows), ranked=ranked)


def _won(won: int, byes: int) -> int | str:
    """The W column of a format whose byes are wins: "3", or "3 (1 bye)"."""
    if not byes:
        return won
    return ngettext("{won} ({byes} bye)", "{won} ({byes} byes)", byes).format(
        won=won, byes=byes
    )

"""A tournament page's standings table: the format's tie-break columns after the
wins, one row per entrant (from ``formats.standings``).

The page shows a bye apart from the matches played, in every format alike: "P",
"W" and "L" are the matches played, won and lost at a table (so W + L = P) and
"Byes" its own column, even where a bye counts as a won match in the ranking (a
Swiss, a bracket: EVENTS.md). The printed sheet and the CSV say the same
(`export`). Before any result nobody is ranked (a dash). The numbers themselves
(and the API's) are the format's, unchanged."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
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
BYE_IS_A_WIN = ("swiss", "single_elimination", "double_elimination")


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
    bye_won = tournament.format in BYE_IS_A_WIN
    headers: list[tuple[str, str]] = [
        (gettext("P"), gettext("Matches played at a table (byes apart)")),
        (gettext("W"), gettext("Matches won at a table")),
        (gettext("L"), gettext("Matches lost")),
        (gettext("Byes"), gettext("Byes (each counts as a won match in the ranking)"))
        if bye_won
        else (gettext("Byes"), gettext("Byes")),
    ]
    headers += [(short, title) for _, short, title in measures]
    headers.append((gettext("Seed"), gettext("Seed")))
    rows = []
    for line in lines:
        entrant = by_id[line.entrant]
        played, won = at_the_table(line, tournament.format)
        values: list[int | str] = [played, won, line.lost, line.byes]
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
    ranked = any_result(lines, tournament.format)
    return Standings(headers=tuple(headers), rows=tuple(rows), ranked=ranked)


def at_the_table(line: Any, tournament_format: str) -> tuple[int, int]:
    """(played, won) at a table, byes left out: a format whose byes are won
    matches (and a night, whose sit-out is a won round) counts them in both
    (EVENTS.md); a round robin in neither."""
    if tournament_format in BYE_IS_A_WIN or tournament_format == "progressive":
        return line.played - line.byes, line.won - line.byes
    return line.played, line.won


def any_result(lines: Sequence[Any], tournament_format: str) -> bool:
    """Whether a match (a night's table) has a result: before, nobody is ranked."""
    return any(at_the_table(line, tournament_format)[0] for line in lines)

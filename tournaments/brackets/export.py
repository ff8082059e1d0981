"""A tournament's standings to publish: the one-page printed sheet and the CSV
(one row per entrant: rank, name, players, then the numbers). A bracket, a round
robin or a Swiss: played, won, lost (at a table, so won + lost = played), byes
apart, points for, points against, then the format's measures, as the
tournament page shows them (`standings`). A progressive night: its tally as the
night's page shows it (points, rounds won) and its byes; it keeps no points
against. Before any result nobody is ranked (an empty rank; a dash on paper). No
queries of its own: the entrants (with their players) and matches are
`selectors.tournament_rows`'."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments import formats
from tournaments.brackets.boxes import entrant_players
from tournaments.brackets.standings import any_result, at_the_table
from tournaments.models import Entrant, Match, Tournament

# The base columns, in order (the CSV's header and the sheet's).
BASE_HEADERS = (_("Rank"), _("Name"), _("Players"))
# The numbers of a bracket, round robin or Swiss: (CSV header, printed header).
MATCH_COLUMNS = (
    (_("Played"), _("P")),
    (_("Won"), _("W")),
    (_("Lost"), _("L")),
    (_("Byes"), _("Byes")),
    (_("Points for"), _("PF")),
    (_("Points against"), _("PA")),
)
# A night's tally (tournaments/nights/board.py), measures by name.
NIGHT_MEASURES = ("points", "rounds_won", "byes")
NIGHT_COLUMNS = (
    (_("Points"), _("Points")),
    (_("Rounds won"), _("Won")),
    (_("Byes"), _("Byes")),
)
# The formats' measures by name (tournaments.pairing), as a reader calls them.
MEASURE_LABELS = {
    "buchholz": _("Buchholz"),
    "head_to_head": _("Head-to-head"),
    "points_difference": _("Points difference"),
    "rounds_won": _("Rounds won"),
    "losses": _("Losses"),
    "points": _("Points"),
    "byes": _("Byes"),
}
# Measures that repeat a base column are not repeated (a bracket's rounds won
# are its Won and Byes, its losses its Lost: the page shows neither either).
_IN_BASE = frozenset(
    {
        "played",
        "won",
        "lost",
        "byes",
        "points_for",
        "points_against",
        "rounds_won",
        "losses",
    }
)
# A cell a spreadsheet would read as a formula (OWASP "CSV injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class SheetRow:
    # None before any result: nobody is ranked yet.
    rank: int | None
    name: str
    players: str
    numbers: tuple[int, ...]
    first: bool

    def cells(self) -> list[object]:
        rank = "" if self.rank is None else self.rank
        return [rank, self.name, self.players, *self.numbers]


@dataclass(frozen=True)
class Sheet:
    # The numbers' columns: (CSV header, printed header).
    columns: tuple[tuple[str, str], ...]
    rows: tuple[SheetRow, ...]

    @property
    def headers(self) -> tuple[str, ...]:
        return BASE_HEADERS + tuple(label for label, _ in self.columns)

    @property
    def ranked(self) -> bool:
        return any(row.rank is not None for row in self.rows)


def _label(key: str) -> str:
    return MEASURE_LABELS.get(key, key.replace("_", " ").capitalize())


def standings_sheet(
    tournament: Tournament, entrants: Sequence[Entrant], matches: Sequence[Match]
) -> Sheet:
    """The standings as they stand, one row per entrant, the format's measures
    after the base columns (in the format's order)."""
    by_id = {entrant.pk: entrant for entrant in entrants}
    ids = formats.seeded_ids(entrants)
    lines = formats.standings(tournament, ids, list(matches)) if ids else []
    night = tournament.format == "progressive"
    if night:
        keys = list(NIGHT_MEASURES)
        columns = NIGHT_COLUMNS
    else:
        keys = [
            key for key in (lines[0].measures if lines else {}) if key not in _IN_BASE
        ]
        columns = MATCH_COLUMNS + tuple((_label(key), _label(key)) for key in keys)
    ranked = any_result(lines, tournament.format)
    finished = tournament.status == "finished"
    rows = []
    for line in lines:
        measures = tuple(int(line.measures.get(key, 0)) for key in keys)
        if night:
            numbers = measures
        else:
            played, won = at_the_table(line, tournament.format)
            numbers = (
                played,
                won,
                line.lost,
                line.byes,
                line.points_for,
                line.points_against,
                *measures,
            )
        rows.append(
            SheetRow(
                rank=line.rank if ranked else None,
                name=by_id[line.entrant].name,
                players=entrant_players(by_id[line.entrant]),
                numbers=numbers,
                first=finished and line.entrant == tournament.champion_id,
            )
        )
    return Sheet(columns=columns, rows=tuple(rows))


def _cell(value: object) -> object:
    """A name as text a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(sheet: Sheet) -> Iterator[list[object]]:
    """The header, then one row per entrant, every cell safe for a spreadsheet."""
    yield [str(header) for header in sheet.headers]
    for row in sheet.rows:
        yield [_cell(value) for value in row.cells()]

"""A tournament's standings to publish: the one-page printed sheet and the CSV
(one row per entrant: rank, name, players, played, won, lost, points for,
points against, then the format's measures). No queries of its own: the
entrants (with their players) and matches are `selectors.tournament_rows`'."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tournaments import formats
from tournaments.brackets.boxes import entrant_players
from tournaments.models import Entrant, Match, Tournament

# The base columns, in order (the CSV's header and the sheet's).
BASE_HEADERS = (
    "Rank",
    "Name",
    "Players",
    "Played",
    "Won",
    "Lost",
    "Points for",
    "Points against",
)
# The formats' measures by name (tournaments.pairing), as a reader calls them.
MEASURE_LABELS = {
    "buchholz": "Buchholz",
    "head_to_head": "Head-to-head",
    "points_difference": "Points difference",
    "rounds_won": "Rounds won",
    "losses": "Losses",
    "points": "Points",
    "byes": "Byes",
}
# Measures that repeat a base column are not repeated.
_IN_BASE = frozenset({"played", "won", "lost", "points_for", "points_against"})
# A cell a spreadsheet would read as a formula (OWASP "CSV injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class SheetRow:
    rank: int
    name: str
    players: str
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int
    measures: tuple[int, ...]
    first: bool

    def cells(self) -> list[object]:
        return [
            self.rank,
            self.name,
            self.players,
            self.played,
            self.won,
            self.lost,
            self.points_for,
            self.points_against,
            *self.measures,
        ]


@dataclass(frozen=True)
class Sheet:
    measures: tuple[str, ...]
    rows: tuple[SheetRow, ...]

    @property
    def headers(self) -> tuple[str, ...]:
        return BASE_HEADERS + self.measures


def standings_sheet(
    tournament: Tournament, entrants: Sequence[Entrant], matches: Sequence[Match]
) -> Sheet:
    """The standings as they stand, one row per entrant, the format's measures
    after the base columns (in the format's order)."""
    by_id = {entrant.pk: entrant for entrant in entrants}
    ids = formats.seeded_ids(entrants)
    lines = formats.standings(tournament, ids, list(matches)) if ids else []
    keys = [key for key in (lines[0].measures if lines else {}) if key not in _IN_BASE]
    finished = tournament.status == "finished"
    rows = tuple(
        SheetRow(
            rank=line.rank,
            name=by_id[line.entrant].name,
            players=entrant_players(by_id[line.entrant]),
            played=line.played,
            won=line.won,
            lost=line.lost,
            points_for=line.points_for,
            points_against=line.points_against,
            measures=tuple(int(line.measures.get(key, 0)) for key in keys),
            first=finished and line.entrant == tournament.champion_id,
        )
        for line in lines
    )
    labels = tuple(
        MEASURE_LABELS.get(key, key.replace("_", " ").capitalize()) for key in keys
    )
    return Sheet(measures=labels, rows=rows)


def _cell(value: object) -> object:
    """A name as text a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(sheet: Sheet) -> Iterator[list[object]]:
    """The header, then one row per entrant, every cell safe for a spreadsheet."""
    yield list(sheet.headers)
    for row in sheet.rows:
        yield [_cell(value) for value in row.cells()]

"""What a tournament's pages show, built in one place from the rows the selectors
read (as `scoring/table/sheet.py` is for a game): the page's ``Board``, its bracket
sections or rounds of match boxes (`boxes.py`) and its standings table
(`standings.py`); the paper sheets' rows and the wall view's version. No queries of
its own: the page, the wall view and the printed sheets all build on
`tournament_rows`."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext

from tournaments.brackets.boxes import (
    Column,
    Section,
    boxes_by_round,
    column_title,
    mark_current,
    slot_sources,
)
from tournaments.brackets.standings import Standings, standings_table
from tournaments.brackets.state import label_of, waiting_token
from tournaments.models import Entrant, Match, MatchStatus, Tournament
from tournaments.vocabulary import ELIMINATION

# Paper sheets: a row per hand, enough for a game to its target (about one point
# a hand for the side that wins it), within reason.
HAND_ROWS_LEAST = 12
HAND_ROWS_MOST = 30


@dataclass(frozen=True)
class WaitingResult:
    """A match's game result waiting for the losing side's confirmation
    (tournament setting confirm_results): "Bob & Di: confirm 11 to 7?"."""

    match_id: int
    label: str
    # What the page shows of it (state.waiting_token), carried by its forms.
    seen: str
    winner: str
    loser: str
    # The winner's points first, with an en dash: "11 to 7".
    score: str
    disputed: bool
    game_id: int | None


def waiting_result(
    tournament: Tournament, match: Match, by_id: dict[int, Entrant]
) -> WaitingResult | None:
    """The match's result waiting for confirmation, in words; None if none."""
    held = match.unconfirmed
    if held is None:
        return None
    sides = [match.entrant_a_id, match.entrant_b_id]
    won = sides.index(held["winner"]) if held.get("winner") in sides else 0
    scores = held.get("scores") or []
    score = f"{scores[won]}\N{EN DASH}{scores[1 - won]}" if len(scores) == 2 else ""

    def name(entrant_id: int | None) -> str:
        entrant = by_id.get(entrant_id) if entrant_id is not None else None
        return entrant.name if entrant is not None else "?"

    return WaitingResult(
        match_id=match.pk,
        label=label_of(tournament, match),
        seen=waiting_token(held),
        winner=name(sides[won]),
        loser=name(sides[1 - won]),
        score=score,
        disputed=match.disputed,
        game_id=held.get("game"),
    )


@dataclass
class Board:
    """Everything a tournament page shows."""

    tournament: Tournament
    elimination: bool
    entrant_count: int
    champion: str | None
    sections: tuple[Section, ...] = ()
    rounds: tuple[Column, ...] = ()
    standings: Standings | None = None
    can_draw: bool = False
    # No match between two entrants is under way or played: a bracket's or a
    # round robin's seeds may still be swapped (brackets.swap).
    untouched: bool = True
    best_of: int = 1
    by_round: dict[tuple[str, int], Column] = field(default_factory=dict)
    # Results waiting for the losing side's confirmation, disputes first.
    waiting: tuple[WaitingResult, ...] = ()

    @property
    def bye_note(self) -> str:
        """What a bye means in this format (EVENTS.md)."""
        if self.elimination:
            return gettext("Bye: through to the next round")
        if self.tournament.format == "round_robin":
            return gettext("Bye: sits this round out (not a win)")
        return gettext("Bye: a win without playing")

    @property
    def current_round(self) -> Column | None:
        """The round of a round robin or Swiss being played (the last drawn)."""
        return self.rounds[-1] if self.rounds else None

    def round(self, bracket: str, number: int) -> Column | None:
        return self.by_round.get((bracket, number))


def build(
    tournament: Tournament, entrants: list[Entrant], matches: list[Match]
) -> Board:
    """The page's shape of a tournament (from `selectors.tournament_rows`)."""
    by_id = {entrant.pk: entrant for entrant in entrants}
    elimination = tournament.format in ELIMINATION
    sources = slot_sources(tournament, entrants) if elimination and entrants else {}
    grouped = boxes_by_round(tournament, matches, by_id, sources)
    champion = by_id.get(tournament.champion_id) if tournament.champion_id else None
    board = Board(
        tournament=tournament,
        elimination=elimination,
        entrant_count=len(entrants),
        champion=champion.name if champion else None,
        best_of=int(tournament.settings.get("games_per_match", 1)),
        untouched=not any(
            match.slots == 2
            and match.status in (MatchStatus.RUNNING, MatchStatus.COMPLETED)
            for match in matches
        ),
    )

    def column(bracket: str, number: int, last: int) -> Column:
        return Column(
            anchor=f"{bracket}-{number}",
            title=column_title(tournament, bracket, number, last),
            bracket=bracket,
            number=number,
            matches=tuple(grouped[(bracket, number)]),
        )

    def of(bracket: str) -> list[int]:
        return sorted(number for b, number in grouped if b == bracket)

    if elimination:
        sections = []
        winners = of("winners")
        main = [column("winners", n, winners[-1]) for n in winners]
        finals = of("final")
        if finals:
            # The grand final and its reset, or the third-place match, after the
            # winners' rounds: one column.
            boxes = tuple(box for n in finals for box in grouped[("final", n)])
            main.append(
                Column(
                    anchor="final-1",
                    title=column_title(tournament, "final", 1, 1),
                    bracket="final",
                    number=1,
                    matches=boxes,
                )
            )
        title = (
            gettext("Winners' bracket")
            if tournament.format == "double_elimination"
            else gettext("Bracket")
        )
        sections.append(Section("winners", title, tuple(main)))
        losers = of("losers")
        if losers:
            columns = [column("losers", n, losers[-1]) for n in losers]
            sections.append(
                Section("losers", gettext("Losers' bracket"), tuple(columns))
            )
        sections = mark_current(sections)
        board.sections = tuple(sections)
        for section in sections:
            for col in section.columns:
                board.by_round[(col.bracket, col.number)] = col
    else:
        numbers = of("main")
        board.rounds = tuple(column("main", n, numbers[-1]) for n in numbers)
        for col in board.rounds:
            board.by_round[("main", col.number)] = col
        current = board.current_round
        board.can_draw = (
            tournament.format == "swiss"
            and tournament.status == "running"
            # No round at all: round 1 was taken back (brackets.redo).
            and (
                current is None
                or all(m.status == MatchStatus.COMPLETED for m in current.matches)
            )
            and (current.number if current else 0)
            < int(tournament.settings.get("rounds") or 0)
        )
    if entrants:
        board.standings = standings_table(tournament, entrants, matches, by_id)
    waiting = [waiting_result(tournament, match, by_id) for match in matches]
    board.waiting = tuple(
        sorted(
            (result for result in waiting if result is not None),
            key=lambda result: (not result.disputed, result.match_id),
        )
    )
    return board


def hand_rows(tournament: Tournament) -> range:
    """The rows of a paper score sheet: about the target's worth of hands."""
    target = int(tournament.options.get("target") or 11)
    return range(1, max(HAND_ROWS_LEAST, min(HAND_ROWS_MOST, target + 4)) + 1)


def wall_version(tournament: Any) -> str:
    """What the wall view polls with (from `selectors.tournament_watched`):
    changes whenever the tournament, a match or a match's game does."""

    def stamp(moment: datetime | None) -> str:
        return str(int(moment.timestamp() * 1_000_000)) if moment else "0"

    return ".".join(
        [
            stamp(tournament.updated_at),
            stamp(tournament.last_match_change),
            stamp(tournament.last_game_change),
            str(tournament.match_count),
            str(tournament.game_count),
            str(tournament.hand_total or 0),
        ]
    )


def wall_changed(tournament: Any) -> datetime:
    """When the wall view last changed (the latest of its version's times)."""
    times = [tournament.last_match_change, tournament.last_game_change]
    return max([tournament.updated_at, *(t for t in times if t is not None)])

"""What a tournament's pages show, built in one place from the rows the selectors
read (as `scoring/table/sheet.py` is for a game): the bracket's columns and match boxes,
each round's matches, the standings table with the format's tie-break columns,
the wall view's version. No queries of its own: the page, the wall view and the
printed sheets all build on `tournament_rows`."""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import formats, pairing
from tournaments.models import Entrant, Match, MatchStatus, Tournament
from tournaments.vocabulary import ELIMINATION, MATCH_STATUS_LABELS
from tournaments.words import match_label

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

# Paper sheets: a row per hand, enough for a game to its target (about one point
# a hand for the side that wins it), within reason.
HAND_ROWS_LEAST = 12
HAND_ROWS_MOST = 30


@dataclass(frozen=True)
class Slot:
    """One side of a match box: an entrant (or where it will come from)."""

    name: str | None
    seed: int | None = None
    players: str = ""
    # Where a slot not known yet comes from ("Winner of round 1 match 2").
    source: str = ""
    score: int | None = None
    wins: int | None = None
    won: bool = False
    lost: bool = False

    @property
    def title(self) -> str:
        """The whole name (and a team's players), for a name cut short."""
        if self.name is None:
            return self.source
        if self.players and self.players != self.name:
            return f"{self.name} ({self.players})"
        return self.name


@dataclass(frozen=True)
class MatchBox:
    id: int
    label: str
    number: int
    table: int | None
    status: str
    status_label: str
    slots: tuple[Slot, ...]
    bye: bool
    on_paper: bool
    best_of: int
    game_in_progress: int | None = None
    hands: int | None = None
    bracket: str = "main"

    @property
    def short(self) -> str:
        """The name in its column: "Match 2", or the final's own name."""
        if self.bracket == "final":
            return self.label
        return gettext("Match {number}").format(number=self.number)

    @property
    def running(self) -> bool:
        return self.status == MatchStatus.RUNNING

    @property
    def played(self) -> bool:
        """Two entrants known: a match one can print a sheet for or open."""
        return not self.bye


@dataclass(frozen=True)
class Column:
    """A round of a bracket (or the finals), one column on the page."""

    anchor: str
    title: str
    bracket: str
    number: int
    matches: tuple[MatchBox, ...]
    current: bool = False


@dataclass(frozen=True)
class Section:
    """A scroller of columns: the winners' bracket and the finals, or the losers'."""

    anchor: str
    title: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    title: str
    seed: int
    champion: bool
    values: tuple[int, ...]
    # A single player's entrant links to the player's page; a team does not.
    player_id: int | None = None


@dataclass(frozen=True)
class Standings:
    headers: tuple[tuple[str, str], ...]
    rows: tuple[StandingRow, ...]


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
    best_of: int = 1
    by_round: dict[tuple[str, int], Column] = field(default_factory=dict)

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


def _players(entrant: Entrant) -> str:
    return " & ".join(member.player.name for member in entrant.members.all())


def _solo_player(entrant: Entrant) -> int | None:
    members = entrant.members.all()
    return members[0].player_id if len(members) == 1 else None


def _label(tournament: Tournament, key: pairing.MatchKey) -> str:
    return match_label(
        format=tournament.format,
        bracket=key.bracket,
        round_number=key.round,
        number=key.number,
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _source_text(tournament: Tournament, source: pairing.Source, drop_in: bool) -> str:
    """Where a slot's entrant will come from, in words."""
    if source.kind == "winner" and source.match is not None:
        return gettext("Winner of {match}").format(
            match=_lower_first(_label(tournament, source.match))
        )
    if source.kind == "loser" and source.match is not None:
        if drop_in:
            # Placed when its round is known (docs/pairing.md): not one match.
            return gettext("A loser of winners' round {round}").format(
                round=source.match.round
            )
        return gettext("Loser of {match}").format(
            match=_lower_first(_label(tournament, source.match))
        )
    return ""


def _sources(
    tournament: Tournament, entrants: Sequence[Entrant]
) -> dict[pairing.MatchKey, tuple[str, str]]:
    """Each bracket match's two slot sources in words (elimination only)."""
    bracket = formats.bracket_of(tournament, formats.seeded_ids(entrants))
    return {
        match.key: (
            _source_text(tournament, match.sources[0], match.drop_in),
            _source_text(tournament, match.sources[1], False),
        )
        for match in bracket.matches
    }


def match_box(
    tournament: Tournament,
    match: Match,
    by_id: dict[int, Entrant],
    sources: tuple[str, str] = ("", ""),
) -> MatchBox:
    """One match as its box shows it: entrants (or their sources), the live score
    of the game being played, the result."""
    games = match.counted_games
    playing = next((link for link in games if link.game.status == "in_progress"), None)
    scores = list(games[-1].game.scores) if games else match.scores
    best_of = int(tournament.settings.get("games_per_match", 1))
    slots = []
    entrant_ids = [match.entrant_a_id, match.entrant_b_id][: match.slots]
    wins = [match.wins_a, match.wins_b]
    if match.slots == 1:
        # A bye's one slot comes from whichever source is not empty.
        sources = (next((text for text in sources if text), ""), "")
    for index, entrant_id in enumerate(entrant_ids):
        entrant = by_id.get(entrant_id) if entrant_id is not None else None
        if entrant is None:
            source = sources[index] or gettext("To be decided")
            slots.append(Slot(name=None, source=source))
            continue
        completed = match.status == MatchStatus.COMPLETED and match.slots == 2
        slots.append(
            Slot(
                name=entrant.name,
                seed=entrant.seed,
                players=_players(entrant),
                score=scores[index] if scores and match.slots == 2 else None,
                wins=wins[index] if best_of > 1 and match.slots == 2 else None,
                won=completed and match.winner_id == entrant_id,
                lost=completed and match.winner_id != entrant_id,
            )
        )
    key = formats.key_of(match)
    return MatchBox(
        id=match.pk,
        label=_label(tournament, key),
        number=match.number,
        table=match.table,
        status=match.status,
        status_label=gettext(MATCH_STATUS_LABELS[match.status]),
        slots=tuple(slots),
        bye=match.slots == 1,
        on_paper=match.on_paper,
        best_of=best_of,
        game_in_progress=playing.game_id if playing else None,
        hands=playing.game.hand_count if playing else None,
        bracket=key.bracket,
    )


def _column_title(tournament: Tournament, bracket: str, number: int, last: int) -> str:
    if bracket == "final":
        if tournament.format == "single_elimination":
            return gettext("Third place")
        return gettext("Grand final")
    if bracket == "losers":
        if number == last:
            return gettext("Losers' final")
        return gettext("Losers' round {number}").format(number=number)
    if bracket == "winners":
        from_end = last - number
        if tournament.format == "double_elimination":
            if from_end == 0:
                return gettext("Winners' final")
            return gettext("Winners' round {number}").format(number=number)
        names = (gettext("Final"), gettext("Semi-finals"), gettext("Quarter-finals"))
        if from_end < len(names):
            return names[from_end]
    return gettext("Round {number}").format(number=number)


PLAYABLE = (MatchStatus.READY, MatchStatus.RUNNING)


def _playable(column: Column) -> bool:
    return any(m.status in PLAYABLE for m in column.matches)


def _mark_current(sections: list[Section]) -> list[Section]:
    """The round being played in each section (the one a phone scrolls to and
    tagged "now"): its first column with a match ready or running. A section with
    none (say the losers' bracket, its only box a bye waiting for a winners'
    loser) has no current round while another section has one, the winners'
    first; with nothing playable anywhere, each section's first column with a
    match not completed (else its last)."""
    playing = any(_playable(column) for s in sections for column in s.columns)
    marked = []
    for section in sections:
        columns = section.columns
        if playing:
            index = next((i for i, c in enumerate(columns) if _playable(c)), None)
        else:
            index = next(
                (
                    i
                    for i, column in enumerate(columns)
                    if any(m.status != MatchStatus.COMPLETED for m in column.matches)
                ),
                len(columns) - 1,
            )
        marked.append(
            replace(
                section,
                columns=tuple(
                    replace(column, current=i == index)
                    for i, column in enumerate(columns)
                ),
            )
        )
    return marked


def _standings(
    tournament: Tournament,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
    by_id: dict[int, Entrant],
) -> Standings:
    lines = formats.standings(tournament, formats.seeded_ids(entrants), matches)
    measures = _MEASURES.get(tournament.format, _MEASURES_ELIMINATION)
    headers: list[tuple[str, str]] = [
        (gettext("P"), gettext("Matches played")),
        (gettext("W"), gettext("Matches won")),
        (gettext("L"), gettext("Matches lost")),
        (gettext("Byes"), gettext("Byes")),
    ]
    headers += [(short, title) for _, short, title in measures]
    headers.append((gettext("Seed"), gettext("Seed")))
    rows = []
    for line in lines:
        entrant = by_id[line.entrant]
        values = [line.played, line.won, line.lost, line.byes]
        values += [int(line.measures.get(key, 0)) for key, _, _ in measures]
        values.append(entrant.seed)
        players = _players(entrant)
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
    return Standings(headers=tuple(headers), rows=tuple(rows))


def _columns(
    tournament: Tournament,
    matches: Sequence[Match],
    by_id: dict[int, Entrant],
    sources: dict[pairing.MatchKey, tuple[str, str]],
) -> dict[tuple[str, int], list[MatchBox]]:
    grouped: dict[tuple[str, int], list[MatchBox]] = {}
    ordered = sorted(
        matches,
        key=lambda m: (
            {"winners": 0, "main": 0, "losers": 1, "final": 2}[m.round.bracket],
            m.round.number,
            m.number,
        ),
    )
    for match in ordered:
        key = formats.key_of(match)
        grouped.setdefault((key.bracket, key.round), []).append(
            match_box(tournament, match, by_id, sources.get(key, ("", "")))
        )
    return grouped


def build(
    tournament: Tournament, entrants: list[Entrant], matches: list[Match]
) -> Board:
    """The page's shape of a tournament (from `selectors.tournament_rows`)."""
    by_id = {entrant.pk: entrant for entrant in entrants}
    elimination = tournament.format in ELIMINATION
    sources = _sources(tournament, entrants) if elimination and entrants else {}
    grouped = _columns(tournament, matches, by_id, sources)
    champion = by_id.get(tournament.champion_id) if tournament.champion_id else None
    board = Board(
        tournament=tournament,
        elimination=elimination,
        entrant_count=len(entrants),
        champion=champion.name if champion else None,
        best_of=int(tournament.settings.get("games_per_match", 1)),
    )

    def column(bracket: str, number: int, last: int) -> Column:
        return Column(
            anchor=f"{bracket}-{number}",
            title=_column_title(tournament, bracket, number, last),
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
                    title=_column_title(tournament, "final", 1, 1),
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
        sections = _mark_current(sections)
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
            and current is not None
            and all(m.status == MatchStatus.COMPLETED for m in current.matches)
            and current.number < int(tournament.settings.get("rounds") or 0)
        )
    if entrants:
        board.standings = _standings(tournament, entrants, matches, by_id)
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

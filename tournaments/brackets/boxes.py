"""A tournament page's match boxes and the columns they stand in: a bracket's
rounds (winners', losers', finals) or the rounds of a round robin or Swiss, each
slot's entrant or, not known yet, where it will come from."""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext

from tournaments import formats, pairing
from tournaments.models import Entrant, Match, MatchStatus, Tournament
from tournaments.vocabulary import MATCH_STATUS_LABELS
from tournaments.words import bracket_rounds, match_label, round_label


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
    # Its game's result waits for the losing side's confirmation, or is disputed
    # (tournament setting confirm_results).
    unconfirmed: bool = False
    disputed: bool = False

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


def entrant_players(entrant: Entrant) -> str:
    """The players of an entrant: "Ann & Bob"."""
    return " & ".join(member.player.name for member in entrant.members.all())


def _label(
    tournament: Tournament, key: pairing.MatchKey, rounds: dict[str, int]
) -> str:
    """The match's name, as its bracket's column says it ("Semi-final 2")."""
    return match_label(
        format=tournament.format,
        bracket=key.bracket,
        round_number=key.round,
        number=key.number,
        rounds=rounds.get(key.bracket),
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _source_text(
    tournament: Tournament,
    source: pairing.Source,
    drop_in: bool,
    rounds: dict[str, int],
) -> str:
    """Where a slot's entrant will come from, in words."""
    if source.kind == "winner" and source.match is not None:
        return gettext("Winner of {match}").format(
            match=_lower_first(_label(tournament, source.match, rounds))
        )
    if source.kind == "loser" and source.match is not None:
        if drop_in:
            # Placed when its round is known (docs/pairing.md): not one match.
            return gettext("A loser of winners' round {round}").format(
                round=source.match.round
            )
        return gettext("Loser of {match}").format(
            match=_lower_first(_label(tournament, source.match, rounds))
        )
    return ""


def slot_sources(
    tournament: Tournament, entrants: Sequence[Entrant]
) -> dict[pairing.MatchKey, tuple[str, str]]:
    """Each bracket match's two slot sources in words (elimination only)."""
    bracket = formats.bracket_of(tournament, formats.seeded_ids(entrants))
    rounds = bracket_rounds((m.key.bracket, m.key.round) for m in bracket.matches)
    return {
        match.key: (
            _source_text(tournament, match.sources[0], match.drop_in, rounds),
            _source_text(tournament, match.sources[1], False, rounds),
        )
        for match in bracket.matches
    }


def match_box(
    tournament: Tournament,
    match: Match,
    by_id: dict[int, Entrant],
    sources: tuple[str, str] = ("", ""),
    rounds: dict[str, int] | None = None,
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
                players=entrant_players(entrant),
                score=scores[index] if scores and match.slots == 2 else None,
                wins=wins[index] if best_of > 1 and match.slots == 2 else None,
                won=completed and match.winner_id == entrant_id,
                lost=completed and match.winner_id != entrant_id,
            )
        )
    key = formats.key_of(match)
    return MatchBox(
        id=match.pk,
        label=_label(tournament, key, rounds or {}),
        number=match.number,
        table=match.table,
        status=match.status,
        status_label=str(MATCH_STATUS_LABELS[match.status]),
        slots=tuple(slots),
        bye=match.slots == 1,
        on_paper=match.on_paper,
        best_of=best_of,
        game_in_progress=playing.game_id if playing else None,
        hands=playing.game.hand_count if playing else None,
        bracket=key.bracket,
        unconfirmed=match.unconfirmed is not None,
        disputed=match.disputed,
    )


def column_title(tournament: Tournament, bracket: str, number: int, last: int) -> str:
    """A column's heading: "Semi-finals", "Losers' round 2", "Round 3" … (the
    round's one name: tournaments.words.round_label)."""
    return round_label(
        format=tournament.format, bracket=bracket, round_number=number, rounds=last
    )


PLAYABLE = (MatchStatus.READY, MatchStatus.RUNNING)


def _playable(column: Column) -> bool:
    return any(m.status in PLAYABLE for m in column.matches)


def mark_current(sections: list[Section]) -> list[Section]:
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


def boxes_by_round(
    tournament: Tournament,
    matches: Sequence[Match],
    by_id: dict[int, Entrant],
    sources: dict[pairing.MatchKey, tuple[str, str]],
) -> dict[tuple[str, int], list[MatchBox]]:
    """The match boxes of each round, by (bracket, round number), in play order."""
    grouped: dict[tuple[str, int], list[MatchBox]] = {}
    ordered = sorted(
        matches,
        key=lambda m: (
            {"winners": 0, "main": 0, "losers": 1, "final": 2}[m.round.bracket],
            m.round.number,
            m.number,
        ),
    )
    rounds = bracket_rounds((m.round.bracket, m.round.number) for m in matches)
    for match in ordered:
        key = formats.key_of(match)
        grouped.setdefault((key.bracket, key.round), []).append(
            match_box(tournament, match, by_id, sources.get(key, ("", "")), rounds)
        )
    return grouped

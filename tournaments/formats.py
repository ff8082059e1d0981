"""Rows <-> the pairing library: a stored tournament's bracket, its matches' keys and
results, its standings. No queries of its own (everything is passed in already
read); services and selectors both build on it."""

from collections.abc import Iterable, Sequence

from tournaments import pairing
from tournaments.models import Entrant, Match, MatchStatus, Tournament
from tournaments.vocabulary import ELIMINATION, PROGRESSIVE


def seeded_ids(entrants: Iterable[Entrant]) -> list[int]:
    """The entrants' ids in seed order, as the library takes them."""
    return [entrant.pk for entrant in sorted(entrants, key=lambda e: e.seed)]


def bracket_of(tournament: Tournament, ids: Sequence[int]) -> pairing.Bracket:
    """The tournament's bracket: the same entrants and settings always draw the
    same bracket, so it is drawn again rather than stored."""
    settings = tournament.settings
    return pairing.draw_bracket(
        ids,
        double=tournament.format == "double_elimination",
        third_place=bool(settings.get("third_place", False)),
        grand_final_reset=bool(settings.get("grand_final_reset", True)),
    )


def key_of(match: Match) -> pairing.MatchKey:
    """The match's place (its round read with it)."""
    return pairing.MatchKey(match.round.bracket, match.round.number, match.number)


def is_played(match: Match) -> bool:
    """Completed over the board or on paper (not a bye)."""
    return match.status == MatchStatus.COMPLETED and match.slots == 2


def has_started(match: Match) -> bool:
    """A game is being played or was, or its result is in (a bye never starts)."""
    return match.status == MatchStatus.RUNNING or is_played(match)


def result_of(match: Match) -> pairing.Result | None:
    """The library's result of a completed match (a bye too), else None."""
    if match.status != MatchStatus.COMPLETED:
        return None
    if match.slots == 1:
        return pairing.Result((match.entrant_a_id,), match.entrant_a_id)
    scores = tuple(match.scores) if match.scores is not None else None
    return pairing.Result(
        (match.entrant_a_id, match.entrant_b_id), match.winner_id, scores
    )


def played_results(matches: Iterable[Match]) -> dict[pairing.MatchKey, pairing.Result]:
    """A bracket's results by match: the played ones (byes follow by themselves)."""
    return {
        key_of(match): result
        for match in matches
        if is_played(match) and (result := result_of(match)) is not None
    }


def all_results(matches: Iterable[Match]) -> list[pairing.Result]:
    """Every completed match's result, byes included, in play order."""
    ordered = sorted(matches, key=lambda m: (m.round.number, m.number))
    return [result for match in ordered if (result := result_of(match)) is not None]


def is_table(match: Match) -> bool:
    """A progressive night's table (its players are its seats)."""
    return match.seats is not None


def table_result(match: Match) -> pairing.TableResult:
    """A completed table's result as the library takes it."""
    return pairing.TableResult(tuple(match.seats), tuple(match.scores))


def table_winners(match: Match, seeds: dict[int, int]) -> tuple[int, ...]:
    """Who moves up from a completed table (`seeds` by entrant id)."""
    return pairing.table_winners(table_result(match), seeds)


def played_rounds(matches: Iterable[Match]) -> list[pairing.PlayedRound]:
    """A progressive night's rounds as played: each round's completed tables
    (table order) and its sit-outs (the one-player byes)."""
    by_round: dict[int, tuple[list[Match], list[int]]] = {}
    for match in sorted(matches, key=lambda m: (m.round.number, m.number)):
        tables, out = by_round.setdefault(match.round.number, ([], []))
        if is_table(match):
            if match.status == MatchStatus.COMPLETED:
                tables.append(match)
        elif match.slots == 1:
            out.append(match.entrant_a_id)
    return [
        pairing.PlayedRound(tuple(table_result(table) for table in tables), tuple(out))
        for _, (tables, out) in sorted(by_round.items())
    ]


def standings(
    tournament: Tournament, ids: Sequence[int], matches: Sequence[Match]
) -> list[pairing.Standing]:
    """The format's standings as the matches stand (each with its round)."""
    if tournament.format in ELIMINATION:
        return pairing.elimination_standings(
            bracket_of(tournament, ids), played_results(matches)
        )
    if tournament.format == "round_robin":
        return pairing.round_robin_standings(ids, all_results(matches))
    if tournament.format == PROGRESSIVE:
        return pairing.progressive_standings(
            ids, played_rounds(matches), scoring=tournament.settings["scoring"]
        )
    return pairing.swiss_standings(ids, all_results(matches))

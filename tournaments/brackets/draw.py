"""Drawing rounds, every format's: the rows laid out as the pairing library says
from the results as they stand (tournaments.formats is the bridge): an
elimination bracket's next matches, a round robin's next round, a Swiss's or a
progressive night's next round when asked (`round_draw`), each open match's
table, the tournament's status and champion (`refresh`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring import engine
from tournaments import formats, live_versions, pairing
from tournaments.brackets.closing import check_playable
from tournaments.brackets.state import (
    all_matches,
    entrant_ids,
    label_of,
    last_round,
    lock,
    names_of,
    round_done,
)
from tournaments.models import Match, MatchStatus, Round, Tournament, TournamentStatus
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import ELIMINATION, PROGRESSIVE
from tournaments.words import midsentence, unit

_MATCH_FIELDS = (
    "slots",
    "entrant_a_id",
    "entrant_b_id",
    "status",
    "winner_id",
    "wins_a",
    "wins_b",
    "scores",
    "table",
)


def _snapshot(match: Match) -> tuple[Any, ...]:
    return tuple(getattr(match, name) for name in _MATCH_FIELDS)


def _clear(match: Match, status: str) -> None:
    match.status = status
    match.winner_id = None
    match.wins_a = match.wins_b = 0
    match.scores = None
    match.on_paper = False


def _sync_bracket(tournament: Tournament, matches: list[Match]) -> bool:
    """Lay the bracket's state on the rows: new rows for matches not stored yet,
    entrants moved on, byes completed, a reset not needed removed. Returns
    whether the tournament is finished (its champion then set)."""
    ids = entrant_ids(tournament)
    bracket = formats.bracket_of(tournament, ids)
    state = pairing.bracket_state(bracket, formats.played_results(matches))
    rounds = {(r.bracket, r.number): r for r in tournament.rounds.all()}
    rows = {formats.key_of(match): match for match in matches}
    created: list[Match] = []
    changed: list[Match] = []
    for match_state in state.matches:
        key = match_state.key
        row = rows.pop(key, None)
        if match_state.status == "void":
            if row is not None:
                matches.remove(row)
                row.delete()
            continue
        if row is None:
            round_ = rounds.get((key.bracket, key.round))
            if round_ is None:
                round_ = Round.objects.create(
                    tournament=tournament, bracket=key.bracket, number=key.round
                )
                rounds[(key.bracket, key.round)] = round_
            row = Match(tournament=tournament, round=round_, number=key.number)
            created.append(row)
            matches.append(row)
        before = _snapshot(row)
        slots = list(match_state.entrants) or [None, None]
        first = slots[0]
        second = slots[1] if len(slots) > 1 else None
        if (row.entrant_a_id, row.entrant_b_id) != (first, second):
            # New entrants (a correction upstream, before this match started).
            _clear(row, MatchStatus.WAITING)
            row.table = None
        row.slots = len(slots)
        row.entrant_a_id, row.entrant_b_id = first, second
        if match_state.status == "completed" and row.slots == 1:
            row.status = MatchStatus.COMPLETED
            row.winner_id = first
            row.table = None
        elif match_state.status == "ready":
            if row.status not in (MatchStatus.RUNNING, MatchStatus.COMPLETED):
                row.status = MatchStatus.READY
        elif match_state.status == "waiting":
            _clear(row, MatchStatus.WAITING)
            row.table = None
        if row.pk is not None and _snapshot(row) != before:
            changed.append(row)
    for row in rows.values():
        # A match the bracket no longer has (it never changes shape): gone.
        matches.remove(row)
        row.delete()
    Match.objects.bulk_create(created)
    if changed:
        Match.objects.bulk_update(
            changed, [f.removesuffix("_id") for f in _MATCH_FIELDS]
        )
    Round.objects.filter(tournament=tournament, matches__isnull=True).delete()
    if state.champion is not None:
        tournament.champion_id = state.champion
    return state.finished


def _create_round(
    tournament: Tournament, bracket: str, number: int, drawn: Sequence[pairing.Pairing]
) -> list[Match]:
    round_ = Round.objects.create(tournament=tournament, bracket=bracket, number=number)
    rows = []
    for index, drawn_match in enumerate(drawn, start=1):
        if drawn_match.is_bye:
            (only,) = drawn_match.entrants
            rows.append(
                Match(
                    tournament=tournament,
                    round=round_,
                    number=index,
                    slots=1,
                    entrant_a_id=only,
                    status=MatchStatus.COMPLETED,
                    winner_id=only,
                )
            )
        else:
            first, second = drawn_match.entrants
            rows.append(
                Match(
                    tournament=tournament,
                    round=round_,
                    number=index,
                    entrant_a_id=first,
                    entrant_b_id=second,
                    status=MatchStatus.READY,
                )
            )
    return Match.objects.bulk_create(rows)


def _all_done(matches: Sequence[Match]) -> bool:
    return all(match.status == MatchStatus.COMPLETED for match in matches)


def _sync_round_robin(tournament: Tournament, matches: list[Match]) -> bool:
    """The next round appears once every match of the last one is completed (the
    schedule is fixed: results never change who meets whom)."""
    schedule = pairing.round_robin_schedule(
        entrant_ids(tournament), tournament.settings.get("cycles", 1)
    )
    last = last_round(matches)
    while last < len(schedule) and (last == 0 or round_done(matches, last)):
        last += 1
        matches.extend(_create_round(tournament, "main", last, schedule[last - 1]))
    return last == len(schedule) and _all_done(matches)


def night_seats(tournament: Tournament) -> tuple[list[int], dict[int, int], set[int]]:
    """A night's players in seed order (late arrivals last), their seeds by
    entrant id, and who has left."""
    rows = list(tournament.entrants.order_by("seed").values_list("pk", "seed", "left"))
    return (
        [pk for pk, _, _ in rows],
        {pk: seed for pk, seed, _ in rows},
        {pk for pk, _, left in rows if left},
    )


def draw_night_round(tournament: Tournament, matches: list[Match]) -> None:
    """Seat a progressive night's next round (round 1 in seed order) from the
    pairing library: a table per Match (its players in `seats`), each sit-out
    a completed one-player bye."""
    ids, _, left = night_seats(tournament)
    solo = tournament.variant != engine.Variant.THIRTEEN
    played = formats.played_rounds(matches)
    if not played:
        seating = pairing.progressive_first_round(ids, solo=solo)
    else:
        seating = pairing.progressive_next_round(
            ids,
            played,
            movement=tournament.settings["movement"],
            solo=solo,
            left=left,
        )
    round_ = Round.objects.create(
        tournament=tournament, bracket="main", number=len(played) + 1
    )
    rows = [
        Match(
            tournament=tournament,
            round=round_,
            number=table.number,
            table=table.number,
            seats=list(table.players),
            entrant_a=None,
            status=MatchStatus.READY,
        )
        for table in seating.tables
    ]
    rows += [
        Match(
            tournament=tournament,
            round=round_,
            number=len(seating.tables) + index,
            slots=1,
            entrant_a_id=player,
            status=MatchStatus.COMPLETED,
            winner_id=player,
        )
        for index, player in enumerate(seating.sitting_out, start=1)
    ]
    created = Match.objects.bulk_create(rows)
    for row in created:
        row.round = round_
    matches.extend(created)


def draw_swiss_round(tournament: Tournament, matches: list[Match]) -> None:
    ids = entrant_ids(tournament)
    drawn = pairing.swiss_pairings(ids, formats.all_results(matches))
    matches.extend(_create_round(tournament, "main", last_round(matches) + 1, drawn))


def _assign_tables(matches: Sequence[Match]) -> None:
    """An open match gets the lowest table no other open match holds, when it
    becomes ready; it keeps it until it is completed (and in the record after)."""
    open_ = (MatchStatus.READY, MatchStatus.RUNNING)
    taken = {m.table for m in matches if m.status in open_ and m.table is not None}
    changed = []
    table = 1
    for match in matches:
        if match.status in open_ and match.table is None:
            while table in taken:
                table += 1
            match.table = table
            taken.add(table)
            changed.append(match)
    Match.objects.bulk_update(changed, ["table"])


def refresh(tournament: Tournament, matches: list[Match] | None = None) -> None:
    """Everything that follows from the results as they stand: the bracket's next
    matches, a round robin's next round, tables, the tournament's status and
    champion. A tournament closed early stays as it was closed."""
    if tournament.closed_early:
        return
    if matches is None:
        matches = all_matches(tournament)
    champion = None
    if tournament.format in ELIMINATION:
        finished = _sync_bracket(tournament, matches)
        champion = tournament.champion_id if finished else None
    else:
        if tournament.format == "round_robin":
            finished = _sync_round_robin(tournament, matches)
        else:
            last = last_round(matches)
            finished = last == tournament.settings["rounds"] and _all_done(matches)
        if finished:
            table = formats.standings(tournament, entrant_ids(tournament), matches)
            champion = table[0].entrant
    matches.sort(key=lambda m: (m.round_id, m.number))
    _assign_tables(matches)
    tournament.champion_id = champion
    tournament.status = (
        TournamentStatus.FINISHED if finished else TournamentStatus.RUNNING
    )
    tournament.save(update_fields=["champion", "status", "updated_at"])


@transaction.atomic
def round_draw(*, tournament_id: int, by: AbstractBaseUser | None = None) -> Tournament:
    """Draw a Swiss's or a progressive night's next round from the results as
    they stand. Refused while a match of the current round is not completed,
    and after the last round (the other formats draw their rounds by themselves
    as results come in)."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    if tournament.format not in ("swiss", PROGRESSIVE):
        raise TournamentRefusal(
            "round_drawn_by_results",
            "format",
            params={"format": midsentence(tournament.get_format_display())},
        )
    matches = all_matches(tournament)
    last = last_round(matches)
    for match in matches:
        if match.round.number == last and match.status != MatchStatus.COMPLETED:
            raise TournamentRefusal(
                "round_open",
                "rounds",
                params={
                    # A night's "Table 1", not "Table 1 · Round 1": the
                    # sentence names the round.
                    "match": gettext("Table %(table)s (%(names)s)")
                    % {"table": match.table, "names": names_of(match)}
                    if formats.is_table(match)
                    else f"{label_of(tournament, match)} ({names_of(match)})",
                    "round": last,
                    "unit": unit(tournament.format),
                },
            )
    if last >= tournament.settings["rounds"]:
        raise TournamentRefusal(
            "last_round_played",
            "rounds",
            params={"rounds": last, "format": tournament.get_format_display()},
        )
    if tournament.format == PROGRESSIVE:
        draw_night_round(tournament, matches)
    else:
        draw_swiss_round(tournament, matches)
    refresh(tournament, matches)
    return tournament

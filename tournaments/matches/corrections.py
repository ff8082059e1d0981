"""Organisers correct what was entered (EVENTS.md): a match's result voided (a
paper result, or its game's: the game stays as it was, its link to the match is
set aside) or a paper result edited, while no later match depends on it. The
match is `ready` again; what the result caused is reverted by the draw as it
follows the results (the winner's and loser's slots, a finished tournament's
champion, the standings). Every change is audited (ResultRevision)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring.games import services as scoring_services
from tournaments import formats, live_versions, pairing
from tournaments.brackets.audit import match_snapshot, record
from tournaments.brackets.closing import check_playable
from tournaments.brackets.state import (
    all_matches,
    entrant_ids,
    label_of,
    last_round,
    lock,
    names_of,
)
from tournaments.matches.results import apply_result
from tournaments.matches.services import match_of, match_result_enter
from tournaments.models import (
    Match,
    MatchGame,
    MatchStatus,
    ResultRevision,
    Tournament,
)
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import ELIMINATION, PROGRESSIVE
from tournaments.words import midsentence


def _with_hands(match: Match) -> MatchGame | None:
    return next(
        (
            link
            for link in match.games.filter(abandoned=False).select_related("game")
            if link.game.hand_count
        ),
        None,
    )


def _refuse_dependent(tournament: Tournament, other: Match) -> None:
    """`other` depends on the result: refused, naming it, if it has a result or
    a game with hands."""
    params = {
        "match": label_of(tournament, other),
        "names": names_of(other),
        "match_id": other.pk,
    }
    if formats.is_played(other):
        raise TournamentRefusal("result_depended_on", "match", params=params)
    link = _with_hands(other)
    if link is not None:
        raise TournamentRefusal(
            "result_depended_on_hands",
            "match",
            params={**params, "game": link.game_id},
        )


def dependents(
    tournament: Tournament, match: Match, matches: Sequence[Match]
) -> list[Match]:
    """The later matches whose entrants follow from `match`'s result: in an
    elimination bracket, those taking its winner or loser (and onwards); in a
    Swiss or a progressive night, every later round (drawn from it)."""
    if tournament.format in ELIMINATION:
        bracket = formats.bracket_of(tournament, entrant_ids(tournament))
        keys = pairing.bracket_dependents(bracket, formats.key_of(match))
        return [m for m in matches if formats.key_of(m) in keys]
    if tournament.format in ("swiss", PROGRESSIVE):
        return [m for m in matches if m.round.number > match.round.number]
    return []


def check_voidable(tournament: Tournament, match: Match) -> list[Match]:
    """Refuse (naming it) if a later match that depends on the match's result has
    a result or a game with hands, or if a later round was drawn from it. Returns
    the later matches that depend on it (none started with hands)."""
    if not formats.is_played(match):
        raise TournamentRefusal(
            "no_result",
            "match",
            params={
                "match": label_of(tournament, match),
                "status": gettext("a bye")
                if match.slots == 1
                else midsentence(match.get_status_display()),
            },
        )
    matches = all_matches(tournament)
    later = dependents(tournament, match, matches)
    for other in later:
        _refuse_dependent(tournament, other)
    if later and tournament.format in ("swiss", PROGRESSIVE):
        raise TournamentRefusal(
            "round_drawn_from_result",
            "match",
            params={"round": last_round(matches)},
        )
    return later


def _detach(later: Sequence[Match], by: AbstractBaseUser | None) -> None:
    """The later matches' games started without hands go: their links set aside,
    the matches back to `ready` (the draw then empties their slots), the games
    deleted (the game log keeps their tombstones)."""
    links = list(MatchGame.objects.filter(match__in=later, abandoned=False))
    if not links:
        return
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    Match.objects.filter(
        pk__in={link.match_id for link in links}, status=MatchStatus.RUNNING
    ).update(status=MatchStatus.READY)
    for link in links:
        scoring_services.game_delete(game_id=link.game_id, by=by)


def _void(tournament: Tournament, match: Match, by: AbstractBaseUser | None) -> None:
    check_playable(tournament)
    later = check_voidable(tournament, match)
    _detach(later, by)
    # Its games count for nothing now; the games themselves stay as they were.
    match.games.filter(abandoned=False).update(abandoned=True)
    if not formats.is_table(match) and match.table is not None:
        taken = Match.objects.filter(
            tournament=tournament,
            table=match.table,
            status__in=(MatchStatus.READY, MatchStatus.RUNNING),
        ).exclude(pk=match.pk)
        if taken.exists():
            # Its table plays another match now: it gets the next free one.
            Match.objects.filter(pk=match.pk).update(table=None)
    apply_result(
        tournament,
        match,
        status=MatchStatus.READY,
        winner_id=None,
        wins=(0, 0),
        scores=None,
    )


@transaction.atomic
def match_result_void(
    *, tournament_id: int, match_id: int, by: AbstractBaseUser | None = None
) -> Tournament:
    """Void a match's result (on paper or its game's): the match is `ready` again.
    Refused (naming it) once a later match that depends on it has a result or a
    game with hands; a later match's game without hands is deleted."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    match = match_of(tournament, match_id)
    before = match_snapshot(match)
    _void(tournament, match, by)
    after = match_snapshot(match_of(tournament, match_id))
    record(
        tournament,
        ResultRevision.Action.VOID,
        by=by,
        match=match,
        before=before,
        after=after,
    )
    return tournament


@transaction.atomic
def match_result_edit(
    *,
    tournament_id: int,
    match_id: int,
    winner: int,
    scores: Sequence[int] | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """Change a result entered on paper: voided and entered again in one
    transaction (the same checks as each), one "edit" revision."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    match = match_of(tournament, match_id)
    if formats.is_played(match) and not match.on_paper:
        raise TournamentRefusal(
            "not_on_paper", "match", params={"match": label_of(tournament, match)}
        )
    before = match_snapshot(match)
    _void(tournament, match, by)
    match_result_enter(
        tournament_id=tournament_id,
        match_id=match_id,
        winner=winner,
        scores=scores,
        by=by,
        audit=False,
    )
    after = match_snapshot(match_of(tournament, match_id))
    record(
        tournament,
        ResultRevision.Action.EDIT,
        by=by,
        match=match,
        before=before,
        after=after,
    )
    return lock(tournament_id)

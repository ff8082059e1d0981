"""Results confirmed by the other side (tournament setting `confirm_results`): a
match's game has ended and its result waits in `match.unconfirmed`, the match
`running` (tournaments.matches.results.hold_or_apply). The losing side (on the
table's phone, a scorekeeper's) or an organiser confirms it: the result is
applied as results.py would have applied it at once, and the bracket moves on;
or the losing side disputes it: the match stays `running`, flagged, until an
organiser settles it, confirming it or having the game played again (the game
set aside in its match: a new game is started). Each step is audited
(ResultRevision: who and when). Whether the caller may is the caller's check:
`settles` says the caller is one of the club's organisers."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring.models import Game
from tournaments import live_versions
from tournaments.brackets.board import waiting_result
from tournaments.brackets.state import label_of, lock, waiting_token
from tournaments.matches.results import apply_result, match_follow_game
from tournaments.models import (
    Entrant,
    Match,
    MatchGame,
    MatchStatus,
    ResultRevision,
    Tournament,
)
from tournaments.refusals import TournamentRefusal


def confirms_results(tournament: Tournament) -> bool:
    """Whether the tournament's results wait for the other side's confirmation."""
    return bool(tournament.settings.get("confirm_results", False))


def is_confirmed(tournament: Tournament, match: Match) -> bool:
    """The match's result stands: completed, and confirmed or needing no
    confirmation (a completed match has nothing waiting)."""
    return match.status == MatchStatus.COMPLETED and match.unconfirmed is None


def _state(match: Match) -> dict[str, Any]:
    """The match as the audit keeps it."""
    return {
        "status": match.status,
        "winner": match.winner_id,
        "wins": [match.wins_a, match.wins_b],
        "scores": match.scores,
        "unconfirmed": match.unconfirmed,
        "disputed": match.disputed,
    }


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


def _waiting(tournament: Tournament, match_id: int) -> Match:
    """The tournament's match with a result waiting (Match.DoesNotExist for
    another tournament's); refused when nothing waits."""
    match = Match.objects.select_related("round").get(
        pk=match_id, tournament=tournament
    )
    if match.unconfirmed is None:
        if not confirms_results(tournament):
            why = gettext("this tournament does not ask for results to be confirmed.")
        elif match.status == MatchStatus.COMPLETED:
            why = gettext("its result stands.")
        else:
            why = gettext("its game has not ended yet.")
        raise TournamentRefusal(
            "nothing_to_confirm",
            "match",
            params={"match": label_of(tournament, match), "why": why},
        )
    return match


def _audit(
    tournament: Tournament,
    match: Match,
    action: str,
    before: dict[str, Any],
    by: AbstractBaseUser | None,
) -> None:
    match.refresh_from_db()
    ResultRevision.objects.create(
        tournament=tournament,
        match=match,
        action=action,
        before=before,
        after=_state(match),
        changed_by=_user(by),
    )


def _refuse_changed(tournament: Tournament, match: Match) -> None:
    by_id = Entrant.objects.in_bulk([match.entrant_a_id, match.entrant_b_id])
    now = waiting_result(tournament, match, by_id)
    raise TournamentRefusal(
        "result_changed",
        "match",
        params={
            "match": label_of(tournament, match),
            "now": gettext("%(winner)s won %(score)s")
            % {"winner": now.winner, "score": now.score}
            if now
            else "",
        },
    )


@transaction.atomic
def match_confirm(
    *,
    tournament_id: int,
    match_id: int,
    agree: bool = True,
    settles: bool = False,
    seen: str | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """Confirm the waiting result of a match's game (`agree`): it is applied,
    the bracket moves on; or dispute it: the match stays `running`, flagged for
    the organisers. A disputed result is settled by an organiser only
    (`settles`); disputing it again changes nothing. `seen`, from a page's form
    (state.waiting_token): a result that changed since is refused (409
    `result_changed`, saying the result now waiting), nothing confirmed."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    match = _waiting(tournament, match_id)
    if seen is not None and seen != waiting_token(match.unconfirmed):
        _refuse_changed(tournament, match)
    before = _state(match)
    if match.disputed and not (settles and agree):
        if not agree:
            return tournament
        raise TournamentRefusal(
            "result_disputed",
            "match",
            params={"match": label_of(tournament, match)},
        )
    if agree:
        waiting = match.unconfirmed
        apply_result(
            tournament,
            match,
            status=MatchStatus.COMPLETED,
            winner_id=waiting["winner"],
            wins=(match.wins_a, match.wins_b),
            scores=waiting["scores"],
        )
        _audit(tournament, match, ResultRevision.Action.CONFIRM, before, by)
        return tournament
    match.disputed = True
    match.save(update_fields=["disputed", "updated_at"])
    _audit(tournament, match, ResultRevision.Action.DISPUTE, before, by)
    return tournament


@transaction.atomic
def match_replay(
    *, tournament_id: int, match_id: int, by: AbstractBaseUser | None = None
) -> Tournament:
    """An organiser's "Play it again": the game whose result waits is set aside
    in its match (abandoned there, as an abandoned game counts for nothing), so
    the match goes back to `ready` (or to its earlier games' score) and a new
    game is started. The game itself stays in the club's games, finished."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    match = _waiting(tournament, match_id)
    before = _state(match)
    game_id = match.unconfirmed.get("game")
    link = MatchGame.objects.filter(match=match, game_id=game_id).first()
    if link is None:  # Not the match's game (it cannot be): nothing to set aside.
        raise TournamentRefusal(
            "nothing_to_confirm",
            "match",
            params={
                "match": label_of(tournament, match),
                "why": gettext("its game is not found."),
            },
        )
    match_follow_game(game=Game.objects.get(pk=link.game_id), abandoned=True)
    _audit(tournament, match, ResultRevision.Action.VOID, before, by)
    return tournament

"""The audit log of a tournament's results (ResultRevision): a match as the log
keeps it, a revision written with who and when, and a match's history as its
page says it ("Voided by ann at 21:04")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.models import Match, ResultRevision, Tournament


def match_snapshot(match: Match) -> dict[str, Any]:
    """The match as a revision keeps it: its place, entrants, status and result,
    the games that count for it."""
    return {
        "id": match.pk,
        "round": match.round.number,
        "bracket": match.round.bracket,
        "number": match.number,
        "entrants": [match.entrant_a_id, match.entrant_b_id][: match.slots],
        "seats": match.seats,
        "status": match.status,
        "winner": match.winner_id,
        "wins": [match.wins_a, match.wins_b],
        "scores": match.scores,
        "on_paper": match.on_paper,
        "games": list(
            match.games.filter(abandoned=False).values_list("game_id", flat=True)
        )
        if match.pk
        else [],
    }


def record(
    tournament: Tournament,
    action: str,
    *,
    by: AbstractBaseUser | None,
    match: Match | None = None,
    before: Any = None,
    after: Any = None,
) -> ResultRevision:
    """One line of the audit log (`by` None or anonymous: nobody signed in)."""
    user = by if by is not None and by.is_authenticated else None
    return ResultRevision.objects.create(
        tournament=tournament,
        match=match,
        action=action,
        before=before,
        after=after,
        changed_by=user,
    )


def match_history(match_id: int) -> list[str]:
    """The match's revisions, oldest first, each as a line of its page:
    "Voided by ann at 21:04"."""
    lines = []
    revisions = ResultRevision.objects.filter(match_id=match_id).select_related(
        "changed_by"
    )
    for revision in revisions:
        who = revision.changed_by.get_username() if revision.changed_by else None
        when = timezone.localtime(revision.changed_at)
        lines.append(
            gettext("{action} by {who} at {time}").format(
                action=revision.get_action_display(),
                who=who,
                time=when.strftime("%H:%M"),
            )
            if who
            else gettext("{action} at {time}").format(
                action=revision.get_action_display(), time=when.strftime("%H:%M")
            )
        )
    return lines

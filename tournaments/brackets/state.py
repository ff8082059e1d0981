"""A tournament as every write finds it: its row locked, its matches in play
order, its entrants' ids, how far its rounds have gone; and how a refusal names
a match and its entrants.

Every write locks the tournament's row (select_for_update) before it reads the
draw, so two phones finishing two matches of one tournament at once are serialised
by the database: each sees the bracket as the other left it."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Max

from tournaments import formats
from tournaments.models import Entrant, Match, MatchStatus, Round, Tournament
from tournaments.words import match_label, versus


def lock(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def all_matches(tournament: Tournament) -> list[Match]:
    """Every match of the tournament with its round, in play order (1 query)."""
    return list(
        Match.objects.filter(tournament=tournament)
        .select_related("round")
        .order_by("round__id", "number")
    )


def entrant_ids(tournament: Tournament) -> list[int]:
    return list(tournament.entrants.order_by("seed").values_list("pk", flat=True))


def round_done(matches: Sequence[Match], number: int) -> bool:
    return all(
        match.status == MatchStatus.COMPLETED
        for match in matches
        if match.round.number == number
    )


def last_round(matches: Sequence[Match]) -> int:
    return max((match.round.number for match in matches), default=0)


def names_of(match: Match) -> str:
    slots = (
        list(match.seats)
        if formats.is_table(match)
        else [match.entrant_a_id, match.entrant_b_id][: match.slots]
    )
    names = {
        entrant.pk: entrant.name
        for entrant in Entrant.objects.filter(pk__in=[s for s in slots if s])
    }
    if formats.is_table(match):
        return ", ".join(names.get(slot, "?") for slot in slots)
    return versus([names.get(slot) for slot in slots])


def label_of(tournament: Tournament, match: Match) -> str:
    """The match's name as its bracket's column says ("Semi-final 1"): the one
    name the pages, the game page and every refusal use (1 query)."""
    rounds = Round.objects.filter(
        tournament=tournament, bracket=match.round.bracket
    ).aggregate(last=Max("number"))["last"]
    return match_label(
        format=tournament.format,
        bracket=match.round.bracket,
        round_number=match.round.number,
        number=match.number,
        rounds=rounds,
    )


def waiting_token(held: dict | None) -> str:
    """What a page showed of a match's result waiting for confirmation (its game,
    winner and scores), carried by its Confirm and Dispute forms: a result that
    changed since is not confirmed unseen (tournaments.matches.confirm)."""
    if not held:
        return ""
    scores = "/".join(str(score) for score in held.get("scores") or [])
    return f"{held.get('game')}:{held.get('winner')}:{scores}"

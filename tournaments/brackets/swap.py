"""Swapping two entrants by hand before play starts (an organiser's): between two
matches of a Swiss's last round, two players between tables (or a sit-out) of a
progressive night's last round, or two entrants' places in round 1 of an
elimination bracket or a round robin (their seeds are swapped, so the draw
follows). `swap_warnings` says which pairing rules the swap breaks (a rematch, a
second bye, a partner again) before the organiser confirms. Games started
without hands in the matches that change are deleted. Audited ("swap")."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring.games import services as scoring_services
from tournaments import formats, live_versions
from tournaments.brackets.audit import match_snapshot, record
from tournaments.brackets.closing import check_playable
from tournaments.brackets.draw import refresh
from tournaments.brackets.state import all_matches, label_of, last_round, lock, names_of
from tournaments.models import (
    Entrant,
    Match,
    MatchGame,
    MatchStatus,
    ResultRevision,
    Round,
    Tournament,
)
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import ELIMINATION, PROGRESSIVE

# The formats whose round 1 follows from the seeds: a swap swaps two seeds.
BY_SEED = (*ELIMINATION, "round_robin")


def _slots(match: Match) -> list[int]:
    if formats.is_table(match):
        return list(match.seats)
    return [e for e in (match.entrant_a_id, match.entrant_b_id)[: match.slots] if e]


def swap_round(tournament: Tournament, matches: list[Match]) -> int:
    """The round whose entrants may be swapped: round 1 of the formats drawn from
    seeds, else the last drawn round."""
    return 1 if tournament.format in BY_SEED else last_round(matches)


def swap_choices(tournament: Tournament) -> tuple[int, list[tuple[int, str]]]:
    """The round and its entrants (id, "Ann · Round 2 match 1", "Di · Bye") in
    play order."""
    matches = all_matches(tournament)
    number = swap_round(tournament, matches)
    names = dict(tournament.entrants.values_list("pk", "name"))
    choices = []
    for match in _round(tournament, matches, number):
        # A bye is named as the bracket shows it, not as a match.
        label = gettext("Bye") if match.slots == 1 else label_of(tournament, match)
        for entrant in _slots(match):
            choices.append((entrant, f"{names[entrant]} · {label}"))
    return number, choices


def _round(tournament: Tournament, matches: list[Match], number: int) -> list[Match]:
    bracket = "winners" if tournament.format in ELIMINATION else "main"
    return [
        m for m in matches if m.round.number == number and m.round.bracket == bracket
    ]


def _check_not_started(tournament: Tournament, matches: list[Match]) -> None:
    with_hands = set(
        MatchGame.objects.filter(
            match__in=matches, abandoned=False, game__hand_count__gt=0
        ).values_list("match_id", flat=True)
    )
    for match in matches:
        if formats.is_played(match) or match.pk in with_hands:
            raise TournamentRefusal(
                "swap_started",
                "first",
                params={
                    "match": label_of(tournament, match),
                    "names": names_of(match),
                    "match_id": match.pk,
                },
            )


def swap_blocked(tournament: Tournament) -> TournamentRefusal | None:
    """Why no swap can be made now in a bracket or round robin drawn from the
    seeds (a match has started), or None. (In a Swiss or a night each match of
    the round is checked when chosen.)"""
    if tournament.format not in BY_SEED:
        return None
    played = [m for m in all_matches(tournament) if m.slots == 2]
    try:
        _check_not_started(tournament, played)
    except TournamentRefusal as refusal:
        return refusal
    return None


def _where(
    tournament: Tournament, first: int, second: int
) -> tuple[list[Match], int, Match, Match]:
    """The matches, the round, and the two entrants' matches (refused unless both
    play in it, and in two different matches outside a progressive night)."""
    matches = all_matches(tournament)
    number = swap_round(tournament, matches)
    mine = _round(tournament, matches, number)
    found = {e: m for m in mine for e in _slots(m)}
    night = tournament.format == PROGRESSIVE
    what = gettext("players") if night else gettext("entrants")
    if first == second or first not in found or second not in found:
        raise TournamentRefusal(
            "swap_pick", "first", params={"what": what, "round": number}
        )
    a, b = found[first], found[second]
    if a.pk == b.pk and not formats.is_table(a):
        names = dict(tournament.entrants.values_list("pk", "name"))
        raise TournamentRefusal(
            "swap_same_match",
            "second",
            params={"first": names[first], "second": names[second]},
        )
    started = matches if tournament.format in BY_SEED else [a, b]
    _check_not_started(tournament, started)
    return matches, number, a, b


def _swapped(match: Match, first: int, second: int) -> list[int]:
    flip = {first: second, second: first}
    return [flip.get(e, e) for e in _slots(match)]


def swap_warnings(tournament: Tournament, first: int, second: int) -> list[str]:
    """The pairing rules the swap would break, in words (none: an empty list).
    Refused (TournamentRefusal) when the swap may not be made at all."""
    matches, number, a, b = _where(tournament, first, second)
    names = dict(tournament.entrants.values_list("pk", "name"))
    earlier = [m for m in matches if m.round.number < number]
    warnings: list[str] = []
    for match in {a.pk: a, b.pk: b}.values():
        after = _swapped(match, first, second)
        moved = [e for e in after if e in (first, second)]
        if formats.is_table(match):
            warnings += _table_warnings(after, moved, earlier, names)
        elif len(after) == 1:
            warnings += _bye_warnings(after[0], earlier, names)
        else:
            warnings += _rematch_warnings(after, earlier, names)
    if tournament.format in BY_SEED:
        seeds = dict(tournament.entrants.values_list("pk", "seed"))
        warnings.append(
            gettext("{a} takes seed {sa} and {b} seed {sb}.").format(
                a=names[first], sa=seeds[second], b=names[second], sb=seeds[first]
            )
        )
    return warnings


def _bye_warnings(
    entrant: int, earlier: list[Match], names: dict[int, str]
) -> list[str]:
    return [
        gettext("{name} had a bye in round {round}: this would be a second.").format(
            name=names[entrant], round=m.round.number
        )
        for m in earlier
        if m.slots == 1 and m.entrant_a_id == entrant
    ]


def _rematch_warnings(
    pair: list[int], earlier: list[Match], names: dict[int, str]
) -> list[str]:
    return [
        gettext("{a} and {b} met in round {round}: this would be a rematch.").format(
            a=names[pair[0]], b=names[pair[1]], round=m.round.number
        )
        for m in earlier
        if m.slots == 2 and set(_slots(m)) == set(pair)
    ]


def _table_warnings(
    seats: list[int], moved: list[int], earlier: list[Match], names: dict[int, str]
) -> list[str]:
    """At a table of four, a moved player's partner (seats 0+2, 1+3) again; a
    moved player sitting out again."""
    if len(seats) != 4:
        return []
    warnings = []
    for player in moved:
        partner = seats[(seats.index(player) + 2) % 4]
        for m in earlier:
            if _partners(m, player, partner):
                warnings.append(
                    gettext(
                        "{a} and {b} were partners in round {round}: they would be "
                        "partners again."
                    ).format(a=names[player], b=names[partner], round=m.round.number)
                )
    return warnings


def _partners(match: Match, player: int, partner: int) -> bool:
    """Whether the two sat opposite each other at this table of four."""
    if not formats.is_table(match) or len(match.seats) != 4:
        return False
    seats = list(match.seats)
    if player not in seats or partner not in seats:
        return False
    return (seats.index(player) - seats.index(partner)) % 4 == 2


def _detach(matches: list[Match], by: AbstractBaseUser | None) -> None:
    """The games started without hands for matches that change go (deleted)."""
    links = list(MatchGame.objects.filter(match__in=matches, abandoned=False))
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    for link in links:
        scoring_services.game_delete(game_id=link.game_id, by=by)
    Match.objects.filter(
        pk__in=[m.pk for m in matches], status=MatchStatus.RUNNING
    ).update(status=MatchStatus.READY)


@transaction.atomic
def entrants_swap(
    *,
    tournament_id: int,
    first: int,
    second: int,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """Swap two entrants (or a night's players) of the swappable round."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    matches, number, a, b = _where(tournament, first, second)
    changed = [a] if a.pk == b.pk else [a, b]
    before = {
        "round": number,
        "entrants": [first, second],
        "matches": [match_snapshot(m) for m in changed],
    }
    if tournament.format in BY_SEED:
        _swap_seeds(tournament, first, second, matches, by)
    else:
        _detach(changed, by)
        for match in changed:
            _write(match, _swapped(match, first, second))
    refresh(tournament)
    after = {
        "round": number,
        "entrants": [first, second],
        "matches": [
            match_snapshot(m)
            for m in Match.objects.filter(
                pk__in=[m.pk for m in changed]
            ).select_related("round")
        ],
    }
    record(
        tournament,
        ResultRevision.Action.SWAP,
        by=by,
        # A round robin's round 1 is laid out again: its old rows are gone.
        match=a if Match.objects.filter(pk=a.pk).exists() else None,
        before=before,
        after=after,
    )
    return tournament


def _write(match: Match, slots: list[int]) -> None:
    if formats.is_table(match):
        match.seats = slots
        match.save(update_fields=["seats", "updated_at"])
        return
    match.entrant_a_id = slots[0]
    if match.slots == 1:
        match.winner_id = slots[0]
    else:
        match.entrant_b_id = slots[1]
    match.save(update_fields=["entrant_a", "entrant_b", "winner", "updated_at"])


def _swap_seeds(
    tournament: Tournament,
    first: int,
    second: int,
    matches: list[Match],
    by: AbstractBaseUser | None,
) -> None:
    """Round 1 follows from the seeds: swap them (through a free seed, each seed
    unique), then the draw lays round 1 out again (a round robin's rounds are
    drawn afresh: none has started)."""
    one, two = Entrant.objects.select_for_update().filter(pk__in=[first, second])
    seeds = (one.seed, two.seed)
    spare = (tournament.entrants.order_by("-seed").first().seed or 0) + 1
    Entrant.objects.filter(pk=one.pk).update(seed=spare)
    Entrant.objects.filter(pk=two.pk).update(seed=seeds[0])
    Entrant.objects.filter(pk=one.pk).update(seed=seeds[1])
    _detach(matches, by)
    if tournament.format == "round_robin":
        Round.objects.filter(tournament=tournament).delete()

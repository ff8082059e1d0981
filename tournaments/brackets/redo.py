"""Taking back a round (EVENTS.md): the last drawn round of a Swiss or a
progressive night, while none of its matches has a result (a bye's is fine) or a
game with hands. Its matches go with it; their games started without hands are
deleted (the game log keeps their tombstones), a game set aside (abandoned) is
detached and stays in the club's games. Audited (ResultRevision "redo")."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from scoring.games import services as scoring_services
from tournaments import formats, live_versions
from tournaments.brackets.audit import match_snapshot, record
from tournaments.brackets.closing import check_playable
from tournaments.brackets.draw import refresh
from tournaments.brackets.state import all_matches, label_of, last_round, lock, names_of
from tournaments.models import Match, MatchGame, ResultRevision, Round, Tournament
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import PROGRESSIVE
from tournaments.words import midsentence


def _round_of(tournament: Tournament, number: int) -> Round:
    """The tournament's main round `number` (Round.DoesNotExist: a 404)."""
    return Round.objects.get(tournament=tournament, bracket="main", number=number)


def check_round_redo(tournament: Tournament, number: int) -> list[Match]:
    """Refuse (naming the match) what may not be taken back; returns the round's
    matches."""
    if tournament.format not in ("swiss", PROGRESSIVE):
        raise TournamentRefusal(
            "round_redo_format",
            "format",
            params={"format": midsentence(tournament.get_format_display())},
        )
    _round_of(tournament, number)
    matches = all_matches(tournament)
    last = last_round(matches)
    if number != last:
        raise TournamentRefusal("round_not_last", "number", params={"last": last})
    mine = [m for m in matches if m.round.number == number]
    links = {
        link.match_id: link
        for link in MatchGame.objects.filter(
            match__in=mine, abandoned=False, game__hand_count__gt=0
        )
    }
    for match in mine:
        params = {
            "match": label_of(tournament, match),
            "names": names_of(match),
            "round": number,
            "match_id": match.pk,
        }
        if formats.is_played(match):
            raise TournamentRefusal("round_has_result", "number", params=params)
        if match.pk in links:
            params["game"] = links[match.pk].game_id
            raise TournamentRefusal("round_has_hands", "number", params=params)
    return mine


@transaction.atomic
def round_take_back(
    *, tournament_id: int, number: int, by: AbstractBaseUser | None = None
) -> Tournament:
    """Take back round `number` (the last): its matches go, the games started
    for them without hands are deleted; the round can be drawn again."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    mine = check_round_redo(tournament, number)
    before = {
        "round": number,
        "matches": [match_snapshot(match) for match in mine],
    }
    links = list(MatchGame.objects.filter(match__in=mine, abandoned=False))
    # Set aside first: the game hook then leaves the matches as they are.
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    for link in links:
        scoring_services.game_delete(game_id=link.game_id, by=by)
    _round_of(tournament, number).delete()
    refresh(tournament)
    record(tournament, ResultRevision.Action.REDO_ROUND, by=by, before=before)
    return tournament

"""A progressive night's own actions: a table's scores kept on paper, a late
arrival (or a player back from home) and a player going home. Its rounds are
drawn with every format's (tournaments.brackets.draw)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from pitchclub.models import Player
from pitchclub.vocabulary import PLAYER_NAME_MAX
from tournaments import formats, live_versions, pairing
from tournaments.brackets.audit import match_snapshot, record
from tournaments.brackets.closing import check_playable
from tournaments.brackets.create import EntrantInput, resolve
from tournaments.brackets.state import all_matches, label_of, last_round, lock
from tournaments.matches.bounds import check_score_bounds
from tournaments.matches.results import apply_result
from tournaments.matches.services import match_of, not_open
from tournaments.models import (
    Entrant,
    EntrantPlayer,
    Match,
    MatchGame,
    MatchStatus,
    Tournament,
)
from tournaments.names import name_checked
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import PROGRESSIVE


def _check_open(tournament: Tournament, match: Match) -> None:
    if match.status not in (MatchStatus.READY, MatchStatus.RUNNING):
        raise not_open(
            tournament,
            match,
            # Translators: the end of "Table 2 · Round 1 is completed: …".
            pgettext("why a table takes no result", "its result is in.")
            if formats.is_table(match)
            else pgettext("why a match takes no result", "it is a bye."),
        )


@transaction.atomic
def table_result_enter(
    *,
    tournament_id: int,
    match_id: int,
    scores: Sequence[int] | None,
    winner: int | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """An organiser's result for a progressive table that kept score on paper:
    its scores, one per side as its game counts them (2 at a table of four, one
    per player at a table of 3 or 5). A winner is refused, whatever the scores
    (a table has none: its scores say who moves up). An exact tie at the top,
    at a table of four or a solo table, is refused (one more hand is played, as
    the table's game would). A game of the table without hands
    is set aside; one with hands is refused."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    match = match_of(tournament, match_id)
    if winner is not None and formats.is_table(match):
        raise TournamentRefusal("table_result_scores", "winner")
    if not formats.is_table(match):
        raise TournamentRefusal("not_a_table", "scores")
    _check_open(tournament, match)
    sides = 2 if len(match.seats) == 4 else len(match.seats)
    if scores is None or len(scores) != sides:
        raise TournamentRefusal(
            "table_scores",
            "scores",
            params={
                "count": sides,
                "table": match.table,
                # Translators: the end of "Table 2 needs 3 scores, …".
                "how": pgettext("a table's scores", "one per side")
                if sides == 2
                else pgettext(
                    "a table's scores", "one per player: the table plays solo"
                ),
            },
        )
    check_score_bounds(tournament, scores)
    top = max(scores)
    if scores.count(top) > 1:
        # The table's game plays another hand at a tie at the top (the engine's
        # fixed-hands rule): on paper, the same tie waits for that hand.
        raise TournamentRefusal(
            "tied_table", "scores", params={"table": match.table, "score": top}
        )
    links = list(match.games.filter(abandoned=False).select_related("game"))
    with_hands = next((link for link in links if link.game.hand_count), None)
    if with_hands is not None:
        raise TournamentRefusal(
            "match_has_hands",
            "match",
            params={"match": label_of(tournament, match), "game": with_hands.game_id},
        )
    before = match_snapshot(match)
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    apply_result(
        tournament,
        match,
        status=MatchStatus.COMPLETED,
        winner_id=None,
        wins=(0, 0),
        scores=list(scores),
        on_paper=True,
    )
    after = match_snapshot(match_of(tournament, match_id))
    record(tournament, "enter", by=by, match=match, before=before, after=after)
    return tournament


def _check_night(tournament: Tournament) -> None:
    if tournament.format != PROGRESSIVE:
        raise TournamentRefusal(
            "not_a_night",
            "format",
            params={"format": tournament.get_format_display().lower()},
        )


def _rounds_left(tournament: Tournament, matches: Sequence[Match]) -> int:
    return tournament.settings["rounds"] - last_round(matches)


def _arrival_name(typed: str) -> str:
    """A late arrival's name as typed, cleaned; refused in the organiser's words
    (the box is the arrival's, not an entrant's of a list)."""
    return name_checked(
        typed,
        whose=_("The late arrival's name"),
        most=PLAYER_NAME_MAX,
        field="player",
        codes=("invalid_player_name", "arrival_no_name", "player_name_too_long"),
    )


@transaction.atomic
def night_player_add(
    *, tournament_id: int, player: str | Player, by: AbstractBaseUser | None = None
) -> Entrant:
    """A late arrival at a progressive night: a roster player or a new name (a
    guest), seeded last; they join at the last table from the next round, with
    no points for the rounds missed. A player who went home and comes back is
    their own entrant again (their tally and seed kept), seated from the next
    round as a late arrival is. Refused once the last round is drawn."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    _check_night(tournament)
    check_playable(tournament)
    matches = all_matches(tournament)
    if _rounds_left(tournament, matches) <= 0:
        raise TournamentRefusal(
            "no_round_left", "player", params={"rounds": tournament.settings["rounds"]}
        )
    if isinstance(player, str):
        player = _arrival_name(player)
    try:
        ((name, (resolved,)),) = resolve(
            tournament.club, [EntrantInput(players=[player])], 1
        )
    except TournamentRefusal as wrong:
        # The API's field is the one player given, not an entrant of a list.
        raise TournamentRefusal(wrong.code, "player", params=wrong.params) from wrong
    gone = tournament.entrants.filter(left=True, members__player=resolved).first()
    if gone is not None:
        gone.left = False
        gone.save(update_fields=["left"])
        tournament.save(update_fields=["updated_at"])
        return gone
    taken = EntrantPlayer.objects.filter(tournament=tournament, player=resolved)
    if taken.exists() or tournament.entrants.filter(name__iexact=name).exists():
        raise TournamentRefusal("already_playing", "player", params={"player": name})
    seed = (tournament.entrants.order_by("-seed").values_list("seed", flat=True))[0]
    entrant = Entrant.objects.create(tournament=tournament, seed=seed + 1, name=name)
    EntrantPlayer.objects.create(
        tournament=tournament, entrant=entrant, position=0, player=resolved
    )
    tournament.save(update_fields=["updated_at"])
    return entrant


@transaction.atomic
def night_player_leave(
    *, tournament_id: int, entrant_id: int, by: AbstractBaseUser | None = None
) -> Entrant:
    """A player goes home: not seated from the next round on, keeping their
    tally (a table they sit at now is finished with them). Refused when fewer
    than four players would stay."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    _check_night(tournament)
    entrant = Entrant.objects.get(pk=entrant_id, tournament=tournament)
    if entrant.left:
        raise TournamentRefusal(
            "already_left", "entrant", params={"player": entrant.name}
        )
    staying = tournament.entrants.filter(left=False).count() - 1
    if staying < pairing.progressive.MIN_PLAYERS:
        raise TournamentRefusal(
            "too_few_staying",
            "entrant",
            params={
                "player": entrant.name,
                "least": pairing.progressive.MIN_PLAYERS,
                "staying": staying,
            },
        )
    entrant.left = True
    entrant.save(update_fields=["left"])
    tournament.save(update_fields=["updated_at"])
    return entrant

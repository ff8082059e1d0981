"""The organisers' actions on a match: start its next game through scoring's
services, its entrants seated, or enter a result played on paper (it then
follows as a game's result does: tournaments.matches.results). Whether the
caller may is the caller's check."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from scoring.games import services as scoring_services
from scoring.models import Game
from scoring.models import Status as GameStatus
from tournaments import formats, live_versions
from tournaments.brackets.audit import match_snapshot, record
from tournaments.brackets.closing import check_playable
from tournaments.brackets.draw import refresh
from tournaments.brackets.state import label_of, lock
from tournaments.matches.bounds import check_score_bounds
from tournaments.matches.results import apply_result
from tournaments.models import EntrantPlayer, Match, MatchGame, MatchStatus, Tournament
from tournaments.refusals import TournamentRefusal
from tournaments.words import midsentence


def match_of(tournament: Tournament, match_id: int) -> Match:
    """The tournament's match (Match.DoesNotExist for another's, a 404)."""
    return Match.objects.select_related("round").get(pk=match_id, tournament=tournament)


def not_open(tournament: Tournament, match: Match, why: str) -> TournamentRefusal:
    return TournamentRefusal(
        "match_not_open",
        "match",
        params={
            "match": label_of(tournament, match),
            "status": midsentence(match.get_status_display()),
            # Said in the reader's language (a night's service gives it in
            # English: the same words, marked here).
            "why": gettext(why),
        },
    )


def _game_in_progress(match: Match) -> MatchGame | None:
    return (
        match.games.filter(abandoned=False, game__status=GameStatus.IN_PROGRESS)
        .select_related("game")
        .first()
    )


@transaction.atomic
def match_game_start(
    *, tournament_id: int, match_id: int, by: AbstractBaseUser | None = None
) -> tuple[Game, Match]:
    """Start the match's next game through scoring's services, its entrants'
    players seated (two solo entrants: a 2-player game; two teams: a partnership
    game of four, team A at seats 0 and 2), and link it. The deal moves on one
    seat at each game of a match. Whether `by` may is the caller's check."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    match = match_of(tournament, match_id)
    if match.status == MatchStatus.WAITING:
        raise not_open(
            tournament, match, gettext_noop("its entrants are not known yet.")
        )
    if match.status == MatchStatus.COMPLETED:
        raise not_open(
            tournament,
            match,
            gettext_noop("it is a bye.")
            if match.slots == 1
            else gettext_noop("its result is in."),
        )
    if match.unconfirmed is not None:
        raise not_open(
            tournament,
            match,
            gettext_noop("its game's result waits to be confirmed first."),
        )
    current = _game_in_progress(match)
    if current is not None:
        raise not_open(
            tournament,
            match,
            gettext("its game %(number)s (game %(game)s) is being played.")
            % {"number": current.number, "game": current.game_id},
        )
    number = match.games.count() + 1
    if formats.is_table(match):
        # A progressive table: its players in seat order, partners opposite at
        # a table of four, each for themself at a table of 3 or 5.
        by_entrant = {
            link.entrant_id: link.player
            for link in EntrantPlayer.objects.filter(
                entrant_id__in=match.seats
            ).select_related("player")
        }
        seated = [by_entrant[entrant_id] for entrant_id in match.seats]
        partnership = len(seated) == 4
    else:
        members = {
            entrant_id: [
                link.player
                for link in EntrantPlayer.objects.filter(entrant_id=entrant_id)
                .select_related("player")
                .order_by("position")
            ]
            for entrant_id in (match.entrant_a_id, match.entrant_b_id)
        }
        team_a, team_b = members[match.entrant_a_id], members[match.entrant_b_id]
        seated = [team_a[0], team_b[0]]
        if tournament.team_size == 2:
            seated += [team_a[1], team_b[1]]
        partnership = tournament.team_size == 2
    game = scoring_services.game_start(
        variant=tournament.variant,
        players=seated,
        partnership=partnership,
        first_dealer=(number - 1) % len(seated),
        options=tournament.options,
        club=tournament.club,
        created_by=by,
    )
    MatchGame.objects.create(match=match, game=game, number=number)
    live_versions.game_linked(game.pk, tournament.pk)
    match.status = MatchStatus.RUNNING
    match.save(update_fields=["status", "updated_at"])
    refresh(tournament)
    return game, match


@transaction.atomic
def match_result_enter(
    *,
    tournament_id: int,
    match_id: int,
    winner: int,
    scores: Sequence[int] | None = None,
    by: AbstractBaseUser | None = None,
    audit: bool = True,
) -> Tournament:
    """An organiser's result for a match played on paper: the winner (an entrant
    of the match) and optionally the points, one per entrant in the match's
    order. A game of the match without hands (started by mistake) is set aside;
    one with hands is refused: it is played at the table. Audited ("enter")
    unless `audit` is off (an edit writes its own revision)."""
    tournament = lock(tournament_id)
    live_versions.changed(tournament.pk)
    check_playable(tournament)
    match = match_of(tournament, match_id)
    if formats.is_table(match):
        raise TournamentRefusal("table_result_scores", "winner")
    if match.status not in (MatchStatus.READY, MatchStatus.RUNNING):
        why = {
            MatchStatus.WAITING: gettext_noop("its entrants are not known yet."),
            MatchStatus.COMPLETED: gettext_noop("it is a bye.")
            if match.slots == 1
            else gettext_noop("its result is in."),
        }[match.status]
        raise not_open(tournament, match, why)
    entrants = [match.entrant_a_id, match.entrant_b_id]
    if winner not in entrants:
        raise TournamentRefusal(
            "winner_not_in_match",
            "winner",
            params={"winner": winner, "entrants": " or ".join(map(str, entrants))},
        )
    if scores is not None and len(scores) != 2:
        raise TournamentRefusal("bad_scores", "scores", params={"count": 2})
    if scores is not None:
        check_paper_scores(tournament, entrants.index(winner), scores)
    links = list(match.games.filter(abandoned=False).select_related("game"))
    with_hands = next((link for link in links if link.game.hand_count), None)
    if with_hands is not None:
        raise TournamentRefusal(
            "match_has_hands",
            "match",
            params={
                "match": label_of(tournament, match),
                "game": with_hands.game_id,
            },
        )
    before = match_snapshot(match)
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    index = entrants.index(winner)
    apply_result(
        tournament,
        match,
        status=MatchStatus.COMPLETED,
        winner_id=winner,
        wins=(1, 0) if index == 0 else (0, 1),
        scores=list(scores) if scores is not None else None,
        on_paper=True,
    )
    if audit:
        after = match_snapshot(match_of(tournament, match_id))
        record(tournament, "enter", by=by, match=match, before=before, after=after)
    return tournament


def check_paper_scores(
    tournament: Tournament, winner: int, scores: Sequence[int]
) -> None:
    """Scores on paper that name another winner than the one given, or no winner,
    are refused at `scores`, by the match's game settings: to a target, the winner
    reached it (EVENTS.md; when both did, either may have won, even with fewer or
    as many points: the bidding side goes out first, RULES.md); in a game of a
    fixed number of hands, the higher score wins."""
    check_score_bounds(tournament, scores)
    mine, theirs = scores[winner], scores[1 - winner]
    shown = " to ".join(map(str, scores))
    hands = tournament.options.get("hand_limit")
    if hands:
        if mine <= theirs:
            raise TournamentRefusal(
                "scores_name_other_winner_fixed",
                "scores",
                params={"scores": shown, "hands": hands},
            )
        return
    target = tournament.options["target"]
    if mine < target <= theirs:
        raise TournamentRefusal(
            "winner_below_target",
            "scores",
            params={"score": mine, "target": target, "other": theirs},
        )
    if mine < target and mine <= theirs:
        raise TournamentRefusal(
            "scores_name_other_winner",
            "scores",
            params={"scores": shown, "target": target},
        )
    if mine < target:
        raise TournamentRefusal(
            "winner_short_of_target",
            "scores",
            params={"score": mine, "target": target},
        )

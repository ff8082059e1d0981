"""Reads: each selector runs a fixed number of queries, whatever the number of
entrants, rounds and matches. `tournament_read` builds the tournament as
EVENTS.md shows it, for the API and the pages alike."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Case,
    Count,
    IntegerField,
    Max,
    Prefetch,
    QuerySet,
    Sum,
    Value,
    When,
)

from pitchclub import permissions
from tournaments import formats
from tournaments.models import (
    Entrant,
    EntrantPlayer,
    Match,
    MatchGame,
    Tournament,
    TournamentStatus,
)
from tournaments.words import bracket_rounds, match_label

BRACKET_ORDER = {"winners": 0, "losers": 1, "final": 2, "main": 0}


def _visible(user: AbstractBaseUser | None) -> QuerySet[Tournament]:
    # A tournament follows its club's privacy exactly as the club's games do.
    return Tournament.objects.filter(permissions.games_visible_filter(user))


def tournament_list(
    *,
    user: AbstractBaseUser | None,
    club_id: int | None = None,
    archived: bool = False,
) -> QuerySet[Tournament]:
    """Tournaments the user may read (of one club, if given), newest first, with
    their clubs and entrant counts (1 query): those not archived, or with
    `archived` the archived ones only."""
    tournaments = _visible(user).filter(archived_at__isnull=not archived)
    if club_id is not None:
        tournaments = tournaments.filter(club_id=club_id)
    return (
        tournaments.select_related("club")
        .annotate(entrant_count=Count("entrants"))
        .order_by("-created_at", "-id")
    )


def club_tournaments(
    *, user: AbstractBaseUser | None, club_id: int, archived: bool = False
) -> QuerySet[Tournament]:
    """A club's tournaments the user may read for its pages: running before
    finished, each newest first, with entrant counts (1 query); not archived,
    or with `archived` the archived ones only."""
    tournaments = tournament_list(user=user, club_id=club_id, archived=archived)
    return tournaments.select_related("champion").order_by(
        Case(
            When(status=TournamentStatus.RUNNING, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        ),
        "-created_at",
        "-id",
    )


def tournament_get(*, tournament_id: int, user: AbstractBaseUser | None) -> Tournament:
    """One tournament the user may read, with its club (1 query). Raises
    Tournament.DoesNotExist for an unknown id or one a private club hides."""
    return _visible(user).select_related("club").get(pk=tournament_id)


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    """A tournament without its draw (the list's items); `entrant_count`
    annotated, the club select_related."""
    return {
        "id": tournament.pk,
        "club": tournament.club.slug,
        "name": tournament.name,
        "format": tournament.format,
        "variant": tournament.variant,
        "team_size": tournament.team_size,
        "options": tournament.options,
        "settings": tournament.settings,
        "status": tournament.status,
        "champion": tournament.champion_id,
        "closed_early": tournament.closed_early,
        "archived": tournament.archived_at is not None,
        "entrant_count": getattr(tournament, "entrant_count", None),
        "created_at": tournament.created_at,
        "updated_at": tournament.updated_at,
    }


def _entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants in seed order with their players (2 queries)."""
    return list(
        Entrant.objects.filter(tournament=tournament)
        .order_by("seed")
        .prefetch_related(
            Prefetch(
                "members",
                queryset=EntrantPlayer.objects.select_related("player").order_by(
                    "position"
                ),
            )
        )
    )


def _matches(tournament: Tournament) -> list[Match]:
    """Every match with its round and its counted games (2 queries)."""
    return list(
        Match.objects.filter(tournament=tournament)
        .select_related("round")
        .prefetch_related(
            Prefetch(
                "games",
                queryset=MatchGame.objects.filter(abandoned=False)
                .select_related("game")
                .order_by("number"),
                to_attr="counted_games",
            )
        )
    )


def _match_payload(
    tournament: Tournament,
    match: Match,
    seeds: dict[int, int],
    rounds: dict[str, int] | None = None,
) -> dict[str, Any]:
    games = match.counted_games
    # The last game's points, live while it is played; else as entered on paper.
    scores = list(games[-1].game.scores) if games else match.scores
    slots = [match.entrant_a_id, match.entrant_b_id][: match.slots]
    wins = [match.wins_a, match.wins_b][: match.slots]
    winners: list[int] = [match.winner_id] if match.winner_id is not None else []
    if formats.is_table(match):
        # A progressive table: its players in seat order; who moves up follows
        # from its scores once it is completed.
        slots, wins = list(match.seats), []
        winners = (
            list(formats.table_winners(match, seeds))
            if match.status == "completed"
            else []
        )
    return {
        "id": match.pk,
        "number": match.number,
        "label": match_label(
            format=tournament.format,
            bracket=match.round.bracket,
            round_number=match.round.number,
            number=match.number,
            rounds=(rounds or {}).get(match.round.bracket),
        ),
        "table": match.table,
        "entrants": slots,
        "status": match.status,
        "games": [link.game_id for link in games],
        "game_in_progress": next(
            (link.game_id for link in games if link.game.status == "in_progress"),
            None,
        ),
        # Not in the API's output: the pages' (a table's game with hands takes
        # no paper result).
        "game_hands": next(
            (link.game.hand_count for link in games if link.game.hand_count),
            0,
        ),
        "wins": wins,
        "scores": scores,
        "winner": match.winner_id,
        "winners": winners,
        "on_paper": match.on_paper,
        # The result stands (tournaments.matches.confirm.is_confirmed).
        "confirmed": match.status == "completed" and match.unconfirmed is None,
    }


def tournament_read(tournament: Tournament) -> dict[str, Any]:
    """The tournament as EVENTS.md shows it: entrants, rounds with their matches,
    standings, champion (4 queries, the club select_related; constant in the
    number of entrants and matches)."""
    entrants = _entrants(tournament)
    matches = _matches(tournament)
    ids = formats.seeded_ids(entrants)
    seeds = {entrant.pk: entrant.seed for entrant in entrants}
    rounds: dict[tuple[str, int], dict[str, Any]] = {}
    # A match named as its bracket's column: "Semi-final 1", "Final".
    brackets = bracket_rounds((m.round.bracket, m.round.number) for m in matches)
    ordered = sorted(
        matches,
        key=lambda m: (BRACKET_ORDER[m.round.bracket], m.round.number, m.number),
    )
    for match in ordered:
        key = (match.round.bracket, match.round.number)
        if key not in rounds:
            rounds[key] = {
                "number": match.round.number,
                "bracket": match.round.bracket,
                "matches": [],
            }
        rounds[key]["matches"].append(
            _match_payload(tournament, match, seeds, brackets)
        )
    standings = formats.standings(tournament, ids, matches) if ids else []
    return {
        **tournament_summary(tournament),
        "entrant_count": len(entrants),
        "entrants": [
            {
                "id": entrant.pk,
                "seed": entrant.seed,
                "name": entrant.name,
                "left": entrant.left,
                "players": [
                    {"id": member.player_id, "name": member.player.name}
                    for member in entrant.members.all()
                ],
            }
            for entrant in entrants
        ],
        "rounds": list(rounds.values()),
        "standings": [
            {
                "rank": line.rank,
                "entrant": line.entrant,
                "played": line.played,
                "won": line.won,
                "lost": line.lost,
                "byes": line.byes,
                "points_for": line.points_for,
                "points_against": line.points_against,
                "measures": dict(line.measures),
            }
            for line in standings
        ],
    }


def tournament_rows(tournament: Tournament) -> tuple[list[Entrant], list[Match]]:
    """What `tournament_read` reads, for a page that shapes it itself
    (tournaments.brackets.board): the entrants in seed order with their players, and
    every match with its round and counted games, each with its game (4 queries)."""
    return _entrants(tournament), _matches(tournament)


def tournament_watched(
    *, tournament_id: int, user: AbstractBaseUser | None
) -> Tournament:
    """One tournament the user may read, with its club and what changes whenever
    a match or one of its games does (1 query): `last_match_change`,
    `last_game_change`, `match_count`, `game_count`, `hand_total`. A hand recorded
    saves its game's row; a result, a new round or a correction saves matches
    and the tournament's row. Raises Tournament.DoesNotExist as tournament_get."""
    return (
        _visible(user)
        .select_related("club")
        .annotate(
            last_match_change=Max("matches__updated_at"),
            last_game_change=Max("matches__games__game__updated_at"),
            match_count=Count("matches", distinct=True),
            game_count=Count("matches__games"),
            hand_total=Sum("matches__games__game__hand_count"),
        )
        .get(pk=tournament_id)
    )

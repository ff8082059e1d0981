"""A tournament's life apart from its play, for its club's organisers: renamed,
closed early (finished with the standings as they stood, marked as such),
archived (kept, out of the club's lists) and unarchived, deleted (only without
results: else archived). Each change but a deletion is written to the results'
audit log (ResultRevision) with who and when. Whether the caller may is the
caller's check (an organiser of the tournament's club)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.games import services as scoring_services
from scoring.models import Game
from scoring.models import Status as GameStatus
from tournaments import formats, live_versions
from tournaments.brackets.state import all_matches, entrant_ids, lock
from tournaments.models import (
    Match,
    MatchGame,
    MatchStatus,
    ResultRevision,
    Season,
    Tournament,
    TournamentStatus,
)
from tournaments.names import name_checked
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import TOURNAMENT_NAME_MAX

Action = ResultRevision.Action


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


def _audit(
    tournament: Tournament,
    action: str,
    before: dict[str, Any],
    after: dict[str, Any],
    by: AbstractBaseUser | None,
) -> None:
    ResultRevision.objects.create(
        tournament=tournament,
        action=action,
        before=before,
        after=after,
        changed_by=_user(by),
    )


def clean_tournament_name(name: str) -> str:
    """A tournament's new name as typed, cleaned; refused (400 at `name`) when
    empty, too long or holding a control character."""
    return name_checked(
        name, whose=gettext("The tournament's name"), most=TOURNAMENT_NAME_MAX
    )


@transaction.atomic
def tournament_rename(
    *, tournament_id: int, name: str, by: AbstractBaseUser | None = None
) -> Tournament:
    """Give the tournament a new name (audited). The same name changes nothing."""
    title = clean_tournament_name(name)
    tournament = lock(tournament_id)
    if title == tournament.name:
        return tournament
    before = {"name": tournament.name}
    tournament.name = title
    tournament.save(update_fields=["name", "updated_at"])
    live_versions.changed(tournament.pk)
    _audit(tournament, Action.RENAME, before, {"name": title}, by)
    return tournament


def played_round(matches: list[Match]) -> int:
    """The last round in which a match was played (a bye is not): 0 if none."""
    return max((m.round.number for m in matches if formats.is_played(m)), default=0)


def games_running(read: dict[str, Any]) -> list[int]:
    """The games being played at its tables, which a close abandons."""
    return [
        match["game_in_progress"]
        for round_ in read["rounds"]
        for match in round_["matches"]
        if match["game_in_progress"] is not None
    ]


def open_matches(read: dict[str, Any]) -> list[str]:
    """The labels of the matches a close leaves unplayed (ready or running)."""
    return [
        match["label"]
        for round_ in read["rounds"]
        for match in round_["matches"]
        if match["status"] in (MatchStatus.READY, MatchStatus.RUNNING)
    ]


@transaction.atomic
def tournament_close(
    *, tournament_id: int, by: AbstractBaseUser | None = None
) -> Tournament:
    """Close a running tournament early: finished, its champion the first of the
    standings as they stand, marked `closed_early`; open matches stay as they
    are and nothing more can be played (tournaments.brackets.closing): the games
    still running at its tables are abandoned. A finished tournament is refused
    (409)."""
    tournament = lock(tournament_id)
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentRefusal(
            "already_finished", "status", params={"tournament": tournament.name}
        )
    # Nothing more is played: the games still running at its tables are
    # abandoned (their log says who; they count nowhere), their matches follow.
    running = list(
        Game.objects.filter(
            tournament_match__match__tournament=tournament,
            tournament_match__abandoned=False,
            status=GameStatus.IN_PROGRESS,
        ).values_list("pk", flat=True)
    )
    for game_id in running:
        scoring_services.game_abandon(game_id=game_id, by=by)
    matches = all_matches(tournament)
    table = formats.standings(tournament, entrant_ids(tournament), matches)
    before = {"status": tournament.status, "champion": None}
    tournament.status = TournamentStatus.FINISHED
    tournament.champion_id = table[0].entrant
    tournament.closed_early = True
    tournament.save(update_fields=["status", "champion", "closed_early", "updated_at"])
    live_versions.changed(tournament.pk)
    after = {
        "status": tournament.status,
        "champion": tournament.champion_id,
        "round": played_round(matches),
        "abandoned_games": running,
    }
    _audit(tournament, Action.CLOSE, before, after, by)
    return tournament


def closed_after(tournament: Tournament) -> int:
    """The round after which a tournament was closed early (the close's audit;
    1 query). 0: before any match was played."""
    close = (
        ResultRevision.objects.filter(tournament=tournament, action=Action.CLOSE)
        .order_by("-changed_at", "-id")
        .values_list("after", flat=True)
        .first()
    )
    if close and isinstance(close.get("round"), int):
        return close["round"]
    return played_round(all_matches(tournament))


@transaction.atomic
def tournament_archive(
    *, tournament_id: int, archived: bool = True, by: AbstractBaseUser | None = None
) -> tuple[Tournament, bool]:
    """Archive the tournament (out of the club's lists, still readable at its
    address) or, `archived=False`, bring it back. Returns it and whether it
    changed (a second tap changes nothing). Audited."""
    tournament = lock(tournament_id)
    if (tournament.archived_at is not None) == archived:
        return tournament, False
    before = {"archived": tournament.archived_at is not None}
    tournament.archived_at = timezone.now() if archived else None
    tournament.save(update_fields=["archived_at", "updated_at"])
    live_versions.changed(tournament.pk)
    _audit(tournament, Action.ARCHIVE, before, {"archived": archived}, by)
    return tournament, True


def delete_refusal(tournament: Tournament) -> TournamentRefusal | None:
    """Why the tournament cannot be deleted, if it cannot: a season's playoffs
    while linked; a match with a result (a bye is not one) or a game with
    hands (2 queries)."""
    season = Season.objects.filter(playoffs=tournament).first()
    if season is not None:
        return TournamentRefusal(
            "is_playoffs",
            "season",
            params={"tournament": tournament.name, "season": season.name},
        )
    # A result: a match completed over the board or on paper (a bye is not).
    results = Match.objects.filter(
        tournament=tournament, status=MatchStatus.COMPLETED, slots=2
    )
    hands = MatchGame.objects.filter(
        match__tournament=tournament, game__hand_count__gt=0
    )
    if results.exists() or hands.exists():
        return TournamentRefusal("has_results", "matches")
    return None


@transaction.atomic
def tournament_delete(*, tournament_id: int, by: AbstractBaseUser | None = None) -> str:
    """Delete a tournament without results: its rounds, matches and entrants,
    and the games without hands started for it (each leaves the game log's
    tombstone). Refused (409) with results (archive it instead) or while a
    season's playoffs. Returns its name."""
    tournament = lock(tournament_id)
    refusal = delete_refusal(tournament)
    if refusal is not None:
        raise refusal
    games = list(
        MatchGame.objects.filter(match__tournament=tournament).values_list(
            "game_id", flat=True
        )
    )
    name = tournament.name
    # Matches first: they hold their entrants (protected) until they go.
    Match.objects.filter(tournament=tournament).delete()
    tournament.delete()
    live_versions.gone(tournament_id)
    for game_id in Game.objects.filter(pk__in=games).values_list("pk", flat=True):
        scoring_services.game_delete(game_id=game_id, by=by)
    return name

"""Following results: a match takes its result from its games, through scoring's
game hook (tournaments.listeners -> `match_follow_game`) in the game's
transaction, or from an organiser's paper result (`apply_result`); the draw
follows (tournaments.brackets.draw). A result that a started later match
depends on is refused, naming that match."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from scoring.engine import RuleViolation
from scoring.models import Game
from scoring.models import Status as GameStatus
from tournaments import formats, pairing
from tournaments.brackets.draw import draw_swiss_round, night_seats, refresh
from tournaments.brackets.state import (
    all_matches,
    entrant_ids,
    label_of,
    lock,
    names_of,
    round_done,
)
from tournaments.models import Match, MatchGame, MatchStatus, Round, Tournament
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import ELIMINATION, PROGRESSIVE
from tournaments.words import midsentence

# The game hook's refusal when a result others depend on would change (a 409 code
# of scoring's: the game's change conflicts with what stands).
DEPENDED_ON = "result_depended_on"


def _refuse_change(tournament: Tournament, match: Match, blocking: Match) -> None:
    dependent = label_of(tournament, blocking)
    raise RuleViolation(
        DEPENDED_ON,
        "hands",
        gettext(
            "%(dependent)s (%(names)s) has started, and who plays in it depends on "
            "the result of %(match)s: this game's winner can no longer change. Undo "
            "or correct its game first."
        )
        % {
            "dependent": dependent,
            "names": names_of(blocking),
            "match": midsentence(label_of(tournament, match)),
        },
    )


def _check_change(
    tournament: Tournament, match: Match, matches: list[Match]
) -> list[Round]:
    """A played match's result is about to change: refuse if a later match that
    depends on it has started (naming it). Returns the later Swiss rounds drawn
    from the old result (none started), to be drawn again."""
    if tournament.format in ELIMINATION:
        bracket = formats.bracket_of(tournament, entrant_ids(tournament))
        dependents = pairing.bracket_dependents(bracket, formats.key_of(match))
        for other in matches:
            if formats.key_of(other) in dependents and formats.has_started(other):
                _refuse_change(tournament, match, other)
        return []
    if tournament.format in ("swiss", PROGRESSIVE):
        later = [m for m in matches if m.round.number > match.round.number]
        for other in later:
            if formats.has_started(other):
                _refuse_change(tournament, match, other)
        return list({m.round_id: m.round for m in later}.values())
    return []


def apply_result(
    tournament: Tournament,
    match: Match,
    *,
    status: str,
    winner_id: int | None,
    wins: tuple[int, int],
    scores: list[int] | None,
    on_paper: bool = False,
    unconfirmed: dict[str, Any] | None = None,
) -> None:
    """Write a match's new result and everything that follows from it.
    `unconfirmed`: the result its game ended with, waiting for confirmation
    (`hold_or_apply`); a dispute stays flagged while the waiting result is the
    same."""
    matches = all_matches(tournament)
    match = next(m for m in matches if m.pk == match.pk)
    redraw: list[Round] = []
    was_played = formats.is_played(match)
    if was_played and (
        status != MatchStatus.COMPLETED
        or winner_id != match.winner_id
        or _moves_differ(tournament, match, scores)
    ):
        redraw = _check_change(tournament, match, matches)
    match.status = status
    match.winner_id = winner_id
    match.wins_a, match.wins_b = wins
    match.scores = scores
    match.on_paper = on_paper
    match.disputed = match.disputed and unconfirmed == match.unconfirmed
    match.unconfirmed = unconfirmed
    match.save(
        update_fields=[
            "status",
            "winner",
            "wins_a",
            "wins_b",
            "scores",
            "on_paper",
            "unconfirmed",
            "disputed",
            "updated_at",
        ]
    )
    if redraw:
        dropped = {round_.pk for round_ in redraw}
        Round.objects.filter(pk__in=dropped).delete()
        matches = [m for m in matches if m.round_id not in dropped]
        if tournament.format == "swiss" and round_done(matches, match.round.number):
            draw_swiss_round(tournament, matches)
    refresh(tournament, matches)


def _moves_differ(
    tournament: Tournament, match: Match, scores: list[int] | None
) -> bool:
    """A progressive table's new scores would move other players up than its
    stored ones (a later round's seating depends on who moved)."""
    if not formats.is_table(match) or scores is None or match.scores is None:
        return False
    _, seeds, _ = night_seats(tournament)
    after = pairing.TableResult(tuple(match.seats), tuple(scores))
    try:
        moving = pairing.table_winners(after, seeds)
    except pairing.PairingError:
        return True
    return moving != formats.table_winners(match, seeds)


def _follow_table(tournament: Tournament, match: Match, game: Game | None) -> None:
    """A progressive table's result as its game stands: completed with the
    game's scores (one per side) once the game is finished; a table's game ends
    after hands_per_round hands (or at the target), an exact tie at a table of
    four plays on (the engine's hand_limit rule)."""
    links = list(
        match.games.filter(abandoned=False).select_related("game").order_by("number")
    )
    status = MatchStatus.RUNNING if links else MatchStatus.READY
    scores: list[int] | None = None
    if links:
        last = links[-1]
        played = game if game is not None and last.game_id == game.pk else last.game
        scores = list(played.scores)
        if played.status == GameStatus.FINISHED:
            status = MatchStatus.COMPLETED
    apply_result(
        tournament,
        match,
        status=status,
        winner_id=None,
        wins=(0, 0),
        scores=scores,
    )


def _follow(tournament: Tournament, match: Match, game: Game | None = None) -> None:
    """The match's result as its games stand (`game`: the row as the change left
    it): wins per entrant, the first to a majority of games_per_match wins; the
    scores of its last game. Abandoned games count for nothing."""
    if formats.is_table(match):
        _follow_table(tournament, match, game)
        return
    links = list(
        match.games.filter(abandoned=False).select_related("game").order_by("number")
    )
    need = tournament.settings["games_per_match"] // 2 + 1
    wins = [0, 0]
    decided: int | None = None
    deciding: int | None = None
    scores: list[int] | None = None
    for link in links:
        played = game if game is not None and link.game_id == game.pk else link.game
        scores = list(played.scores)
        if played.status == GameStatus.FINISHED and played.winner is not None:
            wins[played.winner] += 1
            if decided is None and wins[played.winner] >= need:
                decided, deciding = played.winner, played.pk
    if decided is not None:
        status = MatchStatus.COMPLETED
        winner_id = (match.entrant_a_id, match.entrant_b_id)[decided]
    else:
        status = MatchStatus.RUNNING if links else MatchStatus.READY
        winner_id = None
    hold_or_apply(
        tournament,
        match,
        status=status,
        winner_id=winner_id,
        wins=(wins[0], wins[1]),
        scores=scores if links else None,
        game_id=deciding,
    )


def hold_or_apply(
    tournament: Tournament,
    match: Match,
    *,
    status: str,
    winner_id: int | None,
    wins: tuple[int, int],
    scores: list[int] | None,
    game_id: int | None,
) -> None:
    """A match's result as its games give it: applied at once; or, with the
    tournament's setting `confirm_results`, a result that would complete the
    match (or give its completed one another winner) waits in
    `match.unconfirmed`, the match `running`, until the losing side or an
    organiser confirms it (tournaments.matches.confirm applies it then, with
    `apply_result`). A correction keeping a confirmed winner applies at once."""
    waiting: dict[str, Any] | None = None
    if (
        status == MatchStatus.COMPLETED
        and tournament.settings.get("confirm_results")
        and not (match.status == MatchStatus.COMPLETED and match.winner_id == winner_id)
    ):
        waiting = {"winner": winner_id, "scores": scores, "game": game_id}
        status, winner_id = MatchStatus.RUNNING, None
    apply_result(
        tournament,
        match,
        status=status,
        winner_id=winner_id,
        wins=wins,
        scores=scores,
        unconfirmed=waiting,
    )


def match_follow_game(
    *, game: Game, abandoned: bool | None = None, deleted: bool = False
) -> None:
    """The game hook's follower: the match of `game` (if any) takes its result as
    the game now stands, in the game's transaction. `abandoned` True/False marks
    the game abandoned or resumed; `deleted`, the game about to be deleted. A
    result that later started matches depend on is refused (RuleViolation)."""
    if game.club_id is None:
        return
    link = MatchGame.objects.filter(game_id=game.pk).first()
    if link is None or (link.abandoned and abandoned is not False):
        # Not a match's game, or one set aside: it counts for nothing.
        return
    match = Match.objects.select_related("round").get(pk=link.match_id)
    tournament = lock(match.tournament_id)
    if tournament.closed_early:
        # Closed early (tournaments.lifecycle): its matches stay as they were,
        # and a game abandoned with the close is not played on.
        if abandoned is False:
            refusal = TournamentRefusal(
                "closed_early", "status", params={"tournament": tournament.name}
            )
            raise RuleViolation("closed_early", "status", refusal.message)
        return
    match = Match.objects.select_related("round").get(pk=link.match_id)
    if abandoned is True or deleted:
        MatchGame.objects.filter(pk=link.pk).update(abandoned=True)
    elif abandoned is False:
        _check_resume(tournament, match, link)
        MatchGame.objects.filter(pk=link.pk).update(abandoned=False)
    _follow(tournament, match, game)


def _check_resume(tournament: Tournament, match: Match, link: MatchGame) -> None:
    """An abandoned game may be resumed while its match still waits for it: not
    once a result is in or another game of the match is being played."""
    other = (
        match.games.filter(abandoned=False)
        .exclude(pk=link.pk)
        .filter(game__status=GameStatus.IN_PROGRESS)
        .first()
    )
    if match.status == MatchStatus.COMPLETED or other is not None:
        raise RuleViolation(
            DEPENDED_ON,
            "status",
            (
                gettext(
                    "%(match)s (%(names)s) has moved on since this game was "
                    "abandoned (game %(game)s is being played for it): this game "
                    "cannot be resumed."
                )
                if other is not None
                else gettext(
                    "%(match)s (%(names)s) has moved on since this game was "
                    "abandoned (its result is in): this game cannot be resumed."
                )
            )
            % {
                "match": label_of(tournament, match),
                "names": names_of(match),
                "game": other.game_id if other is not None else "",
            },
        )

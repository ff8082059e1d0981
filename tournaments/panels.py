"""Tournaments' sections of lower layers' pages (registered in
TournamentsConfig.ready()): the club page's tournaments; on a game's table page
the match it is played for (a progressive night's table: its round and table) or
the season's night it counts for; on the new-game page what a night means."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q, Subquery, Value
from django.http import HttpRequest
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from pitchclub.models import Club, Membership, Role
from pitchclub.panels import Panel
from pitchclub.permissions import ClubAccess
from pitchclub.text import parse_whole_number
from scoring.games import flags as game_flags
from scoring.games import links as game_links
from scoring.games.convert import rules_for
from scoring.models import Game
from scoring.table.panels import GamePanel
from scoring.table.words import headings
from tournaments.brackets.board import waiting_result
from tournaments.models import (
    Match,
    MatchGame,
    MatchStatus,
    Night,
    NightGame,
    Round,
    TournamentStatus,
)
from tournaments.selectors import club_tournaments as tournaments_of
from tournaments.vocabulary import ELIMINATION
from tournaments.words import goes_through, match_label

SHOWN = 6


def club_tournaments(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club's tournaments, running first (1 query); for its organisers the
    button to run a new one."""
    tournaments = list(tournaments_of(user=request.user, club_id=club.pk)[: SHOWN + 1])
    return Panel(
        "tournaments/_club_tournaments.html",
        {
            "tournaments": tournaments[:SHOWN],
            "more": len(tournaments) > SHOWN,
            "can_create": access.can_manage,
        },
    )


def _organiser(user: AbstractBaseUser | None) -> Exists | Value:
    """Whether `user` organises the match's club (who settles a disputed result),
    as part of the link's one query."""
    if user is None or not user.is_authenticated:
        return Value(False)
    if user.is_superuser:
        return Value(True)
    return Exists(
        Membership.objects.filter(
            club_id=OuterRef("match__tournament__club_id"),
            user_id=user.pk,
            role=Role.ORGANISER,
        )
    )


def _rounds_of(bracket: OuterRef) -> Subquery:
    """How many rounds the match's tournament has in `bracket` (its last round's
    number): the match named as its bracket's column ("Semi-final 1")."""
    last = Round.objects.filter(
        tournament_id=OuterRef("match__tournament_id"), bracket=bracket
    ).order_by("-number")
    return Subquery(last.values("number")[:1])


def has_match(game_ref: str = "pk") -> Exists:
    """Whether the game (`game_ref` of the outer query) is a match's: the flag
    "match" read with the game (scoring.games.flags)."""
    return Exists(MatchGame.objects.filter(game_id=OuterRef(game_ref)))


def _match_link(game: Game, user: AbstractBaseUser | None) -> MatchGame | None:
    """The game's link to its match with the match, its round, tournament and
    entrants, where the match's winner plays next, how many rounds each bracket
    has, and whether `user` organises the club (1 query)."""
    winner = OuterRef("match__winner_id")
    onward = (
        Match.objects.filter(tournament_id=OuterRef("match__tournament_id"))
        .exclude(status=MatchStatus.COMPLETED)
        .filter(Q(entrant_a_id=winner) | Q(entrant_b_id=winner))
        .order_by("round_id", "number")
    )
    return (
        MatchGame.objects.filter(game_id=game.pk)
        .select_related(
            "match__round",
            "match__tournament",
            "match__entrant_a",
            "match__entrant_b",
            "match__winner",
        )
        .annotate(
            onward_bracket=Subquery(onward.values("round__bracket")[:1]),
            onward_round=Subquery(onward.values("round__number")[:1]),
            organiser=_organiser(user),
            rounds=_rounds_of(OuterRef("match__round__bracket")),
            onward_rounds=_rounds_of(OuterRef("onward_bracket")),
        )
        .first()
    )


def _outcome(link: MatchGame) -> str:
    """What the completed match means for its winner."""
    match, tournament = link.match, link.match.tournament
    name = match.winner.name
    if (
        tournament.status == TournamentStatus.FINISHED
        and tournament.champion_id == match.winner_id
    ):
        return gettext("{name} wins the tournament").format(name=name)
    if tournament.format in ELIMINATION and link.onward_round is not None:
        return goes_through(
            name,
            format=tournament.format,
            bracket=link.onward_bracket,
            round_number=link.onward_round,
            rounds=link.onward_rounds,
        )
    return gettext("{name} wins the match").format(name=name)


def match_game(request: HttpRequest, game: Game, editable: bool) -> GamePanel | None:
    """On a match's game's table page: the tournament, the match and its table,
    the match's score; once the game is won, the match's next game (for its
    scorekeepers) or who goes through, and the way back to the bracket. It takes
    the place of "New game, same players" (1 query; none for a game outside
    clubs, which no tournament plays, or whose flag says it has no match)."""
    if game.club_id is None or not game_flags.flagged(game, "match"):
        return None
    link = _match_link(game, request.user)
    if link is None:
        return None
    if link.match.seats is not None:
        return _night_table(game, link)
    match, tournament = link.match, link.match.tournament
    best_of = int(tournament.settings.get("games_per_match", 1))
    won = game.winner is not None and not link.abandoned
    names = [
        entrant.name if entrant is not None else "?"
        for entrant in (match.entrant_a, match.entrant_b)
    ]
    context: dict[str, Any] = {
        "tournament": tournament,
        "match": match,
        "label": match_label(
            format=tournament.format,
            bracket=match.round.bracket,
            round_number=match.round.number,
            number=match.number,
            rounds=link.rounds,
        ),
        # Only an elimination has a bracket to go back to.
        "elimination": tournament.format in ELIMINATION,
        "number": link.number,
        "best_of": best_of,
        "names": names,
        "wins": [match.wins_a, match.wins_b],
        "abandoned": link.abandoned,
        # Finished, then set aside: an organiser voided its result.
        "voided": link.abandoned and game.winner is not None,
        "won": won,
        "completed": match.status == MatchStatus.COMPLETED,
        "outcome": _outcome(link) if match.winner_id is not None else None,
        # The match goes on: its next game, started by who keeps its score.
        "next_game": match.wins_a + match.wins_b + 1,
        "can_start": won
        and editable
        and match.status == MatchStatus.RUNNING
        and match.unconfirmed is None,
        # Its result waits for the losing side (setting confirm_results): they
        # confirm or dispute on this phone; an organiser settles a dispute.
        "waiting": waiting_result(
            tournament,
            match,
            {e.pk: e for e in (match.entrant_a, match.entrant_b) if e is not None},
        )
        if (match.unconfirmed or {}).get("game") == game.pk
        else None,
        "can_confirm": editable,
        "can_settle": link.organiser,
    }
    return GamePanel("tournaments/_game_match.html", context, replaces_rematch=True)


def _table_stage(game: Game, abandoned: bool) -> str:
    """Where a progressive table's game stands: "Hand 5 of 8" (the hand being
    played, as the table page heads it), "Extra hand 9" after a tie,
    "Finished after 8 hands"; "Hand 5" in a game to the target."""
    hands = game.hand_count
    if abandoned:
        return ngettext(
            "Abandoned after {hands} hand", "Abandoned after {hands} hands", hands
        ).format(hands=hands)
    if game.winner is not None:
        return ngettext(
            "Finished after {hands} hand", "Finished after {hands} hands", hands
        ).format(hands=hands)
    return headings.hand_label(rules_for(game), hands + 1)


def _night_table(game: Game, link: MatchGame) -> GamePanel:
    """A progressive night's table: the night, round, table and hand, and the way
    back to the night's board (its round). No next game of a match, no club
    rematch: the night goes on with its next round."""
    match, tournament = link.match, link.match.tournament
    where = gettext("Table {table} · Round {round}").format(
        round=match.round.number, table=match.table
    )
    context = {
        "tournament": tournament,
        "where": where,
        "stage": _table_stage(game, link.abandoned),
        "done": game.winner is not None and not link.abandoned,
    }
    return GamePanel("tournaments/_game_table.html", context, replaces_rematch=True)


# --- A season's night ------------------------------------------------------------


def night_words(night: Night) -> str:
    """ "Thu 3 Dec · Winter 2026": the night as a game's pages name it (the
    season's row must be loaded with it)."""
    day = date_format(night.date, "D j M")
    return gettext("{day} · {season}").format(day=day, season=night.season.name)


def describe_night(
    value: object, club: Club | None
) -> game_links.LinkDescription | None:
    """What starting a game with `"night": value` in `club` means on the new-game
    page: "Counts for the night of Thu 3 Dec · Winter 2026", and the season's
    variant; None for a value that is not a night of a season of the club (1 query;
    none for text that is no id)."""
    if isinstance(value, bool) or club is None:
        return None
    if isinstance(value, str):
        value = parse_whole_number(value, max_digits=18)
    if not isinstance(value, int):
        return None
    night = (
        Night.objects.select_related("season")
        .filter(pk=value, season__club_id=club.pk)
        .first()
    )
    if night is None:
        return None
    return game_links.LinkDescription(
        text=gettext("Counts for the night of {night}").format(
            night=night_words(night)
        ),
        variant=night.season.variant,
    )


NIGHT_LINK = game_links.GameLink(
    key="night", model=NightGame, value="night", describe=describe_night
)


def night_game(request: HttpRequest, game: Game, editable: bool) -> GamePanel | None:
    """On the table page of a game started for a season's night: the night, what
    the game counts for there, and the way back to the night (no query for a
    game without a night, whose link was read with the game: game_links; 1
    otherwise)."""
    night_id = game_links.links_of(game).get("night")
    if night_id is None:
        return None
    night = Night.objects.select_related("season").filter(pk=night_id).first()
    if night is None:
        return None
    if game.abandoned:
        counts = gettext("Abandoned: it counts for nothing on the night.")
    elif game.winner is not None:
        counts = gettext("Finished: it counts in the night's results.")
    else:
        counts = gettext("It counts in the night's results once it is finished.")
    context = {
        "night": night,
        "season": night.season,
        "title": gettext("Night of {night}").format(night=night_words(night)),
        "counts": counts,
        "done": game.winner is not None or game.abandoned,
    }
    return GamePanel("tournaments/_game_night.html", context)

"""The tournaments' part of `manage.py demo` (scoring/demo.py calls it after the
club evening's games): what an organiser runs, made through the services as an
organiser would, so that a newcomer sees a bracket, a Swiss, a night and a season.

- "Crown Cup": a single elimination of 6 (seeds 1 and 2 have byes), finished: its
  matches played at the table, hand by hand, but one entered on paper;
- "Winter Swiss": a Swiss of 8 over 3 rounds, in its second round (one match of it
  played on paper, one at the table, its game under way);
- "Progressive night": 12 players over 4 rounds of 4 hands, in round 2: table 1
  done, table 2 playing, table 3 still to start (round 1 had a paper table);
- "Autumn League": a season of three past nights (club games on each), its
  standings counted, its playoffs ready to start (not started).

Idempotent: each is added only when the club has none of its name.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from pitchclub.models import Club
from scoring import engine
from scoring.games import services as game_services
from scoring.games.hands import hand_record
from scoring.models import Game, Status
from tournaments.brackets.create import EntrantInput, tournament_create
from tournaments.brackets.draw import round_draw
from tournaments.matches.services import match_game_start, match_result_enter
from tournaments.models import Match, MatchStatus, Season, Tournament
from tournaments.nights.services import table_result_enter
from tournaments.seasons.services import night_add, season_create

CUP = "Crown Cup"
SWISS = "Winter Swiss"
NIGHT = "Progressive night"
SEASON = "Autumn League"

CUP_PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn"]
SWISS_PLAYERS = ["Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Mo", "Ned"]
NIGHT_PLAYERS = [
    *("Oli", "Pia", "Quinn", "Rae", "Sol", "Tom"),
    *("Uma", "Vic", "Wes", "Xia", "Yan", "Zed"),
]
# Each night of the season: its games' players (seat order) and the winning seat.
SEASON_NIGHTS: list[list[tuple[list[str], int]]] = [
    [(["Ann", "Bob", "Cy", "Di"], 0), (["Eve", "Finn", "Gus", "Hal"], 2)],
    [(["Ann", "Eve", "Bob", "Finn"], 1), (["Cy", "Gus", "Di", "Hal"], 0)],
    [(["Ann", "Hal", "Cy", "Eve"], 3), (["Bob", "Gus", "Di", "Finn"], 2)],
]


def _hand(seat: int, bid: int = 4, rival: int | None = None) -> engine.HandInput:
    """`seat` pitches `bid` and makes it: every point, or high and low with the
    jack and game to `rival`."""
    if rival is None:
        awards = {"high": seat, "low": seat, "jack": seat, "game": seat}
    else:
        awards = {"high": seat, "low": seat, "jack": rival, "game": rival}
    return engine.HandInput(pitcher=seat, bid=bid, awards=awards)


def _win(game: Game, seat: int, by: AbstractBaseUser) -> None:
    """Play `game` out at the table, `seat` winning: the next seat makes a bid of 2
    first, then `seat` takes every point until the game is won."""
    rival = (seat + 1) % game.player_count
    hand_record(game_id=game.pk, hand=_hand(rival, 2, rival=seat), by=by)
    for _ in range(20):
        game, _written = hand_record(game_id=game.pk, hand=_hand(seat), by=by)
        if game.status == Status.FINISHED:
            return
    raise AssertionError(f"Demo game {game.pk} did not finish.")  # pragma: no cover


def _ready(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(tournament=tournament, status=MatchStatus.READY)
        .select_related("round")
        .order_by("round__id", "number")
    )


def _play(
    tournament: Tournament, match: Match, seat: int, by: AbstractBaseUser
) -> None:
    """The match's game at the table, its side at `seat` winning."""
    game, _match = match_game_start(
        tournament_id=tournament.pk, match_id=match.pk, by=by
    )
    _win(game, seat, by)


def _paper(
    tournament: Tournament, match: Match, a_wins: bool, by: AbstractBaseUser
) -> None:
    """The match's result entered on paper: the winner at the target, 3 to the other."""
    target = int(tournament.options.get("target", 7))
    winner = match.entrant_a_id if a_wins else match.entrant_b_id
    assert winner is not None
    match_result_enter(
        tournament_id=tournament.pk,
        match_id=match.pk,
        winner=winner,
        scores=[target, 3] if a_wins else [3, target],
        by=by,
    )


def _solo(names: Sequence[str]) -> list[EntrantInput]:
    return [EntrantInput(players=[name]) for name in names]


def _cup(club: Club, by: AbstractBaseUser) -> None:
    cup = tournament_create(
        club=club,
        name=CUP,
        format="single_elimination",
        variant="auction",
        options={"target": 7},
        entrants=_solo(CUP_PLAYERS),
        created_by=by,
    )
    # Round 1 (seeds 3 to 6): one at the table, one on paper (an upset).
    first, second = _ready(cup)
    _play(cup, first, 0, by)
    _paper(cup, second, False, by)
    # The semi-finals, then the final, at the table.
    for match in _ready(cup):
        _play(cup, match, 0, by)
    (final,) = _ready(cup)
    _play(cup, final, 1, by)


def _swiss(club: Club, by: AbstractBaseUser) -> None:
    swiss = tournament_create(
        club=club,
        name=SWISS,
        format="swiss",
        variant="auction",
        options={"target": 7},
        settings={"rounds": 3},
        entrants=_solo(SWISS_PLAYERS),
        created_by=by,
    )
    for index, match in enumerate(_ready(swiss)):
        if index % 2:
            _paper(swiss, match, index != 3, by)
        else:
            _play(swiss, match, index // 2, by)
    round_draw(tournament_id=swiss.pk, by=by)
    first, second, *_rest = _ready(swiss)
    _paper(swiss, first, True, by)
    game, _match = match_game_start(tournament_id=swiss.pk, match_id=second.pk, by=by)
    hand_record(game_id=game.pk, hand=_hand(1, 2, rival=0), by=by)


def _table(night: Tournament, match: Match, hands: int, by: AbstractBaseUser) -> None:
    """A table's game of four, `hands` of its hands played (all: the table done)."""
    game, _match = match_game_start(tournament_id=night.pk, match_id=match.pk, by=by)
    for number in range(hands):
        seat = (0, 1, 2, 0)[number % 4]
        hand_record(game_id=game.pk, hand=_hand(seat, 2 + number % 2, rival=3), by=by)


def _night(club: Club, by: AbstractBaseUser) -> None:
    night = tournament_create(
        club=club,
        name=NIGHT,
        format="progressive",
        variant="auction",
        settings={"rounds": 4, "hands_per_round": 4},
        entrants=_solo(NIGHT_PLAYERS),
        created_by=by,
    )
    first, second, third = _ready(night)
    _table(night, first, 4, by)
    _table(night, second, 4, by)
    table_result_enter(tournament_id=night.pk, match_id=third.pk, scores=[9, 5], by=by)
    round_draw(tournament_id=night.pk, by=by)
    first, second, _third = _ready(night)
    _table(night, first, 4, by)
    _table(night, second, 2, by)


def _season(club: Club, by: AbstractBaseUser) -> None:
    today = timezone.localdate()
    season = season_create(
        club=club,
        name=SEASON,
        starts=today - datetime.timedelta(days=28),
        ends=today + datetime.timedelta(days=28),
        variant="auction",
        options={"target": 7},
        scoring="wins",
        min_nights=2,
        created_by=by,
    )
    for weeks_ago, games in zip((3, 2, 1), SEASON_NIGHTS, strict=True):
        night = night_add(
            season=season, date=today - datetime.timedelta(weeks=weeks_ago), by=by
        )
        for players, winner in games:
            game = game_services.game_start(
                variant="auction",
                players=players,
                partnership=False,
                options={"target": 7},
                club=club,
                created_by=by,
                links={"night": night.pk},
            )
            _win(game, winner, by)


def load(club: Club, by: AbstractBaseUser) -> str:
    """Add to the demo club what it has not yet; say what was added."""
    added = []
    have = set(Tournament.objects.filter(club=club).values_list("name", flat=True))
    for name, make, said in (
        (CUP, _cup, "a finished cup"),
        (SWISS, _swiss, "a Swiss in its second round"),
        (NIGHT, _night, "a progressive night in round 2"),
    ):
        if name not in have:
            make(club, by)
            added.append(said)
    if not Season.objects.filter(club=club, name=SEASON).exists():
        _season(club, by)
        added.append("a season of three nights, its playoffs to start")
    return ", ".join(added)

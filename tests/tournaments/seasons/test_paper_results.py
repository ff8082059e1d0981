"""What counts in a season (EVENTS.md "Club nights and leagues", docs/seasons.md
"Results entered on paper"): a match entered on paper counts as one game played by
its entrants' players, won by the winner's, its scores as points when given; a
progressive table entered on paper counts like a table's game; a bye is no game;
a match's games count each once. The expected standings are worked out here from
that rule, result by result, not read from the code."""

from collections import defaultdict
from typing import Any

import pytest

from pitchclub.models import Club
from scoring.models import Game
from tests.tournaments.seasons.test_seasons import (
    DEC,
    at,
    finish,
    make_season,
    played,
    table,
)
from tournaments.brackets import create
from tournaments.brackets.draw import round_draw
from tournaments.matches import services as match_services
from tournaments.models import Match, MatchGame, MatchStatus, Night, Tournament
from tournaments.nights import services as night_services
from tournaments.seasons.overview import season_read
from tournaments.seasons.standings import night_results

pytestmark = pytest.mark.django_db


class Expected:
    """Each player's (games, wins, points) of one night, added up by the rule."""

    def __init__(self) -> None:
        self.figures: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])

    def game(self, side: list[str], score: int | None, *, won: bool) -> None:
        for name in side:
            self.figures[name][0] += 1
            self.figures[name][1] += won
            self.figures[name][2] += score or 0

    def standings(self, counted: str = "wins") -> list[tuple[Any, ...]]:
        """(rank, name, nights, games, wins, points, counted, qualified), one
        night each, ranked by counted, wins, points, name."""
        index = {"wins": 1, "points": 2}[counted]
        rows = sorted(
            self.figures.items(),
            key=lambda item: (-item[1][index], -item[1][1], -item[1][2], item[0]),
        )
        return [
            (rank, name, 1, games, wins, points, (games, wins, points)[index], True)
            for rank, (name, (games, wins, points)) in enumerate(rows, start=1)
        ]


def tournament(club: Club, fmt: str, names: list[str], **kwargs: Any) -> Tournament:
    """A tournament of the club, created on the night of 3 December."""
    cup = create.tournament_create(
        club=club,
        name=f"{fmt} cup",
        format=fmt,
        variant="auction",
        entrants=[create.EntrantInput(players=[n]) for n in names],
        **kwargs,
    )
    Tournament.objects.filter(pk=cup.pk).update(created_at=at(DEC[3], 19))
    return cup


def open_matches(cup: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(
            tournament=cup,
            status__in=[MatchStatus.READY, MatchStatus.RUNNING],
            seats__isnull=True,
        )
        .select_related("entrant_a", "entrant_b")
        .order_by("round_id", "number")
    )


def match_between(cup: Tournament, one: str, other: str) -> Match:
    return next(
        m
        for m in open_matches(cup)
        if {m.entrant_a.name, m.entrant_b.name} == {one, other}
    )


def on_paper(
    cup: Tournament,
    winner: str,
    loser: str,
    scores: tuple[int, int] | None,
    expected: Expected,
) -> None:
    """`winner` beats `loser` on paper (scores winner's first, or none)."""
    match = match_between(cup, winner, loser)
    winner_id = (
        match.entrant_a_id if match.entrant_a.name == winner else match.entrant_b_id
    )
    given = None
    if scores is not None:
        given = list(scores) if winner_id == match.entrant_a_id else scores[::-1]
    match_services.match_result_enter(
        tournament_id=cup.pk, match_id=match.pk, winner=winner_id, scores=given
    )
    expected.game([winner], scores and scores[0], won=True)
    expected.game([loser], scores and scores[1], won=False)


def at_the_table(
    match: Match, winner: str, loser_points: int, expected: Expected
) -> Game:
    """The match's next game, won 6 to `loser_points` by `winner`."""
    game, _ = match_services.match_game_start(
        tournament_id=match.tournament_id, match_id=match.pk
    )
    seat = 0 if match.entrant_a.name == winner else 1
    finish(game, seat, loser_points)
    loser = match.entrant_b.name if seat == 0 else match.entrant_a.name
    expected.game([winner], 6, won=True)
    expected.game([loser], loser_points, won=False)
    return game


def test_a_cup_entered_on_paper_counts_each_match_as_a_game(club: Club) -> None:
    """A single-elimination cup of 4 on the night, every match on paper (one
    without scores), and a club game of that night: the champion counts its two
    wins, every player one game per match played."""
    wins = make_season(club, DEC[3])
    points = make_season(club, DEC[3], name="Points league", scoring="points")
    cup = tournament(
        club, "single_elimination", ["Ann", "Bob", "Cy", "Di"], options={"target": 7}
    )
    expected = Expected()
    on_paper(cup, "Ann", "Di", (7, 3), expected)
    on_paper(cup, "Cy", "Bob", None, expected)
    on_paper(cup, "Ann", "Cy", (7, 5), expected)
    cup.refresh_from_db()
    assert cup.status == "finished"
    played(club, DEC[3], "Zed", "Ann", 2)
    expected.game(["Zed"], 6, won=True)
    expected.game(["Ann"], 2, won=False)

    assert table(wins) == expected.standings("wins")
    assert table(wins)[0][1:6] == ("Ann", 1, 3, 2, 16)
    assert table(points) == expected.standings("points")
    night = Night.objects.get(season=wins)
    results = {r.name: (r.games, r.wins, r.points) for r in night_results(wins, night)}
    assert results == {name: tuple(f) for name, f in expected.figures.items()}
    view = season_read(wins)
    assert view.nights[0].best == ["Ann"]
    assert view.nights[0].best_figure == 2


def test_a_swiss_partly_on_paper_counts_every_result_once_and_no_bye(
    club: Club,
) -> None:
    """A Swiss of 5 over 2 rounds: in each round the first match is entered on
    paper, the second played at the table; the player with the bye has no game
    for it. The earlier name (A to Z) wins each match."""
    season = make_season(club, DEC[3])
    cup = tournament(
        club,
        "swiss",
        ["Ann", "Bob", "Cy", "Di", "Eve"],
        options={"target": 6},
        settings={"rounds": 2},
    )
    expected = Expected()
    byes = 0
    for number in (1, 2):
        if number == 2:
            round_draw(tournament_id=cup.pk)
        byes += Match.objects.filter(
            tournament=cup, round__number=number, slots=1
        ).count()
        first, second = open_matches(cup)
        one, other = sorted([first.entrant_a.name, first.entrant_b.name])
        on_paper(cup, one, other, (6, number), expected)
        at_the_table(
            second, min(second.entrant_a.name, second.entrant_b.name), 1, expected
        )
    assert byes == 2
    assert sum(games for games, _, _ in expected.figures.values()) == 8

    assert table(season) == expected.standings("wins")


def test_a_match_of_several_games_counts_each_game_and_none_twice(
    club: Club,
) -> None:
    """A best of 3 played at the table counts each of its games; a game set aside
    (its result voided) and the match then entered on paper counts once, as the
    paper result."""
    season = make_season(club, DEC[3])
    cup = tournament(
        club,
        "round_robin",
        ["Ann", "Bob", "Cy", "Di"],
        options={"target": 6},
        settings={"games_per_match": 3},
    )
    expected = Expected()
    first, second = open_matches(cup)[:2]
    a, b = first.entrant_a.name, first.entrant_b.name
    at_the_table(first, a, 1, expected)
    at_the_table(first, b, 2, expected)
    at_the_table(first, a, 0, expected)
    assert Match.objects.get(pk=first.pk).status == MatchStatus.COMPLETED
    voided = at_the_table(second, second.entrant_b.name, 2, Expected())
    # The game's result voided: the game set aside, the match open again.
    MatchGame.objects.filter(game=voided).update(abandoned=True)
    Match.objects.filter(pk=second.pk).update(wins_a=0, wins_b=0, scores=None)
    on_paper(cup, second.entrant_a.name, second.entrant_b.name, (6, 4), expected)

    assert table(season) == expected.standings("wins")


@pytest.mark.parametrize("counted", ["wins", "points"])
def test_a_progressive_table_on_paper_counts_like_a_tables_game(
    club: Club, counted: str
) -> None:
    """A progressive night of 8 in one round: table 1 entered on paper (7 to 3),
    table 2 played at the table (its side 1 wins 6 to 2). At a table of four
    each player's side score is their points, the higher side wins."""
    season = make_season(club, DEC[3], scoring=counted)
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal"]
    night = tournament(
        club,
        "progressive",
        names,
        options={"target": 6},
        settings={"rounds": 1, "hands_per_round": None},
    )
    first, second = Match.objects.filter(tournament=night).order_by("number")
    seated = {entrant.pk: entrant.name for entrant in night.entrants.all()}
    night_services.table_result_enter(
        tournament_id=night.pk, match_id=first.pk, scores=[7, 3]
    )
    game, _ = match_services.match_game_start(
        tournament_id=night.pk, match_id=second.pk
    )
    finish(game, 1, 2)
    expected = Expected()
    players = [seated[pk] for pk in first.seats]
    expected.game(players[0::2], 7, won=True)
    expected.game(players[1::2], 3, won=False)
    players = [seated[pk] for pk in second.seats]
    expected.game(players[1::2], 6, won=True)
    expected.game(players[0::2], 2, won=False)

    assert table(season) == expected.standings(counted)


def test_a_progressive_season_counts_paper_tables_games_too(club: Club) -> None:
    """In a progressive season a paper table's players have its game, win and
    points; the night still counts their tally."""
    season = make_season(club, DEC[3], scoring="progressive")
    night = tournament(
        club,
        "progressive",
        ["Ann", "Bob", "Cy", "Di"],
        options={"target": 6},
        settings={"rounds": 1, "hands_per_round": None},
    )
    only = Match.objects.get(tournament=night)
    night_services.table_result_enter(
        tournament_id=night.pk, match_id=only.pk, scores=[3, 8]
    )
    seated = {entrant.pk: entrant.name for entrant in night.entrants.all()}
    players = [seated[pk] for pk in only.seats]
    lines = {line[1]: line[3:7] for line in table(season)}
    assert lines == {
        players[0]: (1, 0, 3, 3),
        players[2]: (1, 0, 3, 3),
        players[1]: (1, 1, 8, 8),
        players[3]: (1, 1, 8, 8),
    }

"""League seasons (EVENTS.md "Club nights and leagues"): which games belong to a
night, and the standings counted by hand: drop-worst, qualifying, and every level
of the tie-breaks (counted total, games won, points, name)."""

import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from pytest_django.fixtures import Settings

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.games import hooks, services
from scoring.models import Game
from tests.factories import UserFactory
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.models import Night, NightGame, Season, Tournament
from tournaments.nights import services as night_services
from tournaments.seasons import services as seasons
from tournaments.seasons.overview import season_read
from tournaments.seasons.standings import season_standings

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
# DEC[3] is 3 December 2026 (DEC[0] is unused).
DEC = [datetime.date(2026, 12, max(day, 1)) for day in range(32)]


def at(day: datetime.date, hour: int = 20, zone: Any = UTC) -> datetime.datetime:
    return datetime.datetime(day.year, day.month, day.day, hour, tzinfo=zone)


def start(
    club: Club | None,
    names: list[str],
    *,
    when: datetime.datetime | None = None,
    variant: str = "auction",
    night: int | None = None,
) -> Game:
    """A two-player game (to 6) of `club` started at `when`."""
    game = services.game_start(
        variant=variant,
        players=names,
        options={"target": 6} if variant == "auction" else None,
        club=club,
        links=None if night is None else {"night": night},
    )
    if when is not None:
        Game.objects.filter(pk=game.pk).update(created_at=when)
        game.refresh_from_db()
    return game


def finish(game: Game, winner: int, loser_points: int = 0) -> Game:
    """Seat `winner` wins 6 to `loser_points` (0, 1 or 2): it pitches 2 and takes
    high and low while the other seat takes jack and/or game, then it pitches 4
    and takes every point."""
    loser = 1 - winner
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=winner,
            bid=2,
            awards={
                "high": winner,
                "low": winner,
                "jack": loser if loser_points >= 1 else None,
                "game": loser if loser_points >= 2 else None,
            },
        ),
    )
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=winner,
            bid=4,
            awards={"high": winner, "low": winner, "jack": winner, "game": winner},
        ),
    )
    game.refresh_from_db()
    assert (game.status, game.winner) == ("finished", winner), game.scores
    assert sorted(game.scores) == [loser_points, 6], game.scores
    return game


def played(
    club: Club,
    day: datetime.date,
    winner: str,
    loser: str,
    loser_points: int = 0,
    **kwargs: Any,
) -> Game:
    """`winner` beats `loser` 6 to `loser_points` at the club on `day`."""
    return finish(start(club, [winner, loser], when=at(day), **kwargs), 0, loser_points)


def make_season(club: Club, *nights: datetime.date, **fields: Any) -> Season:
    values = {
        "name": "Winter 2026",
        "starts": DEC[1],
        "ends": DEC[31],
        "variant": "auction",
        "scoring": "wins",
        **fields,
    }
    season = seasons.season_create(club=club, **values)
    for day in nights:
        seasons.night_add(season=season, date=day)
    return season


def table(season: Season) -> list[tuple[Any, ...]]:
    """The standings as (rank, name, nights, games, wins, points, counted,
    qualified)."""
    return [
        (
            line.rank,
            line.name,
            line.nights,
            line.games,
            line.wins,
            line.points,
            line.counted,
            line.qualified,
        )
        for line in season_standings(season)
    ]


# -- which games belong to a night


def test_club_games_of_the_nights_date_belong_to_it_and_only_finished_ones_count(
    club: Club,
) -> None:
    season = make_season(club, DEC[3], DEC[10])
    counted = played(club, DEC[3], "Ann", "Bob")
    open_game = start(club, ["Ann", "Cy"], when=at(DEC[3]))
    abandoned = start(club, ["Ann", "Di"], when=at(DEC[3]))
    services.game_abandon(game_id=abandoned.pk, by=None)
    played(club, DEC[4], "Cy", "Di")  # no night that day
    other_club = club_services.club_create(name="Elks", by=UserFactory())
    played(other_club, DEC[3], "Eve", "Finn")
    played(club, DEC[10], "Bob", "Ann", variant="auction")
    thirteen = start(
        club, ["Gus", "Hal", "Ida", "Jo"], when=at(DEC[10]), variant="thirteen"
    )

    view = season_read(season)
    assert [(n.night.date, n.games, n.finished, n.playing) for n in view.nights] == [
        (DEC[3], [counted.pk, open_game.pk], 1, 1),
        (DEC[10], [view.nights[1].games[0]], 1, 0),
    ]
    assert thirteen.pk not in view.nights[1].games
    assert table(season) == [
        (1, "Ann", 2, 2, 1, 6, 1, True),
        (2, "Bob", 2, 2, 1, 6, 1, True),
    ]


def test_a_games_night_is_the_day_it_started_in_the_sites_time_zone(
    club: Club, settings: Settings
) -> None:
    settings.TIME_ZONE = "America/Chicago"
    season = make_season(club, DEC[3], DEC[4])
    chicago = ZoneInfo("America/Chicago")
    # 03:00 UTC on the 4th is 21:00 on the 3rd in Chicago: the 3rd's night.
    late = finish(start(club, ["Ann", "Bob"], when=at(DEC[4], 3)), 0)
    next_day = finish(start(club, ["Ann", "Bob"], when=at(DEC[4], 9, chicago)), 0)

    view = season_read(season)
    assert [n.games for n in view.nights] == [[late.pk], [next_day.pk]]


def test_a_game_started_for_a_night_belongs_to_it_whatever_the_day(club: Club) -> None:
    season = make_season(club, DEC[3], DEC[10])
    night = Night.objects.get(season=season, date=DEC[3])
    # Recorded from the paper sheet a week later, and linked to its night.
    late = finish(start(club, ["Ann", "Bob"], when=at(DEC[10]), night=night.pk), 0)

    assert NightGame.objects.get(game=late).night == night
    view = season_read(season)
    assert [n.games for n in view.nights] == [[late.pk], []]
    assert table(season)[0][:5] == (1, "Ann", 1, 1, 1)


def test_a_tournaments_games_belong_to_the_night_of_its_day(club: Club) -> None:
    season = make_season(club, DEC[3])
    cup = create.tournament_create(
        club=club,
        name="Cup",
        format="round_robin",
        variant="auction",
        options={"target": 6},
        entrants=[create.EntrantInput(players=[n]) for n in ("Ann", "Bob")],
    )
    Tournament.objects.filter(pk=cup.pk).update(created_at=at(DEC[3], 19))
    match = cup.matches.get()
    game, _ = match_services.match_game_start(tournament_id=cup.pk, match_id=match.pk)
    # Its game started after midnight, still the night of the tournament.
    Game.objects.filter(pk=game.pk).update(created_at=at(DEC[4], 0))
    finish(game, 1)

    view = season_read(season)
    assert view.nights[0].games == [game.pk]
    assert [t.pk for t in view.nights[0].tournaments] == [cup.pk]
    assert table(season)[0][1:5] == ("Bob", 1, 1, 1)


@pytest.mark.parametrize(
    ("game_club", "variant", "message"),
    [
        ("other", "auction", "is not a night of a season of this game's club"),
        (None, "auction", "is not a night of a season of this game's club"),
        ("same", "thirteen", "Winter 2026 counts Auction Pitch games only"),
    ],
)
def test_a_night_of_another_club_or_another_game_is_refused(
    club: Club, game_club: str | None, variant: str, message: str
) -> None:
    season = make_season(club, DEC[3])
    night = season.nights.get()
    where = {
        "other": club_services.club_create(name="Elks", by=UserFactory()),
        "same": club,
        None: None,
    }[game_club]
    players = ["Ann", "Bob"] if variant == "auction" else ["Ann", "Bob", "Cy", "Di"]
    before = Game.objects.count()
    with pytest.raises(RuleViolation) as refused:
        start(where, players, variant=variant, night=night.pk)
    assert refused.value.field == "night"
    assert message in refused.value.message
    # The game's start rolled back with the refusal.
    assert Game.objects.count() == before
    assert not NightGame.objects.exists()


def test_an_unknown_night_is_refused(club: Club) -> None:
    with pytest.raises(RuleViolation) as refused:
        start(club, ["Ann", "Bob"], night=999)
    assert (refused.value.code, refused.value.field) == ("unknown_night", "night")


# -- standings, counted by hand


def test_wins_standings_drop_each_players_worst_nights_and_break_ties_in_order(
    club: Club,
) -> None:
    """Four nights; drop 1; 3 nights to qualify. By hand, a player's games,
    wins and points per night (a winner scores 6, a loser what it took):

    night   3         10        17        24       | nights games wins points
    Ann     2  2  12  2  0  3   2  1  7   -        |   3     6     3    22
    Bob     2  1  8   2  1  6   2  1  8   1  0  2  |   4     7     3    24
    Cy      2  1  6   1  1  6   2  1  8   1  1  6  |   4     6     4    26
    Di      2  0  1   2  1  6   2  1  7   -        |   3     6     2    14
    Eve     1  1  6   1  1  6   -         -        |   2     2     2    12
    Finn    1  0  2   -         -         -        |   1     1     0     2

    Wins per night, the worst dropped: Ann 2 0 1 -> 3; Bob 1 1 1 0 -> 3; Cy 1 1
    1 1 -> 3 (the earliest of equal nights, the 3rd, dropped); Di 0 1 1 -> 2;
    Eve 1 1 -> 1; Finn 0 -> 0. Ann, Bob and Cy tie on 3: Cy has won more games
    (4); Bob and Ann have won 3 each, Bob has more points (24 > 22). Eve and
    Finn played fewer than 3 nights: not qualified, ranked after the others."""
    season = make_season(
        club, DEC[3], DEC[10], DEC[17], DEC[24], drop_worst=1, min_nights=3
    )
    # 3 December: Ann 2 wins, Bob 1, Cy 1, Eve 1.
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[3], "Ann", "Di", 1)
    played(club, DEC[3], "Bob", "Cy")
    played(club, DEC[3], "Cy", "Finn", 2)
    played(club, DEC[3], "Eve", "Di")
    # 10 December: Bob, Cy, Di, Eve 1 win each; Ann none.
    played(club, DEC[10], "Bob", "Ann", 1)
    played(club, DEC[10], "Cy", "Bob")
    played(club, DEC[10], "Di", "Ann", 2)
    played(club, DEC[10], "Eve", "Di")
    # 17 December: Ann, Bob, Cy, Di 1 win each.
    played(club, DEC[17], "Ann", "Bob", 2)
    played(club, DEC[17], "Bob", "Cy", 2)
    played(club, DEC[17], "Cy", "Di", 1)
    played(club, DEC[17], "Di", "Ann", 1)
    # 24 December: Cy alone wins.
    played(club, DEC[24], "Cy", "Bob", 2)

    assert table(season) == [
        (1, "Cy", 4, 6, 4, 26, 3, True),
        (2, "Bob", 4, 7, 3, 24, 3, True),
        (3, "Ann", 3, 6, 3, 22, 3, True),
        (4, "Di", 3, 6, 2, 14, 2, True),
        (5, "Eve", 2, 2, 2, 12, 1, False),
        (6, "Finn", 1, 1, 0, 2, 0, False),
    ]
    cy = season_standings(season)[0]
    assert [(line.date, line.figure, line.dropped) for line in cy.night_lines] == [
        (DEC[3], 1, True),
        (DEC[10], 1, False),
        (DEC[17], 1, False),
        (DEC[24], 1, False),
    ]


def test_points_standings_drop_the_worst_night_and_fall_back_to_the_name(
    club: Club,
) -> None:
    """Points per night, 1 dropped: Ann 6 0, Bob 2 6, Cy 6 0, Di 2 6: every one
    counts 6 and has won 1 game; Bob and Di have 8 points, Ann and Cy 6; then
    the name."""
    season = make_season(club, DEC[3], DEC[10], scoring="points", drop_worst=1)
    played(club, DEC[3], "Cy", "Di", 2)
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[10], "Di", "Cy")
    played(club, DEC[10], "Bob", "Ann")

    assert table(season) == [
        (1, "Bob", 2, 2, 1, 8, 6, True),
        (2, "Di", 2, 2, 1, 8, 6, True),
        (3, "Ann", 2, 2, 1, 6, 6, True),
        (4, "Cy", 2, 2, 1, 6, 6, True),
    ]


def test_dropping_more_nights_than_played_counts_nothing_and_a_loss_can_be_negative(
    club: Club,
) -> None:
    """Points are the side's final score: set back more than it made, negative."""
    season = make_season(club, DEC[3], scoring="points", drop_worst=0)
    game = start(club, ["Ann", "Bob"], when=at(DEC[3]))
    # Bob pitches 3 and is set (-3) while Ann takes 3; Ann pitches 4 and takes all.
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=1, bid=3, awards={"high": 0, "low": 0, "jack": 1, "game": 0}
        ),
    )
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            pitcher=0, bid=4, awards=dict.fromkeys(("high", "low", "jack", "game"), 0)
        ),
    )
    game.refresh_from_db()
    assert (game.status, game.scores) == ("finished", [7, -3])

    assert table(season) == [
        (1, "Ann", 1, 1, 1, game.scores[0], game.scores[0], True),
        (2, "Bob", 1, 1, 0, game.scores[1], game.scores[1], True),
    ]
    dropping = make_season(club, DEC[3], name="Drop", scoring="points", drop_worst=2)
    assert [line[6] for line in table(dropping)] == [0, 0]


def test_a_progressive_season_counts_each_nights_progressive_tally(
    club: Club, django_assert_max_num_queries: Any
) -> None:
    """A progressive night of 8 on 3 December, its tables on paper (each counts
    as a game of its players, won by the higher side, their side's score as
    points): each player's night counts their tally; a player of club games
    only that night counts 0, ranked by wins then points."""
    season = make_season(club, DEC[3], scoring="progressive")
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal"]
    night = create.tournament_create(
        club=club,
        name="Progressive",
        format="progressive",
        variant="auction",
        settings={"rounds": 1, "hands_per_round": 4},
        entrants=[create.EntrantInput(players=[n]) for n in names],
    )
    Tournament.objects.filter(pk=night.pk).update(created_at=at(DEC[3]))
    first, second = night.matches.order_by("number")
    # Table 1: Ann & Cy 9, Bob & Di 5; table 2: Eve & Gus 2, Finn & Hal 7.
    night_services.table_result_enter(
        tournament_id=night.pk, match_id=first.pk, scores=[9, 5]
    )
    night_services.table_result_enter(
        tournament_id=night.pk, match_id=second.pk, scores=[2, 7]
    )
    played(club, DEC[3], "Zed", "Yul", 2)
    with django_assert_max_num_queries(8):
        lines = table(season)
    assert lines == [
        (1, "Ann", 1, 1, 1, 9, 9, True),
        (2, "Cy", 1, 1, 1, 9, 9, True),
        (3, "Finn", 1, 1, 1, 7, 7, True),
        (4, "Hal", 1, 1, 1, 7, 7, True),
        (5, "Bob", 1, 1, 0, 5, 5, True),
        (6, "Di", 1, 1, 0, 5, 5, True),
        (7, "Eve", 1, 1, 0, 2, 2, True),
        (8, "Gus", 1, 1, 0, 2, 2, True),
        (9, "Zed", 1, 1, 1, 6, 0, True),
        (10, "Yul", 1, 1, 0, 2, 0, True),
    ]


def test_only_a_game_started_with_links_tells_the_hook(club: Club) -> None:
    """Scoring dispatches GameLinked inside the game's start, and only when the
    creator gave links: the listeners of every event hear nothing new otherwise."""
    season = make_season(club, DEC[3])
    night = season.nights.get()
    seen: list[hooks.GameEvent] = []
    with hooks.listening(seen.append, name="tests.seen"):
        plain = start(club, ["Ann", "Bob"])
        linked = start(club, ["Ann", "Bob"], night=night.pk)
    [event] = seen
    assert isinstance(event, hooks.GameLinked)
    assert (event.game.pk, dict(event.links)) == (linked.pk, {"night": night.pk})
    assert not NightGame.objects.filter(game=plain).exists()

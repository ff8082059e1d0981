"""The club leaderboard per season (`?season=id`, docs/ratings.md): the figures of a
season's games counted by hand against those of all games (two seasons, games
outside both), the rating still the overall one, the choice of seasons and the
links between the season's page and its leaderboard, who may see it, the season
values refused, and a number of queries that does not grow with the club.

Scoring knows no seasons: the tournaments register them as the statistics scope
"season" with the club's choices (tournaments/apps.py); one test supplies its own
scope to check the leaderboard reads only through it."""

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.utils import timezone

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from scoring.games import scopes, services
from scoring.models import Game, Rating
from scoring.stats import sums
from scoring.stats.leaderboard import Leaderboard, club_leaderboard, club_seasons
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.scoring.stats.test_ratings import hand, start, sweep
from tournaments.models import Season
from tournaments.seasons import services as seasons

pytestmark = pytest.mark.django_db


def day(month: int, date: int) -> datetime.date:
    return datetime.date(2026, month, date)


def on(game: Game, when: datetime.date) -> Game:
    """The game as if started on `when` (18:00 UTC: that day in the site's zone)."""
    started = datetime.datetime(*when.timetuple()[:3], 18, tzinfo=datetime.UTC)
    Game.objects.filter(pk=game.pk).update(created_at=started)
    return game


def played(
    club: Club, when: datetime.date, winner: str, loser: str, *, set_first: bool = False
) -> Game:
    """`winner` (seat 0) beats `loser` on `when`, pitching 4 and sweeping twice;
    with `set_first`, `loser` first pitches 2 and is set (`winner` takes high and
    low)."""
    game = on(start(club, [winner, loser]), when)
    if set_first:
        hand(game, 1, 2, {"high": 0, "low": 0, "jack": None, "game": None})
    hand(game, 0, 4, sweep(0))
    game = hand(game, 0, 4, sweep(0))
    assert (game.status, game.winner) == ("finished", 0)
    return game


def make_season(
    club: Club, name: str, first: datetime.date, last: datetime.date, *nights: Any
) -> Season:
    season = seasons.season_create(
        club=club, name=name, starts=first, ends=last, variant="auction", scoring="wins"
    )
    for night in nights:
        seasons.night_add(season=season, date=night)
    return season


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    return club_create(name="Tuesday Pitch", by=keeper)


@pytest.fixture
def year(club: Club) -> dict[str, Season]:
    """Two seasons and games outside both, counted by hand (Ann, Bob, Cy, Di):

    Autumn 2026 (nights 6 and 13 October):
      A1  6 Oct: Ann beats Bob (Ann pitches 4 twice, makes both).
      A2 13 Oct: Bob beats Ann; Ann first pitches 2 and is set (Bob 2 of 2).
    Winter 2026 (nights 1 and 8 December):
      W1  1 Dec: Ann beats Cy (Ann 2 of 2).
      W2  8 Dec: Cy beats Ann; Ann first pitches 2 and is set (Cy 2 of 2).
      W3  8 Dec: Ann beats Bob (Ann 2 of 2).
      W4  8 Dec: Cy and Di, in progress: Di pitched 2 and made it.
      W5  8 Dec: Ann and Bob, abandoned: Bob pitched 2 and made it (never counts).
    Outside both (not on a night):
      O1  3 Nov: Bob beats Cy (Bob 2 of 2).
      O2  2 Dec: Ann beats Di (Ann 2 of 2).

    Winter: Ann 3 games, 2 won, 4 made of 5 pitched; Cy 2 games, 1 won, 2 of 2;
            Bob 1 game, 0 won, none pitched; Di no finished game (not listed).
    Autumn: Ann 2 games, 1 won, 2 of 3; Bob 2 games, 1 won, 2 of 2.
    All:    Ann 6 games, 4 won, 8 of 10; Bob 4, 2 won, 4 of 4; Cy 3, 1 won, 2 of 2;
            Di 1, 0 won, 1 of 1."""
    autumn = make_season(
        club, "Autumn 2026", day(10, 1), day(11, 30), day(10, 6), day(10, 13)
    )
    winter = make_season(
        club, "Winter 2026", day(12, 1), day(12, 31), day(12, 1), day(12, 8)
    )
    played(club, day(10, 6), "Ann", "Bob")
    played(club, day(10, 13), "Bob", "Ann", set_first=True)
    played(club, day(12, 1), "Ann", "Cy")
    played(club, day(12, 8), "Cy", "Ann", set_first=True)
    played(club, day(12, 8), "Ann", "Bob")
    running = on(start(club, ["Cy", "Di"]), day(12, 8))
    hand(running, 1, 2, {"high": 1, "low": 1, "jack": None, "game": None})
    abandoned = on(start(club, ["Ann", "Bob"]), day(12, 8))
    hand(abandoned, 1, 2, {"high": 1, "low": 1, "jack": None, "game": None})
    services.game_abandon(game_id=abandoned.pk, by=None)
    played(club, day(11, 3), "Bob", "Cy")
    played(club, day(12, 2), "Ann", "Di")
    return {"autumn": autumn, "winter": winter}


def figures(board: Leaderboard) -> dict[str, tuple[int, int, int, int]]:
    """name: (games, won, pitched, made), ranked and below alike."""
    return {
        s.player.name: (s.games, s.won, s.pitched, s.made)
        for s in [*board.ranked, *board.below]
    }


def season_board(club: Club, season: Season, **kwargs: Any) -> Leaderboard:
    chosen = club_seasons(club=club, value=str(season.pk), user=None)
    return club_leaderboard(club=club, user=None, games=chosen.games, **kwargs)


def test_a_seasons_figures_count_its_games_only(
    club: Club, year: dict[str, Season]
) -> None:
    winter = season_board(club, year["winter"])
    autumn = season_board(club, year["autumn"], min_games=1)
    everything = club_leaderboard(club=club, user=None)

    assert figures(winter) == {
        "Ann": (3, 2, 5, 4),
        "Cy": (2, 1, 2, 2),
        "Bob": (1, 0, 0, 0),
    }
    assert [s.player.name for s in winter.ranked] == ["Ann"]
    assert [s.player.name for s in winter.below] == ["Cy", "Bob"]
    # Di (no finished game this winter) and the organiser's own roster entry.
    assert winter.unplayed == 2
    assert figures(autumn) == {"Ann": (2, 1, 3, 2), "Bob": (2, 1, 2, 2)}
    assert figures(everything) == {
        "Ann": (6, 4, 10, 8),
        "Bob": (4, 2, 4, 4),
        "Cy": (3, 1, 2, 2),
        "Di": (1, 0, 1, 1),
    }
    # The rating is the overall one, the same whatever the season.
    ratings = {s.player.name: s.rating for s in autumn.ranked}
    overall = Rating.objects.get(player__name="Ann")
    assert ratings["Ann"].ordinal == overall.ordinal
    assert ratings["Ann"].games == 6
    assert [s.player.name for s in autumn.ranked] == sorted(
        ratings, key=lambda name: -ratings[name].ordinal
    )


def test_the_page_shows_the_seasons_figures_and_says_what_the_rating_counts(
    club: Club, year: dict[str, Season]
) -> None:
    winter = year["winter"]
    url = f"/clubs/{club.slug}/leaderboard/"

    response = Client().get(f"{url}?season={winter.pk}")

    assert response.status_code == 200
    body = response.content.decode()
    assert "<title>Leaderboard · Winter 2026 · Tuesday Pitch" in body
    assert "Rating: all games; figures: Winter 2026." in body
    ranked, below = body.split("Fewer than 3 finished games in Winter 2026")
    assert ">Ann<" in ranked
    for figure in ("67%", "2 of 3", "80%", "4 of 5"):
        assert figure in ranked
    assert below.index(">Cy<") < below.index(">Bob<")
    assert ">Di<" not in body
    assert "2 players of the roster have not finished a game in Winter 2026." in body
    # The way back to the season's page, and the minimum kept to the season.
    assert f'href="/seasons/{winter.pk}/"' in body
    assert f'<input type="hidden" name="season" value="{winter.pk}">' in body


def test_a_seasons_names_lead_to_the_players_figures_of_that_season(
    club: Club, year: dict[str, Season]
) -> None:
    winter = year["winter"]
    url = f"/clubs/{club.slug}/leaderboard/"
    ann = club.players.get(name="Ann")

    seasonal = Client().get(f"{url}?season={winter.pk}").content.decode()
    every = Client().get(url).content.decode()

    assert f'href="/players/{ann.pk}/?season={winter.pk}"' in seasonal
    assert f'href="/players/{ann.pk}/"' not in seasonal
    assert f'href="/players/{ann.pk}/"' in every


def test_the_choice_lists_the_clubs_seasons_newest_first(
    club: Club, year: dict[str, Season]
) -> None:
    autumn, winter = year["autumn"], year["winter"]
    url = f"/clubs/{club.slug}/leaderboard/"

    every = Client().get(url).content.decode()
    chosen = Client().get(f"{url}?season={autumn.pk}&min=1").content.decode()

    def links(body: str) -> list[str]:
        row = body[body.index('<nav class="season-choice"') :]
        return row[: row.index("</nav>")].split("<a ")[1:]

    assert [link[link.index(">") + 1 : link.index("<")] for link in links(every)] == [
        "All games",
        "Winter 2026",
        "Autumn 2026",
    ]
    assert 'aria-current="page"' in links(every)[0]
    assert all("aria-current" not in link for link in links(every)[1:])
    # A season shown: it is marked, and every link keeps the minimum asked for.
    marked = [link for link in links(chosen) if "aria-current" in link]
    assert len(marked) == 1
    assert "Autumn 2026" in marked[0]
    assert f'href="{url}?min=1"' in links(chosen)[0]
    assert f'href="{url}?season={winter.pk}&amp;min=1"' in links(chosen)[1]
    # A club without seasons shows no choice.
    other = club_create(name="Quiet Club", by=UserFactory())
    quiet = Client().get(f"/clubs/{other.slug}/leaderboard/").content.decode()
    assert "season-choice" not in quiet


def test_the_season_page_leads_to_its_leaderboard(
    club: Club, year: dict[str, Season]
) -> None:
    winter = year["winter"]

    body = Client().get(f"/seasons/{winter.pk}/").content.decode()

    link = f'href="/clubs/{club.slug}/leaderboard/?season={winter.pk}"'
    assert link in body
    assert (
        body[body.index(link) :]
        .split("</a>")[0]
        .endswith("Leaderboard for this season")
    )


@pytest.mark.parametrize(
    "value",
    ["abc", "0", "99999999", "-1", "1.5", "x" * 200, "other"],
)
def test_a_season_that_is_not_the_clubs_is_a_404_naming_it(
    club: Club, year: dict[str, Season], value: str
) -> None:
    rival = club_create(name="Rival Club", by=UserFactory())
    elsewhere = make_season(rival, "Rival 2026", day(12, 1), day(12, 31), day(12, 1))
    start(rival, ["Zed", "Yan"])
    if value == "other":
        value = str(elsewhere.pk)

    response = Client().get(f"/clubs/{club.slug}/leaderboard/", {"season": value})

    assert response.status_code == 404
    body = response.content.decode()
    shown = value if len(value) <= 30 else f"{value[:29]}…"
    assert (
        f"Tuesday Pitch has no season “{shown}”: choose one of its seasons below, "
        "or all games." in body
    )
    assert 'role="alert"' in body
    # Never another club's figures: the club's own, all games, to choose from.
    assert "Rival" not in body
    assert ">Zed<" not in body
    assert "Winter 2026" in body
    assert ">Ann<" in body


def test_a_club_without_seasons_says_so(club: Club) -> None:
    response = Client().get(f"/clubs/{club.slug}/leaderboard/?season=1")

    assert response.status_code == 404
    assert (
        "Tuesday Pitch has no seasons yet: the leaderboard counts all its games."
        in response.content.decode()
    )


def test_an_empty_season_value_is_all_games(
    club: Club, year: dict[str, Season]
) -> None:
    response = Client().get(f"/clubs/{club.slug}/leaderboard/?season=")

    assert response.status_code == 200
    assert "Rating: all games; figures" not in response.content.decode()


def test_a_private_clubs_season_leaderboard_does_not_exist_for_outsiders(
    club: Club, keeper: AbstractUser, year: dict[str, Season]
) -> None:
    club.is_private = True
    club.save()
    member = UserFactory()
    invite = invite_create(club=club, by=keeper, role=Role.MEMBER)
    invite_accept(code=invite.code, user=member)
    url = f"/clubs/{club.slug}/leaderboard/?season={year['winter'].pk}"

    for outsider in (Client(), signed_in(UserFactory())):
        response = outsider.get(url)
        assert response.status_code == 404
        assert "Winter 2026" not in response.content.decode()
    answer = signed_in(member).get(url)
    assert answer.status_code == 200
    assert "Rating: all games; figures: Winter 2026." in answer.content.decode()


def _club_with_season(size: int) -> tuple[Club, Season]:
    """A club whose `size` players each finished a game (in pairs) on tonight's
    night of its season, and one game outside it."""
    club = club_create(name=f"Club of {size}", by=UserFactory())
    today = timezone.localdate()
    season = make_season(
        club,
        "This season",
        today - datetime.timedelta(days=3),
        today + datetime.timedelta(days=3),
        today,
    )
    for index in range(0, size, 2):
        game = start(club, [f"P{index}", f"P{index + 1}"])
        hand(game, 0, 4, sweep(0))
        hand(game, 0, 4, sweep(0))
    played(club, today - datetime.timedelta(days=1), "P0", "P1")
    return club, season


def test_a_seasons_page_takes_as_many_queries_for_30_players_as_for_4(
    django_assert_num_queries: Any,
) -> None:
    client = Client()
    # The zone the days' sums are kept in is read once a process (one query the
    # first time): read here, so that the count does not hang on the tests' order.
    sums.days_in_site_zone(connection)
    for size in (4, 30):
        club, season = _club_with_season(size)
        # The club, its seasons, the season, its nights' days, the games linked
        # to a night or played in a tournament near them (none here: then none
        # is counted apart: tournaments.seasons.selectors.season_night_days),
        # then the roster with ratings and the season's days' sums.
        with django_assert_num_queries(7):
            response = client.get(
                f"/clubs/{club.slug}/leaderboard/?season={season.pk}&min=1"
            )
        assert response.status_code == 200
        board = season_board(club, season, min_games=1)
        assert len(board.ranked) == size
        assert figures(board)["P0"] == (1, 1, 2, 2)


def test_the_leaderboard_reads_seasons_only_through_the_registry(
    club: Club, year: dict[str, Season]
) -> None:
    """Any app's scope will do: here "seasons" that are date ranges."""

    def choices(of: Club) -> list[scopes.ScopeChoice]:
        return [scopes.ScopeChoice("dec", "December", "/december/")]

    def resolver(value: str, user: Any) -> scopes.DateRange:
        return scopes.DateRange(day(12, 1), day(12, 31))

    with scopes.scoped("season", resolver, label="Month", club_choices=choices):
        response = Client().get(f"/clubs/{club.slug}/leaderboard/?season=dec&min=1")
        unknown = Client().get(f"/clubs/{club.slug}/leaderboard/?season=nov")

    assert response.status_code == 200
    body = response.content.decode()
    assert "Rating: all games; figures: December." in body
    assert 'href="/december/"' in body
    # December's games, nights or not (W1 to W3 and O2): Ann 4 games, 3 won.
    assert "3 of 4" in body
    assert unknown.status_code == 404
    # Said with the word "season" in every language (a scope's label is not a
    # word that can sit in a translated sentence).
    assert "Tuesday Pitch has no season “nov”" in unknown.content.decode()


def test_a_season_without_nights_counts_nobody(
    club: Club, year: dict[str, Season]
) -> None:
    """Found by a change: its days' sums are read with a statement of their own,
    which the ORM refuses to write for "any of no days" (EmptyResultSet)."""
    empty = make_season(club, "Spring 2027", day(3, 1), day(5, 31))

    board = season_board(club, empty)

    assert figures(board) == {}
    answer = Client().get(f"/clubs/{club.slug}/leaderboard/?season={empty.pk}")
    assert answer.status_code == 200

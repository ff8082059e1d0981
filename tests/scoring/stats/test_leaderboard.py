"""The club leaderboard (scoring/stats/leaderboard.py, its page and the club page's
panel): figures counted by hand on small games, the minimum of games, who may see it,
and a number of queries that does not grow with the club."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from scoring.games import services
from scoring.models import Rating
from scoring.stats.leaderboard import Leaderboard, club_leaderboard
from tests.factories import UserFactory
from tests.helpers import signed_in
from tests.scoring.stats.test_ratings import hand, start, sweep, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    return club_create(name="Tuesday Pitch", by=keeper)


@pytest.fixture
def evening(club: Club) -> Club:
    """Six games, counted by hand (target 7, only the pitcher goes out):

    1. Ann beats Bob: Ann pitches 4 twice and makes both.
    2. Bob beats Ann: Bob pitches 4 twice and makes both.
    3. Ann, Bob, Cy: Cy pitches 3 and is set (1 point); Ann pitches 4, makes it, wins.
    4. Bob and Cy, abandoned: Bob pitched 2 and made it (not counted).
    5. Cy and Di, in progress: Cy pitched 2 and made it (counted: hands count as far
       as a game went).
    6. Di beats Cy: Di pitches 4 twice and makes both.
    Eve is on the roster and has played nothing.

    Ann: 3 games, 2 won, 3 pitched, 3 made.   Bob: 3 games, 1 won, 2 of 2.
    Cy: 2 games, 0 won, 1 made of 2 pitched.   Di: 1 game, 1 won, 2 of 2."""
    win(club, ["Ann", "Bob"], seat=0)
    win(club, ["Ann", "Bob"], seat=1)
    third = start(club, ["Ann", "Bob", "Cy"])
    hand(third, 2, 3, {"high": 2, "low": 0, "jack": 0, "game": 0})
    third = hand(third, 0, 4, sweep(0))
    assert (third.winner, third.scores) == (0, [7, 0, -3])
    abandoned = start(club, ["Bob", "Cy"])
    hand(abandoned, 0, 2, {"high": 0, "low": 0})
    services.game_abandon(game_id=abandoned.pk, by=None)
    running = start(club, ["Cy", "Di"])
    hand(running, 0, 2, {"high": 0, "low": 0})
    win(club, ["Cy", "Di"], seat=1)
    guest_add(club=club, name="Eve")
    return club


def lines(board: Leaderboard, part: str) -> list[tuple[Any, ...]]:
    return [
        (s.rank, s.player.name, s.games, s.won, s.pitched, s.made)
        for s in getattr(board, part)
    ]


def test_the_figures_are_those_counted_by_hand(evening: Club) -> None:
    board = club_leaderboard(club=evening, user=None)

    assert board.min_games == 3
    assert lines(board, "ranked") == [
        (1, "Ann", 3, 2, 3, 3),
        (2, "Bob", 3, 1, 2, 2),
    ]
    assert lines(board, "below") == [
        (None, "Cy", 2, 0, 2, 1),
        (None, "Di", 1, 1, 2, 2),
    ]
    # Eve and the organiser's own roster entry.
    assert board.unplayed == evening.players.count() - 4 == 2
    ann, bob = board.ranked
    rated = Rating.objects.get(player__name="Ann")
    assert ann.rating == (rated.mu, rated.sigma, rated.ordinal, rated.games)
    assert ann.rating.ordinal > bob.rating.ordinal
    assert (ann.win_percent, ann.bid_percent) == (67, 100)
    assert (bob.win_rate, bob.bid_success) == (pytest.approx(1 / 3), 1.0)
    cy = board.below[0]
    assert (cy.win_percent, cy.bid_percent) == (0, 50)


def test_a_lower_minimum_ranks_everyone_who_finished_a_game(evening: Club) -> None:
    board = club_leaderboard(club=evening, user=None, min_games=1)

    ranked = {s.player.name: s for s in board.ranked}
    assert set(ranked) == {"Ann", "Bob", "Cy", "Di"}
    assert board.below == []
    ordinals = [s.rating.ordinal for s in board.ranked]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [s.rank for s in board.ranked] == [1, 2, 3, 4]


def test_the_page_shows_the_ranked_and_apart_those_below(evening: Club) -> None:
    response = Client().get(f"/clubs/{evening.slug}/leaderboard/")

    assert response.status_code == 200
    body = response.content.decode()
    ranked, below = body.split("Fewer than 3 finished games")
    assert ranked.index(">Ann<") < ranked.index(">Bob<")
    for figure in ("67%", "2 of 3", "3 of 3", "1 of 3", "2 of 2"):
        assert figure in ranked
    for name in (">Cy<", ">Di<"):
        assert name in below
        assert name not in ranked
    assert "1 of 2" in below
    assert "2 players of the roster have not finished a game yet." in body
    assert 'title="Ann"' in body
    ann = Rating.objects.get(player__name="Ann")
    assert f">{round(ann.ordinal, 2):.2f}<span" in ranked
    assert f'title="mu {ann.mu:.2f}, sigma {ann.sigma:.2f}"' in ranked


def test_min_in_the_address_changes_the_minimum(evening: Club) -> None:
    response = Client().get(f"/clubs/{evening.slug}/leaderboard/?min=1")

    body = response.content.decode()
    assert response.status_code == 200
    assert "Fewer than" not in body
    assert 'value="1"' in body
    assert ">Di<" in body


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "Minimum games must be a whole number from 1 to 1000, such as 3."),
        ("0", "Minimum games must be at least 1."),
        ("1001", "Minimum games can be at most 1000."),
    ],
)
def test_a_wrong_minimum_is_named_and_the_default_is_shown(
    evening: Club, value: str, message: str
) -> None:
    response = Client().get(f"/clubs/{evening.slug}/leaderboard/?min={value}")

    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    assert 'aria-invalid="true"' in body
    assert "Fewer than 3 finished games" in body


def test_a_private_clubs_leaderboard_does_not_exist_for_outsiders(
    club: Club, keeper: AbstractUser
) -> None:
    club.is_private = True
    club.save()
    win(club, ["Ann", "Bob"], seat=0)
    member = UserFactory()
    invite = invite_create(club=club, by=keeper, role=Role.MEMBER)
    invite_accept(code=invite.code, user=member)
    url = f"/clubs/{club.slug}/leaderboard/?min=1"

    assert Client().get(url).status_code == 404
    assert signed_in(UserFactory()).get(url).status_code == 404
    assert signed_in(member).get(url).status_code == 200
    assert ">Ann<" in signed_in(keeper).get(url).content.decode()
    assert Client().get("/clubs/no-such-club/leaderboard/").status_code == 404
    assert Client().get(f"/clubs/{club.slug}/", follow=True).status_code == 404


def test_the_club_page_shows_the_first_few_and_links_the_leaderboard(
    evening: Club,
) -> None:
    response = Client().get(f"/clubs/{evening.slug}/")

    body = response.content.decode()
    panel = body[body.index('id="leaders-h"') :]
    panel = panel[: panel.index("</section>")]
    assert panel.index(">Ann<") < panel.index(">Bob<")
    assert ">Cy<" not in panel
    assert f'href="/clubs/{evening.slug}/leaderboard/"' in panel


def test_an_empty_leaderboard_says_so(club: Club) -> None:
    body = Client().get(f"/clubs/{club.slug}/leaderboard/").content.decode()

    assert "Nobody has finished 3 games yet." in body
    assert "1 player of the roster has not finished a game yet." in body
    panel = Client().get(f"/clubs/{club.slug}/").content.decode()
    assert "Nobody has finished 3 games yet" in panel


def _club_of(size: int) -> Club:
    """A club whose `size` players each finished a game (in pairs)."""
    keeper = UserFactory()
    club = club_create(name=f"Club of {size}", by=keeper)
    for index in range(0, size, 2):
        win(club, [f"P{index}", f"P{index + 1}"], seat=index % 4 // 2)
    return club


def test_the_page_takes_as_many_queries_for_30_players_as_for_3(
    django_assert_num_queries: Any,
) -> None:
    small, large = _club_of(4), _club_of(30)
    client = Client()
    counts = []
    for club in (small, large):
        # The club, its seasons, then the roster with ratings, the monthly sums.
        with django_assert_num_queries(4) as captured:
            response = client.get(f"/clubs/{club.slug}/leaderboard/?min=1")
        assert response.status_code == 200
        counts.append(len(captured.captured_queries))
    assert len(club_leaderboard(club=large, user=None, min_games=1).ranked) >= 30
    assert counts[0] == counts[1]


def test_the_club_pages_panel_takes_two_queries_whatever_the_size(
    django_assert_num_queries: Any,
) -> None:
    small, large = _club_of(4), _club_of(30)
    for club in (small, large):
        # The roster with ratings, the monthly sums.
        with django_assert_num_queries(2):
            board = club_leaderboard(club=club, user=None, min_games=1)
        assert len(board.ranked) == club.players.count() - 1


def test_the_page_says_why_the_order_and_shows_won_lost_beside_the_rating(
    evening: Club,
) -> None:
    """Issue 23: Bob (1 of 3 won) read above Ann (2 of 3) looks wrong without the
    won and lost beside the rating and a line saying what the rating weighs."""
    body = Client().get(f"/clubs/{evening.slug}/leaderboard/").content.decode()

    heading = body.index('id="board-h"')
    reason = body.index("Ranked by skill rating, which weighs whom you beat")
    assert heading < reason < body.index('class="board"')
    assert "not only how often" in body
    ranked = body[body.index('class="board"') : body.index("Fewer than 3")]
    rows = ranked.split("<tr>")[2:]
    for name, won, lost in (("Ann", 2, 1), ("Bob", 1, 2)):
        (row,) = [r for r in rows if f">{name}<" in r]
        rating = row[row.index('class="rating"') : row.index("</td>")]
        assert f"{won}\N{EN DASH}{lost}" in rating
        assert f"{won} won, {lost} lost" in rating
    # The explanation is on the page (docs/ratings.md's words), not a repo link.
    main = body[body.index("<main") :]
    details = main[main.index("<details") : main.index("</details>")]
    assert "How the rating works" in details
    assert "Every finished game rates its players once" in details
    assert "the skill estimate less three times its uncertainty" in details
    assert "ratings.md" not in body

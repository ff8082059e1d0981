"""Ratings (scoring/stats/skill.py, listeners.py, recompute.py, ratings.py;
docs/ratings.md): OpenSkill's Plackett-Luce model, updated through the game hook in
the transaction that finishes a game, rated again from a changed game on, and the
same from scratch (`ratings_recompute`)."""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.management import call_command
from django.utils import timezone
from openskill.models import PlackettLuce

from pitchclub.models import Club, Player
from pitchclub.services.clubs import club_create
from pitchclub.services.players import players_merge
from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game, Rating, RatingChange, Status
from scoring.stats import ratings
from scoring.stats.skill import side_places
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ALL = ("high", "low", "jack", "game")


# --- Building games ------------------------------------------------------------------


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory()


@pytest.fixture
def club(keeper: AbstractUser) -> Club:
    return club_create(name="Tuesday Pitch", by=keeper)


def start(
    club: Club, names: Sequence[str], *, partnership: bool = False, **options: Any
) -> Game:
    keeper = club.memberships.get().user
    return services.game_start(
        variant="auction",
        players=list(names),
        partnership=partnership or None,
        options=options or None,
        club=club,
        created_by=keeper,
    )


def hand(game: Game, pitcher: int, bid: int, awards: dict[str, int | None]) -> Game:
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(pitcher=pitcher, bid=bid, awards=awards),
    )
    game.refresh_from_db()
    return game


def sweep(seat: int) -> dict[str, int]:
    return dict.fromkeys(ALL, seat)


def win(club: Club, names: Sequence[str], seat: int, **kwargs: Any) -> Game:
    """A game (to 7) that seat `seat` wins by bidding 4 and taking every point
    twice; the other sides end on 0."""
    game = start(club, names, **kwargs)
    hand(game, seat, 4, sweep(seat))
    game = hand(game, seat, 4, sweep(seat))
    assert game.status == Status.FINISHED
    return game


def player(club: Club, name: str) -> Player:
    return club.players.get(name=name)


def skill(club: Club, name: str) -> Rating:
    return Rating.objects.get(player=player(club, name))


def snapshot() -> dict[str, Any]:
    """Every rating and every change, as stored."""
    return {
        "ratings": sorted(
            Rating.objects.values_list("player_id", "mu", "sigma", "ordinal", "games")
        ),
        "changes": sorted(
            RatingChange.objects.values_list(
                "player_id",
                "game_id",
                "finished_at",
                "side",
                "rank",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
                "ordinal_after",
            )
        ),
    }


def recomputed() -> dict[str, Any]:
    call_command("ratings_recompute", stdout=mock.Mock())
    return snapshot()


# --- Places ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "winner", "places"),
    [
        ([8, 0], 0, [1, 2]),
        ([3, 7], 1, [2, 1]),
        ([8, 3, 1, 0], 0, [1, 2, 3, 4]),
        # Equal scores share a place; the next place is after them all.
        ([8, 3, 3, 0], 0, [1, 2, 2, 4]),
        # The winner is first even with fewer points (only the pitcher goes out).
        ([7, 9, 2], 0, [1, 2, 3]),
        # ... and alone first when another side has as many.
        ([2, 7, 7, 7], 2, [4, 2, 1, 2]),
        ([5, 5, 5, 5, 5, 5, 5], 6, [2, 2, 2, 2, 2, 2, 1]),
    ],
)
def test_sides_are_placed_winner_first_then_by_final_score(
    scores: list[int], winner: int, places: list[int]
) -> None:
    assert side_places(scores, winner) == places


def test_a_winner_that_is_no_side_is_a_bug() -> None:
    with pytest.raises(ValueError, match="winner 2 is not one of 2 sides"):
        side_places([7, 1], 2)


# --- Direction -------------------------------------------------------------------


def test_the_winners_rating_rises_and_the_losers_falls(club: Club) -> None:
    win(club, ["Ann", "Bob"], seat=0, target=7)

    ann, bob = skill(club, "Ann"), skill(club, "Bob")
    assert ann.ordinal > 0 > bob.ordinal  # both started at 25 - 3 * 25/3 = 0
    assert ann.mu > 25 > bob.mu
    assert ann.games == bob.games == 1
    assert ann.ordinal == pytest.approx(ann.mu - 3 * ann.sigma)


def test_partners_share_the_result(club: Club) -> None:
    # Seats 0 and 2 (Ann, Cy) are one team; seat 1 (Bob) wins for Bob and Di.
    win(club, ["Ann", "Bob", "Cy", "Di"], seat=1, partnership=True)

    ann, bob, cy, di = (skill(club, name) for name in ("Ann", "Bob", "Cy", "Di"))
    assert (bob.mu, bob.sigma) == (di.mu, di.sigma)
    assert (ann.mu, ann.sigma) == (cy.mu, cy.sigma)
    assert bob.ordinal > 0 > ann.ordinal
    changes = RatingChange.objects.order_by("player_id")
    assert {(c.player.name, c.side, c.rank) for c in changes} == {
        ("Ann", 0, 2),
        ("Bob", 1, 1),
        ("Cy", 0, 2),
        ("Di", 1, 1),
    }


def test_the_model_is_openskills_plackett_luce_with_its_defaults(club: Club) -> None:
    win(club, ["Ann", "Bob", "Cy", "Di"], seat=1, partnership=True)

    model = PlackettLuce()
    [[a, c], [b, d]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]],
        ranks=[2, 1],
    )
    assert (skill(club, "Ann").mu, skill(club, "Cy").mu) == (a.mu, c.mu)
    assert (skill(club, "Bob").sigma, skill(club, "Di").sigma) == (b.sigma, d.sigma)


def test_a_solo_game_places_the_others_by_final_score(club: Club) -> None:
    game = start(club, ["Ann", "Bob", "Cy", "Di"])
    hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 2})
    hand(game, 0, 4, sweep(0))
    game = hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 1})
    assert game.scores == [8, 3, 1, 0]

    changes = {c.player.name: c for c in RatingChange.objects.select_related("player")}
    assert [changes[n].rank for n in ("Ann", "Bob", "Cy", "Di")] == [1, 2, 3, 4]
    mus = [changes[n].mu_after for n in ("Ann", "Bob", "Cy", "Di")]
    assert mus == sorted(mus, reverse=True)
    assert len(set(mus)) == 4
    assert changes["Ann"].ordinal_after > 0 > changes["Di"].ordinal_after


def test_solo_sides_with_the_same_score_share_a_place(club: Club) -> None:
    win(club, ["Ann", "Bob", "Cy"], seat=2)

    changes = {c.player.name: c for c in RatingChange.objects.select_related("player")}
    assert [changes[n].rank for n in ("Ann", "Bob", "Cy")] == [2, 2, 1]
    assert changes["Ann"].mu_after == changes["Bob"].mu_after


def test_nobody_is_rated_before_a_game_finishes(club: Club) -> None:
    game = start(club, ["Ann", "Bob"])
    hand(game, 0, 4, sweep(0))

    assert ratings.player_rating(player(club, "Ann")) is None
    assert ratings.rating_history(player(club, "Ann")) == []
    assert not Rating.objects.exists()


def test_player_rating_and_history_as_the_stats_show_them(club: Club) -> None:
    first = win(club, ["Ann", "Bob"], seat=0)
    second = win(club, ["Ann", "Bob"], seat=1)
    ann = player(club, "Ann")

    rating = ratings.player_rating(ann)
    row = Rating.objects.get(player=ann)
    assert rating == {
        "mu": round(row.mu, 2),
        "sigma": round(row.sigma, 2),
        "ordinal": round(row.ordinal, 2),
        "games": 2,
    }
    assert ratings.player_rating(ann.pk) == rating
    history = ratings.rating_history(ann)
    assert [(point.finished_at, point.game_id) for point in history] == [
        (first.finished_at, first.pk),
        (second.finished_at, second.pk),
    ]
    assert history[0].ordinal > 0
    assert history[1].ordinal == rating["ordinal"]


# --- Games that do not count --------------------------------------------------------


def test_an_abandoned_game_is_not_rated(club: Club) -> None:
    game = start(club, ["Ann", "Bob"])
    hand(game, 0, 4, sweep(0))
    services.game_abandon(game_id=game.pk, by=None)

    assert not RatingChange.objects.exists()
    assert ratings.player_rating(player(club, "Ann")) is None


def test_a_finished_game_reopened_then_abandoned_is_rated_no_more(
    club: Club,
) -> None:
    game = win(club, ["Ann", "Bob"], seat=0)
    hand_services.hand_undo(game_id=game.pk, number=2)
    services.game_abandon(game_id=game.pk, by=None)

    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()
    assert recomputed() == {"ratings": [], "changes": []}


def test_a_resumed_game_is_rated_when_it_finishes(club: Club) -> None:
    game = start(club, ["Ann", "Bob"])
    hand(game, 0, 4, sweep(0))
    services.game_abandon(game_id=game.pk, by=None)
    services.game_resume(game_id=game.pk, by=None)
    hand(game, 0, 4, sweep(0))

    assert skill(club, "Ann").games == 1


# --- Corrections and undos: rated again from the game on ---------------------------


def test_correcting_the_first_game_changes_the_ratings_that_followed(
    club: Club,
) -> None:
    """A beats B; later B beats C. Corrected, the first game goes to B: B's rating
    before the second game changes, and so does C's after it."""
    first = win(club, ["A", "B"], seat=0)
    win(club, ["B", "C"], seat=0)
    c_before = skill(club, "C")

    # B took hand 1 (4 to 4: open again), then hand 2 too: B won, 8 to 0.
    for number in (1, 2):
        hand_services.hand_correct(
            game_id=first.pk,
            number=number,
            hand=engine.HandInput(pitcher=1, bid=4, awards=sweep(1)),
        )
    first.refresh_from_db()
    assert (first.status, first.winner) == (Status.FINISHED, 1)

    a, b, c = skill(club, "A"), skill(club, "B"), skill(club, "C")
    assert a.ordinal < 0 < b.ordinal
    # C lost the second game to a B rated higher now: C loses less.
    assert c.mu > c_before.mu
    assert snapshot() == recomputed()


def test_a_correction_that_gives_the_game_to_the_other_side_at_once(
    club: Club,
) -> None:
    first = start(club, ["A", "B"])
    hand(first, 1, 3, {"high": 1, "low": 1, "jack": 1, "game": 0})
    hand(first, 0, 4, sweep(0))
    first = hand(first, 0, 2, {"high": 0, "low": 0})
    assert (first.winner, first.scores) == (0, [7, 3])
    later = win(club, ["B", "C"], seat=0)
    c_before = skill(club, "C").mu

    # The last hand was B's: B bid 4 and took everything (one GameFinished).
    hand_services.hand_correct(
        game_id=first.pk,
        number=3,
        hand=engine.HandInput(pitcher=1, bid=4, awards=sweep(1)),
    )
    first.refresh_from_db()
    assert (first.winner, first.scores) == (1, [5, 7])

    ranks = dict(
        RatingChange.objects.filter(game=first).values_list("player__name", "rank")
    )
    assert ranks == {"A": 2, "B": 1}
    assert skill(club, "C").mu != c_before
    assert RatingChange.objects.filter(game=later).count() == 2
    assert snapshot() == recomputed()


def test_a_correction_that_keeps_the_places_changes_no_rating(club: Club) -> None:
    game = start(club, ["Ann", "Bob", "Cy"])
    hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 2})
    hand(game, 0, 4, sweep(0))
    game = hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 1})
    assert game.scores == [8, 3, 1]
    before = snapshot()
    ids = sorted(RatingChange.objects.values_list("id", flat=True))

    # Ann takes the Game of hand 3 instead of Bob: 9, 2, 1, the same places.
    hand_services.hand_correct(
        game_id=game.pk,
        number=3,
        hand=engine.HandInput(
            pitcher=0, bid=2, awards={"high": 0, "low": 0, "jack": 1, "game": 0}
        ),
    )
    game.refresh_from_db()
    assert (game.winner, game.scores) == (0, [9, 2, 1])
    assert snapshot() == before
    assert sorted(RatingChange.objects.values_list("id", flat=True)) == ids


def test_a_solo_correction_that_reorders_the_losers_rates_again(
    club: Club,
) -> None:
    game = start(club, ["Ann", "Bob", "Cy"])
    hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 2})
    hand(game, 0, 4, sweep(0))
    game = hand(game, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 1})
    assert game.scores == [8, 3, 1]
    later = win(club, ["Cy", "Dot"], seat=1)
    dot_before = skill(club, "Dot").mu

    # Cy took what Bob took in hand 3: now Cy has 3 and Bob 1.
    hand_services.hand_correct(
        game_id=game.pk,
        number=3,
        hand=engine.HandInput(
            pitcher=0, bid=2, awards={"high": 0, "low": 0, "jack": 2, "game": 2}
        ),
    )
    game.refresh_from_db()
    assert (game.winner, game.scores) == (0, [8, 1, 3])
    ranks = dict(
        RatingChange.objects.filter(game=game).values_list("player__name", "rank")
    )
    assert ranks == {"Ann": 1, "Bob": 3, "Cy": 2}
    # Cy was rated higher before the later game: Dot's win over Cy moves.
    assert skill(club, "Dot").mu != dot_before
    assert RatingChange.objects.filter(game=later).count() == 2
    assert snapshot() == recomputed()


def test_undoing_the_winning_hand_takes_the_games_rating_back(club: Club) -> None:
    first = win(club, ["A", "B"], seat=0)
    win(club, ["B", "C"], seat=0)

    hand_services.hand_undo(game_id=first.pk, number=2)

    assert not RatingChange.objects.filter(game=first).exists()
    assert not Rating.objects.filter(player=player(club, "A")).exists()
    assert ratings.player_rating(player(club, "A")) is None
    assert skill(club, "B").games == 1
    assert snapshot() == recomputed()


def test_a_game_finished_again_later_is_rated_in_its_new_place(club: Club) -> None:
    first = win(club, ["A", "B"], seat=0)
    win(club, ["B", "C"], seat=0)
    hand_services.hand_undo(game_id=first.pk, number=2)
    first = hand(first, 0, 4, sweep(0))

    order = list(
        RatingChange.objects.filter(player=player(club, "B")).values_list(
            "game_id", flat=True
        )
    )
    assert order[-1] == first.pk  # finished last now
    assert snapshot() == recomputed()


def test_a_game_finished_before_a_rated_one_is_put_in_its_place(club: Club) -> None:
    """Two tables end at once: the game whose finish time is earlier is rated before
    the other, whichever transaction came second."""
    early = start(club, ["A", "B"])
    hand(early, 0, 4, sweep(0))
    earlier = timezone.now() - timedelta(minutes=5)
    win(club, ["B", "C"], seat=0)
    with mock.patch("scoring.games.hands.timezone.now", return_value=earlier):
        early = hand(early, 0, 4, sweep(0))
    assert early.finished_at == earlier

    games = list(
        RatingChange.objects.filter(player=player(club, "B")).values_list(
            "game_id", flat=True
        )
    )
    assert games[0] == early.pk
    assert snapshot() == recomputed()


# --- Everything again --------------------------------------------------------------


def test_the_command_gives_what_the_incremental_updates_gave(club: Club) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus"]
    games = []
    for round_ in range(6):
        table = [names[(round_ + i) % 7] for i in range(4)]
        games.append(win(club, table, seat=round_ % 4, partnership=round_ % 2 == 0))
        games.append(win(club, [names[round_], names[(round_ + 3) % 7]], seat=1))
    solo = start(club, names[:5])
    hand(solo, 0, 2, {"high": 0, "low": 0, "jack": 1, "game": 2})
    hand(solo, 0, 4, sweep(0))
    hand(solo, 0, 2, {"high": 0, "low": 0, "jack": 3, "game": 4})
    # An undo and a correction in the middle of the history.
    hand_services.hand_undo(game_id=games[3].pk, number=2)
    hand_services.hand_correct(
        game_id=games[6].pk,
        number=1,
        hand=engine.HandInput(pitcher=0, bid=4, awards=sweep(0)),
    )
    abandoned = start(club, names[:3])
    hand(abandoned, 0, 2, {"high": 0, "low": 0})
    services.game_abandon(game_id=abandoned.pk, by=None)
    incremental = snapshot()
    assert len(incremental["changes"]) > 30

    out = mock.Mock()
    call_command("ratings_recompute", stdout=out)

    assert snapshot() == incremental
    # 13 won, one reopened by the undo and one by the correction.
    assert Game.objects.filter(status=Status.FINISHED).count() == 11
    assert "Rated 11 games" in out.write.call_args[0][0]


# --- Merged players ---------------------------------------------------------------


def test_merging_a_guest_rates_the_staying_players_games_again(
    club: Club, keeper: AbstractUser
) -> None:
    win(club, ["Ann", "Bob"], seat=0)
    win(club, ["Ann2", "Cy"], seat=0)
    win(club, ["Ann", "Cy"], seat=1)
    guest, ann = player(club, "Ann2"), player(club, "Ann")

    players_merge(club=club, player_id=guest.pk, into_id=ann.pk, by=keeper)

    assert skill(club, "Ann").games == 3
    assert not Rating.objects.filter(player_id=guest.pk).exists()
    assert snapshot() == recomputed()


def test_a_correction_reads_only_the_later_games_its_players_reach(
    club: Club, keeper: AbstractUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 7: correcting an old game re-rated from it on reading every later
    rated game of the whole site. Now only the games a chain of shared players leads
    to: A and B's old game reaches B and C's later one, not another club's games; and
    the ratings are still what a recomputation from scratch gives."""
    from scoring.stats import listeners

    other = club_create(name="Across Town", by=keeper)
    first = win(club, ["A", "B"], seat=0)
    chained = win(club, ["B", "C"], seat=0)
    apart = [win(other, ["E", "F"], seat=0) for _ in range(3)]
    read: list[set[int]] = []
    later_games = listeners._later_games

    def spy(*args: Any, **kwargs: Any) -> Any:
        games, order = later_games(*args, **kwargs)
        read.append(set(games))
        return games, order

    monkeypatch.setattr(listeners, "_later_games", spy)
    for number in (1, 2):
        hand_services.hand_correct(
            game_id=first.pk,
            number=number,
            hand=engine.HandInput(pitcher=1, bid=4, awards=sweep(1)),
        )
    assert read, "the correction re-rated nothing"
    for games in read:
        assert chained.pk in games or games <= {first.pk}
        assert not games & {game.pk for game in apart}
    assert snapshot() == recomputed()

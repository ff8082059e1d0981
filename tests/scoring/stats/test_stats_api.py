"""A player's statistics through the API (API.md, "Player statistics"): games recorded
through the API as a scorekeeper would, every figure counted by hand below.

Ann sits at seat 0 of every game (Ann, Bob, Cy, Di; the solo game of three: Ann,
Bob, Eve), outside clubs, all kept by one scorekeeper (so the names are the same
players throughout):

A  auction, solo, to 7. Dealer 0, then 1, 2, 3, 0.
   1. Ann stuck with 2 as dealer; High, Low to Ann, Jack Bob, Game Cy: made.
   2. Ann bids 3; High, Jack Ann, Low Di, Game Bob: 2 of 3, set.
   3. Ann pitches 4 and takes all four: made.
   4. Bob bids 3; High, Low, Jack Bob; Game recorded to Cy, corrected to Ann.
   5. Ann (dealer) pitches 4 and takes all four: made, 8 points, Ann wins.
   Ann: 5 hands, pitched 4 (2 made, 3 set, 4 made, 4 made), High 4, Low 3,
   Jack 3, Game 3 (after the correction): 13 points.
B  auction, partners (Ann & Cy against Bob & Di), to 5.
   1. Bob bids 2; High Ann, Low Cy, Jack to team Ann & Cy (no partner named),
      Game Di: Bob & Di set (-2), Ann & Cy +3.
   2. Ann bids 3; High, Low Ann, Game to team Ann & Cy, no Jack: made, 6, won.
   Ann: 2 hands, pitched 1 (3 made), High 2, Low 1 (the team's credits count
   for nobody): 3 points. Won with Cy.
C  13-point (Ann & Cy against Bob & Di). Ann, dealer, shoots the moon and her
   team takes all 13: won at once. Ann took Ace, Jick, High joker, Ten, Three,
   Two (8 points by value; Cy Jack, Low joker, Off-three).
D  13-point. 1. Ann shoots the moon; Bob takes the Two: 12 of 13, set back 13.
   Ann took Ace, Jack, High joker, Ten, Three (7 points).
   2. Cy bids 5; Ann Ace, Two; Cy Low joker, Three; Bob Jack, Jick, Off-three;
   Ten to team Bob & Di; no High joker: made (6). Ann 2 points.
   3. recorded, then undone. In progress: 2 hands.
E  auction, solo, abandoned after a hand Ann pitched and made: counts nowhere.
F  auction, solo, three players (Ann, Bob, Eve), to 3: Bob pitches 4 and takes
   all four: Bob wins. Ann: 1 hand, nothing taken.

Ann in all: games 5 played (A B C D F), 4 finished, 3 won (A B C); hands 5+2+1+2+1
= 11; pitched 7 (A 4, B 1, C 1, D 1), made 5, set 2; by bid: 2: 1/1, 3: 2/1,
4: 2/2, 13: 2/1.
"""

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from scoring.games import scopes, services
from scoring.models import Award, Game, Seat
from scoring.stats import figures as stats
from scoring.stats import filters
from tests.factories import UserFactory
from tests.scoring.api.helpers import GAMES, hand_url, play, start

pytestmark = pytest.mark.django_db

AUCTION_POINTS = ("high", "low", "jack", "game")
THIRTEEN_POINTS = (
    "ace",
    "jack",
    "jick",
    "high_joker",
    "low_joker",
    "ten",
    "three",
    "off_three",
    "two",
)


def stats_url(player_id: int, query: str = "") -> str:
    return f"/api/v1/players/{player_id}/stats/" + (f"?{query}" if query else "")


def all4(seat: int) -> dict[str, Any]:
    return dict.fromkeys(AUCTION_POINTS, seat)


def record_games(api: APIClient) -> dict[str, int]:
    """Games A to F of the module's docstring; returns their ids."""
    ids = {}
    four = ["Ann", "Bob", "Cy", "Di"]
    a = start(api, variant="auction", players=four)["id"]
    play(
        api,
        a,
        {
            "auction": ["pass", "pass", "pass", 2],
            "awards": {"high": 0, "low": 0, "jack": 1, "game": 2},
        },
        {
            "auction": ["pass", "pass", 3, "pass"],
            "awards": {"high": 0, "low": 3, "jack": 0, "game": 1},
        },
        {"auction": ["pass", 4], "awards": all4(0)},
        {
            "auction": [2, 3, "pass", "pass"],
            "awards": {"high": 1, "low": 1, "jack": 1, "game": 2},
        },
    )
    finished = play(api, a, {"auction": ["pass", "pass", "pass", 4], "awards": all4(0)})
    assert finished["status"] == "finished"
    assert finished["winner"] == 0
    corrected = api.put(
        hand_url(a, 4),
        {
            "auction": [2, 3, "pass", "pass"],
            "awards": {"high": 1, "low": 1, "jack": 1, "game": 0},
        },
        format="json",
    )
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["winner"] == 0
    ids["A"] = a

    b = start(
        api, variant="auction", players=four, partnership=True, options={"target": 5}
    )["id"]
    won = play(
        api,
        b,
        {
            "auction": [2, "pass", "pass", "pass"],
            "awards": {"high": 0, "low": 2, "jack": {"side": 0}, "game": 3},
        },
        {
            "auction": ["pass", "pass", 3, "pass"],
            "awards": {"high": 0, "low": 0, "jack": None, "game": {"side": 0}},
        },
    )
    assert won["scores"] == [6, -2]
    assert won["winner"] == 0
    ids["B"] = b

    moon = {
        "ace": 0,
        "jack": 2,
        "jick": 0,
        "high_joker": 0,
        "low_joker": 2,
        "ten": 0,
        "three": 0,
        "off_three": 2,
        "two": 0,
    }
    c = start(api, variant="thirteen", players=four)["id"]
    shot = play(api, c, {"auction": ["pass", "pass", "pass", 13], "awards": moon})
    assert shot["winner"] == 0
    ids["C"] = c

    d = start(api, variant="thirteen", players=four)["id"]
    failed = {
        "ace": 0,
        "jack": 0,
        "jick": 2,
        "high_joker": 0,
        "low_joker": 2,
        "ten": 0,
        "three": 0,
        "off_three": 2,
        "two": 1,
    }
    second = {
        "ace": 0,
        "jack": 1,
        "jick": 1,
        "high_joker": None,
        "low_joker": 2,
        "ten": {"side": 1},
        "three": 2,
        "off_three": 1,
        "two": 0,
    }
    after = play(
        api,
        d,
        {"auction": ["pass", "pass", "pass", 13], "awards": failed},
        {"auction": [5, "pass", "pass", "pass"], "awards": second},
        {"auction": ["pass", "pass", 6, "pass"], "awards": {**second, "ten": 0}},
    )
    assert after["hands"][0]["made"] is False
    assert after["hands"][1]["made"] is True
    assert api.delete(hand_url(d, 3)).status_code == 200
    ids["D"] = d

    e = start(api, variant="auction", players=four)["id"]
    play(api, e, {"auction": ["pass", "pass", "pass", 2], "awards": all4(0)})
    assert api.post(f"{GAMES}{e}/abandon/").status_code == 200
    ids["E"] = e

    f = start(
        api, variant="auction", players=["Ann", "Bob", "Eve"], options={"target": 3}
    )["id"]
    lost = play(api, f, {"auction": [4], "awards": all4(1)})
    assert lost["winner"] == 1
    ids["F"] = f
    return ids


@pytest.fixture
def games(api: APIClient) -> dict[str, int]:
    return record_games(api)


@pytest.fixture
def ann(games: dict[str, int]) -> Player:
    return Seat.objects.get(game_id=games["A"], number=0).player


def points(**taken: int) -> dict[str, int]:
    return {
        **dict.fromkeys(AUCTION_POINTS + THIRTEEN_POINTS, 0),
        **taken,
    }


def test_every_figure_counted_by_hand(anon_api: APIClient, ann: Player) -> None:
    # The same player in every game: the scorekeeper's regular table.
    assert Seat.objects.filter(player=ann).count() == 6

    answer = anon_api.get(stats_url(ann.pk))

    assert answer.status_code == 200, answer.json()
    figures = answer.json()
    # Her rating: from her 4 finished games (3 won), shown as mu - 3 sigma; its
    # values are tests/scoring/stats/test_ratings.py's business.
    rating = figures.pop("rating")
    assert rating["games"] == 4
    assert rating["ordinal"] == pytest.approx(
        rating["mu"] - 3 * rating["sigma"], abs=0.02
    )
    assert rating["mu"] > 25  # more won than lost: above the model's start
    assert figures == {
        "player": {"id": ann.pk, "name": "Ann"},
        "games": {"played": 5, "finished": 4, "won": 3},
        "hands": {
            "played": 11,
            "pitched": 7,
            "made": 5,
            "set": 2,
            "by_bid": {
                "2": {"pitched": 1, "made": 1},
                "3": {"pitched": 2, "made": 1},
                "4": {"pitched": 2, "made": 2},
                "13": {"pitched": 2, "made": 1},
            },
        },
        # High: A 4 + B 2; Low: A 3 + B 1; Jack: A 3 + D 1; Game: A 3 (B's was
        # the team's); Ace: C 1 + D 2; Ten: C 1 (D's second was the team's) + D 1.
        "points": points(
            high=6,
            low=4,
            jack=4,
            game=3,
            ace=3,
            jick=1,
            high_joker=2,
            low_joker=0,
            ten=2,
            three=2,
            off_three=0,
            two=2,
        ),
    }


def test_one_variant_counts_its_games_and_its_points_only(
    anon_api: APIClient, ann: Player
) -> None:
    auction = anon_api.get(stats_url(ann.pk, "variant=auction")).json()
    thirteen = anon_api.get(stats_url(ann.pk, "variant=thirteen")).json()

    # A, B, F: A and B won; 5 + 2 + 1 hands; A's four bids and B's one.
    assert auction["games"] == {"played": 3, "finished": 3, "won": 2}
    assert auction["hands"] == {
        "played": 8,
        "pitched": 5,
        "made": 4,
        "set": 1,
        "by_bid": {
            "2": {"pitched": 1, "made": 1},
            "3": {"pitched": 2, "made": 1},
            "4": {"pitched": 2, "made": 2},
        },
    }
    assert auction["points"] == {"high": 6, "low": 4, "jack": 3, "game": 3}
    # C and D: two moons, one made.
    assert thirteen["games"] == {"played": 2, "finished": 1, "won": 1}
    assert thirteen["hands"] == {
        "played": 3,
        "pitched": 2,
        "made": 1,
        "set": 1,
        "by_bid": {"13": {"pitched": 2, "made": 1}},
    }
    assert thirteen["points"] == {
        "ace": 3,
        "jack": 1,
        "jick": 1,
        "high_joker": 2,
        "low_joker": 0,
        "ten": 2,
        "three": 2,
        "off_three": 0,
        "two": 2,
    }


def test_the_other_figures_of_the_page(ann: Player, games: dict[str, int]) -> None:
    figures = stats.player_stats(
        player=ann, games=filters.stats_filter({}, None).qs, variant=None
    )

    assert figures.games.win_rate == 3 / 4
    assert figures.pitching.set_rate == 2 / 7
    # The moon: C made, D set.
    assert (figures.moon.pitched, figures.moon.made, figures.moon.set) == (2, 1, 1)
    # Points by value: A 13, B 3, C 8 (the Three counts 3), D 7 + 2, F 0.
    assert figures.points_per_hand == 33 / 11
    auction, thirteen = figures.variants
    assert (auction.variant, auction.hands, auction.points_taken) == ("auction", 8, 16)
    assert [(p.point, p.taken, p.hands) for p in auction.points] == [
        ("high", 6, 8),
        ("low", 4, 8),
        ("jack", 3, 8),
        ("game", 3, 8),
    ]
    assert [(b.bid, b.pitched, b.made, b.set) for b in auction.by_bid] == [
        (2, 1, 1, 0),
        (3, 2, 1, 1),
        (4, 2, 2, 0),
    ]
    assert (thirteen.variant, thirteen.hands, thirteen.points_taken) == (
        "thirteen",
        3,
        17,
    )
    # Cy: partners in B, C and D; won B and C.
    assert [(r.name, r.games, r.won) for r in figures.partners] == [("Cy", 3, 2)]
    # Bob beat Ann once (F) in five games; Di never, in four; Cy and Eve once met.
    assert [(r.name, r.games, r.won, r.lost) for r in figures.opponents] == [
        ("Bob", 5, 3, 1),
        ("Di", 4, 3, 0),
        ("Cy", 1, 1, 0),
        ("Eve", 1, 0, 0),
    ]
    # Newest first, the abandoned game left out; Ann's side and result in each.
    assert [(r.game.pk, r.result, r.score) for r in figures.recent] == [
        (games["F"], "lost", 0),
        (games["D"], "in_progress", -7),
        (games["C"], "won", 13),
        (games["B"], "won", 6),
        (games["A"], "won", 8),
    ]


def test_the_apis_figures_leave_out_the_people_and_the_recent_games(
    ann: Player, games: dict[str, int], django_assert_num_queries: Any
) -> None:
    every = filters.stats_filter({}, None).qs
    full = stats.player_stats(player=ann, games=every)

    # One statement for every figure, nothing for partners or recent games.
    with django_assert_num_queries(1):
        bare = stats.player_stats(player=ann, games=every, top=0, recent=0)

    assert (bare.partners, bare.opponents, bare.recent) == ([], [], [])
    assert bare.variants == full.variants
    assert (bare.games, bare.pitching, bare.points) == (
        full.games,
        full.pitching,
        full.points,
    )


def test_the_recent_games_newest_first_then_the_higher_id(
    ann: Player, games: dict[str, int]
) -> None:
    # A, B and C started at the same moment: the later game (higher id) first.
    same = datetime(2025, 3, 1, 20, tzinfo=UTC)
    Game.objects.filter(pk__in=[games["A"], games["B"], games["C"]]).update(
        created_at=same
    )
    Game.objects.filter(pk__in=[games["D"], games["F"]]).update(
        created_at=datetime(2025, 1, 1, 20, tzinfo=UTC)
    )

    figures = stats.player_stats(
        player=ann, games=filters.stats_filter({}, None).qs, recent=4
    )

    assert [r.game.pk for r in figures.recent] == [
        games["C"],
        games["B"],
        games["A"],
        games["F"],
    ]


def test_dates_narrow_the_games(anon_api: APIClient, ann: Player, games: dict) -> None:
    Game.objects.filter(pk__in=[games["A"], games["B"]]).update(
        created_at=datetime(2025, 1, 10, 20, tzinfo=UTC)
    )
    Game.objects.exclude(pk__in=[games["A"], games["B"]]).update(
        created_at=datetime(2025, 3, 1, 20, tzinfo=UTC)
    )

    january = anon_api.get(stats_url(ann.pk, "from=2025-01-01&to=2025-01-31")).json()
    march = anon_api.get(stats_url(ann.pk, "from=2025-02-01")).json()

    assert january["games"] == {"played": 2, "finished": 2, "won": 2}
    assert january["hands"]["played"] == 7
    assert march["games"] == {"played": 3, "finished": 2, "won": 1}
    assert march["hands"]["played"] == 4


def test_a_player_without_games_has_zeros(anon_api: APIClient, user: Any) -> None:
    nobody = Player.objects.create(name="Nobody")

    answer = anon_api.get(stats_url(nobody.pk)).json()

    assert answer["games"] == {"played": 0, "finished": 0, "won": 0}
    assert answer["hands"] == {
        "played": 0,
        "pitched": 0,
        "made": 0,
        "set": 0,
        "by_bid": {},
    }
    assert answer["points"] == points()


# --- Bad filters: a 400 naming the parameter -----------------------------------------


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("variant=poker", "variant", "“poker” is not a game"),
        ("club=nowhere", "club", "There is no club “nowhere”"),
        ("from=yesterday", "from", "“From” is not a date"),
        ("to=2025-13-01", "to", "“To” is not a date"),
        ("from=2025-03-02&to=2025-03-01", "to", "is before “From”"),
        ("season=1", "season", "There is no season 1."),
        ("variant=", "variant", "Give variant a value"),
        ("season=", "season", "Give season a value"),
    ],
)
def test_a_wrong_filter_is_a_400_naming_it(
    anon_api: APIClient, ann: Player, query: str, field: str, message: str
) -> None:
    answer = anon_api.get(stats_url(ann.pk, query))

    assert answer.status_code == 400
    assert list(answer.json()) == [field]
    assert message in answer.json()[field][0]


def test_an_unknown_player_is_a_404(anon_api: APIClient, db: None) -> None:
    assert anon_api.get(stats_url(999999)).status_code == 404
    assert anon_api.get(stats_url(2**64)).status_code == 404


# --- Seasons: a scope another app supplies -------------------------------------------


def test_a_registered_season_narrows_the_games(
    anon_api: APIClient, ann: Player, games: dict[str, int]
) -> None:
    seasons = {"7": [games["C"], games["D"]], "8": scopes.DateRange(end=None)}

    def season_games(value: str, user: Any) -> Any:
        if value not in seasons:
            raise scopes.ScopeRefused(f"There is no season “{value}”.")
        return seasons[value]

    with scopes.scoped("season", season_games):
        seventh = anon_api.get(stats_url(ann.pk, "season=7"))
        eighth = anon_api.get(stats_url(ann.pk, "season=8"))
        unknown = anon_api.get(stats_url(ann.pk, "season=9"))
    after = anon_api.get(stats_url(ann.pk, "season=7"))

    assert seventh.json()["games"] == {"played": 2, "finished": 1, "won": 1}
    assert eighth.json()["games"]["played"] == 5
    assert unknown.status_code == 400
    assert unknown.json() == {"season": ["There is no season “9”."]}
    # Once the app lets go, seasons are unknown again.
    assert after.status_code == 400


@pytest.mark.parametrize("empty", [[], "none"], ids=["no ids", "no games"])
def test_a_season_without_games_counts_nothing(
    anon_api: APIClient, ann: Player, games: dict[str, int], empty: Any
) -> None:
    """A season that has no games yet (no nights played) is every figure zero, as
    dates no game falls in are: it was a 500 (the empty list of ids)."""
    covered = Game.objects.none() if empty == "none" else empty
    with scopes.scoped("season", lambda value, user: covered):
        answer = anon_api.get(stats_url(ann.pk, "season=1"))
        thirteen = anon_api.get(stats_url(ann.pk, "season=1&variant=thirteen"))
    dates = anon_api.get(stats_url(ann.pk, "from=2090-01-01"))

    assert answer.status_code == 200
    assert answer.json() == dates.json()
    assert answer.json()["games"] == {"played": 0, "finished": 0, "won": 0}
    assert answer.json()["hands"]["played"] == 0
    assert thirteen.status_code == 200
    assert thirteen.json()["games"]["played"] == 0


def test_a_season_may_be_a_date_range(
    anon_api: APIClient, ann: Player, games: dict[str, int]
) -> None:
    Game.objects.filter(pk=games["F"]).update(
        created_at=datetime(2024, 6, 1, 20, tzinfo=UTC)
    )
    summer = scopes.DateRange(datetime(2024, 5, 1).date(), datetime(2024, 8, 31).date())

    with scopes.scoped("season", lambda value, user: summer):
        answer = anon_api.get(stats_url(ann.pk, "season=2024")).json()

    assert answer["games"] == {"played": 1, "finished": 1, "won": 0}


def test_only_known_scopes_can_be_supplied() -> None:
    with pytest.raises(ValueError, match="Unknown statistics scope 'league'"):
        scopes.register_scope("league", lambda value, user: [])


# --- Who sees what ------------------------------------------------------------------


@pytest.fixture
def private_club(user: AbstractUser) -> Club:
    club = club_create(name="Back Room", by=user)
    club.is_private = True
    club.save()
    return club


def test_a_private_clubs_player_is_404_to_outsiders(
    user: AbstractUser, private_club: Club, api: APIClient, anon_api: APIClient
) -> None:
    game = services.game_start(
        variant="auction",
        players=["Pat", "Quin", "Ray"],
        club=private_club,
        created_by=user,
    )
    play(api, game.pk, {"auction": ["pass", "pass", 2], "awards": all4(0)})
    pat = private_club.players.get(name="Pat")
    outsider = APIClient()
    outsider.force_authenticate(UserFactory())
    member = APIClient()
    joined = UserFactory()
    invite = invite_create(club=private_club, by=user, role=Role.MEMBER)
    invite_accept(code=invite.code, user=joined)
    member.force_authenticate(joined)

    assert anon_api.get(stats_url(pat.pk)).status_code == 404
    assert outsider.get(stats_url(pat.pk)).status_code == 404
    seen = member.get(stats_url(pat.pk))
    assert seen.status_code == 200
    assert seen.json()["games"]["played"] == 1
    assert seen.json()["points"]["high"] == 1


def test_stats_count_only_the_games_the_caller_may_read(
    user: AbstractUser, private_club: Club, api: APIClient, anon_api: APIClient
) -> None:
    """Pat, of a public club, also sat in a private club's game (a seat moved to
    Pat, as a merge or a later tournament might): outsiders count only the public
    games; the private club's members count both."""
    public = club_create(name="Front Room", by=user)
    shown = services.game_start(
        variant="auction", players=["Pat", "Quin", "Ray"], club=public, created_by=user
    )
    play(api, shown.pk, {"auction": ["pass", "pass", 2], "awards": all4(0)})
    hidden = services.game_start(
        variant="auction",
        players=["Stand-in", "Quin", "Ray"],
        club=private_club,
        created_by=user,
    )
    play(api, hidden.pk, {"auction": ["pass", "pass", 3], "awards": all4(0)})
    pat = public.players.get(name="Pat")
    stand_in = private_club.players.get(name="Stand-in")
    Seat.objects.filter(player=stand_in).update(player=pat)
    Award.objects.filter(player=stand_in).update(player=pat)

    outside = anon_api.get(stats_url(pat.pk)).json()
    inside = api.get(stats_url(pat.pk)).json()

    assert outside["games"]["played"] == 1
    assert outside["hands"]["by_bid"] == {"2": {"pitched": 1, "made": 1}}
    assert outside["points"]["high"] == 1
    assert inside["games"]["played"] == 2
    assert inside["hands"]["by_bid"] == {
        "2": {"pitched": 1, "made": 1},
        "3": {"pitched": 1, "made": 1},
    }
    assert inside["points"]["high"] == 2
    # A private club is no filter for outsiders: it does not exist.
    refused = anon_api.get(stats_url(pat.pk, f"club={private_club.slug}"))
    assert refused.status_code == 400
    assert list(refused.json()) == ["club"]
    assert (
        api.get(stats_url(pat.pk, f"club={private_club.slug}")).json()["games"][
            "played"
        ]
        == 1
    )


def test_club_filter(user: AbstractUser, api: APIClient, anon_api: APIClient) -> None:
    club = club_create(name="Grange", by=user)
    me = club.players.get(user=user)
    in_club = services.game_start(
        variant="auction", players=[me, "Quin", "Ray"], club=club, created_by=user
    )
    play(api, in_club.pk, {"auction": [2, "pass", "pass"], "awards": all4(0)})
    outside = services.game_start(
        variant="auction", players=[me, "Quin", "Ray"], created_by=user
    )
    play(api, outside.pk, {"auction": [2, "pass", "pass"], "awards": all4(0)})

    assert anon_api.get(stats_url(me.pk)).json()["games"]["played"] == 2
    assert (
        anon_api.get(stats_url(me.pk, f"club={club.slug}")).json()["games"]["played"]
        == 1
    )


def test_another_clubs_filter_counts_its_games_of_the_player(
    user: AbstractUser, private_club: Club, api: APIClient, anon_api: APIClient
) -> None:
    """Any club the caller may read filters (zeros when the player played none of
    its games); a private club is, to outsiders, refused as an unknown one."""
    home = club_create(name="Grange", by=user)
    other = club_create(name="Front Room", by=user)
    me = home.players.get(user=user)
    game = services.game_start(
        variant="auction", players=[me, "Quin", "Ray"], club=home, created_by=user
    )
    play(api, game.pk, {"auction": [2, "pass", "pass"], "awards": all4(0)})

    elsewhere = anon_api.get(stats_url(me.pk, f"club={other.slug}"))
    hidden = anon_api.get(stats_url(me.pk, f"club={private_club.slug}"))
    unknown = anon_api.get(stats_url(me.pk, "club=nowhere"))

    assert elsewhere.status_code == 200
    assert elsewhere.json()["games"] == {"played": 0, "finished": 0, "won": 0}
    assert hidden.status_code == unknown.status_code == 400
    assert hidden.json() == {
        "club": [f"There is no club “{private_club.slug}” (give its slug)."]
    }
    assert unknown.json() == {"club": ["There is no club “nowhere” (give its slug)."]}
    assert api.get(stats_url(me.pk, f"club={private_club.slug}")).status_code == 200


# --- Queries: constant in the number of games ----------------------------------------


def test_the_query_count_does_not_grow_with_the_games(
    user: AbstractUser,
    api: APIClient,
    anon_api: APIClient,
    django_assert_num_queries: Any,
) -> None:
    first = start(api, variant="auction", players=["Ann", "Bob", "Cy", "Di"])["id"]
    play(api, first, {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
    ann = Seat.objects.get(game_id=first, number=0).player

    # The player, every figure (one statement), the rating: the API shows no
    # partners, opponents or recent games, so it reads none.
    with django_assert_num_queries(3):
        assert anon_api.get(stats_url(ann.pk)).status_code == 200
    for _ in range(19):
        game = start(api, variant="auction", players=["Ann", "Bob", "Cy", "Di"])["id"]
        play(api, game, {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
        thirteen = start(api, variant="thirteen", players=["Ann", "Bob", "Cy", "Di"])
        play(
            api,
            thirteen["id"],
            {"auction": [5, "pass", "pass", "pass"], "awards": {"ace": 1, "three": 1}},
        )
    with django_assert_num_queries(3):
        answer = anon_api.get(stats_url(ann.pk))
    assert answer.json()["games"]["played"] == 39
    club = club_create(name="Grange", by=user)
    with django_assert_num_queries(4):
        # A club filter looks the club up (among those the caller may see).
        assert anon_api.get(stats_url(ann.pk, f"club={club.slug}")).status_code == 200
    with django_assert_num_queries(2):
        assert anon_api.get(stats_url(ann.pk, "club=none-such")).status_code == 400

"""The game archives (issue 11, item 9): every game can be found, per club, per
player and in all, filtered (django-filter) and paged; private clubs stay hidden."""

import datetime
import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.models import Club, Player
from pitchclub.services import clubs as club_services
from scoring.games import services
from scoring.models import Game
from tests.factories import UserFactory
from tests.helpers import signed_in


@pytest.fixture
def club(user: AbstractUser) -> Club:
    return club_services.club_create(name="Open Table", by=user)


def club_game(club: Club, by: AbstractUser, players: list[str], **kw: object) -> Game:
    return services.game_start(
        variant=kw.get("variant", "auction"), players=players, club=club, created_by=by
    )


def shown(html: str) -> list[int]:
    """The games listed, by id, in order."""
    return [int(number) for number in re.findall(r'href="/games/(\d+)/"', html)]


def test_the_club_archive_lists_every_game_paged(
    user: AbstractUser, club: Club
) -> None:
    games = [club_game(club, user, ["Ann", "Bob", "Cy"]) for _ in range(25)]
    client = signed_in(user)
    url = reverse("scoring:club_games", args=[club.slug])
    first = client.get(url).content.decode()
    assert "Open Table: all games" in first
    assert "25 games · page 1 of 2" in first
    # Newest first; the second page has the rest.
    assert shown(first) == [game.pk for game in reversed(games)][:20]
    second = client.get(url, {"page": 2}).content.decode()
    assert shown(second) == [game.pk for game in reversed(games)][20:]
    assert 'rel="prev" href="?page=1"' in second
    # Past the end: the last page, not an error.
    assert shown(client.get(url, {"page": 99}).content.decode()) == shown(second)


def test_the_club_page_and_the_home_page_link_to_the_archives(
    user: AbstractUser, club: Club
) -> None:
    club_game(club, user, ["Ann", "Bob", "Cy"])
    client = signed_in(user)
    club_page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert f'href="{reverse("scoring:club_games", args=[club.slug])}"' in club_page
    home = client.get(reverse("scoring:home")).content.decode()
    assert f'href="{reverse("scoring:archive")}"' in home


def test_the_profile_links_to_each_players_archive(
    user: AbstractUser, club: Club
) -> None:
    mine = club.players.get(user=user)
    services.game_start(
        variant="auction",
        players=[mine, "Bob", "Cy"],
        club=club,
        created_by=user,
    )
    html = signed_in(user).get(reverse("accounts:profile")).content.decode()
    assert reverse("scoring:player_games", args=[mine.pk]) in html


def test_filters_on_the_club_archive(user: AbstractUser, club: Club) -> None:
    auction = club_game(club, user, ["Ann", "Bob", "Cy", "Di"])
    thirteen = club_game(club, user, ["Ann", "Eve", "Cy", "Gus"], variant="thirteen")
    dropped = club_game(club, user, ["Bob", "Eve", "Finn"])
    services.game_abandon(game_id=dropped.pk, by=user)
    Game.objects.filter(pk=thirteen.pk).update(
        created_at=datetime.datetime(2025, 3, 1, 12, tzinfo=datetime.UTC)
    )
    ann = auction.seats.get(number=0).player
    client = signed_in(user)
    url = reverse("scoring:club_games", args=[club.slug])

    def find(**query: object) -> set[int]:
        answer = client.get(url, query)
        assert answer.status_code == 200
        return set(shown(answer.content.decode()))

    assert find(player=ann.pk) == {auction.pk, thirteen.pk}
    assert find(variant="thirteen") == {thirteen.pk}
    assert find(status="abandoned") == {dropped.pk}
    assert find(status="in_progress") == {auction.pk, thirteen.pk}
    assert find(to="2025-03-01") == {thirteen.pk}
    # The page's form sends its empty boxes: they filter nothing.
    assert find(player="", variant="", status="", **{"from": "", "to": ""}) == {
        auction.pk,
        thirteen.pk,
        dropped.pk,
    }
    html = client.get(url, {"variant": "thirteen"}).content.decode()
    assert "1 game found" in html
    assert '<details class="filters" open>' in html
    # The club is the page's: no club box; the player box offers the club's roster.
    assert 'name="club"' not in html
    assert f'<option value="{ann.pk}">Ann</option>' in html


def test_a_wrong_filter_is_said_next_to_its_box(user: AbstractUser, club: Club) -> None:
    club_game(club, user, ["Ann", "Bob", "Cy"])
    answer = signed_in(user).get(
        reverse("scoring:club_games", args=[club.slug]),
        {"from": "2025-03-09", "to": "2025-03-01", "variant": "poker"},
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "“To” (2025-03-01) is before “From” (2025-03-09)." in html
    assert "“poker” is not a game" in html
    assert 'id="id_to_error"' in html
    assert shown(html) == []


def test_the_player_archive(user: AbstractUser, club: Club) -> None:
    with_ann = club_game(club, user, ["Ann", "Bob", "Cy"])
    club_game(club, user, ["Bob", "Cy", "Di"])
    ann = with_ann.seats.get(number=0).player
    html = Client().get(reverse("scoring:player_games", args=[ann.pk])).content.decode()
    assert "Ann: all games" in html
    assert shown(html) == [with_ann.pk]
    assert 'name="player"' not in html


def test_private_clubs_archives_are_hidden_from_outsiders(user: AbstractUser) -> None:
    hidden = club_services.club_create(name="Back Room", by=user, is_private=True)
    game = club_game(hidden, user, ["Zed", "Yan", "Xu"])
    zed = game.seats.get(number=0).player
    outsider = signed_in(UserFactory())
    assert (
        outsider.get(reverse("scoring:club_games", args=[hidden.slug])).status_code
        == 404
    )
    assert (
        outsider.get(reverse("scoring:player_games", args=[zed.pk])).status_code == 404
    )
    assert game.pk not in shown(
        outsider.get(reverse("scoring:archive")).content.decode()
    )
    member = signed_in(user)
    assert shown(
        member.get(reverse("scoring:club_games", args=[hidden.slug])).content.decode()
    ) == [game.pk]
    # The all-games archive does not offer the private club's player to outsiders.
    assert (
        f'value="{zed.pk}"'
        not in outsider.get(reverse("scoring:archive")).content.decode()
    )
    refused = outsider.get(reverse("scoring:archive"), {"player": zed.pk})
    assert refused.status_code == 400
    assert "There is no player" in refused.content.decode()


def test_the_archive_page_takes_the_same_queries_for_few_or_many_games(
    user: AbstractUser, club: Club
) -> None:
    client = signed_in(user)
    url = reverse("scoring:club_games", args=[club.slug])
    club_game(club, user, ["Ann", "Bob", "Cy"])
    with CaptureQueriesContext(connection) as few:
        client.get(url, {"variant": "auction"})
    for _ in range(15):
        club_game(club, user, ["Ann", "Bob", "Cy"])
    with CaptureQueriesContext(connection) as many:
        client.get(url, {"variant": "auction"})
    assert len(many) == len(few)


def test_unknown_club_or_player_is_a_404(user: AbstractUser) -> None:
    client = signed_in(user)
    assert client.get("/clubs/nope/games/").status_code == 404
    assert client.get("/players/999999/games/").status_code == 404


def options(html: str, name: str) -> list[str]:
    """The labels of the choices of the filter box `name`, in order."""
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)
    assert select is not None, name
    return re.findall(r"<option[^>]*>([^<]*)</option>", select.group(0))


def test_the_filter_tells_same_named_clubs_and_players_apart(
    user: AbstractUser,
) -> None:
    """Two clubs of one name each with an Ann and a Bob: the boxes say which is
    which; a name of its own stays bare."""
    main = club_services.club_create(
        name="Thursday Night Pitch", by=user, location="Main Street"
    )
    other = UserFactory()
    elm = club_services.club_create(
        name="Thursday Night Pitch", by=other, location="Elm Street"
    )
    club_game(main, user, ["Ann", "Bob", "Cy"])
    club_game(elm, other, ["Ann", "Bob", "Di"])
    # Outside clubs, two guests named Eve (one name, no club: only the id differs).
    eves = sorted(Player.objects.create(name="Eve").pk for _ in range(2))
    Player.objects.create(name="Finn")
    html = signed_in(user).get(reverse("scoring:archive")).content.decode()

    clubs = options(html, "club")
    assert "Thursday Night Pitch (Main Street)" in clubs
    assert "Thursday Night Pitch (Elm Street)" in clubs
    assert "Thursday Night Pitch" not in clubs
    players = options(html, "player")
    assert "Ann (Thursday Night Pitch, Elm Street)" in players
    assert "Ann (Thursday Night Pitch, Main Street)" in players
    assert "Bob (Thursday Night Pitch, Main Street)" in players
    assert {"Cy", "Di", "Finn"} <= set(players)
    assert [f"Eve (no club, id {pk})" for pk in eves] == [
        label for label in players if label.startswith("Eve")
    ]
    # Every choice reads differently.
    assert len(set(players)) == len(players)
    assert len(set(clubs)) == len(clubs)


def test_an_account_tells_two_same_named_players_apart(user: AbstractUser) -> None:
    """Same name, no club: the one with an account is said so, the guest too."""
    Player.objects.create(name="Kate", user=UserFactory(username="kate"))
    Player.objects.create(name="kate")
    players = options(
        signed_in(user).get(reverse("scoring:archive")).content.decode(), "player"
    )
    kates = sorted(label for label in players if label.lower().startswith("kate"))
    assert kates == ["Kate (no club, has an account)", "kate (no club, guest)"]


def test_same_named_clubs_in_the_filter_take_no_query_per_club(
    user: AbstractUser,
) -> None:
    def count() -> int:
        client = signed_in(user)
        with CaptureQueriesContext(connection) as queries:
            client.get(reverse("scoring:archive"))
        return len(queries)

    def twin(place: str) -> None:
        founder = UserFactory()
        club = club_services.club_create(name="Twins", by=founder, location=place)
        club_game(club, founder, ["Ann", "Bob", "Cy"])

    for place in ("Main Street", "Elm Street"):
        twin(place)
    two = count()
    for place in ("Oak Street", "Pine Street", "Ash Street"):
        twin(place)
    assert count() == two

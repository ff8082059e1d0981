"""The player page (/players/<id>/): the figures of
tests/scoring/stats/test_stats_api.py's games as the page shows them, its filters, who
may see it, its charts and its queries."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Player
from pitchclub.services.clubs import club_create
from pitchclub.services.players import guest_add
from scoring.games import services
from scoring.models import Award, Seat
from scoring.stats import charts
from tests.factories import UserFactory
from tests.scoring.api.helpers import play, start
from tests.scoring.stats.test_stats_api import all4, record_games, stats_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(api: APIClient) -> dict[str, int]:
    return record_games(api)


@pytest.fixture
def ann(games: dict[str, int]) -> Player:
    return Seat.objects.get(game_id=games["A"], number=0).player


def page(client: Client, player: Player, query: str = "") -> Any:
    url = reverse("scoring:player", args=[player.pk])
    return client.get(url + (f"?{query}" if query else ""))


def text(html: str) -> str:
    """The page's words, tags out, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_shows_every_figure(
    client: Client, ann: Player, games: dict[str, int]
) -> None:
    answer = page(client, ann)

    assert answer.status_code == 200
    html = answer.content.decode()
    words = text(html)
    assert '<h1 class="archive-title">Ann</h1>' in html
    # Games, won of finished, hands and points a hand (33 / 11), bids, the moon.
    assert "Games 5 4 finished" in words
    assert "Won 3 75% of finished" in words
    assert "Hands 11 3.0 points a hand" in words
    assert "Bids 7 5 made · 2 set" in words
    assert "Bids made 71% set back 29%" in words
    assert "Shot the moon 2 1 made · 1 set" in words
    # Auction Pitch: bids by level (pitched, made, set, made %) and the points.
    assert "2 1 1 0 100%" in words
    assert "3 2 1 1 50%" in words
    assert "4 2 2 0 100%" in words
    assert "All 5 4 1 80%" in words
    assert "High 6 75%" in words
    assert "Low 4 50%" in words
    assert "Jack 3 38%" in words
    assert "Game 3 38%" in words
    # 13-Point: two moons, one made; the points of 3 hands.
    assert "13 moon 2 1 1 50%" in words
    assert "Ace 3 100%" in words
    assert "Off-three 0 0%" in words
    # Partners and opponents link to their pages.
    cy = Seat.objects.get(game_id=games["A"], number=2).player
    assert f'href="{reverse("scoring:player", args=[cy.pk])}">Cy</a>' in html
    assert "Cy 3 2 67%" in words
    assert "Bob 5 3 1" in words
    # Recent games: results and links; the abandoned game is not there.
    assert words.count("★ Won") == 3
    assert "Lost · 0" in words
    assert "In progress · -7" in words
    assert html.count('class="card result-') == 5
    # Her rating after her 4 finished games, and its history as a chart whose
    # text alternative gives the figures.
    rating = text(html).split(" Rating ")[1]
    assert re.match(r"-?\d+\.\d+ after 4 finished games · skill \d+", rating), rating
    assert 'id="rating-history-title"' in html
    assert "4 games: from" in html


def test_no_rating_before_a_finished_game(client: Client, api: APIClient) -> None:
    game = start(api, variant="auction", players=["Zed", "Yul"])
    zed = Seat.objects.get(game_id=game["id"], number=0).player

    html = page(client, zed).content.decode()

    assert "No rating yet: it comes with the first finished game." in html
    assert 'id="rating-history-title"' not in html


def test_filters_on_the_page(client: Client, ann: Player) -> None:
    thirteen = text(page(client, ann, "variant=thirteen").content.decode())

    assert "Games 2 1 finished" in thirteen
    assert "Auction Pitch" not in thirteen.split("Recent games")[0].split("Filter")[-1]
    assert "Hands 3" in thirteen


def test_a_wrong_filter_is_said_next_to_its_box(client: Client, ann: Player) -> None:
    answer = page(client, ann, "variant=poker&from=soon")

    assert answer.status_code == 400
    html = answer.content.decode()
    assert "“poker” is not a game" in html
    assert "“From” is not a date" in html
    assert "Fix the filter marked above" in html
    assert "stat-cards" not in html


def test_an_unknown_season_is_refused_by_name(client: Client, ann: Player) -> None:
    plain = page(client, ann).content.decode()
    refused = page(client, ann, "season=3")

    # Tournaments supply the seasons (tournaments/apps.py): the box is there.
    assert 'name="season"' in plain
    assert refused.status_code == 400
    assert "There is no season" in refused.content.decode()


def test_a_season_without_games_shows_zeros(client: Client, ann: Player) -> None:
    from scoring.games import scopes

    with scopes.scoped("season", lambda value, user: []):
        answer = page(client, ann, "season=1")

    assert answer.status_code == 200
    words = text(answer.content.decode())
    assert "Games 0" in words
    assert "No game matches: change or clear the filter." in words


def test_a_private_clubs_player_page_is_404_to_outsiders(
    user: AbstractUser, client: Client
) -> None:
    club = club_create(name="Back Room", by=user)
    club.is_private = True
    club.save()
    pat = guest_add(club=club, name="Pat")
    outsider = Client()
    outsider.force_login(UserFactory())
    member = Client()
    member.force_login(user)

    assert page(client, pat).status_code == 404
    assert page(outsider, pat).status_code == 404
    assert page(member, pat).status_code == 200
    assert client.get("/players/99999999999999999999/").status_code == 404


def test_the_charts_are_images_with_words_and_no_inline_style(
    client: Client, ann: Player
) -> None:
    html = page(client, ann).content.decode()

    main = html[html.index("<main") : html.index("</main>")]
    svgs = re.findall(r"<svg.*?</svg>", main, flags=re.S)
    # Bids and points, for each variant, and the rating after each game.
    assert len(svgs) == 5
    for svg in svgs:
        assert 'role="img"' in svg
        assert "aria-label=" in svg
        assert "<title" in svg
        assert "<desc" in svg
        assert "style" not in svg
    assert "bid 3: made 1 of 2" in html
    assert "High taken 6 times in 8 hands" in html


def test_chart_markup_escapes_labels() -> None:
    bars = charts.bar_chart(
        [charts.Bar("<b>&", 2, 4)], chart_id="x", title="T<", description="D>"
    )
    line = charts.line_chart(
        [charts.Point("<i>", 1.5), charts.Point("z", 3)],
        chart_id="y",
        title="L",
        description="d",
    )

    assert "<b>" not in bars
    assert "&lt;b&gt;&amp;" in bars
    assert "T&lt;" in bars
    # Half the track (track 148 of the 320 units).
    assert 'width="74.0"' in bars
    assert "&lt;i&gt;" in line
    assert "<polyline" in line
    assert "style" not in bars + line


def test_the_query_count_does_not_grow_with_the_games(
    api: APIClient, client: Client, django_assert_num_queries: Any
) -> None:
    first = start(api, variant="auction", players=["Ann", "Bob", "Cy", "Di"])["id"]
    play(api, first, {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
    ann = Seat.objects.get(game_id=first, number=0).player

    # The player, the clubs of the filter's box, every figure (one statement),
    # the recent games with their seats (one statement), the rating and its
    # history, the other players of the same name.
    with django_assert_num_queries(7):
        assert page(client, ann).status_code == 200
    for _ in range(19):
        game = start(api, variant="auction", players=["Ann", "Bob", "Cy", "Di"])["id"]
        play(api, game, {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
    with django_assert_num_queries(7):
        answer = page(client, ann)
    assert "Games 20 0 finished" in text(answer.content.decode())


def test_every_name_links_to_the_players_page(
    user: AbstractUser, client: Client
) -> None:
    """The sheet's totals, the hand page, the game cards (home, archives), the
    roster; the table's tap buttons stay buttons."""
    club = club_create(name="Grange", by=user)
    api = APIClient()
    api.force_authenticate(user)
    game = start(
        api, variant="auction", players=["Ann", "Bob", "Cy", "Di"], club=club.slug
    )
    play(api, game["id"], {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
    game = start(
        api,
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        partnership=True,
        club=club.slug,
    )["id"]
    play(api, game, {"auction": [2, "pass", "pass", "pass"], "awards": all4(1)})
    client.force_login(user)
    players = {p.name: p.pk for p in club.players.all()}

    def links(url: str) -> set[str]:
        html = client.get(url).content.decode()
        found = re.findall(r'class="player-link" href="/players/(\d+)/">([^<]+)<', html)
        return {name for pk, name in found if players[name] == int(pk)}

    everyone = {"Ann", "Bob", "Cy", "Di"}
    assert links(f"/games/{game}/") == everyone
    assert links(f"/games/{game}/hands/1/") == everyone
    assert links("/") == everyone
    assert links(f"/clubs/{club.slug}/games/") == everyone
    assert everyone <= links(f"/clubs/{club.slug}/players/")
    # The table's tap buttons name the players without linking them.
    table = client.get(f"/games/{game}/").content.decode()
    assert 'class="tap' in table
    assert not re.search(r'<label[^>]*class="tap[^"]*"[^>]*>[^<]*<a ', table)


def test_the_rating_chart_shows_the_latest_games(
    client: Client, ann: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoring.stats import views as players

    monkeypatch.setattr(players, "RATING_CHART_GAMES", 3)
    html = page(client, ann).content.decode()

    # 4 rated games, the last 3 drawn: 3 dots, said in the title and the words.
    chart = re.search(r"<svg(?:(?!<svg).)*?rating-history.*?</svg>", html, re.S)
    assert chart is not None
    assert chart.group(0).count("<circle") == 3
    assert "Rating after each of the last 3 finished games" in chart.group(0)
    assert "3 games: from" in chart.group(0)


def test_the_rating_reads_the_same_everywhere_and_each_game_as_a_table(
    client: Client, ann: Player
) -> None:
    """A reviewer saw 0.85 on the player page, 0.8 on the leaderboard and the
    chart: every page shows the API's figure, to two decimals; the chart's values
    after each game are also a table for screen readers."""
    from scoring.stats import ratings

    rating = ratings.player_rating(ann)
    assert rating is not None
    shown = f"{rating['ordinal']:.2f}"
    html = page(client, ann).content.decode()
    assert f'<p class="rating-figure"><strong>{shown}</strong>' in html
    from scoring.models import Rating
    from scoring.stats.leaderboard import Standing

    assert Standing(ann, Rating.objects.get(player=ann)).rating_shown == shown

    history = ratings.rating_history(ann)
    table = html.split('<details class="rating-table">')[1].split("</details>")[0]
    cells = re.findall(r"<td>(-?\d+\.\d\d)</td>", table)
    assert cells == [f"{round(point.ordinal, 2):.2f}" for point in reversed(history)]
    chart = re.search(r"<svg(?:(?!<svg).)*?rating-history.*?</svg>", html, re.S)
    assert chart is not None
    assert f": {cells[0]}</title>" in chart.group(0)


def test_every_described_filter_box_has_its_description(
    client: Client, ann: Player
) -> None:
    html = page(client, ann).content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', html)
    assert described
    for ids in described:
        for one in ids.split():
            assert f'id="{one}"' in html, one


# --- The club filter: any club the visitor may read, as the API -----------------------


def _two_clubs(user: AbstractUser, api: APIClient) -> tuple[Player, Any, Any]:
    """Pat of Grange, who played one game there and sat in one of Front Room's (a
    seat moved to Pat, as a merge might: game_start seats only a club's roster)."""
    home = club_create(name="Grange", by=user)
    other = club_create(name="Front Room", by=user)
    mine = services.game_start(
        variant="auction", players=["Pat", "Quin", "Ray"], club=home, created_by=user
    )
    play(api, mine.pk, {"auction": [2, "pass", "pass"], "awards": all4(0)})
    theirs = services.game_start(
        variant="auction", players=["Sub", "Tom", "Uma"], club=other, created_by=user
    )
    play(api, theirs.pk, {"auction": ["pass", "pass", 3], "awards": all4(0)})
    pat = home.players.get(name="Pat")
    sub = other.players.get(name="Sub")
    Seat.objects.filter(player=sub).update(player=pat)
    Award.objects.filter(player=sub).update(player=pat)
    return pat, home, other


def _options(html: str) -> list[tuple[str, bool]]:
    """The club box's options: (value, selected)."""
    box = re.search(r'<select name="club".*?</select>', html, re.S)
    assert box is not None
    return [
        (value, bool(selected))
        for value, selected in re.findall(
            r'<option value="([^"]*)"( selected)?', box.group(0)
        )
    ]


def test_another_public_club_is_read_as_the_api_reads_it(
    user: AbstractUser, api: APIClient, client: Client
) -> None:
    pat, _, other = _two_clubs(user, api)
    nobody = club_create(name="Empty Hall", by=user)

    shown = page(client, pat, f"club={other.slug}")
    counted = APIClient().get(stats_url(pat.pk, f"club={other.slug}"))
    empty = page(client, pat, f"club={nobody.slug}")

    assert shown.status_code == counted.status_code == 200
    assert counted.json()["games"] == {"played": 1, "finished": 0, "won": 0}
    assert counted.json()["hands"]["by_bid"] == {"3": {"pitched": 1, "made": 1}}
    words = text(shown.content.decode())
    assert "Games 1 0 finished" in words
    assert "Bids 1 1 made · 0 set" in words
    assert "3 1 1 0 100%" in words
    assert empty.status_code == 200
    assert "Games 0" in text(empty.content.decode())
    assert APIClient().get(stats_url(pat.pk, f"club={nobody.slug}")).json()[
        "games"
    ] == {"played": 0, "finished": 0, "won": 0}


def test_a_private_club_is_refused_as_an_unknown_one(
    user: AbstractUser, api: APIClient, client: Client
) -> None:
    pat, home, _ = _two_clubs(user, api)
    back = club_create(name="Back Room", by=user)
    back.is_private = True
    back.save()
    member = Client()
    member.force_login(user)

    for slug in (back.slug, "nowhere"):
        refused = page(client, pat, f"club={slug}")
        answered = APIClient().get(stats_url(pat.pk, f"club={slug}"))
        assert refused.status_code == answered.status_code == 400
        said = f"There is no club “{slug}” (give its slug)."
        assert said in refused.content.decode()
        assert answered.json() == {"club": [said]}
        assert _options(refused.content.decode()) == [("", False), (home.slug, False)]
    # Its members read it (Pat played none of its games).
    assert page(member, pat, f"club={back.slug}").status_code == 200


def test_the_club_box_offers_the_players_club_and_the_one_asked_for(
    user: AbstractUser, api: APIClient, client: Client
) -> None:
    pat, home, other = _two_clubs(user, api)
    club_create(name="Empty Hall", by=user)

    plain = _options(page(client, pat).content.decode())
    asked = _options(page(client, pat, f"club={other.slug}").content.decode())
    own = _options(page(client, pat, f"club={home.slug}").content.decode())

    assert plain == [("", True), (home.slug, False)]
    # In the box's order (by name): Front Room, then Grange.
    assert asked == [("", False), (other.slug, True), (home.slug, False)]
    assert own == [("", False), (home.slug, True)]


def test_the_games_link_shows_the_games_the_filters_count(
    client: Client, ann: Player
) -> None:
    """Filtered, the link to the player's games keeps the filters the games list
    has (a season it has not); unfiltered, it is every game. Abandoned games are
    in the list but not in the figures, and the page says so."""
    games = reverse("scoring:player_games", args=[ann.pk])
    whole = page(client, ann).content.decode()
    narrowed = page(
        client, ann, "variant=thirteen&from=2020-01-01&to=2099-12-31"
    ).content.decode()

    assert f'href="{games}"' in whole
    assert f"All {ann.name}'s games" in whole
    link = f'href="{games}?variant=thirteen&amp;from=2020-01-01&amp;to=2099-12-31"'
    assert link in narrowed
    assert f"{ann.name}'s games, as filtered" in narrowed
    assert "Abandoned games are not counted here" in whole
    # The list the link opens counts the same games.
    listed = client.get(f"{games}?variant=thirteen&from=2020-01-01&to=2099-12-31")
    assert listed.status_code == 200


def test_the_rating_chart_and_its_table_write_the_same_local_days(
    client: Client, ann: Player, settings: Any
) -> None:
    """A game finished late in the evening, UTC, is the next day for a club at
    UTC+14: the chart's axis and the table under it both say so (the chart once
    wrote the UTC day)."""
    from datetime import UTC, datetime, timedelta

    from scoring.models import RatingChange

    settings.TIME_ZONE = "Pacific/Kiritimati"
    evening = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    changes = RatingChange.objects.filter(player=ann).order_by("finished_at", "game_id")
    for index, change in enumerate(changes):
        change.finished_at = evening + timedelta(minutes=index)
        change.save(update_fields=["finished_at"])

    html = page(client, ann).content.decode()

    table = html.split('class="rating-table"')[1].split("</table>")[0]
    chart = html.split('id="rating-history-title"')[1].split("</svg>")[0]
    assert table.count("<td>Mon 2 Mar 2026</td>") == changes.count() == 4
    assert "2026-03-02" in chart
    assert "2026-03-01" not in chart
    assert "1 Mar" not in table

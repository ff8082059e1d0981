"""Watching a game: the live view and its share section, the CSV export, and
"new game, same players"."""

import csv
import io
import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.models import Club, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game, Status
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# Ann deals; Bob bids 2, Di 3, Di pitches and takes only High: set back.
SET_BACK = ([2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": None, "game": 2})
# Ann pitches 4 at once and takes all four points.
PITCH_FOUR = ([4], {"high": 0, "low": 0, "jack": 0, "game": 0})


def live_url(game: Game) -> str:
    return reverse("scoring:live", args=[game.pk])


def version_in(text: str) -> str:
    match = re.search(r'hx-get="[^"?]+\?v=([^"]+)"', text)
    assert match, "no polling container"
    return match.group(1)


def private_club_game() -> tuple[Club, Game, AbstractUser]:
    """A private club's game, with the organiser who started it."""
    organiser = UserFactory()
    club = club_create(name="Back Room", by=organiser, is_private=True)
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy"],
        club=club,
        created_by=organiser,
    )
    return club, game, organiser


def join(club: Club, role: str) -> AbstractUser:
    user = UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=user)
    return user


# The live view


def test_live_view_shows_totals_and_sheet_read_only(client: Client) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    record(game, *SET_BACK, trump="hearts")
    client.force_login(keeper)  # even its scorekeeper gets no form here

    page = client.get(live_url(game))

    assert page.status_code == 200
    text = page.content.decode()
    assert '<section aria-label="Scores" class="totals">' in text
    assert '<s class="bid set">' in text
    assert "Hand 1:</strong> Di bid 3 in Hearts and <strong>was set back" in text
    # (The frame's language chooser, after </main>, is a form of every page.)
    assert "<form" not in text.split("<main", 1)[1].split("</main>", 1)[0]
    assert reverse("scoring:hand", args=[game.pk, 1]) not in text
    assert f'href="{reverse("scoring:game", args=[game.pk])}"' in text
    assert '<noscript><meta http-equiv="refresh" content="10"></noscript>' in text
    assert 'hx-trigger="every 3s"' in text
    assert 'hx-swap="outerHTML"' in text
    assert page["Cache-Control"].startswith("max-age=0")
    assert "HX-Request" in page["Vary"]


def test_live_view_of_a_game_without_hands(client: Client) -> None:
    game = game_factory()
    text = client.get(live_url(game)).content.decode()
    assert "No hands yet." in text
    assert "Ann deals" in text


def test_live_view_of_an_unknown_game_is_404(client: Client) -> None:
    assert client.get(reverse("scoring:live", args=[999])).status_code == 404


def test_live_view_of_a_private_club_game_is_404_for_outsiders(client: Client) -> None:
    club, game, _ = private_club_game()

    assert client.get(live_url(game)).status_code == 404
    assert client.get(live_url(game) + "?v=1.0", **HTMX).status_code == 404
    client.force_login(UserFactory())
    assert client.get(live_url(game)).status_code == 404
    client.force_login(join(club, Role.MEMBER))
    assert client.get(live_url(game)).status_code == 200


def test_live_poll_answers_204_while_nothing_changed(client: Client) -> None:
    game = game_factory()
    record(game, *SET_BACK)
    version = version_in(client.get(live_url(game)).content.decode())

    with CaptureQueriesContext(connection) as queries:
        poll = client.get(live_url(game), {"v": version}, **HTMX)

    assert poll.status_code == 204
    assert poll.content == b""
    assert len(queries.captured_queries) == 1


def test_live_poll_answers_the_new_sheet_after_a_hand(client: Client) -> None:
    game = game_factory()
    record(game, *SET_BACK)
    version = version_in(client.get(live_url(game)).content.decode())

    # Bob deals; Ann bids 2 and takes High, Low and Game.
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            auction=("pass", "pass", 2, "pass"),
            awards={"high": 0, "low": 0, "jack": 2, "game": 0},
        ),
    )
    poll = client.get(live_url(game), {"v": version}, **HTMX)

    assert poll.status_code == 200
    text = poll.content.decode()
    assert "<html" not in text
    assert text.lstrip().startswith('<div id="live"')
    assert "Hand 2:</strong> Ann bid 2 and made it" in text
    assert "Hand 3</strong> · Cy deals" in text
    new_version = version_in(text)
    assert new_version != version
    assert client.get(live_url(game), {"v": new_version}, **HTMX).status_code == 204


def test_live_poll_sees_an_undo(client: Client) -> None:
    game = game_factory()
    record(game, *SET_BACK)
    record(game, ["pass", "pass", 2, "pass"], {"high": 0, "low": 0, "game": 0})
    version = version_in(client.get(live_url(game)).content.decode())

    hand_services.hand_undo(game_id=game.pk, number=2)

    poll = client.get(live_url(game), {"v": version}, **HTMX)
    assert poll.status_code == 200
    assert "Hand 2</strong> · Bob deals" in poll.content.decode()


def test_live_poll_without_a_version_answers_the_sheet(client: Client) -> None:
    game = game_factory()
    poll = client.get(live_url(game), **HTMX)
    assert poll.status_code == 200
    assert poll.content.decode().lstrip().startswith('<div id="live"')


def test_live_view_query_count_does_not_grow_with_hands(client: Client) -> None:
    def queries_with(hands: int) -> int:
        game = game_factory(options={"target": 99})
        for _ in range(hands):
            record(game, ["pass", "pass", "pass", 2], {"high": 0, "low": 1})
        with CaptureQueriesContext(connection) as page:
            assert client.get(live_url(game)).status_code == 200
        with CaptureQueriesContext(connection) as poll:
            assert client.get(live_url(game), {"v": "0"}, **HTMX).status_code == 200
        return len(page.captured_queries), len(poll.captured_queries)

    assert queries_with(1) == queries_with(10)


# The share section of the game page


def test_game_page_shares_the_live_link_qr_code_and_csv(client: Client) -> None:
    game = game_factory()
    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    absolute = f"http://testserver{live_url(game)}"
    assert f'<a id="live-link" href="{absolute}">{absolute}</a>' in text
    qr_label = f"QR code of the live score link {absolute}"
    assert f'<svg role="img" aria-label="{qr_label}"' in text
    assert f'href="{reverse("scoring:hands_csv", args=[game.pk])}" download' in text
    assert 'data-copy="live-link" hidden' in text
    assert "data-print hidden" in text
    assert '<script src="/static/js/share.js" defer></script>' in text


def test_watch_pages_have_no_inline_script_or_style(client: Client) -> None:
    """The Content-Security-Policy refuses inline script, style and handlers."""
    inline = re.compile(r"""\sstyle=|\son[a-z]+=|<script(?![^>]*\ssrc=)""", re.I)
    game = game_factory()
    record(game, *SET_BACK)
    for url in (reverse("scoring:game", args=[game.pk]), live_url(game)):
        page = client.get(url)
        assert page.status_code == 200
        # <noscript> holds no script: only the refresh for pages without JavaScript.
        assert not inline.search(page.content.decode()), url


# The CSV export


def csv_rows(client: Client, game: Game) -> list[list[str]]:
    response = client.get(reverse("scoring:hands_csv", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="pitch-game-{game.pk}.csv"'
    )
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_csv_has_a_row_per_hand_with_awards_and_running_scores(
    client: Client,
) -> None:
    game = game_factory()
    record(game, *SET_BACK, trump="hearts")
    # Bob deals; Ann bids 2 and takes High, Low and Game; Cy takes the Jack.
    awards = {"high": 0, "low": 0, "jack": 2, "game": 0}
    record(game, ["pass", "pass", 2, "pass"], awards)

    response = client.get(reverse("scoring:hands_csv", args=[game.pk]))

    assert response.content.decode("utf-8-sig") == (
        "Hand,Dealer,Auction,Pitcher,Bid,Made,Trump,High,Low,Jack,Game,"
        "Ann: this hand,Ann: running total,Bob: this hand,Bob: running total,"
        "Cy: this hand,Cy: running total,Di: this hand,Di: running total,"
        "Game winner\r\n"
        '1,Ann,"Bob 2, Cy pass, Di 3, Ann pass",Di,3,no,Hearts,Di,Bob,nobody,Cy,'
        "0,0,1,1,1,1,-3,-3,\r\n"
        '2,Bob,"Cy pass, Di pass, Ann 2, Bob pass",Ann,2,yes,,Ann,Ann,Cy,Ann,'
        "3,3,0,1,1,2,0,-3,\r\n"
    )
    assert csv_rows(client, game)[0][0] == "Hand"


def test_csv_names_teams_and_the_thirteen_points(client: Client) -> None:
    game = game_factory(variant="thirteen")
    record(game, [5, "pass", "pass", "pass"], {"ace": 1, "three": 3, "two": 2})

    header, row = csv_rows(client, game)

    assert header == [
        "Hand", "Dealer", "Auction", "Pitcher", "Bid", "Made", "Trump",
        "Ace", "Jack", "Jick", "High joker", "Low joker", "Ten", "Three",
        "Off-three", "Two",
        "Ann & Cy: this hand", "Ann & Cy: running total",
        "Bob & Di: this hand", "Bob & Di: running total",
        "Game winner",
    ]  # fmt: skip
    assert row == [
        "1", "Ann", "Bob 5, Cy pass, Di pass, Ann pass", "Bob", "5", "no", "",
        "Bob", "nobody", "nobody", "nobody", "nobody", "nobody", "Di", "nobody",
        "Cy",
        "1", "1", "-5", "-5", "",
    ]  # fmt: skip


def test_csv_of_a_game_without_hands_is_its_header(client: Client) -> None:
    rows = csv_rows(client, game_factory(players=2))
    assert rows == [
        [
            "Hand", "Dealer", "Auction", "Pitcher", "Bid", "Made", "Trump",
            "High", "Low", "Jack", "Game",
            "Ann: this hand", "Ann: running total",
            "Bob: this hand", "Bob: running total",
            "Game winner",
        ]
    ]  # fmt: skip


def test_csv_names_cannot_run_as_spreadsheet_formulas(client: Client) -> None:
    game = services.game_start(
        variant="auction",
        players=['=HYPERLINK("http://evil.example","x")', "+Bob", "@Cy", "-Di"],
    )
    record(game, *SET_BACK)

    header, row = csv_rows(client, game)

    assert header[11:13] == [
        '\'=HYPERLINK("http://evil.example","x"): this hand',
        '\'=HYPERLINK("http://evil.example","x"): running total',
    ]
    assert header[13] == "'+Bob: this hand"
    assert row[1] == '\'=HYPERLINK("http://evil.example","x")'
    assert (
        row[2]
        == '\'+Bob 2, @Cy pass, -Di 3, =HYPERLINK("http://evil.example","x") pass'
    )
    assert row[3] == "'-Di"
    assert row[7:11] == ["'-Di", "'+Bob", "nobody", "'@Cy"]
    # Negative scores stay numbers.
    assert row[-3:] == ["-3", "-3", ""]


def test_csv_query_count_does_not_grow_with_hands(client: Client) -> None:
    def queries_with(hands: int) -> int:
        game = game_factory(options={"target": 99})
        for _ in range(hands):
            record(game, ["pass", "pass", "pass", 2], {"high": 0, "low": 1})
        with CaptureQueriesContext(connection) as queries:
            csv_rows(client, game)
        return len(queries.captured_queries)

    assert queries_with(1) == queries_with(10)


def test_csv_of_a_private_club_game_is_404_for_outsiders(client: Client) -> None:
    club, game, _ = private_club_game()
    url = reverse("scoring:hands_csv", args=[game.pk])
    assert client.get(url).status_code == 404
    client.force_login(join(club, Role.MEMBER))
    assert client.get(url).status_code == 200


# New game, same players


def finished_partnership_game(keeper: AbstractUser) -> Game:
    """Di deals first; Ann pitches 4, takes everything and her team is out at 4."""
    game = game_factory(
        partnership=True,
        first_dealer=3,
        options={"target": 4, "dealer_may_steal": False},
        created_by=keeper,
    )
    game = record(game, *PITCH_FOUR)
    assert game.status == Status.FINISHED
    return game


def again_url(game: Game) -> str:
    return reverse("scoring:game_again", args=[game.pk])


def test_again_starts_the_same_table_with_the_deal_moved_on(client: Client) -> None:
    keeper = UserFactory()
    game = finished_partnership_game(keeper)
    client.force_login(keeper)

    response = client.post(again_url(game))

    again = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[again.pk])
    old_seats = list(game.seats.order_by("number").values_list("player_id", "side"))
    new_seats = list(again.seats.order_by("number").values_list("player_id", "side"))
    assert new_seats == old_seats
    assert again.variant == game.variant
    assert again.partnership is True
    assert again.options == game.options
    assert again.options["dealer_may_steal"] is False
    assert again.club is None
    assert again.created_by == keeper
    # Di dealt hand 1, so the deal passes on to Ann.
    assert again.first_dealer == 0
    assert again.hand_count == 0
    assert again.scores == [0, 0]
    page = client.get(response["Location"]).content.decode()
    assert "New game with the same players: Ann deals the first hand." in page


def test_again_keeps_the_club_and_its_roster_players(client: Client) -> None:
    club, game, _ = private_club_game()
    # Played to 4: Ann deals, Bob pitches 4 and takes everything.
    game.options = {**game.options, "target": 4}
    game.save(update_fields=["options"])
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    keeper = join(club, Role.SCOREKEEPER)
    client.force_login(keeper)

    response = client.post(again_url(game))

    again = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("scoring:game", args=[again.pk])
    assert again.club == club
    assert again.created_by == keeper
    assert again.first_dealer == 1
    assert [s.player for s in again.seats.order_by("number")] == [
        s.player for s in game.seats.order_by("number")
    ]


def test_again_asks_anonymous_users_to_sign_in(client: Client) -> None:
    game = finished_partnership_game(UserFactory())
    response = client.post(again_url(game))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    assert Game.objects.count() == 1


def test_again_is_refused_to_others(client: Client) -> None:
    game = finished_partnership_game(UserFactory())
    client.force_login(UserFactory())
    assert client.post(again_url(game)).status_code == 403
    assert Game.objects.count() == 1


def test_again_is_refused_to_club_members_who_do_not_keep_score(
    client: Client,
) -> None:
    club, game, _ = private_club_game()
    client.force_login(join(club, Role.MEMBER))
    assert client.post(again_url(game)).status_code == 403


def test_again_of_a_private_club_game_is_404_for_outsiders(client: Client) -> None:
    _, game, _ = private_club_game()
    client.force_login(UserFactory())
    assert client.post(again_url(game)).status_code == 404


def test_again_is_post_only(client: Client) -> None:
    keeper = UserFactory()
    game = finished_partnership_game(keeper)
    client.force_login(keeper)
    assert client.get(again_url(game)).status_code == 405


def test_again_waits_for_the_game_to_end(client: Client) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    client.force_login(keeper)

    response = client.post(again_url(game), follow=True)

    assert response.redirect_chain == [(reverse("scoring:game", args=[game.pk]), 302)]
    assert "This game is not over yet" in response.content.decode()
    assert Game.objects.count() == 1

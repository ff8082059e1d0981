"""The "New game" page: the table and every option of RULES.md with its default, in
or out of a club; refusals of the rules next to the field they name, with everything
typed kept; the roster's names offered for autocomplete."""

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from scoring.engine import MAX_PLAYERS, OPTION_DEFAULTS
from scoring.models import Game
from tests.factories import UserFactory
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

NO_SUCH_CLUB = "No such club, or you do not keep score in it"

URL = "/games/new/"
NOT_YOUR_CLUB = "You can only start games in clubs where you keep score."


def join_as(club: Club, role: str, user: AbstractUser | None = None) -> AbstractUser:
    """A user who joined `club` with `role` through an invite, as people do."""
    user = user or UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=user)
    return user


def form_data(*names: str, **fields: Any) -> dict[str, Any]:
    """What the page posts when its defaults are left alone: names in boxes 1, 2 …;
    `fields` override (a value of None leaves the field out, as an unticked box)."""
    data: dict[str, Any] = {
        "variant": "auction",
        "club": "",
        "first_dealer": "0",
        "partnership": "solo",
        "auction-target": "7",
        "auction-pitcher_only_win": "on",
        "auction-dealer_min_bid": "2",
        "auction-dealer_may_steal": "on",
        "auction-low_goes_to": "captured",
        "thirteen-target": "55",
        "thirteen-moon_fail": "setback",
    }
    data.update({f"player_{box}": "" for box in range(7)})
    data.update({f"player_{box}": name for box, name in enumerate(names)})
    data.update(fields)
    return {name: value for name, value in data.items() if value is not None}


def seat_names(game: Game) -> list[str]:
    return [seat.player.name for seat in game.seats.order_by("number")]


def text_of(response: Any) -> str:
    return response.content.decode()


def seat_row(html: str, box: int) -> str:
    """The page's row (<li>) of name box `box` (0-based)."""
    rows = re.findall(
        r'<li class="seat[^"]*">.*?(?=<li class="seat|</ol>)', html, flags=re.S
    )
    return next(row for row in rows if f'name="player_{box}"' in row)


def assert_error_at(html: str, field_id: str, message: str) -> None:
    """The message is in the error list of the field, and the field points at it."""
    errors = re.search(
        rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, flags=re.S
    )
    assert errors, f"no errors shown at {field_id}"
    assert message in unescape(errors.group(1)), errors.group(1)


@pytest.fixture
def keeper(user: AbstractUser) -> Client:
    return signed_in(user)


@pytest.fixture
def club(user: AbstractUser) -> Club:
    """A club where `user` keeps score, with Ann and Bob on the roster."""
    organiser = UserFactory(username="olive")
    club = club_create(name="Grange Hall Pitch", by=organiser)
    join_as(club, Role.SCOREKEEPER, user)
    for name in ("Ann", "Bob"):
        guest_add(club=club, name=name)
    return club


# Who may open it


def test_the_page_needs_an_account(client: Client) -> None:
    answer = client.get(URL)
    assert answer.status_code == 302
    assert answer["Location"] == "/accounts/login/?next=/games/new/"
    assert client.post(URL, form_data("Ann", "Bob"))["Location"].startswith(
        "/accounts/login/"
    )
    assert not Game.objects.exists()


def test_url_is_named() -> None:
    assert reverse("scoring:new_game") == URL


def test_home_offers_a_new_game_to_the_signed_in(keeper: Client) -> None:
    html = text_of(keeper.get("/"))
    assert re.search(r'<a class="btn-start" href="/games/new/">.*New game</a>', html)


def test_home_asks_the_signed_out_to_sign_in_to_keep_score(client: Client) -> None:
    html = text_of(client.get("/"))
    assert (
        '<a class="btn-start secondary" href="/accounts/login/?next=/games/new/">'
        "Sign in to keep score</a>"
    ) in html
    assert 'href="/games/new/"' not in html


# What it shows


def test_the_form_shows_every_option_with_its_default(keeper: Client) -> None:
    html = text_of(keeper.get(URL))

    assert re.search(r'name="variant" value="auction"[^>]*checked', html)
    assert re.search(r'name="partnership" value="solo"[^>]*checked', html)
    assert re.search(r'name="first_dealer" value="0"[^>]*checked', html)
    assert re.search(r'name="auction-target" value="7"', html)
    assert re.search(r'name="thirteen-target" value="55"', html)
    assert re.search(r'name="auction-pitcher_only_win"[^>]*checked', html)
    assert not re.search(r'name="auction-must_make_bid_to_win"[^>]*checked', html)
    assert '<option value="2" selected>2</option>' in html
    assert re.search(r'name="auction-dealer_may_steal"[^>]*checked', html)
    assert re.search(r'name="auction-low_goes_to" value="captured"[^>]*checked', html)
    assert not re.search(r'name="thirteen-pitcher_only_win"[^>]*checked', html)
    assert re.search(r'name="thirteen-moon_fail" value="setback"[^>]*checked', html)
    # In plain words, as the scorekeeper says them.
    for words in (
        "Auction Pitch",
        "13-Point Partner Pitch",
        "in the order they sit, going round the table to the left (clockwise)",
        "13-Point Partner Pitch is always played in partnership",
        "Only the pitcher can go out",
        "A set pitcher cannot go out",
        "When everyone passes, the dealer must bid at least",
        "Dealer may steal the bid",
        "Low goes to",
        "the player who captured it",
        "the player dealt it",
        "Failing to shoot the moon",
        "set back 13",
        "loses the game",
        "<summary>More options</summary>",
    ):
        assert words in html, words
    # Seven labelled name boxes; four show at first (the rest are `extra`).
    # (The seats' order is the table's, from player 1: not "from the first dealer".)
    assert "clockwise from the first dealer" not in html
    for box in range(7):
        assert f'<label class="seat-no" for="id_player_{box}">' in html
    assert html.count('<li class="seat extra">') == 3
    # Not in a club: no club select, no roster.
    assert 'name="club"' not in html
    assert "<datalist" not in html
    assert '<script src="/static/js/new_game.js" defer></script>' in html


def test_variant_can_be_chosen_in_the_address(keeper: Client) -> None:
    html = text_of(keeper.get(URL + "?variant=thirteen"))
    assert re.search(r'name="variant" value="thirteen"[^>]*checked', html)


# Starting


def test_starting_a_game_seats_the_players_and_opens_the_game(
    keeper: Client, user: AbstractUser
) -> None:
    answer = keeper.post(URL, form_data("Ann", "Bob", "Cy", "Di"))

    game = Game.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == reverse("scoring:game", args=[game.pk])
    assert seat_names(game) == ["Ann", "Bob", "Cy", "Di"]
    assert game.variant == "auction"
    assert game.partnership is False
    assert game.first_dealer == 0
    assert game.options == OPTION_DEFAULTS["auction"]
    assert game.club is None
    assert game.created_by == user


def test_every_auction_option_round_trips(keeper: Client) -> None:
    keeper.post(
        URL,
        form_data(
            "Ann",
            "Bob",
            "Cy",
            "Di",
            partnership="partners",
            first_dealer="2",
            **{
                "auction-target": "11",
                "auction-pitcher_only_win": None,
                "auction-must_make_bid_to_win": "on",
                "auction-dealer_min_bid": "3",
                "auction-dealer_may_steal": None,
                "auction-low_goes_to": "dealt",
            },
        ),
    )

    game = Game.objects.get()
    assert game.partnership is True
    assert game.first_dealer == 2
    assert game.options == {
        "target": 11,
        "pitcher_only_win": False,
        "must_make_bid_to_win": True,
        "dealer_min_bid": 3,
        "dealer_may_steal": False,
        "low_goes_to": "dealt",
        "hand_limit": None,
    }
    assert list(game.seats.order_by("number").values_list("side", flat=True)) == [
        0,
        1,
        0,
        1,
    ]


def test_every_thirteen_option_round_trips_and_auctions_are_ignored(
    keeper: Client,
) -> None:
    keeper.post(
        URL,
        form_data(
            "Ann",
            "Bob",
            "Cy",
            "Di",
            variant="thirteen",
            # The auction boxes are hidden for 13-Point; whatever they hold is ignored.
            partnership="solo",
            **{
                "auction-target": "nonsense",
                "auction-low_goes_to": "",
                "thirteen-target": "41",
                "thirteen-pitcher_only_win": "on",
                "thirteen-moon_fail": "lose",
            },
        ),
    )

    game = Game.objects.get()
    assert game.variant == "thirteen"
    assert game.partnership is True
    assert game.options == {
        "target": 41,
        "pitcher_only_win": True,
        "moon_fail": "lose",
        "hand_limit": None,
    }


def test_empty_boxes_are_left_out_and_the_dealer_follows_his_name(
    keeper: Client,
) -> None:
    # Five boxes used out of seven, with gaps; Eve (box 6) deals first.
    data = form_data(first_dealer="5")
    data.update(player_0="Ann", player_1="Bob", player_3="Cy", player_4="Di")
    data.update(player_5="Eve")
    keeper.post(URL, data)

    game = Game.objects.get()
    assert seat_names(game) == ["Ann", "Bob", "Cy", "Di", "Eve"]
    assert game.first_dealer == 4


# Refusals: next to the field, everything typed kept


def test_too_few_players_is_refused_at_the_players(keeper: Client) -> None:
    answer = keeper.post(URL, form_data("Ann", **{"auction-target": "11"}))

    html = text_of(answer)
    assert answer.status_code == 200
    assert not Game.objects.exists()
    assert re.search(
        r'<ul class="errorlist" id="seats-error"><li>Auction Pitch needs 2 to 7 '
        r"players; this game has 1\.</li></ul>",
        html,
    )
    assert 'aria-describedby="seats-help seats-error"' in html
    assert 'name="player_0" value="Ann"' in html
    assert 'name="auction-target" value="11"' in html


def test_a_duplicate_name_is_refused_at_its_box(keeper: Client) -> None:
    answer = keeper.post(URL, form_data("Ann", "Bob", "ann ", "Di"))

    html = text_of(answer)
    assert not Game.objects.exists()
    row = seat_row(html, 2)
    assert row.startswith('<li class="seat invalid">')
    assert_error_at(row, "id_player_2", "Ann is already player 1: each player can sit")
    assert 'aria-invalid="true" aria-describedby="id_player_2_error"' in row
    for box, name in enumerate(("Ann", "Bob", "ann ", "Di")):
        assert f'name="player_{box}" value="{name}"' in html


def test_a_duplicate_name_is_refused_naming_the_earlier_box_by_its_number(
    keeper: Client,
) -> None:
    # An empty box between them: the services count seats, the page counts boxes.
    answer = keeper.post(URL, form_data("Cy", "", "Ann  Lee", "Bob", "ann lee"))

    html = text_of(answer)
    assert not Game.objects.exists()
    assert_error_at(
        seat_row(html, 4),
        "id_player_4",
        "Ann Lee is already player 3: each player can sit only once. Clear one of "
        "the two boxes, or tell them apart (“Ann B.”).",
    )


def test_a_variant_that_does_not_exist_is_refused_in_the_variants_names(
    keeper: Client,
) -> None:
    answer = keeper.post(URL, form_data("Ann", "Bob", variant="whist"))

    assert not Game.objects.exists()
    assert_error_at(
        text_of(answer),
        "id_variant",
        "Choose Auction Pitch or 13-Point Partner Pitch.",
    )


def test_the_page_offers_as_many_name_boxes_as_the_rules_allow_players(
    keeper: Client,
) -> None:
    html = text_of(keeper.get(URL))
    boxes = re.findall(r'name="player_(\d+)"', html)
    assert len(boxes) == MAX_PLAYERS
    assert 'value="auction"' in html
    assert "13-Point Partner Pitch" in html


@pytest.mark.parametrize(
    ("char", "kind"),
    [
        ("\x1b", "a control character (U+001B), which cannot be shown"),
        ("\u202e", "an invisible character (U+202E)"),
        ("\u2066", "an invisible character (U+2066)"),
        ("\u200b", "an invisible character (U+200B)"),
        ("\u200d", "an invisible character (U+200D)"),
        ("\ufeff", "an invisible character (U+FEFF)"),
    ],
)
def test_a_name_with_an_invisible_character_is_refused_at_its_box(
    keeper: Client, char: str, kind: str
) -> None:
    html = text_of(keeper.post(URL, form_data("Ann", f"Bo{char}b", "Cy")))

    assert not Game.objects.exists()
    assert_error_at(
        seat_row(html, 1), "id_player_1", f"The name of player 2 has {kind}: retype it."
    )


def test_a_name_typed_twice_with_and_without_a_combining_accent_is_one_player(
    keeper: Client,
) -> None:
    html = text_of(keeper.post(URL, form_data("Jos\u00e9", "Bob", "Jose\u0301")))

    assert not Game.objects.exists()
    assert_error_at(seat_row(html, 2), "id_player_2", "Jos\u00e9 is already player 1")


def test_emoji_joined_with_zwj_are_names_at_the_table(keeper: Client) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    rainbow = "\U0001f3f3\ufe0f\u200d\U0001f308"
    response = keeper.post(URL, form_data(family, rainbow))

    assert response.status_code == 302
    assert seat_names(Game.objects.get()) == [family, rainbow]


def test_target_zero_is_refused_at_the_target(keeper: Client) -> None:
    html = text_of(
        keeper.post(URL, form_data("Ann", "Bob", "Cy", **{"auction-target": "0"}))
    )

    assert not Game.objects.exists()
    assert_error_at(html, "id_auction-target", "The target must be at least 1 point")
    assert 'name="auction-target" value="0"' in html
    assert 'name="player_2" value="Cy"' in html


def test_a_target_the_rules_refuse_comes_back_at_the_target(keeper: Client) -> None:
    # Too big for the database: the engine says so, and the page puts it there.
    data = form_data("Ann", "Bob", **{"auction-target": "2147483648"})
    html = text_of(keeper.post(URL, data))

    assert not Game.objects.exists()
    assert_error_at(html, "id_auction-target", "The target must be a whole number")


@pytest.mark.parametrize(
    "target", ["\u00b2", "\u0663", "\uff17", "9" * 5000, "99999999999", "-7", "7.0"]
)
def test_a_target_in_anything_but_ascii_digits_is_refused_at_the_target(
    keeper: Client, target: str
) -> None:
    html = text_of(
        keeper.post(URL, form_data("Ann", "Bob", **{"auction-target": target}))
    )

    assert not Game.objects.exists()
    assert_error_at(
        html, "id_auction-target", "The target must be a whole number, like 7."
    )


def test_thirteen_with_three_players_is_refused_at_the_players(keeper: Client) -> None:
    html = text_of(keeper.post(URL, form_data("Ann", "Bob", "Cy", variant="thirteen")))

    assert not Game.objects.exists()
    assert "13-Point Partner Pitch needs exactly 4 players; this game has 3." in html
    assert 'id="seats-error"' in html
    assert re.search(r'name="variant" value="thirteen"[^>]*checked', html)


def test_partners_with_five_players_is_refused_at_the_players(keeper: Client) -> None:
    data = form_data("Ann", "Bob", "Cy", "Di", "Eve", partnership="partners")
    html = text_of(keeper.post(URL, data))

    assert "Auction Pitch in partnership needs 4 or 6 players" in html
    assert re.search(r'name="partnership" value="partners"[^>]*checked', html)


def test_a_first_dealer_without_a_name_is_refused_at_the_dealer(
    keeper: Client,
) -> None:
    html = text_of(keeper.post(URL, form_data("Ann", "Bob", "Cy", first_dealer="4")))

    assert not Game.objects.exists()
    assert_error_at(html, "id_first_dealer", "Player 5 has no name")
    assert re.search(r'name="first_dealer" value="4"[^>]*checked', html)


def test_a_refused_house_rule_opens_more_options(keeper: Client) -> None:
    data = form_data("Ann", "Bob", **{"auction-dealer_min_bid": "7"})
    html = text_of(keeper.post(URL, data))

    assert '<details class="more" open>' in html
    assert_error_at(html, "id_auction-dealer_min_bid", "Choose the dealer's lowest bid")
    # Otherwise the panel stays folded.
    assert '<details class="more">' in text_of(keeper.get(URL))


def test_a_name_too_long_is_refused_at_its_box(keeper: Client) -> None:
    html = text_of(keeper.post(URL, form_data("Ann", "B" * 41)))
    assert_error_at(seat_row(html, 1), "id_player_1", "Shorten this name to 40")


# Clubs


def test_club_select_lists_the_clubs_where_you_keep_score(
    keeper: Client, user: AbstractUser, club: Club
) -> None:
    member_club = club_create(name="Kitchen Table", by=UserFactory())
    join_as(member_club, Role.MEMBER, user)
    own = club_create(name="Attic Pitch", by=user)

    html = text_of(keeper.get(URL))

    select = re.search(r'<select name="club".*?</select>', html, flags=re.S).group(0)
    assert '<option value="" selected>No club</option>' in select
    assert f'<option value="{club.slug}">Grange Hall Pitch</option>' in select
    assert f'<option value="{own.slug}">Attic Pitch</option>' in select
    assert "Kitchen Table" not in select
    assert f'id="roster-{member_club.slug}"' not in html


def test_names_autocomplete_from_the_chosen_clubs_roster(
    keeper: Client, club: Club
) -> None:
    html = text_of(keeper.get(f"{URL}?club={club.slug}"))

    assert re.search(rf'<option value="{club.slug}" selected>', html)
    roster = re.search(
        rf'<datalist id="roster-{club.slug}">(.*?)</datalist>', html, flags=re.S
    ).group(1)
    assert '<option value="Ann"></option>' in roster
    assert '<option value="Bob"></option>' in roster
    for box in range(7):
        assert re.search(rf'name="player_{box}"[^>]*list="roster-{club.slug}"', html)


def test_without_a_club_the_names_suggest_no_roster(keeper: Client, club: Club) -> None:
    html = text_of(keeper.get(URL))
    # Every roster is on the page for the script to switch to, none in use yet.
    assert f'<datalist id="roster-{club.slug}">' in html
    assert not re.search(r'name="player_0"[^>]*list=', html)


def test_a_club_you_do_not_keep_score_in_is_not_preselected(
    keeper: Client, user: AbstractUser
) -> None:
    other = club_create(name="Kitchen Table", by=UserFactory())
    join_as(other, Role.MEMBER, user)
    html = text_of(keeper.get(f"{URL}?club={other.slug}"))
    # (The language chooser's way back names the address asked for, query and all.)
    main = html[html.index("<main") : html.index("</main>")]
    assert other.slug not in main


@pytest.mark.parametrize(
    "slug", ["grange\x00hall", "\x00", "grange\u202ehall", "no-such-club", "private"]
)
def test_a_club_in_the_address_that_is_no_club_of_yours_says_so(
    keeper: Client, club: Club, slug: str
) -> None:
    if slug == "private":
        slug = club_create(name="Private", by=UserFactory(), is_private=True).slug
    response = keeper.get(URL, {"club": slug})

    assert response.status_code == 200
    html = text_of(response)
    assert NO_SUCH_CLUB in html
    select = re.search(r'<select name="club".*?</select>', html, flags=re.S).group(0)
    assert '<option value="" selected>No club</option>' in select
    assert not re.search(r'name="player_0"[^>]*list=', html)


def test_a_club_of_yours_in_the_address_is_not_refused(
    keeper: Client, club: Club
) -> None:
    assert NO_SUCH_CLUB not in text_of(keeper.get(URL, {"club": club.slug}))
    assert NO_SUCH_CLUB not in text_of(keeper.get(URL))


def test_starting_in_a_club_adds_new_names_as_guests(
    keeper: Client, user: AbstractUser, club: Club
) -> None:
    ann = club.players.get(name="Ann")

    keeper.post(URL, form_data("ann", "Bob", "Zed", club=club.slug))

    game = Game.objects.get()
    assert game.club == club
    assert game.created_by == user
    seated = [seat.player for seat in game.seats.order_by("number")]
    assert seated[0] == ann
    assert seated[2].name == "Zed"
    assert seated[2].club == club
    assert seated[2].is_guest
    assert club.players.filter(name="Zed").exists()


def test_a_refused_game_adds_no_guest(keeper: Client, club: Club) -> None:
    keeper.post(URL, form_data("Zed", "zed", club=club.slug))
    assert not Game.objects.exists()
    assert not club.players.filter(name__iexact="Zed").exists()


@pytest.mark.parametrize("role", [Role.MEMBER, None])
def test_starting_in_a_club_you_do_not_keep_score_in_is_refused(
    keeper: Client, user: AbstractUser, club: Club, role: str | None
) -> None:
    other = club_create(name="Kitchen Table", by=UserFactory())
    if role:
        join_as(other, role, user)

    html = text_of(keeper.post(URL, form_data("Ann", "Bob", club=other.slug)))

    assert not Game.objects.exists()
    assert_error_at(html, "id_club", NOT_YOUR_CLUB)
    assert 'name="player_1" value="Bob"' in html


def test_a_made_up_club_is_refused_even_without_a_club_select(
    keeper: Client,
) -> None:
    html = text_of(keeper.post(URL, form_data("Ann", "Bob", club="no-such-club")))

    assert not Game.objects.exists()
    assert 'class="form-errors" role="alert"' in html
    assert NOT_YOUR_CLUB in html


def test_a_superuser_may_start_a_game_in_any_club(club: Club) -> None:
    boss = signed_in(UserFactory(is_superuser=True, is_staff=True))
    html = text_of(boss.get(f"{URL}?club={club.slug}"))
    assert re.search(rf'<option value="{club.slug}" selected>', html)

    boss.post(URL, form_data("Ann", "Bob", club=club.slug))
    assert Game.objects.get().club == club


def test_page_queries_do_not_grow_with_the_roster(keeper: Client, club: Club) -> None:
    address = f"{URL}?club={club.slug}"
    club.players.exclude(name="Ann").delete()
    with CaptureQueriesContext(connection) as one:
        assert keeper.get(address).status_code == 200
    Player.objects.bulk_create(Player(club=club, name=f"Guest {n}") for n in range(19))
    assert club.players.count() == 20
    with CaptureQueriesContext(connection) as twenty:
        html = text_of(keeper.get(address))
    assert "Guest 18" in html
    assert len(twenty.captured_queries) == len(one.captured_queries)


def test_the_seat_help_says_the_order_the_site_uses(
    client: Client, user: AbstractUser
) -> None:
    """RULES.md: seats are numbered clockwise, "left of" seat s is seat s+1; the deal
    passes to the left and the auction starts left of the dealer. The help said
    "clockwise from the first dealer" (wrong: player 1 is seat 0 whoever deals)."""
    client.force_login(user)
    html = client.get(reverse("scoring:new_game")).content.decode()
    help_text = re.search(r'<p class="helptext" id="seats-help">(.*?)</p>', html).group(
        1
    )
    assert "player 2 sits on player 1's left" in help_text
    assert "The deal passes to the left, down this list" in help_text
    assert "the bidding starts with the player on the dealer's left" in help_text
    assert "from the first dealer" not in help_text
    assert 'id="order-hint" aria-live="polite" hidden' in html

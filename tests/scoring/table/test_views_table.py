"""The table page without a browser: recording a hand through the entry form (plain
POST and htmx), its refusals next to the field with everything kept, the live
preview, the whole auction with illegal calls disabled, retries and two phones,
correcting, undoing, the history, who may do what, and constant query counts."""

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.models import Role
from pitchclub.services.clubs import club_create, membership_set_role
from pitchclub.services.invites import invite_accept, invite_create
from scoring import engine
from scoring.games import convert, services
from scoring.games import hands as hand_services
from scoring.models import Game, Hand, HandRevision
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
AWARDS = {"award-high": "1", "award-low": "2", "award-jack": "1", "award-game": "1"}


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def game(keeper: AbstractUser) -> Game:
    """Ann, Bob, Cy and Di, solo, to 7; Ann deals first; Kate keeps score."""
    return game_factory(created_by=keeper)


@pytest.fixture
def kate(client: Client, keeper: AbstractUser) -> Client:
    client.force_login(keeper)
    return client


def hand_url(game: Game) -> str:
    return reverse("scoring:hand_record", args=[game.pk])


def post_hand(client: Client, game: Game, htmx: bool = False, **fields: str) -> Any:
    data = {"action": "save", **fields}
    return client.post(hand_url(game), data, **(HX if htmx else {}))


def quick(pitcher: int, bid: int, **awards: str) -> dict[str, str]:
    return {"pitcher": str(pitcher), "bid": str(bid), **AWARDS, **awards}


def hands(game: Game) -> list[Hand]:
    return list(Hand.objects.filter(game=game).order_by("number"))


def field_error(text: str, row: str) -> str:
    """The message shown next to a row of the entry form."""
    error = re.search(rf'<p class="field-error" id="{row}-error">(.*?)</p>', text)
    assert error is not None, f"no message next to {row}"
    return error.group(1)


def checked(text: str, input_id: str) -> bool:
    match = re.search(rf'<input[^>]*id="{re.escape(input_id)}"[^>]*>', text)
    assert match, f"no input {input_id}"
    return " checked" in match.group(0)


# -- the page


def test_the_scorekeeper_sees_the_entry_form_for_the_next_hand(
    kate: Client, game: Game
) -> None:
    text = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert 'id="hand-entry"' in text
    assert "Hand 1 · Ann deals · Bob bids first" in text
    # One tap button per player for the pitcher and each point, Nobody where allowed.
    for name in ("Ann", "Bob", "Cy", "Di"):
        assert f">{name}</label>" in text
    assert 'id="award-high-none"' not in text
    assert 'id="award-low-none"' not in text
    assert 'id="award-jack-none"' in text
    assert 'id="award-game-none"' in text
    assert "Still to tap: the pitcher, the bid, High, Low, Jack, Game" in text


@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_others_see_the_sheet_without_the_form(
    client: Client, game: Game, who: str
) -> None:
    if who == "member":
        client.force_login(UserFactory())
    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert 'id="hand-entry"' not in text
    assert "Score sheet" in text


def test_a_club_scorekeeper_may_record_in_the_clubs_game(client: Client) -> None:
    organiser = UserFactory()
    club = club_create(name="Grange", by=organiser)
    game = services.game_start(
        variant="auction", players=["Ann", "Bob", "Cy"], club=club, created_by=organiser
    )
    keeper = UserFactory()
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    invite_accept(code=invite.code, user=keeper)
    client.force_login(keeper)
    response = post_hand(client, game, **quick(1, 2))
    assert response.status_code == 302
    assert len(hands(game)) == 1


def test_anonymous_posts_go_to_sign_in_and_outsiders_are_refused(
    client: Client, game: Game
) -> None:
    response = post_hand(client, game, **quick(1, 2))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    client.force_login(UserFactory())
    assert post_hand(client, game, **quick(1, 2)).status_code == 403
    assert hands(game) == []


# -- recording


def test_a_plain_post_records_the_hand_and_comes_back_to_the_sheet(
    kate: Client, game: Game
) -> None:
    response = post_hand(kate, game, **quick(1, 2), client_id=str(uuid.uuid4()))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game.pk])
    [hand] = hands(game)
    assert (hand.pitcher, hand.bid, hand.deltas) == (1, 2, [0, 3, 1, 0])
    text = kate.get(response["Location"]).content.decode()
    assert "Hand 1 saved ✓ Bob bid 2 and made it." in text
    assert "Hand 2 · Bob deals · Cy bids first" in text


def test_an_htmx_save_answers_with_the_new_table_only(kate: Client, game: Game) -> None:
    response = post_hand(kate, game, htmx=True, **quick(1, 2))
    assert response.status_code == 201
    text = response.content.decode()
    assert "<html" not in text
    assert text.lstrip().startswith('<div id="table"')
    assert "Hand 1 saved" in text
    assert 'name="number" value="2"' in text


def test_missing_taps_are_named_next_to_their_rows_and_what_was_tapped_stays(
    kate: Client, game: Game
) -> None:
    response = post_hand(kate, game, pitcher="2", **{"award-high": "2"})
    assert response.status_code == 422
    text = response.content.decode()
    assert '<p class="field-error" id="bid-error">Tap the bid.</p>' in text
    assert "Who took Low? Tap a player.</p>" in text
    assert "Who took Jack? Tap a player or Nobody.</p>" in text
    assert checked(text, "pitcher-2")
    assert checked(text, "award-high-2")
    assert hands(game) == []


def test_a_rule_refusal_is_in_the_players_names_next_to_the_call(
    kate: Client, game: Game
) -> None:
    calls = {f"call-{index}": "pass" for index in range(4)}
    response = post_hand(kate, game, mode="full", **calls, **AWARDS)
    assert response.status_code == 422
    text = response.content.decode()
    assert field_error(text, "call-3") == (
        "The dealer must bid at least 2 when everyone else passes. Ann (the dealer) "
        "passed: bid 2 or more."
    )
    assert checked(text, "call-0-pass")
    assert checked(text, "call-3-pass")
    assert checked(text, "award-game-1")
    assert hands(game) == []


def test_the_whole_auction_is_recorded_with_closing_calls_left_out(
    kate: Client, game: Game
) -> None:
    response = post_hand(
        kate, game, mode="full", **{"call-0": "2", "call-1": "4"}, **AWARDS
    )
    assert response.status_code == 302
    [hand] = hands(game)
    assert hand.auction == [2, 4]
    assert (hand.pitcher, hand.bid) == (2, 4)


def test_a_bid_after_a_closing_4_is_refused_next_to_it(
    kate: Client, game: Game
) -> None:
    response = post_hand(
        kate, game, mode="full", **{"call-0": "4", "call-2": "2"}, **AWARDS
    )
    assert response.status_code == 422
    error = field_error(response.content.decode(), "call-2")
    assert error.startswith("Di cannot bid after Bob bid 4")
    assert hands(game) == []


def test_after_a_closing_4_only_pass_is_offered(kate: Client, game: Game) -> None:
    response = kate.post(hand_url(game), {"action": "full", "call-0": "4"}, **HX)
    text = response.content.decode()
    for index in (1, 2, 3):
        assert not re.search(rf'id="call-{index}-pass"[^>]* disabled', text)
        assert re.search(rf'id="call-{index}-2"[^>]* disabled', text)
    assert "no turn after Bob&#x27;s 4" in text


def test_the_stuck_dealer_is_told_why_pass_is_not_offered(
    kate: Client, game: Game
) -> None:
    calls = {"call-0": "pass", "call-1": "pass", "call-2": "pass"}
    response = post_hand(kate, game, htmx=True, mode="full", **calls, **AWARDS)
    text = response.content.decode()
    assert "everyone else passed: must bid at least 2" in text
    assert (
        "Tap Ann&#x27;s bid: everyone else passed, so the dealer must bid at least 2."
        in text
    )


def test_a_dealers_steal_is_called_a_steal(kate: Client, game: Game) -> None:
    calls = {"call-0": "2", "call-1": "pass", "call-2": "pass", "call-3": "2"}
    fields = {
        "mode": "full",
        **calls,
        **AWARDS,
        "award-high": "0",
        "award-low": "0",
    }
    preview = kate.post(hand_url(game), {**fields, "action": "preview"}, **HX)
    assert "Ann stole the bid at 2: made" in preview.content.decode()
    response = post_hand(kate, game, **fields)
    text = kate.get(response["Location"]).content.decode()
    assert "Hand 1 saved ✓ Ann stole the bid at 2 and made it." in text


def test_game_points_decide_game_when_it_is_not_tapped(
    kate: Client, game: Game
) -> None:
    fields = quick(1, 2)
    del fields["award-game"]
    response = post_hand(kate, game, **fields, **{"gp-0": "10", "gp-1": "25"})
    assert response.status_code == 302
    [hand] = hands(game)
    assert hand.game_points == [10, 25, 0, 0]
    assert hand.won == [0, 3, 1, 0]


def test_bad_game_points_are_refused_next_to_the_box(kate: Client, game: Game) -> None:
    response = post_hand(kate, game, **quick(1, 2), **{"gp-0": "ten"})
    assert response.status_code == 422
    assert "Give Ann&#x27;s game points as a whole number" in response.content.decode()


def test_a_retry_with_the_same_client_id_records_the_hand_once(
    kate: Client, game: Game
) -> None:
    client_id = str(uuid.uuid4())
    fields = {**quick(1, 2), "client_id": client_id, "number": "1"}
    first = post_hand(kate, game, htmx=True, **fields)
    again = post_hand(kate, game, htmx=True, **fields)
    assert (first.status_code, again.status_code) == (201, 200)
    assert "Hand 1 was already saved." in again.content.decode()
    assert len(hands(game)) == 1


def test_a_hand_number_taken_by_another_phone_is_refused_and_the_taps_offered(
    kate: Client, game: Game
) -> None:
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    response = post_hand(kate, game, htmx=True, number="1", **quick(3, 3))
    assert response.status_code == 409
    text = response.content.decode()
    assert "Another phone recorded hand 1 first: Cy bid 2 and made it." in text
    assert "This phone's hand 1 (Di bid 3) was not saved" in text
    # A fresh form for hand 2: saving again would record the same deal twice.
    assert 'name="number" value="2"' in text
    assert not checked(text, "pitcher-3")
    assert len(hands(game)) == 1
    # One tap brings this phone's taps back, as hand 2.
    kept = dict(
        re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', text)
    )
    assert kept["pitcher"] == "3"
    restored = kate.post(hand_url(game), {**kept, "action": "restore"}, **HX)
    text = restored.content.decode()
    assert checked(text, "pitcher-3")
    assert checked(text, "bid-3")
    assert "These are this phone&#x27;s taps, now for hand 2" in text
    assert len(hands(game)) == 1


def test_an_undone_hand_sent_again_is_not_recorded_and_says_so(
    kate: Client, game: Game
) -> None:
    client_id = str(uuid.uuid4())
    fields = {**quick(1, 2), "client_id": client_id, "number": "1"}
    assert post_hand(kate, game, htmx=True, **fields).status_code == 201
    assert kate.post(reverse("scoring:hand_undo", args=[game.pk, 1])).status_code == 302

    # The same form sent again (a retry, or this phone's offline queue).
    again = post_hand(kate, game, htmx=True, **fields)

    assert again.status_code == 409
    text = again.content.decode()
    assert 'data-refusal="hand_undone"' in text
    assert 'data-number="1"' in text
    assert "Hand 1 was undone after it was recorded" in text
    # A fresh form for the next hand (hand 1 again), with a new client_id.
    assert 'name="number" value="1"' in text
    assert client_id not in text
    assert hands(game) == []


def test_a_demoted_creator_no_longer_records_in_the_clubs_game(
    client: Client,
) -> None:
    organiser = UserFactory()
    club = club_create(name="Grange", by=organiser)
    keeper = UserFactory()
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    invite_accept(code=invite.code, user=keeper)
    game = services.game_start(
        variant="auction", players=["Ann", "Bob", "Cy"], club=club, created_by=keeper
    )
    record(game, [2, "pass", "pass"], {"high": 1, "low": 1})
    membership_set_role(club=club, user_id=keeper.pk, role=Role.MEMBER)
    client.force_login(keeper)

    assert post_hand(client, game, **quick(1, 2)).status_code == 403
    correct = reverse("scoring:hand", args=[game.pk, 1])
    assert client.post(correct, {"action": "save", **quick(1, 3)}).status_code == 403
    undo = reverse("scoring:hand_undo", args=[game.pk, 1])
    assert client.post(undo).status_code == 403
    assert (
        'id="hand-entry"'
        not in client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    )
    assert len(hands(game)) == 1


def test_a_hand_number_past_the_next_one_is_refused_with_the_taps_kept(
    kate: Client, game: Game
) -> None:
    response = post_hand(kate, game, htmx=True, number="3", **quick(3, 3))
    assert response.status_code == 409
    text = response.content.decode()
    assert "Hand 3 cannot be recorded: the next hand of this game is hand 1." in text
    assert checked(text, "pitcher-3")
    assert hands(game) == []


@pytest.mark.parametrize(
    ("options", "ace", "message"),
    [
        ({}, "1", "Bob shot the moon and made it. Bob &amp; Di win the game at once!"),
        (
            {"moon_fail": "lose"},
            "0",
            "Bob shot the moon and failed. Ann &amp; Cy win the game: a failed moon "
            "loses it.",
        ),
    ],
)
def test_shooting_the_moon_is_named(
    kate: Client, keeper: Any, options: dict, ace: str, message: str
) -> None:
    game = game_factory(variant="thirteen", options=options, created_by=keeper)
    awards = {f"award-{point}": "1" for point in engine.POINTS["thirteen"]}
    awards["award-ace"] = ace
    response = post_hand(kate, game, pitcher="1", bid="13", **awards)
    assert response.status_code == 302
    text = kate.get(response["Location"]).content.decode()
    assert message in text


def test_sides_tied_at_the_target_are_told_another_hand_decides(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(
        players=3, options={"target": 1, "pitcher_only_win": False}, created_by=keeper
    )
    fields = {
        "pitcher": "2",
        "bid": "2",
        "award-high": "0",
        "award-low": "1",
        "award-jack": "none",
        "award-game": "none",
    }
    preview = kate.post(hand_url(game), {**fields, "action": "preview"}, **HX)
    assert "Ann and Bob tie at 1: another hand decides." in preview.content.decode()
    post_hand(kate, game, **fields)
    text = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "Ann and Bob tie at 1: another hand decides." in text


def test_a_finished_game_takes_no_more_hands(kate: Client, keeper: Any) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(
        game, ["pass", "pass", "pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    response = post_hand(kate, game, htmx=True, **quick(1, 2))
    assert response.status_code == 409
    assert "This game is over" in response.content.decode()
    assert len(hands(game)) == 1


# -- preview, modes, the rest


def test_the_preview_shows_points_made_or_set_and_the_new_scores(
    kate: Client, game: Game
) -> None:
    fields = quick(2, 3, **{"award-high": "2", "award-jack": "none"})
    response = kate.post(hand_url(game), {**fields, "action": "preview"}, **HX)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<div class="preview-body"')
    assert "Cy bid 3: set back 3" in text
    assert re.search(r"Cy</span> <span class=\"delta neg\">-3</span> → <strong", text)
    assert hands(game) == []


def test_the_preview_says_who_would_win(kate: Client, keeper: Any) -> None:
    game = game_factory(options={"target": 2}, created_by=keeper)
    response = kate.post(hand_url(game), {**quick(1, 2), "action": "preview"}, **HX)
    assert "★ Bob wins the game" in response.content.decode()


def test_the_preview_of_an_impossible_hand_says_why(kate: Client, game: Game) -> None:
    fields = quick(1, 2, **{"award-high": "1", "award-low": "2"})
    response = kate.post(
        hand_url(game), {**fields, "single_trump": "on", "action": "preview"}, **HX
    )
    text = response.content.decode()
    assert 'class="refusal"' in text
    assert "Bob" in text
    assert "Cy" in text


def test_whole_auction_mode_disables_the_calls_not_allowed(
    kate: Client, game: Game
) -> None:
    calls = {"call-0": "pass", "call-1": "pass", "call-2": "pass"}
    response = kate.post(hand_url(game), {"action": "full", **calls}, **HX)
    text = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'id="call-3-pass"[^>]* disabled', text)
    assert re.search(r'id="call-3-1"[^>]* disabled', text)
    assert not re.search(r'id="call-3-2"[^>]* disabled', text)
    # The preview tells table.js which calls to disable as the auction is tapped.
    preview = kate.post(
        hand_url(game), {"action": "preview", "mode": "full", "call-0": "3"}, **HX
    )
    disabled = re.search(r'data-disabled-calls="([^"]*)"', preview.content.decode())
    assert disabled is not None
    off = disabled.group(1).split()
    assert "call-1-3" in off
    assert "call-1-2" in off
    assert "call-1-4" not in off
    assert "call-3-3" not in off  # the dealer may steal


def test_back_to_pitcher_and_bid_keeps_what_the_auction_said(
    kate: Client, game: Game
) -> None:
    calls = {"call-0": "2", "call-1": "pass", "call-2": "3", "call-3": "3"}
    response = kate.post(hand_url(game), {"action": "quick", **calls}, **HX)
    text = response.content.decode()
    # Ann, the dealer, stole Di's 3.
    assert checked(text, "pitcher-0")
    assert checked(text, "bid-3")


def test_the_whole_auction_stays_chosen_for_the_next_hands(
    kate: Client, game: Game
) -> None:
    kate.post(hand_url(game), {"action": "full"})
    calls = {"call-0": "pass", "call-1": "2", "call-2": "pass", "call-3": "pass"}
    post_hand(kate, game, mode="full", **calls, **AWARDS)
    text = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "Hand 2 · Bob deals" in text
    assert 'name="mode" value="full"' in text
    kate.post(hand_url(game), {"action": "quick"})
    text = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert 'name="mode" value="quick"' in text


def test_without_javascript_every_call_stays_open(kate: Client, game: Game) -> None:
    response = kate.post(hand_url(game), {"action": "full"})
    assert " disabled" not in re.sub(r"<button[^>]*>", "", response.content.decode())


def test_thirteen_rest_to_a_team_fills_the_points_not_tapped(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    response = kate.post(
        hand_url(game),
        {
            "pitcher": "1",
            "bid": "6",
            "award-three": "0",
            "award-two": "none",
            "action": "rest-1",
        },
    )
    text = response.content.decode()
    assert checked(text, "award-three-0")
    assert checked(text, "award-two-none")
    # The team is credited, no partner named (issue 11 item 6: it was Bob, seat 1).
    for point in ("ace", "jack", "jick", "high_joker", "low_joker", "ten", "off_three"):
        assert checked(text, f"award-{point}-side-1"), point
        assert not checked(text, f"award-{point}-1"), point
    assert "Bob bid 6: made" in text


# -- correcting, undoing, the history


@pytest.fixture
def two_hands(game: Game) -> Game:
    record(
        game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "jack": 2, "game": 0}
    )
    return record(game, [3, "pass", "pass", "pass"], {"high": 2, "low": 2, "game": 2})


def test_the_hand_page_shows_the_hand_ready_to_correct(
    kate: Client, two_hands: Game
) -> None:
    text = kate.get(reverse("scoring:hand", args=[two_hands.pk, 1])).content.decode()
    assert "Correct hand 1 · Ann deals · Bob bids first" in text
    assert checked(text, "call-1-2")
    assert checked(text, "call-0-pass")
    assert checked(text, "award-game-0")
    assert checked(text, "award-jack-2")


def test_a_correction_replays_the_game_and_is_kept_in_the_history(
    kate: Client, two_hands: Game
) -> None:
    url = reverse("scoring:hand", args=[two_hands.pk, 1])
    fields = {
        "mode": "full",
        "call-0": "pass",
        "call-1": "3",
        "call-2": "pass",
        "call-3": "pass",
        "award-high": "2",
        "award-low": "2",
        "award-jack": "2",
        "award-game": "none",
        "action": "save",
    }
    response = kate.post(url, fields)
    assert response.status_code == 302
    two_hands.refresh_from_db()
    assert [hand.scores for hand in hands(two_hands)] == [[0, 0, 3, 0], [0, 0, 6, 0]]
    text = kate.get(reverse("scoring:game", args=[two_hands.pk])).content.decode()
    assert "Hand 1 corrected: the game was replayed from its first hand." in text
    assert "auction pass, 2, pass, pass → pass, 3, pass, pass" in text
    assert "Game Ann → nobody" in text
    history = kate.get(url).content.decode()
    assert "History of hand 1" in history
    assert "by kate" in history


def test_a_correction_that_would_end_the_game_early_is_refused_with_the_rules_words(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    url = reverse("scoring:hand", args=[game.pk, 1])
    response = kate.post(
        url,
        {
            "pitcher": "2",
            "bid": "4",
            "award-high": "2",
            "award-low": "2",
            "award-jack": "2",
            "award-game": "2",
            "action": "save",
        },
    )
    assert response.status_code == 422
    text = response.content.decode()
    assert 'class="field-error form-error"' in text
    assert "hand 1" in text.lower()
    assert checked(text, "bid-4")
    assert HandRevision.objects.count() == 0


def test_the_correction_preview_warns_of_a_refusal_and_names_the_winner(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    fields = {
        "pitcher": "2",
        "bid": "4",
        "award-high": "2",
        "award-low": "2",
        "award-jack": "2",
        "award-game": "2",
    }
    url = reverse("scoring:hand", args=[game.pk, 1])
    preview = kate.post(url, {**fields, "action": "preview"}, **HX).content.decode()
    assert 'class="refusal"' in preview
    assert "(Cy would win at hand 1.)" in preview
    saved = kate.post(url, {**fields, "action": "save"}).content.decode()
    assert "(Cy would win at hand 1.)" in saved


def test_a_correction_that_undoes_a_win_says_the_game_is_open_again(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(
        game, ["pass", "pass", "pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    url = reverse("scoring:hand", args=[game.pk, 1])
    fields = {
        "mode": "full",
        "call-0": "pass",
        "call-1": "pass",
        "call-2": "pass",
        "call-3": "4",
        "award-high": "0",
        "award-low": "0",
        "award-jack": "1",
        "award-game": "0",
    }
    preview = kate.post(url, {**fields, "action": "preview"}, **HX).content.decode()
    assert "The game is no longer won: it would be open again." in preview
    response = kate.post(url, {**fields, "action": "save"}, follow=True)
    assert (
        "Ann no longer wins: the game is open again, hand 2 is next."
        in response.content.decode()
    )


def test_correcting_an_earlier_hand_of_a_won_game_says_who_still_wins(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    record(
        game, ["pass", "pass", 4, "pass"], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    assert game.winner == 0
    url = reverse("scoring:hand", args=[game.pk, 1])
    fields = {
        "pitcher": "2",
        "bid": "2",
        "award-high": "2",
        "award-low": "2",
        "award-jack": "none",
        "award-game": "0",
    }
    text = kate.post(url, {**fields, "action": "preview"}, **HX).content.decode()
    assert "Ann still wins the game, in hand 2." in text
    assert "★" not in text


def test_undo_asks_first_then_removes_the_last_hand(
    kate: Client, two_hands: Game
) -> None:
    url = reverse("scoring:hand_undo", args=[two_hands.pk, 2])
    confirm = kate.get(url)
    assert confirm.status_code == 200
    assert "Undo hand 2?" in confirm.content.decode()
    assert len(hands(two_hands)) == 2
    response = kate.post(url)
    assert response.status_code == 302
    assert len(hands(two_hands)) == 1
    text = kate.get(response["Location"]).content.decode()
    assert "Hand 2 undone. It is kept in the game&#x27;s history below." in text
    assert "Hand 2 undone</strong> by kate: it was Cy bid 3, made." in text


def test_a_second_undo_of_the_same_hand_is_not_an_error(
    kate: Client, two_hands: Game
) -> None:
    url = reverse("scoring:hand_undo", args=[two_hands.pk, 2])
    kate.post(url)
    again = kate.post(url, follow=True)
    assert again.status_code == 200
    assert "Hand 2 was already undone." in again.content.decode()
    assert len(hands(two_hands)) == 1


def test_only_the_last_hand_can_be_undone(kate: Client, two_hands: Game) -> None:
    response = kate.get(reverse("scoring:hand_undo", args=[two_hands.pk, 1]))
    assert response.status_code == 302
    assert len(hands(two_hands)) == 2


def test_undo_reopens_a_finished_game(kate: Client, keeper: Any) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(
        game, ["pass", "pass", "pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    kate.post(reverse("scoring:hand_undo", args=[game.pk, 1]))
    game.refresh_from_db()
    assert game.winner is None
    assert game.status == "in_progress"


def test_outsiders_cannot_correct_or_undo(client: Client, two_hands: Game) -> None:
    client.force_login(UserFactory())
    url = reverse("scoring:hand", args=[two_hands.pk, 1])
    assert 'id="hand-entry"' not in client.get(url).content.decode()
    assert client.post(url, {"action": "save"}).status_code == 403
    undo = reverse("scoring:hand_undo", args=[two_hands.pk, 2])
    assert client.post(undo).status_code == 403
    assert len(hands(two_hands)) == 2


def test_unknown_hands_are_404(kate: Client, two_hands: Game) -> None:
    assert kate.get(reverse("scoring:hand", args=[two_hands.pk, 3])).status_code == 404
    undo = reverse("scoring:hand_undo", args=[two_hands.pk, 9])
    assert kate.post(undo).status_code == 404


def test_the_page_header_names_the_house_rules_and_teams_are_plural(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(
        partnership=True,
        options={"target": 3, "dealer_may_steal": False, "low_goes_to": "dealt"},
        created_by=keeper,
    )
    # Bob pitches 2 and is set; Ann & Cy reach 3 without pitching.
    record(
        game, [2, "pass", "pass", "pass"], {"high": 0, "low": 2, "jack": 0, "game": 1}
    )
    text = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert (
        "to 3 · only the pitcher can go out · no steal · Low to the player dealt it"
        in text
    )
    assert "Ann &amp; Cy have 3 — need to win a bid to go out." in text


def test_reloading_the_form_address_goes_back_to_the_game(
    kate: Client, game: Game
) -> None:
    response = kate.get(hand_url(game))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game.pk])


# -- whatever is posted, never a 500

# Digits int() cannot read or should not: a superscript two (isdigit() is true), an
# Arabic-Indic three (int() reads 3), more digits than int() converts, a sign.
NOT_NUMBERS = ["\u00b2", "\u0663", "9" * 5000, "-1", "1.5"]


@pytest.mark.parametrize("number", NOT_NUMBERS)
def test_a_hand_number_that_is_not_a_whole_number_is_refused(
    kate: Client, game: Game, number: str
) -> None:
    response = post_hand(kate, game, htmx=True, number=number, **quick(1, 2))
    assert response.status_code == 422
    assert "The hand number sent with this hand is not a whole number" in (
        response.content.decode()
    )
    assert checked(response.content.decode(), "pitcher-1")
    assert hands(game) == []


def test_an_empty_hand_number_records_the_next_hand(kate: Client, game: Game) -> None:
    assert post_hand(kate, game, number="", **quick(1, 2)).status_code == 302
    assert [hand.number for hand in hands(game)] == [1]


@pytest.mark.parametrize("call", [*NOT_NUMBERS, ""])
@pytest.mark.parametrize("action", ["save", "preview"])
def test_a_call_that_is_not_pass_or_a_bid_is_asked_for_again(
    kate: Client, game: Game, call: str, action: str
) -> None:
    fields = {
        "mode": "full",
        "call-0": call,
        "call-1": "2",
        "call-2": "pass",
        "call-3": "pass",
        **AWARDS,
        "action": action,
    }
    response = kate.post(hand_url(game), fields, **HX)
    text = response.content.decode()
    if action == "save":
        assert response.status_code == 422
        assert field_error(text, "call-0") == "Tap Bob&#x27;s call: pass or a bid."
    else:
        assert response.status_code == 200
        assert "Bob&#x27;s call" in text
    assert hands(game) == []


@pytest.mark.parametrize("points", NOT_NUMBERS)
@pytest.mark.parametrize("action", ["save", "preview"])
def test_game_points_that_are_not_a_whole_number_are_refused_at_the_box(
    kate: Client, game: Game, points: str, action: str
) -> None:
    fields = quick(1, 2, **{"gp-0": points, "gp-1": "20", "action": action})
    del fields["award-game"]
    response = kate.post(hand_url(game), fields, **HX)
    text = response.content.decode()
    assert response.status_code == (422 if action == "save" else 200)
    if action == "save":
        assert (
            "Give Ann&#x27;s game points as a whole number from 0 to 80, or leave "
            "the box empty for none." in text
        )
    else:
        assert "Check the game points" in text
    assert hands(game) == []


@pytest.mark.parametrize("side", NOT_NUMBERS)
def test_rest_to_a_team_that_is_not_a_team_changes_nothing(
    kate: Client, keeper: Any, side: str
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    response = kate.post(
        hand_url(game), {"pitcher": "1", "bid": "6", "action": f"rest-{side}"}
    )
    assert response.status_code == 200
    assert not checked(response.content.decode(), "award-ace-1")


@pytest.mark.parametrize("value", [*NOT_NUMBERS, ""])
def test_a_correction_with_a_bad_call_or_game_points_is_refused_at_the_field(
    kate: Client, two_hands: Game, value: str
) -> None:
    url = reverse("scoring:hand", args=[two_hands.pk, 1])
    fields = {
        "mode": "full",
        "call-0": "pass",
        "call-1": value,
        "call-2": "pass",
        "call-3": "pass",
        "award-high": "2",
        "award-low": "2",
        "award-jack": "2",
        "gp-0": value,
        "gp-2": "30",
        "action": "save",
    }
    response = kate.post(url, fields)
    assert response.status_code == 422
    text = response.content.decode()
    assert field_error(text, "call-1") == "Tap Cy&#x27;s call: pass or a bid."
    preview = kate.post(url, {**fields, "action": "preview"}, **HX)
    assert preview.status_code == 200


# -- query counts


def count_queries(client: Client, method: str, url: str, **kwargs: Any) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, **kwargs)
    assert response.status_code < 500
    return len(queries.captured_queries)


def fill(game: Game, count: int) -> None:
    for _ in range(count):
        game.refresh_from_db()
        hand_services.hand_record(
            game_id=game.pk,
            hand=engine.HandInput(
                pitcher=(game.hand_count + 1) % 4,
                bid=2,
                awards={"high": 0, "low": 1, "jack": 2, "game": 3},
            ),
        )


@pytest.mark.parametrize(
    "page",
    ["game", "hand", "undo", "preview", "save"],
)
def test_table_pages_take_the_same_queries_with_one_or_ten_hands(
    kate: Client, keeper: Any, page: str
) -> None:
    counts = []
    for size in (1, 10):
        game = game_factory(created_by=keeper, options={"target": 500})
        fill(game, size)
        # A correction and an undo, so the history is listed too.
        hand = Hand.objects.get(game=game, number=1)
        hand_services.hand_correct(
            game_id=game.pk, number=1, hand=convert.hand_input_of(hand)
        )
        fill(game, 1)
        hand_services.hand_undo(game_id=game.pk, number=size + 1)
        last = size
        if page == "game":
            counts.append(
                count_queries(kate, "get", reverse("scoring:game", args=[game.pk]))
            )
        elif page == "hand":
            url = reverse("scoring:hand", args=[game.pk, 1])
            counts.append(count_queries(kate, "get", url))
        elif page == "undo":
            url = reverse("scoring:hand_undo", args=[game.pk, last])
            counts.append(count_queries(kate, "get", url))
        elif page == "preview":
            counts.append(
                count_queries(
                    kate,
                    "post",
                    hand_url(game),
                    data={**quick(1, 2), "action": "preview"},
                    **HX,
                )
            )
        else:
            counts.append(
                count_queries(
                    kate,
                    "post",
                    hand_url(game),
                    data={**quick(1, 2), "action": "save"},
                    **HX,
                )
            )
    assert counts[0] == counts[1], (
        f"{page}: {counts[0]} queries with 1 hand, {counts[1]} with 10"
    )

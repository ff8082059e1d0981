"""Confirm pages carry what they showed (issue 22, defect 1): an undo, a correction or
an abandon sent from a page opened before another phone changed the hand (or the
game) is refused in words, nothing written, and the page shows what is there now;
the Undo link names the hand it is for, so Back to an undo page after that hand was
undone (and another recorded under its number) lands on the game."""

import re

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game, Hand, HandRevision
from tests.factories import UserFactory, game_factory

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
# Pitcher, bid and awards. Bob bids 2 and makes it, Cy takes Jack and Game: 0 2 2 0.
BOB_2 = (1, 2, {"high": 1, "low": 1, "jack": 2, "game": 2})
# Bob bids 2 and takes all four: 0 4 0 0.
BOB_ALL = (1, 2, {"high": 1, "low": 1, "jack": 1, "game": 1})
# Cy bids 3 and makes it, Low to Di: 0 0 3 1 (with BOB_2: 0 2 5 1).
CY_3 = (2, 3, {"high": 2, "low": 3, "jack": 2, "game": 2})
# Cy bids 4 and takes all four: wins a game to 6 after BOB_2 (0 2 6 0).
CY_4 = (2, 4, {"high": 2, "low": 2, "jack": 2, "game": 2})


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def kate(client: Client, keeper: AbstractUser) -> Client:
    client.force_login(keeper)
    return client


@pytest.fixture
def game(keeper: AbstractUser) -> Game:
    """Ann, Bob, Cy and Di, solo, to 6; two hands: Bob bid 2, then Cy bid 3."""
    game = game_factory(options={"target": 6}, created_by=keeper)
    record(game, *BOB_2)
    return record(game, *CY_3)


def version_in(html: str) -> str:
    found = re.search(r'<input type="hidden" name="version" value="([^"]+)">', html)
    assert found, "the form carries no version"
    return found.group(1)


def hand_input(pitcher: int, bid: int, awards: dict) -> engine.HandInput:
    return engine.HandInput(pitcher=pitcher, bid=bid, awards=awards)


def record(game: Game, pitcher: int, bid: int, awards: dict) -> Game:
    hand_services.hand_record(game_id=game.pk, hand=hand_input(pitcher, bid, awards))
    game.refresh_from_db()
    return game


def messages_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split()).replace("&#x27;", "'")


def undo_url(game: Game, number: int) -> str:
    return reverse("scoring:hand_undo", args=[game.pk, number])


# -- undo ------------------------------------------------------------------------------


def test_a_stale_undo_page_does_not_undo_the_hand_recorded_since(
    kate: Client, game: Game
) -> None:
    """Phone A opens the undo page of hand 2 (Cy bid 3); phone B undoes hand 2 and
    records a new hand 2 that wins the game; phone A taps Undo: refused, in words."""
    page_a = kate.get(undo_url(game, 2)).content.decode()
    shown = version_in(page_a)
    hand_services.hand_undo(game_id=game.pk, number=2)
    hand_services.hand_record(game_id=game.pk, hand=hand_input(*CY_4))
    game.refresh_from_db()
    assert game.winner == 2

    answer = kate.post(undo_url(game, 2), {"version": shown})

    assert answer.status_code == 409
    game.refresh_from_db()
    assert game.hand_count == 2
    assert game.winner == 2
    assert Hand.objects.get(game=game, number=2).bid == 4
    text = messages_of(answer.content.decode())
    assert (
        "Hand 2 changed since this page was opened (it is now: Cy bid 4 and made "
        "it). Nothing was undone." in text
    )
    # The page shows the hand as it is now, ready to undo it on purpose.
    assert "Undo hand 2?" in text
    assert "Cy bid 4 and made it" in text
    fresh = version_in(answer.content.decode())
    assert fresh != shown
    assert kate.post(undo_url(game, 2), {"version": fresh}).status_code == 302
    assert not Hand.objects.filter(game=game, number=2).exists()


def test_a_hand_corrected_since_the_undo_page_opened_is_not_undone(
    kate: Client, game: Game
) -> None:
    shown = version_in(kate.get(undo_url(game, 2)).content.decode())
    hand_services.hand_correct(game_id=game.pk, number=2, hand=hand_input(*CY_4))
    answer = kate.post(undo_url(game, 2), {"version": shown})
    assert answer.status_code == 409
    assert Hand.objects.get(game=game, number=2).bid == 4
    assert "Nothing was undone." in messages_of(answer.content.decode())
    undos = HandRevision.objects.filter(game=game, action="undo")
    assert not undos.exists()


def test_an_undo_page_still_right_undoes_its_hand(kate: Client, game: Game) -> None:
    shown = version_in(kate.get(undo_url(game, 2)).content.decode())
    answer = kate.post(undo_url(game, 2), {"version": shown}, follow=True)
    assert "Hand 2 undone." in messages_of(answer.content.decode())
    assert not Hand.objects.filter(game=game, number=2).exists()


def test_an_undo_page_whose_hand_is_gone_says_it_was_undone(
    kate: Client, game: Game
) -> None:
    shown = version_in(kate.get(undo_url(game, 2)).content.decode())
    hand_services.hand_undo(game_id=game.pk, number=2)
    answer = kate.post(undo_url(game, 2), {"version": shown}, follow=True)
    assert "Hand 2 was already undone." in messages_of(answer.content.decode())
    assert Hand.objects.filter(game=game).count() == 1


def test_an_undo_posted_without_a_version_undoes_the_last_hand_as_before(
    kate: Client, game: Game
) -> None:
    assert kate.post(undo_url(game, 2)).status_code == 302
    assert Hand.objects.filter(game=game).count() == 1


def test_the_undo_link_names_the_hand_it_is_for(kate: Client, game: Game) -> None:
    html = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    link = re.search(r'href="([^"]*/hands/2/undo/[^"]*)"', html)
    assert link, "no Undo link"
    href = link.group(1).replace("&amp;", "&")
    assert "version=" in href
    page = kate.get(href)
    assert page.status_code == 200
    assert version_in(page.content.decode()) == href.split("version=")[1]


def test_back_to_an_undo_page_after_its_hand_was_replaced_lands_on_the_game(
    kate: Client, game: Game
) -> None:
    """Undo hand 2, record a new hand 2 that wins, then Back: the browser asks for
    the undo page's address again, which names the old hand 2: the game instead."""
    html = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    href = re.search(r'href="([^"]*/hands/2/undo/[^"]*)"', html).group(1)
    href = href.replace("&amp;", "&")
    shown = version_in(kate.get(href).content.decode())
    kate.post(undo_url(game, 2), {"version": shown})
    hand_services.hand_record(game_id=game.pk, hand=hand_input(*CY_4))

    back = kate.get(href)

    assert back.status_code == 302
    assert back["Location"] == reverse("scoring:game", args=[game.pk])
    game.refresh_from_db()
    assert game.hand_count == 2
    assert game.winner == 2


def test_back_to_an_undo_page_just_used_lands_on_the_game(
    kate: Client, game: Game
) -> None:
    html = kate.get(reverse("scoring:game", args=[game.pk])).content.decode()
    href = re.search(r'href="([^"]*/hands/2/undo/[^"]*)"', html).group(1)
    href = href.replace("&amp;", "&")
    shown = version_in(kate.get(href).content.decode())
    kate.post(undo_url(game, 2), {"version": shown})
    back = kate.get(href)
    assert back.status_code == 302
    assert back["Location"] == reverse("scoring:game", args=[game.pk])


# -- correct ---------------------------------------------------------------------------


def correction(bid: int = 2) -> dict[str, str]:
    """Hand 2 as Cy bid `bid` and made it (quick entry)."""
    return {
        "pitcher": "2",
        "bid": str(bid),
        "award-high": "2",
        "award-low": "3",
        "award-jack": "2",
        "award-game": "2",
        "action": "save",
    }


@pytest.mark.parametrize("htmx", [False, True])
def test_a_stale_correction_page_does_not_overwrite_the_hand(
    kate: Client, game: Game, htmx: bool
) -> None:
    url = reverse("scoring:hand", args=[game.pk, 2])
    shown = version_in(kate.get(url).content.decode())
    # Another phone undoes hand 2 and records another hand 2 (Cy bid 4).
    hand_services.hand_undo(game_id=game.pk, number=2)
    hand_services.hand_record(game_id=game.pk, hand=hand_input(*CY_4))

    answer = kate.post(url, {**correction(2), "version": shown}, **(HX if htmx else {}))

    assert answer.status_code == 409
    assert Hand.objects.get(game=game, number=2).bid == 4
    assert not HandRevision.objects.filter(game=game, action="correct").exists()
    html = answer.content.decode()
    text = messages_of(html)
    assert (
        "Hand 2 changed since this page was opened (it is now: Cy bid 4 and made "
        "it). Your correction was not saved" in text
    )
    # The taps are kept; the form now carries the hand as it is now.
    assert re.search(r'<input[^>]*id="bid-2"[^>]*checked', html)
    fresh = version_in(html)
    assert fresh != shown
    again = kate.post(url, {**correction(2), "version": fresh})
    assert again.status_code == 302
    assert Hand.objects.get(game=game, number=2).bid == 2


def test_a_correction_page_keeps_its_version_through_a_mode_switch(
    kate: Client, game: Game
) -> None:
    url = reverse("scoring:hand", args=[game.pk, 2])
    shown = version_in(kate.get(url).content.decode())
    hand_services.hand_correct(game_id=game.pk, number=2, hand=hand_input(*CY_4))
    switched = kate.post(url, {**correction(2), "action": "full", "version": shown})
    assert version_in(switched.content.decode()) == shown
    saved = kate.post(url, {**correction(2), "version": shown})
    assert saved.status_code == 409
    assert Hand.objects.get(game=game, number=2).bid == 4


def test_a_correction_page_still_right_saves(kate: Client, game: Game) -> None:
    url = reverse("scoring:hand", args=[game.pk, 2])
    shown = version_in(kate.get(url).content.decode())
    assert kate.post(url, {**correction(2), "version": shown}).status_code == 302
    assert Hand.objects.get(game=game, number=2).bid == 2


def test_a_correction_without_a_version_saves_as_before(
    kate: Client, game: Game
) -> None:
    url = reverse("scoring:hand", args=[game.pk, 2])
    assert kate.post(url, correction(2)).status_code == 302
    assert Hand.objects.get(game=game, number=2).bid == 2


# -- abandon ---------------------------------------------------------------------------


def abandon_url(game: Game) -> str:
    return reverse("scoring:game_abandon", args=[game.pk])


@pytest.mark.parametrize("change", ["record", "undo", "correct"])
def test_a_stale_abandon_page_does_not_abandon_a_changed_game(
    kate: Client, game: Game, change: str
) -> None:
    shown = version_in(kate.get(abandon_url(game)).content.decode())
    if change == "record":
        record(game, 3, 2, {"high": 3, "low": 3, "jack": 3, "game": 3})
    elif change == "undo":
        hand_services.hand_undo(game_id=game.pk, number=2)
    else:
        hand_services.hand_correct(game_id=game.pk, number=1, hand=hand_input(*BOB_ALL))

    answer = kate.post(abandon_url(game), {"version": shown})

    assert answer.status_code == 409
    game.refresh_from_db()
    assert game.status == "in_progress"
    html = answer.content.decode()
    assert (
        "This game changed since this page was opened: it was not abandoned."
        in messages_of(html)
    )
    assert "Abandon this game?" in html
    fresh = version_in(html)
    assert fresh != shown
    assert kate.post(abandon_url(game), {"version": fresh}).status_code == 302
    game.refresh_from_db()
    assert game.status == "abandoned"


def test_a_stale_abandon_page_of_a_game_won_since_goes_to_the_game(
    kate: Client, game: Game
) -> None:
    shown = version_in(kate.get(abandon_url(game)).content.decode())
    record(game, *CY_4)
    answer = kate.post(abandon_url(game), {"version": shown}, follow=True)
    game.refresh_from_db()
    assert game.status == "finished"
    text = messages_of(answer.content.decode())
    assert "This game changed since this page was opened: it was not abandoned." in text


def test_an_abandon_page_still_right_abandons(kate: Client, game: Game) -> None:
    shown = version_in(kate.get(abandon_url(game)).content.decode())
    assert kate.post(abandon_url(game), {"version": shown}).status_code == 302
    game.refresh_from_db()
    assert game.status == "abandoned"


def test_the_services_without_a_version_act_as_before(game: Game) -> None:
    """The API sends no version: its undo, correction and abandon are unchanged."""
    hand_services.hand_correct(game_id=game.pk, number=2, hand=hand_input(*CY_4))
    hand_services.hand_undo(game_id=game.pk, number=2)
    _, changed = services.game_abandon(game_id=game.pk, by=None)
    assert changed


def test_an_unreadable_version_counts_as_changed(kate: Client, game: Game) -> None:
    answer = kate.post(undo_url(game, 2), {"version": "x" * 500})
    assert answer.status_code == 409
    assert Hand.objects.filter(game=game).count() == 2

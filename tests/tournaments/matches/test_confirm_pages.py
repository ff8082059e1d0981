"""Confirmed results on the pages (issue 22, item 14): the finished game's table
page asks the losing side "Bob: confirm 4 to 0?" with two buttons posting to the
tournaments' view (no JavaScript); a dispute is flagged on the tournament's page,
where an organiser confirms it or has the game played again (after a
confirmation page)."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from pitchclub.services import players as club_services
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import (
    create,
    entrant_ids,
    match_at,
    read,
    start_game,
    win_game,
)
from tests.tournaments.matches.test_views_match import created, form_data
from tournaments.models import Match, MatchGame

DASH = "\N{EN DASH}"


@pytest.fixture
def keeper(people: People) -> Client:
    return signed_in(people.scorekeeper)


@pytest.fixture
def organiser(people: People) -> Client:
    return signed_in(people.organiser)


def _won(api: APIClient, club: Club, side: int = 0) -> tuple[dict[str, Any], ...]:
    """A cup that confirms results, its first match's game won by `side`."""
    t = create(
        api,
        club,
        format="single_elimination",
        entrants=4,
        settings={"confirm_results": True},
    )
    match = match_at(t, "winners", 1, 1)
    game = start_game(api, t["id"], match["id"])
    win_game(api, game["id"], side)
    return t, match, game


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_table_phone_asks_the_losing_side_and_confirms(
    club: Club, keeper_api: APIClient, keeper: Client
) -> None:
    t, match, game = _won(keeper_api, club, side=1)
    names = {v: k for k, v in entrant_ids(t).items()}
    winner, loser = names[match["entrants"][1]], names[match["entrants"][0]]
    page = _page(keeper, reverse("scoring:game", args=[game["id"]]))
    assert f'<span class="name">{loser}</span>: confirm 4{DASH}0?' in page
    assert f"Confirm 4{DASH}0</button>" in page
    assert "data-dispute" in page
    assert "Start game 2 of the match" not in page
    action = reverse("tournaments:match_confirm", args=[t["id"], match["id"]])
    assert f'action="{action}"' in page

    response = keeper.post(action, {"agree": "yes"})
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game["id"]])
    after = _page(keeper, response["Location"])
    assert "Result confirmed." in after
    assert f"{winner} goes through to" in after
    assert "data-confirm-result" not in after
    final = match_at(read(keeper_api, t["id"]), "winners", 2, 1)
    assert final["entrants"][0] == match["entrants"][1]


def test_a_dispute_is_flagged_on_the_board_and_settled_by_an_organiser(
    club: Club, keeper_api: APIClient, keeper: Client, organiser: Client
) -> None:
    t, match, game = _won(keeper_api, club)
    action = reverse("tournaments:match_confirm", args=[t["id"], match["id"]])
    response = keeper.post(action, {"agree": "no"})
    assert response.status_code == 302
    table = _page(keeper, reverse("scoring:game", args=[game["id"]]))
    assert "Disputed: an organiser will settle it." in table
    assert "data-disputed" in table
    assert "data-confirm>" not in table  # the table's phone cannot settle it
    # The scorekeeper's confirmation is refused in words.
    keeper.post(action, {"agree": "yes"})
    refused = _page(keeper, reverse("scoring:game", args=[game["id"]]))
    assert "is disputed: an organiser settles it" in refused

    board = _page(organiser, reverse("tournaments:detail", args=[t["id"]]))
    assert "Results to confirm" in board
    assert "data-disputed" in board
    assert f"Confirm 4{DASH}0" in board
    response = organiser.post(action, {"agree": "yes", "back": "board"})
    assert response["Location"] == reverse("tournaments:detail", args=[t["id"]])
    settled = _page(organiser, response["Location"])
    assert "Results to confirm" not in settled
    assert Match.objects.get(pk=match["id"]).status == "completed"


def test_play_it_again_after_a_confirmation_page(
    club: Club, keeper_api: APIClient, keeper: Client, organiser: Client
) -> None:
    t, match, game = _won(keeper_api, club)
    replay = reverse("tournaments:match_replay", args=[t["id"], match["id"]])
    # Organisers only.
    assert keeper.get(replay).status_code == 403
    page = _page(organiser, replay)
    assert "Play semi-final 1 again?" in page
    assert MatchGame.objects.get(game_id=game["id"]).abandoned is False
    response = organiser.post(replay)
    assert response["Location"] == reverse(
        "tournaments:match", args=[t["id"], match["id"]]
    )
    assert MatchGame.objects.get(game_id=game["id"]).abandoned is True
    assert read(keeper_api, t["id"])["rounds"][0]["matches"][0]["status"] == "ready"
    # Nothing waits any more: the page says so.
    again = organiser.get(replay)
    assert again.status_code == 302


def test_only_keepers_confirm_and_without_the_setting_nothing_shows(
    club: Club, people: People, organiser_api: APIClient, keeper: Client
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    match = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], match["id"])
    win_game(organiser_api, game["id"], 0)
    page = _page(keeper, reverse("scoring:game", args=[game["id"]]))
    assert "data-confirm-result" not in page
    board = _page(keeper, reverse("tournaments:detail", args=[t["id"]]))
    assert "Results to confirm" not in board
    action = reverse("tournaments:match_confirm", args=[t["id"], match["id"]])
    member = signed_in(people.member).post(action, {"agree": "yes"})
    assert member.status_code == 403


def test_the_new_tournament_form_offers_the_setting(
    club: Club, people: People, organiser: Client
) -> None:
    roster = {
        name: club_services.guest_add(club=club, name=name)
        for name in ("Ann", "Bob", "Cy", "Di")
    }
    url = reverse("tournaments:new", args=[club.slug])
    page = _page(organiser, url)
    assert "The losing side confirms each result" in page
    assert 'name="confirm_results"' in page
    picks = list(roster.values())
    left_out = created(organiser.post(url, form_data(entrants=picks, name="Plain")))
    assert "confirm_results" not in left_out.settings
    data = form_data(entrants=picks, name="Confirmed", format="swiss")
    data["confirm_results"] = "on"
    ticked = created(organiser.post(url, data))
    assert ticked.settings["confirm_results"] is True
    about = _page(organiser, reverse("tournaments:detail", args=[ticked.pk]))
    assert "the losing side confirms each result" in about


def test_the_match_page_and_the_table_link_lead_to_the_waiting_result(
    club: Club, keeper_api: APIClient, keeper: Client, organiser: Client
) -> None:
    t, match, game = _won(keeper_api, club)
    url = reverse("tournaments:match", args=[t["id"], match["id"]])
    page = _page(organiser, url)
    assert "Waiting for confirmation" in page
    assert f"Confirm 4{DASH}0" in page
    assert "Start game" not in page
    # The table's QR code opens the game, where the losing side confirms.
    table = keeper.get(reverse("tournaments:match_table", args=[t["id"], match["id"]]))
    assert table["Location"] == reverse("scoring:game", args=[game["id"]])
    action = reverse("tournaments:match_confirm", args=[t["id"], match["id"]])
    back = organiser.post(action, {"agree": "yes", "back": "match"})
    assert back["Location"] == url
    assert "Waiting for confirmation" not in _page(organiser, url)


def test_a_stale_confirm_is_refused_in_words_and_confirms_nothing(
    club: Club, keeper_api: APIClient, keeper: Client
) -> None:
    """Second reviewer: phone A shows "confirm 4 to 0?"; phone B undoes the last
    hand and the other side wins the game; phone A's Confirm must not confirm
    the new result it never showed (as a stale undo page, defect 1)."""
    import re

    from tests.tournaments.helpers import hand_for

    t, match, game = _won(keeper_api, club, side=0)
    page = _page(keeper, reverse("scoring:game", args=[game["id"]]))
    seen = re.search(r'name="seen" value="([^"]+)"', page)
    assert seen is not None, "the confirm form carries what it showed"
    hands = keeper_api.get(f"/api/v1/games/{game['id']}/").json()["hands"]
    undone = keeper_api.delete(f"/api/v1/games/{game['id']}/hands/{len(hands)}/")
    assert undone.status_code in (200, 204), undone.content
    for _ in range(10):
        answer = keeper_api.post(
            f"/api/v1/games/{game['id']}/hands/", hand_for(1), format="json"
        )
        assert answer.status_code == 201, answer.json()
        if answer.json()["status"] == "finished":
            break
    action = reverse("tournaments:match_confirm", args=[t["id"], match["id"]])
    response = keeper.post(action, {"agree": "yes", "seen": seen.group(1)}, follow=True)
    text = response.content.decode()
    assert "changed since this page was shown" in text
    held = Match.objects.get(pk=match["id"])
    assert held.status == "running"
    assert held.unconfirmed is not None
    # The page shown now carries the new result: confirming it works.
    fresh = re.search(r'name="seen" value="([^"]+)"', text)
    assert fresh is not None
    assert fresh.group(1) != seen.group(1)
    keeper.post(action, {"agree": "yes", "seen": fresh.group(1)})
    assert Match.objects.get(pk=match["id"]).status == "completed"


def test_the_board_names_a_waiting_match_as_the_bracket_does(
    club: Club, keeper_api: APIClient, organiser: Client
) -> None:
    t, _match, _game = _won(keeper_api, club, side=0)
    page = _page(organiser, reverse("tournaments:detail", args=[t["id"]]))
    assert "Semi-final 1</a>" in page
    assert "Round 1 match 1" not in page

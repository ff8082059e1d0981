"""The revision log of corrections and undos."""

from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from scoring.models import Game
from tests.scoring.api.helpers import AWARD_HL, CLIENT_ID, game_url, hand_url, play


def test_revisions_list_every_correction_and_undo_with_who_and_what(
    api: APIClient, user: AbstractUser, game: Game
) -> None:
    first = {"auction": [2, "pass", 3, "pass"], **AWARD_HL}
    play(api, game.pk, first, {"auction": ["pass", "pass", 2, "pass"], **AWARD_HL})
    corrected = {"auction": [2, "pass", "pass", "pass"], **AWARD_HL}
    assert api.put(hand_url(game.pk, 1), corrected, format="json").status_code == 200
    assert api.delete(hand_url(game.pk, 2)).status_code == 200

    revisions = api.get(f"{game_url(game.pk)}revisions/").json()

    assert [(r["hand_number"], r["action"]) for r in revisions] == [
        (1, "correct"),
        (2, "undo"),
    ]
    assert revisions[0]["before"]["auction"] == [2, "pass", 3, "pass"]
    assert revisions[0]["after"]["auction"] == [2, "pass", "pass", "pass"]
    assert revisions[1]["after"] is None
    assert {r["changed_by"] for r in revisions} == {user.get_username()}


def test_the_public_revision_log_shows_no_user_ids_or_client_ids(
    anon_api: APIClient, api: APIClient, user: AbstractUser, game: Game
) -> None:
    first = {"auction": [2, "pass", 3, "pass"], **AWARD_HL, "client_id": CLIENT_ID}
    play(api, game.pk, first)
    corrected = {"auction": [2, "pass", "pass", "pass"], **AWARD_HL}
    assert api.put(hand_url(game.pk, 1), corrected, format="json").status_code == 200
    assert api.delete(hand_url(game.pk, 1)).status_code == 200

    answer = anon_api.get(f"{game_url(game.pk)}revisions/")

    assert answer.status_code == 200
    text = answer.content.decode()
    assert CLIENT_ID not in text
    for revision in answer.json():
        for hand in filter(None, (revision["before"], revision["after"])):
            assert "client_id" not in hand
            assert "recorded_by" not in hand
            assert hand["number"] == 1


def test_revisions_of_an_unknown_game_are_404(db: None, anon_api: APIClient) -> None:
    assert anon_api.get(f"{game_url(999)}revisions/").status_code == 404

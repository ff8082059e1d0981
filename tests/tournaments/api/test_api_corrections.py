"""Organisers correct what was entered (EVENTS.md): a result voided (paper or a
game's), the bracket moving back, refused once a later match depends on it;
the last Swiss round taken back. Every change is audited (ResultRevision)."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import (
    TOURNAMENTS,
    create,
    hand_for,
    match_at,
    matches,
    play,
    read,
    start_game,
)
from tournaments.models import MatchGame, ResultRevision


def _seed(t: dict[str, Any], number: int) -> int:
    return next(e["id"] for e in t["entrants"] if e["seed"] == number)


def _result(t_id: int, match_id: int) -> str:
    return f"{TOURNAMENTS}{t_id}/matches/{match_id}/result/"


def _paper(
    api: APIClient, t: dict[str, Any], match: dict[str, Any], winner: int
) -> dict[str, Any]:
    body = {
        "winner": winner,
        "scores": [11, 4] if match["entrants"][0] == winner else [4, 11],
    }
    response = api.post(_result(t["id"], match["id"]), body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


@pytest.fixture
def cup(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Four entrants, single elimination: 1 v 4 and 2 v 3, then the final."""
    return create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        options={"target": 11},
    )


def test_voiding_a_paper_result_takes_the_winner_out_of_the_next_match(
    cup: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    t = _paper(organiser_api, t, first, _seed(t, 1))
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 1), None]

    response = organiser_api.delete(_result(t["id"], first["id"]))
    assert response.status_code == 200, response.json()
    t = response.json()
    voided = match_at(t, "winners", 1, 1)
    assert voided["status"] == "ready"
    assert voided["winner"] is None
    assert voided["scores"] is None
    assert not voided["on_paper"]
    final = match_at(t, "winners", 2, 1)
    assert final["entrants"] == [None, None]
    assert final["status"] == "waiting"

    # The right result now: the other entrant moves on.
    t = _paper(organiser_api, t, voided, _seed(t, 4))
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 4), None]
    actions = list(
        ResultRevision.objects.filter(match_id=first["id"]).values_list(
            "action", "changed_by"
        )
    )
    assert actions == [
        ("enter", people.organiser.pk),
        ("void", people.organiser.pk),
        ("enter", people.organiser.pk),
    ]
    void = ResultRevision.objects.get(match_id=first["id"], action="void")
    assert void.before["winner"] == _seed(t, 1)
    assert void.before["status"] == "completed"
    assert void.after["status"] == "ready"
    assert void.after["winner"] is None


def test_a_void_is_refused_while_a_later_match_has_a_result_and_names_it(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    t = cup
    first, second = match_at(t, "winners", 1, 1), match_at(t, "winners", 1, 2)
    t = _paper(organiser_api, t, first, _seed(t, 1))
    t = _paper(organiser_api, t, second, _seed(t, 2))
    final = match_at(t, "winners", 2, 1)
    t = _paper(organiser_api, t, final, _seed(t, 2))
    assert t["status"] == "finished"
    assert t["champion"] == _seed(t, 2)

    refused = organiser_api.delete(_result(t["id"], first["id"]))
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "result_depended_on"
    assert body["detail"] == ("Final (Ann v Bob) already has a result: void it first.")
    assert match_at(read(organiser_api, t["id"]), "winners", 1, 1)["winner"] == _seed(
        t, 1
    )

    # The way back: the final first (the champion goes), then the semi-final.
    t = organiser_api.delete(_result(t["id"], final["id"])).json()
    assert t["status"] == "running"
    assert t["champion"] is None
    assert match_at(t, "winners", 2, 1)["status"] == "ready"
    response = organiser_api.delete(_result(t["id"], first["id"]))
    assert response.status_code == 200, response.json()
    assert match_at(response.json(), "winners", 2, 1)["entrants"] == [None, _seed(t, 2)]


def test_a_void_is_refused_while_a_later_match_has_a_game_with_hands(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    t = cup
    first, second = match_at(t, "winners", 1, 1), match_at(t, "winners", 1, 2)
    t = _paper(organiser_api, t, first, _seed(t, 1))
    t = _paper(organiser_api, t, second, _seed(t, 2))
    final = match_at(t, "winners", 2, 1)
    game = start_game(organiser_api, t["id"], final["id"])
    organiser_api.post(f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json")

    refused = organiser_api.delete(_result(t["id"], first["id"]))
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        f"Final (Ann v Bob) has a game with hands recorded (game "
        f"{game['id']}): undo or abandon it first."
    )


def test_a_later_match_s_game_without_hands_is_deleted_with_the_void(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    t = cup
    first, second = match_at(t, "winners", 1, 1), match_at(t, "winners", 1, 2)
    t = _paper(organiser_api, t, first, _seed(t, 1))
    t = _paper(organiser_api, t, second, _seed(t, 2))
    game = start_game(organiser_api, t["id"], match_at(t, "winners", 2, 1)["id"])

    response = organiser_api.delete(_result(t["id"], first["id"]))
    assert response.status_code == 200, response.json()
    final = match_at(response.json(), "winners", 2, 1)
    assert final["status"] == "waiting"
    assert final["games"] == []
    assert organiser_api.get(f"/api/v1/games/{game['id']}/").status_code == 404


def test_voiding_a_game_s_result_keeps_the_game_and_sets_it_aside(
    cup: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    t = play(organiser_api, t["id"], first, _seed(t, 1))
    game_id = match_at(t, "winners", 1, 1)["games"][0]

    response = organiser_api.delete(_result(t["id"], first["id"]))
    assert response.status_code == 200, response.json()
    voided = match_at(response.json(), "winners", 1, 1)
    assert voided["status"] == "ready"
    assert voided["games"] == []
    assert match_at(response.json(), "winners", 2, 1)["entrants"] == [None, None]
    # The game itself stays as it was; its link to the match is set aside.
    assert organiser_api.get(f"/api/v1/games/{game_id}/").json()["status"] == "finished"
    assert MatchGame.objects.get(game_id=game_id).abandoned
    # Its page says so.
    page = signed_in(people.organiser).get(f"/games/{game_id}/").content.decode()
    assert "Game 1's result was voided by an organiser" in page
    # A new game can be started for the match.
    again = start_game(organiser_api, t["id"], first["id"])
    assert MatchGame.objects.get(game_id=again["id"]).number == 2


def test_nothing_to_void_and_who_may(
    cup: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    refused = organiser_api.delete(_result(t["id"], first["id"]))
    assert refused.status_code == 409
    assert refused.json()["code"] == "no_result"
    t = _paper(organiser_api, t, first, _seed(t, 1))
    keeper = client_for(people.scorekeeper)
    assert keeper.delete(_result(t["id"], first["id"])).status_code == 403
    assert organiser_api.delete(_result(t["id"], 999999)).status_code == 404


# --- A Swiss round taken back ---------------------------------------------------


def _rounds(t_id: int) -> str:
    return f"{TOURNAMENTS}{t_id}/rounds/"


def _pairs(t: dict[str, Any], number: int) -> list[list[int]]:
    round_ = next(r for r in t["rounds"] if r["number"] == number)
    return [m["entrants"] for m in round_["matches"]]


@pytest.fixture
def swiss(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Five entrants over three rounds, round 1 played on paper (one bye)."""
    t = create(
        organiser_api,
        club,
        format="swiss",
        entrants=5,
        settings={"rounds": 3},
        options={"target": 11},
    )
    for match in matches(t):
        if match["status"] == "ready":
            t = _paper(organiser_api, t, match, match["entrants"][0])
    return t


def test_taking_back_the_last_swiss_round_and_drawing_it_again(
    swiss: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = organiser_api.post(_rounds(swiss["id"])).json()
    drawn = _pairs(t, 2)
    game = start_game(organiser_api, t["id"], matches(t)[-3]["id"])

    response = organiser_api.delete(f"{_rounds(t['id'])}2/")
    assert response.status_code == 200, response.json()
    assert [r["number"] for r in response.json()["rounds"]] == [1]
    # The game started (without hands) went with it.
    assert organiser_api.get(f"/api/v1/games/{game['id']}/").status_code == 404
    redo = ResultRevision.objects.get(tournament_id=t["id"], action="redo")
    assert redo.changed_by == people.organiser
    assert redo.match is None
    assert redo.before["round"] == 2
    assert len(redo.before["matches"]) == 3

    again = organiser_api.post(_rounds(t["id"]))
    assert again.status_code == 201
    assert _pairs(again.json(), 2) == drawn


def test_taking_back_a_round_is_refused_when_it_is_not_the_last_or_has_played(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    t = organiser_api.post(_rounds(swiss["id"])).json()
    refused = organiser_api.delete(f"{_rounds(t['id'])}1/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_not_last"
    assert "round 2" in refused.json()["detail"]
    # A round 1 result cannot be voided while round 2, drawn from it, stands.
    refused = organiser_api.delete(_result(t["id"], matches(t)[0]["id"]))
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_drawn_from_result"
    assert "take back round 2 first" in refused.json()["detail"]

    played = next(m for m in matches(t) if m["status"] == "ready")
    t = _paper(organiser_api, t, played, played["entrants"][1])
    refused = organiser_api.delete(f"{_rounds(t['id'])}2/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_has_result"
    assert played["label"] in refused.json()["detail"]
    # The match's name says its round: the sentence does not say it again.
    assert "of round 2" not in refused.json()["detail"]
    assert refused.json()["detail"].endswith("then take round 2 back.")

    # Once a later match has a result, a void names it.
    first = matches(t)[0]
    refused = organiser_api.delete(_result(t["id"], first["id"]))
    assert refused.status_code == 409
    assert refused.json()["code"] == "result_depended_on"
    refused = organiser_api.delete(f"{_rounds(t['id'])}1/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_not_last"
    assert organiser_api.delete(f"{_rounds(t['id'])}9/").status_code == 404


def test_a_round_with_a_game_with_hands_stays(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    t = organiser_api.post(_rounds(swiss["id"])).json()
    match = next(m for m in matches(t) if m["status"] == "ready")
    game = start_game(organiser_api, t["id"], match["id"])
    organiser_api.post(f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json")
    refused = organiser_api.delete(f"{_rounds(t['id'])}2/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_has_hands"
    assert "of round 2" not in refused.json()["detail"]


def test_an_elimination_round_is_not_taken_back(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    refused = organiser_api.delete(f"{_rounds(cup['id'])}1/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_redo_format"


def test_a_fresh_swiss_s_round_one_is_taken_back_and_drawn_again(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4)
    drawn = _pairs(t, 1)
    response = organiser_api.delete(f"{_rounds(t['id'])}1/")
    assert response.status_code == 200, response.json()
    assert response.json()["rounds"] == []
    again = organiser_api.post(_rounds(t["id"]))
    assert again.status_code == 201, again.json()
    assert _pairs(again.json(), 1) == drawn

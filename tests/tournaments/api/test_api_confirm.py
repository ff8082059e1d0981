"""Results confirmed by the other side through the API (issue 22, item 14): the
match's `confirmed`, and `POST …/matches/{id}/confirm/` ({"agree": true|false},
default true): 200 with the tournament, 409 when nothing waits; the table's
phone (a scorekeeper) confirms or disputes, an organiser settles a dispute."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import error_at
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import (
    TOURNAMENTS,
    create,
    match_at,
    matches,
    play,
    read,
    start_game,
    win_game,
)
from tournaments.models import ResultRevision


def _url(t: dict[str, Any], match: dict[str, Any]) -> str:
    return f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/confirm/"


@pytest.fixture
def cup(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    return create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        settings={"confirm_results": True},
    )


def _won(api: APIClient, t: dict[str, Any], side: int = 0) -> dict[str, Any]:
    """The first match's game played and won by `side`: the match as it is now."""
    first = match_at(t, "winners", 1, 1)
    game = start_game(api, t["id"], first["id"])
    win_game(api, game["id"], side)
    return match_at(read(api, t["id"]), "winners", 1, 1)


def test_without_the_setting_nothing_changes_and_results_stand(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    assert t["settings"] == {
        "games_per_match": 1,
        "seeding": "given",
        "third_place": False,
    }
    first = match_at(t, "winners", 1, 1)
    assert first["confirmed"] is False
    t = play(organiser_api, t["id"], first, first["entrants"][0])
    done = match_at(t, "winners", 1, 1)
    assert (done["status"], done["confirmed"]) == ("completed", True)
    # A bye stands at once too.
    assert all(m["confirmed"] for m in matches(t) if len(m["entrants"]) == 1)
    response = organiser_api.post(_url(t, done), {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "nothing_to_confirm"


def test_the_table_phone_confirms_and_the_bracket_moves_on(
    cup: dict[str, Any], keeper_api: APIClient, people: People
) -> None:
    t = cup
    waiting = _won(keeper_api, t)
    assert waiting["status"] == "running"
    assert waiting["confirmed"] is False
    assert waiting["winner"] is None
    assert waiting["scores"] == [4, 0]
    assert match_at(read(keeper_api, t["id"]), "winners", 2, 1)["entrants"] == [
        None,
        None,
    ]
    # No body: agree is true by default.
    response = keeper_api.post(_url(t, waiting))
    assert response.status_code == 200, response.json()
    after = response.json()
    done = match_at(after, "winners", 1, 1)
    assert (done["status"], done["confirmed"]) == ("completed", True)
    assert done["winner"] == waiting["entrants"][0]
    assert match_at(after, "winners", 2, 1)["entrants"][0] == waiting["entrants"][0]
    revision = ResultRevision.objects.get(match_id=waiting["id"])
    assert (revision.action, revision.changed_by) == ("confirm", people.scorekeeper)
    again = keeper_api.post(_url(t, waiting), {"agree": True}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "nothing_to_confirm"


def test_a_dispute_waits_for_an_organiser(
    cup: dict[str, Any], keeper_api: APIClient, organiser_api: APIClient
) -> None:
    t = cup
    waiting = _won(keeper_api, t, side=1)
    disputed = keeper_api.post(_url(t, waiting), {"agree": False}, format="json")
    assert disputed.status_code == 200, disputed.json()
    match = match_at(disputed.json(), "winners", 1, 1)
    assert (match["status"], match["confirmed"]) == ("running", False)
    refused = keeper_api.post(_url(t, waiting), {"agree": True}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "result_disputed"
    assert "organiser" in refused.json()["detail"]
    settled = organiser_api.post(_url(t, waiting), {"agree": True}, format="json")
    assert settled.status_code == 200, settled.json()
    match = match_at(settled.json(), "winners", 1, 1)
    assert (match["status"], match["confirmed"]) == ("completed", True)
    assert match["winner"] == waiting["entrants"][1]


def test_who_may_confirm_and_what_the_body_takes(
    cup: dict[str, Any], keeper_api: APIClient, people: People
) -> None:
    t = cup
    waiting = _won(keeper_api, t)
    member = client_for(people.member).post(_url(t, waiting), {}, format="json")
    assert member.status_code == 403
    outsider = client_for(None).post(_url(t, waiting), {}, format="json")
    assert outsider.status_code == 401
    for body in ({"agree": "yes"}, {"agree": 1}, {"agree": True, "why": "x"}):
        bad = keeper_api.post(_url(t, waiting), body, format="json")
        assert bad.status_code == 400
        error_at(bad.json(), "agree" if "why" not in body else "why")
    missing = keeper_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/999999/confirm/", {}, format="json"
    )
    assert missing.status_code == 404
    # Still waiting after all the refusals.
    assert match_at(read(keeper_api, t["id"]), "winners", 1, 1)["confirmed"] is False


def test_the_schema_names_the_endpoint_and_confirmed(organiser_api: APIClient) -> None:
    schema = organiser_api.get("/api/v1/schema/", {"format": "json"})
    assert schema.status_code == 200
    body = schema.json()
    path = "/api/v1/tournaments/{tournament_id}/matches/{match_id}/confirm/"
    assert path in body["paths"]
    request = body["components"]["schemas"]["MatchConfirmInputRequest"]
    assert request["properties"]["agree"]["type"] == "boolean"
    assert "confirmed" in body["components"]["schemas"]["MatchOutput"]["required"]


@pytest.mark.parametrize("format", ["double_elimination", "round_robin", "swiss"])
def test_a_tournament_finishes_only_once_every_result_is_confirmed(
    club: Club, keeper_api: APIClient, format: str
) -> None:
    t = create(
        keeper_api,
        club,
        format=format,
        entrants=3 if format == "round_robin" else 2,
        settings={"confirm_results": True},
    )
    for _ in range(10):
        playable = [
            m
            for m in matches(t)
            if m["status"] in ("ready", "running") and len(m["entrants"]) == 2
        ]
        if not playable:
            break
        match = playable[0]
        game = start_game(keeper_api, t["id"], match["id"])
        win_game(keeper_api, game["id"], 0)
        t = read(keeper_api, t["id"])
        waiting = next(m for m in matches(t) if m["id"] == match["id"])
        assert (waiting["status"], waiting["confirmed"]) == ("running", False)
        assert t["status"] == "running"
        answer = keeper_api.post(_url(t, match), {"agree": True}, format="json")
        assert answer.status_code == 200, answer.json()
        t = answer.json()
    assert t["status"] == "finished"
    assert t["champion"] is not None
    assert all(m["confirmed"] for m in matches(t) if m["status"] == "completed")

"""Corrections in each format: a progressive table's result voided and its round
taken back, a double elimination's loser leaving the losers' bracket again, and
swaps (a night's partners again; round 1 of an elimination bracket or a round
robin through the seeds)."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, create, match_at, matches, read
from tournaments.brackets import swap
from tournaments.models import ResultRevision, Tournament
from tournaments.refusals import TournamentRefusal


def _result(t_id: int, match_id: int) -> str:
    return f"{TOURNAMENTS}{t_id}/matches/{match_id}/result/"


def _seed(t: dict[str, Any], number: int) -> int:
    return next(e["id"] for e in t["entrants"] if e["seed"] == number)


def _paper(api: APIClient, t_id: int, match: dict[str, Any], body: dict[str, Any]):
    response = api.post(_result(t_id, match["id"]), body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


# --- A progressive night --------------------------------------------------------


@pytest.fixture
def night(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Eight players (two tables of four), round 1 entered on paper."""
    t = create(
        organiser_api,
        club,
        format="progressive",
        entrants=8,
        settings={"hands_per_round": 2, "rounds": 3},
    )
    for table in matches(t):
        t = _paper(organiser_api, t["id"], table, {"scores": [7, 4]})
    return t


def test_a_night_s_table_voided_once_its_next_round_is_taken_back(
    night: dict[str, Any], organiser_api: APIClient
) -> None:
    t = night
    table = matches(t)[0]
    assert ResultRevision.objects.filter(match_id=table["id"], action="enter").exists()
    t = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/").json()
    refused = organiser_api.delete(_result(t["id"], table["id"]))
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_drawn_from_result"

    assert organiser_api.delete(f"{TOURNAMENTS}{t['id']}/rounds/2/").status_code == 200
    response = organiser_api.delete(_result(t["id"], table["id"]))
    assert response.status_code == 200, response.json()
    voided = next(m for m in matches(response.json()) if m["id"] == table["id"])
    assert voided["status"] == "ready"
    assert voided["scores"] is None
    assert voided["winners"] == []
    again = _paper(organiser_api, t["id"], voided, {"scores": [3, 8]})
    assert next(m for m in matches(again) if m["id"] == table["id"])["scores"] == [
        3,
        8,
    ]


def _partners(seats: list[int]) -> list[tuple[int, int]]:
    return [(seats[0], seats[2]), (seats[1], seats[3])] if len(seats) == 4 else []


def test_a_night_swap_says_when_partners_would_sit_together_again(
    night: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = organiser_api.post(f"{TOURNAMENTS}{night['id']}/rounds/").json()
    names = {e["id"]: e["name"] for e in t["entrants"]}
    first = [m["entrants"] for m in t["rounds"][0]["matches"] if m["table"]]
    second = [m["entrants"] for m in t["rounds"][1]["matches"] if m["table"]]
    now = {frozenset(pair) for seats in second for pair in _partners(seats)}
    tournament = Tournament.objects.get(pk=t["id"])
    for seats in second:
        for index, player in enumerate(seats):
            partner_seat = seats[(index + 2) % 4]
            for x, y in (p for s in first for p in _partners(s)):
                if player in (x, y) and frozenset((x, y)) not in now:
                    old = y if player == x else x
                    if old == partner_seat:
                        continue
                    warnings = swap.swap_warnings(tournament, partner_seat, old)
                    assert (
                        f"{names[old]} and {names[player]} were partners in round 1: "
                        "they would be partners again."
                    ) in warnings
                    swap.entrants_swap(
                        tournament_id=t["id"],
                        first=partner_seat,
                        second=old,
                        by=people.organiser,
                    )
                    seated = [
                        m["entrants"]
                        for m in read(organiser_api, t["id"])["rounds"][1]["matches"]
                        if m["table"]
                    ]
                    assert any(
                        frozenset((player, old)) in {frozenset(p) for p in _partners(s)}
                        for s in seated
                    )
                    return
    pytest.fail("no swap found that pairs round 1's partners again")


# --- Elimination and round robin ----------------------------------------------------


def test_a_double_elimination_loser_leaves_the_losers_bracket_when_voided(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="double_elimination",
        entrants=4,
        options={"target": 11},
    )
    first = match_at(t, "winners", 1, 1)
    t = _paper(
        organiser_api, t["id"], first, {"winner": _seed(t, 1), "scores": [11, 5]}
    )
    assert _seed(t, 4) in match_at(t, "losers", 1, 1)["entrants"]
    t = organiser_api.delete(_result(t["id"], first["id"])).json()
    assert _seed(t, 4) not in match_at(t, "losers", 1, 1)["entrants"]
    assert _seed(t, 1) not in match_at(t, "winners", 2, 1)["entrants"]


def test_an_elimination_swap_swaps_seeds_before_play_starts(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        options={"target": 11},
    )
    ann, bob = _seed(t, 1), _seed(t, 2)
    tournament = Tournament.objects.get(pk=t["id"])
    assert "Ann takes seed 2 and Bob seed 1." in swap.swap_warnings(
        tournament, ann, bob
    )
    swap.entrants_swap(
        tournament_id=t["id"], first=ann, second=bob, by=people.organiser
    )
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 1, 1)["entrants"] == [bob, _seed(t, 4)]
    assert match_at(t, "winners", 1, 2)["entrants"] == [ann, _seed(t, 3)]
    assert (
        ResultRevision.objects.filter(tournament_id=t["id"], action="swap").count() == 1
    )

    first = match_at(t, "winners", 1, 1)
    _paper(organiser_api, t["id"], first, {"winner": bob, "scores": [11, 2]})
    with pytest.raises(TournamentRefusal) as refused:
        swap.entrants_swap(
            tournament_id=t["id"], first=ann, second=bob, by=people.organiser
        )
    assert refused.value.code == "swap_started"


def test_a_round_robin_swap_lays_round_one_out_again(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=4)
    ann, cy = _seed(t, 1), _seed(t, 3)
    before = [set(m["entrants"]) for m in t["rounds"][0]["matches"]]
    swap.entrants_swap(tournament_id=t["id"], first=ann, second=cy, by=people.organiser)
    t = read(organiser_api, t["id"])
    flip = {ann: cy, cy: ann}
    expected = [{flip.get(e, e) for e in pair} for pair in before]
    after = [set(m["entrants"]) for m in t["rounds"][0]["matches"]]
    assert sorted(map(sorted, after)) == sorted(map(sorted, expected))
    assert [r["number"] for r in t["rounds"]] == [1]
    assert all(m["status"] == "ready" for m in matches(t))

"""Progressive nights through the API (EVENTS.md `progressive`): the services
store the pairing library's seating, follow each table's game or paper result,
draw each next round by the movement, and keep the tallies."""

from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.models import Game
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import NAMES, TOURNAMENTS, create, read, start_game

NIGHT = {"hands_per_round": 2, "rounds": 4}


def night(api: APIClient, club: Club, players: int, **kwargs: Any) -> dict[str, Any]:
    body = {**NIGHT, **kwargs.pop("settings", {})}
    return create(
        api, club, format="progressive", entrants=players, settings=body, **kwargs
    )


def current_round(t: dict[str, Any]) -> dict[str, Any]:
    return t["rounds"][-1]


def tables(round_: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in round_["matches"] if m["table"] is not None]


def paper(
    api: APIClient, t_id: int, match_id: int, scores: list[int], expect: int = 200
) -> dict[str, Any]:
    response = api.post(
        f"{TOURNAMENTS}{t_id}/matches/{match_id}/result/",
        {"scores": scores},
        format="json",
    )
    assert response.status_code == expect, response.json()
    return response.json()


def next_round(api: APIClient, t_id: int, expect: int = 201) -> dict[str, Any]:
    response = api.post(f"{TOURNAMENTS}{t_id}/rounds/")
    assert response.status_code == expect, response.json()
    return response.json()


def sides(seats: list[int]) -> list[list[int]]:
    if len(seats) == 4:
        return [seats[0::2], seats[1::2]]
    return [[player] for player in seats]


def movers(match: dict[str, Any], seeds: dict[int, int]) -> set[int]:
    """Who moves up, computed here from EVENTS.md (not the library)."""
    seats, scores = match["entrants"], match["scores"]
    if len(seats) == 4:
        return set(seats[0::2] if scores[0] > scores[1] else seats[1::2])
    ranked = sorted(range(len(seats)), key=lambda i: (-scores[i], seeds[seats[i]]))
    return {seats[i] for i in ranked[:2]}


# --- Creating -------------------------------------------------------------------


def test_a_night_fills_its_settings_and_seats_round_one_in_order(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 9, settings={"hands_per_round": 6})
    assert t["format"] == "progressive"
    assert t["settings"] == {
        "rounds": 4,
        "hands_per_round": 6,
        "movement": "winners_up",
        "scoring": "points",
        "seeding": "given",
    }
    assert t["options"]["hand_limit"] == 6
    ids = [e["id"] for e in t["entrants"]]
    first = current_round(t)
    assert first["number"] == 1
    assert [m["entrants"] for m in tables(first)] == [ids[:4], ids[4:]]
    assert [m["table"] for m in tables(first)] == [1, 2]
    assert all(m["status"] == "ready" and m["wins"] == [] for m in first["matches"])
    assert [s["points_for"] for s in t["standings"]] == [0] * 9


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"team_size": 2}, "team_size"),
        ({"entrants": 3}, "entrants"),
        ({"settings": {"movement": "sideways"}}, "settings"),
        ({"settings": {"scoring": "goals"}}, "settings"),
        ({"settings": {"hands_per_round": 0}}, "settings"),
        ({"settings": {"rounds": 0}}, "settings"),
        ({"settings": {"games_per_match": 3}}, "settings"),
    ],
)
def test_a_bad_night_is_refused_naming_the_field(
    club: Club, organiser_api: APIClient, changes: dict[str, Any], field: str
) -> None:
    entrants = changes.pop("entrants", 8)
    body = night(
        organiser_api, club, entrants, expect=400, **changes
    )  # fmt: skip
    assert field in body, body


# --- Tables played at the table ---------------------------------------------------


def test_a_table_of_four_plays_a_partnership_game_of_fixed_hands(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 8)
    table = tables(current_round(t))[0]
    game = start_game(organiser_api, t["id"], table["id"])
    assert game["partnership"] is True
    assert game["options"]["hand_limit"] == 2
    row = Game.objects.get(pk=game["id"])
    by_name = {e["players"][0]["id"]: e["id"] for e in t["entrants"]}
    seated = [by_name[s.player_id] for s in row.seats.order_by("number")]
    assert seated == table["entrants"]
    hand = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}}
    for _ in range(2):
        response = organiser_api.post(
            f"/api/v1/games/{game['id']}/hands/", hand, format="json"
        )
        assert response.status_code == 201, response.json()
    assert response.json()["status"] == "finished"
    done = tables(current_round(read(organiser_api, t["id"])))[0]
    assert done["status"] == "completed"
    assert done["scores"] == [0, 4]
    assert set(done["winners"]) == set(table["entrants"][1::2])
    assert done["winner"] is None


def test_a_solo_table_of_five_plays_each_for_themself(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 9)
    table = tables(current_round(t))[1]
    assert len(table["entrants"]) == 5
    game = start_game(organiser_api, t["id"], table["id"])
    assert game["partnership"] is False
    assert len(game["scores"]) == 5
    # A game without hands (started by mistake) gives way to a paper result.
    t = paper(organiser_api, t["id"], table["id"], [3, 1, 4, 1, 5])
    done = tables(current_round(t))[1]
    assert done["winners"] == [table["entrants"][2], table["entrants"][4]]
    assert done["games"] == []


# --- Paper results and the next round ----------------------------------------------


def test_paper_results_are_checked_per_side(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 11)
    four, three = tables(current_round(t))[0], tables(current_round(t))[-1]
    assert len(three["entrants"]) == 3
    assert "scores" in paper(organiser_api, t["id"], four["id"], [5], expect=400)
    tied = paper(organiser_api, t["id"], four["id"], [5, 5], expect=400)
    assert "tied at 5" in str(tied["scores"])
    assert "scores" in paper(organiser_api, t["id"], three["id"], [1, 2], expect=400)
    response = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{four['id']}/result/",
        {"winner": four["entrants"][0]},
        format="json",
    )
    assert response.status_code == 400
    # A solo table tied at the top plays another hand too (issue 22).
    assert "tied at 2" in str(
        paper(organiser_api, t["id"], three["id"], [2, 2, 1], expect=400)["scores"]
    )
    done = paper(organiser_api, t["id"], three["id"], [2, 1, 1])
    table = next(m for m in tables(current_round(done)) if m["id"] == three["id"])
    assert table["on_paper"]
    assert table["scores"] == [2, 1, 1]
    assert table["winners"] == three["entrants"][:2]


def test_the_next_round_waits_for_every_table_and_the_last_round_ends_the_night(
    club: Club, organiser_api: APIClient, keeper_api: APIClient
) -> None:
    t = night(organiser_api, club, 8, settings={"rounds": 2})
    first, second = tables(current_round(t))
    paper(organiser_api, t["id"], first["id"], [6, 2])
    assert next_round(keeper_api, t["id"], expect=409)["code"] == "round_open"
    paper(organiser_api, t["id"], second["id"], [1, 3])
    t = next_round(keeper_api, t["id"])
    assert current_round(t)["number"] == 2
    assert t["status"] == "running"
    for table in tables(current_round(t)):
        t = paper(organiser_api, t["id"], table["id"], [4, 0])
    assert t["status"] == "finished"
    assert t["champion"] == t["standings"][0]["entrant"]
    assert next_round(keeper_api, t["id"], expect=409)["code"] == "last_round_played"


# --- Whole nights: the movement and the tallies -------------------------------------


def check_round(
    before: dict[str, Any], after: dict[str, Any], seeds: dict[int, int], present: set
) -> None:
    """EVENTS.md's winners_up movement from `before` (completed) to `after`."""
    old, new = tables(before), tables(after)
    seated = [p for m in new for p in m["entrants"]]
    out = [m["entrants"][0] for m in after["matches"] if m["table"] is None]
    # Everyone present is seated (or sits out) exactly once.
    assert sorted(seated + out) == sorted(present)
    where = {p: m["table"] for m in new for p in m["entrants"]}
    last = len(old)
    same_layout = [len(m["entrants"]) for m in old] == [len(m["entrants"]) for m in new]
    for match in old:
        up = movers(match, seeds)
        for player in match["entrants"]:
            if player not in where or not same_layout:
                continue
            if match["table"] == 1:
                expected = 1 if player in up else last
            else:
                expected = match["table"] - 1 if player in up else match["table"]
            if len(match["entrants"]) == 4 and len(old) > 1:
                assert where[player] == expected, (player, match, new)
    # Nobody keeps a partner two rounds running at a table of four.
    partners = {
        frozenset(side)
        for m in old
        if len(m["entrants"]) == 4
        for side in sides(m["entrants"])
    }
    for match in new:
        if len(match["entrants"]) == 4:
            for side in sides(match["entrants"]):
                assert frozenset(side) not in partners, (side, match)


def run_night(
    api: APIClient, club: Club, players: int, scores: st.DataObject, rounds: int = 4
) -> None:
    t = night(api, club, players, settings={"rounds": rounds})
    seeds = {e["id"]: e["seed"] for e in t["entrants"]}
    tally: dict[int, int] = defaultdict(int)
    for number in range(1, rounds + 1):
        round_ = current_round(t)
        assert round_["number"] == number
        for table in tables(round_):
            count = 2 if len(table["entrants"]) == 4 else len(table["entrants"])
            # Within what 2 hands a round can give (tournaments.matches.bounds).
            drawn = scores.draw(
                # A tie at the top is refused (one more hand is played).
                st.lists(st.integers(-4, 8), min_size=count, max_size=count).filter(
                    lambda s: s.count(max(s)) == 1
                )
            )
            t = paper(api, t["id"], table["id"], drawn)
            for side, points in zip(sides(table["entrants"]), drawn, strict=True):
                for player in side:
                    tally[player] += points
        done = current_round(t)
        if number < rounds:
            assert t["status"] == "running"
            t = next_round(api, t["id"])
            check_round(done, current_round(t), seeds, set(seeds))
    assert t["status"] == "finished"
    standings = t["standings"]
    assert {s["entrant"]: s["points_for"] for s in standings} == dict(tally)
    ranked = [s["points_for"] for s in standings]
    assert ranked == sorted(ranked, reverse=True)
    assert t["champion"] == standings[0]["entrant"]


@pytest.mark.parametrize("players", [8, 9, 10, 11, 12, 16])
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(scores=st.data())
def test_a_whole_night_moves_and_tallies_as_events_says(
    club: Club, organiser_api: APIClient, players: int, scores: st.DataObject
) -> None:
    run_night(organiser_api, club, players, scores)


def test_the_fixed_movement_keeps_north_and_moves_the_others(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 12, settings={"movement": "fixed"})
    old = tables(current_round(t))
    for table in old:
        t = paper(organiser_api, t["id"], table["id"], [5, 1])
    t = next_round(organiser_api, t["id"])
    new = tables(current_round(t))
    for index in range(3):
        north, east, south, west = old[index]["entrants"]
        assert new[index]["entrants"][0] == north
        assert new[(index + 1) % 3]["entrants"][2] == south
        assert new[(index - 1) % 3]["entrants"][1] == east
        assert new[(index - 2) % 3]["entrants"][3] == west


# --- Arrivals, leavers, sit-outs ---------------------------------------------------


def test_a_late_arrival_joins_the_last_table_and_a_leaver_keeps_their_tally(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    member_api = client_for(people.member)
    t = night(organiser_api, club, 8)
    ids = [e["id"] for e in t["entrants"]]
    url = f"{TOURNAMENTS}{t['id']}/players/"
    assert member_api.post(url, {"player": "Zoe"}, format="json").status_code == 403
    response = organiser_api.post(url, {"player": "Zoe"}, format="json")
    assert response.status_code == 201, response.json()
    t = response.json()
    zoe = t["entrants"][-1]
    assert (zoe["name"], zoe["seed"]) == ("Zoe", 9)
    again = organiser_api.post(url, {"player": "Zoe"}, format="json")
    assert again.status_code == 400
    # Zoe is not seated in the round being played.
    assert zoe["id"] not in [p for m in tables(current_round(t)) for p in m["entrants"]]
    first, second = tables(current_round(t))
    paper(organiser_api, t["id"], first["id"], [7, 3])
    paper(organiser_api, t["id"], second["id"], [2, 6])
    t = next_round(organiser_api, t["id"])
    seated = {m["table"]: m["entrants"] for m in tables(current_round(t))}
    assert zoe["id"] in seated[2]
    assert len(seated[2]) == 5
    # Ann goes home after round 2: she keeps her tally and is not seated again.
    leave = organiser_api.post(f"{url}{ids[0]}/leave/")
    assert leave.status_code == 200, leave.json()
    assert leave.json()["entrants"][0]["left"] is True
    twice = organiser_api.post(f"{url}{ids[0]}/leave/")
    assert (twice.status_code, twice.json()["code"]) == (409, "already_left")
    first, second = tables(current_round(t))
    t = paper(organiser_api, t["id"], first["id"], [4, 1])
    t = paper(organiser_api, t["id"], second["id"], [2, 6, 1, 0, 3])
    before = {s["entrant"]: s["points_for"] for s in t["standings"]}
    t = next_round(organiser_api, t["id"])
    seated = {m["table"]: m["entrants"] for m in tables(current_round(t))}
    assert ids[0] not in [p for players in seated.values() for p in players]
    assert sorted(len(players) for players in seated.values()) == [4, 4]
    tally = {s["entrant"]: s["points_for"] for s in t["standings"]}
    assert tally == before
    assert tally[ids[0]] == 7 + (4 if ids[0] in first["entrants"][0::2] else 1)


def test_thirteen_has_no_solo_play_so_the_odd_players_sit_out_in_turn(
    club: Club, organiser_api: APIClient
) -> None:
    body = {
        "club": club.slug,
        "name": "Thirteen night",
        "format": "progressive",
        "variant": "thirteen",
        "settings": {"hands_per_round": 2, "rounds": 3},
        "entrants": NAMES[:10],
    }
    response = organiser_api.post(TOURNAMENTS, body, format="json")
    assert response.status_code == 201, response.json()
    t = response.json()
    out: list[int] = []
    for number in range(1, 4):
        round_ = current_round(t)
        byes = [m for m in round_["matches"] if m["table"] is None]
        assert len(byes) == 2
        assert all(m["status"] == "completed" for m in byes)
        out += [m["entrants"][0] for m in byes]
        for table in tables(round_):
            t = paper(organiser_api, t["id"], table["id"], [3, 1])
        if number < 3:
            t = next_round(organiser_api, t["id"])
    # Nobody sits out twice while someone has not sat out.
    assert len(set(out)) == len(out) == 6
    byes = {s["entrant"]: s["byes"] for s in t["standings"]}
    assert sorted(byes.values()) == [0] * 4 + [1] * 6
    assert t["status"] == "finished"

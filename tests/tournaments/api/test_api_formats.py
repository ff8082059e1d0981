"""Every format end to end through the API: create, start each match's game at its
table, record hands through /api/v1/games/{id}/hands/ until won, and the draw
follows by itself (Swiss: draw each next round) until the champion."""

from collections import Counter
from itertools import combinations
from typing import Any

from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import (
    TOURNAMENTS,
    create,
    entrant_ids,
    match_at,
    matches,
    play,
    read,
    ready,
    start_game,
    win_game,
)


def _seeds(tournament: dict[str, Any]) -> dict[int, int]:
    return {e["id"]: e["seed"] for e in tournament["entrants"]}


def test_single_elimination_byes_to_top_seeds_then_champion(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api, club, format="single_elimination", entrants=5,
        settings={"third_place": True},
    )  # fmt: skip
    seed = _seeds(t)
    assert t["status"] == "running"
    assert t["settings"] == {
        "games_per_match": 1,
        "seeding": "given",
        "third_place": True,
    }
    assert t["options"]["target"] == 3
    assert "pitcher_only_win" in t["options"]
    first = next(r for r in t["rounds"] if r == t["rounds"][0])
    assert (first["bracket"], first["number"]) == ("winners", 1)
    # Size 8: 1-8, 4-5, 2-7, 3-6; seeds 6, 7, 8 do not exist, so 1, 2, 3 have byes.
    drawn = [[seed[e] for e in m["entrants"]] for m in first["matches"]]
    assert drawn == [[1], [4, 5], [2], [3]]
    assert [m["status"] for m in first["matches"]] == [
        "completed", "ready", "completed", "completed"
    ]  # fmt: skip
    # Byes are won at once; the second round's first match waits for 4-5's winner.
    semi = match_at(t, "winners", 2, 1)
    assert semi["status"] == "waiting"
    assert [seed[e] for e in semi["entrants"] if e] == [1]
    assert semi["entrants"][1] is None
    assert semi["table"] is None
    assert match_at(t, "winners", 2, 2)["status"] == "ready"
    # Every open match has its own table.
    tables = [m["table"] for m in ready(t)]
    assert len(set(tables)) == len(tables)
    assert None not in tables

    while t["status"] != "finished":
        match = ready(t)[0]
        # The lower seed wins every time, for a bracket that is not the obvious one.
        winner = max(match["entrants"], key=lambda e: seed[e])
        t = play(organiser_api, t["id"], match, winner)

    final = match_at(t, "winners", 3, 1)
    third = match_at(t, "final", 1, 1)
    assert t["champion"] == final["winner"]
    assert t["standings"][0]["entrant"] == t["champion"]
    assert t["standings"][2]["entrant"] == third["winner"]
    # Nobody was knocked out twice, and everyone but the champion lost once (the
    # third-place match gives its loser a second loss).
    losses = Counter(
        next(e for e in m["entrants"] if e != m["winner"])
        for m in matches(t)
        if len(m["entrants"]) == 2
    )
    assert t["champion"] not in losses
    assert all(count <= 2 for count in losses.values())
    assert all(m["status"] == "completed" for m in matches(t))


def test_double_elimination_of_teams_with_a_grand_final_reset(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api, club, format="double_elimination", entrants=4, team_size=2
    )
    names = entrant_ids(t)
    team = {e["id"]: [p["name"] for p in e["players"]] for e in t["entrants"]}
    first = match_at(t, "winners", 1, 1)
    # A partnership game of four: team A at seats 0 and 2, team B at 1 and 3.
    game = start_game(organiser_api, t["id"], first["id"])
    a, b = (team[e] for e in first["entrants"])
    assert game["players"] == [a[0], b[0], a[1], b[1]]
    assert game["partnership"] is True
    assert game["sides"] == [[0, 2], [1, 3]]
    assert game["club"] == club.slug
    win_game(organiser_api, game["id"], 0)
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 1, 1)["status"] == "completed"
    assert match_at(t, "winners", 1, 1)["games"] == [game["id"]]

    # The favourites win the winners' bracket; the team that lost first comes back
    # through the losers' bracket and beats them twice in the final.
    comeback = first["entrants"][1]
    while t["status"] != "finished":
        match = ready(t)[0]
        if comeback in match["entrants"]:
            winner = comeback
        else:
            winner = min(match["entrants"], key=lambda e: _seeds(t)[e])
        t = play(organiser_api, t["id"], match, winner)

    assert [r["bracket"] for r in t["rounds"]] == [
        "winners", "winners", "losers", "losers", "final", "final"
    ]  # fmt: skip
    reset = match_at(t, "final", 2, 1)
    assert reset["winner"] == comeback == t["champion"]
    losses = Counter(
        next(e for e in m["entrants"] if e != m["winner"])
        for m in matches(t)
        if len(m["entrants"]) == 2
    )
    assert losses[comeback] == 1
    assert all(losses[e] == 2 for e in names.values() if e != comeback)


def test_double_elimination_without_reset_when_the_winners_champion_wins(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="double_elimination", entrants=3)
    seed = _seeds(t)
    # With the default reset, the reset waits for the grand final.
    assert match_at(t, "final", 2, 1)["status"] == "waiting"
    while t["status"] != "finished":
        match = ready(t)[0]
        t = play(organiser_api, t["id"], match, min(match["entrants"], key=seed.get))
    assert [r["bracket"] for r in t["rounds"]][-1] == "final"
    # The winners' champion won the grand final: no reset is played (or shown).
    assert not any(r["bracket"] == "final" and r["number"] == 2 for r in t["rounds"])
    assert seed[t["champion"]] == 1


def test_round_robin_rounds_appear_as_results_come_in(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=5)
    assert len(t["rounds"]) == 1
    met: list[frozenset[int]] = []
    byes: Counter[int] = Counter()
    for number in range(1, 6):
        current = t["rounds"][-1]
        assert current["number"] == number
        assert current["bracket"] == "main"
        pairs = [m for m in current["matches"] if len(m["entrants"]) == 2]
        bye = [m for m in current["matches"] if len(m["entrants"]) == 1]
        assert len(pairs) == 2
        assert len(bye) == 1
        assert bye[0]["status"] == "completed"
        byes[bye[0]["entrants"][0]] += 1
        assert [m["table"] for m in pairs] == [1, 2]
        for match in pairs:
            met.append(frozenset(match["entrants"]))
            t = play(organiser_api, t["id"], match, match["entrants"][0])
        assert len(t["rounds"]) == (number + 1 if number < 5 else 5)
    assert t["status"] == "finished"
    # Everyone met everyone exactly once; everyone had one bye.
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(entrant_ids(t).values(), 2)),
        key=sorted,
    )
    assert set(byes.values()) == {1}
    assert t["champion"] == t["standings"][0]["entrant"]
    line = t["standings"][0]
    assert set(line["measures"]) >= {"head_to_head", "points_difference"}
    # A bye is not a win in a round robin.
    assert sum(s["won"] for s in t["standings"]) == 10


def test_swiss_draws_each_round_on_demand(club: Club, organiser_api: APIClient) -> None:
    t = create(organiser_api, club, format="swiss", entrants=6)
    seed = _seeds(t)
    assert t["settings"]["rounds"] == 3  # ceil(log2 6)
    # Round 1: the top half against the bottom half.
    assert [[seed[e] for e in m["entrants"]] for m in t["rounds"][0]["matches"]] == [
        [1, 4], [2, 5], [3, 6]
    ]  # fmt: skip
    draw = f"{TOURNAMENTS}{t['id']}/rounds/"
    refused = organiser_api.post(draw)
    assert refused.status_code == 409
    assert refused.json()["code"] == "round_open"
    assert "Round 1 match 1" in refused.json()["detail"]
    met: set[frozenset[int]] = set()
    for number in range(1, 4):
        if number > 1:
            drawn = organiser_api.post(draw)
            assert drawn.status_code == 201, drawn.json()
            t = drawn.json()
        current = t["rounds"][-1]
        assert current["number"] == number
        for match in current["matches"]:
            pair = frozenset(match["entrants"])
            assert pair not in met
            met.add(pair)
            t = play(
                organiser_api, t["id"], match, min(match["entrants"], key=seed.get)
            )
    assert t["status"] == "finished"
    last = organiser_api.post(draw)
    assert last.status_code == 409
    assert last.json()["code"] == "last_round_played"
    assert t["champion"] == t["standings"][0]["entrant"]
    assert seed[t["champion"]] == 1
    assert set(t["standings"][0]["measures"]) >= {"buchholz", "points_difference"}


def test_swiss_with_an_odd_number_gives_the_bye_to_the_lowest(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=5, settings={"rounds": 2})
    seed = _seeds(t)
    bye = t["rounds"][0]["matches"][-1]
    assert len(bye["entrants"]) == 1
    assert seed[bye["entrants"][0]] == 5
    assert bye["status"] == "completed"
    assert bye["winner"] == bye["entrants"][0]
    assert bye["table"] is None


def test_a_best_of_three_match_takes_a_majority_of_games(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api, club, format="single_elimination", entrants=2,
        settings={"games_per_match": 3},
    )  # fmt: skip
    match = matches(t)[0]
    _a, b = match["entrants"]
    first = start_game(organiser_api, t["id"], match["id"])
    assert first["first_dealer"] == 0
    # A second game cannot start while the first is being played.
    busy = organiser_api.post(f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/game/")
    assert busy.status_code == 409
    assert busy.json()["code"] == "match_not_open"
    win_game(organiser_api, first["id"], 0)
    t = read(organiser_api, t["id"])
    match = matches(t)[0]
    assert (match["status"], match["wins"], match["winner"]) == (
        "running",
        [1, 0],
        None,
    )
    second = start_game(organiser_api, t["id"], match["id"])
    # The deal moves on one seat each game.
    assert second["first_dealer"] == 1
    win_game(organiser_api, second["id"], 1)
    third = start_game(organiser_api, t["id"], match["id"])
    win_game(organiser_api, third["id"], 1)
    t = read(organiser_api, t["id"])
    match = matches(t)[0]
    assert match["status"] == "completed"
    assert match["wins"] == [1, 2]
    assert match["winner"] == b == t["champion"]
    assert match["games"] == [first["id"], second["id"], third["id"]]
    assert match["scores"] == [0, 4]
    assert t["status"] == "finished"

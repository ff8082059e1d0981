"""A match's result follows its game through the game hook, in the game's
transaction: corrections and undos move the bracket while nothing that depends on
them has started, and are refused (naming the match) once something has. Results
played on paper; an abandoned game."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.models import Game
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
    win_game,
)


def _seed(t: dict[str, Any], number: int) -> int:
    return next(e["id"] for e in t["entrants"] if e["seed"] == number)


def _game(api: APIClient, game_id: int) -> dict[str, Any]:
    return api.get(f"/api/v1/games/{game_id}/").json()


@pytest.fixture
def cup(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Four entrants, single elimination: 1 v 4 and 2 v 3, then the final."""
    return create(organiser_api, club, format="single_elimination", entrants=4)


def test_a_correction_moves_the_bracket_until_the_dependent_match_starts(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], first["id"])
    win_game(organiser_api, game["id"], 0)
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 1), None]

    # The scorekeeper credited the wrong seat: corrected, the other entrant won,
    # and it is they who wait in the final.
    fixed = organiser_api.put(
        f"/api/v1/games/{game['id']}/hands/1/", hand_for(1), format="json"
    )
    assert fixed.status_code == 200, fixed.json()
    assert fixed.json()["winner"] == 1
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 1, 1)["winner"] == _seed(t, 4)
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 4), None]

    t = play(organiser_api, t["id"], match_at(t, "winners", 1, 2), _seed(t, 2))
    final = match_at(t, "winners", 2, 1)
    assert final["status"] == "ready"
    start_game(organiser_api, t["id"], final["id"])

    # Now the final is being played: the first match's winner can no longer change.
    refused = organiser_api.put(
        f"/api/v1/games/{game['id']}/hands/1/", hand_for(0), format="json"
    )
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "result_depended_on"
    assert body["detail"].startswith("Final (Di v Bob) has started")
    assert "semi-final 1" in body["detail"]
    # Nothing was written: the game and the bracket are as they were.
    assert _game(organiser_api, game["id"])["winner"] == 1
    assert match_at(read(organiser_api, t["id"]), "winners", 1, 1)["winner"] == _seed(
        t, 4
    )
    # An undo that would reopen the game is refused the same way.
    undo = organiser_api.delete(f"/api/v1/games/{game['id']}/hands/1/")
    assert undo.status_code == 409
    assert undo.json()["code"] == "result_depended_on"
    # A correction that keeps the winner is no change of result: it goes through.
    same = organiser_api.put(
        f"/api/v1/games/{game['id']}/hands/1/",
        {"pitcher": 1, "bid": 3, "awards": {"high": 1, "low": 1, "jack": 1}},
        format="json",
    )
    assert same.status_code == 200, same.json()
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 1, 1)["scores"] == [0, 3]


def test_an_undo_reopens_the_match_and_its_winner_leaves_the_next_round(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    t = play(organiser_api, cup["id"], match_at(cup, "winners", 1, 2), _seed(cup, 2))
    first = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], first["id"])
    win_game(organiser_api, game["id"], 0)
    t = read(organiser_api, t["id"])
    final = match_at(t, "winners", 2, 1)
    assert final["status"] == "ready"
    assert final["table"] is not None

    undone = organiser_api.delete(f"/api/v1/games/{game['id']}/hands/1/")
    assert undone.status_code == 200, undone.json()
    t = read(organiser_api, t["id"])
    first = match_at(t, "winners", 1, 1)
    assert first["status"] == "running"
    assert first["winner"] is None
    assert first["wins"] == [0, 0]
    assert first["game_in_progress"] == game["id"]
    final = match_at(t, "winners", 2, 1)
    assert final["status"] == "waiting"
    assert final["entrants"] == [None, _seed(t, 2)]
    assert final["table"] is None

    win_game(organiser_api, game["id"], 1)
    t = read(organiser_api, t["id"])
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 4), _seed(t, 2)]
    assert match_at(t, "winners", 2, 1)["status"] == "ready"


def test_the_final_can_be_corrected_after_the_tournament_finished(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=2)
    match = matches(t)[0]
    game = start_game(organiser_api, t["id"], match["id"])
    win_game(organiser_api, game["id"], 0)
    t = read(organiser_api, t["id"])
    assert t["status"] == "finished"
    assert t["champion"] == _seed(t, 1)
    organiser_api.put(
        f"/api/v1/games/{game['id']}/hands/1/", hand_for(1), format="json"
    )
    t = read(organiser_api, t["id"])
    assert t["champion"] == _seed(t, 2)
    organiser_api.delete(f"/api/v1/games/{game['id']}/hands/1/")
    t = read(organiser_api, t["id"])
    assert t["status"] == "running"
    assert t["champion"] is None


def test_a_swiss_round_drawn_from_a_corrected_result_is_drawn_again(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4, settings={"rounds": 3})
    games = []
    for match in t["rounds"][0]["matches"]:
        game = start_game(organiser_api, t["id"], match["id"])
        win_game(organiser_api, game["id"], 0)
        games.append(game["id"])
    drawn = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/")
    assert drawn.status_code == 201
    before = [m["entrants"] for m in drawn.json()["rounds"][1]["matches"]]
    # Seeds 1 and 2 won: they meet; 3 v 4 … no: 4 and 3 lost and meet.
    assert sorted(map(sorted, before)) == sorted(
        [sorted([_seed(t, 1), _seed(t, 2)]), sorted([_seed(t, 3), _seed(t, 4)])]
    )
    # Seed 3 in fact beat seed 1: round 2 (not started) is drawn again from that.
    organiser_api.put(f"/api/v1/games/{games[0]}/hands/1/", hand_for(1), format="json")
    t = read(organiser_api, t["id"])
    after = [sorted(m["entrants"]) for m in t["rounds"][1]["matches"]]
    assert sorted([_seed(t, 3), _seed(t, 2)]) in after
    # Once a match of round 2 started, round 1's results stand.
    start_game(organiser_api, t["id"], t["rounds"][1]["matches"][1]["id"])
    refused = organiser_api.put(
        f"/api/v1/games/{games[0]}/hands/1/", hand_for(0), format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith("Round 2 match 2 (")


def test_an_undo_in_a_swiss_takes_back_the_undrawn_next_round(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4)
    games = []
    for match in t["rounds"][0]["matches"]:
        game = start_game(organiser_api, t["id"], match["id"])
        win_game(organiser_api, game["id"], 0)
        games.append(game["id"])
    organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/")
    organiser_api.delete(f"/api/v1/games/{games[1]}/hands/1/")
    t = read(organiser_api, t["id"])
    assert len(t["rounds"]) == 1
    assert t["rounds"][0]["matches"][1]["status"] == "running"


# --- Paper results --------------------------------------------------------------------


def _result(api: APIClient, t: dict[str, Any], match: dict[str, Any], body: Any) -> Any:
    return api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/", body, format="json"
    )


def test_an_organiser_enters_a_result_played_on_paper(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    match = match_at(cup, "winners", 1, 1)
    answer = _result(
        organiser_api, cup, match, {"winner": _seed(cup, 4), "scores": [9, 11]}
    )
    assert answer.status_code == 200, answer.json()
    t = answer.json()
    done = match_at(t, "winners", 1, 1)
    assert done["status"] == "completed"
    assert done["winner"] == _seed(t, 4)
    assert done["scores"] == [9, 11]
    assert done["wins"] == [0, 1]
    assert done["on_paper"] is True
    assert match_at(t, "winners", 2, 1)["entrants"] == [_seed(t, 4), None]
    # Standings count the paper points.
    line = next(s for s in t["standings"] if s["entrant"] == _seed(t, 4))
    assert (line["points_for"], line["points_against"]) == (11, 9)
    # A completed match takes no second result.
    again = _result(organiser_api, t, done, {"winner": _seed(t, 1)})
    assert again.status_code == 409
    assert again.json()["code"] == "match_not_open"


def test_a_paper_result_names_what_is_wrong(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    match = match_at(cup, "winners", 1, 1)
    outside = _result(organiser_api, cup, match, {"winner": _seed(cup, 2)})
    assert outside.status_code == 400
    assert "winner" in outside.json()
    scores = _result(
        organiser_api, cup, match, {"winner": _seed(cup, 1), "scores": [11]}
    )
    assert scores.status_code == 400
    assert "scores" in scores.json()
    waiting = _result(
        organiser_api, cup, match_at(cup, "winners", 2, 1), {"winner": _seed(cup, 1)}
    )
    assert waiting.status_code == 409
    assert "not known yet" in waiting.json()["detail"]
    unknown = organiser_api.post(
        f"{TOURNAMENTS}{cup['id']}/matches/999999/result/",
        {"winner": 1},
        format="json",
    )
    assert unknown.status_code == 404


def test_a_paper_result_is_refused_once_the_game_has_hands(
    cup: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    match = match_at(cup, "winners", 1, 1)
    game = start_game(organiser_api, cup["id"], match["id"])
    organiser_api.post(
        f"/api/v1/games/{game['id']}/hands/",
        {"pitcher": 0, "bid": 2, "awards": {"high": 0, "low": 0}},
        format="json",
    )
    refused = _result(organiser_api, cup, match, {"winner": _seed(cup, 1)})
    assert refused.status_code == 409
    assert refused.json()["code"] == "match_has_hands"
    assert f"game {game['id']}" in refused.json()["detail"]
    # A scorekeeper starts games but does not enter paper results.
    keeper = _result(client_for(people.scorekeeper), cup, match, {"winner": 1})
    assert keeper.status_code == 403


def test_a_game_started_by_mistake_gives_way_to_a_paper_result(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    match = match_at(cup, "winners", 1, 1)
    game = start_game(organiser_api, cup["id"], match["id"])
    answer = _result(organiser_api, cup, match, {"winner": _seed(cup, 1)})
    assert answer.status_code == 200
    done = match_at(answer.json(), "winners", 1, 1)
    assert done["games"] == []
    assert done["scores"] is None
    # The set-aside game is the table's no more: winning it changes nothing.
    win_game(organiser_api, game["id"], 1)
    assert match_at(read(organiser_api, cup["id"]), "winners", 1, 1) == done


# --- An abandoned game ----------------------------------------------------------------


def test_an_abandoned_game_puts_the_match_back_to_ready(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    match = match_at(cup, "winners", 1, 1)
    started = start_game(organiser_api, cup["id"], match["id"])
    organiser_api.post(
        f"/api/v1/games/{started['id']}/hands/",
        {"pitcher": 0, "bid": 2, "awards": {"high": 0, "low": 0}},
        format="json",
    )
    abandoned = organiser_api.post(f"/api/v1/games/{started['id']}/abandon/")
    assert abandoned.status_code == 200, abandoned.json()
    t = read(organiser_api, cup["id"])
    again = match_at(t, "winners", 1, 1)
    assert again["status"] == "ready"
    assert again["games"] == []
    assert again["game_in_progress"] is None
    assert again["table"] == match["table"]
    # While the match waits, the table may take its game back.
    resumed = organiser_api.post(f"/api/v1/games/{started['id']}/resume/")
    assert resumed.status_code == 200, resumed.json()
    back = match_at(read(organiser_api, cup["id"]), "winners", 1, 1)
    assert back["status"] == "running"
    assert back["game_in_progress"] == started["id"]
    # Abandoned again, and a new game started: the old one can no longer come back.
    organiser_api.post(f"/api/v1/games/{started['id']}/abandon/")
    replay = start_game(organiser_api, cup["id"], match["id"])
    refused = organiser_api.post(f"/api/v1/games/{started['id']}/resume/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "result_depended_on"
    assert f"game {replay['id']} is being played for it" in refused.json()["detail"]
    win_game(organiser_api, replay["id"], 0)
    t = read(organiser_api, cup["id"])
    assert match_at(t, "winners", 1, 1)["games"] == [replay["id"]]
    assert match_at(t, "winners", 1, 1)["winner"] == _seed(t, 1)


def test_a_game_deleted_before_its_first_hand_frees_the_match(
    cup: dict[str, Any], organiser_api: APIClient
) -> None:
    match = match_at(cup, "winners", 1, 1)
    started = start_game(organiser_api, cup["id"], match["id"])
    deleted = organiser_api.delete(f"/api/v1/games/{started['id']}/")
    assert deleted.status_code in (200, 204), deleted.content
    assert not Game.objects.filter(pk=started["id"]).exists()
    again = match_at(read(organiser_api, cup["id"]), "winners", 1, 1)
    assert again["status"] == "ready"
    assert again["games"] == []
    start_game(organiser_api, cup["id"], match["id"])


def test_a_game_outside_tournaments_is_left_alone(
    club: Club, organiser_api: APIClient
) -> None:
    created = organiser_api.post(
        "/api/v1/games/",
        {"variant": "auction", "players": ["Ann", "Bob"], "club": club.slug,
         "options": {"target": 3}},
        format="json",
    )  # fmt: skip
    win_game(organiser_api, created.json()["id"], 0)
    assert _game(organiser_api, created.json()["id"])["status"] == "finished"

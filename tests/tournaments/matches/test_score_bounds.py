"""Scores have bounds (issue 22, item 9): a paper result's scores, a match's or a
progressive table's, are whole numbers within what the match's game can produce.
One definition (tournaments.matches.bounds) for the API, the match page and the
night's tables; the refusal names `scores` and the range, and nothing is written."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, create, match_at, read
from tests.tournaments.matches.test_views_match import errors_of, match_url, ready_match
from tests.tournaments.nights.test_progressive import current_round, night, tables
from tournaments.matches.bounds import score_range
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _result(api: APIClient, t: dict[str, Any], match: dict[str, Any], **body: Any):
    return api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/", body, format="json"
    )


def test_a_huge_score_is_refused_at_scores_and_nothing_moves(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    match = ready_match(t)
    answer = _result(
        organiser_api, t, match, winner=match["entrants"][0], scores=[10**30, 7]
    )
    assert answer.status_code == 400, answer.json()
    assert list(answer.json()) == ["scores"]
    after = read(organiser_api, t["id"])
    assert match_at(after, "winners", 1, 2)["status"] == "ready"
    assert all(row["points_for"] == 0 for row in after["standings"])


def test_a_game_to_a_target_without_the_pitcher_rule_stops_at_target_plus_a_hand(
    club: Club, organiser_api: APIClient
) -> None:
    options = {"target": 7, "pitcher_only_win": False}
    t = create(organiser_api, club, format="single_elimination", entrants=3,
               options=options)  # fmt: skip
    match = ready_match(t)
    winner = match["entrants"][0]
    # 6 points and a hand of all four: 10 is the most a side can end with.
    refused = _result(organiser_api, t, match, winner=winner, scores=[11, 3])
    assert refused.status_code == 400
    assert "from -400 to 10" in refused.json()["scores"][0]
    assert (
        _result(organiser_api, t, match, winner=winner, scores=[10, 3]).status_code
        == 200
    )


def test_a_table_of_fixed_hands_is_bounded_by_its_hands(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 8)  # 2 hands a round: 8 points at most
    four = tables(current_round(t))[0]
    for scores in ([-50, -(10**20)], [9, 1], [1, -9]):
        answer = _result(organiser_api, t, four, scores=scores)
        assert answer.status_code == 400, scores
        assert "scores" in answer.json()
        if abs(scores[1]) < 10**6:
            assert "from -8 to 8" in answer.json()["scores"][0]
    after = read(organiser_api, t["id"])
    assert (
        next(m for m in tables(current_round(after)) if m["id"] == four["id"])["scores"]
        is None
    )
    assert _result(organiser_api, t, four, scores=[8, -8]).status_code == 200


def test_the_match_page_says_the_range_next_to_the_scores(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3,
               options={"target": 7, "hand_limit": 3})  # fmt: skip
    match = ready_match(t)
    page = signed_in(people.organiser)
    answer = page.post(
        match_url(t, match, "match_result"),
        {"winner": match["entrants"][0], "score_0": "13", "score_1": "5"},
    )
    assert answer.status_code == 400
    assert "from -12 to 12" in errors_of(answer)
    assert 'value="13"' in answer.content.decode()


@pytest.mark.parametrize(
    ("variant", "options", "expected"),
    [
        ("auction", {"target": 7, "hand_limit": 10}, (-40, 40)),
        ("thirteen", {"target": 55, "hand_limit": 2}, (-26, 26)),
        ("thirteen", {"target": 55, "pitcher_only_win": False}, (-1300, 67)),
        ("auction", {"target": 1000, "pitcher_only_win": True}, (-400, 1003)),
    ],
)
def test_the_range_follows_the_games_options(
    variant: str, options: dict[str, Any], expected: tuple[int, int]
) -> None:
    tournament = Tournament(variant=variant, options=options)
    assert score_range(tournament) == expected

"""Impossible paper results are refused (issue 22, item 2): scores that name
another winner than the one given, by the match's game settings, are a 400 at
`scores` (the API) or an error next to the scores (the page), and nothing is
written: the match stays open, the bracket unmoved."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, create, entrant_ids, match_at, read
from tests.tournaments.matches.test_views_match import (
    errors_of,
    match_url,
    ready_match,
)

pytestmark = pytest.mark.django_db


def _cup(api: APIClient, club: Club, **options: Any) -> dict[str, Any]:
    """Ann, Bob and Cy: Bob v Cy is ready (round 1 match 2)."""
    return create(api, club, format="single_elimination", entrants=3, options=options)


def _post(api: APIClient, t: dict[str, Any], winner: int, scores: list[int]) -> Any:
    match = ready_match(t)
    return api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/",
        {"winner": winner, "scores": scores},
        format="json",
    )


PHRASES = {
    "scores_name_other_winner": "The scores say the other entrant won",
    "winner_below_target": "short of the target of 7, while the other entrant",
    "winner_short_of_target": "a game to 7 is won at 7 or more",
}


@pytest.mark.parametrize(
    ("scores", "code", "other_wins"),
    [
        # Frank 3 against Carla 5 in a game to 7: the scores say Carla leads
        # (and name no winner: neither reached 7).
        ([3, 5], "scores_name_other_winner", False),
        # A tie below the target names nobody.
        ([4, 4], "scores_name_other_winner", False),
        # The other side reached 7, the winner did not.
        ([5, 7], "winner_below_target", True),
        ([6, 12], "winner_below_target", True),
        # Neither reached 7: the game was not over (EVENTS.md: the winner's
        # score reaches the target), whoever leads.
        ([5, 2], "winner_short_of_target", False),
        ([-2, -5], "winner_short_of_target", False),
    ],
)
def test_scores_naming_another_winner_are_refused_at_scores(
    club: Club, organiser_api: APIClient, scores: list[int], code: str, other_wins: bool
) -> None:
    t = _cup(organiser_api, club, target=7)
    match = ready_match(t)
    winner = match["entrants"][0]
    answer = _post(organiser_api, t, winner, scores)
    assert answer.status_code == 400, answer.json()
    assert list(answer.json()) == ["scores"]
    assert PHRASES[code] in answer.json()["scores"][0]
    after = read(organiser_api, t["id"])
    assert match_at(after, "winners", 1, 2)["status"] == "ready"
    assert match_at(after, "winners", 2, 1)["entrants"][1] is None
    # The same scores name the other entrant as the winner, unless tied.
    other = _post(organiser_api, t, match["entrants"][1], scores)
    assert (other.status_code == 200) is other_wins, (code, other.json())


@pytest.mark.parametrize(
    "scores",
    [
        [7, 3],  # the winner reached the target
        [8, 9],  # both did: the pitcher may go out first with fewer
        [7, 7],  # both reached it on one hand: the bidding side goes out
    ],
)
def test_scores_that_fit_the_winner_are_taken(
    club: Club, organiser_api: APIClient, scores: list[int]
) -> None:
    t = _cup(organiser_api, club, target=7)
    match = ready_match(t)
    answer = _post(organiser_api, t, match["entrants"][0], scores)
    assert answer.status_code == 200, answer.json()
    assert match_at(answer.json(), "winners", 1, 2)["scores"] == scores


def test_in_a_game_of_fixed_hands_the_higher_score_wins(
    club: Club, organiser_api: APIClient
) -> None:
    t = _cup(organiser_api, club, target=7, hand_limit=6)
    match = ready_match(t)
    first, second = match["entrants"]
    for scores in ([9, 12], [8, 8]):
        refused = _post(organiser_api, t, first, scores)
        assert refused.status_code == 400
        assert (
            "in a game of 6 hands the higher score wins" in refused.json()["scores"][0]
        )
    assert _post(organiser_api, t, second, [9, 12]).status_code == 200


def test_the_page_says_it_next_to_the_scores_and_keeps_them(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = _cup(organiser_api, club, target=7)
    match = ready_match(t)
    ids = entrant_ids(t)
    page = signed_in(people.organiser)
    answer = page.post(
        match_url(t, match, "match_result"),
        {"winner": ids["Bob"], "score_0": "3", "score_1": "5"},
    )
    assert answer.status_code == 400
    assert "The scores say the other entrant won (3 to 5, the game is to 7)" in (
        errors_of(answer)
    )
    html = answer.content.decode()
    assert 'value="3"' in html
    assert 'value="5"' in html
    assert match_at(read(organiser_api, t["id"]), "winners", 1, 2)["status"] == (
        "ready"
    )

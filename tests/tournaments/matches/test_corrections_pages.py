"""The organiser's correction pages: a match's result voided after a
confirmation (or refused, naming the later match and linking to it), a paper
result edited in its prefilled form (one "edit" revision), the match's history;
taking back a round; swapping two entrants, the page saying first which pairing
rules the swap breaks."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, create, match_at, matches, read
from tournaments.models import Match, ResultRevision


def _seed(t: dict[str, Any], number: int) -> int:
    return next(e["id"] for e in t["entrants"] if e["seed"] == number)


def _paper(
    api: APIClient, t: dict[str, Any], match: dict[str, Any], winner: int
) -> dict[str, Any]:
    scores = [11, 2] if match["entrants"][0] == winner else [2, 11]
    response = api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/",
        {"winner": winner, "scores": scores},
        format="json",
    )
    assert response.status_code == 200, response.json()
    return response.json()


@pytest.fixture
def cup(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    return create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        options={"target": 11},
    )


@pytest.fixture
def organiser(people: People) -> Client:
    return signed_in(people.organiser)


def test_the_void_page_confirms_then_voids_and_the_history_says_who(
    cup: dict[str, Any], organiser_api: APIClient, organiser: Client, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    _paper(organiser_api, t, first, _seed(t, 1))
    page = organiser.get(reverse("tournaments:match", args=[t["id"], first["id"]]))
    assert b"Void the result" in page.content
    assert b"Edit the result" in page.content
    url = reverse("tournaments:match_void", args=[t["id"], first["id"]])
    confirm = organiser.get(url)
    assert confirm.status_code == 200
    assert b"Void the result of semi-final 1?" in confirm.content
    done = organiser.post(url)
    assert done.status_code == 302
    assert Match.objects.get(pk=first["id"]).status == "ready"
    page = organiser.get(reverse("tournaments:match", args=[t["id"], first["id"]]))
    text = page.content.decode()
    who = people.organiser.get_username()
    assert f"Entered by {who} at" in text
    assert f"Voided by {who} at" in text


def test_the_void_page_names_the_later_match_and_links_to_it(
    cup: dict[str, Any], organiser_api: APIClient, organiser: Client
) -> None:
    t = cup
    first, second = match_at(t, "winners", 1, 1), match_at(t, "winners", 1, 2)
    _paper(organiser_api, t, first, _seed(t, 1))
    t = _paper(organiser_api, t, second, _seed(t, 2))
    final = match_at(t, "winners", 2, 1)
    _paper(organiser_api, t, final, _seed(t, 1))
    url = reverse("tournaments:match_void", args=[t["id"], first["id"]])
    page = organiser.get(url).content.decode()
    assert "Final (Ann v Bob) already has a result: void it first." in page
    assert reverse("tournaments:match", args=[t["id"], final["id"]]) in page
    assert '<button class="btn danger big"' not in page
    refused = organiser.post(url)
    assert refused.status_code == 409
    assert Match.objects.get(pk=first["id"]).winner_id == _seed(t, 1)


def test_editing_a_paper_result_is_one_change(
    cup: dict[str, Any], organiser_api: APIClient, organiser: Client, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    _paper(organiser_api, t, first, _seed(t, 1))
    url = reverse("tournaments:match_edit", args=[t["id"], first["id"]])
    form = organiser.get(url).content.decode()
    # Prefilled with the result as it stands.
    assert 'value="11"' in form
    assert 'value="2"' in form
    bad = organiser.post(url, {"winner": _seed(t, 4), "score_0": "11", "score_1": "3"})
    assert bad.status_code == 400
    assert "The winner has 3, short of the target of 11" in bad.content.decode()
    assert Match.objects.get(pk=first["id"]).winner_id == _seed(t, 1)
    done = organiser.post(url, {"winner": _seed(t, 4), "score_0": "3", "score_1": "11"})
    assert done.status_code == 302
    match = Match.objects.get(pk=first["id"])
    assert match.winner_id == _seed(t, 4)
    assert match.scores == [3, 11]
    assert match.on_paper
    assert match_at(read(organiser_api, t["id"]), "winners", 2, 1)["entrants"] == [
        _seed(t, 4),
        None,
    ]
    revisions = list(ResultRevision.objects.filter(match_id=first["id"]))
    assert [r.action for r in revisions] == ["enter", "edit"]
    assert revisions[1].before["winner"] == _seed(t, 1)
    assert revisions[1].after["winner"] == _seed(t, 4)
    assert revisions[1].changed_by == people.organiser


def test_only_organisers_fix_results(
    cup: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    t = cup
    first = match_at(t, "winners", 1, 1)
    _paper(organiser_api, t, first, _seed(t, 1))
    keeper = signed_in(people.scorekeeper)
    for name in ("match_void", "match_edit"):
        url = reverse(f"tournaments:{name}", args=[t["id"], first["id"]])
        assert keeper.get(url).status_code == 403
        assert keeper.post(url).status_code == 403
    assert Match.objects.get(pk=first["id"]).status == "completed"


# --- Rounds: taken back, swaps ------------------------------------------------------


@pytest.fixture
def swiss(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Five entrants, round 1 played on paper (the first named wins), round 2
    drawn."""
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
    response = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/")
    assert response.status_code == 201
    return response.json()


def test_take_back_round_page(swiss: dict[str, Any], organiser: Client) -> None:
    t = swiss
    detail = organiser.get(reverse("tournaments:detail", args=[t["id"]]))
    assert b"Take back round 2" in detail.content
    url = reverse("tournaments:round_redo", args=[t["id"], 2])
    assert b"Take back round 2?" in organiser.get(url).content
    assert organiser.post(url).status_code == 302
    assert not Match.objects.filter(tournament_id=t["id"], round__number=2).exists()
    refused = organiser.get(reverse("tournaments:round_redo", args=[t["id"], 1]))
    assert refused.status_code == 409
    assert b"has a result: void it first" in refused.content


def _round2(t: dict[str, Any]) -> list[dict[str, Any]]:
    return next(r for r in t["rounds"] if r["number"] == 2)["matches"]


def _round1_pairs(t: dict[str, Any]) -> list[set[int]]:
    round_ = next(r for r in t["rounds"] if r["number"] == 1)
    return [set(m["entrants"]) for m in round_["matches"]]


def test_a_swap_says_which_rules_it_breaks_then_swaps(
    swiss: dict[str, Any], organiser: Client, organiser_api: APIClient, people: People
) -> None:
    t = swiss
    names = {e["id"]: e["name"] for e in t["entrants"]}
    played = [pair for pair in _round1_pairs(t) if len(pair) == 2]
    had_bye = next(next(iter(pair)) for pair in _round1_pairs(t) if len(pair) == 1)
    two = [m for m in _round2(t) if len(m["entrants"]) == 2]
    bye = next(m for m in _round2(t) if len(m["entrants"]) == 1)
    # Find a swap that brings together two who met in round 1.
    a, b = two[0]["entrants"]
    c, d = two[1]["entrants"]
    candidates = [(b, c, {a, c}), (b, d, {a, d}), (a, c, {b, c}), (a, d, {b, d})]
    first, second, pair = next(x for x in candidates if x[2] in played)
    url = reverse("tournaments:swap", args=[t["id"]])
    # The choices name a bye as the bracket does (second reviewer).
    choices = organiser.get(url).content.decode()
    assert f"{names[bye['entrants'][0]]} · Bye" in choices
    page = organiser.get(url, {"first": first, "second": second})
    assert page.status_code == 200
    text = page.content.decode()
    assert "met in round 1: this would be a rematch." in text
    for entrant in pair:
        assert names[entrant] in text

    # The one who had a bye in round 1, moved into round 2's bye: a second bye.
    other = next(e for m in two for e in m["entrants"] if e == had_bye)
    warned = organiser.get(url, {"first": other, "second": bye["entrants"][0]})
    assert (
        f"{names[had_bye]} had a bye in round 1: this would be a second."
        in warned.content.decode()
    )

    done = organiser.post(url, {"first": first, "second": second})
    assert done.status_code == 302
    after = [set(m["entrants"]) for m in _round2(read(organiser_api, t["id"]))]
    assert pair in after
    swap = ResultRevision.objects.get(tournament_id=t["id"], action="swap")
    assert swap.changed_by == people.organiser
    assert swap.before["entrants"] == [first, second]


def test_a_swap_refused_once_its_match_has_a_result(
    swiss: dict[str, Any], organiser: Client, organiser_api: APIClient
) -> None:
    t = swiss
    two = [m for m in _round2(t) if len(m["entrants"]) == 2]
    _paper(organiser_api, t, two[0], two[0]["entrants"][0])
    url = reverse("tournaments:swap", args=[t["id"]])
    refused = organiser.post(
        url, {"first": two[0]["entrants"][0], "second": two[1]["entrants"][0]}
    )
    assert refused.status_code == 400
    assert "is under way or played: entrants are swapped only before play starts" in (
        refused.content.decode()
    )


def test_the_swap_page_says_when_a_bracket_has_started(
    cup: dict[str, Any], organiser_api: APIClient, organiser: Client
) -> None:
    t = cup
    url = reverse("tournaments:swap", args=[t["id"]])
    assert b"Check the swap" in organiser.get(url).content
    board = reverse("tournaments:detail", args=[t["id"]])
    assert b"Swap two entrants" in organiser.get(board).content
    first = match_at(t, "winners", 1, 1)
    _paper(organiser_api, t, first, _seed(t, 1))
    # Once a match is played, the bracket no longer offers a swap it would refuse.
    assert b"Swap two entrants" not in organiser.get(board).content
    page = organiser.get(url).content.decode()
    assert "Semi-final 1 (Ann v Di) is under way or played" in page
    assert "Check the swap" not in page


def test_a_swiss_without_rounds_offers_round_one_again(
    club: Club, organiser_api: APIClient, organiser: Client
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4)
    assert organiser_api.delete(f"{TOURNAMENTS}{t['id']}/rounds/1/").status_code == 200
    page = organiser.get(reverse("tournaments:detail", args=[t["id"]]))
    assert page.status_code == 200
    assert b"Draw round 1" in page.content


def test_a_refused_edit_page_is_titled_as_an_edit_and_a_voided_game_says_so(
    cup: dict[str, Any], organiser_api: APIClient, organiser: Client
) -> None:
    """Reviewer's findings: the edit page refused (a later match has a result)
    kept the void page's title; a game whose result was voided read "Abandoned"."""
    from tests.tournaments.helpers import start_game, win_game

    t = cup
    first, second = match_at(t, "winners", 1, 1), match_at(t, "winners", 1, 2)
    _paper(organiser_api, t, first, _seed(t, 1))
    t = _paper(organiser_api, t, second, _seed(t, 2))
    _paper(organiser_api, t, match_at(t, "winners", 2, 1), _seed(t, 1))
    page = organiser.get(reverse("tournaments:match_edit", args=[t["id"], first["id"]]))
    html = page.content.decode()
    assert "<title>Edit the result of Semi-final 1" in html
    assert "Void the result of" not in html

    other = create(
        organiser_api, club=Club.objects.get(), format="single_elimination", entrants=2
    )
    final = match_at(other, "winners", 1, 1)
    game = start_game(organiser_api, other["id"], final["id"])
    win_game(organiser_api, game["id"], 0)
    voided = organiser_api.delete(
        f"{TOURNAMENTS}{other['id']}/matches/{final['id']}/result/"
    )
    assert voided.status_code == 200, voided.json()
    text = organiser.get(
        reverse("tournaments:match", args=[other["id"], final["id"]])
    ).content.decode()
    assert "Result voided" in text
    assert ">Abandoned<" not in text

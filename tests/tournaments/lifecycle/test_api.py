"""A tournament's life through the API: renamed, closed early, archived and
unarchived, deleted only without results; organisers only."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.models import Game, GameLog
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import (
    TOURNAMENTS,
    create,
    match_at,
    matches,
    read,
    ready,
    start_game,
)
from tournaments.models import (
    Entrant,
    Match,
    ResultRevision,
    Round,
    Season,
    Tournament,
)


def _paper(api: APIClient, t: dict[str, Any], match: dict[str, Any], index: int = 0):
    return api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/",
        {"winner": match["entrants"][index], "scores": [3, 1][:: 1 - 2 * index]},
        format="json",
    )


@pytest.fixture
def swiss(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    return create(
        organiser_api, club, format="swiss", entrants=6, settings={"rounds": 3}
    )


def test_rename_is_audited_and_validated(
    swiss: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    url = f"{TOURNAMENTS}{swiss['id']}/"
    renamed = organiser_api.patch(url, {"name": "  Autumn Swiss "}, format="json")
    assert renamed.status_code == 200, renamed.json()
    assert renamed.json()["name"] == "Autumn Swiss"
    revision = ResultRevision.objects.get(tournament_id=swiss["id"])
    assert revision.action == "rename"
    assert revision.before == {"name": "Spring Cup"}
    assert revision.after == {"name": "Autumn Swiss"}
    assert revision.changed_by == people.organiser

    for bad, word in (
        ("", "name"),
        ("   ", "name"),
        ("A\x07b", "name"),
        ("x" * 81, "name"),
    ):
        refused = organiser_api.patch(url, {"name": bad}, format="json")
        assert refused.status_code == 400, (bad, refused.json())
        assert word in refused.json()
    assert organiser_api.patch(url, {"nom": "x"}, format="json").status_code == 400
    assert read(organiser_api, swiss["id"])["name"] == "Autumn Swiss"


def test_only_organisers_change_a_tournament(
    swiss: dict[str, Any], people: People
) -> None:
    url = f"{TOURNAMENTS}{swiss['id']}/"
    for user in (people.scorekeeper, people.member):
        api = client_for(user)
        assert api.patch(url, {"name": "X"}, format="json").status_code == 403
        assert api.post(f"{url}close/").status_code == 403
        assert api.post(f"{url}archive/").status_code == 403
        assert api.delete(url).status_code == 403
    assert client_for(None).delete(url).status_code in (401, 403)
    assert client_for(people.outsider).delete(url).status_code == 403
    assert Tournament.objects.get(pk=swiss["id"]).name == "Spring Cup"


def test_close_early_takes_the_standings_as_they_stand(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    t = swiss
    first, second, third = ready(t)
    assert _paper(organiser_api, t, first, 1).status_code == 200
    assert _paper(organiser_api, t, second, 0).status_code == 200
    t = read(organiser_api, t["id"])
    leader = t["standings"][0]["entrant"]

    closed = organiser_api.post(f"{TOURNAMENTS}{t['id']}/close/")
    assert closed.status_code == 200, closed.json()
    body = closed.json()
    assert body["status"] == "finished"
    assert body["closed_early"] is True
    assert body["champion"] == leader
    # The open match stays as it was; nothing more can be played.
    assert match_at(body, "main", 1, third["number"])["status"] == "ready"
    started = organiser_api.post(f"{TOURNAMENTS}{t['id']}/matches/{third['id']}/game/")
    assert started.status_code == 409
    assert started.json()["code"] == "closed_early"
    assert "was closed early" in started.json()["detail"]
    paper = _paper(organiser_api, t, third)
    assert paper.status_code == 409
    assert paper.json()["code"] == "closed_early"
    drawn = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/")
    assert drawn.status_code == 409
    assert drawn.json()["code"] == "closed_early"

    again = organiser_api.post(f"{TOURNAMENTS}{t['id']}/close/")
    assert again.status_code == 409
    assert again.json()["code"] == "already_finished"
    revision = ResultRevision.objects.get(tournament_id=t["id"], action="close")
    assert revision.after["round"] == 1
    assert revision.after["champion"] == leader


def test_a_game_running_when_closed_is_abandoned_and_counts_for_nothing(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    """Closed early, nothing more is played: a game still running at one of its
    tables is abandoned with the close (its log says who), so no hand can be
    added to it and it counts nowhere (a season, statistics); the match stays as
    it was."""
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        options={"target": 11},
    )
    match = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], match["id"])
    first = {
        "pitcher": 0,
        "bid": 4,
        "awards": {"high": 0, "low": 0, "jack": 0, "game": 0},
    }
    url = f"/api/v1/games/{game['id']}/hands/"
    assert organiser_api.post(url, first, format="json").status_code == 201
    assert organiser_api.post(f"{TOURNAMENTS}{t['id']}/close/").status_code == 200
    assert Game.objects.get(pk=game["id"]).status == "abandoned"
    log = GameLog.objects.get(game_id=game["id"], action="abandon")
    assert log.changed_by == people.organiser
    refused = organiser_api.post(url, first, format="json")
    assert refused.status_code == 409, refused.json()
    assert Game.objects.get(pk=game["id"]).hand_count == 1
    after = read(organiser_api, t["id"])
    assert after["status"] == "finished"
    assert after["closed_early"] is True
    assert match_at(after, "winners", 1, 1)["winner"] is None
    assert match_at(after, "winners", 2, 1)["entrants"] == [None, None]


def test_archive_hides_from_the_list_and_unarchive_brings_back(
    swiss: dict[str, Any], club: Club, organiser_api: APIClient
) -> None:
    other = create(organiser_api, club, format="round_robin", entrants=3)
    url = f"{TOURNAMENTS}{swiss['id']}/archive/"
    archived = organiser_api.post(url)
    assert archived.status_code == 200
    assert archived.json()["archived"] is True
    assert organiser_api.post(url).status_code == 200  # a second tap: no change
    listed = organiser_api.get(f"{TOURNAMENTS}?club={club.slug}").json()["results"]
    assert [t["id"] for t in listed] == [other["id"]]
    assert listed[0]["archived"] is False
    shown = organiser_api.get(f"{TOURNAMENTS}?club={club.slug}&archived=true")
    assert [t["id"] for t in shown.json()["results"]] == [swiss["id"]]
    everyone = organiser_api.get(TOURNAMENTS).json()["results"]
    assert swiss["id"] not in [t["id"] for t in everyone]
    # Still readable at its address.
    assert read(client_for(None), swiss["id"])["archived"] is True
    back = organiser_api.delete(url)
    assert back.status_code == 200
    assert back.json()["archived"] is False
    listed = organiser_api.get(f"{TOURNAMENTS}?club={club.slug}").json()["results"]
    assert {t["id"] for t in listed} == {other["id"], swiss["id"]}
    assert (
        ResultRevision.objects.filter(
            tournament_id=swiss["id"], action="archive"
        ).count()
        == 2
    )
    bad = organiser_api.get(f"{TOURNAMENTS}?archived=maybe")
    assert bad.status_code == 400
    assert "archived" in bad.json()


def test_delete_without_results_removes_it_and_its_empty_games(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    t = swiss
    game = start_game(organiser_api, t["id"], ready(t)[0]["id"])
    gone = organiser_api.delete(f"{TOURNAMENTS}{t['id']}/")
    assert gone.status_code == 204
    assert not Tournament.objects.filter(pk=t["id"]).exists()
    assert not Entrant.objects.filter(tournament_id=t["id"]).exists()
    assert not Round.objects.filter(tournament_id=t["id"]).exists()
    assert not Match.objects.filter(tournament_id=t["id"]).exists()
    assert not Game.objects.filter(pk=game["id"]).exists()
    assert GameLog.objects.filter(game_number=game["id"], action="delete").exists()
    assert organiser_api.get(f"{TOURNAMENTS}{t['id']}/").status_code == 404


def test_delete_with_results_is_refused_offering_the_archive(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    t = swiss
    assert _paper(organiser_api, t, ready(t)[0]).status_code == 200
    refused = organiser_api.delete(f"{TOURNAMENTS}{t['id']}/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "has_results"
    assert refused.json()["detail"] == "It has results: archive it instead."
    assert Tournament.objects.filter(pk=t["id"]).exists()


def test_delete_with_a_game_with_hands_is_refused(
    club: Club, organiser_api: APIClient
) -> None:
    # 5 entrants: one bye (not a result), and a game with a hand.
    t = create(organiser_api, club, format="swiss", entrants=5, settings={"rounds": 2})
    assert any(m["status"] == "completed" for m in matches(t))  # the bye
    game = start_game(organiser_api, t["id"], ready(t)[0]["id"])
    hand = organiser_api.post(
        f"/api/v1/games/{game['id']}/hands/",
        {"pitcher": 0, "bid": 2, "awards": {"high": 0, "low": 0, "jack": 1, "game": 1}},
        format="json",
    )
    assert hand.status_code == 201, hand.json()
    refused = organiser_api.delete(f"{TOURNAMENTS}{t['id']}/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "has_results"
    # A bye alone is no result: without the hand it would go.
    organiser_api.delete(f"/api/v1/games/{game['id']}/hands/1/")
    assert organiser_api.delete(f"{TOURNAMENTS}{t['id']}/").status_code == 204


def test_a_seasons_playoffs_cannot_be_deleted_while_linked(
    swiss: dict[str, Any], club: Club, organiser_api: APIClient
) -> None:
    Season.objects.create(
        club=club,
        name="Winter League",
        starts="2026-01-01",
        ends="2026-03-31",
        variant="auction",
        scoring="wins",
        playoffs_id=swiss["id"],
    )
    refused = organiser_api.delete(f"{TOURNAMENTS}{swiss['id']}/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "is_playoffs"
    assert "Winter League" in refused.json()["detail"]


def test_a_night_closed_early_takes_no_scores_nor_arrivals(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="progressive",
        entrants=8,
        settings={"hands_per_round": 2, "rounds": 4},
    )
    first, second = (m for m in t["rounds"][0]["matches"] if m["table"] is not None)
    scored = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{first['id']}/result/",
        {"scores": [5, 2]},
        format="json",
    )
    assert scored.status_code == 200, scored.json()
    closed = organiser_api.post(f"{TOURNAMENTS}{t['id']}/close/")
    assert closed.status_code == 200
    body = closed.json()
    assert body["closed_early"] is True
    assert body["champion"] == body["standings"][0]["entrant"]
    late = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{second['id']}/result/",
        {"scores": [5, 2]},
        format="json",
    )
    assert late.status_code == 409
    assert late.json()["code"] == "closed_early"
    arrival = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/players/", {"player": "Newcomer"}, format="json"
    )
    assert arrival.status_code == 409
    assert arrival.json()["code"] == "closed_early"
    assert (
        match_at(read(organiser_api, t["id"]), "main", 1, second["number"])["status"]
        == "ready"
    )


def test_a_tournament_closed_early_keeps_its_results_and_rounds(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    """Closed early, its standings stand: no result voided, no round taken back,
    no entrants swapped (409 closed_early), nothing written."""
    first = ready(read(organiser_api, swiss["id"]))[0]
    assert _paper(organiser_api, swiss, first).status_code == 200
    closed = organiser_api.post(f"{TOURNAMENTS}{swiss['id']}/close/")
    assert closed.status_code == 200, closed.json()
    revisions = ResultRevision.objects.filter(tournament_id=swiss["id"]).count()

    void = organiser_api.delete(
        f"{TOURNAMENTS}{swiss['id']}/matches/{first['id']}/result/"
    )
    assert void.status_code == 409, void.json()
    assert void.json()["code"] == "closed_early"
    redo = organiser_api.delete(f"{TOURNAMENTS}{swiss['id']}/rounds/1/")
    assert redo.status_code == 409, redo.json()
    assert redo.json()["code"] == "closed_early"
    assert Match.objects.get(pk=first["id"]).winner_id == first["entrants"][0]
    assert ResultRevision.objects.filter(tournament_id=swiss["id"]).count() == revisions


def test_a_tournament_closed_early_refuses_a_swap(
    swiss: dict[str, Any], organiser_api: APIClient
) -> None:
    from tournaments.brackets.swap import entrants_swap
    from tournaments.refusals import TournamentRefusal

    t = read(organiser_api, swiss["id"])
    one, other = ready(t)[0], ready(t)[1]
    assert organiser_api.post(f"{TOURNAMENTS}{swiss['id']}/close/").status_code == 200
    with pytest.raises(TournamentRefusal) as refused:
        entrants_swap(
            tournament_id=swiss["id"],
            first=one["entrants"][0],
            second=other["entrants"][0],
        )
    assert refused.value.code == "closed_early"


def test_a_closed_tournament_s_match_page_offers_no_play_and_no_fix(
    swiss: dict[str, Any], organiser_api: APIClient, people: People
) -> None:
    from django.urls import reverse

    from tests.helpers import signed_in

    organiser = signed_in(people.organiser)
    t = read(organiser_api, swiss["id"])
    done, open_ = ready(t)[0], ready(t)[1]
    assert _paper(organiser_api, swiss, done).status_code == 200
    url = reverse("tournaments:match", args=[swiss["id"], open_["id"]])
    assert b"Start game at table" in organiser.get(url).content
    assert organiser_api.post(f"{TOURNAMENTS}{swiss['id']}/close/").status_code == 200
    page = organiser.get(url).content
    assert b"Start game at table" not in page
    assert b"Enter the result" not in page
    fixed = organiser.get(reverse("tournaments:match", args=[swiss["id"], done["id"]]))
    assert b"Void the result" not in fixed.content

"""The tournament pages everyone reads: the club page's panel and the club's list,
a tournament's bracket or rounds and standings for every format, the wall view and
its polling, the printed sheets; who sees them and the organiser's buttons; their
queries, the same for 4 entrants as for 16."""

import html as entities
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from pitchclub.models import Club
from pitchclub.permissions import club_access
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import (
    create,
    hand_for,
    match_at,
    matches,
    play,
    read,
    ready,
    start_game,
    win_game,
)
from tournaments.brackets.draw import round_draw
from tournaments.models import Tournament
from tournaments.panels import club_tournaments

pytestmark = pytest.mark.django_db


def text(response: Any) -> str:
    """The page's text, tags dropped and spaces squeezed, to read as a person."""
    body = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", entities.unescape(body))


def page(client: Client, url: str, status: int = 200, **extra: Any) -> Any:
    response = client.get(url, **extra)
    assert response.status_code == status, (url, response.status_code)
    return response


def urls(t: dict[str, Any]) -> list[str]:
    number = t["id"]
    return [
        f"/tournaments/{number}/",
        f"/tournaments/{number}/wall/",
        f"/tournaments/{number}/print/",
        f"/tournaments/{number}/rounds/1/print/",
    ]


# --- The club page and the club's list ---------------------------------------------


def test_the_club_page_lists_running_tournaments_first(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    done = create(organiser_api, club, format="single_elimination", entrants=2)
    final = match_at(done, "winners", 1, 1)
    done = play(organiser_api, done["id"], final, final["entrants"][1])
    Tournament.objects.filter(pk=done["id"]).update(name="Autumn Cup")
    running = create(organiser_api, club, format="round_robin", entrants=3)
    Tournament.objects.filter(pk=running["id"]).update(name="Winter League")

    body = text(page(signed_in(people.member), f"/clubs/{club.slug}/"))
    assert "Tournaments" in body
    assert body.index("Winter League") < body.index("Autumn Cup")
    assert "Champion: Bob" in body
    assert (
        f'href="/tournaments/{running["id"]}/"'
        in page(signed_in(people.member), f"/clubs/{club.slug}/").content.decode()
    )
    assert "+ New tournament" not in body

    organiser = page(signed_in(people.organiser), f"/clubs/{club.slug}/")
    assert f'href="/clubs/{club.slug}/tournaments/new/"' in organiser.content.decode()
    assert "+ New tournament" in text(organiser)


def test_the_club_page_without_tournaments(club: Club, people: People) -> None:
    assert "No tournaments yet." in text(page(Client(), f"/clubs/{club.slug}/"))


def test_the_clubs_list_of_tournaments_pages_them(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    first = create(organiser_api, club, format="round_robin", entrants=2)
    for _ in range(20):
        create(organiser_api, club, format="round_robin", entrants=2)
    url = f"/clubs/{club.slug}/tournaments/"
    one = text(page(Client(), url))
    assert one.count("Spring Cup") == 20
    assert "Page 1 of 2" in one
    two = page(Client(), url + "?page=2")
    assert f'href="/tournaments/{first["id"]}/"' in two.content.decode()
    assert "+ New tournament" not in one
    assert "+ New tournament" in text(page(signed_in(people.organiser), url))


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_clubs_tournaments_do_not_exist_for_outsiders(
    club: Club, organiser_api: APIClient, people: People, who: str
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    Club.objects.filter(pk=club.pk).update(is_private=True)
    client = Client() if who == "anonymous" else signed_in(people.outsider)
    page(client, f"/clubs/{club.slug}/tournaments/", 404)
    for url in urls(t):
        page(client, url, 404)
    page(client, f"/tournaments/{t['id']}/wall/?v=1", 404, HTTP_HX_REQUEST="true")
    # Its members read them all.
    member = signed_in(people.member)
    page(member, f"/clubs/{club.slug}/tournaments/")
    for url in urls(t):
        page(member, url)


def test_anyone_reads_a_public_clubs_tournament(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4)
    for url in urls(t):
        page(Client(), url)
    page(Client(), f"/clubs/{club.slug}/tournaments/")
    page(Client(), "/tournaments/999999/", 404)
    page(Client(), f"/tournaments/{t['id']}/rounds/2/print/", 404)
    page(Client(), "/clubs/no-such-club/tournaments/", 404)


# --- The bracket ---------------------------------------------------------------------


def test_a_single_elimination_with_byes_and_third_place(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=5,
        settings={"third_place": True},
    )
    body = text(page(Client(), f"/tournaments/{t['id']}/"))
    # Round 1 of a bracket of 8: three byes for the top seeds, Di v Eve.
    assert body.count("Bye: through to the next round") == 3
    assert "Quarter-finals" in body
    assert "Semi-finals" in body
    assert "Final" in body
    assert "Third place" in body
    # Waiting slots say where their entrant comes from, each match named as
    # its column is (one name per thing: "Quarter-finals" hold "quarter-final 2").
    assert "Winner of quarter-final 2" in body
    assert "Loser of semi-final 1" in body
    assert "Winner of semi-final 2" in body
    assert "Winner of round" not in body
    # The round being played is marked as the one to scroll to.
    html = page(Client(), f"/tournaments/{t['id']}/").content.decode()
    current = re.findall(r'class="column current" id="([^"]+)"', html)
    assert current == ["winners-1"]

    di_eve = match_at(t, "winners", 1, 2)
    t = play(organiser_api, t["id"], di_eve, di_eve["entrants"][1])
    html = page(Client(), f"/tournaments/{t['id']}/").content.decode()
    assert re.findall(r'class="column current" id="([^"]+)"', html) == ["winners-2"]
    body = text(page(Client(), f"/tournaments/{t['id']}/"))
    assert "Winner of quarter-final 2" not in body
    assert "Table 1" in body
    assert "Table 2" in body

    for number in (1, 2):
        semi = match_at(t, "winners", 2, number)
        t = play(organiser_api, t["id"], semi, semi["entrants"][0])
    final, third = match_at(t, "winners", 3, 1), match_at(t, "final", 1, 1)
    t = play(organiser_api, t["id"], third, third["entrants"][0])
    t = play(organiser_api, t["id"], final, final["entrants"][1])
    assert t["status"] == "finished"
    champion = next(e["name"] for e in t["entrants"] if e["id"] == t["champion"])
    body = text(page(Client(), f"/tournaments/{t['id']}/"))
    assert f"Champion: {champion}" in body
    assert "Finished" in body
    assert " now " not in body.lower().replace("now:", "")


def now_columns(client: Client, url: str) -> list[str]:
    """The columns tagged "now" (the round being played), by anchor."""
    html = page(client, url).content.decode()
    return re.findall(
        r'id="([^"]+)" data-current-round>\s*<h3 class="column-title">[^<]*'
        r'<span class="now">now</span>',
        html,
    )


def test_now_is_a_round_with_a_match_to_play_the_winners_side_first(
    club: Club, organiser_api: APIClient
) -> None:
    """Issue 12: just drawn, a double elimination of 5 has its losers' round 1
    waiting (its only box a bye for a winners' round-1 loser): not "now"."""
    t = create(organiser_api, club, format="double_elimination", entrants=5)
    url = f"/tournaments/{t['id']}/"

    def playable(t: dict[str, Any]) -> list[str]:
        """Per bracket, its first round with a match ready: winners' first."""
        found: dict[str, int] = {}
        for round_ in t["rounds"]:
            if any(m["status"] == "ready" for m in round_["matches"]):
                bracket = round_["bracket"]
                found[bracket] = min(
                    found.get(bracket, round_["number"]), round_["number"]
                )
        return [f"{b}-{found[b]}" for b in ("winners", "losers") if b in found]

    losers_1 = next(
        r for r in t["rounds"] if (r["bracket"], r["number"]) == ("losers", 1)
    )
    assert [m["status"] for m in losers_1["matches"]] == ["waiting"]
    assert playable(t) == ["winners-1"]
    assert now_columns(Client(), url) == ["winners-1"]
    # The winners' round-1 match played: its loser's losers' match is ready
    # beside the winners' next round; both are tagged, the winners' first.
    first = match_at(t, "winners", 1, 1)
    if first["status"] != "ready":
        first = next(m for m in ready(t))
    t = play(organiser_api, t["id"], first, first["entrants"][1])
    assert now_columns(Client(), url) == playable(t)
    assert now_columns(Client(), url)[0].startswith("winners-")


def test_a_double_elimination_with_a_grand_final_reset(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="double_elimination", entrants=3)
    url = f"/tournaments/{t['id']}/"
    body = text(page(Client(), url))
    assert "Winners' bracket" in body
    assert "Losers' bracket" in body
    assert "The grand final" in body
    assert "The grand final's reset" in body
    assert "Winner of the grand final" in body
    assert "Loser of the grand final" in body
    # The lower seed wins every match but the grand final, which the losers'
    # champion (its second seat) wins: so the reset is played.
    seeds = {e["id"]: e["seed"] for e in t["entrants"]}
    while t["status"] == "running":
        match = ready(t)[0]
        if match["label"] == "The grand final":
            winner = match["entrants"][1]
        else:
            winner = max(match["entrants"], key=lambda e: seeds[e])
        t = play(organiser_api, t["id"], match, winner)
    reset = match_at(t, "final", 2, 1)
    assert reset["status"] == "completed"
    body = text(page(Client(), url))
    champion = next(e["name"] for e in t["entrants"] if e["id"] == t["champion"])
    assert f"Champion: {champion}" in body
    assert "The grand final's reset" in body
    assert "Waiting" not in body


def test_a_running_match_shows_its_live_score_and_links(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        team_size=2,
        options={"target": 11},
        settings={"games_per_match": 3},
    )
    match = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], match["id"])
    win_game(organiser_api, game["id"], 0)
    second = start_game(organiser_api, t["id"], match["id"])
    for _ in range(2):
        answer = organiser_api.post(
            f"/api/v1/games/{second['id']}/hands/", hand_for(1), format="json"
        )
        assert answer.status_code == 201, answer.json()
    html = page(Client(), f"/tournaments/{t['id']}/").content.decode()
    # A bracket of 4: its first round is the semi-finals.
    box = html[html.index('aria-label="Semi-final 1"') :]
    box = box[: box.index("</article>")]
    assert "Playing" in box
    assert "2 hands played" in box
    # Games won in the best of three, then the points of the game being played.
    assert re.search(r'class="wins"[^>]*>1<', box)
    assert re.search(r'class="score"[^>]*>0<', box)
    assert re.search(r'class="score"[^>]*>8<', box)
    assert f'href="/games/{second["id"]}/live/"' in box
    assert f'href="/tournaments/{t["id"]}/matches/{match["id"]}/"' in box
    # Only the club's scorekeepers get the table's page.
    assert f'href="/games/{second["id"]}/"' not in box
    keeper = page(signed_in(people.scorekeeper), f"/tournaments/{t['id']}/")
    assert f'href="/games/{second["id"]}/"' in keeper.content.decode()
    # A team's players are in the name's title.
    assert 'title="Team 1 (Ann &amp; Bob)"' in html
    assert "matches best of 3" in text(page(Client(), f"/tournaments/{t['id']}/"))


# --- Round robin and Swiss -----------------------------------------------------------


def test_a_round_robin_with_an_odd_count(club: Club, organiser_api: APIClient) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=5)
    url = f"/tournaments/{t['id']}/"
    body = text(page(Client(), url))
    assert "Round 1" in body
    assert "Round 2" not in body
    assert "Bye: sits this round out (not a win)" in body
    # Every tie-break of EVENTS.md: wins, head-to-head, points difference,
    # points for, seed.
    html = page(Client(), url).content.decode()
    for header in ("Head-to-head", "Points difference", "Points for", "Seed"):
        assert header in html
    for match in ready(t):
        t = play(organiser_api, t["id"], match, match["entrants"][0])
    html = page(Client(), url).content.decode()
    assert '?round=2#round" aria-current="page"' in html
    assert 'href="?round=1#round"' in html
    one = text(page(Client(), url + "?round=1"))
    assert "Round 1 now" not in one
    assert "Completed" in one
    # Standings: in the API's order, round 1's winners first.
    rows = re.findall(
        r'<span class="rank">(\d+)</span> <(?:span|a) class="st-entrant" '
        r'(?:href="/players/\d+/" )?title="[^"]*">([^<]+)</(?:span|a)>',
        html,
    )
    standings = read(organiser_api, t["id"])["standings"]
    names = {e["id"]: e["name"] for e in t["entrants"]}
    assert [name for _, name in rows] == [names[s["entrant"]] for s in standings]


def test_a_swiss_over_its_rounds(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=5, settings={"rounds": 3})
    url = f"/tournaments/{t['id']}/"
    draw = f'action="/tournaments/{t["id"]}/rounds/"'
    for number in (1, 2, 3):
        organiser = page(signed_in(people.organiser), url).content.decode()
        assert draw not in organiser  # the round is being played
        for match in ready(t):
            t = play(organiser_api, t["id"], match, match["entrants"][0])
        organiser = page(signed_in(people.organiser), url).content.decode()
        if number < 3:
            assert draw in organiser
            assert f"Draw round {number + 1}" in organiser
            for who in (people.scorekeeper, people.member):
                assert draw not in page(signed_in(who), url).content.decode()
            assert draw not in page(Client(), url).content.decode()
            round_draw(tournament_id=t["id"])
            t = read(organiser_api, t["id"])
        else:
            assert draw not in organiser
    assert t["status"] == "finished"
    html = page(Client(), url).content.decode()
    # The byes have a column of their own, not counted in P or W.
    for header in (
        "Buchholz",
        "Points difference",
        "Seed",
        "Byes (each counts as a won match in the ranking)",
    ):
        assert header in html
    assert "Bye: a win without playing" in text(page(Client(), url + "?round=1"))
    champion = next(e["name"] for e in t["entrants"] if e["id"] == t["champion"])
    assert f"Champion: {champion}" in text(page(Client(), url))
    # The standings' Buchholz column is the API's measure, row by row.
    names = {e["id"]: e["name"] for e in t["entrants"]}
    cells = re.findall(r"<tr[^>]*>\s*<th scope=\"row\".*?</tr>", html, re.S)
    assert len(cells) == 5
    for row, line in zip(cells, t["standings"], strict=True):
        assert names[line["entrant"]] in row
        values = re.findall(r"<td>([^<]*)</td>", row)
        # P, W (byes apart), L, Byes, Buchholz, +/-, Seed
        assert int(values[0]) == line["played"] - line["byes"]
        assert int(values[1]) == line["won"] - line["byes"]
        assert int(values[2]) == line["lost"]
        assert int(values[3]) == line["byes"]
        assert int(values[4]) == line["measures"]["buchholz"]
        assert int(values[5]) == line["measures"]["points_difference"]


def test_the_organisers_tools_are_theirs(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    url = f"/tournaments/{t['id']}/"
    prints = f'href="/tournaments/{t["id"]}/print/"'
    for who in (people.organiser, people.scorekeeper):
        html = page(signed_in(who), url).content.decode()
        assert prints in html
        assert f"/tournaments/{t['id']}/rounds/1/print/?bracket=winners" in html
    for client in (signed_in(people.member), Client()):
        html = page(client, url).content.decode()
        assert prints not in html
        assert "/rounds/1/print/" not in html
        assert f'href="/tournaments/{t["id"]}/wall/"' in html


# --- The wall view -------------------------------------------------------------------


def test_the_wall_answers_204_until_something_changes(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        entrants=4,
        options={"target": 7},
    )
    wall = f"/tournaments/{t['id']}/wall/"
    html = page(Client(), wall).content.decode()
    assert "<html" in html
    assert 'hx-trigger="every 3s"' in html
    version = re.search(r"\?v=([^\"]+)\"", html)
    assert version is not None
    poll = f"{wall}?v={version.group(1)}"
    assert page(Client(), poll, 204, HTTP_HX_REQUEST="true").content == b""

    def changed_by(action: Any) -> str:
        nonlocal poll
        action()
        answer = page(Client(), poll, 200, HTTP_HX_REQUEST="true")
        body = answer.content.decode()
        assert "<html" not in body
        assert 'id="wall"' in body
        found = re.search(r"\?v=([^\"]+)\"", body)
        assert found is not None
        poll = f"{wall}?v={found.group(1)}"
        page(Client(), poll, 204, HTTP_HX_REQUEST="true")
        return body

    match = match_at(t, "winners", 1, 1)
    game: dict[str, Any] = {}
    body = changed_by(
        lambda: game.update(start_game(organiser_api, t["id"], match["id"]))
    )
    assert "Game started" in body
    body = changed_by(
        lambda: organiser_api.post(
            f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json"
        )
    )
    assert "1 hand played" in body
    body = changed_by(lambda: win_game(organiser_api, game["id"], 0))
    assert "Completed" in body
    # Without htmx the whole page comes back, whatever the version.
    assert "<html" in page(Client(), poll).content.decode()


# --- Printed sheets ------------------------------------------------------------------


def test_a_rounds_score_sheets(club: Club, organiser_api: APIClient) -> None:
    t = create(
        organiser_api,
        club,
        format="round_robin",
        entrants=5,
        team_size=2,
        options={"target": 21},
        settings={"games_per_match": 3},
    )
    html = page(Client(), f"/tournaments/{t['id']}/rounds/1/print/").content.decode()
    body = text(page(Client(), f"/tournaments/{t['id']}/rounds/1/print/"))
    # Two tables play, one team sits out.
    assert html.count('class="score-card"') == 2
    assert "Table 1" in body
    assert "Table 2" in body
    assert "Byes (through without playing): Team 1" in body
    first = html[html.index('class="score-card"') : html.index("</section>")]
    # A row per hand, about the target's worth (21 + 4), with points and totals.
    assert first.count('<tr><th scope="row">') == 25
    assert first.count('class="total-box"') == 50
    assert "Game ____ of 3" in first
    assert "Signed for" in first
    assert "Final score" in first
    assert "seed 2 · Cy &amp; Di" in first
    losers = f"/tournaments/{t['id']}/rounds/1/print/?bracket=losers"
    page(Client(), losers, 404)


def test_an_elimination_rounds_sheets_by_bracket(
    club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="double_elimination", entrants=4)
    for match in ready(t):
        t = play(organiser_api, t["id"], match, match["entrants"][0])
    base = f"/tournaments/{t['id']}/rounds/1/print/"
    losers = text(page(Client(), base + "?bracket=losers"))
    assert "Losers' round 1 · Match 1" in losers
    assert "Table 2" in losers
    winners = text(page(Client(), base))
    assert "Winners' round 1 · Match 2" in winners
    finals = text(page(Client(), base + "?bracket=final"))
    assert "The grand final" in finals
    assert "Winner of winners' final" in finals


def test_the_printed_bracket(club: Club, organiser_api: APIClient) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=8)
    body = text(page(Client(), f"/tournaments/{t['id']}/print/"))
    assert "Quarter-finals" in body
    assert "Final" in body
    assert body.count("Winner of quarter-final") == 4
    assert body.count("Winner of semi-final") == 2
    rr = create(organiser_api, club, format="round_robin", entrants=4)
    body = text(page(Client(), f"/tournaments/{rr['id']}/print/"))
    assert "Round 1" in body
    assert "Standings" in body


def test_the_club_panel_is_one_query(
    club: Club,
    organiser_api: APIClient,
    people: People,
    rf: Any,
    django_assert_num_queries: Any,
) -> None:
    for _ in range(8):
        create(organiser_api, club, format="round_robin", entrants=3)
    request = rf.get("/")
    request.user = people.member
    access = club_access(club=club, user=people.member)
    with django_assert_num_queries(1):
        panel = club_tournaments(request, club, access)
    assert len(panel.context["tournaments"]) == 6
    assert panel.context["more"] is True
    assert panel.context["can_create"] is False


# --- Queries -------------------------------------------------------------------------


def _under_way(api: APIClient, club: Club, format: str, entrants: int) -> dict:
    """A tournament with results in, a game being played, and (in a bracket)
    waiting matches."""
    third = {"third_place": True} if format == "single_elimination" else {}
    t = create(api, club, format=format, entrants=entrants, settings=third)
    first = ready(t)[0]
    t = play(api, t["id"], first, first["entrants"][0])
    game = start_game(api, t["id"], ready(t)[0]["id"])
    api.post(f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json")
    return read(api, t["id"])


# Signed in: the session and the user (2), the club role (1 where buttons depend
# on it). Reading a tournament: tournament_get (1) + tournament_rows (4).
QUERIES = {
    "detail": 2 + 1 + 1 + 4,
    "wall": 2 + 1 + 4,
    "wall_poll": 2 + 1,
    "print_bracket": 2 + 1 + 4,
    "print_round": 2 + 1 + 4,
    "list": 2 + 1 + 1 + 1 + 1,
}


@pytest.mark.parametrize(
    "format", ["single_elimination", "double_elimination", "round_robin", "swiss"]
)
@pytest.mark.parametrize("entrants", [4, 16])
def test_the_pages_queries_do_not_grow_with_the_tournament(
    club: Club,
    organiser_api: APIClient,
    people: People,
    django_assert_num_queries: Any,
    format: str,
    entrants: int,
) -> None:
    t = _under_way(organiser_api, club, format, entrants)
    assert len(matches(t)) >= (2 if entrants == 4 else 8)
    client = signed_in(people.organiser)
    number = t["id"]
    with django_assert_num_queries(QUERIES["detail"]):
        page(client, f"/tournaments/{number}/")
    with django_assert_num_queries(QUERIES["wall"]):
        html = page(client, f"/tournaments/{number}/wall/").content.decode()
    version = re.search(r"\?v=([^\"]+)\"", html)
    assert version is not None
    with django_assert_num_queries(QUERIES["wall_poll"]):
        page(
            client,
            f"/tournaments/{number}/wall/?v={version.group(1)}",
            204,
            HTTP_HX_REQUEST="true",
        )
    with django_assert_num_queries(QUERIES["print_bracket"]):
        page(client, f"/tournaments/{number}/print/")
    with django_assert_num_queries(QUERIES["print_round"]):
        page(client, f"/tournaments/{number}/rounds/1/print/")
    with django_assert_num_queries(QUERIES["list"]):
        page(client, f"/clubs/{club.slug}/tournaments/")

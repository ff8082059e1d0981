"""The organiser's tournament pages: creating one through the form (every format,
solo and teams, seeded and drawn at random), its refusals next to their fields,
who may do what, a match's page, starting its game, the table link, the paper
result and drawing a Swiss's next round."""

import re
from typing import Any

import pytest
import segno
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club, Player
from pitchclub.services import players as club_services
from scoring.engine import OPTION_DEFAULTS
from scoring.models import Game
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import (
    NAMES,
    create,
    entrant_ids,
    match_at,
    matches,
    play,
    read,
    start_game,
    win_game,
)
from tournaments.models import Entrant, Match, MatchStatus, Tournament

FORMATS = ("single_elimination", "double_elimination", "round_robin", "swiss")


@pytest.fixture
def roster(club: Club) -> dict[str, Player]:
    """Sixteen guests on the club's roster, by name."""
    return {name: club_services.guest_add(club=club, name=name) for name in NAMES[:16]}


def new_url(club: Club) -> str:
    return reverse("tournaments:new", args=[club.slug])


def form_data(
    *,
    entrants: list[Any],
    name: str = "Spring Cup",
    format: str = "single_elimination",
    variant: str = "auction",
    team_size: int = 1,
    seeding: str = "given",
    options: dict[str, Any] | None = None,
    **settings: Any,
) -> dict[str, Any]:
    """What the form posts. `entrants`: players (ticked, listed order), or
    (player, seed) or (player, seed, partner) tuples; a seed None is left empty."""
    data: dict[str, Any] = {
        "name": name,
        "format": format,
        "variant": variant,
        "team_size": team_size,
        "seeding": seeding,
        "games_per_match": settings.pop("games_per_match", 1),
        "cycles": settings.pop("cycles", 1),
        "rounds": settings.pop("rounds", ""),
    }
    if settings.pop("grand_final_reset", True):
        data["grand_final_reset"] = "on"
    if settings.pop("third_place", False):
        data["third_place"] = "on"
    assert not settings, settings
    for kind, defaults in OPTION_DEFAULTS.items():
        values = {**defaults, **(options or {})} if kind == variant else defaults
        for option, value in values.items():
            if value is True:
                data[f"{kind}-{option}"] = "on"
            elif value is not False and value is not None:
                data[f"{kind}-{option}"] = value
    rows = [
        ((*(entrant if isinstance(entrant, tuple) else (entrant,)), None, None))[:3]
        for entrant in entrants
    ]
    # One line per entrant in seed order: the numbered ones first, by number.
    order = sorted(
        range(len(rows)), key=lambda i: (rows[i][1] is None, rows[i][1] or 0, i)
    )
    data["entrants"] = "\n".join(
        rows[i][0].name + ("" if rows[i][2] is None else f" & {rows[i][2].name}")
        for i in order
    )
    return data


def created(answer: Any) -> Tournament:
    assert answer.status_code == 302, answer.content.decode()[:3000]
    found = re.fullmatch(r"/tournaments/([0-9]+)/", answer["Location"])
    assert found, answer["Location"]
    return Tournament.objects.get(pk=int(found.group(1)))


def seeded(tournament: Tournament) -> list[str]:
    return list(tournament.entrants.order_by("seed").values_list("name", flat=True))


def errors_of(answer: Any) -> str:
    """The page's text, tags dropped, spaces collapsed."""
    text = re.sub(r"<[^>]+>", " ", answer.content.decode())
    return " ".join(text.replace("&#x27;", "'").replace("&amp;", "&").split())


# --- Creating, every format ----------------------------------------------------------


@pytest.mark.parametrize("format", FORMATS)
def test_an_organiser_creates_each_format_solo_with_the_seeds_typed(
    people: People, club: Club, roster: dict[str, Player], format: str
) -> None:
    page = signed_in(people.organiser)
    players = [roster[name] for name in ("Ann", "Bob", "Cy", "Di", "Eve")]
    # Eve seed 1, Ann seed 2; the others unnumbered, after them as listed.
    picks = [(players[0], 2), players[1], players[2], players[3], (players[4], 1)]
    answer = page.post(new_url(club), form_data(entrants=picks, format=format))
    tournament = created(answer)
    assert tournament.format == format
    assert tournament.club == club
    assert tournament.team_size == 1
    assert seeded(tournament) == ["Eve", "Ann", "Bob", "Cy", "Di"]
    assert tournament.settings["seeding"] == "given"
    assert tournament.options["target"] == 7
    assert tournament.matches.filter(status=MatchStatus.READY).exists()


def test_each_formats_own_settings_are_kept_and_no_other(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    picks = [roster[name] for name in NAMES[:6]]
    cases = [
        ("single_elimination", {"third_place": True, "games_per_match": 3}),
        ("double_elimination", {"grand_final_reset": False}),
        ("round_robin", {"cycles": 2, "games_per_match": 5}),
        ("swiss", {"rounds": "4"}),
    ]
    expected = [
        {"third_place": True, "games_per_match": 3, "seeding": "given"},
        {"grand_final_reset": False, "games_per_match": 1, "seeding": "given"},
        {"cycles": 2, "games_per_match": 5, "seeding": "given"},
        {"rounds": 4, "games_per_match": 1, "seeding": "given"},
    ]
    for (format, settings), settings_stored in zip(cases, expected, strict=True):
        data = form_data(entrants=picks, format=format, name=format, **settings)
        tournament = created(page.post(new_url(club), data))
        assert tournament.settings == settings_stored


def test_a_swiss_without_rounds_plays_enough_to_find_a_winner(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    picks = [roster[name] for name in NAMES[:9]]
    data = form_data(entrants=picks, format="swiss")
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    assert tournament.settings["rounds"] == 4


def test_teams_of_two_by_choosing_partners(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    r = roster
    picks = [
        (r["Ann"], 2, r["Cy"]),
        (r["Bob"], None, r["Di"]),
        (r["Eve"], 1, r["Finn"]),
        (r["Hal"], 3, r["Gus"]),
    ]
    data = form_data(entrants=picks, format="double_elimination", team_size=2)
    assert data["entrants"] == "Eve & Finn\nAnn & Cy\nHal & Gus\nBob & Di"
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    assert tournament.team_size == 2
    assert seeded(tournament) == ["Eve & Finn", "Ann & Cy", "Hal & Gus", "Bob & Di"]
    first = tournament.entrants.get(seed=1)
    assert [m.player.name for m in first.members.order_by("position")] == [
        "Eve",
        "Finn",
    ]


def test_thirteen_by_teams_to_its_target(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    r = roster
    picks = [(r["Ann"], 1, r["Bob"]), (r["Cy"], 2, r["Di"])]
    data = form_data(
        entrants=picks,
        variant="thirteen",
        team_size=2,
        format="round_robin",
        options={"target": 21},
    )
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    assert (tournament.variant, tournament.options["target"]) == ("thirteen", 21)


def test_a_random_draw_ignores_the_order_typed(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    data = form_data(entrants=[roster[name] for name in NAMES[:8]], seeding="random")
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    assert tournament.settings["seeding"] == "random"
    assert sorted(seeded(tournament)) == sorted(NAMES[:8])
    assert sorted(tournament.entrants.values_list("seed", flat=True)) == list(
        range(1, 9)
    )


def test_random_team_draw(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    r = roster
    picks = [(r["Ann"], None, r["Bob"]), (r["Cy"], None, r["Di"])]
    picks.append((r["Eve"], None, r["Finn"]))
    data = form_data(entrants=picks, seeding="random", team_size=2, format="swiss")
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    assert sorted(seeded(tournament)) == ["Ann & Bob", "Cy & Di", "Eve & Finn"]


# --- Creating: what is refused, and where it is said ---------------------------------


def test_an_empty_form_says_what_is_missing_and_keeps_what_was_typed(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    data = form_data(entrants=[roster["Ann"]], name="")
    answer = page.post(new_url(club), data)
    assert answer.status_code == 400
    text = errors_of(answer)
    assert "Give the tournament a name." in text
    assert "No entrants yet" not in text
    assert Tournament.objects.count() == 0
    # Nothing at all: both are said (issue 12), the entrants' at their box.
    answer = page.post(new_url(club), form_data(entrants=[], name=""))
    assert answer.status_code == 400
    text = errors_of(answer)
    assert "Give the tournament a name." in text
    assert "No entrants yet: type at least 2, one per line." in text
    assert 'id="id_entrants_error"' in answer.content.decode()
    # Named but no one typed: said once, in the form's words.
    answer = page.post(new_url(club), form_data(entrants=[]))
    text = errors_of(answer)
    assert text.count("No entrants yet") == 1
    assert "at least 2 entrants; 0 given" not in text
    # Named now: the service refuses one entrant, at the entrants' box.
    answer = page.post(new_url(club), form_data(entrants=[roster["Ann"]]))
    assert answer.status_code == 400
    assert "A tournament needs at least 2 entrants; 1 given." in errors_of(answer)
    html = answer.content.decode()
    assert re.search(r'name="entrants"[^>]*>\s*Ann</textarea>', html), html
    assert 'value="Spring Cup"' in html
    assert 'id="id_entrants_error"' in html


def test_thirteen_alone_is_refused_at_the_team_size(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    data = form_data(entrants=[roster["Ann"], roster["Bob"]], variant="thirteen")
    answer = signed_in(people.organiser).post(new_url(club), data)
    assert answer.status_code == 400
    html = answer.content.decode()
    message = "Thirteen is played by teams of two: choose Teams of two."
    # Next to the team size's choices (Django's error list of that field).
    assert re.search(r'id="id_team_size_error"[^>]*>\s*<li>' + message, html), html


def test_a_line_that_is_not_an_entrant_is_refused_naming_it(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    data = form_data(entrants=[roster["Ann"], roster["Bob"]])
    data["entrants"] = "Ann\nBob & Cy\n\nDi"
    answer = page.post(new_url(club), data)
    assert answer.status_code == 400
    assert (
        "Line 2 (Bob & Cy): one player per line; for pairs choose Teams of two."
        in errors_of(answer)
    )
    assert Tournament.objects.count() == 0


def test_a_team_without_a_partner_or_a_player_in_two_teams(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    r = roster
    page = signed_in(people.organiser)
    picks = [(r["Ann"], None, r["Bob"]), (r["Cy"], None, None)]
    answer = page.post(new_url(club), form_data(entrants=picks, team_size=2))
    assert answer.status_code == 400
    assert "Line 2 (Cy): a team is two names joined by &, like Ann & Cy." in (
        errors_of(answer)
    )
    # Bob partners Ann and plays his own team: the service's refusal, at its line.
    picks = [(r["Ann"], None, r["Bob"]), (r["Bob"], None, r["Cy"])]
    answer = page.post(new_url(club), form_data(entrants=picks, team_size=2))
    assert answer.status_code == 400
    assert (
        "Line 2: Bob already plays for entrant 1 (Ann & Bob): a player plays for "
        "one entrant only." in errors_of(answer)
    )


def test_names_resolve_against_the_roster_and_a_near_duplicate_is_asked(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    club_services.guest_add(club=club, name="Zoë")
    data = form_data(entrants=[], team_size=2)
    data["entrants"] = "Aces: ann & Zed\nCy & Zoe\nEve & Eve\nGus &   hal "
    answer = page.post(new_url(club), data)
    assert answer.status_code == 400
    text = errors_of(answer)
    assert "Line 2: is “Zoe” Zoë of the roster? Type Zoë as the roster has it" in text
    assert "Zoe" in answer.content.decode()
    assert not club.players.filter(name="Zed").exists()
    data["entrants"] = "Aces: ann & Zed\nCy & Zoë\nEve & Finn\nGus &   hal "
    tournament = created(page.post(new_url(club), data))
    assert seeded(tournament) == ["Aces", "Cy & Zoë", "Eve & Finn", "Gus & Hal"]
    # A new name adds a guest, as the API's do; a name in other capitals is the
    # roster's player.
    assert club.players.filter(name="Zed").exists()
    aces = tournament.entrants.get(seed=1)
    assert aces.members.get(position=0).player == roster["Ann"]


def test_the_form_has_one_box_for_the_entrants_whatever_the_roster(
    people: People, club: Club, django_assert_max_num_queries: Any
) -> None:
    """Issue 22: three fields per roster player passed Django's 1,000 fields at
    347 players (a bare 400) and made 1,302 players 1.3 MB; one box of names
    keeps the form's fields fixed and the page a list of names."""
    page = signed_in(people.organiser)
    for number in range(50):
        club_services.guest_add(club=club, name=f"Player number {number:04}")
    small = len(page.get(new_url(club)).content)
    for number in range(50, 400):
        club_services.guest_add(club=club, name=f"Player number {number:04}")
    page.get(new_url(club))  # The session and the like, once.
    with django_assert_max_num_queries(12):
        answer = page.get(new_url(club))
    html = answer.content.decode()
    assert 'name="pick_' not in html
    assert html.count("<textarea") == 1
    # A name more on the roster is a list item more, about 40 bytes.
    assert (len(answer.content) - small) / 350 < 50, (small, len(answer.content))
    # 400 entrants in one post: the form's fields stay under Django's limit.
    data = form_data(entrants=[], format="round_robin")
    data["entrants"] = "\n".join(f"Player number {n:04}" for n in range(400))
    assert len(data) < 100


def test_too_many_swiss_rounds_and_a_bad_target_are_refused_at_their_boxes(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    picks = [roster[name] for name in NAMES[:4]]
    answer = page.post(
        new_url(club), form_data(entrants=picks, format="swiss", rounds="9")
    )
    assert answer.status_code == 400
    assert "A Swiss of 4 entrants has 1 to 3 rounds, not 9." in errors_of(answer)
    assert 'id="id_rounds_error"' in answer.content.decode()
    answer = page.post(
        new_url(club), form_data(entrants=picks, format="swiss", rounds="three")
    )
    assert "Type the number of rounds as a whole number" in errors_of(answer)
    # A box the chosen format hides never refuses.
    data = form_data(entrants=picks, format="round_robin", rounds="three")
    created(page.post(new_url(club), data))
    answer = page.post(
        new_url(club), form_data(entrants=picks, options={"target": "0"})
    )
    assert answer.status_code == 400
    assert "The target must be at least 1 point" in errors_of(answer)
    assert 'id="id_auction-target_error"' in answer.content.decode()


def test_a_refused_tournament_leaves_nothing_behind(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    picks = [roster["Ann"], roster["Bob"]]
    data = form_data(entrants=picks, name="x" * 81)
    answer = signed_in(people.organiser).post(new_url(club), data)
    assert answer.status_code == 400
    assert "at most 80 characters" in errors_of(answer)
    assert Tournament.objects.count() == 0


# --- Creating: who may ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("organiser", 200),
        ("scorekeeper", 200),
        ("superuser", 200),
        ("member", 403),
        ("outsider", 403),
    ],
)
def test_who_may_open_the_new_tournament_form(
    people: People, club: Club, roster: dict[str, Player], who: str, status: int
) -> None:
    answer = signed_in(getattr(people, who)).get(new_url(club))
    assert answer.status_code == status
    if status == 200:
        assert "Draw the tournament" in answer.content.decode()
        assert "Zed" not in answer.content.decode()  # only the club's roster
        assert "Pat" in answer.content.decode()
    else:
        assert "organisers and scorekeepers can run its tournaments" in errors_of(
            answer
        )


def test_a_member_cannot_post_a_tournament(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    data = form_data(entrants=[roster["Ann"], roster["Bob"]])
    answer = signed_in(people.member).post(new_url(club), data)
    assert answer.status_code == 403
    assert Tournament.objects.count() == 0


def test_signed_out_visitors_are_sent_to_sign_in_and_back(club: Club) -> None:
    answer = Client().get(new_url(club))
    assert answer.status_code == 302
    assert answer["Location"] == (
        f"/accounts/login/?next=/clubs/{club.slug}/tournaments/new/"
    )


def test_a_private_club_is_not_found_by_outsiders(people: People, club: Club) -> None:
    club.is_private = True
    club.save()
    assert signed_in(people.outsider).get(new_url(club)).status_code == 404
    assert signed_in(people.member).get(new_url(club)).status_code == 403
    assert signed_in(people.scorekeeper).get(new_url(club)).status_code == 200
    nowhere = reverse("tournaments:new", args=["no-such-club"])
    assert signed_in(people.organiser).get(nowhere).status_code == 404


# --- A match's page -------------------------------------------------------------------


def match_url(tournament: dict[str, Any], match: dict[str, Any], name: str = "match"):
    return reverse(f"tournaments:{name}", args=[tournament["id"], match["id"]])


@pytest.fixture
def cup(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    """Ann, Bob, Cy, Di, Eve in a single elimination (seeds in that order): Ann,
    Bob and Cy have byes; Di v Eve is ready at table 1, Bob v Cy at table 2."""
    return create(organiser_api, club, format="single_elimination", entrants=5)


def ready_match(tournament: dict[str, Any]) -> dict[str, Any]:
    """The first match ready to play, in play order."""
    return next(m for m in matches(tournament) if m["status"] == "ready")


def test_the_match_page_shows_the_match_to_anyone_who_reads_the_club(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    answer = Client().get(match_url(cup, match))
    assert answer.status_code == 200
    text = errors_of(answer)
    assert "Quarter-final 2" in text  # 8-bracket: 1-8, 4-5, 2-7, 3-6
    assert "Table 1" in text
    assert "Ready" in text
    assert "4 Di" in text
    assert "5 Eve" in text
    assert "Start game" not in text
    assert "Table 1's link" not in text
    assert "Played on paper" not in text


def test_a_scorekeeper_sees_the_start_button_and_the_table_link(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    answer = signed_in(people.scorekeeper).get(match_url(cup, match))
    html = answer.content.decode()
    assert "Start game at table 1" in html
    table = f"http://testserver/tournaments/{cup['id']}/matches/{match['id']}/table/"
    assert f'href="{table}"' in html
    assert '<svg role="img" aria-label="QR code of table 1' in html
    assert "Played on paper" not in html  # organisers only
    organiser = signed_in(people.organiser).get(match_url(cup, match))
    assert "Played on paper? Enter the result" in organiser.content.decode()
    member = signed_in(people.member).get(match_url(cup, match))
    assert "Start game" not in member.content.decode()


def test_the_qr_code_encodes_the_table_link_as_shown(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    html = signed_in(people.scorekeeper).get(match_url(cup, match)).content.decode()
    table = re.search(r'id="table-url">([^<]+)<', html).group(1)
    svg = re.search(r'<svg role="img".*?</svg>', html, re.S).group(0)
    # The dark modules' path is the code of exactly that link (another link, even
    # one character off, draws other modules).
    modules = segno.make(table, error="m").svg_inline(scale=1, border=4)
    [expected] = re.findall(r'd="(M4 [^"]+)"', modules)
    assert re.findall(r'd="(M4 [^"]+)"', svg) == [expected]
    other = segno.make(table + "x", error="m").svg_inline(scale=1, border=4)
    assert expected not in other


def test_a_private_clubs_match_is_not_found_by_outsiders(
    people: People, club: Club, cup: dict[str, Any]
) -> None:
    club.is_private = True
    club.save()
    match = ready_match(cup)
    assert Client().get(match_url(cup, match)).status_code == 404
    assert signed_in(people.outsider).get(match_url(cup, match)).status_code == 404
    assert signed_in(people.member).get(match_url(cup, match)).status_code == 200
    other = reverse("tournaments:match", args=[cup["id"], 99999])
    assert signed_in(people.member).get(other).status_code == 404


def test_the_match_page_counts_its_queries_whatever_the_size(
    people: People, club: Club, organiser_api: APIClient, django_assert_num_queries
) -> None:
    played = []
    for size in (4, 16):
        t = create(organiser_api, club, format="double_elimination", entrants=size)
        first = match_at(t, "winners", 1, 1)
        played.append(play(organiser_api, t["id"], first, first["entrants"][0]))
    page = signed_in(people.organiser)
    for t in played:
        match = match_at(t, "winners", 1, 1)
        page.get(match_url(t, match))  # the session warmed up
        # 10: the 9 of the page, and its history (ResultRevision, one query).
        with django_assert_num_queries(10):
            answer = page.get(match_url(t, match))
        assert answer.status_code == 200
        assert "★ Won" in answer.content.decode()


# --- Starting the match's game ----------------------------------------------------


def test_start_game_seats_the_players_and_opens_the_table_page(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    page = signed_in(people.scorekeeper)
    answer = page.post(match_url(cup, match, "match_start"))
    assert answer.status_code == 302
    game = Game.objects.get(tournament_match__match_id=match["id"])
    assert answer["Location"] == f"/games/{game.pk}/"
    assert [s.player.name for s in game.seats.order_by("number")] == ["Di", "Eve"]
    # The match page now opens the game; a second start is refused in words.
    html = page.get(match_url(cup, match)).content.decode()
    assert f'href="/games/{game.pk}/">Open the game at table 1' in html
    answer = page.post(match_url(cup, match, "match_start"), follow=True)
    assert "is being played" in errors_of(answer)
    assert Game.objects.count() == 1


def test_only_scorekeepers_start_a_match_game(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    answer = signed_in(people.member).post(match_url(cup, match, "match_start"))
    assert answer.status_code == 403
    answer = Client().post(match_url(cup, match, "match_start"))
    assert answer.status_code == 302
    assert "/accounts/login/" in answer["Location"]
    assert (
        signed_in(people.member).get(match_url(cup, match, "match_start")).status_code
        == 405
    )
    assert Game.objects.count() == 0


def test_a_waiting_match_cannot_start(people: People, cup: dict[str, Any]) -> None:
    final = match_at(cup, "winners", 3, 1)
    answer = signed_in(people.organiser).post(
        match_url(cup, final, "match_start"), follow=True
    )
    assert "its entrants are not known yet" in errors_of(answer)
    assert Game.objects.count() == 0


# --- The table link ------------------------------------------------------------------


def test_the_table_link_offers_one_tap_and_never_starts_on_a_get(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    page = signed_in(people.scorekeeper)
    answer = page.get(match_url(cup, match, "match_table"))
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Start game at table 1" in html
    assert f'action="/tournaments/{cup["id"]}/matches/{match["id"]}/table/"' in html
    assert Game.objects.count() == 0
    answer = page.post(match_url(cup, match, "match_table"))
    game = Game.objects.get()
    assert answer["Location"] == f"/games/{game.pk}/"
    # Opened again while the game runs: straight to it.
    answer = page.get(match_url(cup, match, "match_table"))
    assert answer.status_code == 302
    assert answer["Location"] == f"/games/{game.pk}/"


def test_the_table_link_for_a_member_and_a_signed_out_visitor(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    url = match_url(cup, match, "match_table")
    answer = Client().get(url)
    assert answer.status_code == 302
    assert answer["Location"] == f"/accounts/login/?next={url}"
    answer = signed_in(people.member).get(url)
    assert answer.status_code == 403
    assert "organisers and scorekeepers can start this match's game" in errors_of(
        answer
    )
    assert signed_in(people.member).post(url).status_code == 403
    assert Game.objects.count() == 0


def test_the_table_link_of_a_finished_match_points_to_the_tables_next_match(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    match = ready_match(t)  # Bob v Cy; Ann has the bye
    t = play(organiser_api, t["id"], match, match["entrants"][0])
    final = match_at(t, "winners", 2, 1)
    assert final["status"] == "ready"
    assert final["table"] == 1
    answer = signed_in(people.scorekeeper).get(match_url(t, match, "match_table"))
    text = errors_of(answer)
    assert "This match is over. Next at table 1: Final." in text
    assert match_url(t, final, "match_table") in answer.content.decode()
    # Back from the won game lands here: the game is one tap away (reviewer).
    played = next(m for m in t["rounds"][0]["matches"] if m["id"] == match["id"])
    assert f'href="/games/{played["games"][-1]}/" data-last-game' in (
        answer.content.decode()
    )


def test_a_best_of_three_starts_its_next_game_from_the_table_link(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(
        organiser_api,
        club,
        format="round_robin",
        entrants=2,
        settings={"games_per_match": 3},
    )
    match = ready_match(t)
    page = signed_in(people.scorekeeper)
    page.post(match_url(t, match, "match_table"))
    win_game(organiser_api, Game.objects.get().pk, 0)
    answer = page.get(match_url(t, match, "match_table"))
    assert "Start game 2 at table 1" in answer.content.decode()
    html = page.get(match_url(t, match)).content.decode()
    assert "Games won" in html
    assert "Game 1" in html


# --- The paper result ---------------------------------------------------------------


def test_a_paper_result_moves_the_bracket(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    match = ready_match(t)
    ids = entrant_ids(t)
    organiser = signed_in(people.organiser)
    answer = organiser.post(
        match_url(t, match, "match_result"),
        {"winner": ids["Cy"], "score_0": "5", "score_1": "11"},
    )
    assert answer.status_code == 302
    assert answer["Location"] == match_url(t, match)
    t = read(organiser_api, t["id"])
    done = match_at(t, "winners", 1, 2)
    assert (done["status"], done["winner"], done["scores"]) == (
        "completed",
        ids["Cy"],
        [5, 11],
    )
    final = match_at(t, "winners", 2, 1)
    assert final["entrants"] == [ids["Ann"], ids["Cy"]]
    assert final["status"] == "ready"
    text = errors_of(organiser.get(match_url(t, match)))
    assert "Semi-final 2: result saved." in text
    assert "Played on paper" in text
    assert "Next: Final, table 1 (ready)" in text


def test_a_paper_result_without_scores_and_its_refusals(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    match = ready_match(t)
    ids = entrant_ids(t)
    page = signed_in(people.organiser)
    url = match_url(t, match, "match_result")
    answer = page.post(url, {"winner": ids["Bob"], "score_0": "11"})
    assert answer.status_code == 400
    assert "leave both scores empty" in errors_of(answer)
    answer = page.post(url, {"winner": ids["Ann"]})
    assert answer.status_code == 400
    assert "Choose one of the match's two entrants." in errors_of(answer)
    # A game with hands is played at the table.
    game = start_game(organiser_api, t["id"], match["id"])
    organiser_api.post(
        f"/api/v1/games/{game['id']}/hands/",
        {"pitcher": 0, "bid": 2, "awards": {"high": 0, "low": 0}},
        format="json",
    )
    answer = page.post(url, {"winner": ids["Bob"]})
    assert answer.status_code == 400
    assert f"has a game with hands recorded (game {game['id']})" in errors_of(answer)
    assert Match.objects.get(pk=match["id"]).status == MatchStatus.RUNNING


def test_a_completed_match_refuses_a_paper_result_in_words(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=3)
    match = ready_match(t)
    ids = entrant_ids(t)
    page = signed_in(people.organiser)
    url = match_url(t, match, "match_result")
    assert page.post(url, {"winner": ids["Bob"]}).status_code == 302
    answer = page.post(url, {"winner": ids["Cy"]})
    assert answer.status_code == 400
    assert "Semi-final 2 is completed: its result is in." in errors_of(answer)
    assert Match.objects.get(pk=match["id"]).winner_id == ids["Bob"]


def test_only_organisers_enter_paper_results(
    people: People, cup: dict[str, Any]
) -> None:
    match = ready_match(cup)
    url = match_url(cup, match, "match_result")
    answer = signed_in(people.scorekeeper).post(url, {"winner": match["entrants"][0]})
    assert answer.status_code == 403
    assert "organisers can enter a result played on paper" in errors_of(answer)
    assert Client().post(url).status_code == 302
    assert Match.objects.get(pk=match["id"]).status == MatchStatus.READY


# --- Drawing the next round ---------------------------------------------------------


def test_draw_the_next_swiss_round(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="swiss", entrants=4)
    page = signed_in(people.organiser)
    url = reverse("tournaments:round_draw", args=[t["id"]])
    answer = page.post(url)
    assert answer["Location"] == f"/tournaments/{t['id']}/"
    answer = page.post(url, follow=True)
    assert "of round 1 is not completed yet" in errors_of(answer)
    for match in [m for m in matches(t) if m["status"] == "ready"]:
        t = play(organiser_api, t["id"], match, match["entrants"][0])
    answer = page.post(url, follow=True)
    assert "Round 2 is drawn" in errors_of(answer)
    assert Tournament.objects.get().rounds.count() == 2


def test_draw_refusals_and_rights(
    people: People, club: Club, organiser_api: APIClient
) -> None:
    t = create(organiser_api, club, format="round_robin", entrants=4)
    url = reverse("tournaments:round_draw", args=[t["id"]])
    answer = signed_in(people.scorekeeper).post(url, follow=True)
    assert "draws its next round on demand" in errors_of(answer)
    assert signed_in(people.member).post(url).status_code == 403
    assert signed_in(people.member).get(url).status_code == 405
    club.is_private = True
    club.save()
    assert signed_in(people.outsider).post(url).status_code == 404


# --- Everything together ------------------------------------------------------------


def test_a_tournament_created_through_the_form_is_played_from_its_match_pages(
    people: People, club: Club, roster: dict[str, Player], organiser_api: APIClient
) -> None:
    r = roster
    data = form_data(entrants=[(r["Ann"], 1), (r["Bob"], 2), (r["Cy"], 3)])
    tournament = created(signed_in(people.organiser).post(new_url(club), data))
    t = read(organiser_api, tournament.pk)
    match = ready_match(t)
    keeper = signed_in(people.scorekeeper)
    answer = keeper.post(match_url(t, match, "match_table"))
    game = Game.objects.get()
    win_game(organiser_api, game.pk, 1)  # Cy
    t = read(organiser_api, tournament.pk)
    final = match_at(t, "winners", 2, 1)
    assert final["status"] == "ready"
    assert final["entrants"] == [entrant_ids(t)["Ann"], entrant_ids(t)["Cy"]]
    assert answer["Location"] == f"/games/{game.pk}/"
    assert Entrant.objects.get(pk=final["entrants"][1]).name == "Cy"


def test_a_team_may_be_named_and_a_name_twice_is_refused_at_its_line(
    people: People, club: Club, roster: dict[str, Player]
) -> None:
    page = signed_in(people.organiser)
    data = form_data(entrants=[], team_size=2)
    data["entrants"] = "Aces: Ann & Bob\naces: Cy & Di"
    answer = page.post(new_url(club), data)
    assert answer.status_code == 400
    # The earlier entrant's name as it is spelt, not the later spelling.
    assert "Line 2: Aces (line 1) is already an entrant: give each" in (
        errors_of(answer)
    )
    data["entrants"] = "Aces: Ann & Bob\nKings: Cy & Di"
    assert seeded(created(page.post(new_url(club), data))) == ["Aces", "Kings"]


def test_two_long_names_make_a_team_name_too_long_said_at_its_line(
    people: People, club: Club
) -> None:
    long = [club_services.guest_add(club=club, name=c * 40) for c in "WM"]
    others = [club_services.guest_add(club=club, name=n) for n in ("Ann", "Bob")]
    picks = [(long[0], 1, long[1]), (others[0], 2, others[1])]
    answer = signed_in(people.organiser).post(
        new_url(club), form_data(entrants=picks, team_size=2)
    )
    assert answer.status_code == 400
    assert "Line 1: An entrant's name has at most 80 characters." in (errors_of(answer))


def test_a_bye_and_a_waiting_match_have_pages_that_say_so(
    people: People, cup: dict[str, Any]
) -> None:
    page = signed_in(people.organiser)
    bye = match_at(cup, "winners", 1, 1)
    text = errors_of(page.get(match_url(cup, bye)))
    assert "A bye: Ann moves on without playing." in text
    assert "Start game" not in text
    assert "Played on paper" not in text
    final = match_at(cup, "winners", 3, 1)
    answer = page.get(match_url(cup, final))
    text = errors_of(answer)
    assert "Waiting" in text
    assert text.count("Not known yet: waits for an earlier result.") == 2
    assert "Start game" not in text
    table = errors_of(page.get(match_url(cup, final, "match_table")))
    assert "This match waits for an earlier result" in table

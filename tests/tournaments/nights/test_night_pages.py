"""The organiser's progressive night pages: check-in and seating, the board of
tables with paper scores, next round, arrivals and leavers, table cards; the
board's queries do not grow with the players."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club
from pitchclub.services import players as club_services
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def checkin(client: Client, club: Club, players: int, **extra: Any) -> Tournament:
    roster = [club_services.guest_add(club=club, name=f"Player {i}") for i in range(4)]
    guests = "\n".join(f"Guest {i}" for i in range(players - 4))
    body = {
        "name": "Thursday progressive",
        "variant": "auction",
        "rounds": "2",
        "hands_per_round": "2",
        "movement": "winners_up",
        "scoring": "points",
        "players": [str(p.pk) for p in roster],
        "guests": guests,
        **extra,
    }
    answer = client.post(reverse("tournaments:progressive_new", args=[club.slug]), body)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Tournament.objects.get(name="Thursday progressive", club=club)


def test_a_night_from_check_in_to_the_final_tally(club: Club, people: People) -> None:
    organiser = signed_in(people.organiser)
    night = checkin(organiser, club, 8)
    page = organiser.get(reverse("tournaments:detail", args=[night.pk]))
    text = page.content.decode()
    assert "Round 1 of 2" in text
    assert "Table 1" in text
    assert "Table 2" in text
    assert "Player 0" in text
    assert "Guest 3" in text
    assert "night-next" not in text
    for match in Match.objects.filter(tournament=night):
        url = reverse("tournaments:table_scores", args=[night.pk, match.pk])
        answer = organiser.post(
            url, {f"t{match.pk}-score_0": "5", f"t{match.pk}-score_1": "2"}
        )
        assert answer.status_code == 302
    text = organiser.get(
        reverse("tournaments:detail", args=[night.pk])
    ).content.decode()
    assert "night-next" in text
    assert "Finished (paper)" in text
    organiser.post(reverse("tournaments:round_draw", args=[night.pk]))
    text = organiser.get(
        reverse("tournaments:detail", args=[night.pk])
    ).content.decode()
    assert "Round 2 of 2" in text
    cards = organiser.get(reverse("tournaments:table_cards", args=[night.pk]))
    assert cards.status_code == 200
    assert b"<svg" in cards.content
    for match in Match.objects.filter(tournament=night, round__number=2):
        url = reverse("tournaments:table_scores", args=[night.pk, match.pk])
        organiser.post(url, {f"t{match.pk}-score_0": "1", f"t{match.pk}-score_1": "4"})
    night.refresh_from_db()
    assert night.status == "finished"
    text = organiser.get(
        reverse("tournaments:detail", args=[night.pk])
    ).content.decode()
    assert "Final tally" in text
    assert 'class="trophy"' in text
    assert "Winner:" in text


def test_a_tied_table_and_a_member_are_refused(club: Club, people: People) -> None:
    organiser = signed_in(people.organiser)
    night = checkin(organiser, club, 8)
    match = Match.objects.filter(tournament=night).first()
    url = reverse("tournaments:table_scores", args=[night.pk, match.pk])
    answer = organiser.post(
        url, {f"t{match.pk}-score_0": "3", f"t{match.pk}-score_1": "3"}, follow=True
    )
    assert "tied at 3" in answer.content.decode()
    member = signed_in(people.member)
    assert member.post(url, {}).status_code == 403
    assert (
        member.get(reverse("tournaments:progressive_new", args=[club.slug])).status_code
        == 403
    )


def test_arrivals_and_leavers_from_the_page(club: Club, people: People) -> None:
    keeper = signed_in(people.scorekeeper)
    night = checkin(keeper, club, 8)
    keeper.post(reverse("tournaments:night_arrive", args=[night.pk]), {"name": "Zoe"})
    first = night.entrants.order_by("seed").first()
    keeper.post(
        reverse("tournaments:night_leave", args=[night.pk, first.pk]), {"confirm": "1"}
    )
    assert night.entrants.filter(name="Zoe").exists()
    first.refresh_from_db()
    assert first.left
    text = keeper.get(reverse("tournaments:detail", args=[night.pk])).content.decode()
    assert "(gone home)" in text


@pytest.mark.parametrize("players", [8, 16])
def test_the_board_reads_the_same_queries_whatever_the_players(
    club: Club, people: People, players: int, django_assert_num_queries: Any
) -> None:
    organiser = signed_in(people.organiser)
    night = checkin(organiser, club, players)
    url = reverse("tournaments:detail", args=[night.pk])
    organiser.get(url)
    with django_assert_num_queries(QUERIES):
        assert organiser.get(url).status_code == 200


# Session, user, tournament with club, access, entrants + players, matches +
# counted games: the same for 8 players as for 16.
QUERIES = 8


def test_the_club_page_leads_to_a_new_night(club: Club, people: People) -> None:
    new_night = reverse("tournaments:progressive_new", args=[club.slug])
    club_page = reverse("clubs:detail", args=[club.slug])

    assert (
        f'href="{new_night}"'
        in signed_in(people.organiser).get(club_page).content.decode()
    )
    assert (
        f'href="{new_night}"'
        not in signed_in(people.member).get(club_page).content.decode()
    )


def seated(night: Tournament) -> list[str]:
    return list(night.entrants.order_by("seed").values_list("name", flat=True))


def test_check_in_seats_in_the_order_given_unless_a_random_draw_is_asked(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    page = organiser.get(reverse("tournaments:progressive_new", args=[club.slug]))
    text = page.content.decode()
    assert 'name="seeding" value="given"' in text
    assert "A random draw" in text
    night = checkin(organiser, club, 12, seeding="given")
    assert night.settings["seeding"] == "given"
    given = [f"Player {i}" for i in range(4)] + [f"Guest {i}" for i in range(8)]
    assert seated(night) == given


def test_a_random_draw_seats_everyone_checked_in_in_a_drawn_order(
    club: Club, people: People, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tournaments import pairing

    drawn: list[list[int]] = []
    real = pairing.seed_order

    def draw(order: list[int], seeding: str, rng: Any) -> list[int]:
        result = real(order, seeding, rng)
        drawn.append(result)
        return result

    monkeypatch.setattr(pairing, "seed_order", draw)
    organiser = signed_in(people.organiser)
    night = checkin(organiser, club, 12, seeding="random")
    assert night.settings["seeding"] == "random"
    given = [f"Player {i}" for i in range(4)] + [f"Guest {i}" for i in range(8)]
    assert len(drawn) == 1
    assert sorted(drawn[0]) == list(range(12))
    assert seated(night) == [given[i] for i in drawn[0]]


def test_a_seating_that_is_neither_is_refused_and_nothing_is_created(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    roster = club_services.guest_add(club=club, name="Player 0")
    answer = organiser.post(
        reverse("tournaments:progressive_new", args=[club.slug]),
        {
            "name": "Odd seating",
            "variant": "auction",
            "rounds": "2",
            "hands_per_round": "2",
            "movement": "winners_up",
            "scoring": "points",
            "seeding": "alphabetical",
            "players": [str(roster.pk)],
            "guests": "A\nB\nC",
        },
    )
    assert answer.status_code == 400
    assert "Choose the order listed or a random draw." in answer.content.decode()
    assert not Tournament.objects.filter(name="Odd seating").exists()

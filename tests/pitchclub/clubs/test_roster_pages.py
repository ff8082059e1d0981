"""The roster's pages for renaming a guest, merging two players of one person (with
a confirmation that shows what will move) and the roster's log; who may use them."""

import html

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add, player_rename
from scoring.games import services as scoring
from scoring.models import Seat
from tests.factories import UserFactory, record
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

NO_POINTS = {"high": 0, "low": 0, "jack": 0, "game": 0}


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(name="Grange Hall", by=organiser)


@pytest.fixture
def dot(club: Club) -> Player:
    return guest_add(club=club, name="Dot")


@pytest.fixture
def dorothy(club: Club) -> Player:
    """A member's player, with an account."""
    person = UserFactory(first_name="Dorothy")
    invite = invite_create(club=club, by=club.created_by, role=Role.MEMBER)
    invite_accept(code=invite.code, user=person)
    return club.players.get(user=person)


def text(response: object) -> str:
    return html.unescape(response.content.decode())


def page(club: Club, name: str, *args: object) -> str:
    return reverse(f"clubs:{name}", args=[club.slug, *args])


def test_organisers_see_rename_and_merge_on_the_roster(
    club: Club, organiser: AbstractUser, dot: Player, dorothy: Player
) -> None:
    roster = text(signed_in(organiser).get(page(club, "roster")))

    assert f'href="{page(club, "player", dot.pk)}">Rename or merge' in roster
    assert f'href="{page(club, "player", dorothy.pk)}">Merge' in roster
    assert page(club, "roster_log") in roster


@pytest.mark.parametrize("role", [Role.SCOREKEEPER, Role.MEMBER])
def test_others_neither_see_nor_use_them(
    club: Club, dot: Player, dorothy: Player, role: str
) -> None:
    person = UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=person)
    client = signed_in(person)

    assert page(club, "player", dot.pk) not in text(client.get(page(club, "roster")))
    assert client.get(page(club, "player", dot.pk)).status_code == 403
    renamed = client.post(page(club, "player", dot.pk), {"name": "Dee"})
    merged = client.post(page(club, "player_merge", dot.pk), {"into": dorothy.pk})
    assert (renamed.status_code, merged.status_code) == (403, 403)
    assert client.get(page(club, "roster_log")).status_code == 403
    assert Player.objects.filter(pk=dot.pk, name="Dot").exists()


def test_signed_out_people_are_sent_to_sign_in(club: Club, dot: Player) -> None:
    answer = Client().get(page(club, "player", dot.pk))

    assert answer.status_code == 302
    assert answer.url.startswith("/accounts/login/")


def test_an_unknown_player_is_404(club: Club, organiser: AbstractUser) -> None:
    client = signed_in(organiser)
    other = guest_add(club=club_create(name="Other", by=UserFactory()), name="Zed")

    for pk in (other.pk, 2**70):
        assert client.get(page(club, "player", pk)).status_code == 404
        assert client.get(page(club, "player_merge", pk)).status_code == 404


def test_an_organiser_renames_a_guest(
    club: Club, organiser: AbstractUser, dot: Player
) -> None:
    client = signed_in(organiser)
    form = text(client.get(page(club, "player", dot.pk)))
    assert 'name="name"' in form
    assert 'value="Dot"' in form

    answer = client.post(
        page(club, "player", dot.pk), {"name": "Dorothy  Gale"}, follow=True
    )

    assert answer.redirect_chain[-1][0] == page(club, "roster") + f"#player-{dot.pk}"
    assert "Dot is now called Dorothy Gale." in text(answer)
    dot.refresh_from_db()
    assert dot.name == "Dorothy Gale"


def test_a_taken_name_is_refused_next_to_the_field(
    club: Club, organiser: AbstractUser, dot: Player, dorothy: Player
) -> None:
    answer = signed_in(organiser).post(
        page(club, "player", dot.pk), {"name": "dorothy"}
    )

    assert answer.status_code == 400
    assert (
        "There is already a player called Dorothy in this club: pick another name, "
        "or merge Dot into Dorothy if they are the same person." in text(answer)
    )
    dot.refresh_from_db()
    assert dot.name == "Dot"


def test_an_account_holder_has_no_rename_form(
    club: Club, organiser: AbstractUser, dorothy: Player
) -> None:
    answer = text(signed_in(organiser).get(page(club, "player", dorothy.pk)))

    assert "their name comes from it" in answer
    assert 'name="name"' not in answer
    assert 'name="into"' in answer


def test_the_merge_confirmation_shows_what_will_move_and_changes_nothing(
    club: Club, organiser: AbstractUser, dot: Player, dorothy: Player
) -> None:
    for other in ("Bob", "Cy"):
        game = scoring.game_start(variant="auction", players=[dot, other], club=club)
        record(game, [2, "pass"], NO_POINTS)
    invite_create(club=club, by=organiser, player=dot)
    client = signed_in(organiser)

    # Dot chosen to stay: Dorothy has an account, so Dorothy stays.
    confirm = client.get(page(club, "player_merge", dorothy.pk), {"into": dot.pk})

    assert confirm.status_code == 200
    said = text(confirm)
    assert "Dorothy stays" in said
    assert (
        "Dorothy has an account, so Dorothy stays and Dot is merged into them." in said
    )
    assert "2 games and 8 points taken" in said
    assert "1 claim invite for Dot withdrawn" in said
    assert "Merge Dot into Dorothy</button>" in said
    # Only shown: nothing moved yet.
    assert Seat.objects.filter(player=dot).count() == 2
    assert not club.roster_changes.exists()

    done = client.post(
        page(club, "player_merge", dorothy.pk), {"into": dot.pk}, follow=True
    )

    assert done.redirect_chain[-1][0] == page(club, "roster") + f"#player-{dorothy.pk}"
    assert "Dot was merged into Dorothy: 2 games and 8 points taken moved." in text(
        done
    )
    assert not Player.objects.filter(pk=dot.pk).exists()
    assert dorothy.seats.count() == 2


def test_a_merge_of_two_who_sat_in_one_game_is_refused_naming_it(
    club: Club, organiser: AbstractUser, dot: Player, dorothy: Player
) -> None:
    game = scoring.game_start(variant="auction", players=[dot, dorothy], club=club)
    client = signed_in(organiser)

    shown = client.get(page(club, "player_merge", dot.pk), {"into": dorothy.pk})
    posted = client.post(page(club, "player_merge", dot.pk), {"into": dorothy.pk})

    for answer in (shown, posted):
        assert answer.status_code == 409
        assert f"both sat at the table in game {game.pk}" in text(answer)
        assert "Merge Dot into" not in text(answer)
    assert Player.objects.filter(pk=dot.pk).exists()


def test_a_merge_without_a_choice_says_so(
    club: Club, organiser: AbstractUser, dot: Player
) -> None:
    client = signed_in(organiser)

    empty = client.get(page(club, "player_merge", dot.pk), {"into": ""})
    gone = client.get(page(club, "player_merge", dot.pk), {"into": "999999"})

    assert empty.status_code == gone.status_code == 400
    assert "Choose the other player of the same person." in text(empty)
    assert "that one is no longer on the roster" in text(gone)


def test_the_log_tells_what_happened_newest_first(
    club: Club, organiser: AbstractUser, dot: Player, dorothy: Player
) -> None:
    client = signed_in(organiser)
    client.post(page(club, "player", dot.pk), {"name": "Dottie"})
    client.post(page(club, "player_merge", dot.pk), {"into": dorothy.pk})

    log = text(client.get(page(club, "roster_log")))

    merged = log.index("olive merged Dottie into Dorothy: nothing moved.")
    renamed = log.index("olive renamed Dot to Dottie.")
    assert merged < renamed


def test_the_log_pages_in_constant_queries(club: Club, organiser: AbstractUser) -> None:
    client = signed_in(organiser)
    for n in range(3):
        guest = guest_add(club=club, name=f"G{n}")
        player_rename(club=club, player_id=guest.pk, name=f"H{n}", by=organiser)
    with CaptureQueriesContext(connection) as few:
        client.get(page(club, "roster_log"))
    for n in range(30):
        guest = guest_add(club=club, name=f"J{n}")
        player_rename(club=club, player_id=guest.pk, name=f"K{n}", by=organiser)

    with CaptureQueriesContext(connection) as many:
        answer = client.get(page(club, "roster_log"))

    assert len(many) == len(few)
    assert "Page 1 of 2" in text(answer)
    assert "Page 2 of 2" in text(client.get(page(club, "roster_log"), {"page": 2}))

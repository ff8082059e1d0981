"""An organiser merges a clubless player they created (the "Alice" of their games
outside clubs) into the club's guest of the same person, with the usual
confirmation; then the person claims the guest, and so both, as theirs."""

import html

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club, Player, Role, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import clubless_merge
from scoring.games import services as scoring
from scoring.models import Seat
from tests.factories import UserFactory
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db


def text(response: object) -> str:
    return html.unescape(response.content.decode())


def page(club: Club, name: str, *args: object) -> str:
    return reverse(f"clubs:{name}", args=[club.slug, *args])


def clubless_alice(by: AbstractUser | None, games: int = 1) -> Player:
    """Alice of `by`'s games outside clubs (the same player in each)."""
    for _ in range(games):
        game = scoring.game_start(
            variant="auction", players=["Alice", "Bob"], created_by=by
        )
    return Seat.objects.get(game=game, number=0).player


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(name="Thursday Night Pitch", by=organiser)


@pytest.fixture
def guest(club: Club, organiser: AbstractUser) -> Player:
    """The club's Alice, a guest with one game."""
    scoring.game_start(
        variant="auction", players=["Alice", "Cy"], club=club, created_by=organiser
    )
    return club.players.get(name="Alice")


def test_the_guests_page_offers_the_organisers_own_clubless_players_only(
    club: Club, organiser: AbstractUser, guest: Player
) -> None:
    mine = clubless_alice(organiser, games=2)
    theirs = clubless_alice(UserFactory(username="stranger"))
    anonymous = clubless_alice(None)

    form = text(signed_in(organiser).get(page(club, "player", guest.pk)))

    assert f'<option value="{mine.pk}">Alice (outside clubs, 2 games)</option>' in form
    assert f'value="{theirs.pk}"' not in form
    assert f'value="{anonymous.pk}"' not in form


def test_the_confirmation_shows_what_moves_then_the_merge_moves_it(
    club: Club, organiser: AbstractUser, guest: Player
) -> None:
    alice = clubless_alice(organiser, games=2)
    client = signed_in(organiser)

    shown = client.get(page(club, "player_merge", guest.pk), {"into": alice.pk})

    assert shown.status_code == 200
    said = text(shown)
    assert "Alice of your games outside clubs joins Alice of the roster" in said
    assert "2 games" in said
    assert "Merge Alice (outside clubs) into Alice</button>" in said
    assert Seat.objects.filter(player=alice).count() == 2  # only shown
    assert not club.roster_changes.exists()

    done = client.post(
        page(club, "player_merge", guest.pk), {"into": alice.pk}, follow=True
    )

    assert done.redirect_chain[-1][0] == page(club, "roster") + f"#player-{guest.pk}"
    assert "Alice (outside clubs) was merged into Alice: 2 games moved." in text(done)
    assert not Player.objects.filter(pk=alice.pk).exists()
    assert guest.seats.count() == 3
    change = club.roster_changes.get()
    assert (change.action, change.player, change.details["merged_id"]) == (
        RosterChange.Action.MERGE,
        guest,
        alice.pk,
    )
    log = text(client.get(page(club, "roster_log")))
    assert "olive merged Alice (outside clubs) into Alice: 2 games moved." in log


def test_someone_elses_clubless_player_is_refused(
    club: Club, organiser: AbstractUser, guest: Player
) -> None:
    stranger = UserFactory(username="stranger")
    theirs = clubless_alice(stranger)
    shared = clubless_alice(organiser)
    # The organiser's Alice also sat in a stranger's game: not theirs alone.
    scoring.game_start(variant="auction", players=[shared, "Dan"], created_by=organiser)
    game = scoring.game_start(
        variant="auction", players=["Eve", "Fay"], created_by=stranger
    )
    Seat.objects.filter(game=game, number=0).update(player=shared)

    posted = signed_in(organiser).post(
        page(club, "player_merge", guest.pk), {"into": theirs.pk}
    )

    assert posted.status_code == 400
    for other in (theirs, shared):
        with pytest.raises(Refusal) as refused:
            clubless_merge(
                club=club, player_id=guest.pk, clubless_id=other.pk, by=organiser
            )
        assert refused.value.field == "into"
        assert Player.objects.filter(pk=other.pk).exists()


def test_only_a_guest_takes_a_clubless_player(
    club: Club, organiser: AbstractUser
) -> None:
    alice = clubless_alice(organiser)
    own = club.players.get(user=organiser)

    with pytest.raises(Refusal):
        clubless_merge(club=club, player_id=own.pk, clubless_id=alice.pk, by=organiser)
    assert Player.objects.filter(pk=alice.pk).exists()


def test_a_scorekeeper_may_not_merge(
    club: Club, organiser: AbstractUser, guest: Player
) -> None:
    keeper = UserFactory(username="kim")
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    invite_accept(code=invite.code, user=keeper)
    alice = clubless_alice(keeper)

    answer = signed_in(keeper).post(
        page(club, "player_merge", guest.pk), {"into": alice.pk}
    )

    assert answer.status_code == 403
    assert Player.objects.filter(pk=alice.pk).exists()


def test_the_person_then_claims_both_as_theirs(
    client: Client, club: Club, organiser: AbstractUser, guest: Player
) -> None:
    alice = clubless_alice(organiser, games=2)
    clubless_merge(club=club, player_id=guest.pk, clubless_id=alice.pk, by=organiser)
    person = UserFactory(first_name="Alice", username="alice")
    # Already on the roster: the claim merges the guest into her own player.
    joined = invite_create(club=club, by=organiser, role=Role.MEMBER)
    invite_accept(code=joined.code, user=person)
    claim = invite_create(club=club, by=organiser, player=guest)

    invite_accept(code=claim.code, user=person)

    mine = Player.objects.get(user=person)
    assert mine.seats.count() == 3
    assert mine.seats.filter(game__club__isnull=True).count() == 2
    assert not Player.objects.filter(pk__in=[alice.pk, guest.pk]).exists()

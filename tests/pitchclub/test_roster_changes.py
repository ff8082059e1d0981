"""Renaming a guest and merging two roster players of one person
(pitchclub.services.players.player_rename and players_merge): each refusal's code and
field, what moves, who stays, and the roster's log. Claiming a guest through an
invite merges by the same service."""

import pytest
from django.contrib.auth.models import AbstractUser

from pitchclub.models import Club, Invite, Player, Role, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.services import players as player_services
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create, invite_revoke
from pitchclub.services.players import guest_add, player_rename, players_merge
from scoring.games import services as scoring
from scoring.models import Award, Seat
from tests.factories import UserFactory, record

pytestmark = pytest.mark.django_db

NO_POINTS = {"high": 0, "low": 0, "jack": 0, "game": 0}


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(name="Grange Hall", by=organiser)


def join(club: Club, **user: object) -> Player:
    """A new member's roster player (joined by invite, as people do)."""
    person = UserFactory(**user)
    invite = invite_create(club=club, by=club.created_by, role=Role.MEMBER)
    invite_accept(code=invite.code, user=person)
    return club.players.get(user=person)


def play(club: Club, *players: Player | str) -> None:
    """A game of `players` (seat 0 first) with one hand: seat 0 takes every point."""
    game = scoring.game_start(variant="auction", players=list(players), club=club)
    record(game, [2] + ["pass"] * (len(players) - 1), NO_POINTS)


def refused(call: object, **kwargs: object) -> Refusal:
    with pytest.raises(Refusal) as caught:
        call(**kwargs)
    return caught.value


# Renaming


def test_an_organiser_renames_a_guest_and_the_log_says_so(
    club: Club, organiser: AbstractUser
) -> None:
    dot = guest_add(club=club, name="Dot")

    renamed = player_rename(
        club=club, player_id=dot.pk, name="  Dorothy   Gale ", by=organiser
    )

    dot.refresh_from_db()
    assert renamed == dot
    assert dot.name == "Dorothy Gale"
    entry = club.roster_changes.get()
    assert (entry.action, entry.old_name, entry.name, entry.player, entry.by) == (
        "rename",
        "Dot",
        "Dorothy Gale",
        dot,
        organiser,
    )


def test_a_rename_to_the_same_name_changes_nothing_and_a_new_case_is_kept(
    club: Club, organiser: AbstractUser
) -> None:
    dot = guest_add(club=club, name="dot")

    player_rename(club=club, player_id=dot.pk, name="dot", by=organiser)
    assert not club.roster_changes.exists()

    player_rename(club=club, player_id=dot.pk, name="Dot", by=organiser)
    dot.refresh_from_db()
    assert dot.name == "Dot"
    assert club.roster_changes.get().old_name == "dot"


def test_a_name_typed_either_way_is_stored_composed(
    club: Club, organiser: AbstractUser
) -> None:
    guest = guest_add(club=club, name="Jose")

    player_rename(club=club, player_id=guest.pk, name="Jose\u0301", by=organiser)

    guest.refresh_from_db()
    assert guest.name == "Jos\u00e9"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "empty_name"),
        ("   ", "empty_name"),
        ("x" * 41, "name_too_long"),
        ("Ann\u202eZ", "invalid_name"),
        ("ann", "name_taken"),
        ("OLIVE", "name_taken"),
    ],
)
def test_rename_refusals(club: Club, organiser: AbstractUser, name: str, code: str):
    guest_add(club=club, name="Ann")
    dot = guest_add(club=club, name="Dot")

    refusal = refused(
        player_rename, club=club, player_id=dot.pk, name=name, by=organiser
    )

    assert (refusal.code, refusal.field) == (code, "name")
    dot.refresh_from_db()
    assert dot.name == "Dot"
    assert not club.roster_changes.exists()


def test_a_taken_name_is_a_conflict_that_suggests_merging(
    club: Club, organiser: AbstractUser
) -> None:
    guest_add(club=club, name="Ann")
    dot = guest_add(club=club, name="Dot")

    refusal = refused(
        player_rename, club=club, player_id=dot.pk, name="ANN", by=organiser
    )

    assert refusal.conflict
    assert refusal.message == (
        "There is already a player called Ann in this club: pick another name, or "
        "merge Dot into Ann if they are the same person."
    )


def test_a_player_with_an_account_is_not_renamed(
    club: Club, organiser: AbstractUser
) -> None:
    own = club.players.get(user=organiser)

    refusal = refused(
        player_rename, club=club, player_id=own.pk, name="Boss", by=organiser
    )

    assert (refusal.code, refusal.field) == ("rename_has_account", "name")
    assert "olive has an account" in refusal.message


def test_a_player_of_another_club_is_not_found(
    club: Club, organiser: AbstractUser
) -> None:
    other = club_create(name="Other Hall", by=organiser)
    stranger = guest_add(club=other, name="Zed")

    with pytest.raises(Player.DoesNotExist):
        player_rename(club=club, player_id=stranger.pk, name="Zee", by=organiser)
    with pytest.raises(Player.DoesNotExist):
        players_merge(
            club=club,
            player_id=stranger.pk,
            into_id=club.players.get().pk,
            by=organiser,
        )


# Merging


def test_merging_two_guests_moves_every_game_point_and_claim_invite(
    club: Club, organiser: AbstractUser
) -> None:
    dot, dorothy = (guest_add(club=club, name=n) for n in ("Dot", "Dorothy"))
    play(club, dot, "Bob")
    play(club, "Cy", dot)
    play(club, dorothy, "Bob")
    claim = invite_create(club=club, by=organiser, player=dot)

    entry = players_merge(club=club, player_id=dot.pk, into_id=dorothy.pk, by=organiser)

    assert not Player.objects.filter(pk=dot.pk).exists()
    assert dorothy.seats.count() == 3
    assert dorothy.awards.count() == 8  # seat 0 took all four points, twice
    assert Award.objects.filter(hand__game__seats__player=dorothy).count() == 12
    claim.refresh_from_db()
    assert (claim.player, claim.revoked_at) == (dorothy, None)
    assert (entry.action, entry.player, entry.name, entry.old_name, entry.by) == (
        "merge",
        dorothy,
        "Dorothy",
        "Dot",
        organiser,
    )
    assert entry.details == {
        "merged_id": dot.pk,
        "moved": {"games": 2, "awards": 4, "invites": 1},
    }
    # The moved claim invite now claims the merged player.
    newcomer = UserFactory()
    invite_accept(code=claim.code, user=newcomer)
    dorothy.refresh_from_db()
    assert dorothy.user == newcomer


@pytest.mark.parametrize("direction", ["guest_into_account", "account_into_guest"])
def test_the_player_with_an_account_stays_whichever_was_chosen(
    club: Club, organiser: AbstractUser, direction: str
) -> None:
    member = join(club, first_name="Dorothy")
    dot = guest_add(club=club, name="Dot")
    play(club, dot, "Bob")
    claim = invite_create(club=club, by=organiser, player=dot)
    ids = (
        (dot.pk, member.pk)
        if direction == "guest_into_account"
        else (member.pk, dot.pk)
    )

    entry = players_merge(club=club, player_id=ids[0], into_id=ids[1], by=organiser)

    assert entry.player == member
    assert not Player.objects.filter(pk=dot.pk).exists()
    assert member.seats.count() == 1
    claim.refresh_from_db()
    # An account holder has nothing to claim: the guest's claim invite is withdrawn.
    assert claim.player is None
    assert claim.revoked_at is not None
    assert entry.details["moved"] == {"games": 1, "awards": 4, "invites_withdrawn": 1}


def test_a_merge_is_refused_when_both_sat_in_one_game_naming_it(
    club: Club, organiser: AbstractUser
) -> None:
    dot, dorothy = (guest_add(club=club, name=n) for n in ("Dot", "Dorothy"))
    play(club, dot, "Bob")
    game = scoring.game_start(
        variant="auction", players=[dorothy, "Bob", dot], club=club
    )

    refusal = refused(
        players_merge,
        club=club,
        player_id=dot.pk,
        into_id=dorothy.pk,
        by=organiser,
    )

    assert (refusal.code, refusal.field) == ("merge_conflict", "into")
    assert refusal.conflict
    assert f"game {game.pk} (Auction Pitch, " in refusal.message
    assert refusal.message.startswith("Dot and Dorothy both sat at the table in game")
    assert refusal.message.endswith("so they are two people: they cannot be merged.")
    # Nothing moved, nothing logged.
    assert Player.objects.filter(pk=dot.pk).exists()
    assert Seat.objects.filter(player=dot).count() == 2
    assert not club.roster_changes.exists()


def test_two_accounts_are_not_merged(club: Club, organiser: AbstractUser) -> None:
    member = join(club, first_name="Dorothy")
    own = club.players.get(user=organiser)

    refusal = refused(
        players_merge,
        club=club,
        player_id=member.pk,
        into_id=own.pk,
        by=organiser,
    )

    assert (refusal.code, refusal.field) == ("merge_two_accounts", "into")
    assert refusal.conflict
    assert refusal.message.startswith("Dorothy and olive both have an account")


def test_merge_input_refusals(club: Club, organiser: AbstractUser) -> None:
    dot = guest_add(club=club, name="Dot")
    other = club_create(name="Other Hall", by=organiser)
    stranger = guest_add(club=other, name="Zed")

    same = refused(
        players_merge,
        club=club,
        player_id=dot.pk,
        into_id=dot.pk,
        by=organiser,
    )
    unknown = refused(
        players_merge,
        club=club,
        player_id=dot.pk,
        into_id=stranger.pk,
        by=organiser,
    )

    assert (same.code, same.field) == ("merge_same_player", "into")
    assert (unknown.code, unknown.field) == ("no_such_player", "into")
    assert f"no player {stranger.pk} on this club's roster" in unknown.message
    assert Player.objects.filter(pk=stranger.pk).exists()


# Claiming goes through the same merge


def test_a_claim_by_a_member_is_a_merge_in_the_log(
    club: Club, organiser: AbstractUser
) -> None:
    member = join(club, first_name="Dorothy")
    dot = guest_add(club=club, name="Dot")
    play(club, dot, "Bob")
    invite = invite_create(club=club, by=organiser, player=dot)

    invite_accept(code=invite.code, user=member.user)

    entry = club.roster_changes.get(action=RosterChange.Action.MERGE)
    assert (entry.player, entry.old_name, entry.by) == (member, "Dot", member.user)
    assert entry.details == {
        "merged_id": dot.pk,
        "moved": {"games": 1, "awards": 4, "invites_withdrawn": 0},
        "invite": invite.code,
    }
    invite.refresh_from_db()
    assert (invite.uses, invite.player, invite.revoked_at) == (1, None, None)


def test_a_claim_by_a_newcomer_is_in_the_log(
    club: Club, organiser: AbstractUser
) -> None:
    dot = guest_add(club=club, name="Dot")
    invite = invite_create(club=club, by=organiser, player=dot)
    newcomer = UserFactory()

    invite_accept(code=invite.code, user=newcomer)

    entry = club.roster_changes.get()
    assert (entry.action, entry.player, entry.name, entry.by) == (
        "claim",
        dot,
        "Dot",
        newcomer,
    )
    assert entry.details == {"invite": invite.code}


def test_claims_and_merges_share_one_merge(
    club: Club, organiser: AbstractUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, str]] = []
    merge = player_services.merge

    def spy(club: Club, *, guest: Player, into: Player, **kwargs: object):
        calls.append((guest.name, into.name))
        return merge(club, guest=guest, into=into, **kwargs)

    monkeypatch.setattr(player_services, "merge", spy)
    member = join(club, first_name="Dorothy")
    dot, dee = (guest_add(club=club, name=n) for n in ("Dot", "Dee"))
    invite = invite_create(club=club, by=organiser, player=dot)

    invite_accept(code=invite.code, user=member.user)
    players_merge(club=club, player_id=dee.pk, into_id=member.pk, by=None)

    assert calls == [("Dot", "Dorothy"), ("Dee", "Dorothy")]


def test_no_invite_row_is_lost_in_a_merge(club: Club, organiser: AbstractUser) -> None:
    dot, dorothy = (guest_add(club=club, name=n) for n in ("Dot", "Dorothy"))
    used = invite_create(club=club, by=organiser, player=dot)
    invite_revoke(invite=used)
    before = Invite.objects.count()

    players_merge(club=club, player_id=dot.pk, into_id=dorothy.pk, by=None)

    assert Invite.objects.count() == before
    used.refresh_from_db()
    assert used.player == dorothy

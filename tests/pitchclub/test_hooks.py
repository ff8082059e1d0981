"""The core's hook (pitchclub.hooks): a claim that merges two roster players calls
every registered listener once, in order, inside the claim's transaction; a listener's
refusal rolls the whole claim back, its bug is not swallowed."""

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AbstractUser

from pitchclub import hooks
from pitchclub.models import Club, Invite, Membership, Player, Role
from pitchclub.refusals import Refusal
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add, players_merge
from tests.factories import UserFactory


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory()


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(name="Hook Hall", by=organiser)


@pytest.fixture
def claim(club: Club, organiser: AbstractUser) -> tuple[Invite, AbstractUser, Player]:
    """A member already on the roster, and an invite claiming the guest Dot."""
    member = UserFactory()
    plain = invite_create(club=club, by=organiser, role=Role.MEMBER)
    invite_accept(code=plain.code, user=member)
    dot = guest_add(club=club, name="Dot")
    return invite_create(club=club, by=organiser, player=dot), member, dot


@pytest.fixture
def seen() -> Iterator[list[tuple[str, hooks.PlayersMerging]]]:
    events: list[tuple[str, hooks.PlayersMerging]] = []
    yield events
    for name in ("test.first", "test.second", "test.refuse", "test.bug"):
        hooks.unregister(name)


def test_a_listener_sees_the_merge_once_in_order(
    club: Club, claim: tuple[Invite, AbstractUser, Player], seen: list
) -> None:
    invite, member, dot = claim
    hooks.register(lambda e: seen.append(("second", e)), order=2, name="test.second")
    hooks.register(lambda e: seen.append(("first", e)), order=1, name="test.first")

    invite_accept(code=invite.code, user=member)

    assert [name for name, _ in seen] == ["first", "second"]
    event = seen[0][1]
    # The guest is deleted once every listener has run.
    assert not Player.objects.filter(pk=dot.pk).exists()
    assert (event.guest.name, event.into, event.invite.pk) == (
        "Dot",
        club.players.get(user=member),
        invite.pk,
    )


def test_a_listener_s_refusal_rolls_the_claim_back(
    club: Club, claim: tuple[Invite, AbstractUser, Player], seen: list
) -> None:
    invite, member, dot = claim

    def refuse(event: hooks.PlayersMerging) -> None:
        raise Refusal("claim_conflict", "code", "Not the same person.")

    hooks.register(refuse, order=1, name="test.refuse")

    with pytest.raises(Refusal) as refused:
        invite_accept(code=invite.code, user=member)

    assert refused.value.message == "Not the same person."
    assert Player.objects.filter(pk=dot.pk).exists()
    invite.refresh_from_db()
    assert (invite.uses, invite.player_id) == (0, dot.pk)
    assert Membership.objects.filter(club=club, user=member).count() == 1


def test_a_listener_s_bug_is_not_swallowed(
    claim: tuple[Invite, AbstractUser, Player], seen: list
) -> None:
    invite, member, dot = claim

    def bug(event: hooks.PlayersMerging) -> None:
        raise RuntimeError("a bug")

    hooks.register(bug, order=1, name="test.bug")

    with pytest.raises(RuntimeError):
        invite_accept(code=invite.code, user=member)
    assert Player.objects.filter(pk=dot.pk).exists()


def test_a_name_is_registered_once(seen: list) -> None:
    hooks.register(print, order=1, name="test.first")
    hooks.register(print, order=1, name="test.first")  # the same again: fine

    with pytest.raises(ValueError, match=r"test\.first"):
        hooks.register(repr, order=1, name="test.first")


def test_scoring_listens_for_merges() -> None:
    from scoring.games.listeners import move_seats_and_awards

    assert move_seats_and_awards in hooks.listeners()


def test_an_organisers_merge_dispatches_the_same_event_without_an_invite(
    club: Club, organiser: AbstractUser, seen: list
) -> None:
    hooks.register(lambda e: seen.append(("first", e)), order=1, name="test.first")
    dot = guest_add(club=club, name="Dot")
    dee = guest_add(club=club, name="Dee")

    players_merge(club=club, player_id=dot.pk, into_id=dee.pk, by=organiser)

    ((_, event),) = seen
    assert (event.guest.name, event.into, event.invite, event.by) == (
        "Dot",
        dee,
        None,
        organiser,
    )
    assert event.refusal_field == "into"
    # Scoring's listener (order 100) ran after ours and said what it moved.
    assert event.moved == {"games": 0, "awards": 0}

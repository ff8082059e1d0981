"""Clubs, roles, invites and rosters: pitchclub.services (each refusal's code and
field, and each effect) and the permission and list selectors."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser, AnonymousUser
from django.utils import timezone

from pitchclub import permissions, selectors
from pitchclub.models import Club, Invite, Membership, Player, Role
from pitchclub.refusals import Refusal
from pitchclub.services.clubs import (
    club_create,
    club_update,
    membership_remove,
    membership_set_role,
)
from pitchclub.services.invites import (
    invite_accept,
    invite_create,
    invite_refusal,
    invite_revoke,
    normalise_code,
)
from pitchclub.services.players import guest_add
from pitchclub.vocabulary import CODE_ALPHABET, CODE_LENGTH
from scoring.engine import RuleViolation
from scoring.games import services as scoring
from tests.factories import UserFactory, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(name="Grange Hall", by=organiser)


def join_as(club: Club, role: str, user: AbstractUser | None = None) -> AbstractUser:
    user = user or UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=user)
    return user


def refused(call: object, **kwargs: object) -> Refusal | RuleViolation:
    # The core's services refuse with the core's Refusal, scoring's with RuleViolation.
    with pytest.raises((Refusal, RuleViolation)) as caught:
        call(**kwargs)
    return caught.value


def role_of(club: Club, user: AbstractUser) -> str:
    return Membership.objects.get(club=club, user=user).role


# club_create and club_update


def test_club_create_makes_the_creator_organiser_and_a_roster_player(
    organiser: AbstractUser,
) -> None:
    club = club_create(
        name="  Grange   Hall ",
        by=organiser,
        location=" Main Street ",
        schedule="Tuesdays",
        description="To 11.",
        is_private=True,
    )

    assert (club.name, club.location) == ("Grange Hall", "Main Street")
    # A private club's address is not guessable: tests/pitchclub/test_private_clubs.py
    assert club.slug.startswith("grange-hall-")
    assert club.is_private
    assert club.created_by == organiser
    assert role_of(club, organiser) == Role.ORGANISER
    assert club.players.get().user == organiser


def test_club_slugs_are_unique_and_never_a_page_name(organiser: AbstractUser) -> None:
    # Three people: one person creating "New" again at once gets the same club.
    slugs = [
        club_create(name="New", by=by).slug
        for by in (organiser, UserFactory(), UserFactory())
    ]
    assert slugs == ["new-2", "new-3", "new-4"]
    assert club_create(name="♠♠♠", by=organiser).slug == "club"


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"name": " "}, "empty_name", "name"),
        ({"name": "x" * 81}, "name_too_long", "name"),
        ({"name": "Ok", "location": "x" * 121}, "text_too_long", "location"),
        ({"name": "Ok", "schedule": "x" * 121}, "text_too_long", "schedule"),
        ({"name": "Ok", "description": "x" * 2001}, "text_too_long", "description"),
    ],
)
def test_club_create_refusals(
    organiser: AbstractUser, fields: dict, code: str, field: str
) -> None:
    refusal = refused(club_create, by=organiser, **fields)
    assert (refusal.code, refusal.field) == (code, field)
    assert not Club.objects.exists()


def test_club_update_changes_details_but_keeps_the_slug(
    club: Club, organiser: AbstractUser
) -> None:
    club_update(
        club=club,
        name="Grange Pitch",
        schedule=" Wednesdays ",
    )
    club.refresh_from_db()
    # (Made private, it would get a new address: tests/pitchclub/test_private_clubs.py.)
    assert (club.name, club.slug, club.schedule, club.is_private) == (
        "Grange Pitch",
        "grange-hall",
        "Wednesdays",
        False,
    )


def test_club_update_refuses_an_empty_name(club: Club) -> None:
    refusal = refused(club_update, club=club, name="")
    assert (refusal.code, refusal.field) == ("empty_name", "name")
    club.refresh_from_db()
    assert club.name == "Grange Hall"


# membership_set_role and membership_remove


def test_set_role_changes_a_members_role(club: Club) -> None:
    member = join_as(club, Role.MEMBER)
    membership_set_role(club=club, user_id=member.pk, role=Role.SCOREKEEPER)
    assert role_of(club, member) == Role.SCOREKEEPER


def test_set_role_refuses_an_unknown_role(club: Club) -> None:
    member = join_as(club, Role.MEMBER)
    refusal = refused(membership_set_role, club=club, user_id=member.pk, role="king")
    assert (refusal.code, refusal.field) == ("unknown_role", "role")


def test_the_last_organiser_cannot_be_demoted(
    club: Club, organiser: AbstractUser
) -> None:
    refusal = refused(
        membership_set_role,
        club=club,
        user_id=organiser.pk,
        role=Role.SCOREKEEPER,
    )
    assert (refusal.code, refusal.field) == ("last_organiser", "role")
    assert role_of(club, organiser) == Role.ORGANISER


def test_two_organisers_demoting_each_other_leave_one(
    club: Club, organiser: AbstractUser
) -> None:
    bea = join_as(club, Role.ORGANISER)

    membership_set_role(club=club, user_id=organiser.pk, role=Role.MEMBER)
    refusal = refused(membership_set_role, club=club, user_id=bea.pk, role=Role.MEMBER)

    assert refusal.code == "last_organiser"
    assert role_of(club, organiser) == Role.MEMBER
    assert role_of(club, bea) == Role.ORGANISER


def test_an_organiser_may_be_kept_organiser(
    club: Club, organiser: AbstractUser
) -> None:
    membership_set_role(club=club, user_id=organiser.pk, role=Role.ORGANISER)
    assert role_of(club, organiser) == Role.ORGANISER


def test_set_role_of_a_stranger_is_not_found(club: Club) -> None:
    with pytest.raises(Membership.DoesNotExist):
        membership_set_role(club=club, user_id=UserFactory().pk, role=Role.MEMBER)


def test_remove_keeps_the_members_player_and_games(club: Club) -> None:
    member = join_as(club, Role.MEMBER)
    player = club.players.get(user=member)
    game = scoring.game_start(variant="auction", players=[player, "Sam"], club=club)

    membership_remove(club=club, user_id=member.pk)

    assert not club.memberships.filter(user=member).exists()
    player.refresh_from_db()
    assert player.user == member
    assert game.seats.filter(player=player).exists()


def test_the_last_organiser_cannot_be_removed(
    club: Club, organiser: AbstractUser
) -> None:
    join_as(club, Role.SCOREKEEPER)
    refusal = refused(membership_remove, club=club, user_id=organiser.pk)
    assert (refusal.code, refusal.field) == ("last_organiser", "role")
    assert club.memberships.filter(user=organiser).exists()


def test_an_organiser_may_leave_when_another_stays(
    club: Club, organiser: AbstractUser
) -> None:
    bea = join_as(club, Role.ORGANISER)
    membership_remove(club=club, user_id=organiser.pk)
    assert list(club.memberships.values_list("user", flat=True)) == [bea.pk]


def test_remove_a_stranger_is_not_found(club: Club) -> None:
    with pytest.raises(Membership.DoesNotExist):
        membership_remove(club=club, user_id=UserFactory().pk)


# invite_create, invite_revoke, invite_refusal


def test_invite_create_makes_a_readable_code(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    assert len(invite.code) == CODE_LENGTH
    assert set(invite.code) <= set(CODE_ALPHABET)
    assert not set(invite.code) & set("0O1IL")
    assert (invite.role, invite.uses, invite.max_uses) == (Role.SCOREKEEPER, 0, None)
    assert invite.created_by == organiser


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"role": "king"}, "unknown_role", "role"),
        ({"max_uses": 0}, "invalid_max_uses", "max_uses"),
        (
            {"expires_at": timezone.now() - timedelta(seconds=1)},
            "expiry_in_past",
            "expires_at",
        ),
    ],
)
def test_invite_create_refusals(
    club: Club, organiser: AbstractUser, fields: dict, code: str, field: str
) -> None:
    refusal = refused(invite_create, club=club, by=organiser, **fields)
    assert (refusal.code, refusal.field) == (code, field)
    assert not Invite.objects.exists()


def test_a_claim_invite_is_single_use(club: Club, organiser: AbstractUser) -> None:
    guest = guest_add(club=club, name="Dot")
    invite = invite_create(club=club, by=organiser, player=guest, max_uses=9)
    assert invite.max_uses == 1


def test_claim_invite_refused_for_another_clubs_player(
    club: Club, organiser: AbstractUser
) -> None:
    elsewhere = club_create(name="Elsewhere", by=UserFactory())
    guest = guest_add(club=elsewhere, name="Dot")
    refusal = refused(invite_create, club=club, by=organiser, player=guest)
    assert (refusal.code, refusal.field) == ("player_not_in_roster", "player")


def test_claim_invite_refused_for_a_player_with_an_account(
    club: Club, organiser: AbstractUser
) -> None:
    player = club.players.get(user=organiser)
    refusal = refused(invite_create, club=club, by=organiser, player=player)
    assert (refusal.code, refusal.field) == ("player_has_account", "player")


def test_invite_revoke_sets_revoked_at_once(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser)
    first = invite_revoke(invite=invite).revoked_at
    again = invite_revoke(invite=invite).revoked_at
    assert first is not None
    assert again == first
    invite.refresh_from_db()
    assert invite.revoked_at == first


def test_invite_refusal_names_each_reason(club: Club, organiser: AbstractUser) -> None:
    invite = invite_create(club=club, by=organiser, max_uses=1)
    assert invite_refusal(invite) is None
    assert "no invite with this code" in invite_refusal(None)
    invite.uses = 1
    assert "used up" in invite_refusal(invite)
    invite.expires_at = timezone.now()
    assert "expired" in invite_refusal(invite)
    invite.revoked_at = timezone.now()
    assert "withdrawn" in invite_refusal(invite)


@pytest.mark.parametrize(
    ("typed", "code"),
    [("abcd efgh", "ABCDEFGH"), (" AbCd-EfGh ", "ABCDEFGH"), ("ab—cd", "ABCD")],
)
def test_normalise_code_ignores_case_spaces_and_dashes(typed: str, code: str) -> None:
    assert normalise_code(typed) == code


# invite_accept


def test_accept_joins_with_the_invites_role_and_a_roster_player(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    user = UserFactory(first_name="Kit", last_name="Moss")

    membership = invite_accept(code=invite.code.lower(), user=user)

    assert (membership.club, membership.user, membership.role) == (
        club,
        user,
        Role.SCOREKEEPER,
    )
    assert club.players.get(user=user).name == "Kit Moss"
    invite.refresh_from_db()
    assert invite.uses == 1


def test_accept_names_the_roster_player_apart_from_a_guest_of_the_same_name(
    club: Club, organiser: AbstractUser
) -> None:
    guest_add(club=club, name="Kit Moss")
    user = UserFactory(first_name="Kit", last_name="Moss")
    join_as(club, Role.MEMBER, user)
    assert club.players.get(user=user).name == "Kit Moss (2)"


def test_accept_stops_after_max_uses(club: Club, organiser: AbstractUser) -> None:
    invite = invite_create(club=club, by=organiser, max_uses=2)
    invite_accept(code=invite.code, user=UserFactory())
    invite_accept(code=invite.code, user=UserFactory())
    third = UserFactory()

    refusal = refused(invite_accept, code=invite.code, user=third)

    assert (refusal.code, refusal.field) == ("invite_unusable", "code")
    assert "used up" in refusal.message
    assert not club.memberships.filter(user=third).exists()
    invite.refresh_from_db()
    assert invite.uses == 2


def test_accept_refuses_an_expired_invite(club: Club, organiser: AbstractUser) -> None:
    invite = invite_create(
        club=club, by=organiser, expires_at=timezone.now() + timedelta(days=1)
    )
    Invite.objects.filter(pk=invite.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    refusal = refused(invite_accept, code=invite.code, user=UserFactory())
    assert (refusal.code, refusal.field) == ("invite_unusable", "code")
    assert "expired" in refusal.message


def test_accept_refuses_a_revoked_invite(club: Club, organiser: AbstractUser) -> None:
    invite = invite_create(club=club, by=organiser)
    invite_revoke(invite=invite)
    refusal = refused(invite_accept, code=invite.code, user=UserFactory())
    assert "withdrawn" in refusal.message


def test_accept_refuses_an_unknown_code(club: Club) -> None:
    refusal = refused(invite_accept, code="nope", user=UserFactory())
    assert (refusal.code, refusal.field) == ("invite_unusable", "code")


def test_joining_again_keeps_the_higher_role(
    club: Club, organiser: AbstractUser
) -> None:
    user = join_as(club, Role.SCOREKEEPER)
    join_as(club, Role.MEMBER, user)
    assert role_of(club, user) == Role.SCOREKEEPER
    join_as(club, Role.ORGANISER, user)
    assert role_of(club, user) == Role.ORGANISER
    assert club.players.filter(user=user).count() == 1


def test_claiming_a_guest_gives_the_account_the_guests_games(
    club: Club, organiser: AbstractUser
) -> None:
    game = scoring.game_start(variant="auction", players=["Dot", "Sam"], club=club)
    record(game, [2, "pass"], {"high": 0, "low": 0, "jack": 0, "game": 0})
    dot = club.players.get(name="Dot")
    invite = invite_create(club=club, by=organiser, player=dot)
    user = UserFactory()

    invite_accept(code=invite.code, user=user)

    dot.refresh_from_db()
    assert dot.user == user
    assert club.players.filter(user=user).get() == dot
    assert game.seats.get(number=0).player == dot
    game.refresh_from_db()
    assert game.hand_count == 1


def test_a_claim_invite_works_once(club: Club, organiser: AbstractUser) -> None:
    dot = guest_add(club=club, name="Dot")
    invite = invite_create(club=club, by=organiser, player=dot)
    first = UserFactory()
    invite_accept(code=invite.code, user=first)

    refusal = refused(invite_accept, code=invite.code, user=UserFactory())

    assert refusal.code == "invite_unusable"
    dot.refresh_from_db()
    assert dot.user == first


def test_a_member_claiming_a_guest_gets_the_guests_games_moved_to_them(
    club: Club, organiser: AbstractUser
) -> None:
    member = join_as(club, Role.MEMBER)
    own = club.players.get(user=member)
    dot = guest_add(club=club, name="Dot")
    game = scoring.game_start(
        variant="auction", players=["Dot", "Bob", "Cy"], club=club, created_by=organiser
    )
    record(game, [2, "pass", "pass"], {"high": 0, "low": 0, "jack": 0, "game": 0})
    invite = invite_create(club=club, by=organiser, player=dot)
    other_claim = invite_create(club=club, by=organiser, player=dot)

    invite_accept(code=invite.code, user=member)

    assert not Player.objects.filter(pk=dot.pk).exists()
    assert game.seats.get(number=0).player == own
    assert set(own.awards.values_list("point", flat=True)) == {
        "high",
        "low",
        "jack",
        "game",
    }
    invite.refresh_from_db()
    other_claim.refresh_from_db()
    assert (invite.uses, invite.player) == (1, None)
    assert other_claim.revoked_at is not None


def test_a_claim_is_refused_when_both_players_sat_in_one_game(
    club: Club, organiser: AbstractUser
) -> None:
    member = join_as(club, Role.MEMBER)
    own = club.players.get(user=member)
    dot = guest_add(club=club, name="Dot")
    game = scoring.game_start(
        variant="auction", players=[own, dot], club=club, created_by=organiser
    )
    invite = invite_create(club=club, by=organiser, player=dot)

    refusal = refused(invite_accept, code=invite.code, user=member)

    assert (refusal.code, refusal.field) == ("claim_conflict", "code")
    assert f"game {game.pk}" in refusal.message
    dot.refresh_from_db()
    assert dot.is_guest
    invite.refresh_from_db()
    assert invite.uses == 0


def test_claim_refused_when_the_guest_was_claimed_meanwhile(
    club: Club, organiser: AbstractUser
) -> None:
    dot = guest_add(club=club, name="Dot")
    invite = invite_create(club=club, by=organiser, player=dot)
    Player.objects.filter(pk=dot.pk).update(user=UserFactory())
    newcomer = UserFactory()

    refusal = refused(invite_accept, code=invite.code, user=newcomer)

    assert (refusal.code, refusal.field) == ("already_claimed", "code")
    assert not club.memberships.filter(user=newcomer).exists()


# guest_add


def test_guest_add_adds_a_player_without_an_account(club: Club) -> None:
    guest = guest_add(club=club, name="  Dot   Reyes ")
    assert (guest.name, guest.club, guest.is_guest) == ("Dot Reyes", club, True)


def test_guest_add_returns_the_roster_player_of_that_name(club: Club) -> None:
    first = guest_add(club=club, name="Dot")
    assert guest_add(club=club, name="DOT") == first
    assert club.players.filter(name__iexact="dot").count() == 1


@pytest.mark.parametrize(
    ("name", "code"),
    [("", "empty_name"), ("   ", "empty_name"), ("x" * 41, "name_too_long")],
)
def test_guest_add_refusals(club: Club, name: str, code: str) -> None:
    refusal = refused(guest_add, club=club, name=name)
    assert (refusal.code, refusal.field) == (code, "name")


# Names and a club's details: composed, no control, bidi or invisible characters

COMPOSED, DECOMPOSED = "Jos\u00e9", "Jose\u0301"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
RAINBOW = "\U0001f3f3\ufe0f\u200d\U0001f308"
REFUSED = {
    "\x00": "a control character (U+0000), which cannot be shown",
    "\x07": "a control character (U+0007), which cannot be shown",
    "\u202e": "an invisible character (U+202E)",
    "\u2066": "an invisible character (U+2066)",
    "\u200b": "an invisible character (U+200B)",
    "\u200d": "an invisible character (U+200D)",
    "\u2060": "an invisible character (U+2060)",
    "\ufeff": "an invisible character (U+FEFF)",
}


@pytest.mark.parametrize("char", REFUSED)
def test_club_and_guest_names_refuse_control_bidi_and_invisible_characters(
    organiser: AbstractUser, club: Club, char: str
) -> None:
    refusal = refused(club_create, name=f"Grange{char} Hall", by=organiser)
    assert (refusal.code, refusal.field) == ("invalid_name", "name")
    assert refusal.message == f"The club's name has {REFUSED[char]}: retype it."
    refusal = refused(club_update, club=club, name=f"Grange{char}")
    assert refusal.field == "name"
    refusal = refused(guest_add, club=club, name=f"Do{char}t")
    assert (refusal.code, refusal.field) == ("invalid_name", "name")
    assert refusal.message == f"The player's name has {REFUSED[char]}: retype it."
    club.refresh_from_db()
    assert club.name == "Grange Hall"
    assert not club.players.filter(name__startswith="Do").exists()


@pytest.mark.parametrize("char", REFUSED)
@pytest.mark.parametrize(
    ("field", "what"),
    [
        ("location", "Where it plays"),
        ("schedule", "When it plays"),
        ("description", "The description"),
    ],
)
def test_club_details_refuse_control_bidi_and_invisible_characters(
    organiser: AbstractUser, club: Club, char: str, field: str, what: str
) -> None:
    fields = {"name": "Ok", field: f"Tue{char}sdays"}
    refusal = refused(club_create, by=organiser, **fields)
    assert (refusal.code, refusal.field) == ("invalid_text", field)
    assert refusal.message == f"{what} has {REFUSED[char]}: retype it."
    refusal = refused(club_update, club=club, **fields)
    assert refusal.field == field


def test_a_description_keeps_its_lines_and_a_place_its_words(
    organiser: AbstractUser,
) -> None:
    club = club_create(
        name="Grange",
        location="Grange Hall,\n Main Street",
        description="House rules:\r\n- no table talk\r\n",
        by=organiser,
    )
    assert club.description == "House rules:\n- no table talk"
    assert club.location == "Grange Hall, Main Street"


def test_names_are_stored_composed_and_found_typed_either_way(
    organiser: AbstractUser, club: Club
) -> None:
    composed = guest_add(club=club, name=COMPOSED)
    assert guest_add(club=club, name=DECOMPOSED) == composed
    assert club.players.filter(name__startswith="Jos").count() == 1
    renamed = club_create(name=f"Caf{DECOMPOSED[-2:]}", by=organiser)
    assert renamed.name == "Caf\u00e9"


@pytest.mark.parametrize("name", [FAMILY, RAINBOW, f"Dot {FAMILY}"])
def test_emoji_joined_with_zwj_are_names(
    organiser: AbstractUser, club: Club, name: str
) -> None:
    assert guest_add(club=club, name=name).name == name
    assert club_create(name=name, by=organiser).name == name


def test_a_game_in_a_club_seats_a_name_typed_either_way_once(
    organiser: AbstractUser, club: Club
) -> None:
    jose = guest_add(club=club, name=COMPOSED)
    refusal = refused(
        scoring.game_start,
        variant="auction",
        players=[DECOMPOSED, COMPOSED],
        club=club,
        created_by=organiser,
    )
    assert (refusal.code, refusal.field) == ("duplicate_player", "players.1")
    game = scoring.game_start(
        variant="auction", players=[DECOMPOSED, "Ann"], club=club, created_by=organiser
    )
    assert game.seats.get(number=0).player == jose


def test_a_game_without_a_club_seats_a_name_typed_either_way_once(
    organiser: AbstractUser,
) -> None:
    refusal = refused(
        scoring.game_start,
        variant="auction",
        players=[COMPOSED, DECOMPOSED],
        created_by=organiser,
    )
    assert (refusal.code, refusal.field) == ("duplicate_player", "players.1")
    first = scoring.game_start(
        variant="auction", players=[COMPOSED, "Ann"], created_by=organiser
    )
    again = scoring.game_start(
        variant="auction", players=[DECOMPOSED, "Ann"], created_by=organiser
    )
    assert again.seats.get(number=0).player == first.seats.get(number=0).player


@pytest.mark.parametrize("char", REFUSED)
def test_player_names_of_a_game_refuse_control_bidi_and_invisible_characters(
    organiser: AbstractUser, char: str
) -> None:
    refusal = refused(
        scoring.game_start,
        variant="auction",
        players=["Ann", f"Bo{char}b"],
        created_by=organiser,
    )
    assert (refusal.code, refusal.field) == ("invalid_player_name", "players.1")
    assert refusal.message == (f"The name of player 2 has {REFUSED[char]}: retype it.")


def test_player_names_of_a_game_may_be_emoji_joined_with_zwj(
    organiser: AbstractUser,
) -> None:
    game = scoring.game_start(
        variant="auction", players=[FAMILY, RAINBOW], created_by=organiser
    )
    assert [seat.player.name for seat in game.seats.order_by("number")] == [
        FAMILY,
        RAINBOW,
    ]


# Selectors: who may see and do what, and the lists


@pytest.mark.parametrize("private", [False, True], ids=["public", "private"])
def test_club_access_for_each_role(
    club: Club, organiser: AbstractUser, private: bool
) -> None:
    club.is_private = private
    club.save()
    people = {
        "anonymous": AnonymousUser(),
        "outsider": UserFactory(),
        "member": join_as(club, Role.MEMBER),
        "scorekeeper": join_as(club, Role.SCOREKEEPER),
        "organiser": organiser,
        "superuser": get_user_model().objects.create_superuser("root", "r@x.org", "pw"),
    }
    expected = {
        # role, can_view, can_manage, can_keep_score
        "anonymous": (None, not private, False, False),
        "outsider": (None, not private, False, False),
        "member": (Role.MEMBER, True, False, False),
        "scorekeeper": (Role.SCOREKEEPER, True, False, True),
        "organiser": (Role.ORGANISER, True, True, True),
        "superuser": (None, True, True, True),
    }
    for who, user in people.items():
        access = permissions.club_access(club=club, user=user)
        got = (access.role, access.can_view, access.can_manage, access.can_keep_score)
        assert got == expected[who], who
        assert permissions.club_manageable_by(club=club, user=user) == access.can_manage
        assert permissions.club_scorekeeping_by(club=club, user=user) == (
            access.can_keep_score
        )
        visible = permissions.clubs_visible_to(user).filter(pk=club.pk).exists()
        assert visible == access.can_view, who
    assert permissions.club_access(club=club, user=None).can_view is not private


def test_clubs_of_lists_memberships_with_clubs(
    club: Club, organiser: AbstractUser
) -> None:
    other = club_create(name="Another", by=UserFactory())
    join_as(other, Role.MEMBER, organiser)
    memberships = list(selectors.clubs_of(organiser))
    assert [(m.club.name, m.role) for m in memberships] == [
        ("Another", Role.MEMBER),
        ("Grange Hall", Role.ORGANISER),
    ]


def test_club_members_lists_organisers_first(
    club: Club, organiser: AbstractUser, django_assert_num_queries: object
) -> None:
    zed = join_as(club, Role.MEMBER, UserFactory(username="zed"))
    amy = join_as(club, Role.SCOREKEEPER, UserFactory(username="amy"))
    bea = join_as(club, Role.ORGANISER, UserFactory(username="bea"))
    with django_assert_num_queries(1):
        order = [m.user for m in selectors.club_members(club=club)]
    assert order == [bea, organiser, amy, zed]


def test_invites_active_leaves_out_revoked_expired_and_used_up(
    club: Club, organiser: AbstractUser
) -> None:
    usable = invite_create(club=club, by=organiser, max_uses=2)
    revoked = invite_create(club=club, by=organiser)
    invite_revoke(invite=revoked)
    expired = invite_create(
        club=club, by=organiser, expires_at=timezone.now() + timedelta(hours=1)
    )
    Invite.objects.filter(pk=expired.pk).update(expires_at=timezone.now())
    used = invite_create(club=club, by=organiser, max_uses=1)
    invite_accept(code=used.code, user=UserFactory())
    invite_accept(code=usable.code, user=UserFactory())

    assert list(selectors.invites_active(club=club)) == [usable]


def test_invite_by_code_finds_the_invite_with_its_club(
    club: Club, organiser: AbstractUser, django_assert_num_queries: object
) -> None:
    invite = invite_create(club=club, by=organiser)
    with django_assert_num_queries(1):
        found = selectors.invite_by_code(invite.code)
        assert found.club.name == "Grange Hall"
    assert selectors.invite_by_code("NOPE") is None


def test_roster_filters_by_part_of_a_name(club: Club) -> None:
    for name in ("Dot", "Dorothy", "Sam"):
        guest_add(club=club, name=name)
    assert [p.name for p in selectors.roster(club=club, query=" do ")] == [
        "Dorothy",
        "Dot",
    ]

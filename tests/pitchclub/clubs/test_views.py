"""The club pages: listing and creating clubs, a club's page, members, roster and
invites, joining by code, and who may do what (the role matrix at the end)."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from pitchclub.models import Club, Invite, Membership, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from scoring.games import services as scoring
from tests.factories import UserFactory, record
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def join_as(club: Club, role: str, user: AbstractUser | None = None) -> AbstractUser:
    """A user who joined `club` with `role` through an invite, as people do."""
    user = user or UserFactory()
    invite = invite_create(club=club, by=club.created_by, role=role)
    invite_accept(code=invite.code, user=user)
    return user


def text_of(response: object) -> str:
    return response.content.decode()


@pytest.fixture
def organiser(db: None) -> AbstractUser:
    return UserFactory(username="olive", first_name="Olive", last_name="Ames")


@pytest.fixture
def club(organiser: AbstractUser) -> Club:
    return club_create(
        name="Grange Hall Pitch",
        by=organiser,
        location="Grange Hall, Main Street",
        schedule="Tuesdays from 7 pm",
        description="Auction pitch to 11.\n\nBring a dish.",
    )


@pytest.fixture
def private_club(organiser: AbstractUser) -> Club:
    return club_create(name="Kitchen Table", by=organiser, is_private=True)


@pytest.fixture
def host(organiser: AbstractUser) -> Client:
    return signed_in(organiser)


# Creating and listing clubs


def test_creating_a_club_makes_the_creator_its_organiser(user: AbstractUser) -> None:
    client = signed_in(user)

    page = client.get(reverse("clubs:create"))
    assert page.status_code == 200
    assert 'for="id_name"' in text_of(page)

    response = client.post(
        reverse("clubs:create"),
        {
            "name": "  Friday   Night Pitch ",
            "location": "The Red Lion",
            "schedule": "Fridays, 8 pm",
            "description": "",
        },
    )

    club = Club.objects.get()
    assert club.name == "Friday Night Pitch"
    assert club.slug == "friday-night-pitch"
    assert club.is_private is False
    assert response.status_code == 302
    assert response["Location"] == reverse("clubs:detail", args=[club.slug])
    assert Membership.objects.get(club=club).user == user
    assert Membership.objects.get(club=club).role == Role.ORGANISER
    welcome = client.get(response["Location"])
    assert "you are its organiser" in text_of(welcome)


def test_creating_a_club_without_a_name_says_so_next_to_the_field(
    user: AbstractUser,
) -> None:
    response = signed_in(user).post(reverse("clubs:create"), {"name": "   "})

    assert response.status_code == 200
    text = text_of(response)
    assert 'id="id_name_error"' in text
    assert "Give the club a name." in text
    assert 'aria-invalid="true"' in text
    assert not Club.objects.exists()


def test_two_clubs_of_the_same_name_get_different_slugs(user: AbstractUser) -> None:
    signed_in(user).post(reverse("clubs:create"), {"name": "New"})
    signed_in(UserFactory()).post(reverse("clubs:create"), {"name": "New"})

    # "new" is the create page's address, so no club may have it.
    assert sorted(Club.objects.values_list("slug", flat=True)) == ["new-2", "new-3"]


def test_creating_a_club_needs_an_account(client: Client) -> None:
    response = client.get(reverse("clubs:create"))
    assert response.status_code == 302
    assert response["Location"].startswith(LOGIN)


def test_club_list_shows_public_clubs_and_your_clubs_with_your_role(
    club: Club, private_club: Club
) -> None:
    keeper = join_as(private_club, Role.SCOREKEEPER)
    other = club_create(name="Elsewhere", by=UserFactory(), is_private=True)

    anonymous = text_of(Client().get(reverse("clubs:list")))
    assert club.name in anonymous
    assert private_club.name not in anonymous
    assert other.name not in anonymous

    mine = text_of(signed_in(keeper).get(reverse("clubs:list")))
    assert "Your clubs" in mine
    assert private_club.name in mine
    assert 'class="role role-scorekeeper">Scorekeeper<' in mine
    assert club.name in mine
    assert other.name not in mine


# The club's page


def test_club_page_shows_where_when_games_members_and_roster(
    club: Club, organiser: AbstractUser
) -> None:
    join_as(club, Role.SCOREKEEPER, UserFactory(username="kit"))
    game = scoring.game_start(
        variant="auction", players=["Olive Ames", "Dot", "Sam"], club=club
    )
    record(game, ["pass", 2, "pass"], {"high": 1, "low": 1, "jack": 0, "game": 2})

    page = Client().get(reverse("clubs:detail", args=[club.slug]))

    assert page.status_code == 200
    text = text_of(page)
    assert "Grange Hall Pitch</h1>" in text
    assert "Grange Hall, Main Street" in text
    assert "Tuesdays from 7 pm" in text
    assert "<p>Auction pitch to 11.</p>" in text
    assert reverse("scoring:game", args=[game.pk]) in text
    assert "Dot" in text
    assert re.search(r"Olive Ames</span>\s*<span class=\"role role-organiser\">", text)
    assert re.search(r"kit</span>\s*<span class=\"role role-scorekeeper\">", text)
    # Olive and Kit joined with accounts; Dot and Sam are guests.
    assert "4 players on the roster, 2 of them guests" in text
    assert reverse("clubs:edit", args=[club.slug]) not in text
    assert reverse("clubs:join") in text


def test_club_page_links_organisers_to_the_manage_pages(
    club: Club, host: Client
) -> None:
    text = text_of(host.get(reverse("clubs:detail", args=[club.slug])))
    for name in ("clubs:edit", "clubs:members", "clubs:roster", "clubs:invites"):
        assert reverse(name, args=[club.slug]) in text


def test_private_club_is_not_found_by_outsiders_but_seen_by_members(
    private_club: Club,
) -> None:
    member = join_as(private_club, Role.MEMBER)
    url = reverse("clubs:detail", args=[private_club.slug])

    assert Client().get(url).status_code == 404
    assert signed_in(UserFactory()).get(url).status_code == 404
    page = signed_in(member).get(url)
    assert page.status_code == 200
    assert "Kitchen Table" in text_of(page)


def test_unknown_club_is_not_found(client: Client) -> None:
    assert client.get(reverse("clubs:detail", args=["nowhere"])).status_code == 404


def test_editing_a_club_keeps_its_address(club: Club, host: Client) -> None:
    page = host.get(reverse("clubs:edit", args=[club.slug]))
    assert 'value="Grange Hall Pitch"' in text_of(page)

    response = host.post(
        reverse("clubs:edit", args=[club.slug]),
        {
            "name": "Grange Pitch Club",
            "location": "",
            "schedule": "Wednesdays",
            "description": "New hall.",
        },
    )

    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.slug, club.schedule) == (
        "Grange Pitch Club",
        "grange-hall-pitch",
        "Wednesdays",
    )
    assert club.location == ""
    assert club.is_private is False  # made private, it would get a new address


def test_editing_refuses_a_too_long_place_next_to_the_field(
    club: Club, host: Client
) -> None:
    response = host.post(
        reverse("clubs:edit", args=[club.slug]),
        {"name": "Grange", "location": "x" * 121},
    )
    assert response.status_code == 200
    assert 'id="id_location_error"' in text_of(response)
    assert "Shorten where it plays to 120 characters or fewer." in text_of(response)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("name", "The club&#x27;s name has an invisible character (U+202E)"),
        ("location", "Where it plays has an invisible character (U+202E)"),
        ("schedule", "When it plays has an invisible character (U+202E)"),
        ("description", "The description has an invisible character (U+202E)"),
    ],
)
@pytest.mark.parametrize("edit", [False, True], ids=["create", "edit"])
def test_club_forms_refuse_a_bidi_override_next_to_the_field(
    club: Club, host: Client, field: str, message: str, edit: bool
) -> None:
    url = reverse("clubs:edit", args=[club.slug]) if edit else reverse("clubs:create")
    response = host.post(url, {"name": "Grange", field: "Tue\u202esdays"})

    assert response.status_code == 200
    text = text_of(response)
    assert f'id="id_{field}_error"' in text
    assert f"{message}: retype it." in text
    assert Club.objects.get() == club
    club.refresh_from_db()
    assert club.name == "Grange Hall Pitch"


def test_club_forms_keep_a_name_typed_with_a_combining_accent_composed(
    user: AbstractUser,
) -> None:
    signed_in(user).post(reverse("clubs:create"), {"name": "Caf\u0065\u0301"})
    assert Club.objects.get().name == "Caf\u00e9"


# Members


def test_organiser_changes_a_members_role(club: Club, host: Client) -> None:
    member = join_as(club, Role.MEMBER)
    url = reverse("clubs:member_role", args=[club.slug, member.pk])

    response = host.post(url, {"role": Role.SCOREKEEPER})

    assert response.status_code == 302
    assert response["Location"].endswith(f"#member-{member.pk}")
    assert Membership.objects.get(club=club, user=member).role == Role.SCOREKEEPER
    page = host.get(response["Location"])
    assert f"{member.username} is now scorekeeper." in text_of(page)


def test_members_page_has_a_labelled_role_select_per_member(
    club: Club, host: Client
) -> None:
    member = join_as(club, Role.MEMBER)
    text = text_of(host.get(reverse("clubs:members", args=[club.slug])))

    assert f'<label for="role-{member.pk}">Role' in text
    assert f'<select id="role-{member.pk}" name="role">' in text
    assert reverse("clubs:member_remove", args=[club.slug, member.pk]) in text


def test_the_last_organiser_cannot_be_demoted_and_the_page_says_why(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    members_url = reverse("clubs:members", args=[club.slug])
    page = text_of(host.get(members_url))
    assert "The only organiser: a club needs one" in page
    assert f'id="role-{organiser.pk}"' not in page

    response = host.post(
        reverse("clubs:member_role", args=[club.slug, organiser.pk]),
        {"role": Role.MEMBER},
    )

    assert response.status_code == 200
    text = text_of(response)
    assert "A club needs an organiser: make someone else organiser first." in text
    assert f'id="member-{organiser.pk}-error"' in text
    assert Membership.objects.get(club=club, user=organiser).role == Role.ORGANISER


def test_the_last_organiser_cannot_be_removed(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    response = host.post(reverse("clubs:member_remove", args=[club.slug, organiser.pk]))

    assert response.status_code == 200
    assert "make someone else organiser before this one leaves" in text_of(response)
    assert club.memberships.filter(user=organiser).exists()


def test_an_unknown_role_is_refused_next_to_the_member(
    club: Club, host: Client
) -> None:
    member = join_as(club, Role.MEMBER)
    response = host.post(
        reverse("clubs:member_role", args=[club.slug, member.pk]), {"role": "king"}
    )
    assert response.status_code == 200
    assert "Choose organiser, scorekeeper or member." in text_of(response)


def test_organiser_removes_a_member_whose_player_and_games_stay(
    club: Club, host: Client
) -> None:
    member = join_as(club, Role.MEMBER, UserFactory(username="dot"))
    player = club.players.get(user=member)
    game = scoring.game_start(variant="auction", players=[player, "Sam"], club=club)

    response = host.post(reverse("clubs:member_remove", args=[club.slug, member.pk]))

    assert response.status_code == 302
    assert not club.memberships.filter(user=member).exists()
    assert game.seats.filter(player=player).exists()
    assert "dot was removed from Grange Hall Pitch" in text_of(
        host.get(response["Location"])
    )


def test_removing_someone_who_is_not_a_member_is_not_found(
    club: Club, host: Client
) -> None:
    stranger = UserFactory()
    response = host.post(reverse("clubs:member_remove", args=[club.slug, stranger.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("action", ["member_role", "member_remove", "guest_invite"])
def test_an_id_too_large_for_the_database_is_not_found(
    club: Club, host: Client, action: str
) -> None:
    # Larger than any database integer: SQLite cannot even compare it.
    url = reverse(f"clubs:{action}", args=[club.slug, 10**30])
    response = host.post(url, {"role": Role.MEMBER})
    assert response.status_code == 404


def test_a_member_may_leave_the_club(club: Club) -> None:
    member = join_as(club, Role.MEMBER)
    response = signed_in(member).post(
        reverse("clubs:member_remove", args=[club.slug, member.pk])
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("clubs:list")
    assert not club.memberships.filter(user=member).exists()


# Roster


def test_roster_marks_guests(club: Club) -> None:
    scoring.game_start(variant="auction", players=["Olive Ames", "Dot"], club=club)
    text = text_of(Client().get(reverse("clubs:roster", args=[club.slug])))
    dot = club.players.get(name="Dot")
    assert re.search(
        rf'id="player-{dot.pk}">\s*<div[^>]*>\s*<span class="row-name">'
        rf'<a class="player-link" href="/players/{dot.pk}/">Dot</a>'
        r'</span>\s*<span class="tag guest">Guest</span>',
        text,
    )
    assert "1 game" in text
    assert "has an account" in text


def test_scorekeeper_adds_a_guest_by_name(club: Club) -> None:
    keeper = join_as(club, Role.SCOREKEEPER)
    client = signed_in(keeper)
    url = reverse("clubs:roster", args=[club.slug])
    assert 'id="add-guest"' in text_of(client.get(url))

    response = client.post(url, {"name": "  Dot   Reyes "})

    guest = club.players.get(name="Dot Reyes")
    assert guest.is_guest
    assert response.status_code == 302
    assert response["Location"].endswith(f"#player-{guest.pk}")
    assert "Dot Reyes was added to the roster as a guest." in text_of(
        client.get(response["Location"])
    )

    again = client.post(url, {"name": "dot reyes"})
    assert club.players.filter(name__iexact="dot reyes").count() == 1
    assert "Dot Reyes is already on the roster." in text_of(
        client.get(again["Location"])
    )


@pytest.mark.parametrize(
    ("char", "kind"),
    [
        ("\x07", "a control character (U+0007), which cannot be shown"),
        ("\u202e", "an invisible character (U+202E)"),
        ("\u200b", "an invisible character (U+200B)"),
        ("\u200d", "an invisible character (U+200D)"),
    ],
)
def test_adding_a_guest_with_an_invisible_character_says_which(
    club: Club, host: Client, char: str, kind: str
) -> None:
    response = host.post(
        reverse("clubs:roster", args=[club.slug]), {"name": f"Do{char}t"}
    )
    assert response.status_code == 200
    text = text_of(response)
    assert 'id="id_name_error"' in text
    assert f"The guest&#x27;s name has {kind}: retype it." in text
    assert not club.players.filter(name__startswith="Do").exists()


def test_a_guest_typed_with_a_combining_accent_is_already_on_the_roster(
    club: Club, host: Client
) -> None:
    jose = guest_add(club=club, name="Jos\u00e9")
    url = reverse("clubs:roster", args=[club.slug])
    response = host.post(url, {"name": "Jose\u0301"})
    assert response["Location"].endswith(f"#player-{jose.pk}")
    assert "Jos\u00e9 is already on the roster." in text_of(
        host.get(response["Location"])
    )
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    host.post(url, {"name": family})
    assert club.players.filter(name=family).exists()


def test_adding_a_guest_without_a_name_says_so(club: Club, host: Client) -> None:
    response = host.post(reverse("clubs:roster", args=[club.slug]), {"name": ""})
    assert response.status_code == 200
    assert "Type the guest&#x27;s name." in text_of(response)


def test_roster_search_finds_players_by_part_of_their_name(club: Club) -> None:
    for name in ("Dot", "Dorothy", "Sam"):
        guest_add(club=club, name=name)
    text = text_of(Client().get(reverse("clubs:roster", args=[club.slug]), {"q": "do"}))
    assert ">Dorothy<" in text
    assert ">Dot<" in text
    assert ">Sam<" not in text


# Control characters in a search or an address: PostgreSQL refuses a NUL in any text
# it is asked to compare, so these answered 500 there (SQLite did not mind).
CONTROL = ["\x00", "\x1b", "\u202e"]


@pytest.mark.parametrize("char", CONTROL)
def test_roster_search_with_a_control_character_finds_nobody_and_says_why(
    club: Club, char: str
) -> None:
    response = Client().get(
        reverse("clubs:roster", args=[club.slug]), {"q": f"A{char}n"}
    )
    assert response.status_code == 200
    text = text_of(response)
    assert "The search has" in text
    assert f"(U+{ord(char):04X})" in text
    assert ">Ann<" not in text
    assert char not in text


def test_roster_search_finds_a_name_typed_with_a_combining_accent(club: Club) -> None:
    guest_add(club=club, name="Jos\u00e9")
    text = text_of(
        Client().get(reverse("clubs:roster", args=[club.slug]), {"q": "jose\u0301"})
    )
    assert ">Jos\u00e9<" in text


@pytest.mark.parametrize("char", CONTROL)
def test_an_invite_code_with_a_control_character_is_no_invite(
    club: Club, organiser: AbstractUser, host: Client, char: str
) -> None:
    invite = invite_create(club=club, by=organiser)
    code = f"{invite.code[:4]}{char}{invite.code[4:]}"

    page = Client().get(reverse("clubs:join_code", args=[code]))
    assert page.status_code == 404
    assert "There is no invite with this code" in text_of(page)
    joined = signed_in(UserFactory()).post(reverse("clubs:join_code", args=[code]))
    assert joined.status_code == 404
    qr = host.get(reverse("clubs:invite_qr", args=[club.slug, code]))
    assert qr.status_code == 404
    revoked = host.post(reverse("clubs:invite_revoke", args=[club.slug, code]))
    assert revoked.status_code == 404
    invite.refresh_from_db()
    assert (invite.revoked_at, invite.uses) == (None, 0)


def test_the_join_form_refuses_a_nul_and_reads_past_pasted_invisible_marks(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser)
    nul = Client().get(reverse("clubs:join"), {"code": f"{invite.code}\x00"})
    assert nul.status_code == 200
    assert 'id="id_code_error"' in text_of(nul)
    # A code copied from a chat can carry direction marks: the code is still read.
    pasted = Client().get(reverse("clubs:join"), {"code": f"\u202a{invite.code}\u200e"})
    assert pasted["Location"] == reverse("clubs:join_code", args=[invite.code])


# Invites


def test_organiser_creates_an_invite_and_sees_code_link_and_qr(
    club: Club, host: Client
) -> None:
    url = reverse("clubs:invites", args=[club.slug])
    response = host.post(
        url, {"role": Role.SCOREKEEPER, "max_uses": "3", "expires_in_days": "7"}
    )

    invite = Invite.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == f"{url}#invite-{invite.code}"
    assert (invite.role, invite.max_uses) == (Role.SCOREKEEPER, 3)
    assert timezone.now() + timedelta(days=6) < invite.expires_at
    assert invite.expires_at < timezone.now() + timedelta(days=8)

    text = text_of(host.get(url))
    code = invite.code
    assert f'<span class="code-group" translate="no">{code[:4]}</span>' in text
    assert f'<span class="code-group" translate="no">{code[4:]}</span>' in text
    assert f"http://testserver/join/{code}/" in text
    assert reverse("clubs:invite_qr", args=[club.slug, code]) in text
    assert "Used 0 times, 3 left" in text
    assert reverse("clubs:invite_revoke", args=[club.slug, code]) in text


def test_invite_form_refuses_nonsense_next_to_each_field(
    club: Club, host: Client
) -> None:
    response = host.post(
        reverse("clubs:invites", args=[club.slug]),
        {"role": "king", "max_uses": "0", "expires_in_days": "many"},
    )
    assert response.status_code == 200
    text = text_of(response)
    assert 'id="id_role_error"' in text
    assert "An invite must let at least 1 person join." in text
    assert "Type a whole number of days, or leave it empty." in text
    assert not Invite.objects.exists()


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "9" * 5000, "-1", "2.0"])
def test_invite_form_reads_only_ascii_digits(
    club: Club, host: Client, number: str
) -> None:
    response = host.post(
        reverse("clubs:invites", args=[club.slug]),
        {"role": "member", "max_uses": number, "expires_in_days": number},
    )
    assert response.status_code == 200
    text = text_of(response)
    assert "Type a whole number of people, or leave it empty." in text
    assert "Type a whole number of days, or leave it empty." in text
    assert not Invite.objects.exists()


def test_organiser_revokes_an_invite(club: Club, organiser: AbstractUser) -> None:
    invite = invite_create(club=club, by=organiser)
    client = signed_in(organiser)

    response = client.post(
        reverse("clubs:invite_revoke", args=[club.slug, invite.code])
    )

    assert response.status_code == 302
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    page = text_of(client.get(reverse("clubs:invites", args=[club.slug])))
    assert "revoked: its code and link no longer work" in page
    assert f'id="invite-{invite.code}"' not in page
    assert "No active invites." in page


def test_revoking_an_invite_asks_first(club: Club, organiser: AbstractUser) -> None:
    invite_create(club=club, by=organiser)

    page = text_of(signed_in(organiser).get(reverse("clubs:invites", args=[club.slug])))

    confirm = page[page.index('<details class="confirm">') :]
    assert confirm.index("<summary>Revoke") < confirm.index('type="submit"')


def test_revoking_another_clubs_invite_is_not_found(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    elsewhere = club_create(name="Elsewhere", by=UserFactory())
    invite = invite_create(club=elsewhere, by=elsewhere.created_by)
    response = host.post(reverse("clubs:invite_revoke", args=[club.slug, invite.code]))
    assert response.status_code == 404
    invite.refresh_from_db()
    assert invite.revoked_at is None


def test_invite_qr_code_is_an_svg_of_the_join_link(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    invite = invite_create(club=club, by=organiser)

    response = host.get(reverse("clubs:invite_qr", args=[club.slug, invite.code]))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith((b"<?xml", b"<svg"))
    assert b"<path" in response.content


def test_organiser_creates_a_claim_invite_for_a_guest(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    guest = guest_add(club=club, name="Dot")
    roster_url = reverse("clubs:roster", args=[club.slug])
    assert reverse("clubs:guest_invite", args=[club.slug, guest.pk]) in text_of(
        host.get(roster_url)
    )

    response = host.post(reverse("clubs:guest_invite", args=[club.slug, guest.pk]))

    invite = Invite.objects.get(player=guest)
    assert invite.max_uses == 1
    assert response["Location"].endswith(f"#invite-{invite.code}")
    assert "claims <strong>Dot</strong>" in text_of(host.get(response["Location"]))
    assert "Claim invite <a href=" in text_of(host.get(roster_url))


def test_no_claim_invite_for_a_player_with_an_account(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    player = club.players.get(user=organiser)
    response = host.post(reverse("clubs:guest_invite", args=[club.slug, player.pk]))
    assert response.status_code == 302
    assert not Invite.objects.exists()
    assert "already has an account" in text_of(host.get(response["Location"]))


# Joining by code


def test_join_form_accepts_a_code_typed_with_spaces_and_small_letters(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    typed = f" {invite.code[:4].lower()} - {invite.code[4:].lower()} "
    user = UserFactory()
    client = signed_in(user)

    form = client.get(reverse("clubs:join"))
    assert 'for="id_code"' in text_of(form)
    response = client.get(reverse("clubs:join"), {"code": typed})

    assert response.status_code == 302
    assert response["Location"] == reverse("clubs:join_code", args=[invite.code])
    page = client.get(response["Location"])
    assert "Join Grange Hall Pitch" in text_of(page)
    assert "Scorekeeper" in text_of(page)

    joined = client.post(response["Location"])

    assert joined.status_code == 302
    assert joined["Location"] == reverse("clubs:detail", args=[club.slug])
    assert Membership.objects.get(club=club, user=user).role == Role.SCOREKEEPER
    assert club.players.filter(user=user).exists()
    invite.refresh_from_db()
    assert invite.uses == 1
    assert "Welcome to Grange Hall Pitch: you are a scorekeeper." in text_of(
        client.get(joined["Location"])
    )


def test_join_link_typed_in_small_letters_leads_to_the_code(
    club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=club, by=organiser)
    response = Client().get(f"/join/{invite.code.lower()}/")
    assert response.status_code == 302
    assert response["Location"] == f"/join/{invite.code}/"


def test_join_form_says_when_there_is_no_such_code(client: Client) -> None:
    response = client.get(reverse("clubs:join"), {"code": "nope-nope"})
    assert response.status_code == 200
    assert "There is no invite with this code" in text_of(response)
    assert 'id="id_code_error"' in text_of(response)


def test_anonymous_visitor_is_offered_sign_up_and_log_in_that_come_back(
    private_club: Club, organiser: AbstractUser
) -> None:
    invite = invite_create(club=private_club, by=organiser)
    url = reverse("clubs:join_code", args=[invite.code])

    page = Client().get(url)

    # A private club's invite page works: that is how people join it.
    assert page.status_code == 200
    text = text_of(page)
    assert "Join Kitchen Table" in text
    assert f'href="/accounts/signup/?next=%2Fjoin%2F{invite.code}%2F"' in text
    assert f'href="/accounts/login/?next=%2Fjoin%2F{invite.code}%2F"' in text
    # (The frame's language chooser, after </main>, is a form of every page.)
    assert "<form" not in text.split("<main", 1)[1].split("</main>", 1)[0]

    post = Client().post(url)
    assert post.status_code == 302
    assert post["Location"].startswith(LOGIN)
    assert not private_club.memberships.filter(role=Role.MEMBER).exists()


@pytest.mark.parametrize(
    ("change", "message", "status"),
    [
        (
            {"revoked_at": timezone.now()},
            "This invite was withdrawn: ask the club's organiser for a new one.",
            410,
        ),
        (
            {"expires_at": timezone.now() - timedelta(minutes=1)},
            "This invite has expired: ask the club's organiser for a new one.",
            410,
        ),
        (
            {"max_uses": 2, "uses": 2},
            "This invite has been used up: ask the club's organiser for a new one.",
            410,
        ),
    ],
    ids=["revoked", "expired", "used-up"],
)
def test_unusable_codes_are_refused_with_their_reason(
    club: Club, organiser: AbstractUser, change: dict, message: str, status: int
) -> None:
    invite = invite_create(club=club, by=organiser)
    Invite.objects.filter(pk=invite.pk).update(**change)
    user = UserFactory()
    client = signed_in(user)
    escaped = message.replace("'", "&#x27;")

    page = client.get(reverse("clubs:join_code", args=[invite.code]))
    assert page.status_code == status
    assert escaped in text_of(page)

    post = client.post(reverse("clubs:join_code", args=[invite.code]))
    assert post.status_code == status
    assert not club.memberships.filter(user=user).exists()

    typed = client.get(reverse("clubs:join"), {"code": invite.code})
    assert escaped in text_of(typed)


def test_unknown_code_page_is_not_found(client: Client) -> None:
    page = client.get(reverse("clubs:join_code", args=["ABCDEFGH"]))
    assert page.status_code == 404
    assert "There is no invite with this code" in text_of(page)


def test_joining_twice_keeps_the_higher_role(
    club: Club, organiser: AbstractUser
) -> None:
    user = UserFactory()
    client = signed_in(user)
    keeper = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER)
    member = invite_create(club=club, by=organiser, role=Role.MEMBER)

    client.post(reverse("clubs:join_code", args=[keeper.code]))
    page = text_of(client.get(reverse("clubs:join_code", args=[member.code])))
    assert "You are already in Grange Hall Pitch as scorekeeper." in page
    client.post(reverse("clubs:join_code", args=[member.code]))

    assert Membership.objects.get(club=club, user=user).role == Role.SCOREKEEPER
    assert club.players.filter(user=user).count() == 1


def test_claiming_a_guest_moves_the_guests_games_to_the_account(
    club: Club, organiser: AbstractUser
) -> None:
    game = scoring.game_start(
        variant="auction", players=["Olive Ames", "Dot", "Sam"], club=club
    )
    record(game, ["pass", 2, "pass"], {"high": 1, "low": 1, "jack": 1, "game": 1})
    guest = club.players.get(name="Dot")
    seats_before = list(game.seats.values_list("number", "player_id"))
    scores_before = list(game.scores)
    invite = invite_create(club=club, by=organiser, player=guest)
    dot = UserFactory(username="dot")
    client = signed_in(dot)

    page = text_of(client.get(reverse("clubs:join_code", args=[invite.code])))
    assert "<strong>Dot</strong>'s games yours" in page
    response = client.post(reverse("clubs:join_code", args=[invite.code]))

    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.user == dot
    assert club.players.filter(user=dot).count() == 1
    game.refresh_from_db()
    assert list(game.seats.values_list("number", "player_id")) == seats_before
    assert game.scores == scores_before
    assert game.hand_count == 1
    assert Player.objects.get(user=dot).seats.get().game == game
    assert "The games of Dot are now yours." in text_of(
        client.get(response["Location"])
    )

    # Single use: nobody else can claim Dot.
    other = signed_in(UserFactory())
    again = other.post(reverse("clubs:join_code", args=[invite.code]))
    assert again.status_code == 410
    guest.refresh_from_db()
    assert guest.user == dot


def test_a_claim_that_cannot_be_the_same_person_is_refused_on_the_page(
    club: Club, organiser: AbstractUser
) -> None:
    member = join_as(club, Role.MEMBER)
    guest = guest_add(club=club, name="Dot")
    scoring.game_start(
        variant="auction",
        players=[club.players.get(user=member), guest],
        club=club,
        created_by=organiser,
    )
    invite = invite_create(club=club, by=organiser, player=guest)

    response = signed_in(member).post(reverse("clubs:join_code", args=[invite.code]))

    assert response.status_code == 200
    assert "sat at the same table" in text_of(response)
    guest.refresh_from_db()
    assert guest.is_guest
    invite.refresh_from_db()
    assert invite.uses == 0


# Queries, markup and the admin


def _grow(club: Club, count: int) -> None:
    """`count` more members, guests and games in the club."""
    for _ in range(count):
        join_as(club, Role.MEMBER)
    names = [guest_add(club=club, name=f"Guest {n}") for n in range(count)]
    for index in range(count):
        game = scoring.game_start(
            variant="auction",
            players=[names[index], f"Other {index}", f"Third {index}"],
            club=club,
        )
        record(game, ["pass", 2, "pass"], {"high": 1, "low": 1, "jack": 1, "game": 1})
    invite_create(club=club, by=club.created_by, player=names[0])


@pytest.mark.parametrize("page", ["clubs:detail", "clubs:members", "clubs:roster"])
@pytest.mark.parametrize("who", ["anonymous", "organiser"])
def test_club_pages_do_not_grow_in_queries_with_members_players_and_games(
    club: Club, organiser: AbstractUser, page: str, who: str
) -> None:
    client = signed_in(organiser) if who == "organiser" else Client()
    url = reverse(page, args=[club.slug])
    _grow(club, 1)
    client.get(url)  # the session and the like settle on a first visit
    with CaptureQueriesContext(connection) as one:
        assert client.get(url).status_code == 200
    _grow(club, 4)
    with CaptureQueriesContext(connection) as five:
        assert client.get(url).status_code == 200
    assert len(five.captured_queries) == len(one.captured_queries)


def test_invites_page_does_not_grow_in_queries_with_invites(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    url = reverse("clubs:invites", args=[club.slug])
    invite_create(club=club, by=organiser)
    host.get(url)
    with CaptureQueriesContext(connection) as one:
        host.get(url)
    for _ in range(4):
        invite_create(
            club=club, by=organiser, player=guest_add(club=club, name=f"G{_}")
        )
    with CaptureQueriesContext(connection) as five:
        host.get(url)
    assert len(five.captured_queries) == len(one.captured_queries)


INLINE = re.compile(r"""\sstyle=|\son[a-z]+=|<script(?![^>]*\ssrc=)""", re.IGNORECASE)


def test_club_pages_have_no_inline_script_or_style(
    club: Club, organiser: AbstractUser, host: Client
) -> None:
    """The Content-Security-Policy refuses inline script and style attributes."""
    guest = guest_add(club=club, name="Dot")
    invite = invite_create(club=club, by=organiser)
    invite_create(club=club, by=organiser, player=guest)
    join_as(club, Role.MEMBER)
    urls = [
        reverse("clubs:list"),
        reverse("clubs:create"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("clubs:edit", args=[club.slug]),
        reverse("clubs:members", args=[club.slug]),
        reverse("clubs:roster", args=[club.slug]),
        reverse("clubs:invites", args=[club.slug]),
        reverse("clubs:join"),
        reverse("clubs:join_code", args=[invite.code]),
    ]
    for url in urls:
        response = host.get(url)
        assert response.status_code == 200, url
        assert not INLINE.search(text_of(response)), url
        assert "Content-Security-Policy" in response


def test_club_models_have_admin_pages(club: Club, organiser: AbstractUser) -> None:
    invite_create(club=club, by=organiser)
    boss = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw")
    client = signed_in(boss)
    for model in (Club, Membership, Invite, Player):
        name = f"admin:pitchclub_{model._meta.model_name}"
        assert client.get(reverse(f"{name}_changelist")).status_code == 200
        row = model.objects.first()
        assert client.get(reverse(f"{name}_change", args=[row.pk])).status_code == 200


# Who may do what: every role against every club page and action.

ROLES = ["anonymous", "outsider", "member", "scorekeeper", "organiser", "superuser"]


@dataclass
class World:
    public: Club
    private: Club
    users: dict[str, AbstractUser | None]
    target: AbstractUser
    guest: Player
    invite: Invite


@pytest.fixture
def world(organiser: AbstractUser, club: Club, private_club: Club) -> World:
    users: dict[str, AbstractUser | None] = {
        "anonymous": None,
        "outsider": UserFactory(),
        "organiser": organiser,
        "superuser": get_user_model().objects.create_superuser(
            "root", "root@example.org", "pw"
        ),
    }
    for role in (Role.MEMBER, Role.SCOREKEEPER):
        users[role] = join_as(club, role)
        join_as(private_club, role, users[role])
    target = join_as(club, Role.MEMBER)
    join_as(private_club, Role.MEMBER, target)
    return World(
        public=club,
        private=private_club,
        users=users,
        target=target,
        guest=guest_add(club=club, name="Dot"),
        invite=invite_create(club=club, by=organiser),
    )


Request = Callable[[World], tuple[str, str, dict]]


def _get(name: str, private: bool = False) -> Request:
    def request(w: World) -> tuple[str, str, dict]:
        club = w.private if private else w.public
        return "get", reverse(name, args=[club.slug]), {}

    return request


def _qr(private: bool = False) -> Request:
    def request(w: World) -> tuple[str, str, dict]:
        club = w.private if private else w.public
        invite = invite_create(club=club, by=club.created_by)
        return "get", reverse("clubs:invite_qr", args=[club.slug, invite.code]), {}

    return request


def _edit(w: World) -> tuple[str, str, dict]:
    url = reverse("clubs:edit", args=[w.public.slug])
    return "post", url, {"name": "Renamed", "location": "", "schedule": ""}


def _change_role(w: World) -> tuple[str, str, dict]:
    url = reverse("clubs:member_role", args=[w.public.slug, w.target.pk])
    return "post", url, {"role": Role.SCOREKEEPER}


def _remove_member(w: World) -> tuple[str, str, dict]:
    return "post", reverse("clubs:member_remove", args=[w.public.slug, w.target.pk]), {}


def _add_guest(w: World) -> tuple[str, str, dict]:
    return "post", reverse("clubs:roster", args=[w.public.slug]), {"name": "Sam"}


def _create_invite(w: World) -> tuple[str, str, dict]:
    url = reverse("clubs:invites", args=[w.public.slug])
    return "post", url, {"role": Role.MEMBER, "max_uses": "", "expires_in_days": ""}


def _revoke_invite(w: World) -> tuple[str, str, dict]:
    url = reverse("clubs:invite_revoke", args=[w.public.slug, w.invite.code])
    return "post", url, {}


def _claim_invite(w: World) -> tuple[str, str, dict]:
    url = reverse("clubs:guest_invite", args=[w.public.slug, w.guest.pk])
    return "post", url, {}


# Columns: anonymous, outsider, member, scorekeeper, organiser, superuser.
MATRIX: list[tuple[str, Request, tuple[int, ...]]] = [
    ("view detail (public)", _get("clubs:detail"), (200, 200, 200, 200, 200, 200)),
    (
        "view detail (private)",
        _get("clubs:detail", True),
        (404, 404, 200, 200, 200, 200),
    ),
    ("view members (public)", _get("clubs:members"), (200, 200, 200, 200, 200, 200)),
    (
        "view members (private)",
        _get("clubs:members", True),
        (404, 404, 200, 200, 200, 200),
    ),
    ("view roster (public)", _get("clubs:roster"), (200, 200, 200, 200, 200, 200)),
    (
        "view roster (private)",
        _get("clubs:roster", True),
        (404, 404, 200, 200, 200, 200),
    ),
    ("open edit (public)", _get("clubs:edit"), (302, 403, 403, 403, 200, 200)),
    ("open edit (private)", _get("clubs:edit", True), (302, 404, 403, 403, 200, 200)),
    ("edit", _edit, (302, 403, 403, 403, 302, 302)),
    ("change role", _change_role, (302, 403, 403, 403, 302, 302)),
    ("remove member", _remove_member, (302, 403, 403, 403, 302, 302)),
    ("add guest", _add_guest, (302, 403, 403, 302, 302, 302)),
    ("open invites (public)", _get("clubs:invites"), (302, 403, 403, 403, 200, 200)),
    (
        "open invites (private)",
        _get("clubs:invites", True),
        (302, 404, 403, 403, 200, 200),
    ),
    ("create invite", _create_invite, (302, 403, 403, 403, 302, 302)),
    ("create claim invite", _claim_invite, (302, 403, 403, 403, 302, 302)),
    ("revoke invite", _revoke_invite, (302, 403, 403, 403, 302, 302)),
    ("qr (public)", _qr(), (302, 403, 403, 403, 200, 200)),
    ("qr (private)", _qr(True), (302, 404, 403, 403, 200, 200)),
]


@pytest.mark.parametrize(
    ("role", "request_of", "expected"),
    [
        pytest.param(role, request_of, statuses[column], id=f"{action}-{role}")
        for action, request_of, statuses in MATRIX
        for column, role in enumerate(ROLES)
    ],
)
def test_role_matrix(
    world: World, role: str, request_of: Request, expected: int
) -> None:
    user = world.users[role]
    client = signed_in(user) if user is not None else Client()
    method, url, data = request_of(world)

    response = getattr(client, method)(url, data)

    assert response.status_code == expected
    if expected == 302:
        signing_in = response["Location"].startswith(LOGIN)
        assert signing_in == (role == "anonymous"), response["Location"]

"""Writes for clubs, roles, invites and rosters. Refusals are the core's own
``pitchclub.refusals.Refusal``: code, field, reason and params; the sentences are
``pitchclub.messages``'s."""

import itertools
import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.text import slugify

from pitchclub import hooks, selectors, text
from pitchclub.messages import Term, key_of, render
from pitchclub.models import Club, Invite, Membership, Player, Role, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.vocabulary import (
    CLUB_NAME_MAX,
    CLUB_REPEAT_SECONDS,
    CODE_ALPHABET,
    CODE_LENGTH,
    DESCRIPTION_MAX,
    PLACE_MAX,
    PLAYER_NAME_MAX,
    ROLE_RANK,
)


def _clean_name(name: object, field: str, what: str, limit: int) -> str:
    """A name as stored (pitchclub.text.clean_name: composed, spaces squeezed), or
    a refusal naming the field and the character that is wrong."""
    if not isinstance(name, str) or not " ".join(name.split()):
        raise Refusal("empty_name", field, params={"what": Term(what)})
    try:
        cleaned = text.clean_name(name)
    except text.UnsafeText as problem:
        raise Refusal(
            "invalid_name",
            field,
            params={
                "what": Term(what),
                "kind": problem.code,
                "codepoint": problem.codepoint,
            },
        ) from problem
    if len(cleaned) > limit:
        raise Refusal(
            "name_too_long", field, params={"what": Term(what), "limit": limit}
        )
    return cleaned


def _clean_text(
    value: object, field: str, what: str, limit: int, *, multiline: bool = False
) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refusal("invalid_text", field, params={"what": Term(what)})
    try:
        cleaned = text.clean_text(value, multiline=multiline)
    except text.UnsafeText as problem:
        raise Refusal(
            "invalid_text",
            field,
            reason="unsafe",
            params={
                "what": Term(what),
                "kind": problem.code,
                "codepoint": problem.codepoint,
            },
        ) from problem
    if len(cleaned) > limit:
        raise Refusal(
            "text_too_long",
            field,
            params={"what": Term(what), "limit": limit, "length": len(cleaned)},
        )
    return cleaned


def _club_details(
    location: object, schedule: object, description: object
) -> dict[str, str]:
    return {
        "location": _clean_text(location, "location", "where it plays", PLACE_MAX),
        "schedule": _clean_text(schedule, "schedule", "when it plays", PLACE_MAX),
        "description": _clean_text(
            description,
            "description",
            "the description",
            DESCRIPTION_MAX,
            multiline=True,
        ),
    }


# Path segments under /clubs/ that are pages, not clubs.
RESERVED_SLUGS = {"new"}


# A private club's address ends in a random part: no one can find out that a private
# club of some name exists, neither by trying addresses nor by creating a club of
# that name and seeing the plain slug taken. Public clubs keep plain, numbered slugs.
SLUG_SUFFIX_ALPHABET = CODE_ALPHABET.lower()
SLUG_SUFFIX_LENGTH = 6


def _slug_suffix() -> str:
    return "".join(
        secrets.choice(SLUG_SUFFIX_ALPHABET) for _ in range(SLUG_SUFFIX_LENGTH)
    )


def _unique_slug(name: str, *, private: bool) -> str:
    base = slugify(name)[:70] or "club"
    numbers = itertools.count(2)
    slug = f"{base}-{_slug_suffix()}" if private else base
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        slug = f"{base}-{_slug_suffix()}" if private else f"{base}-{next(numbers)}"
    return slug


def display_name(user: AbstractBaseUser) -> str:
    """The user's name on a roster: composed as every name on a roster
    (pitchclub.text), to compare alike, and no longer than a player's name."""
    return selectors.person_name(user)[:PLAYER_NAME_MAX]


def club_create(
    *,
    name: str,
    by: AbstractBaseUser,
    location: str = "",
    schedule: str = "",
    description: str = "",
    is_private: bool = False,
) -> Club:
    """Create a club; its creator becomes its organiser and joins its roster. A
    repeat of a creation (``club_create_once``) gives the club already made."""
    club, _ = club_create_once(
        name=name,
        by=by,
        location=location,
        schedule=schedule,
        description=description,
        is_private=is_private,
    )
    return club


@transaction.atomic
def club_create_once(
    *,
    name: str,
    by: AbstractBaseUser,
    location: str = "",
    schedule: str = "",
    description: str = "",
    is_private: bool = False,
) -> tuple[Club, bool]:
    """Create a club, or find the one this person created under this name (in any
    case), public or private alike, in the last ``CLUB_REPEAT_SECONDS``: a "Create"
    tapped twice, a form sent again on a bad connection, a script's retry. Returns
    the club and whether it is new.

    The creator's row is locked first, so two requests of one person are taken
    one after the other (PostgreSQL; SQLite takes its write lock when the
    transaction starts): the second finds the first's club."""
    name = _clean_name(name, "name", "club", CLUB_NAME_MAX)
    details = _club_details(location, schedule, description)
    if by.pk is not None:
        get_user_model().objects.select_for_update().filter(pk=by.pk).first()
        since = timezone.now() - timedelta(seconds=CLUB_REPEAT_SECONDS)
        recent = (
            # The same text, or the same in another case (SQLite folds ASCII only).
            Club.objects.filter(
                created_by=by, created_at__gte=since, is_private=bool(is_private)
            )
            .filter(Q(name=name) | Q(name__iexact=name))
            .order_by("-created_at", "-id")
            .first()
        )
        if recent is not None:
            return recent, False
    club = Club.objects.create(
        name=name,
        slug=_unique_slug(name, private=bool(is_private)),
        **details,
        is_private=bool(is_private),
        created_by=by,
    )
    Membership.objects.create(club=club, user=by, role=Role.ORGANISER)
    _roster_entry_for(club, by)
    return club, True


@transaction.atomic
def club_update(
    *,
    club: Club,
    name: str,
    location: str = "",
    schedule: str = "",
    description: str = "",
    is_private: bool = False,
) -> Club:
    """Change a club's name, place, schedule, description and privacy. The slug
    stays, so links and printed QR codes keep working after a rename; only a club
    made private gets a new address that cannot be guessed from its name (its old
    one would tell anyone naming a club alike that it exists)."""
    club.name = _clean_name(name, "name", "club", CLUB_NAME_MAX)
    for field, value in _club_details(location, schedule, description).items():
        setattr(club, field, value)
    if is_private and not club.is_private:
        club.slug = _unique_slug(club.name, private=True)
    club.is_private = bool(is_private)
    club.save(
        update_fields=[
            "name",
            "location",
            "schedule",
            "description",
            "is_private",
            "slug",
        ]
    )
    return club


def _roster_entry_for(club: Club, user: AbstractBaseUser) -> Player:
    """The user's player in the club's roster, created if missing."""
    player = club.players.filter(user=user).first()
    if player is not None:
        return player
    name, n = display_name(user), 2
    while club.players.filter(name__iexact=name).exists():
        name, n = f"{display_name(user)[: PLAYER_NAME_MAX - 4]} ({n})", n + 1
    return Player.objects.create(club=club, user=user, name=name)


@transaction.atomic
def membership_set_role(*, club: Club, user_id: int, role: str) -> Membership:
    """Change a member's role; a club always keeps at least one organiser."""
    if role not in Role.values:
        raise Refusal("unknown_role", "role", params={"role": role})
    # Lock the club's memberships so two organisers demoting each other at once
    # cannot leave it without one.
    memberships = list(club.memberships.select_for_update().order_by("id"))
    membership = next((m for m in memberships if m.user_id == user_id), None)
    if membership is None:
        raise Membership.DoesNotExist("This person is not a member of the club.")
    organisers = sum(m.role == Role.ORGANISER for m in memberships)
    if membership.role == Role.ORGANISER and role != Role.ORGANISER and organisers == 1:
        raise Refusal("last_organiser", "role")
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, club: Club, user_id: int) -> None:
    """Remove someone from the club (their roster player and games stay)."""
    memberships = list(club.memberships.select_for_update().order_by("id"))
    membership = next((m for m in memberships if m.user_id == user_id), None)
    if membership is None:
        raise Membership.DoesNotExist("This person is not a member of the club.")
    organisers = sum(m.role == Role.ORGANISER for m in memberships)
    if membership.role == Role.ORGANISER and organisers == 1:
        raise Refusal("last_organiser", "role", reason="leaving")
    membership.delete()


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@transaction.atomic
def invite_create(
    *,
    club: Club,
    by: AbstractBaseUser,
    role: str = Role.MEMBER,
    player: Player | None = None,
    max_uses: int | None = None,
    expires_at: datetime | None = None,
) -> Invite:
    """An invite code (and link) to join the club with `role`. With `player`, a
    guest of the roster, the invite is single-use and claims that guest's profile."""
    if role not in Role.values:
        raise Refusal("unknown_role", "role", params={"role": role})
    if player is not None:
        if player.club_id != club.pk:
            raise Refusal(
                "player_not_in_roster", "player", params={"player": player.name}
            )
        if not player.is_guest:
            raise Refusal(
                "player_has_account", "player", params={"player": player.name}
            )
        max_uses = 1
    if max_uses is not None and max_uses < 1:
        raise Refusal("invalid_max_uses", "max_uses")
    if expires_at is not None and expires_at <= timezone.now():
        raise Refusal("expiry_in_past", "expires_at")
    for _ in range(10):
        code = _new_code()
        if not Invite.objects.filter(code=code).exists():
            break
    return Invite.objects.create(
        club=club,
        code=code,
        role=role,
        player=player,
        max_uses=max_uses,
        expires_at=expires_at,
        created_by=by,
    )


@transaction.atomic
def invite_revoke(*, invite: Invite) -> Invite:
    """Withdraw an invite: its code and link stop working at once. Revoking twice
    keeps the first time."""
    invite = Invite.objects.select_for_update().get(pk=invite.pk)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    return invite


def normalise_code(code: str) -> str:
    """Codes are typed by hand: ignore case, spaces and dashes."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _unusable(invite: Invite | None) -> str | None:
    """The reason an invite cannot be used now (a ``invite_unusable`` sentence of
    the catalogue), or None if it can."""
    if invite is None:
        return "unknown"
    if invite.revoked_at is not None:
        return "withdrawn"
    if invite.expires_at is not None and invite.expires_at <= timezone.now():
        return "expired"
    if invite.max_uses is not None and invite.uses >= invite.max_uses:
        return "used_up"
    return None


def invite_refusal(invite: Invite | None) -> str | None:
    """Why an invite cannot be used now, in words, or None if it can."""
    reason = _unusable(invite)
    return None if reason is None else render(key_of("invite_unusable", reason), {})


@transaction.atomic
def invite_accept(*, code: str, user: AbstractBaseUser) -> Membership:
    """Join the club of the invite (or rise to its role), claiming the invite's
    guest profile if it names one: the guest's games become the user's."""
    invite = (
        # Lock only the invite row: PostgreSQL cannot lock the nullable side of the
        # outer join to the guest player.
        Invite.objects.select_for_update(of=("self",))
        .select_related("club", "player")
        .filter(code=normalise_code(code))
        .first()
    )
    reason = _unusable(invite)
    if reason is not None:
        raise Refusal("invite_unusable", "code", reason=reason)
    club = invite.club
    membership, created = Membership.objects.get_or_create(
        club=club, user=user, defaults={"role": invite.role}
    )
    if not created and ROLE_RANK[invite.role] > ROLE_RANK[membership.role]:
        membership.role = invite.role
        membership.save(update_fields=["role"])
    if invite.player is not None:
        _claim(club, invite.player, user, invite)
    else:
        _roster_entry_for(club, user)
    invite.uses += 1
    invite.save(update_fields=["uses"])
    return membership


def _claim(club: Club, guest: Player, user: AbstractBaseUser, invite: Invite) -> None:
    """The guest's roster entry, and so its games, become the user's. A user who is
    already on the roster gets the guest merged into their own player, by the one
    merge every other merge uses."""
    if guest.user_id is not None and guest.user_id != user.pk:
        raise Refusal("already_claimed", "code", params={"player": guest.name})
    own = club.players.filter(user=user).exclude(pk=guest.pk).first()
    if own is None:
        guest.user = user
        guest.save(update_fields=["user"])
        RosterChange.objects.create(
            club=club,
            action=RosterChange.Action.CLAIM,
            player=guest,
            name=guest.name,
            details={"invite": invite.code},
            by=user,
        )
        return
    _merge(club, guest=guest, into=own, by=user, invite=invite)


def _merge(
    club: Club,
    *,
    guest: Player,
    into: Player,
    by: AbstractBaseUser | None,
    invite: Invite | None = None,
) -> RosterChange:
    """Merge the guest into ``into`` (both of ``club``, rows locked by the caller):
    what apps above the core keep of the guest (scoring: seats and awards) moves,
    and so do the guest's claim invites, if ``into`` is a guest too (one with an
    account has nothing left to claim: they are withdrawn). The guest is deleted;
    the roster's log says what moved."""
    event = hooks.PlayersMerging(guest=guest, into=into, invite=invite, by=by)
    # A listener may refuse the merge: everything rolls back.
    hooks.dispatch(event)
    moved = dict(event.moved)
    claims = Invite.objects.filter(player=guest)
    if invite is not None:
        claims = claims.exclude(pk=invite.pk)
        invite.player = None
    if into.is_guest:
        moved["invites"] = claims.filter(selectors.invites_active_filter()).count()
        claims.update(player=into)
    else:
        moved["invites_withdrawn"] = claims.filter(
            selectors.invites_active_filter()
        ).update(revoked_at=timezone.now())
        Invite.objects.filter(player=guest).update(player=None)
    details: dict[str, object] = {"merged_id": guest.pk, "moved": moved}
    if invite is not None:
        details["invite"] = invite.code
    guest.delete()
    return RosterChange.objects.create(
        club=club,
        action=RosterChange.Action.MERGE,
        player=into,
        name=into.name,
        old_name=guest.name,
        details=details,
        by=by,
    )


def _locked_players(club: Club, ids: list[int]) -> dict[int, Player]:
    """The club's players of these ids, locked in id order (no two merges of the
    same players deadlock, or both go through)."""
    ids = [pk for pk in ids if 0 < pk <= selectors.ID_MAX]
    return club.players.select_for_update().filter(pk__in=ids).order_by("pk").in_bulk()


@transaction.atomic
def players_merge(
    *, club: Club, player_id: int, into_id: int, by: AbstractBaseUser | None
) -> RosterChange:
    """Merge two roster players of one person (a guest who later joined, a name
    typed twice): every game, point and claim invite of one moves to the other,
    and the roster's log keeps what moved.

    The player with an account stays (a guest has nothing an account holder would
    lose); with two guests, ``into`` stays. Refused when both have an account (two
    accounts are two people) and when both sat in one game (an app's listener says
    which). Raises ``Player.DoesNotExist`` when ``player_id`` is not in the club."""
    if into_id == player_id:
        raise Refusal("merge_same_player", "into")
    players = _locked_players(club, [player_id, into_id])
    if player_id not in players:
        raise Player.DoesNotExist("This player is not on the club's roster.")
    if into_id not in players:
        raise Refusal("no_such_player", "into", params={"id": into_id})
    player, into = players[player_id], players[into_id]
    if not player.is_guest and not into.is_guest:
        raise Refusal(
            "merge_two_accounts",
            "into",
            params={"player": player.name, "into": into.name},
        )
    if not player.is_guest:
        player, into = into, player
    return _merge(club, guest=player, into=into, by=by)


class _DryRun(Exception):
    def __init__(self, change: RosterChange) -> None:
        self.change = change


def players_merge_preview(
    *, club: Club, player_id: int, into_id: int, by: AbstractBaseUser | None
) -> RosterChange:
    """What ``players_merge`` would do, done and rolled back: the log entry it would
    write (who stays, who goes, what moves; never saved), or its refusal. The
    confirmation page shows it, so what it promises is what the merge does."""
    try:
        with transaction.atomic():
            raise _DryRun(
                players_merge(club=club, player_id=player_id, into_id=into_id, by=by)
            )
    except _DryRun as run:
        return run.change


@transaction.atomic
def player_rename(
    *, club: Club, player_id: int, name: str, by: AbstractBaseUser | None
) -> Player:
    """Rename a guest of the roster. The name is cleaned as every name is, and no
    other player of the club may have it (in any case): if they are one person,
    merge them. A player with an account keeps the name of their account. Raises
    ``Player.DoesNotExist`` when the player is not in the club."""
    player = _locked_players(club, [player_id]).get(player_id)
    if player is None:
        raise Player.DoesNotExist("This player is not on the club's roster.")
    if not player.is_guest:
        raise Refusal("rename_has_account", "name", params={"player": player.name})
    name = _clean_name(name, "name", "player", PLAYER_NAME_MAX)
    if name == player.name:
        return player
    taken = club.players.filter(name__iexact=name).exclude(pk=player.pk).first()
    if taken is not None:
        raise Refusal(
            "name_taken", "name", params={"player": player.name, "name": taken.name}
        )
    old_name, player.name = player.name, name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError as clash:
        # Someone gave another player this name a moment ago.
        raise Refusal(
            "name_taken", "name", params={"player": old_name, "name": name}
        ) from clash
    RosterChange.objects.create(
        club=club,
        action=RosterChange.Action.RENAME,
        player=player,
        name=name,
        old_name=old_name,
        by=by,
    )
    return player


@transaction.atomic
def guest_add(*, club: Club, name: str) -> Player:
    """Add a guest (a player without an account) to the roster, or return the
    roster's player of that name."""
    name = _clean_name(name, "name", "player", PLAYER_NAME_MAX)
    existing = club.players.filter(name__iexact=name).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name)
    except IntegrityError:
        # Someone added the same name a moment ago.
        return club.players.annotate(lower=Lower("name")).get(lower=name.lower())

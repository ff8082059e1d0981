"""Writes of invites: create one (for a role, or for a guest to claim), withdraw
it, say why a code cannot be used, and join a club with it (claiming the guest it
names, by the roster's one merge)."""

import secrets
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from pitchclub.messages import key_of, render
from pitchclub.models import Club, Invite, Membership, Player, Role, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.services import players
from pitchclub.vocabulary import CODE_ALPHABET, CODE_LENGTH, ROLE_RANK


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
        players.roster_entry_for(club, user)
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
    players.merge(club, guest=guest, into=own, by=user, invite=invite)

"""Who may see and do what: the one place permissions are decided, for pages and API.

Roles in a club: organiser > scorekeeper > member. Superusers may do everything. A
private club, its pages and its games are invisible (404) to everyone else."""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q, QuerySet

from pitchclub.models import Club, Membership, Role
from pitchclub.vocabulary import KEEPERS


def _signed_in(user: AbstractBaseUser | None) -> bool:
    return user is not None and user.is_authenticated


def club_role(*, club: Club, user: AbstractBaseUser | None) -> str | None:
    """The user's role in the club, or None (1 query; none when it was read with
    the club's game: remember_role)."""
    if not _signed_in(user):
        return None
    known = getattr(club, "_known_roles", None)
    if known is not None and user.pk in known:
        return known[user.pk]
    return (
        Membership.objects.filter(club=club, user=user)
        .values_list("role", flat=True)
        .first()
    )


def remember_role(*, club: Club, user: AbstractBaseUser, role: str | None) -> None:
    """`user`'s role in `club` as a read just found it (with a game of the club):
    club_role answers it for this club object, which lives for one request, without
    asking the database again."""
    known = getattr(club, "_known_roles", None)
    if known is None:
        club._known_roles = known = {}  # type: ignore[attr-defined]
    known[user.pk] = role


@dataclass(frozen=True)
class ClubAccess:
    """What one user may do in one club, decided in one place (at most 1 query)."""

    role: str | None
    can_view: bool
    can_manage: bool
    can_keep_score: bool


def club_access(*, club: Club, user: AbstractBaseUser | None) -> ClubAccess:
    """The user's role in the club and what it allows: everyone reads a public club;
    members read a private one; organisers manage; organisers and scorekeepers keep
    score; superusers do everything."""
    role = club_role(club=club, user=user)
    superuser = _signed_in(user) and bool(user.is_superuser)
    return ClubAccess(
        role=role,
        can_view=not club.is_private or superuser or role is not None,
        can_manage=superuser or role == Role.ORGANISER,
        can_keep_score=superuser or role in KEEPERS,
    )


def club_manageable_by(*, club: Club, user: AbstractBaseUser | None) -> bool:
    """Organisers (and superusers) change the club, its roles and its invites."""
    return club_access(club=club, user=user).can_manage


def club_scorekeeping_by(*, club: Club, user: AbstractBaseUser | None) -> bool:
    """Organisers and scorekeepers start the club's games and record their hands."""
    return club_access(club=club, user=user).can_keep_score


def _member_of(user: AbstractBaseUser, club_ref: str = "pk") -> Exists:
    return Exists(Membership.objects.filter(club=OuterRef(club_ref), user_id=user.pk))


def clubs_visible_to(user: AbstractBaseUser | None) -> QuerySet[Club]:
    clubs = Club.objects.all()
    if _signed_in(user) and user.is_superuser:
        return clubs
    if not _signed_in(user):
        return clubs.filter(is_private=False)
    return clubs.filter(Q(is_private=False) | _member_of(user))


def games_visible_filter(user: AbstractBaseUser | None) -> Q | Exists:
    """A filter on Game rows: those the user may read."""
    public = Q(club__isnull=True) | Q(club__is_private=False)
    if not _signed_in(user):
        return public
    if user.is_superuser:
        return Q()
    return public | _member_of(user, "club")

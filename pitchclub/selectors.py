"""Who may see and do what: the one place permissions are decided, for pages and API.

Roles in a club: organiser > scorekeeper > member. Superusers may do everything. A
private club, its pages and its games are invisible (404) to everyone else."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q, QuerySet

from pitchclub.models import Club, Membership, Player, Role

KEEPERS = (Role.ORGANISER, Role.SCOREKEEPER)


def _signed_in(user: AbstractBaseUser | None) -> bool:
    return user is not None and user.is_authenticated


def club_role(*, club: Club, user: AbstractBaseUser | None) -> str | None:
    """The user's role in the club, or None."""
    if not _signed_in(user):
        return None
    return (
        Membership.objects.filter(club=club, user=user)
        .values_list("role", flat=True)
        .first()
    )


def club_visible_to(*, club: Club, user: AbstractBaseUser | None) -> bool:
    if not club.is_private:
        return True
    if not _signed_in(user):
        return False
    return bool(user.is_superuser) or club_role(club=club, user=user) is not None


def club_manageable_by(*, club: Club, user: AbstractBaseUser | None) -> bool:
    """Organisers (and superusers) change the club, its roles and its invites."""
    if not _signed_in(user):
        return False
    return bool(user.is_superuser) or club_role(club=club, user=user) == Role.ORGANISER


def club_scorekeeping_by(*, club: Club, user: AbstractBaseUser | None) -> bool:
    """Organisers and scorekeepers start the club's games and record their hands."""
    if not _signed_in(user):
        return False
    return bool(user.is_superuser) or club_role(club=club, user=user) in KEEPERS


def _member_of(user: AbstractBaseUser, club_ref: str = "pk") -> Exists:
    return Exists(Membership.objects.filter(club=OuterRef(club_ref), user_id=user.pk))


def clubs_visible_to(user: AbstractBaseUser | None) -> QuerySet[Club]:
    clubs = Club.objects.all()
    if _signed_in(user) and user.is_superuser:
        return clubs
    if not _signed_in(user):
        return clubs.filter(is_private=False)
    return clubs.filter(Q(is_private=False) | _member_of(user))


def clubs_of(user: AbstractBaseUser) -> QuerySet[Membership]:
    """The user's memberships with their clubs (1 query)."""
    return Membership.objects.filter(user=user).select_related("club")


def games_visible_filter(user: AbstractBaseUser | None) -> Q | Exists:
    """A filter on Game rows: those the user may read."""
    public = Q(club__isnull=True) | Q(club__is_private=False)
    if not _signed_in(user):
        return public
    if user.is_superuser:
        return Q()
    return public | _member_of(user, "club")


def roster(*, club: Club, query: str = "") -> QuerySet[Player]:
    """The club's players, optionally those whose name contains `query`."""
    players = club.players.select_related("user").order_by("name")
    if query:
        players = players.filter(name__icontains=query.strip())
    return players

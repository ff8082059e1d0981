"""Reads of the core: a person's clubs, what tells clubs of one name apart, a club's
roster, its log, members and invites. pitchclub.permissions says who may read
them."""

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Case, Count, F, IntegerField, Prefetch, Q, QuerySet, When
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext as _

from pitchclub.models import Club, Invite, Membership, Player, Role, RosterChange
from pitchclub.vocabulary import ROLE_RANK


def clubs_of(user: AbstractBaseUser) -> QuerySet[Membership]:
    """The user's memberships with their clubs (1 query)."""
    return Membership.objects.filter(user=user).select_related("club")


# Telling apart clubs of one name. Two clubs may share a name ("Elks Lodge" in two
# towns, or twice in one); every list of clubs shows what tells each apart: where it
# plays, who organises it, when it started, and at worst its address (unique).


def person_name(user: AbstractBaseUser) -> str:
    """How a person is named to others: their full name, else their username."""
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return unicodedata.normalize("NFC", full or user.get_username())


def organisers_prefetch(lookup: str = "memberships") -> Prefetch:
    """Prefetch a club's organisers' memberships, with their users, as
    `organiser_members` (``lookup``: "memberships" from clubs, "club__memberships"
    from memberships)."""
    organisers = (
        Membership.objects.filter(role=Role.ORGANISER)
        .select_related("user")
        .order_by("joined_at", "id")
    )
    return Prefetch(lookup, queryset=organisers, to_attr="organiser_members")


def with_organisers(clubs: QuerySet[Club]) -> QuerySet[Club]:
    """Clubs with their organisers as `organiser_members` (1 more query for the
    whole list)."""
    return clubs.prefetch_related(organisers_prefetch())


def organiser_names(club: Club, most: int = 2) -> str:
    """ "Olive Ames", "Olive Ames and Bob", "Olive Ames, Bob and 2 more" (from
    with_organisers); "" if not fetched or none."""
    names = [person_name(m.user) for m in getattr(club, "organiser_members", [])]
    if len(names) > most + 1:
        more = len(names) - most
        # Translators: the last of a list of organisers: "Olive, Bob and 2 more".
        names = [
            *names[:most],
            ngettext("%(count)s more", "%(count)s more", more) % {"count": more},
        ]
    if len(names) <= 1:
        return "".join(names)
    # Translators: the end of a list of names: "Olive Ames, Bob and Dot".
    return _("%(list)s and %(last)s") % {
        "list": ", ".join(names[:-1]),
        "last": names[-1],
    }


def _started(club: Club) -> str:
    return date_format(timezone.localtime(club.created_at), "F Y")


_TELLS: list[tuple[Callable[[Club], str], str]] = [
    (lambda club: club.location, "%(fact)s"),
    # Translators: fact is who organises a club ("Olive and Bob").
    (organiser_names, gettext_noop("organised by %(fact)s")),
    # Translators: fact is a month and year ("November 2026").
    (_started, gettext_noop("since %(fact)s")),
]


def club_hints(clubs: Iterable[Club]) -> dict[int, str]:
    """For each club that shares its name (in any case) with another of `clubs`,
    by id, the first fact that tells it from them: where it plays, who organises
    it, when it started; else its address. Clubs of a name of their own get ""."""
    clubs = list(clubs)
    named: dict[str, list[Club]] = defaultdict(list)
    for club in clubs:
        named[club.name.casefold()].append(club)
    hints = {club.pk: "" for club in clubs}
    for same in named.values():
        if len(same) < 2:
            continue
        for fact, words in _TELLS:
            values = [fact(club) for club in same]
            if all(values) and len(set(values)) == len(values):
                hints.update(
                    (club.pk, gettext(words) % {"fact": value})
                    for club, value in zip(same, values, strict=True)
                )
                break
        else:
            hints.update((club.pk, f"/clubs/{club.slug}/") for club in same)
    return hints


def club_labels(clubs: Iterable[Club]) -> dict[int, str]:
    """Each club's name for a choice among `clubs`, by id: with what tells it apart
    when another has the same name ("Elks Lodge (Main Street)")."""
    clubs = list(clubs)
    hints = club_hints(clubs)
    return {
        club.pk: f"{club.name} ({hints[club.pk]})" if hints[club.pk] else club.name
        for club in clubs
    }


def roster(*, club: Club, query: str = "") -> QuerySet[Player]:
    """The club's players, optionally those whose name contains `query`."""
    players = club.players.select_related("user").order_by("name")
    if query:
        # Names are stored composed (pitchclub.text): "é" typed either way finds them.
        query = unicodedata.normalize("NFC", query.strip())
        players = players.filter(name__icontains=query)
    return players


# The largest id a database holds: a larger one in an address is no one (SQLite
# cannot even compare it).
ID_MAX = 2**63 - 1


def club_player(*, club: Club, player_id: int) -> Player | None:
    """The club's roster player of that id, or None (1 query)."""
    if not 0 < player_id <= ID_MAX:
        return None
    return club.players.select_related("user").filter(pk=player_id).first()


def clubless_players_created_by(user: AbstractBaseUser) -> QuerySet[Player]:
    """The players without a club or an account named only in games `user` started
    (outside clubs a name means a player only in its scorekeeper's games): those an
    organiser may merge into a guest of their club. Each with `game_count`, by name
    (1 query). The games are scoring's (``seats``), reached by the relation's name."""
    if not user.is_authenticated:
        return Player.objects.none()
    return (
        Player.objects.filter(club__isnull=True, user__isnull=True)
        .annotate(
            game_count=Count("seats", distinct=True),
            mine=Count(
                "seats", filter=Q(seats__game__created_by=user.pk), distinct=True
            ),
        )
        .filter(mine__gt=0, mine=F("game_count"))
        .order_by("name", "id")
    )


def roster_changes(*, club: Club) -> QuerySet[RosterChange]:
    """The roster's log, newest first, with who made each change (1 query)."""
    return club.roster_changes.select_related("by").order_by("-at", "-id")


# Highest role first (vocabulary.ROLE_RANK).
_ROLE_ORDER = Case(
    *(When(role=role, then=-rank) for role, rank in ROLE_RANK.items()),
    output_field=IntegerField(),
)


def club_members(*, club: Club) -> QuerySet[Membership]:
    """The club's memberships with their users, organisers first (1 query)."""
    return (
        club.memberships.select_related("user")
        .annotate(role_order=_ROLE_ORDER)
        .order_by("role_order", "user__username", "id")
    )


def invites_active_filter() -> Q:
    """A filter on Invite rows: those that can still be used now."""
    return (
        Q(revoked_at__isnull=True)
        & (Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
        & (Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses")))
    )


def invites_active(*, club: Club) -> QuerySet[Invite]:
    """The club's usable invites, newest first, with the guests they claim
    (1 query)."""
    return (
        club.invites.filter(invites_active_filter())
        .select_related("player")
        .order_by("-created_at", "-id")
    )


def invite_by_code(code: str) -> Invite | None:
    """The invite with this (normalised) code and its club and guest, or None."""
    return Invite.objects.select_related("club", "player").filter(code=code).first()

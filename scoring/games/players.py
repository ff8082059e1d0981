"""Reads of the players and clubs games are played by: whom a visitor may look for
(a private club's roster does not exist for outsiders), their names in a choice
told apart, a user's own players, and the clubs a scorekeeper may start a game in
with their rosters. Each selector runs a fixed number of queries."""

from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Count,
    F,
    Prefetch,
    Q,
    QuerySet,
    Value,
    prefetch_related_objects,
)
from django.db.models.functions import Lower
from django.utils.translation import gettext

from pitchclub import permissions
from pitchclub import selectors as club_selectors
from pitchclub.models import Club, Player, Role
from pitchclub.vocabulary import KEEPERS


def players_visible_to(user: AbstractBaseUser | None) -> QuerySet[Player]:
    """Players whose games the user may look for: outside clubs, or in a club the
    user may see (a private club's roster does not exist for outsiders)."""
    return Player.objects.filter(
        Q(club__isnull=True) | Q(club__in=permissions.clubs_visible_to(user))
    )


# A player page names at most this many others of the same name.
SAME_NAME_SHOWN = 10


def same_name_players(*, player: Player, user: AbstractBaseUser | None) -> list[Player]:
    """The other players named as `player` (in any case) whose games `user` may
    read, each with its club and `game_count`: outside clubs first, then by club
    name (1 query). A private club's player is never one of them for outsiders."""
    return list(
        players_visible_to(user)
        # As the roster's unique name (Lower), and through its index
        # (player_name_lower_idx): name__iexact, UPPER() on PostgreSQL, read every
        # player of the site on every player page.
        .alias(folded=Lower("name"))
        .filter(folded=Lower(Value(player.name)))
        .exclude(pk=player.pk)
        .select_related("club")
        .annotate(game_count=Count("seats", distinct=True))
        .order_by(F("club__name").asc(nulls_first=True), "id")[:SAME_NAME_SHOWN]
    )


def merges_offered(
    *, player: Player, others: list[Player], user: AbstractBaseUser | None
) -> dict[int, tuple[str, int, int]]:
    """Of `others` (same_name_players), those `user` may merge with `player`: one
    is a guest of a club `user` organises, the other a clubless player `user`
    created (pitchclub.services.players.clubless_merge). By the other's id: the
    club's slug, the guest's id, the clubless player's id (2 queries for a
    signed-in visitor with a pair to offer, else none)."""
    pairs = [
        (guest, clubless)
        for other in others
        for guest, clubless in ((player, other), (other, player))
        if guest.club_id and guest.is_guest and clubless.club_id is None
    ]
    if not pairs or user is None or not user.is_authenticated:
        return {}
    organised = set(
        club_selectors.clubs_of(user)
        .filter(role=Role.ORGANISER)
        .values_list("club_id", flat=True)
    )
    pairs = [pair for pair in pairs if pair[0].club_id in organised]
    if not pairs:
        return {}
    mine = set(
        club_selectors.clubless_players_created_by(user)
        .filter(pk__in=[clubless.pk for _, clubless in pairs])
        .values_list("pk", flat=True)
    )
    return {
        (clubless if guest == player else guest).pk: (
            guest.club.slug,
            guest.pk,
            clubless.pk,
        )
        for guest, clubless in pairs
        if clubless.pk in mine
    }


def clubs_told_apart(clubs: Iterable[Club]) -> dict[int, str]:
    """pitchclub's club_labels for a choice among `clubs`, by id, fetching the
    organisers of the clubs that share a name (1 query if any do, else none)."""
    return club_selectors.club_labels(_with_shared_organisers(clubs))


def players_told_apart(players: Iterable[Player]) -> dict[int, str]:
    """Each player's name for a choice among `players` (with their clubs), by id.
    A name no other shares (in any case) stays bare; else it says the club,
    told apart from a club of the same name as the clubs pages do ("Ann (Thursday
    Night Pitch, Main Street)", "Eve (no club)"), and, where that is the same too,
    which has an account, or else the id ("Eve (no club, id 12)"). 1 query where
    clubs of one name need their organisers, else none."""
    players = list(players)
    named: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        named[player.name.casefold()].append(player)
    labels = {player.pk: player.name for player in players}
    repeated = [same for same in named.values() if len(same) > 1]
    if not repeated:
        return labels
    clubs = {player.club_id: player.club for player in players if player.club_id}
    hints = club_selectors.club_hints(_with_shared_organisers(clubs.values()))

    def where(player: Player) -> str:
        if player.club is None:
            return gettext("no club")
        hint = hints.get(player.club_id, "")
        if not hint:
            return player.club.name
        # Translators: a club told apart from another of its name ("Elks, Main St").
        return gettext("%(club)s, %(hint)s") % {"club": player.club.name, "hint": hint}

    for same in repeated:
        places: dict[str, list[Player]] = defaultdict(list)
        for player in same:
            places[where(player)].append(player)
        for place, alike in places.items():
            accounts = {player.user_id is not None for player in alike}
            for player in alike:
                if len(alike) == 1:
                    clue = place
                elif len(alike) == len(accounts):
                    clue = (
                        gettext("%(place)s, has an account")
                        if player.user_id is not None
                        else gettext("%(place)s, guest")
                    ) % {"place": place}
                else:
                    clue = gettext("%(place)s, id %(id)s") % {
                        "place": place,
                        "id": player.pk,
                    }
                labels[player.pk] = gettext("%(name)s (%(clue)s)") % {
                    "name": player.name,
                    "clue": clue,
                }
    return labels


def _with_shared_organisers(clubs: Iterable[Club]) -> list[Club]:
    """The clubs, those sharing a name with their organisers fetched (club_hints
    may name them): 1 query if any share one, else none."""
    clubs = list(clubs)
    named: dict[str, list[Club]] = defaultdict(list)
    for club in clubs:
        named[club.name.casefold()].append(club)
    shared = [club for same in named.values() if len(same) > 1 for club in same]
    prefetch_related_objects(shared, club_selectors.organisers_prefetch())
    return clubs


def player_for_archive(*, player_id: int, user: AbstractBaseUser | None) -> Player:
    """The player with their club, if the user may see them (Player.DoesNotExist
    otherwise)."""
    return players_visible_to(user).select_related("club").get(pk=player_id)


def players_of(user: AbstractBaseUser) -> list[Player]:
    """The user's own players (one per club, and outside clubs), with their clubs,
    by club name (1 query)."""
    return list(
        Player.objects.filter(user=user)
        .select_related("club")
        .order_by(Lower("club__name"), "id")
    )


def club_for_archive(*, slug: str, user: AbstractBaseUser | None) -> Club | None:
    """The club of `slug` if the user may see it, else None (1 query)."""
    return permissions.clubs_visible_to(user).filter(slug=slug).first()


def clubs_keeping_score(user: AbstractBaseUser) -> list[Club]:
    """The clubs the user keeps score in, by name, each with its roster as
    `roster_players` (2 queries, whatever the rosters' sizes)."""
    memberships = (
        club_selectors.clubs_of(user)
        .filter(role__in=KEEPERS)
        .order_by("club__name", "club_id")
        .prefetch_related(
            Prefetch(
                "club__players",
                queryset=Player.objects.order_by(Lower("name"), "id"),
                to_attr="roster_players",
            )
        )
    )
    return [membership.club for membership in memberships]


def club_for_new_game(*, slug: str, user: AbstractBaseUser) -> Club | None:
    """The club of `slug` with its roster as `roster_players`, if `user` keeps score
    there; else None (2 queries, 3 with the roster)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not permissions.club_scorekeeping_by(club=club, user=user):
        return None
    club.roster_players = list(
        club_selectors.roster(club=club).order_by(Lower("name"), "id")
    )
    return club

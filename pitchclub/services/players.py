"""Writes of the roster's players: a member's own entry, guests added and
renamed, and merging two players of one person (``merge``, which a claim of a guest
by someone on the roster uses too); the roster's log (``RosterChange``) says what
changed."""

import unicodedata
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _

from pitchclub import hooks, selectors
from pitchclub.models import Club, Invite, Player, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.services.fields import clean_name
from pitchclub.vocabulary import PLAYER_NAME_MAX


def display_name(user: AbstractBaseUser) -> str:
    """The user's name on a roster: composed as every name on a roster
    (pitchclub.text), to compare alike, and no longer than a player's name."""
    return selectors.person_name(user)[:PLAYER_NAME_MAX]


def roster_entry_for(club: Club, user: AbstractBaseUser) -> Player:
    """The user's player in the club's roster, created if missing."""
    player = club.players.filter(user=user).first()
    if player is not None:
        return player
    name, n = display_name(user), 2
    while club.players.filter(name__iexact=name).exists():
        name, n = f"{display_name(user)[: PLAYER_NAME_MAX - 4]} ({n})", n + 1
    return Player.objects.create(club=club, user=user, name=name)


def merge(
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
        raise Player.DoesNotExist(_("This player is not on the club's roster."))
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
    return merge(club, guest=player, into=into, by=by)


@transaction.atomic
def clubless_merge(
    *, club: Club, player_id: int, clubless_id: int, by: AbstractBaseUser
) -> RosterChange:
    """Merge a clubless player ``by`` created (named only in games ``by`` started
    outside clubs, without an account) into the club's guest of the same person:
    its games and points move to the guest, who stays; it is deleted. Refused when
    the club's player has an account (their games are theirs to take), when the
    clubless player is not ``by``'s alone, and when both sat in one game (scoring's
    listener names it). Raises ``Player.DoesNotExist`` when ``player_id`` is not in
    the club."""
    ids = sorted(pk for pk in {player_id, clubless_id} if 0 < pk <= selectors.ID_MAX)
    rows = Player.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    locked = {row.pk: row for row in rows}
    guest = locked.get(player_id)
    if guest is None or guest.club_id != club.pk:
        raise Player.DoesNotExist(_("This player is not on the club's roster."))
    if clubless_id == player_id:
        raise Refusal("merge_same_player", "into")
    if not guest.is_guest:
        raise Refusal(
            "merge_clubless_has_account", "into", params={"player": guest.name}
        )
    if not selectors.clubless_players_created_by(by).filter(pk=clubless_id).exists():
        raise Refusal("merge_clubless_not_yours", "into", params={"id": clubless_id})
    change = merge(club, guest=locked[clubless_id], into=guest, by=by)
    change.details["outside_clubs"] = True  # the roster's log says where it was
    change.save(update_fields=["details"])
    return change


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


def clubless_merge_preview(
    *, club: Club, player_id: int, clubless_id: int, by: AbstractBaseUser
) -> RosterChange:
    """What ``clubless_merge`` would do, done and rolled back (as
    ``players_merge_preview``), or its refusal."""
    try:
        with transaction.atomic():
            raise _DryRun(
                clubless_merge(
                    club=club, player_id=player_id, clubless_id=clubless_id, by=by
                )
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
        raise Player.DoesNotExist(_("This player is not on the club's roster."))
    if not player.is_guest:
        raise Refusal("rename_has_account", "name", params={"player": player.name})
    name = clean_name(name, "name", "player", PLAYER_NAME_MAX)
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
    name = clean_name(name, "name", "player", PLAYER_NAME_MAX)
    existing = club.players.filter(name__iexact=name).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name)
    except IntegrityError:
        # Someone added the same name a moment ago.
        return club.players.annotate(lower=Lower("name")).get(lower=name.lower())


# --- Many names at once (a roster's paste; a night's guests may use it too) ---------


def folded_name(name: str) -> str:
    """A name as a near-duplicate compares: no capitals, accents or spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if c.isalnum())


@dataclass
class PastedNames:
    """A pasted list of names read against the roster: the names to add (in the
    order typed), those already on it, the near-duplicates (typed, the roster's
    name), the lines typed twice, and the lines refused (line, why)."""

    new: list[str] = field(default_factory=list)
    on_roster: list[str] = field(default_factory=list)
    near: list[tuple[str, str]] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


def names_pasted(club: Club, pasted: str) -> PastedNames:
    """Read a paste, one name per line (blank lines skipped), against the roster:
    a name spelt as on the roster is already there; one that differs only by
    capitals, accents or spaces ("bob " for Bob) is a near-duplicate."""
    roster = {player.name: player.name for player in club.players.only("name")}
    folded = {folded_name(name): name for name in roster}
    read = PastedNames()
    seen: set[str] = set()
    for line in pasted.splitlines():
        if not line.strip():
            continue
        try:
            name = clean_name(line, "names", "player", PLAYER_NAME_MAX)
        except Refusal as refusal:
            read.refused.append((line.strip(), refusal.message))
            continue
        if name in roster:
            if name not in read.on_roster:
                read.on_roster.append(name)
            seen.add(folded_name(name))
            continue
        if folded_name(name) in seen:
            read.repeated.append(name)
            continue
        seen.add(folded_name(name))
        if folded_name(name) in folded:
            read.near.append((line, folded[folded_name(name)]))
        else:
            read.new.append(name)
    return read


@transaction.atomic
def guests_add_many(*, club: Club, names: list[str]) -> list[Player]:
    """Add many guests at once (all or none): the players added, a name already
    on the roster (in any capitals) left as it is."""
    added = []
    for name in names:
        if not club.players.filter(name__iexact=" ".join(name.split())).exists():
            added.append(guest_add(club=club, name=name))
    return added

"""Writes of clubs and their members: create a club (once, however often the form
is sent), change its name, place and privacy, set a member's role, remove a
member; a club always keeps one organiser."""

import itertools
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from pitchclub.models import Club, Membership, Role, language_choices
from pitchclub.refusals import Refusal
from pitchclub.services import players
from pitchclub.services.fields import clean_name, clean_text
from pitchclub.vocabulary import (
    CLUB_NAME_MAX,
    CLUB_REPEAT_SECONDS,
    CODE_ALPHABET,
    DESCRIPTION_MAX,
    PLACE_MAX,
)


def _club_details(
    location: object, schedule: object, description: object
) -> dict[str, str]:
    return {
        "location": clean_text(location, "location", "where it plays", PLACE_MAX),
        "schedule": clean_text(schedule, "schedule", "when it plays", PLACE_MAX),
        "description": clean_text(
            description,
            "description",
            "the description",
            DESCRIPTION_MAX,
            multiline=True,
        ),
    }


def _club_language(language: object) -> str:
    """The language of the club's public pages: one of settings.LANGUAGES, or ""
    (each visitor's own). The form offers only those (the API does not set it)."""
    language = language or ""
    if language and language not in dict(language_choices()):
        raise ValueError(f"{language!r} is not one of settings.LANGUAGES")
    return str(language)


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


def club_create(
    *,
    name: str,
    by: AbstractBaseUser,
    location: str = "",
    schedule: str = "",
    description: str = "",
    is_private: bool = False,
    language: str = "",
) -> Club:
    """Create a club; its creator becomes its organiser and joins its roster. A
    repeat of a creation (``club_create_once``) gives the club already made."""
    club, _created = club_create_once(
        name=name,
        by=by,
        location=location,
        schedule=schedule,
        description=description,
        is_private=is_private,
        language=language,
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
    language: str = "",
) -> tuple[Club, bool]:
    """Create a club, or find the one this person created under this name (in any
    case), public or private alike, in the last ``CLUB_REPEAT_SECONDS``: a "Create"
    tapped twice, a form sent again on a bad connection, a script's retry. Returns
    the club and whether it is new.

    The creator's row is locked first, so two requests of one person are taken
    one after the other (PostgreSQL; SQLite takes its write lock when the
    transaction starts): the second finds the first's club."""
    name = clean_name(name, "name", "club", CLUB_NAME_MAX)
    details = _club_details(location, schedule, description)
    language = _club_language(language)
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
        language=language,
        created_by=by,
    )
    Membership.objects.create(club=club, user=by, role=Role.ORGANISER)
    players.roster_entry_for(club, by)
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
    language: str | None = None,
) -> Club:
    """Change a club's name, place, schedule, description and privacy, and the
    language of its public pages (None: as it was; "": the visitor's). The slug
    stays, so links and printed QR codes keep working after a rename; only a club
    made private gets a new address that cannot be guessed from its name (its old
    one would tell anyone naming a club alike that it exists)."""
    club.name = clean_name(name, "name", "club", CLUB_NAME_MAX)
    for field, value in _club_details(location, schedule, description).items():
        setattr(club, field, value)
    if is_private and not club.is_private:
        club.slug = _unique_slug(club.name, private=True)
    club.is_private = bool(is_private)
    if language is not None:
        club.language = _club_language(language)
    club.save(
        update_fields=[
            "name",
            "location",
            "schedule",
            "description",
            "is_private",
            "slug",
            "language",
        ]
    )
    return club


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
        raise Membership.DoesNotExist(_("This person is not a member of the club."))
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
        raise Membership.DoesNotExist(_("This person is not a member of the club."))
    organisers = sum(m.role == Role.ORGANISER for m in memberships)
    if membership.role == Role.ORGANISER and organisers == 1:
        raise Refusal("last_organiser", "role", reason="leaving")
    membership.delete()

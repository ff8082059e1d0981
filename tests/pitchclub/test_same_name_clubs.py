"""Two clubs of one name: one person creating a club twice at once makes one club
(pitchclub.services.clubs.club_create_once), and lists tell clubs of one name apart
(pitchclub.selectors.club_hints and club_labels)."""

import threading
from datetime import timedelta

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection, connections

from pitchclub import selectors
from pitchclub.models import Club, Membership, Player, Role
from pitchclub.services import clubs as services
from pitchclub.vocabulary import CLUB_REPEAT_SECONDS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive(db: None) -> AbstractUser:
    return UserFactory(username="olive", first_name="Olive", last_name="Ames")


def test_creating_the_same_club_again_at_once_gives_the_one_made(
    olive: AbstractUser,
) -> None:
    first, created = services.club_create_once(name="Elks Lodge", by=olive)
    again, created_again = services.club_create_once(name="  elks   LODGE ", by=olive)

    assert (created, created_again) == (True, False)
    assert again == first
    assert Club.objects.count() == 1
    assert Membership.objects.filter(user=olive).count() == 1
    assert Player.objects.filter(user=olive).count() == 1


def test_another_person_or_privacy_or_a_later_time_makes_another_club(
    olive: AbstractUser,
) -> None:
    first = services.club_create(name="Elks Lodge", by=olive)

    by_another = services.club_create(name="Elks Lodge", by=UserFactory())
    private = services.club_create(name="Elks Lodge", by=olive, is_private=True)
    Club.objects.filter(pk=first.pk).update(
        created_at=first.created_at - timedelta(seconds=CLUB_REPEAT_SECONDS + 1)
    )
    later = services.club_create(name="Elks Lodge", by=olive)

    assert len({first.pk, by_another.pk, private.pk, later.pk}) == 4


def test_a_refused_name_is_refused_again_not_matched(olive: AbstractUser) -> None:
    services.club_create(name="Elks", by=olive)

    with pytest.raises(Exception, match="Give the club a name"):
        services.club_create_once(name="  ", by=olive)


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="two requests at once need a database with real concurrent writers",
)
@pytest.mark.django_db(transaction=True)
def test_two_creations_at_the_same_moment_make_one_club() -> None:
    olive = UserFactory(username="olive")
    start = threading.Barrier(2)
    made: list[tuple[int, bool]] = []

    def tap() -> None:
        start.wait()
        try:
            club, created = services.club_create_once(name="Elks Lodge", by=olive)
            made.append((club.pk, created))
        finally:
            connections.close_all()

    taps = [threading.Thread(target=tap) for _ in range(2)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()

    assert Club.objects.count() == 1
    assert sorted(created for _, created in made) == [False, True]
    assert len({pk for pk, _ in made}) == 1


# Telling clubs of one name apart


def organised(name: str, by: AbstractUser, **details: object) -> Club:
    return services.club_create(name=name, by=by, **details)


def hints_of(*clubs: Club) -> list[str]:
    listed = list(
        selectors.with_organisers(
            Club.objects.filter(pk__in=[c.pk for c in clubs]).order_by("id")
        )
    )
    hints = selectors.club_hints(listed)
    return [hints[club.pk] for club in listed]


def test_a_name_of_its_own_needs_no_hint(olive: AbstractUser) -> None:
    assert hints_of(organised("Elks", olive), organised("Moose", olive)) == ["", ""]


def test_clubs_of_one_name_in_two_places_are_told_by_the_place(
    olive: AbstractUser,
) -> None:
    bob = UserFactory(username="bob")
    clubs = (
        organised("Elks Lodge", olive, location="Salina"),
        organised("ELKS LODGE", bob, location="Abilene"),
        organised("Moose", olive),
    )

    assert hints_of(*clubs) == ["Salina", "Abilene", ""]


def test_then_by_the_organisers(olive: AbstractUser) -> None:
    bob = UserFactory(username="bob")
    clubs = (
        organised("Elks Lodge", olive, location="Salina"),
        organised("Elks Lodge", bob, location="Salina"),
    )

    assert hints_of(*clubs) == ["organised by Olive Ames", "organised by bob"]


def test_then_by_when_they_started_and_at_worst_by_their_address(
    olive: AbstractUser,
) -> None:
    old = organised("Elks Lodge", olive)
    Club.objects.filter(pk=old.pk).update(
        created_at=old.created_at.replace(year=2023, month=3)
    )
    new = organised("Elks Lodge", olive)
    assert hints_of(old, new) == ["since March 2023", f"since {_month(new)}"]

    Club.objects.filter(pk=old.pk).update(created_at=new.created_at)
    assert hints_of(old, new) == ["/clubs/elks-lodge/", "/clubs/elks-lodge-2/"]


def _month(club: Club) -> str:
    club.refresh_from_db()
    return club.created_at.strftime("%B %Y")


def test_labels_for_a_choice_carry_the_hint(olive: AbstractUser) -> None:
    clubs = [
        organised("Elks Lodge", olive, location="Salina"),
        organised("Elks Lodge", UserFactory(), location="Abilene"),
        organised("Moose", olive),
    ]

    labels = selectors.club_labels(clubs)

    assert [labels[c.pk] for c in clubs] == [
        "Elks Lodge (Salina)",
        "Elks Lodge (Abilene)",
        "Moose",
    ]


def test_organiser_names_are_short(olive: AbstractUser) -> None:
    club = organised("Elks", olive)
    for n in range(3):
        person = UserFactory(username=f"org{n}")
        Membership.objects.create(club=club, user=person, role=Role.ORGANISER)

    (listed,) = selectors.with_organisers(Club.objects.filter(pk=club.pk))

    assert selectors.organiser_names(listed) == "Olive Ames, org0 and 2 more"
    assert (
        selectors.organiser_names(listed, most=3) == "Olive Ames, org0, org1 and org2"
    )

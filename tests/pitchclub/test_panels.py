"""The core's page panels (pitchclub.panels): apps above the core add sections to the
club page and the profile without the core importing them."""

from collections.abc import Iterator

import pytest
from django.test import Client

from pitchclub import panels
from pitchclub.panels import Panel
from pitchclub.services import clubs as services
from scoring import panels as scoring_panels
from tests.factories import UserFactory


@pytest.fixture
def registered() -> Iterator[None]:
    yield
    for registry in (panels._CLUB, panels._PROFILE):
        for name in [n for n in registry if n.startswith("test.")]:
            del registry[name]


def test_scoring_registers_its_games_on_both_pages() -> None:
    assert scoring_panels.club_games in panels._in_order(panels._CLUB)
    assert scoring_panels.profile_games in panels._in_order(panels._PROFILE)


def test_panels_run_in_order(registered: None) -> None:
    def b(request: object, user: object) -> Panel:
        return Panel("b.html")

    def a(request: object, user: object) -> Panel:
        return Panel("a.html")

    panels.register_profile_panel(b, order=2, name="test.b")
    panels.register_profile_panel(a, order=1, name="test.a")

    assert panels._in_order(panels._PROFILE)[:2] == [a, b]


@pytest.mark.django_db
def test_a_panel_answering_none_shows_nothing(registered: None, client: Client) -> None:
    user = UserFactory()
    panels.register_profile_panel(lambda request, user: None, order=0, name="test.z")
    client.force_login(user)

    page = client.get("/accounts/profile/").content.decode()

    assert page.count('<h2 id="games-h">Your games</h2>') == 1


def test_a_panel_name_is_registered_once(registered: None) -> None:
    panels.register_club_panel(print, order=1, name="test.x")
    with pytest.raises(ValueError, match=r"test\.x"):
        panels.register_club_panel(repr, order=1, name="test.x")


@pytest.mark.django_db
def test_a_club_panel_s_section_shows_on_the_club_page(
    registered: None, client: Client
) -> None:
    club = services.club_create(name="Panel Hall", by=UserFactory())
    panels.register_club_panel(
        lambda request, club, access: Panel("scoring/_club_games.html", {"games": []}),
        order=200,
        name="test.more",
    )

    page = client.get(f"/clubs/{club.slug}/").content.decode()

    assert page.count('<h2 id="games-h">Recent games</h2>') == 2

"""Rename and merge roster players, a club created with a double tap, clubs of one
name told apart, and the welcome right after sign-up: at 360 and 390 px wide, by
tapping as a person would. Screenshots (SCREENSHOTS=1): people-*.png
in tests/artifacts/screenshots/."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from pitchclub.models import Club, Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from scoring.games import services as scoring
from tests.browser.conftest import SCREENSHOTS, sign_in
from tests.factories import UserFactory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [360, 390]
NO_POINTS = {"high": 0, "low": 0, "jack": 0, "game": 0}
# The refused merge's page answers 409, which Chromium logs as a console error.
REFUSED = r"status of 409 \(Conflict\)"


@pytest.fixture(autouse=True)
def _quick_failures(page: Page) -> None:
    page.set_default_timeout(5_000)


def phone(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})


def shot(page: Page, name: str, width: int) -> None:
    page.screenshot(path=SCREENSHOTS / f"people-{name}-{width}.png", full_page=True)


def fits(page: Page, width: int) -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.fixture
def olive(page: Page, live_server: Any) -> AbstractUser:
    user = UserFactory(username="olive", first_name="Olive", last_name="Ames")
    sign_in(page, user, live_server.url)
    return user


@pytest.mark.parametrize("width", WIDTHS)
def test_rename_a_guest_then_merge_it_into_a_member(
    page: Page, live_server: Any, olive: AbstractUser, width: int
) -> None:
    phone(page, width)
    club = club_create(name="Grange Hall", by=olive)
    dot = guest_add(club=club, name="Dot")
    member = UserFactory(username="dorothy", first_name="Dorothy")
    invite = invite_create(club=club, by=olive, role=Role.MEMBER)
    invite_accept(code=invite.code, user=member)
    dorothy = club.players.get(user=member)
    for other in ("Bob", "Cy"):
        game = scoring.game_start(variant="auction", players=[dot, other], club=club)
        record(game, [2, "pass"], NO_POINTS)

    page.goto(f"{live_server.url}/clubs/{club.slug}/players/")
    page.get_by_role("link", name="Rename or merge Dot").click()
    long_name = "Dorothy-Anne-Wilhelmina-Gale-Oz-Kansas"
    page.get_by_label("New name").fill(long_name)
    shot(page, "1-player", width)
    fits(page, width)
    page.get_by_role("button", name="Save the name").click()

    expect(page.locator(".messages")).to_contain_text(f"Dot is now called {long_name}.")
    fits(page, width)
    page.get_by_role("link", name=f"Rename or merge {long_name}").click()
    page.get_by_label("Same person as").select_option(str(dorothy.pk))
    page.get_by_role("button", name="See what would move").click()

    expect(page.get_by_role("heading", name="Dorothy stays")).to_be_visible()
    expect(page.locator("dl.facts")).to_contain_text("2 games and 8 points taken")
    shot(page, "2-confirm", width)
    fits(page, width)
    confirm = page.get_by_role("button", name=f"Merge {long_name} into Dorothy")
    box = confirm.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    confirm.click()

    expect(page.locator(".messages")).to_contain_text(
        f"{long_name} was merged into Dorothy: 2 games and 8 points taken moved."
    )
    assert not Player.objects.filter(pk=dot.pk).exists()
    assert dorothy.seats.count() == 2
    page.get_by_role("link", name="Roster log").click()
    expect(page.locator(".roster-log li")).to_have_count(2)
    expect(page.locator(".roster-log li").first).to_contain_text(
        f"Olive Ames merged {long_name} into Dorothy"
    )
    shot(page, "3-log", width)
    fits(page, width)


@pytest.mark.browser_allow(REFUSED)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_merge_of_two_at_one_table_is_refused_naming_the_game(
    page: Page, live_server: Any, olive: AbstractUser, width: int
) -> None:
    phone(page, width)
    club = club_create(name="Grange Hall", by=olive)
    dot, dee = (guest_add(club=club, name=n) for n in ("Dot", "Dee"))
    game = scoring.game_start(variant="auction", players=[dot, dee], club=club)

    page.goto(f"{live_server.url}/clubs/{club.slug}/players/{dot.pk}/")
    page.get_by_label("Same person as").select_option(str(dee.pk))
    page.get_by_role("button", name="See what would move").click()

    expect(page.get_by_role("alert")).to_contain_text(
        f"Dot and Dee both sat at the table in game {game.pk}"
    )
    expect(page.get_by_role("button", name=re.compile("^Merge"))).to_have_count(0)
    shot(page, "4-refused", width)
    fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_create_tapped_twice_makes_one_club(
    page: Page, live_server: Any, olive: AbstractUser, width: int
) -> None:
    phone(page, width)
    posts: list[str] = []
    page.on(
        "request",
        lambda request: posts.append(request.url) if request.method == "POST" else None,
    )
    page.goto(f"{live_server.url}/clubs/new/")
    page.get_by_label("Club name").fill("Elks Lodge")
    page.get_by_label("Where it plays").fill("Main Street")

    # Two submissions 30 ms apart, as a double tap sends them.
    page.evaluate(
        "() => { const form = document.querySelector('form.stack');"
        " form.requestSubmit(); setTimeout(() => form.requestSubmit(), 30); }"
    )
    expect(page).to_have_url(re.compile(r"/clubs/elks-lodge/$"))
    page.wait_for_load_state("load")

    assert len(posts) == 2
    assert Club.objects.filter(name="Elks Lodge").count() == 1
    expect(page.locator(".messages")).to_be_visible()
    # Another Elks Lodge, by someone else: the list tells the two apart.
    club_create(name="Elks Lodge", by=UserFactory(), location="Main Street")
    page.goto(f"{live_server.url}/clubs/")
    expect(page.locator(".tell")).to_have_count(2)
    expect(page.locator(".club-list .card").first).to_contain_text("Organised by")
    shot(page, "5-same-name", width)
    fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_welcome_is_on_the_first_page_after_signing_up(
    page: Page, live_server: Any, width: int
) -> None:
    phone(page, width)
    organiser = UserFactory(username="orla")
    club = club_create(name="Grange Hall", by=organiser, location="Salina")
    invite = invite_create(club=club, by=organiser, role=Role.MEMBER)

    page.goto(f"{live_server.url}/join/{invite.code}/")
    expect(page.locator(".club-facts")).to_contain_text("Organised by orla")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("newbie")
    page.get_by_label("Email").fill("newbie@example.org")
    page.get_by_label(re.compile(r"^Password:?$")).fill("tall-tables-and-trumps")
    page.get_by_label(re.compile(r"^Password confirmation")).fill(
        "tall-tables-and-trumps"
    )
    page.get_by_role("button", name=re.compile("Sign up|Create")).click()

    expect(page).to_have_url(re.compile(rf"/join/{invite.code}/$"))
    expect(page.locator(".messages")).to_contain_text(
        "Welcome, newbie: your account is ready."
    )
    shot(page, "6-welcome", width)
    fits(page, width)

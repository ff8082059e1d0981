"""Accounts and clubs at phone size (390 x 844), driven as a person would: tapping
links and buttons and typing into fields, under the real Content-Security-Policy.
Sign-up, creating a club, inviting and joining by code from a second phone, joining
through a link while signed out, a private club before and after joining, and the
tap targets of these pages. Screenshots go to tests/artifacts/screenshots/."""

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    expect,
)

from pitchclub.models import Club, Invite, Membership, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from tests.browser.conftest import CSP_LISTENER, SCREENSHOTS, problems_key
from tests.browser.taps import tap_targets
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]
Shoot = Callable[[Page, str], Path]

MIN_TAP = 44  # px, WCAG 2.5.5 and Apple's HIG
PHONE_WIDTH = 390
NEW_PASSWORD = "tall-tables-and-trumps"
# Django's account forms end their labels with a colon ("Password:").
PASSWORD_LABEL = re.compile(r"^Password:?$")

# Chromium logs the 404 answer of a page it opens as a console error; the private
# club's address is meant to answer 404 to an outsider.
CLUB_404 = [
    r"status of 404 \(Not Found\) \[https?://[^/\]]+/clubs/[\w-]+/\]",
]


# --- fixtures and helpers ----------------------------------------------------------


@pytest.fixture(autouse=True)
def _quick_failures(page: Page) -> None:
    """A page that is wrong fails in seconds, not after Playwright's default 30 (the
    assertions of `expect` already wait 5 s at most)."""
    page.set_default_timeout(5_000)


@pytest.fixture
def shoot(request: pytest.FixtureRequest) -> Shoot:
    """Screenshot of any page (the second phone's too), named like conftest's
    `screenshot`: <test name>-<suffix>.png."""

    def take(target: Page, suffix: str) -> Path:
        name = f"{request.node.originalname}-{suffix}"
        path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=path, full_page=True)
        return path

    return take


@pytest.fixture
def other_page(
    page: Page,
    browser: Browser,
    browser_context_args: dict,
    request: pytest.FixtureRequest,
) -> Iterator[Page]:
    """A second person on another phone: a fresh browser context (own cookies), with
    the same console-error and CSP guard as conftest's `page` (its problems fail the
    test the same way)."""
    problems: list[str] = request.node.stash[problems_key]
    allowed = [
        re.compile(pattern)
        for marker in request.node.iter_markers("browser_allow")
        for pattern in marker.args
    ]

    def report(problem: str) -> None:
        if not any(pattern.search(problem) for pattern in allowed):
            problems.append(f"(second phone) {problem}")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location.get("url", "")
            report(f"console error: {message.text} [{location}]")

    def on_page_error(error: Error) -> None:
        report(f"page error: {error.message}")

    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(5_000)
    context.add_init_script(CSP_LISTENER)
    second = context.new_page()
    second.on("console", on_console)
    second.on("pageerror", on_page_error)
    yield second
    context.close()


@pytest.fixture
def organiser() -> AbstractUser:
    return UserFactory(username="orla")


def header_user(target: Page) -> Locator:
    return target.locator("header.top nav .who")


def tap(locator: Locator) -> None:
    """A finger on the element: it must be visible and take the tap."""
    expect(locator).to_be_visible()
    locator.tap()


def sign_up(target: Page, username: str, email: str) -> None:
    """On the sign-up page: fill the form and tap Create account."""
    expect(target.get_by_role("heading", name="Create an account")).to_be_visible()
    target.get_by_label("Username").fill(username)
    target.get_by_label("Email").fill(email)
    target.get_by_label(PASSWORD_LABEL).fill(NEW_PASSWORD)
    target.get_by_label("Password confirmation").fill(NEW_PASSWORD)
    tap(target.get_by_role("button", name="Create account"))


def sign_up_from_home(target: Page, username: str) -> None:
    """Home → Sign in → Create an account → the form."""
    target.goto("/")
    tap(target.locator("header.top").get_by_role("link", name="Sign in"))
    tap(target.get_by_role("link", name="Create an account"))
    sign_up(target, username, f"{username}@example.org")
    expect(header_user(target)).to_have_text(username)


def log_in(target: Page, username: str, password: str = PASSWORD) -> None:
    """Through the login page, as the person would after opening the site."""
    target.goto("/")
    tap(target.locator("header.top").get_by_role("link", name="Sign in"))
    target.get_by_label("Username").fill(username)
    target.get_by_label("Password").fill(password)
    tap(target.get_by_role("button", name="Sign in"))
    expect(header_user(target)).to_have_text(username)


def create_club_in_ui(
    target: Page, name: str, where: str, when: str, *, private: bool = False
) -> None:
    """Clubs → Create a club → fill the form → Create club."""
    tap(target.locator("header.top").get_by_role("link", name="Clubs"))
    tap(target.get_by_role("link", name="Create a club"))
    expect(target.get_by_role("heading", name="Create a club")).to_be_visible()
    target.get_by_label("Club name").fill(name)
    target.get_by_label("Where it plays").fill(where)
    target.get_by_label("When it plays").fill(when)
    if private:
        target.get_by_label("Private club").check()
    tap(target.get_by_role("button", name="Create club"))
    expect(target.get_by_role("heading", level=1)).to_contain_text(name)


def open_invites(target: Page, club: Club) -> None:
    target.goto(f"/clubs/{club.slug}/")
    tap(target.locator("nav.tabs").get_by_role("link", name="Invites"))
    expect(target.get_by_role("heading", name="Invites", exact=True)).to_be_visible()


def create_invite(target: Page, role_label: str) -> str:
    """On the invites page: choose the role, tap Create invite, and read the code off
    the page in its groups of four, as the organiser reads it out."""
    target.get_by_label(role_label).check()
    tap(target.get_by_role("button", name="Create invite"))
    invite = target.locator("li.invite").first
    expect(invite).to_be_visible()
    groups = invite.locator(".code-big .code-group").all_inner_texts()
    code = "".join(group.strip() for group in groups)
    assert re.fullmatch(r"[A-Z0-9]{8}", code), f"unreadable code {groups!r}"
    return code


def as_typed(code: str) -> str:
    """The code as a person types it from hearing it: small letters, a space and a
    dash."""
    lower = code.lower()
    return f"{lower[:4]} {lower[4:6]}-{lower[6:]}"


def status_of(target: Page, path: str) -> int:
    """Open the address and return the HTTP status it answered with."""
    response = target.goto(path)
    assert response is not None
    return response.status


def no_sideways_scroll(target: Page) -> None:
    width = target.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{target.url} scrolls sideways: {width} px wide"


# --- 1. sign-up --------------------------------------------------------------------


def test_sign_up_from_the_home_page(page: Page, screenshot: Screenshot) -> None:
    page.goto("/")
    tap(page.locator("header.top").get_by_role("link", name="Sign in"))
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    screenshot("1-login")
    tap(page.get_by_role("link", name="Create an account"))
    expect(page).to_have_url(re.compile(r"/accounts/signup/"))

    page.get_by_label("Username").fill("dana")
    page.get_by_label("Email").fill("dana@example.org")
    page.get_by_label(PASSWORD_LABEL).fill(NEW_PASSWORD)
    page.get_by_label("Password confirmation").fill(NEW_PASSWORD)
    screenshot("2-form")
    no_sideways_scroll(page)
    tap(page.get_by_role("button", name="Create account"))

    # Signed in: the header names her, and her name leads to her profile.
    expect(header_user(page)).to_have_text("dana")
    screenshot("3-landed")
    tap(header_user(page))
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    expect(page.locator(".facts dd").first).to_have_text("dana")
    expect(page.get_by_label("Email")).to_have_value("dana@example.org")
    screenshot("4-profile")


def test_refused_sign_up_keeps_what_was_typed(
    page: Page, screenshot: Screenshot
) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("eamon")
    page.get_by_label("Email").fill("eamon@example.org")
    page.get_by_label(PASSWORD_LABEL).fill(NEW_PASSWORD)
    page.get_by_label("Password confirmation").fill(NEW_PASSWORD + "x")
    tap(page.get_by_role("button", name="Create account"))

    # Still on the form, not signed in; the error sits in the confirmation's own
    # field group and the control is marked invalid.
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    expect(header_user(page)).to_have_count(0)
    confirm = page.locator(".field", has=page.locator("#id_password2"))
    expect(confirm).to_have_class(re.compile(r"\binvalid\b"))
    expect(confirm.locator(".errorlist")).to_contain_text("didn\u2019t match")
    expect(page.locator("#id_password2")).to_have_attribute("aria-invalid", "true")
    # What was typed is kept (passwords are not sent back, by design).
    expect(page.get_by_label("Username")).to_have_value("eamon")
    expect(page.get_by_label("Email")).to_have_value("eamon@example.org")
    screenshot()
    no_sideways_scroll(page)


# --- 2. creating a club ------------------------------------------------------------


def test_create_a_club(
    page: Page, organiser: AbstractUser, screenshot: Screenshot
) -> None:
    log_in(page, organiser.username)
    tap(page.locator("header.top").get_by_role("link", name="Clubs"))
    expect(page.get_by_role("heading", name="Clubs", exact=True)).to_be_visible()
    screenshot("1-list")
    tap(page.get_by_role("link", name="Create a club"))
    page.get_by_label("Club name").fill("Grange Hall Pitch")
    page.get_by_label("Where it plays").fill("Grange Hall, Main Street")
    page.get_by_label("When it plays").fill("Tuesdays from 7 pm")
    screenshot("2-form")
    no_sideways_scroll(page)
    tap(page.get_by_role("button", name="Create club"))

    expect(page).to_have_url(re.compile(r"/clubs/grange-hall-pitch/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Grange Hall Pitch")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Grange Hall, Main Street")
    expect(facts).to_contain_text("Tuesdays from 7 pm")
    expect(page.locator(".you")).to_have_text("You are an Organiser here.")
    expect(page.locator(".messages")).to_contain_text("you are its organiser")
    members = page.locator("section[aria-labelledby=members-h] .row")
    expect(members).to_have_count(1)
    expect(members).to_contain_text("orla")
    expect(members.locator(".role")).to_have_text("Organiser")
    screenshot("3-club")
    no_sideways_scroll(page)

    club = Club.objects.get(slug="grange-hall-pitch")
    assert Membership.objects.get(club=club).role == Role.ORGANISER


# --- 3. invite, and join by code from another phone ---------------------------------


def test_invite_and_join_by_code_on_two_phones(
    page: Page,
    other_page: Page,
    organiser: AbstractUser,
    screenshot: Screenshot,
    shoot: Shoot,
) -> None:
    club = club_create(
        name="Tuesday Pitch", by=organiser, location="The Anchor", schedule="Tue 8"
    )
    log_in(page, organiser.username)
    open_invites(page, club)
    code = create_invite(page, "Scorekeeper: also starts games and records hands")
    expect(page.locator(".messages")).to_contain_text(f"{code[:4]} {code[4:]}")
    invite = page.locator(f"#invite-{code}")
    expect(invite.locator(".invite-role .role")).to_have_text("Scorekeeper")

    # The QR code loads (scrolled to, as it is lazy) and is a picture of the link.
    qr = invite.locator("img.qr")
    qr.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=qr.element_handle()
    )
    assert qr.evaluate("img => img.naturalWidth") > 0
    box = qr.bounding_box()
    assert box is not None
    assert box["width"] >= 200, f"QR code is tiny: {box}"
    screenshot("1-invites")

    # Someone else, on their own phone: signs up, then Clubs → Join with a code.
    sign_up_from_home(other_page, "finn")
    tap(other_page.locator("header.top").get_by_role("link", name="Clubs"))
    tap(other_page.get_by_role("link", name="Join with a code"))
    expect(other_page.get_by_role("heading", name="Join a club")).to_be_visible()
    other_page.get_by_label("Invite code").fill(as_typed(code))
    shoot(other_page, "2-typed")
    tap(other_page.get_by_role("button", name="Continue"))

    expect(other_page).to_have_url(re.compile(f"/join/{code}/$"))
    expect(other_page.get_by_role("heading", level=1)).to_have_text(
        "Join Tuesday Pitch"
    )
    expect(other_page.locator(".offer .role")).to_have_text("Scorekeeper")
    shoot(other_page, "3-confirm")
    tap(other_page.get_by_role("button", name="Join Tuesday Pitch"))

    expect(other_page).to_have_url(re.compile(f"/clubs/{club.slug}/$"))
    expect(other_page.locator(".messages")).to_contain_text(
        "Welcome to Tuesday Pitch: you are a scorekeeper."
    )
    expect(other_page.locator(".you")).to_have_text("You are a Scorekeeper here.")
    shoot(other_page, "4-member")
    no_sideways_scroll(other_page)

    # The organiser reloads the members page: Finn is there, as scorekeeper.
    tap(page.locator("nav.tabs").get_by_role("link", name="Members"))
    expect(page).to_have_url(re.compile(f"/clubs/{club.slug}/members/$"))
    page.reload()
    finn = page.locator("li.member", has_text="finn")
    expect(finn).to_have_count(1)
    expect(finn.locator(".member-head .role")).to_have_text("Scorekeeper")
    expect(page.locator(".lead")).to_contain_text("2 members")
    screenshot("5-members")
    no_sideways_scroll(page)


# --- 4. joining through the link while signed out -----------------------------------


def test_join_link_signed_out_signs_up_and_comes_back(
    page: Page,
    other_page: Page,
    organiser: AbstractUser,
    shoot: Shoot,
) -> None:
    club = club_create(name="Kitchen Table", by=organiser)
    code = invite_create(club=club, by=organiser).code

    other_page.goto(f"/join/{code}/")
    expect(other_page.get_by_role("heading", level=1)).to_have_text(
        "Join Kitchen Table"
    )
    expect(other_page.locator(".offer .role")).to_have_text("Member")
    shoot(other_page, "1-signed-out")
    tap(other_page.locator("main").get_by_role("link", name="Sign up"))

    expect(other_page.locator(".lead")).to_contain_text("carry on where you were")
    sign_up(other_page, "gwen", "gwen@example.org")

    # Back on the invite, signed in now: one tap to join.
    expect(other_page).to_have_url(re.compile(f"/join/{code}/$"))
    expect(header_user(other_page)).to_have_text("gwen")
    expect(other_page.locator("main")).to_contain_text("Signed in as gwen")
    shoot(other_page, "2-back")
    tap(other_page.get_by_role("button", name="Join Kitchen Table"))

    expect(other_page).to_have_url(re.compile(f"/clubs/{club.slug}/$"))
    expect(other_page.locator(".you")).to_have_text("You are a Member here.")
    expect(
        other_page.locator("section[aria-labelledby=members-h] .row", has_text="gwen")
    ).to_contain_text("Member")
    shoot(other_page, "3-member")
    assert club.memberships.get(user__username="gwen").role == Role.MEMBER
    assert Invite.objects.get(code=code).uses == 1


# --- 5. a private club, before and after joining ----------------------------------


@pytest.mark.browser_allow(*CLUB_404)
def test_private_club_is_hidden_until_joined(
    page: Page,
    other_page: Page,
    organiser: AbstractUser,
    screenshot: Screenshot,
    shoot: Shoot,
) -> None:
    log_in(page, organiser.username)
    create_club_in_ui(page, "Back Room", "The Crown, upstairs", "Fridays", private=True)
    expect(page.locator("h1 .tag.private")).to_have_text("Private")
    club_path = re.sub(r"^https?://[^/]+", "", page.url)
    screenshot("1-organiser")

    # A signed-in outsider: the address is "not found", and the list does not
    # name the club.
    sign_up_from_home(other_page, "hana")
    assert status_of(other_page, club_path) == 404
    expect(other_page.locator("h1")).to_have_text("Not found")
    expect(other_page.locator("body")).not_to_contain_text("Back Room")
    shoot(other_page, "2-outsider-404")
    other_page.goto("/clubs/")
    expect(other_page.locator("main")).not_to_contain_text("Back Room")

    # Given a code, Hana joins; now the same address shows the club.
    open_invites(page, Club.objects.get(name="Back Room"))
    code = create_invite(page, "Member: reads the club's games")
    other_page.goto("/join/")
    other_page.get_by_label("Invite code").fill(as_typed(code))
    tap(other_page.get_by_role("button", name="Continue"))
    tap(other_page.get_by_role("button", name="Join Back Room"))
    expect(other_page.locator(".messages")).to_contain_text("Welcome to Back Room")
    assert status_of(other_page, club_path) == 200
    expect(other_page.get_by_role("heading", level=1)).to_contain_text("Back Room")
    expect(other_page.locator(".you")).to_have_text("You are a Member here.")
    shoot(other_page, "3-member")
    other_page.goto("/clubs/")
    expect(other_page.locator("main")).to_contain_text("Back Room")


@pytest.mark.browser_allow(*CLUB_404)
def test_private_club_404_is_readable_on_a_phone(
    page: Page, organiser: AbstractUser, screenshot: Screenshot
) -> None:
    """The "not found" an outsider gets for a private club is a page of the site:
    laid out for the phone's width, with the site's header to go on from."""
    club = club_create(name="Back Room", by=organiser, is_private=True)

    assert status_of(page, f"/clubs/{club.slug}/") == 404
    screenshot(full_page=False)
    expect(page.locator("body")).not_to_contain_text("Back Room")
    width = page.evaluate("window.innerWidth")
    assert width == PHONE_WIDTH, (
        f"the 404 page is laid out {width} px wide on a {PHONE_WIDTH} px phone "
        "(no <meta name=viewport>): its text is shrunk to a fraction of its size"
    )
    expect(page.locator("header.top").get_by_role("link", name="Clubs")).to_be_visible()


# --- 6. tap targets ----------------------------------------------------------------

TARGETS = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    "[role=button]"
)


def small_targets(target: Page, where: str) -> list[str]:
    """Every visible link, button and form control at least 44 px tall. A radio
    button or checkbox counts its label's box too, as tapping the label ticks it."""
    small = []
    for control in tap_targets(target, TARGETS):
        height, kind, text = control["height"], control["kind"], control["text"]
        label = control["label"]
        if kind in ("radio", "checkbox") and height < MIN_TAP:
            if label and label["height"] >= MIN_TAP:
                height = label["height"]
            elif label:
                text = f"{label['text']} ({kind}, label {label['height']:.0f} px)"
        if height < MIN_TAP:
            small.append(
                f"{where}: {kind} {' '.join(text.split())[:60]!r} is "
                f"{height:.0f} px tall, under {MIN_TAP}"
            )
    return small


def test_tap_targets_on_account_and_club_pages(
    page: Page,
    other_page: Page,
    organiser: AbstractUser,
    screenshot: Screenshot,
    shoot: Shoot,
) -> None:
    club = club_create(
        name="Grange Hall Pitch",
        by=organiser,
        location="Grange Hall, Main Street",
        schedule="Tuesdays from 7 pm",
    )
    code = invite_create(club=club, by=organiser, role=Role.SCOREKEEPER).code
    problems: list[str] = []

    # Signed out, on the second phone: sign-up, the join page, an invite's page.
    for path, name in [
        ("/accounts/signup/", "signup"),
        ("/join/", "join"),
        (f"/join/{code}/", "join-code"),
    ]:
        other_page.goto(path)
        problems += small_targets(other_page, path)
        no_sideways_scroll(other_page)
        shoot(other_page, name)

    # The organiser: the new-club form, the club's page and its invites.
    log_in(page, organiser.username)
    for path, name in [
        ("/clubs/new/", "club-form"),
        (f"/clubs/{club.slug}/", "club"),
        (f"/clubs/{club.slug}/invites/", "invites"),
    ]:
        page.goto(path)
        problems += small_targets(page, path)
        no_sideways_scroll(page)
        screenshot(name)
    page.emulate_media(color_scheme="dark")
    screenshot("invites-dark")

    assert not problems, "too small to tap:\n" + "\n".join(problems)

"""Rate limits: joining by code (pages and API), password-reset mail (per address and
per client address) and sign-up. Counts live in the cache, emptied before each test
(tests/conftest.py)."""

import re

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.core import mail
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from pitchclub.models import Club, Membership
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.throttles import wait_words
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
JOIN = reverse("clubs:join")
JOIN_API = reverse("api:join")
THROTTLED_JOIN = re.compile(
    r"Too many join tries from your address: try again in (\d+ seconds?|1 minute)\."
)
SIGNUP = reverse("accounts:signup")
RESET = reverse("accounts:password_reset")
PASSWORD = "a-fine-long-password"


def limit(scope: str) -> tuple[int, int]:
    """The scope's configured rate: (how many, in how many seconds)."""
    rate = django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]
    number, period = rate.split("/")
    return int(number), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


def from_address(address: str) -> Client:
    """A browser behind the site's one proxy (nginx), at `address`."""
    return Client(headers={"X-Forwarded-For": address})


def assert_too_many(answer: object, period: int) -> str:
    assert answer.status_code == 429
    assert 0 < int(answer["Retry-After"]) <= period
    return answer.content.decode()


@pytest.fixture
def behind_nginx(settings: Settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 1


@pytest.fixture
def club(db: None) -> Club:
    return club_create(name="Grange Hall Pitch", by=UserFactory())


def test_the_rates_suit_a_club_night() -> None:
    assert limit("join") == (10, 60)
    assert limit("signup") == (20, 3600)
    assert limit("reset_mail") == (5, 3600)
    assert limit("reset_mail_ip") == (20, 3600)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(1, "1 second"), (40, "40 seconds"), (61, "2\xa0minutes"), (3600, "1\xa0hour")],
)
def test_waits_are_said_in_words_rounded_up(seconds: int, words: str) -> None:
    assert wait_words(seconds) == words


# Joining by code: pages count wrong codes per client address


def test_wrong_codes_on_the_join_page_are_throttled_per_address(
    behind_nginx: None, club: Club
) -> None:
    invite = invite_create(club=club, by=club.created_by)
    guesser = from_address("203.0.113.10")
    count, period = limit("join")
    for n in range(count):
        answer = guesser.get(JOIN, {"code": f"WRONG{n:03}"})
        assert answer.status_code == 200
        assert "There is no invite with this code" in answer.content.decode()

    # Now even a right code waits: the answer must not tell right from wrong.
    text = assert_too_many(guesser.get(JOIN, {"code": invite.code}), period)
    assert "Too many wrong invite codes were tried from your network" in text
    assert 'id="id_code"' in text  # the form is still there
    text = assert_too_many(guesser.get(f"/join/{invite.code}/"), period)
    assert "Too many wrong invite codes" in text
    assert club.name not in text
    # Someone else at another address is not held up.
    neighbour = from_address("203.0.113.20")
    answer = neighbour.get(JOIN, {"code": invite.code})
    assert answer.status_code == 302


def test_wrong_codes_in_join_links_count_too(behind_nginx: None, club: Club) -> None:
    guesser = from_address("203.0.113.10")
    count, period = limit("join")
    for n in range(count):
        assert guesser.get(f"/join/WRONG{n:03}/").status_code == 404

    answer = guesser.post("/join/WRONG999/")
    assert_too_many(answer, period)


def test_a_table_of_players_joining_with_the_right_code_is_never_throttled(
    behind_nginx: None, club: Club
) -> None:
    """A club night on the pub's wifi: one address, many people, one code."""
    invite = invite_create(club=club, by=club.created_by)
    count, _ = limit("join")
    for _ in range(count + 5):
        player = Client(headers={"X-Forwarded-For": "198.51.100.7"})
        player.force_login(UserFactory())
        assert player.get(JOIN, {"code": invite.code}).status_code == 302
        assert player.get(f"/join/{invite.code}/").status_code == 200
        assert player.post(f"/join/{invite.code}/").status_code == 302

    assert Membership.objects.filter(club=club).count() == count + 6


# Joining by code: the API counts every join per client address


def api_join(address: str, code: str) -> object:
    """A join through the API by a new account at `address` (behind nginx)."""
    script = APIClient(headers={"X-Forwarded-For": address})
    script.force_authenticate(UserFactory())
    return script.post(JOIN_API, {"code": code}, format="json")


def test_the_join_api_is_throttled_per_address_with_retry_after(
    behind_nginx: None, club: Club
) -> None:
    invite = invite_create(club=club, by=club.created_by)
    count, period = limit("join")
    guesser = APIClient(headers={"X-Forwarded-For": "203.0.113.10"})
    guesser.force_authenticate(UserFactory())
    for n in range(count):
        wrong = guesser.post(JOIN_API, {"code": f"WRONG{n:03}"}, format="json")
        assert wrong.status_code == 400

    answer = guesser.post(JOIN_API, {"code": invite.code}, format="json")

    assert_too_many(answer, period)
    body = answer.json()
    assert body["code"] == "throttled"
    assert THROTTLED_JOIN.fullmatch(body["detail"])
    assert set(body) == {"detail", "code"}
    # Another account at the same address waits too; another address does not.
    assert api_join("203.0.113.10", invite.code).status_code == 429
    assert api_join("203.0.113.20", invite.code).status_code == 200


def test_a_rate_can_be_changed_in_settings(
    settings: Settings, behind_nginx: None, club: Club
) -> None:
    rest = settings.REST_FRAMEWORK
    rates = {**rest["DEFAULT_THROTTLE_RATES"], "join": "2/min"}
    settings.REST_FRAMEWORK = {**rest, "DEFAULT_THROTTLE_RATES": rates}
    guesser = from_address("203.0.113.10")

    assert guesser.get(JOIN, {"code": "WRONG001"}).status_code == 200
    assert guesser.get(JOIN, {"code": "WRONG002"}).status_code == 200
    assert guesser.get(JOIN, {"code": "WRONG003"}).status_code == 429


# Sign-up: accounts created per client address


def signup(client: Client, n: int) -> object:
    return client.post(
        SIGNUP,
        {
            "username": f"player{n}",
            "email": f"player{n}@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def test_sign_ups_are_throttled_per_address(behind_nginx: None) -> None:
    count, period = limit("signup")
    for n in range(count):
        assert signup(from_address("203.0.113.10"), n).status_code == 302

    answer = signup(from_address("203.0.113.10"), 999)

    text = assert_too_many(answer, period)
    assert "Too many accounts were created from your network" in text
    assert 'name="username"' in text  # the form, as it was filled in
    assert not User.objects.filter(username="player999").exists()
    assert signup(from_address("203.0.113.20"), 999).status_code == 302


def test_a_sign_up_with_mistakes_does_not_count(behind_nginx: None) -> None:
    count, _ = limit("signup")
    client = from_address("203.0.113.10")
    for n in range(count + 5):
        mismatched = {
            "username": f"player{n}",
            "email": "p@example.org",
            "password1": PASSWORD,
            "password2": "something-else",
        }
        assert client.post(SIGNUP, mismatched).status_code == 200

    assert signup(client, 1).status_code == 302


# Password-reset mail: per typed address and per client address

# What differs between two answers without telling anything: CSRF tokens, the
# address as typed.
UNSEEN = re.compile(
    r'"X-CSRFToken": "\w+"|name="csrfmiddlewaretoken" value="\w+"|value="[^"]*@[^"]*"'
)


def test_reset_mail_is_throttled_per_address_and_says_nothing_of_accounts(
    behind_nginx: None, user: AbstractUser
) -> None:
    count, period = limit("reset_mail")
    for n in range(count):
        # From a new client address each time: the typed address is what counts.
        browser = from_address(f"203.0.113.{n}")
        assert browser.post(RESET, {"email": user.email}).status_code == 302
        assert browser.post(RESET, {"email": "nobody@example.org"}).status_code == 302
    assert len(mail.outbox) == count

    known = from_address("198.51.100.1").post(RESET, {"email": user.email})
    unknown = from_address("198.51.100.1").post(RESET, {"email": "nobody@example.org"})

    assert len(mail.outbox) == count
    text = assert_too_many(known, period)
    assert "Reset links for this address were asked for too often" in text
    assert_too_many(unknown, period)
    assert UNSEEN.sub("", text) == UNSEEN.sub("", unknown.content.decode())
    # Another address is not held up.
    other = from_address("198.51.100.1").post(RESET, {"email": UserFactory().email})
    assert other.status_code == 302


def test_reset_mail_is_throttled_per_client_address(behind_nginx: None) -> None:
    count, period = limit("reset_mail_ip")
    browser = from_address("203.0.113.10")
    for n in range(count):
        assert browser.post(RESET, {"email": f"p{n}@example.org"}).status_code == 302

    text = assert_too_many(browser.post(RESET, {"email": "last@example.org"}), period)

    assert "Too many reset links were asked for from your network" in text
    elsewhere = from_address("203.0.113.20")
    assert elsewhere.post(RESET, {"email": "last@example.org"}).status_code == 302


def test_a_malformed_reset_address_does_not_count(behind_nginx: None) -> None:
    count, _ = limit("reset_mail_ip")
    browser = from_address("203.0.113.10")
    for _ in range(count + 5):
        assert browser.post(RESET, {"email": "not an address"}).status_code == 200

    assert browser.post(RESET, {"email": "p@example.org"}).status_code == 302

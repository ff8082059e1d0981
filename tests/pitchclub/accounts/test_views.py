"""Accounts: sign-up, sign-in and its lockout, password change and reset, the
profile page and its API token. No page may tell whether an address has an account."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.authtoken.models import Token

from pitchclub.accounts import services
from pitchclub.models import Player, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
NEW_PASSWORD = "another-fine-password"
SIGNUP = reverse("accounts:signup")
LOGIN = reverse("accounts:login")
PROFILE = reverse("accounts:profile")


def _signup_data(username: str = "ann", email: str = "ann@example.org") -> dict:
    return {
        "username": username,
        "email": email,
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
    }


def _signed_in_user_id(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def _without_csrf(content: bytes) -> str:
    """The page without its CSRF token, which is masked afresh on every answer."""
    return re.sub(
        r'"X-CSRFToken": "\w+"|name="csrfmiddlewaretoken" value="\w+"',
        "",
        content.decode(),
    )


# Sign-up


def test_signup_creates_the_account_and_signs_in(client: Client) -> None:
    answer = client.post(SIGNUP, _signup_data())

    assert answer.status_code == 302
    assert answer.url == PROFILE
    user = User.objects.get(username="ann")
    assert user.email == "ann@example.org"
    assert user.check_password(NEW_PASSWORD)
    assert _signed_in_user_id(client) == str(user.pk)


def test_signup_page_labels_every_field(client: Client) -> None:
    text = client.get(SIGNUP).content.decode()

    for name in ("username", "email", "password1", "password2"):
        assert f'<label for="id_{name}"' in text
        assert f'id="id_{name}"' in text


def test_signup_follows_a_safe_next(client: Client) -> None:
    next_url = "/join/ABCD2345/"
    page = client.get(SIGNUP, {"next": next_url})
    assert f'name="next" value="{next_url}"' in page.content.decode()

    answer = client.post(SIGNUP, {**_signup_data(), "next": next_url})

    assert answer.status_code == 302
    assert answer.url == next_url


@pytest.mark.parametrize(
    "next_url", ["https://evil.example/", "//evil.example/join/", "javascript:alert(1)"]
)
def test_signup_ignores_an_unsafe_next(client: Client, next_url: str) -> None:
    answer = client.post(f"{SIGNUP}?next={next_url}", _signup_data())

    assert answer.status_code == 302
    assert answer.url == PROFILE


def test_signup_refuses_a_taken_username_and_says_so(client: Client) -> None:
    UserFactory(username="Ann")

    answer = client.post(SIGNUP, _signup_data(username="ann"))

    assert answer.status_code == 200
    assert "A user with that username already exists." in answer.content.decode()
    assert User.objects.filter(username__iexact="ann").count() == 1
    assert _signed_in_user_id(client) is None


def test_signup_shows_errors_next_to_their_fields(client: Client) -> None:
    data = {**_signup_data(), "password2": "something-else-entirely"}

    text = client.post(SIGNUP, data).content.decode()

    assert 'id="id_password2_error"' in text
    assert 'aria-invalid="true"' in text
    assert not User.objects.filter(username="ann").exists()


def test_signup_with_an_email_in_use_does_not_reveal_it(client: Client) -> None:
    UserFactory(username="first", email="shared@example.org")
    fresh = Client().post(SIGNUP, _signup_data("bob", "fresh@example.org"))

    taken = client.post(SIGNUP, _signup_data("cy", "shared@example.org"))

    # Answered exactly like an unused address: accepted, signed in, no remark.
    assert taken.status_code == fresh.status_code == 302
    assert taken.url == fresh.url == PROFILE
    assert User.objects.filter(email="shared@example.org").count() == 2
    assert "already" not in client.get(PROFILE).content.decode()


def test_signup_sends_a_signed_in_person_on(client: Client, user: AbstractUser) -> None:
    client.force_login(user)

    answer = client.get(SIGNUP, {"next": "/join/ABCD2345/"})

    assert answer.status_code == 302
    assert answer.url == "/join/ABCD2345/"


# Sign-in and sign-out


def test_login_signs_in_and_follows_next(client: Client, user: AbstractUser) -> None:
    page = client.get(LOGIN, {"next": "/join/ABCD2345/"})
    text = page.content.decode()
    assert 'name="next" value="/join/ABCD2345/"' in text
    assert f"{SIGNUP}?next=/join/ABCD2345/" in text

    answer = client.post(
        LOGIN,
        {"username": user.username, "password": PASSWORD, "next": "/join/ABCD2345/"},
    )

    assert answer.status_code == 302
    assert answer.url == "/join/ABCD2345/"
    assert _signed_in_user_id(client) == str(user.pk)


def test_login_goes_to_the_profile_without_next(
    client: Client, user: AbstractUser
) -> None:
    answer = client.post(LOGIN, {"username": user.username, "password": PASSWORD})

    assert answer.url == PROFILE


def test_login_with_a_wrong_password_says_so_without_naming_which(
    client: Client, user: AbstractUser
) -> None:
    wrong = client.post(LOGIN, {"username": user.username, "password": "nope"})
    unknown = client.post(LOGIN, {"username": "nobody-here", "password": "nope"})

    assert wrong.status_code == unknown.status_code == 200
    assert "Please enter a correct username and password" in wrong.content.decode()
    assert "Please enter a correct username and password" in unknown.content.decode()


def test_logout_is_post_only(client: Client, user: AbstractUser) -> None:
    client.force_login(user)
    logout = reverse("accounts:logout")

    assert client.get(logout).status_code == 405
    assert _signed_in_user_id(client) == str(user.pk)

    answer = client.post(logout)

    assert answer.status_code == 302
    assert answer.url == reverse("scoring:home")
    assert _signed_in_user_id(client) is None


def test_five_wrong_passwords_lock_the_login_even_for_the_right_one(
    client: Client, user: AbstractUser
) -> None:
    wrong = {"username": user.username, "password": "not-the-password"}
    for _ in range(4):
        assert client.post(LOGIN, wrong).status_code == 200

    locked = client.post(LOGIN, wrong)

    assert locked.status_code == 429
    text = locked.content.decode()
    assert "<h1>Sign-in paused</h1>" in text, (
        "A readable lockout page needs, in settings.py: "
        'AXES_LOCKOUT_CALLABLE = "pitchclub.accounts.views.lockout"'
    )
    assert locked.headers["Retry-After"] == "3600"
    assert f"<strong>{user.username}</strong>" in text
    assert "for 1\xa0hour" in text  # timeuntil joins with a no-break space
    assert reverse("accounts:password_reset") in text

    right = client.post(LOGIN, {"username": user.username, "password": PASSWORD})

    assert right.status_code == 429
    assert "Sign-in paused" in right.content.decode()
    assert _signed_in_user_id(client) is None


def test_a_lockout_leaves_other_usernames_alone(
    client: Client, user: AbstractUser
) -> None:
    for _ in range(5):
        client.post(LOGIN, {"username": user.username, "password": "wrong"})
    other = UserFactory()

    answer = client.post(LOGIN, {"username": other.username, "password": PASSWORD})

    assert answer.status_code == 302
    assert _signed_in_user_id(client) == str(other.pk)


# Passwords


def test_password_change(client: Client, user: AbstractUser) -> None:
    client.force_login(user)
    url = reverse("accounts:password_change")
    assert client.get(url).status_code == 200

    answer = client.post(
        url,
        {
            "old_password": PASSWORD,
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
    )

    assert answer.status_code == 302
    assert answer.url == reverse("accounts:password_change_done")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # Still signed in here (Django updates the session's hash).
    assert client.get(PROFILE).status_code == 200


TOKENS_REVOKED = "Your API tokens were revoked: scripts must get a new one."


def test_a_password_change_revokes_the_api_token_and_says_so(
    client: Client, user: AbstractUser
) -> None:
    key = services.token_create(user=user).key
    client.force_login(user)

    answer = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
        follow=True,
    )

    assert answer.redirect_chain[-1][0] == reverse("accounts:password_change_done")
    assert not Token.objects.filter(user=user).exists()
    assert TOKENS_REVOKED in answer.content.decode()
    refused = Client().get("/api/v1/games/", headers={"Authorization": f"Token {key}"})
    assert refused.status_code == 401


def test_a_refused_password_change_keeps_the_api_token(
    client: Client, user: AbstractUser
) -> None:
    key = services.token_create(user=user).key
    client.force_login(user)

    client.post(
        reverse("accounts:password_change"),
        {
            "old_password": "not-it",
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
    )

    assert Token.objects.get(user=user).key == key


def test_password_change_refuses_a_wrong_old_password(
    client: Client, user: AbstractUser
) -> None:
    client.force_login(user)

    answer = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": "not-it",
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
    )

    assert answer.status_code == 200
    assert 'id="id_old_password_error"' in answer.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_password_change_requires_login(client: Client) -> None:
    answer = client.get(reverse("accounts:password_change"))

    assert answer.status_code == 302
    assert answer.url.startswith(f"{LOGIN}?next=")


def test_password_reset_answers_the_same_for_known_and_unknown_addresses(
    client: Client, user: AbstractUser
) -> None:
    url = reverse("accounts:password_reset")

    known = client.post(url, {"email": user.email}, follow=True)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]
    unknown = client.post(url, {"email": "nobody@example.org"}, follow=True)

    assert len(mail.outbox) == 1
    assert known.status_code == unknown.status_code == 200
    assert known.redirect_chain == unknown.redirect_chain
    assert _without_csrf(known.content) == _without_csrf(unknown.content)
    assert b"If an account exists for that address, we sent a link" in known.content


def test_password_reset_link_sets_a_new_password(
    client: Client, user: AbstractUser
) -> None:
    client.post(reverse("accounts:password_reset"), {"email": user.email})
    message = mail.outbox[0]
    assert message.subject == "Reset your Pitch Club password"
    assert user.username in message.body
    link = re.search(
        r"https?://testserver(/accounts/password/reset/\S+/)", message.body
    )
    assert link is not None

    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    assert b"Choose a new password" in form_page.content
    set_password_url = form_page.redirect_chain[-1][0]
    answer = client.post(
        set_password_url,
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert answer.status_code == 302
    assert answer.url == reverse("accounts:password_reset_complete")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # The link works once.
    assert (
        b"This link no longer works" in client.get(link.group(1), follow=True).content
    )


def test_a_password_reset_revokes_the_api_token_and_says_so(
    client: Client, user: AbstractUser
) -> None:
    services.token_create(user=user)
    client.post(reverse("accounts:password_reset"), {"email": user.email})
    link = re.search(
        r"https?://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body
    )
    form_page = client.get(link.group(1), follow=True)
    # Only asking for the link changes nothing: the token still works.
    assert Token.objects.filter(user=user).exists()

    answer = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )

    assert answer.redirect_chain[-1][0] == reverse("accounts:password_reset_complete")
    assert not Token.objects.filter(user=user).exists()
    assert TOKENS_REVOKED in answer.content.decode()


def test_a_forged_reset_link_is_refused(client: Client, user: AbstractUser) -> None:
    url = reverse(
        "accounts:password_reset_confirm",
        kwargs={"uidb64": "MQ", "token": "set-by-someone-else"},
    )

    assert b"This link no longer works" in client.get(url).content


# Profile


def test_profile_requires_login(client: Client) -> None:
    answer = client.get(PROFILE)

    assert answer.status_code == 302
    assert answer.url == f"{LOGIN}?next={PROFILE}"


def test_profile_shows_the_account_its_players_and_its_clubs(
    client: Client, user: AbstractUser
) -> None:
    club = club_create(name="Tuesday Hall", by=user)
    other = club_create(name="Elks Lodge", by=UserFactory())
    invite_accept(
        code=invite_create(club=other, by=other.created_by, role=Role.SCOREKEEPER).code,
        user=user,
    )
    Player.objects.create(name="Cousin Al", user=user)
    client.force_login(user)

    text = client.get(PROFILE).content.decode()

    assert user.username in text
    assert f'value="{user.email}"' in text
    assert "Tuesday Hall" in text
    assert "Organiser" in text
    assert "Elks Lodge" in text
    assert "Scorekeeper" in text
    assert club.players.get(user=user).name in text
    assert "Cousin Al" in text
    assert "outside any club" in text
    assert reverse("accounts:password_change") in text
    assert f'method="post" action="{reverse("accounts:logout")}"' in text


def test_profile_changes_the_email(client: Client, user: AbstractUser) -> None:
    client.force_login(user)

    answer = client.post(
        reverse("accounts:email_change"), {"email": "new@example.org"}, follow=True
    )

    user.refresh_from_db()
    assert user.email == "new@example.org"
    assert "Your email address is saved." in answer.content.decode()


def test_profile_refuses_a_malformed_email_next_to_the_field(
    client: Client, user: AbstractUser
) -> None:
    client.force_login(user)

    answer = client.post(reverse("accounts:email_change"), {"email": "not-an-address"})

    assert answer.status_code == 200
    assert 'id="id_email_error"' in answer.content.decode()
    user.refresh_from_db()
    assert user.email != "not-an-address"


def test_profile_query_count_does_not_grow_with_clubs(client: Client) -> None:
    def profile_queries(clubs: int) -> int:
        member = UserFactory()
        for n in range(clubs):
            club_create(name=f"Club {member.pk}-{n}", by=member)
        services.token_create(user=member)
        client.force_login(member)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(PROFILE).status_code == 200
        return len(queries.captured_queries)

    assert profile_queries(1) == profile_queries(5)


# API token


def test_token_create_shows_the_key_once_then_only_its_start(
    client: Client, user: AbstractUser
) -> None:
    client.force_login(user)

    answer = client.post(reverse("accounts:token_create"))

    assert answer.status_code == 302
    assert answer.url == f"{PROFILE}#api-token"
    key = Token.objects.get(user=user).key
    first = client.get(PROFILE).content.decode()
    assert key in first
    assert "it is not shown again" in first
    again = client.get(PROFILE).content.decode()
    assert key not in again
    assert f"<code>{key[:6]}…</code>" in again
    assert "Replace token" in again
    assert "Revoke token" in again


def test_token_replace_revokes_the_old_one(client: Client, user: AbstractUser) -> None:
    old = services.token_create(user=user).key
    client.force_login(user)

    client.post(reverse("accounts:token_create"))

    tokens = Token.objects.filter(user=user)
    assert tokens.count() == 1
    assert tokens.get().key != old


def test_token_revoke(client: Client, user: AbstractUser) -> None:
    services.token_create(user=user)
    client.force_login(user)

    answer = client.post(reverse("accounts:token_revoke"), follow=True)

    assert not Token.objects.filter(user=user).exists()
    text = answer.content.decode()
    assert "Your API token is revoked" in text
    assert "Create token" in text
    assert "Revoke token" not in text


def test_token_revoke_without_a_token_says_there_was_none(
    client: Client, user: AbstractUser
) -> None:
    client.force_login(user)

    answer = client.post(reverse("accounts:token_revoke"), follow=True)

    assert "nothing to revoke" in answer.content.decode()


@pytest.mark.parametrize("name", ["accounts:token_create", "accounts:token_revoke"])
def test_token_changes_are_post_only_and_need_a_login(
    client: Client, user: AbstractUser, name: str
) -> None:
    url = reverse(name)
    anonymous = client.post(url)
    assert anonymous.status_code == 302
    assert anonymous.url.startswith(LOGIN)

    client.force_login(user)

    assert client.get(url).status_code == 405
    assert not Token.objects.filter(user=user).exists()


def test_a_token_made_on_the_profile_starts_a_game_through_the_api(
    client: Client, user: AbstractUser
) -> None:
    client.force_login(user)
    client.post(reverse("accounts:token_create"))
    key = Token.objects.get(user=user).key

    answer = Client().post(
        "/api/v1/games/",
        {"variant": "auction", "players": ["A", "B"]},
        content_type="application/json",
        headers={"Authorization": f"Token {key}"},
    )

    assert answer.status_code == 201


def test_a_revoked_token_is_refused_by_the_api(user: AbstractUser) -> None:
    key = services.token_create(user=user).key
    assert services.token_revoke(user=user) is True

    answer = Client().post(
        "/api/v1/games/",
        {"variant": "auction", "players": ["A", "B"]},
        content_type="application/json",
        headers={"Authorization": f"Token {key}"},
    )

    assert answer.status_code == 401
    assert services.token_revoke(user=user) is False


# Content-Security-Policy: no inline style or script on any account page.


@pytest.mark.parametrize(
    "name",
    [
        "accounts:signup",
        "accounts:login",
        "accounts:profile",
        "accounts:password_change",
        "accounts:password_change_done",
        "accounts:password_reset",
        "accounts:password_reset_done",
        "accounts:password_reset_complete",
    ],
)
def test_account_pages_have_no_inline_style_or_script(
    client: Client, user: AbstractUser, name: str
) -> None:
    services.token_create(user=user)
    client.force_login(user)

    text = client.get(reverse(name)).content.decode()

    assert "style=" not in text
    assert "<style" not in text
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", text) == []
    assert re.search(r"\son[a-z]+=", text) is None


def test_a_lockout_also_refuses_the_api_token_endpoint(user: AbstractUser) -> None:
    api = Client()
    url = reverse("api:token")
    for _ in range(5):
        api.post(
            url,
            {"username": user.username, "password": "not-it"},
            content_type="application/json",
        )

    right = api.post(
        url,
        {"username": user.username, "password": PASSWORD},
        content_type="application/json",
    )

    # In JSON, with Retry-After: tests/pitchclub/test_client_address.py.
    assert right.status_code == 429
    assert "token" not in right.json()


# The welcome after sign-up is on the very page the sign-up leads to, whichever it is.


@pytest.mark.parametrize(
    "next_name", ["invite", "new_game", "clubs", "profile", "home", "join"]
)
def test_the_welcome_shows_on_the_first_page_after_signup(
    client: Client, next_name: str
) -> None:
    organiser = UserFactory()
    club = club_create(name="Grange Hall", by=organiser)
    invite = invite_create(club=club, by=organiser, role=Role.MEMBER)
    next_url = {
        "invite": reverse("clubs:join_code", args=[invite.code]),
        "new_game": reverse("scoring:new_game"),
        "clubs": reverse("clubs:list"),
        "profile": "",
        "home": reverse("scoring:home"),
        "join": reverse("clubs:join"),
    }[next_name]
    data = {**_signup_data(), **({"next": next_url} if next_url else {})}

    first = client.post(SIGNUP, data, follow=True)

    assert len(first.redirect_chain) == 1
    welcome = "Welcome, ann: your account is ready."
    assert first.content.decode().count(welcome) == 1
    # Shown once: the next page no longer says it.
    assert welcome not in client.get(PROFILE).content.decode()

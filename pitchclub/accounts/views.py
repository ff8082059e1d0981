"""Account pages: sign-up, the profile (email, players, clubs, API token) and the
login-lockout answer. Login, logout and the password pages are Django's own views,
wired in urls.py with our templates; the two that set a new password also revoke the
account's API token."""

import hashlib
from datetime import timedelta

from axes.helpers import get_client_username, get_cool_off
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractUser
from django.db import IntegrityError, transaction
from django.forms import Form
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from rest_framework.authtoken.models import Token

from pitchclub import panels, selectors, throttles
from pitchclub.accounts import services
from pitchclub.accounts.forms import EmailForm, SignupForm

# A new token's key is shown once, on the page the creation redirects to.
NEW_TOKEN_SESSION_KEY = "accounts_new_token"
TOKEN_PREFIX_LENGTH = 6


def _safe_next(request: HttpRequest) -> str:
    """The `next` address if it stays on this site, else ""."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return ""


def _too_many_accounts(wait: int) -> str:
    # Translators: wait is a time, "5 minutes".
    return _(
        "Too many accounts were created from your network lately. Wait %(wait)s, "
        "then try again."
    ) % {"wait": throttles.wait_words(wait)}


def _account_from_form(form: SignupForm) -> AbstractUser | None:
    """The account a valid form asks for; None, with the error shown on the form,
    if someone took the name between the form's check and the insert.

    An address another account already uses is accepted like any other: refusing
    it (or saying so) would tell anyone typing an address whether it has an account
    here. Django allows one address on several accounts; a reset mail then goes to
    each of them and names its username, so every owner can still recover their
    own account."""
    try:
        return services.account_create(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
        )
    except IntegrityError:
        form.add_error("username", _("A user with that username already exists."))
        return None


@never_cache
@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "accounts:profile")
    if request.method != "POST":
        form = SignupForm()
    else:
        form = SignupForm(request.POST)
        # Accounts created are counted per client address; a form with mistakes
        # is not an account and does not count, nor a name taken meanwhile (the
        # try is given back).
        accounts = throttles.address_throttle(request, "signup")
        if form.is_valid() and (wait := accounts.take()):
            form.add_error(None, _too_many_accounts(wait))
            context = {"form": form, "next": next_url}
            page = render(request, "pitchclub/accounts/signup.html", context)
            return throttles.too_many(page, wait)
        if form.is_valid():
            user = _account_from_form(form)
            if user is None:
                accounts.give_back()
            else:
                backend = "django.contrib.auth.backends.ModelBackend"
                login(request, user, backend=backend)
                messages.success(
                    request,
                    _("Welcome, %(username)s: your account is ready.")
                    % {"username": user.get_username()},
                )
                return redirect(next_url or "accounts:profile")
    return render(
        request, "pitchclub/accounts/signup.html", {"form": form, "next": next_url}
    )


def _profile_page(request: HttpRequest, email_form: EmailForm) -> HttpResponse:
    """The profile page in a constant number of queries, however many clubs."""
    user = request.user
    token = Token.objects.filter(user=user).first()
    new_key = request.session.pop(NEW_TOKEN_SESSION_KEY, None)
    memberships = list(
        selectors.clubs_of(user)
        .prefetch_related(selectors.organisers_prefetch("club__memberships"))
        .order_by("club__name", "club_id")
    )
    players = list(
        user.players.select_related("club").order_by("club__name", "club_id", "name")
    )
    # Two clubs of one name are told apart (where they play, who organises them…).
    clubs = {m.club.pk: m.club for m in memberships}
    for player in players:
        if player.club is not None:
            player.club = clubs.setdefault(player.club.pk, player.club)
    hints = selectors.club_hints(clubs.values())
    for club in clubs.values():
        club.hint = hints[club.pk]
    context = {
        "email_form": email_form,
        "players": players,
        "memberships": memberships,
        # Other apps' sections (scoring: the user's games).
        "panels": panels.profile_panels(request, user),
        "token": token,
        "token_prefix": token.key[:TOKEN_PREFIX_LENGTH] if token else "",
        # Shown only if it is still the user's token (not replaced in another tab).
        "new_token_key": new_key if token and token.key == new_key else None,
    }
    return render(request, "pitchclub/accounts/profile.html", context)


@never_cache
@login_required
@require_safe
def profile(request: HttpRequest) -> HttpResponse:
    return _profile_page(request, EmailForm(initial={"email": request.user.email}))


@never_cache
@login_required
@require_POST
def email_change(request: HttpRequest) -> HttpResponse:
    form = EmailForm(request.POST)
    if not form.is_valid():
        return _profile_page(request, form)
    # As at sign-up, an address used by another account is not refused (nor said).
    services.email_change(user=request.user, email=form.cleaned_data["email"])
    messages.success(request, _("Your email address is saved."))
    return redirect("accounts:profile")


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    token = services.token_create(user=request.user)
    request.session[NEW_TOKEN_SESSION_KEY] = token.key
    return redirect(reverse("accounts:profile") + "#api-token")


@login_required
@require_POST
def token_revoke(request: HttpRequest) -> HttpResponse:
    if services.token_revoke(user=request.user):
        messages.success(
            request, _("Your API token is revoked: scripts using it are now refused.")
        )
    else:
        messages.info(
            request, _("You had no API token, so there was nothing to revoke.")
        )
    return redirect(reverse("accounts:profile") + "#api-token")


class _RevokesToken:
    """A new password ends the old API token too, as it ends other sessions: whoever
    knew the old password may have made a token with it. The done page says so."""

    def form_valid(self, form: Form) -> HttpResponse:
        with transaction.atomic():
            response = super().form_valid(form)
            services.token_revoke(user=form.user)
        return response


class PasswordChangeView(_RevokesToken, auth_views.PasswordChangeView):
    pass


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, with its mails counted per typed address (one inbox is not
    flooded) and per client address (one client does not flood many). The count
    and the refusal are the same whether or not the address has an account."""

    def form_valid(self, form: Form) -> HttpResponse:
        address = form.cleaned_data["email"].strip().lower()
        # Hashed: the cache holds no one's address.
        per_address = throttles.PageThrottle(
            "reset_mail", hashlib.sha256(address.encode()).hexdigest()
        )
        per_client = throttles.address_throttle(self.request, "reset_mail_ip")
        refusals = [
            (
                per_address,
                _(
                    "Reset links for this address were asked for too often. Look for "
                    "the last one in the inbox (and the spam folder), or wait "
                    "%(wait)s before asking again."
                ),
            ),
            (
                per_client,
                _(
                    "Too many reset links were asked for from your network. Wait "
                    "%(wait)s, then try again."
                ),
            ),
        ]
        taken = []
        for throttle, message in refusals:
            if wait := throttle.take():
                # A refused mail counts for neither limit.
                for earlier in taken:
                    earlier.give_back()
                form.add_error(None, message % {"wait": throttles.wait_words(wait)})
                return throttles.too_many(self.form_invalid(form), wait)
            taken.append(throttle)
        return super().form_valid(form)


class PasswordResetConfirmView(_RevokesToken, auth_views.PasswordResetConfirmView):
    pass


LOCKOUT_STATUS = 429


def _lockout_detail(username: str | None, wait: str) -> str:
    """The API's sentence for a locked-out sign-in, in the caller's language."""
    params = {"username": username, "wait": wait}
    if username and wait:
        text = _(
            "Too many failed sign-ins as %(username)s from this address: signing in "
            "as %(username)s is paused for %(wait)s."
        )
    elif username:
        text = _(
            "Too many failed sign-ins as %(username)s from this address: signing in "
            "as %(username)s is paused."
        )
    elif wait:
        text = _(
            "Too many failed sign-ins from this address: signing in is paused for "
            "%(wait)s."
        )
    else:
        text = _("Too many failed sign-ins from this address: signing in is paused.")
    return text % params + " " + _("Each try during the pause starts it again.")


API_PREFIX = "/api/"


def lockout(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    """django-axes' answer to a locked-out login (settings.AXES_LOCKOUT_CALLABLE):
    a page saying what happened, how long to wait and how to reset the password; on
    the API (the token endpoint, HTTP Basic) the same in JSON, {detail, code}. Both
    send Retry-After."""
    cool_off: timedelta | None = get_cool_off(request)
    now = timezone.now()
    username = get_client_username(request, credentials)
    wait = timeuntil(now + cool_off, now) if cool_off else ""
    if request.path_info.startswith(API_PREFIX):
        detail = _lockout_detail(username, wait)
        response: HttpResponse = JsonResponse(
            {"detail": detail.replace("\xa0", " "), "code": "locked_out"},
            status=LOCKOUT_STATUS,
        )
    else:
        context = {"username": username, "wait": wait}
        response = render(
            request, "pitchclub/accounts/lockout.html", context, status=LOCKOUT_STATUS
        )
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response

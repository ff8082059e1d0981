"""A person's language, saved on their account (pitchclub/language.py says which
language a page speaks): chosen with the chooser of every page's header and footer
or on the profile (both post to /i18n/setlang/), kept in AccountSettings, and
spoken wherever they sign in, on any phone."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views import i18n
from django.views.decorators.http import require_POST

from pitchclub.language import ACCOUNT_LANGUAGE, account_language, activate, is_language
from pitchclub.models import AccountSettings
from pitchclub.panels import Panel

# The API answers in the caller's Accept-Language (scripts have no account page).
API_PREFIX = "/api/"


class AccountLanguageMiddleware:
    """After AuthenticationMiddleware (and Django's LocaleMiddleware, which took the
    chooser's cookie or the browser's Accept-Language): a signed-in person's saved
    choice wins, on every page and in every session of their account."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = ""
        if not request.path_info.startswith(API_PREFIX):
            language = account_language(request.user)
        setattr(request, ACCOUNT_LANGUAGE, language)
        if language:
            activate(request, language)
        return self.get_response(request)


@transaction.atomic
def account_language_save(*, user: AbstractBaseUser, language: str) -> None:
    """Save the person's language on their account ("" to let each browser say)."""
    if language and not is_language(language):
        raise ValueError(f"{language!r} is not one of settings.LANGUAGES")
    AccountSettings.objects.update_or_create(user=user, defaults={"language": language})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (the cookie, then back to ``next``); for someone signed
    in, the choice is saved on their account too, so it follows them."""
    response = i18n.set_language(request)
    language = request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER, "")
    if request.user.is_authenticated and is_language(language):
        account_language_save(user=request.user, language=language)
    return response


def profile_language(request: HttpRequest, user: AbstractBaseUser) -> Panel:
    """The profile's section: the language saved on the account, and the chooser."""
    return Panel(
        "pitchclub/accounts/_language_panel.html",
        {
            "saved": account_language(user),
            "next": reverse("accounts:profile") + "#language",
        },
    )

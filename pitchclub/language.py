"""Which language a page speaks (docs/translating.md, "Which language").

In this order: the signed-in person's choice, saved on their account (it follows
them to a new phone); the choice this browser made through the chooser (Django's
language cookie, set by /i18n/setlang/); on a club's public pages (its page, walls,
table cards, public standings) the club's language; the browser's Accept-Language;
English. Django's LocaleMiddleware applies the cookie and Accept-Language; the
account's choice is applied after it by pitchclub.accounts.language's middleware;
a club's public view calls ``speak_club_language`` once it has the club.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from pitchclub.models import AccountSettings, Club

# The request's attribute where the middleware leaves the account's choice ("" when
# the person has none or is not signed in).
ACCOUNT_LANGUAGE = "account_language"


def is_language(code: object) -> bool:
    """Whether ``code`` is one of the site's languages (settings.LANGUAGES)."""
    return isinstance(code, str) and code in dict(settings.LANGUAGES)


def account_language(user: AbstractBaseUser | AnonymousUser) -> str:
    """The language the signed-in person chose ("" if none). No query when the user
    was read with its settings (pitchclub.accounts.backends); one otherwise."""
    if not user.is_authenticated:
        return ""
    try:
        chosen = user.account_settings.language
    except AccountSettings.DoesNotExist:
        return ""
    return chosen if is_language(chosen) else ""


def activate(request: HttpRequest, language: str) -> None:
    """Speak ``language`` for the rest of this request (the page, its <html lang>,
    the Content-Language header that LocaleMiddleware adds to the answer)."""
    translation.activate(language)
    request.LANGUAGE_CODE = language


def cookie_language(request: HttpRequest) -> str:
    """The language this browser chose with the chooser ("" if none)."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return chosen if is_language(chosen) else ""


def has_chosen(request: HttpRequest) -> bool:
    """Whether the visitor chose a language: on their account, or in this browser."""
    saved = getattr(request, ACCOUNT_LANGUAGE, None)
    if saved is None:
        user = getattr(request, "user", None)
        saved = account_language(user) if user is not None else ""
    return bool(saved or cookie_language(request))


def speak_club_language(request: HttpRequest, club: Club | None) -> None:
    """On a club's public page: the club's language for a visitor who chose none
    (before their browser's Accept-Language); their own choice otherwise."""
    if club is not None and is_language(club.language) and not has_chosen(request):
        activate(request, club.language)


def club_language(
    club_of: Callable[..., Club | None],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A view decorator: ``club_of(**view_kwargs)`` names the page's club (without
    a query when it can: it is called before the view), and the view speaks the
    club's language to a visitor who has not chosen one.

        @club_language(lambda slug, **_: Club.objects.filter(slug=slug).first())
        def wall(request, slug): ...

    A view that finds its club anyway calls ``speak_club_language`` instead."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not has_chosen(request):
                speak_club_language(request, club_of(**kwargs))
            return view(request, *args, **kwargs)

        return wrapped

    return decorate

"""The frame's languages: the chooser's list (each language named in itself, from
settings.LANGUAGES) and the site's name in the page's language at the end of every
page title ("Your account · Pitch Club" is "Ihr Konto · Pitch-Club" in German)."""

from django import template
from django.conf import settings
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

register = template.Library()

SITE_NAME = "Pitch Club"


def site_name() -> str:
    # Translators: the site's name, in page titles, the header and the installed app.
    return pgettext("site name", "Pitch Club")


@register.simple_tag
def site_languages() -> list[tuple[str, str]]:
    """(code, name) of every language, each name in its own language: "Deutsch"."""
    return list(settings.LANGUAGES)


@register.simple_tag
def language_name(code: str) -> str:
    """The language's name in itself ("Polski" for "pl")."""
    return dict(settings.LANGUAGES).get(code, code)


@register.filter(is_safe=True)
def site_named(title: str) -> str:
    """A page title with the site's name said in the page's language: a title ends
    in "Pitch Club" (base.html's own, or a page's "… · Pitch Club")."""
    text = str(title)
    if not text.rstrip().endswith(SITE_NAME):
        return title
    head = text.rstrip()[: -len(SITE_NAME)]
    named = head + site_name()
    return mark_safe(named) if isinstance(title, SafeString) else named

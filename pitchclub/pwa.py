"""The installable app: web manifest, service worker, offline page.

The service worker is served from the site root (not /static/) so that its scope is
the whole site. Its source is static/js/sw.js; this view fills in the list of static
files to keep on the phone and a version derived from them, so that a deploy that
changes any of them installs a new worker and refreshes its caches."""

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.messages.storage.base import BaseStorage
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils.translation import (
    get_language,
    get_language_bidi,
    gettext,
    pgettext,
)
from django.views.decorators.http import require_safe

app_name = "pwa"

THEME_COLOUR = "#0f1412"
SERVICE_WORKER = "js/sw.js"
# Placeholders in static/js/sw.js that service_worker() replaces.
VERSION_LINE = 'const VERSION = "unversioned";'
PRECACHE_LINE = "const PRECACHE = [];"
OFFLINE_LINE = 'const OFFLINE_URL = "/offline/";'
STATIC_LINE = 'const STATIC_URL = "/static/";'
# Sent by the service worker with every page it fetches in the background to keep a
# copy (static/js/sw.js, keptCopy()): KeptCopyMiddleware.
KEPT_COPY_HEADER = "X-Kept-Copy"

ICONS = [
    ("icons/pitchclub-192.png", "192x192", "image/png", "any"),
    ("icons/pitchclub-512.png", "512x512", "image/png", "any"),
    ("icons/pitchclub-maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/pitchclub.svg", "any", "image/svg+xml", "any"),
]


def _htmx_scripts() -> list[str]:
    """What {% htmx_script %} in base.html loads (django_htmx.jinja.htmx_script with
    its defaults: htmx 2, minified; its debug helper only when DEBUG)."""
    scripts = ["django_htmx/htmx-2.min.js"]
    if settings.DEBUG:
        scripts.append("django_htmx/django-htmx.js")
    return scripts


def _ours(folder: str, suffix: str) -> list[str]:
    """Our static/<folder>/**/*<suffix> (the stylesheets, the scripts and the
    modules they import, e.g. js/offline/*.js) in STATICFILES_DIRS, not the apps';
    not the service worker itself, which is served at /sw.js."""
    names: set[str] = set()
    for finder in finders.get_finders():
        if not isinstance(finder, finders.FileSystemFinder):
            continue
        for name, _storage in finder.list([]):
            name = name.replace("\\", "/")
            inside = name.startswith(f"{folder}/")
            if inside and name.endswith(suffix) and name != SERVICE_WORKER:
                names.add(name)
    return sorted(names)


def precache_files() -> list[str]:
    """Static paths (relative to STATIC_URL) the service worker keeps on the phone,
    whatever a page may load: only files that exist (one 404 fails the install)."""
    wanted = [
        *_ours("css", ".css"),
        *_ours("js", ".js"),
        *_htmx_scripts(),
        *(icon for icon, *_ in ICONS),
    ]
    return [name for name in wanted if finders.find(name)]


def _read(name: str) -> bytes:
    found = finders.find(name)
    if not found:
        raise FileNotFoundError(f"static file {name} not found")
    return Path(found).read_bytes()


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what the phone needs to install Pitch Club."""
    data = {
        # In the visitor's language (the phone asks with its own Accept-Language,
        # and the chooser's cookie): the name under the icon, the app's title.
        "name": pgettext("site name", "Pitch Club"),
        # Translators: the name under the app's icon on a phone: 12 letters at most.
        "short_name": pgettext("the app's short name", "Pitch Club"),
        "description": gettext(
            "Keep score of Pitch at the card table, from your phone."
        ),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static(name), "sizes": sizes, "type": kind, "purpose": purpose}
            for name, sizes, kind, purpose in ICONS
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js, with the precache list and a version filled in."""
    source = _read(SERVICE_WORKER).decode()
    files = precache_files()
    urls = [static(name) for name in files]
    # Hashed names change with the content in production; in DEBUG they don't, so
    # the content is hashed too (and the worker's own source).
    digest = hashlib.sha256(source.encode())
    for name, url in zip(files, urls, strict=True):
        digest.update(url.encode())
        digest.update(_read(name))
    version = digest.hexdigest()[:12]
    replacements = {
        VERSION_LINE: f"const VERSION = {json.dumps(version)};",
        PRECACHE_LINE: f"const PRECACHE = {json.dumps(urls, indent=2)};",
        OFFLINE_LINE: f"const OFFLINE_URL = {json.dumps(reverse('pwa:offline'))};",
        STATIC_LINE: f"const STATIC_URL = {json.dumps(settings.STATIC_URL)};",
    }
    for placeholder, line in replacements.items():
        if placeholder not in source:
            raise ValueError(f"{SERVICE_WORKER} lost its line {placeholder!r}")
        source = source.replace(placeholder, line, 1)
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit; never from a stale copy.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page that isn't on the phone while offline."""
    return render(request, "pitchclub/offline.html")


class _MessagesLeftWaiting(BaseStorage):
    """Messages storage of a kept copy: shows none, marks none shown, keeps none."""

    def _get(self, *args: object, **kwargs: object) -> tuple[list, bool]:
        return [], True

    def _store(
        self, messages: list, response: HttpResponse, *args: object, **kwargs: object
    ) -> list:
        return []


class KeptCopyMiddleware:
    """A page the service worker fetches to keep (the offline page on install, a
    game's fresh copy after a save) is not the page the person opens next: it leaves
    the messages ("Ann deals the first hand") waiting for that page. Without it such a
    fetch, landing between an action and its redirect, took the message. Placed after
    MessageMiddleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.headers.get(KEPT_COPY_HEADER):
            request._messages = _MessagesLeftWaiting(request)  # type: ignore[attr-defined]
        return self.get_response(request)


urlpatterns = [
    path("manifest.webmanifest", manifest, name="manifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("offline/", offline, name="offline"),
]

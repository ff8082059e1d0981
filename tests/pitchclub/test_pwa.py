"""The installable app (pitchclub/pwa.py): the web manifest and its icons, the service
worker served from the root with the list of files it keeps on the phone, and the
offline page, all under the site's Content-Security-Policy."""

import json
import posixpath
import re
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from pitchclub import pwa
from tests.factories import UserFactory, game_factory, record
from tests.pitchclub.test_security_headers import assert_security_headers, policy
from tests.pitchclub.test_settings import PRODUCTION, _manage

pytestmark = pytest.mark.django_db

SITE_POLICY = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]
STATIC_URL = "/static/"
PRODUCTION_STORAGE = "pitchclub.storage.StaticFilesStorage"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (the IHDR chunk comes first)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def static_file(url: str) -> Path:
    assert url.startswith(STATIC_URL), url
    found = finders.find(url.removeprefix(STATIC_URL))
    assert found, f"{url} is not a static file"
    return Path(found)


def static_source(url: str) -> str:
    return static_file(url).read_text()


def precache_of(source: str) -> list[str]:
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", source, re.M | re.S)
    assert match, "no precache list in sw.js"
    return json.loads(match.group(1))


def constant(source: str, name: str) -> str:
    match = re.search(rf"^const {name} = (\".*\");$", source, re.MULTILINE)
    assert match, f"no {name} in sw.js"
    return json.loads(match.group(1))


def sw_source(client: Client) -> str:
    return client.get("/sw.js").content.decode()


# A static import or re-export of an ES module by a relative path.
MODULE_IMPORT = re.compile(
    r"""\b(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']+)["']"""
)


def module_imports(url: str, source_of: Callable[[str], str]) -> set[str]:
    """The URLs of the modules the script at `url` imports, and theirs in turn."""
    found: set[str] = set()
    todo = [url]
    while todo:
        importer = todo.pop()
        for relative in MODULE_IMPORT.findall(source_of(importer)):
            imported = posixpath.normpath(
                posixpath.join(posixpath.dirname(importer), relative)
            )
            if imported not in found:
                found.add(imported)
                todo.append(imported)
    return found


def test_the_manifest_describes_the_installable_app(client: Client) -> None:
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Pitch Club"
    assert manifest["short_name"]
    assert manifest["description"]
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["background_color"] == "#0f1412"
    assert manifest["theme_color"] == "#0f1412"


def test_each_icon_in_the_manifest_is_a_real_file_of_its_stated_size(
    client: Client,
) -> None:
    icons = json.loads(client.get(reverse("pwa:manifest")).content)["icons"]

    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    for icon in pngs:
        width, height = png_size(static_file(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
    assert {(icon["sizes"], icon["purpose"]) for icon in pngs} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    [svg] = [icon for icon in icons if icon["type"] == "image/svg+xml"]
    assert svg["sizes"] == "any"
    assert static_file(svg["src"]).read_text().startswith("<svg")


def test_the_maskable_icon_is_full_bleed() -> None:
    """No transparent corner a mask could reveal: it is saved without alpha."""
    data = Path(finders.find("icons/pitchclub-maskable-512.png")).read_bytes()
    colour_type = data[25]
    assert colour_type == 2  # truecolour, no alpha channel


def test_the_service_worker_is_served_from_the_root_and_never_from_a_stale_copy(
    client: Client,
) -> None:
    response = client.get(reverse("pwa:service_worker"))

    assert reverse("pwa:service_worker") == "/sw.js"
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"


def test_the_service_worker_keeps_the_sites_own_files_and_only_existing_ones(
    client: Client,
) -> None:
    source = sw_source(client)
    urls = precache_of(source)

    for url in urls:
        assert static_file(url).is_file()
    assert len(urls) == len(set(urls))
    for name in [
        "css/site.css",
        "css/print.css",
        "js/pwa.js",
        "js/offline.js",
        "js/new_game.js",
        "django_htmx/htmx-2.min.js",
        "icons/pitchclub.svg",
        "icons/pitchclub-192.png",
        "icons/pitchclub-512.png",
        "icons/pitchclub-maskable-512.png",
    ]:
        assert STATIC_URL + name in urls
    assert STATIC_URL + "js/sw.js" not in urls
    assert constant(source, "OFFLINE_URL") == reverse("pwa:offline")
    assert constant(source, "STATIC_URL") == STATIC_URL
    assert re.fullmatch(r"[0-9a-f]{12}", constant(source, "VERSION"))


def test_a_file_that_does_not_exist_is_not_precached(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's install fails on a single 404: only files that exist are
    listed (e.g. a django-htmx upgrade that renames its script)."""
    monkeypatch.setattr(pwa, "_htmx_scripts", lambda: ["django_htmx/htmx-9.min.js"])

    urls = precache_of(sw_source(client))

    assert STATIC_URL + "django_htmx/htmx-9.min.js" not in urls
    assert STATIC_URL + "css/site.css" in urls


def test_a_new_script_is_precached_and_changes_the_version(
    client: Client, settings: Settings, tmp_path: Path
) -> None:
    """Every script and stylesheet we ship, without a list to keep up to date."""
    before = sw_source(client)
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "zz_new.js").write_text("// new\n")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]

    after = sw_source(client)

    assert STATIC_URL + "js/zz_new.js" not in precache_of(before)
    assert STATIC_URL + "js/zz_new.js" in precache_of(after)
    assert constant(before, "VERSION") != constant(after, "VERSION")


def test_every_script_stylesheet_and_icon_a_page_loads_is_precached(
    client: Client,
) -> None:
    """The home page and a game page as its scorekeeper sees it (the entry form's
    scripts): all they load is on the phone before the first game opens offline."""
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    client.force_login(keeper)
    urls = precache_of(sw_source(client))

    for page_url in [reverse("scoring:home"), reverse("scoring:game", args=[game.pk])]:
        page = client.get(page_url).content.decode()
        loaded = re.findall(r'<script src="([^"]+)"', page) + re.findall(
            r'<link rel="(?:stylesheet|icon|apple-touch-icon)" href="([^"]+)"', page
        )
        assert STATIC_URL + "css/site.css" in loaded
        for url in loaded:
            assert url in urls, f"{page_url} loads {url}"
            for module in (
                module_imports(url, static_source) if url.endswith(".js") else []
            ):
                assert module in urls, f"{url} imports {module}"
    assert STATIC_URL + "js/offline.js" in loaded  # the game page, editable
    # The offline queue's parts, which the page itself does not name.
    assert module_imports(STATIC_URL + "js/offline.js", static_source) == {
        STATIC_URL + f"js/offline/{part}.js" for part in offline_parts()
    }


def offline_parts() -> set[str]:
    """The offline queue's modules: every file of static/js/offline/ (each must be
    imported by offline.js, directly or not, and kept on the phone)."""
    folder = Path(settings.BASE_DIR) / "static" / "js" / "offline"
    parts = {path.stem for path in folder.glob("*.js")}
    assert len(parts) >= 6, parts
    return parts


def test_the_deployed_worker_and_manifest_name_the_hashed_files(
    client: Client, settings: Settings, tmp_path: Path
) -> None:
    """In production whitenoise serves content-hashed names (forever cacheable): the
    manifest and the precache list must use them, and so must the ES modules of the
    offline queue when they import each other: the phone offline has only the
    hashed names."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": PRODUCTION_STORAGE},
    }
    settings.DEBUG = False
    call_command("collectstatic", interactive=False, verbosity=0)

    icons = json.loads(client.get("/manifest.webmanifest").content)["icons"]
    urls = precache_of(sw_source(client))

    hashed = re.compile(r"\.[0-9a-f]{12}\.(css|js|png|svg)$")
    for url in [icon["src"] for icon in icons] + urls:
        assert hashed.search(url), url
        assert (tmp_path / url.removeprefix(STATIC_URL)).is_file()
    assert not any("django-htmx.js" in url for url in urls)  # a DEBUG-only helper
    [offline] = [url for url in urls if re.search(r"/js/offline\.\w+\.js$", url)]
    modules = module_imports(
        offline, lambda url: (tmp_path / url.removeprefix(STATIC_URL)).read_text()
    )
    assert len(modules) == len(offline_parts())
    for module in modules:
        assert hashed.search(module), f"{offline} imports {module}"
        assert module in urls, f"{offline} imports {module}, which is not kept"


def test_production_hashes_the_names_modules_import() -> None:
    code = (
        "from django.conf import settings; "
        'print(settings.STORAGES["staticfiles"]["BACKEND"])'
    )
    result = _manage("shell", "--no-imports", "-c", code, **PRODUCTION)
    assert result.stdout.strip() == PRODUCTION_STORAGE, result.stderr


def test_the_offline_page_says_what_still_works(client: Client) -> None:
    response = client.get("/offline/")

    assert reverse("pwa:offline") == "/offline/"
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" in text  # the whole page, with the site's header
    assert "You are offline" in text
    assert "hands you record are kept on this phone" in text


@pytest.mark.parametrize("url", ["/manifest.webmanifest", "/sw.js", "/offline/"])
def test_the_site_policy_still_applies(client: Client, url: str) -> None:
    response = client.get(url)

    assert_security_headers(response)
    assert policy(response) == SITE_POLICY


@pytest.mark.parametrize("url", ["/manifest.webmanifest", "/sw.js", "/offline/"])
def test_they_only_answer_get(client: Client, url: str) -> None:
    assert client.post(url).status_code == 405


def test_the_service_worker_source_keeps_the_lines_the_server_fills_in() -> None:
    source = Path(finders.find(pwa.SERVICE_WORKER)).read_text()

    lines = [pwa.VERSION_LINE, pwa.PRECACHE_LINE, pwa.OFFLINE_LINE, pwa.STATIC_LINE]
    for line in lines:
        assert source.count(line) == 1, line


class TestKeptCopiesLeaveMessagesWaiting:
    """The service worker fetches pages in the background to keep them (the offline
    page on install, a game's fresh copy after a save). Such a fetch landing between
    an action and the page it redirects to took that page's message ("Ann deals the
    first hand"): CI's flaky rematch test. A kept copy leaves the messages waiting."""

    def _queue_message(self, client: Client) -> str:
        """A finished game's rematch: its message waits for the next page."""
        keeper = UserFactory(username="kate")
        client.force_login(keeper)
        game = game_factory(created_by=keeper, options={"target": 3})
        # Ann deals, is stuck with 2, takes High, Low and Game: 3 points, out.
        record(game, ["pass", "pass", "pass", 2], {"high": 0, "low": 0, "game": 0})
        response = client.post(reverse("scoring:game_again", args=[game.pk]))
        assert response.status_code == 302, response
        return response["Location"]

    def test_the_offline_page_kept_on_install_takes_no_message(
        self, client: Client
    ) -> None:
        again = self._queue_message(client)
        kept = client.get(reverse("pwa:offline"), headers={pwa.KEPT_COPY_HEADER: "1"})
        assert kept.status_code == 200
        assert b"deals the first hand" not in kept.content
        shown = client.get(again)
        assert b"deals the first hand" in shown.content

    def test_a_game_page_refreshed_in_the_background_takes_no_message(
        self, client: Client
    ) -> None:
        again = self._queue_message(client)
        kept = client.get(again, headers={pwa.KEPT_COPY_HEADER: "1"})
        assert kept.status_code == 200
        assert b"deals the first hand" not in kept.content
        assert b"deals the first hand" in client.get(again).content

    def test_without_the_header_the_page_shows_the_message_once(
        self, client: Client
    ) -> None:
        again = self._queue_message(client)
        assert b"deals the first hand" in client.get(again).content
        assert b"deals the first hand" not in client.get(again).content

    def test_the_worker_marks_every_background_fetch_of_a_page(self) -> None:
        source = Path(static_file("/static/js/sw.js")).read_text()
        assert f'"{pwa.KEPT_COPY_HEADER}"' in source
        # install (addAll), keepOfflinePage (add) and refresh (fetch) all go through it
        assert "cache.addAll([...PRECACHE, OFFLINE_URL])" not in source
        assert "cache.add(OFFLINE_URL)" not in source
        assert re.search(r"fetch\(url\.href,", source) is None

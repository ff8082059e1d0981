"""Each point's row on the table page links to "How to score" at that point, in the
game's variant (issue 24, item 7); the footer links the help pages from every page."""

import re

import pytest
from django.test import Client

from tests.factories import UserFactory, game_factory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "points"),
    [
        ("auction", ["high", "low", "jack", "game"]),
        ("thirteen", ["ace", "jack", "jick", "off_three", "two"]),
    ],
)
def test_every_point_links_to_its_help(
    client: Client, variant: str, points: list[str]
) -> None:
    keeper = UserFactory()
    game = game_factory(variant=variant, created_by=keeper, partnership=True)
    client.force_login(keeper)
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    links = re.findall(r'class="help-link" href="([^"]+)" aria-label="([^"]+)"', html)
    hrefs = [href for href, _ in links]
    for point in points:
        assert f"/how-to-score/{variant}/#{point}" in hrefs
    assert all(label.startswith("So wird gezählt: ") for _, label in links)
    for href in {h.split("#")[0] for h in hrefs}:
        assert client.get(href).status_code == 200
    assert 'href="/how-to-score/"' in html

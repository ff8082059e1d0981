"""The table page as lean as the API (issue 25 item 3): a tap's preview of a new
hand reads the game row and its seats, no hand (4 statements with the session and
the user), and answers byte for byte what it answered with every hand read."""

import re
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.services import clubs as club_services
from scoring.games import hands as hand_services
from scoring.games import selectors, services
from scoring.models import Game
from scoring.table import sheet as sheets
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def solo_played(keeper, target: int = 7) -> Game:  # type: ignore[no-untyped-def]
    game = game_factory(created_by=keeper, options={"target": target})
    for _ in range(3):
        record(game, ["pass", 2, "pass", "pass"], {"high": 1, "low": 1})
    return game


def partners_waiting(keeper, target: int = 7) -> Game:  # type: ignore[no-untyped-def]
    """Partners, one team at the target waiting to win a bid."""
    game = game_factory(created_by=keeper, partnership=True, options={"target": target})
    for _ in range(3):
        record(game, ["pass", 2, "pass", "pass"], {"high": 1, "low": 1, "game": 1})
    return game


def twenty_hands(keeper, target: int = 50) -> Game:  # type: ignore[no-untyped-def]
    """A long evening's game: 20 hands, none of them ending it."""
    game = game_factory(created_by=keeper, options={"target": target})
    for n in range(20):
        pitcher = n % 4
        calls: list[object] = ["pass"] * 4
        calls[pitcher] = 2
        record(game, calls, {"high": pitcher, "low": (pitcher + 1) % 4})
    return game


def club_twenty(keeper, target: int = 50, private: bool = False) -> Game:  # type: ignore[no-untyped-def]
    """Twenty hands of a club's game, its organiser keeping score: who may record
    and manage it is read with the game, not asked again per answer."""
    club = club_services.club_create(
        name=f"Crown Pitch {keeper.pk}", by=keeper, is_private=private
    )
    game = twenty_hands(keeper, target)
    game.club = club
    game.save(update_fields=["club"])
    return game


def private_club_twenty(keeper, target: int = 50) -> Game:  # type: ignore[no-untyped-def]
    return club_twenty(keeper, target, private=True)


def thirteen(keeper) -> Game:  # type: ignore[no-untyped-def]
    return game_factory(created_by=keeper, variant="thirteen", partnership=True)


TAPS = [
    {"pitcher": "1", "bid": "2", "award-high": "1", "award-low": "2"},
    {
        "pitcher": "1",
        "bid": "2",
        "award-high": "1",
        "award-low": "2",
        "award-jack": "none",
        "award-game": "3",
    },
    {"pitcher": "2", "bid": "4", "award-high": "0"},
    {"mode": "full", "call-0": "pass", "call-1": "3"},
    {"pitcher": "9", "bid": "2"},
]


def preview(client: Client, game: Game, taps: dict[str, str]) -> tuple[bytes, int]:
    url = reverse("scoring:hand_record", args=[game.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {**taps, "action": "preview"}, **HX)
    assert response.status_code == 200, response.content
    return response.content, len(queries)


@pytest.mark.parametrize(
    "build", [solo_played, partners_waiting, thirteen, club_twenty, private_club_twenty]
)
def test_a_preview_reads_no_hand_and_answers_the_same(
    client: Client, monkeypatch: pytest.MonkeyPatch, build: Callable[..., Game]
) -> None:
    keeper = UserFactory()
    client.force_login(keeper)
    game = build(keeper)
    client.get(reverse("scoring:game", args=[game.pk]))  # the session as a phone's
    lean = [preview(client, game, taps) for taps in TAPS]
    for _content, statements in lean:
        assert statements <= 4
    # The same answers with the whole game read, as before.
    monkeypatch.setattr(
        selectors,
        "game_for_entry",
        lambda *, game_id, user: selectors.game_detail(game_id=game_id, user=user),
    )
    monkeypatch.setattr(sheets, "entry_sheet", sheets.game_sheet)
    whole = [preview(client, game, taps) for taps in TAPS]
    for (lean_content, _), (whole_content, statements) in zip(lean, whole, strict=True):
        assert statements > 4
        assert lean_content == whole_content


def _steady(html: bytes) -> str:
    """The page without what changes at every answer: the CSRF token (masked anew
    each time) and the next hand's client_id (a new UUID)."""
    text = html.decode()
    text = re.sub(r'(csrfmiddlewaretoken" value=")[^"]+', r"\1…", text)
    text = re.sub(r'("X-CSRFToken": ")[^"]+', r"\1…", text)
    text = re.sub(r'(name="client_id" value=")[^"]+', r"\1…", text)
    text = re.sub(r'(data-client-id=")[^"]+', r"\1…", text)
    # Versions carry the hand's row and the moment of the last change: two saves
    # (rolled back, the row's number not: PostgreSQL's sequences) differ.
    text = re.sub(r"version=[^\"&]+", "version=…", text)
    return re.sub(r"\d{16}", "…", text)


def with_history(keeper, target: int = 7) -> Game:  # type: ignore[no-untyped-def]
    """Corrected, undone, abandoned and resumed: both logs to show."""
    game = solo_played(keeper, target)
    hand_services.hand_undo(game_id=game.pk, number=3, by=keeper)
    services.game_abandon(game_id=game.pk, by=keeper)
    services.game_resume(game_id=game.pk, by=keeper)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize(
    ("build", "most"),
    [
        (solo_played, 6),
        (partners_waiting, 6),
        (club_twenty, 6),
        (private_club_twenty, 6),
        (with_history, 8),
    ],
)
def test_the_game_page_reads_its_logs_only_when_it_has_any(
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    build: Callable[..., Game],
    most: int,
) -> None:
    keeper = UserFactory()
    client.force_login(keeper)
    game = build(keeper)
    page = reverse("scoring:game", args=[game.pk])
    client.get(page)
    with CaptureQueriesContext(connection) as queries:
        lean = client.get(page)
    assert len(queries) <= most
    # As before: both logs read whatever the game.
    detail = selectors.game_detail

    def without_flags(*, game_id: int, user: object) -> Game:
        found = detail(game_id=game_id, user=user)
        del found.has_revisions, found.has_log
        return found

    monkeypatch.setattr(selectors, "game_detail", without_flags)
    with CaptureQueriesContext(connection) as queries:
        whole = client.get(page)
    assert len(queries) == 8
    assert _steady(lean.content) == _steady(whole.content)


SAVE = {
    "pitcher": "1",
    "bid": "2",
    "award-high": "1",
    "award-low": "2",
    "award-jack": "1",
    "award-game": "1",
}


@pytest.mark.parametrize(
    ("build", "most"),
    [
        (solo_played, 10),
        (partners_waiting, 10),
        (twenty_hands, 10),
        (club_twenty, 10),
        (private_club_twenty, 10),
        (with_history, 12),
    ],
)
def test_a_save_reads_the_game_once_and_answers_the_same(
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    build: Callable[..., Game],
    most: int,
) -> None:
    keeper = UserFactory()
    client.force_login(keeper)
    game = build(keeper, target=50)  # a hand that does not end it (no ratings)
    client.get(reverse("scoring:game", args=[game.pk]))
    url = reverse("scoring:hand_record", args=[game.pk])
    number = str(game.hand_count + 1)
    posted = {**SAVE, "action": "save", "number": number}

    def save() -> tuple[bytes, list[str]]:
        point = transaction.savepoint()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, posted, **HX)
        transaction.savepoint_rollback(point)
        assert response.status_code == 201, response.content
        statements = [
            q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]
        ]
        return response.content, statements

    lean, statements = save()
    # Savepoints not counted: the session, the user, the game, its seats, the
    # client_id, the hand, its awards, the game's row, the statistics' rows
    # (scoring.stats.player_games) and the hands with their awards read back in
    # one join, whatever the game's length; a game with corrections reads its
    # two logs too.
    assert len(statements) <= most, "\n".join(statements)
    # As before: the game read whole again after the save.
    monkeypatch.setattr(
        selectors,
        "with_hands",
        lambda found: selectors.game_detail(game_id=found.pk, user=keeper),
    )
    whole, _ = save()
    assert _steady(lean) == _steady(whole)
    assert f"Hand {number} saved" in lean.decode()

"""`manage.py demo` loads a realistic club evening, once."""

import pytest
from django.core.management import CommandError, call_command
from pytest_django.fixtures import Settings
from rest_framework.authtoken.models import Token

from scoring.models import Game, HandRevision, Status

pytestmark = pytest.mark.django_db


def test_demo_loads_finished_and_running_games_of_both_variants() -> None:
    call_command("demo", force=True)

    games = list(Game.objects.all())
    kinds = {(game.variant, game.partnership, game.status) for game in games}
    assert ("auction", False, Status.FINISHED) in kinds
    assert ("auction", False, Status.IN_PROGRESS) in kinds
    assert ("auction", True, Status.IN_PROGRESS) in kinds
    assert ("thirteen", True, Status.FINISHED) in kinds
    assert ("thirteen", True, Status.IN_PROGRESS) in kinds
    # Set-backs are part of a real evening.
    assert any(not hand.made for game in games for hand in game.hands.all())
    assert all(game.scores == game.hands.last().scores for game in games)


def test_demo_twice_adds_nothing_the_second_time() -> None:
    call_command("demo", force=True)
    counts = (Game.objects.count(), HandRevision.objects.count())
    call_command("demo", force=True)
    assert (Game.objects.count(), HandRevision.objects.count()) == counts


def test_demo_refuses_without_debug(settings: Settings) -> None:
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG=1"):
        call_command("demo")
    assert not Game.objects.exists()


def test_demo_prints_the_login_and_an_api_token(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("demo", force=True)
    call_command("demo", force=True)

    printed = capsys.readouterr().out
    token = Token.objects.get(user__username="demo").key
    assert printed.count(f"API token {token}") == 2
    assert "demo / pitch-demo" in printed

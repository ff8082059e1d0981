"""`manage.py demo` shows the organiser's side: a finished cup, a Swiss in its
second round, a progressive night in progress and a season with playoffs to start,
made through the services, once."""

import pytest
from django.core.management import call_command

from scoring import demo as demos
from scoring.models import Game, Hand, Status
from tournaments.models import Match, MatchStatus, Night, Season, Tournament
from tournaments.seasons.standings import season_standings

pytestmark = pytest.mark.django_db


def _matches(name: str) -> list[Match]:
    return list(
        Match.objects.filter(tournament__name=name)
        .select_related("round")
        .order_by("round__id", "number")
    )


def test_demo_has_a_finished_cup_played_at_the_table_and_on_paper() -> None:
    call_command("demo", force=True)

    cup = Tournament.objects.get(name="Crown Cup")
    assert (cup.format, cup.status) == ("single_elimination", "finished")
    assert cup.entrants.count() == 6
    assert cup.champion_id is not None
    matches = _matches("Crown Cup")
    assert all(match.status == MatchStatus.COMPLETED for match in matches)
    assert sum(match.slots == 1 for match in matches) == 2  # seeds 1 and 2's byes
    played = [match for match in matches if match.slots == 2]
    assert sum(match.on_paper for match in played) == 1
    at_table = [match for match in played if not match.on_paper]
    assert len(at_table) == 4
    for match in at_table:
        game = match.games.get().game
        assert game.status == Status.FINISHED
        assert game.hands.exists()
        assert match.winner_id is not None


def test_demo_has_a_swiss_in_its_second_round_and_a_night_in_round_two() -> None:
    call_command("demo", force=True)

    swiss = Tournament.objects.get(name="Winter Swiss")
    assert (swiss.format, swiss.status, swiss.settings["rounds"]) == (
        "swiss",
        "running",
        3,
    )
    rounds = {match.round.number for match in _matches("Winter Swiss")}
    assert rounds == {1, 2}
    second = [m.status for m in _matches("Winter Swiss") if m.round.number == 2]
    assert MatchStatus.COMPLETED in second
    assert MatchStatus.RUNNING in second

    night = Tournament.objects.get(name="Progressive night")
    assert (night.format, night.status, night.settings["rounds"]) == (
        "progressive",
        "running",
        4,
    )
    tables = [m for m in _matches("Progressive night") if m.round.number == 2]
    assert [m.status for m in tables] == ["completed", "running", "ready"]
    assert any(m.on_paper for m in _matches("Progressive night"))


def test_demo_has_a_season_of_three_nights_with_playoffs_to_start() -> None:
    call_command("demo", force=True)

    season = Season.objects.get(name="Autumn League")
    assert Night.objects.filter(season=season).count() == 3
    standings = season_standings(season)
    assert sum(line.qualified for line in standings) >= 4
    assert sum(line.wins for line in standings) == 6  # two games a night
    assert season.playoffs_id is None
    assert not Tournament.objects.filter(name__icontains="playoffs").exists()


def _counts() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        Match.objects.count(),
        Game.objects.count(),
        Hand.objects.count(),
        Season.objects.count(),
        Night.objects.count(),
    )


def test_demo_twice_adds_no_tournament_the_second_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("demo", force=True)
    counts = _counts()
    call_command("demo", force=True)

    assert _counts() == counts
    assert "nothing added" in capsys.readouterr().out


def test_an_older_demo_gets_the_tournaments_on_the_next_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A demo loaded before the tournaments' part existed: games only.
    with monkeypatch.context() as patch:
        patch.setattr(demos, "_PARTS", {})
        call_command("demo", force=True)
    assert not Tournament.objects.exists()
    games = Game.objects.count()

    call_command("demo", force=True)

    assert Tournament.objects.count() == 3
    assert Season.objects.count() == 1
    assert Game.objects.filter(tournament_match__isnull=True).count() == games + 6
    assert "a finished cup" in capsys.readouterr().out

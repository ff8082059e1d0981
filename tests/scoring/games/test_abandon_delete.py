"""Abandoning, resuming and deleting a game (issue 11, item 7): the services, the
game log and its tombstones, the game hook, who may, the pages and their confirm
steps; and "New game, same players" with its choice of who deals first."""

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import transaction
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club, Membership, Role
from pitchclub.services import clubs as club_services
from scoring import engine, refusals
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.games import hooks, selectors, services
from scoring.models import Game, GameLog, HandRevision, Seat, Status
from tests.factories import UserFactory, game_factory, record
from tests.helpers import signed_in

HAND = {"auction": (2, "pass", "pass", "pass"), "awards": {"high": 1, "low": 1}}


def a_hand() -> engine.HandInput:
    return engine.HandInput(**HAND)


@pytest.fixture
def club(user: AbstractUser) -> Club:
    """`user` organises it."""
    return club_services.club_create(name="Thursday Pitch", by=user)


def club_game(club: Club, by: AbstractUser) -> Game:
    return services.game_start(
        variant="auction", players=["Ann", "Bob", "Cy", "Di"], club=club, created_by=by
    )


def member(club: Club, role: str) -> AbstractUser:
    someone = UserFactory()
    Membership.objects.create(club=club, user=someone, role=role)
    return someone


# --- the services ---------------------------------------------------------------------


def test_abandoning_keeps_the_game_read_only_and_logs_it(
    user: AbstractUser, three_hands: Game
) -> None:
    game, changed = services.game_abandon(game_id=three_hands.pk, by=user)
    assert changed
    assert game.status == Status.ABANDONED
    assert game.winner is None
    game.refresh_from_db()
    assert game.status == "abandoned"
    assert game.hand_count == 3
    assert game.hands.count() == 3  # kept
    (entry,) = GameLog.objects.filter(game=game)
    assert entry.action == "abandon"
    assert entry.changed_by == user
    assert entry.before["status"] == "in_progress"
    assert entry.before["hand_count"] == 3
    assert entry.before["players"] == ["Ann", "Bob", "Cy", "Di"]
    # Read-only: recording, correcting and undoing are refused as conflicts.
    for write in (
        lambda: hand_services.hand_record(game_id=game.pk, hand=a_hand()),
        lambda: hand_services.hand_correct(game_id=game.pk, number=1, hand=a_hand()),
        lambda: hand_services.hand_undo(game_id=game.pk, number=3),
    ):
        with pytest.raises(RuleViolation) as refused:
            write()
        assert refused.value.code == "game_abandoned"
        assert "abandoned" in refused.value.message
        assert "Resume" in refused.value.message
    assert game.hands.count() == 3
    assert not HandRevision.objects.filter(game=game).exists()


def test_a_second_abandon_changes_nothing(user: AbstractUser, game: Game) -> None:
    services.game_abandon(game_id=game.pk, by=user)
    _, changed = services.game_abandon(game_id=game.pk, by=user)
    assert not changed
    assert GameLog.objects.filter(game=game).count() == 1


def test_a_finished_game_cannot_be_abandoned(user: AbstractUser) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    game = record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    assert game.status == "finished"
    with pytest.raises(RuleViolation) as refused:
        services.game_abandon(game_id=game.pk, by=user)
    assert refused.value.code == "game_finished"
    assert "undo its last hand" in refused.value.message
    game.refresh_from_db()
    assert game.status == "finished"
    assert not GameLog.objects.exists()


def test_an_abandoned_game_can_be_resumed(
    user: AbstractUser, three_hands: Game
) -> None:
    services.game_abandon(game_id=three_hands.pk, by=user)
    game, changed = services.game_resume(game_id=three_hands.pk, by=user)
    assert changed
    assert game.status == Status.IN_PROGRESS
    hand_services.hand_record(game_id=game.pk, hand=engine.HandInput(**HAND))
    game.refresh_from_db()
    assert game.hand_count == 4
    assert list(GameLog.objects.filter(game=game).values_list("action", flat=True)) == [
        "abandon",
        "resume",
    ]
    # Resuming an open game changes nothing.
    assert services.game_resume(game_id=game.pk, by=user)[1] is False


def test_a_retry_of_a_hand_recorded_before_abandoning_is_still_a_retry(
    user: AbstractUser, game: Game
) -> None:
    client_id = uuid.uuid4()
    hand_services.hand_record(game_id=game.pk, hand=a_hand(), client_id=client_id)
    services.game_abandon(game_id=game.pk, by=user)
    _, written = hand_services.hand_record(
        game_id=game.pk, hand=a_hand(), client_id=client_id
    )
    assert written is False


def test_counted_leaves_abandoned_games_out(user: AbstractUser) -> None:
    finished = game_factory(created_by=user, options={"target": 3})
    record(finished, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    kept, dropped = game_factory(created_by=user), game_factory(created_by=user)
    services.game_abandon(game_id=dropped.pk, by=user)
    assert set(Game.objects.counted()) == {kept, finished}
    assert set(Game.objects.abandoned()) == {dropped}


def test_abandoning_fires_game_abandoned_in_the_same_transaction(
    user: AbstractUser, game: Game
) -> None:
    seen: list[Any] = []

    def listener(event: Any) -> None:
        assert transaction.get_connection().in_atomic_block
        # The row is already written when the listener runs.
        seen.append((type(event), Game.objects.get(pk=event.game.pk).status, event.by))

    with hooks.listening(
        listener, events=(hooks.GameAbandoned, hooks.GameResumed), name="tests.log"
    ):
        services.game_abandon(game_id=game.pk, by=user)
        services.game_abandon(game_id=game.pk, by=user)  # nothing new: no event
        services.game_resume(game_id=game.pk, by=user)
    assert seen == [
        (hooks.GameAbandoned, "abandoned", user),
        (hooks.GameResumed, "in_progress", user),
    ]


def test_a_listener_refusing_an_abandon_rolls_it_back(
    user: AbstractUser, game: Game
) -> None:
    def refuse(event: Any) -> None:
        raise RuleViolation("in_a_match", "status", "This game is a tournament match.")

    with (
        hooks.listening(refuse, events=(hooks.GameAbandoned,), name="tests.no"),
        pytest.raises(RuleViolation, match="tournament match"),
    ):
        services.game_abandon(game_id=game.pk, by=user)
    game.refresh_from_db()
    assert game.status == "in_progress"
    assert not GameLog.objects.exists()


def test_deleting_a_game_without_hands_leaves_a_tombstone(
    user: AbstractUser, club: Club
) -> None:
    game = club_game(club, user)
    number = game.pk
    seen: list[Any] = []
    with hooks.listening(
        lambda event: seen.append(Game.objects.filter(pk=event.game.pk).exists()),
        events=(hooks.GameDeleted,),
        name="tests.deleted",
    ):
        tombstone = services.game_delete(game_id=number, by=user)
    assert seen == [True]  # dispatched while the row was still there
    assert not Game.objects.filter(pk=number).exists()
    assert not Seat.objects.filter(game_id=number).exists()
    tombstone.refresh_from_db()
    assert tombstone.game is None
    assert tombstone.game_number == number
    assert tombstone.club == club
    assert tombstone.action == "delete"
    assert tombstone.changed_by == user
    assert tombstone.before["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert tombstone.before["variant"] == "auction"
    assert selectors.game_was_deleted(game_id=number)
    assert selectors.deleted_games(user=user, club=club) == [tombstone]


def test_an_abandoned_game_without_hands_can_be_deleted_its_log_kept(
    user: AbstractUser, game: Game
) -> None:
    services.game_abandon(game_id=game.pk, by=user)
    services.game_delete(game_id=game.pk, by=user)
    assert list(
        GameLog.objects.filter(game_number=game.pk).values_list("action", "game")
    ) == [("abandon", None), ("delete", None)]


def test_a_game_with_hands_cannot_be_deleted(user: AbstractUser, game: Game) -> None:
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    with pytest.raises(RuleViolation) as refused:
        services.game_delete(game_id=game.pk, by=user)
    assert refused.value.code == "game_has_hands"
    assert "This game has 1 hand recorded," in refused.value.message
    assert "Abandon it instead" in refused.value.message
    assert Game.objects.filter(pk=game.pk).exists()
    assert not GameLog.objects.exists()


def test_the_refusal_says_hands_in_the_plural_form_its_number_takes(
    user: AbstractUser, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: "has 2 hand(s) recorded" (issue 11, review)."""
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    with pytest.raises(RuleViolation) as refused:
        services.game_delete(game_id=game.pk, by=user)
    assert "This game has 2 hands recorded," in refused.value.message
    # The page says it through ngettext (a language's own plural forms).
    page = signed_in(user).get(
        reverse("scoring:game_delete", args=[game.pk]), follow=True
    )
    assert "This game has 2 hands recorded," in page.content.decode()
    chosen = []

    def ngettext(singular: str, plural: str, number: int) -> str:
        chosen.append(number)
        return "Dieses Spiel hat {hands} Runden."

    monkeypatch.setattr(refusals, "ngettext", ngettext)
    assert refusals.sentence(refused.value) == "Dieses Spiel hat 2 Runden."
    assert chosen == [2]


def test_no_word_says_its_plural_with_an_s_in_brackets() -> None:
    """Every "(s)" of the words and templates became a proper plural."""
    base = Path(settings.BASE_DIR)
    roots = [base / "scoring", base / "pitchclub", base / "templates"]
    said = [
        f"{path}: {line.strip()}"
        for root in roots
        for path in root.rglob("*")
        if path.suffix in {".py", ".html", ".txt", ".js"}
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\w\((s|es)\)", line) and not line.strip().startswith("#")
    ]
    assert said == []


# --- who may --------------------------------------------------------------------------


def test_who_may_abandon_or_delete_a_club_game(user: AbstractUser, club: Club) -> None:
    keeper = member(club, Role.SCOREKEEPER)
    by_keeper = club_game(club, keeper)
    by_organiser = club_game(club, user)
    other_keeper = member(club, Role.SCOREKEEPER)
    plain = member(club, Role.MEMBER)
    stranger = UserFactory()
    may = selectors.game_manageable_by
    # The club's organisers: every game of the club.
    assert may(game=by_keeper, user=user)
    assert may(game=by_organiser, user=user)
    # A scorekeeper: the games they started, not another's.
    assert may(game=by_keeper, user=keeper)
    assert not may(game=by_organiser, user=keeper)
    assert not may(game=by_keeper, user=other_keeper)
    assert not may(game=by_keeper, user=plain)
    assert not may(game=by_keeper, user=stranger)
    # Rights follow the club's roles: a creator who is only a member now may not.
    Membership.objects.filter(club=club, user=keeper).update(role=Role.MEMBER)
    assert not may(game=by_keeper, user=keeper)


def test_outside_clubs_only_the_creator_may(user: AbstractUser, game: Game) -> None:
    assert selectors.game_manageable_by(game=game, user=user)
    assert not selectors.game_manageable_by(game=game, user=UserFactory())
    assert not selectors.game_manageable_by(game=game, user=None)


# --- the pages ------------------------------------------------------------------------


def test_the_table_offers_abandon_and_delete_to_its_creator(
    user: AbstractUser, game: Game
) -> None:
    html = signed_in(user).get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert reverse("scoring:game_abandon", args=[game.pk]) in html
    assert reverse("scoring:game_delete", args=[game.pk]) in html
    other = signed_in(UserFactory()).get(reverse("scoring:game", args=[game.pk]))
    assert reverse("scoring:game_abandon", args=[game.pk]) not in other.content.decode()


def test_a_game_with_hands_offers_no_delete(
    user: AbstractUser, three_hands: Game
) -> None:
    html = (
        signed_in(user)
        .get(reverse("scoring:game", args=[three_hands.pk]))
        .content.decode()
    )
    assert reverse("scoring:game_abandon", args=[three_hands.pk]) in html
    assert reverse("scoring:game_delete", args=[three_hands.pk]) not in html


def test_abandoning_on_the_page_asks_first(
    user: AbstractUser, three_hands: Game
) -> None:
    client = signed_in(user)
    url = reverse("scoring:game_abandon", args=[three_hands.pk])
    confirm = client.get(url)
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "Abandon this game?" in html
    assert "left out of standings and statistics" in html
    assert 'method="post"' in html
    assert "Keep playing" in html
    three_hands.refresh_from_db()
    assert three_hands.status == "in_progress"  # a GET changes nothing
    answer = client.post(url, follow=True)
    three_hands.refresh_from_db()
    assert three_hands.status == "abandoned"
    page = answer.content.decode()
    assert "Game abandoned" in page
    assert "Abandoned after 3 hands" in page
    assert 'id="hand-entry"' not in page
    assert "Undo hand" not in page
    assert reverse("scoring:game_resume", args=[three_hands.pk]) in page
    # The game's history says it.
    assert "Game abandoned</strong> by " + user.get_username() in page


def test_recording_into_an_abandoned_game_on_the_page_is_a_409(
    user: AbstractUser, game: Game
) -> None:
    client = signed_in(user)
    services.game_abandon(game_id=game.pk, by=user)
    answer = client.post(
        reverse("scoring:hand_record", args=[game.pk]),
        {"action": "save", "mode": "quick", "pitcher": "0", "bid": "2"},
    )
    assert answer.status_code == 409
    assert "This game was abandoned" in answer.content.decode()
    assert game.hands.count() == 0
    undo = client.get(reverse("scoring:hand_undo", args=[game.pk, 1]))
    assert undo.status_code == 404  # no hand 1


def test_resuming_on_the_page(user: AbstractUser, game: Game) -> None:
    services.game_abandon(game_id=game.pk, by=user)
    answer = signed_in(user).post(
        reverse("scoring:game_resume", args=[game.pk]), follow=True
    )
    game.refresh_from_db()
    assert game.status == "in_progress"
    assert "Game resumed" in answer.content.decode()


def test_deleting_on_the_page_asks_first(user: AbstractUser, club: Club) -> None:
    game = club_game(club, user)
    client = signed_in(user)
    url = reverse("scoring:game_delete", args=[game.pk])
    confirm = client.get(url)
    html = confirm.content.decode()
    assert confirm.status_code == 200
    assert "Delete this game?" in html
    assert "Ann" in html
    assert "Di" in html
    assert Game.objects.filter(pk=game.pk).exists()
    answer = client.post(url, follow=True)
    assert not Game.objects.filter(pk=game.pk).exists()
    assert answer.redirect_chain[-1][0] == reverse(
        "scoring:club_games", args=[club.slug]
    )
    page = answer.content.decode()
    assert f"Game {game.pk} deleted" in page
    # The club's archive keeps the record for its scorekeepers.
    assert "Deleted games" in page
    assert f"#{game.pk}" in page
    # A second tap: said, not a 404.
    again = client.post(url, follow=True)
    assert again.status_code == 200
    assert f"Game {game.pk} was already deleted" in again.content.decode()


def test_deleting_a_game_with_hands_on_the_page_offers_abandon(
    user: AbstractUser, three_hands: Game
) -> None:
    client = signed_in(user)
    url = reverse("scoring:game_delete", args=[three_hands.pk])
    for answer in (client.get(url, follow=True), client.post(url, follow=True)):
        assert answer.redirect_chain[-1][0] == reverse(
            "scoring:game_abandon", args=[three_hands.pk]
        )
        html = answer.content.decode()
        assert "cannot be deleted" in html
        assert "Abandon this game?" in html
    assert Game.objects.filter(pk=three_hands.pk).exists()


def test_others_may_not_abandon_or_delete(user: AbstractUser, game: Game) -> None:
    stranger = signed_in(UserFactory())
    for name in ("game_abandon", "game_delete", "game_resume"):
        assert (
            stranger.post(reverse(f"scoring:{name}", args=[game.pk])).status_code == 403
        )
    assert (
        Client().post(reverse("scoring:game_abandon", args=[game.pk])).status_code
        == 302
    )
    game.refresh_from_db()
    assert game.status == "in_progress"


def test_lists_mark_abandoned_games(user: AbstractUser, game: Game) -> None:
    services.game_abandon(game_id=game.pk, by=user)
    html = signed_in(user).get(reverse("scoring:home")).content.decode()
    assert 'class="card abandoned"' in html
    assert '<span class="status status-abandoned">Abandoned</span>' in html


def test_the_roster_counts_no_abandoned_game(user: AbstractUser, club: Club) -> None:
    kept, dropped = club_game(club, user), club_game(club, user)
    services.game_abandon(game_id=dropped.pk, by=user)
    html = (
        signed_in(user).get(reverse("clubs:roster", args=[club.slug])).content.decode()
    )
    ann = kept.seats.get(number=0).player
    assert f'href="{reverse("scoring:player_games", args=[ann.pk])}">1 game<' in html


# --- "New game, same players": who deals first ---------------------------------------


@pytest.fixture
def won(user: AbstractUser) -> Game:
    """Target 3, dealer 0: seat 1 wins at hand 1; the deal would pass to seat 1."""
    game = game_factory(created_by=user, options={"target": 3})
    return record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})


def test_the_won_game_shows_who_deals_first_next(user: AbstractUser, won: Game) -> None:
    html = signed_in(user).get(reverse("scoring:game", args=[won.pk])).content.decode()
    assert "who deals first?" in html
    assert "The deal goes on passing to the left, so Bob is chosen." in html
    assert 'name="first_dealer" value="1" checked' in html
    for seat in (0, 2, 3):
        assert f'name="first_dealer" value="{seat}">' in html


def test_the_scorekeeper_chooses_who_deals_first(user: AbstractUser, won: Game) -> None:
    client = signed_in(user)
    url = reverse("scoring:game_again", args=[won.pk])
    answer = client.post(url, {"first_dealer": "3"}, follow=True)
    again = Game.objects.exclude(pk=won.pk).get()
    assert again.first_dealer == 3
    assert "Di deals the first hand" in answer.content.decode()


def test_without_a_choice_the_deal_goes_on(user: AbstractUser, won: Game) -> None:
    signed_in(user).post(reverse("scoring:game_again", args=[won.pk]))
    assert Game.objects.exclude(pk=won.pk).get().first_dealer == 1


@pytest.mark.parametrize("posted", ["9", "x", "-1"])
def test_a_dealer_that_is_no_seat_is_refused(
    user: AbstractUser, won: Game, posted: str
) -> None:
    answer = signed_in(user).post(
        reverse("scoring:game_again", args=[won.pk]),
        {"first_dealer": posted},
        follow=True,
    )
    assert Game.objects.count() == 1
    assert answer.redirect_chain[-1][0] == reverse("scoring:game", args=[won.pk])
    html = answer.content.decode()
    assert "first dealer" in html.lower() or "deals first" in html

"""pitchclub.sql: raw statements whose rows and values are the ORM's, on SQLite and
PostgreSQL alike (the write path of a hand uses them: docs/benchmarks.md)."""

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from pitchclub import sql
from pitchclub.models import Club
from scoring.models import Award, Game, Hand
from tests.factories import game_factory

pytestmark = pytest.mark.django_db


def a_hand(game: Game, user: AbstractUser | None, number: int = 1) -> Hand:
    return Hand(
        game=game,
        number=number,
        dealer=0,
        auction=[2, "pass", "pass", "pass"],
        pitcher=1,
        bid=2,
        bidding_side=1,
        trump="",
        single_trump=True,
        game_points=None,
        won=[0, 2, 0, 0],
        made=True,
        deltas=[0, 2, 0, 0],
        scores=[0, 2, 0, 0],
        client_id=uuid.uuid4(),
        recorded_by=user,
    )


def stored(hand: Hand) -> dict:
    row = Hand.objects.values().get(pk=hand.pk)
    row.pop("id")
    return row


def test_an_inserted_row_is_what_the_orm_stores(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    by_orm = a_hand(game, user)
    by_orm.save()
    raw = a_hand(game, user, number=2)
    raw.client_id = by_orm.client_id

    # The unique client_id per game is the database's: refused as the ORM's is.
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert(raw)

    raw.client_id = uuid.uuid4()
    with CaptureQueriesContext(connection) as queries:
        sql.insert(raw)

    assert len(queries) == 1
    assert raw.pk is not None
    assert raw.pk != by_orm.pk
    assert not raw._state.adding
    # auto_now_add and auto_now, set on the object as save() sets them.
    assert raw.created_at is not None
    assert raw.updated_at is not None
    expected = stored(by_orm)
    got = stored(raw)
    for row in (expected, got):
        for name in ("number", "client_id", "created_at", "updated_at"):
            row.pop(name)
    assert got == expected
    again = Hand.objects.get(pk=raw.pk)
    assert again.client_id == raw.client_id
    assert abs(again.created_at - timezone.now()) < timedelta(minutes=1)


def test_many_rows_in_one_statement(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    hand = sql.insert(a_hand(game, user))
    seats = {seat.number: seat for seat in game.seats.all()}
    awards = [
        Award(
            hand=hand, game=game, point="high", seat=1, side=1, player=seats[1].player
        ),
        Award(
            hand=hand, game=game, point="low", seat=None, side=2, player=None, value=1
        ),
    ]

    with CaptureQueriesContext(connection) as queries:
        sql.insert_many(awards)
        sql.insert_many([])

    assert len(queries) == 1
    assert list(
        hand.awards.order_by("point").values_list("point", "seat", "side", "player")
    ) == [("high", 1, 1, seats[1].player_id), ("low", None, 2, None)]


def test_an_update_is_save_with_update_fields(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    before = game.updated_at
    game.scores = [5, 0, -2, 0]
    game.hand_count = 3
    game.status = "finished"
    game.winner = 0
    game.finished_at = timezone.now()
    game.variant = "thirteen"  # not among the fields updated

    with CaptureQueriesContext(connection) as queries:
        sql.update(game, ["scores", "hand_count", "winner", "status", "finished_at"])
        sql.update(game, ["updated_at"])

    assert len(queries) == 2
    assert game.updated_at > before
    again = Game.objects.get(pk=game.pk)
    assert again.scores == [5, 0, -2, 0]
    assert (again.hand_count, again.winner, again.status) == (3, 0, "finished")
    assert again.finished_at == game.finished_at
    assert again.updated_at == game.updated_at
    assert again.variant == "auction"


def test_columns_read_instances_as_the_orm_loads_them(user: AbstractUser) -> None:
    club = Club.objects.create(
        name="Thursday Pitch", slug="thursday", is_private=True, created_by=user
    )
    columns = sql.Columns(Club, alias="c")

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns.sql} FROM {sql.table(Club)} c WHERE c.id = %s",
            [club.pk],
        )
        read = columns.instance(cursor.fetchone())

    loaded = Club.objects.get(pk=club.pk)
    assert type(read) is Club
    assert not read._state.adding
    for field in Club._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(loaded, field.attname)
    assert read.is_private is True
    assert read.created_at.tzinfo is not None


def test_some_columns_with_json_read_as_the_orm_reads_them(user: AbstractUser) -> None:
    game = game_factory(created_by=user)
    hand = sql.insert(a_hand(game, user))
    names = ("auction", "single_trump", "game_points", "client_id", "won")
    columns = sql.Columns(Hand, names, alias="h")

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns.sql} FROM {sql.table(Hand)} h WHERE h.id = %s",
            [hand.pk],
        )
        values = columns.reader()(cursor.fetchone())

    assert values == list(Hand.objects.values_list(*names).get(pk=hand.pk))
    assert values == [
        [2, "pass", "pass", "pass"],
        True,
        None,
        hand.client_id,
        [0, 2, 0, 0],
    ]


def test_a_statement_is_built_once(user: AbstractUser) -> None:
    built = []

    @sql.statement
    def select(limit: int) -> str:
        built.append(limit)
        return f"SELECT {limit}"

    assert [select(1), select(1), select(2)] == ["SELECT 1", "SELECT 1", "SELECT 2"]
    assert built == [1, 2]


def test_plain_rows_are_the_orms_values_of_whole_numbers_floats_and_text(
    user: AbstractUser,
) -> None:
    from django.db.models import Count, Sum

    from scoring.models import Rating, Seat

    game = game_factory(created_by=user)
    for seat in Seat.objects.filter(game=game):
        Rating.objects.create(player=seat.player, mu=25.5, sigma=8.25, ordinal=0.75)
    asked = (
        Seat.objects.filter(game=game)
        .values_list("player_id", "player__name", "player__rating__mu")
        .annotate(seats=Count("id"), sides=Sum("side"))
        .order_by("player_id")
    )

    assert sql.plain_rows(asked) == list(asked)
    assert sql.plain_rows(asked.filter(player_id__in=[])) == []


def test_plain_rows_are_read_where_the_router_sends_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[type] = []

    class Router:
        def db_for_read(self, model: type, **hints: object) -> str:
            asked.append(model)
            return "default"

    monkeypatch.setattr(sql, "router", Router())
    sql.plain_rows(Club.objects.values_list("id", "name"))
    assert asked == [Club]

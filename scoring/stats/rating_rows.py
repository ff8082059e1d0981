"""The ratings' rows (docs/ratings.md, "What is stored") as a re-rating writes them:
a rated game's RatingChange rows, the players' Rating rows locked before they are
read, and both written back in bulk.

A re-rating may rewrite thousands of rows. Django's ``bulk_update`` builds a
``CASE WHEN id = … THEN …`` per row and field and resolves each as an expression:
most of the 11 s a walk over 4,000 games took (13,000 rows; issue 25, measured; 1.4 s
now). ``update_rows`` sends plain values instead: on PostgreSQL one ``UPDATE … FROM
UNNEST(arrays)`` per ``CHUNK`` rows, on SQLite one prepared statement run for every
row (``executemany``). Either way the statements and the work grow with the rows
written, and nothing else.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db.models import Model

from pitchclub import sql
from scoring.models import Rating, RatingChange
from scoring.stats.skill import DEFAULT, Seating, Skill, ordinal

# Rows per UPDATE on PostgreSQL: its arrays stay a few hundred kilobytes.
CHUNK = 5000

# What a re-rating writes of a RatingChange: its skill before the game and after.
CHANGE_FIELDS = (
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "ordinal_after",
)
RATING_FIELDS = ("mu", "sigma", "ordinal", "games")


def rating_changes(
    game_id: int,
    seating: Seating,
    before: Mapping[int, Skill],
    after: Mapping[int, Skill],
) -> list[RatingChange]:
    """The rows of one rated game: each player's skill before it and after."""
    return [
        RatingChange(
            player_id=player,
            game_id=game_id,
            finished_at=seating.key[0],
            side=side,
            rank=place,
            mu_before=before[player].mu,
            sigma_before=before[player].sigma,
            mu_after=after[player].mu,
            sigma_after=after[player].sigma,
            ordinal_after=ordinal(after[player]),
        )
        for player, (side, place) in sorted(seating.places.items())
    ]


def change_values(before: Skill, after: Skill) -> tuple[float, ...]:
    """A RatingChange's CHANGE_FIELDS for a game rated from `before` to `after`."""
    return (before.mu, before.sigma, after.mu, after.sigma, ordinal(after))


def lock(player_ids: Iterable[int]) -> dict[int, Rating]:
    """The players' rating rows, created with the model's defaults where missing,
    locked until the transaction ends in ascending player order (so that two games
    finishing at once wait for each other instead of deadlocking)."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=p,
                mu=DEFAULT.mu,
                sigma=DEFAULT.sigma,
                ordinal=ordinal(DEFAULT),
            )
            for p in ids
        ],
        ignore_conflicts=True,
    )
    locked = Rating.objects.select_for_update().filter(player_id__in=ids)
    return {row.player_id: row for row in locked.order_by("player_id")}


def set_skill(row: Rating, skill: Skill, games: int) -> Rating:
    """`row` (not saved) holding `skill` after `games` rated games."""
    row.mu, row.sigma, row.ordinal, row.games = (
        skill.mu,
        skill.sigma,
        ordinal(skill),
        games,
    )
    return row


def save_ratings(rows: Sequence[Rating]) -> None:
    """Write the RATING_FIELDS of stored Rating rows."""
    update_rows(
        Rating,
        RATING_FIELDS,
        [(row.pk, row.mu, row.sigma, row.ordinal, row.games) for row in rows],
    )


def save_changes(rows: Sequence[tuple[Any, ...]]) -> None:
    """Write stored RatingChange rows' CHANGE_FIELDS: (id, *change_values)."""
    update_rows(RatingChange, CHANGE_FIELDS, rows)


def update_rows(
    model: type[Model], names: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> None:
    """UPDATE the fields `names` of stored rows of `model`, each row given as
    (primary key, *values in the order of `names`). Values go through the fields
    as the ORM sends them (``get_db_prep_save``: a float field's 25 is 25.0, so
    that PostgreSQL's arrays hold one type)."""
    if not rows:
        return
    connection = sql.db()
    fields = [model._meta.pk, *(model._meta.get_field(name) for name in names)]
    statement = _update_sql(model, tuple(names))
    with connection.cursor() as cursor:
        for first in range(0, len(rows), CHUNK):
            chunk = zip(*rows[first : first + CHUNK], strict=True)
            pk, *values = [
                [field.get_db_prep_save(value, connection) for value in column]
                for field, column in zip(fields, chunk, strict=True)
            ]
            if connection.vendor == "postgresql":
                cursor.execute(statement, [pk, *values])
            else:
                # SQLite: one prepared statement, run for each row.
                cursor.executemany(statement, list(zip(*values, pk, strict=True)))


@sql.statement
def _update_sql(model: type[Model], names: tuple[str, ...]) -> str:
    connection = sql.db()
    meta = model._meta
    pk = sql.quote(meta.pk.column)
    columns = [sql.quote(meta.get_field(name).column) for name in names]
    if connection.vendor != "postgresql":
        sets = ", ".join(f"{column} = %s" for column in columns)
        return f"UPDATE {sql.table(model)} SET {sets} WHERE {pk} = %s"
    types = [meta.pk.db_type(connection)] + [
        meta.get_field(name).db_type(connection) for name in names
    ]
    arrays = ", ".join(f"%s::{kind}[]" for kind in types)
    sets = ", ".join(f"{column} = v.{column}" for column in columns)
    return (
        f"UPDATE {sql.table(model)} SET {sets} "
        f"FROM UNNEST({arrays}) AS v({pk}, {', '.join(columns)}) "
        f"WHERE {sql.table(model)}.{pk} = v.{pk}"
    )

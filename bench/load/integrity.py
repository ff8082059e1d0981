"""The load test's integrity check, pure: the stored games read through any DB-API
cursor, and everything wrong with them in words (tests/bench/test_loadtest.py)."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class StoredHand:
    number: int
    client_id: str | None
    deltas: list[int]
    scores: list[int]
    won: list[int]
    # Points of the hand's award rows, per side.
    awarded: dict[int, int] = field(default_factory=dict)


@dataclass
class StoredGame:
    id: int
    scores: list[int]
    hand_count: int
    hands: list[StoredHand] = field(default_factory=list)


def _json(value: Any) -> Any:
    # psycopg decodes jsonb; SQLite hands back the text.
    return json.loads(value) if isinstance(value, str | bytes) else value


def _uuid_text(value: Any) -> str | None:
    # PostgreSQL answers a UUID, SQLite its 32 hex digits.
    return None if value is None else str(uuid.UUID(str(value)))


def read_games(cursor: Any, game_ids: Iterable[int]) -> dict[int, StoredGame]:
    """The stored state of these games, through a DB-API cursor taking ``%s``
    parameters (psycopg, or Django's cursor on any database)."""
    ids = sorted(set(game_ids))
    games: dict[int, StoredGame] = {}
    hands_by_id: dict[int, StoredHand] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join(["%s"] * len(chunk))
        cursor.execute(
            f"SELECT id, scores, hand_count FROM scoring_game WHERE id IN ({marks})",
            chunk,
        )
        for game_id, scores, hand_count in cursor.fetchall():
            games[game_id] = StoredGame(game_id, _json(scores), hand_count)
        cursor.execute(
            "SELECT id, game_id, number, client_id, deltas, scores, won "
            f"FROM scoring_hand WHERE game_id IN ({marks}) "
            "ORDER BY game_id, number, id",
            chunk,
        )
        for (
            hand_id,
            game_id,
            number,
            client_id,
            deltas,
            scores,
            won,
        ) in cursor.fetchall():
            hand = StoredHand(
                number, _uuid_text(client_id), _json(deltas), _json(scores), _json(won)
            )
            hands_by_id[hand_id] = hand
            games[game_id].hands.append(hand)
        cursor.execute(
            "SELECT a.hand_id, a.side, SUM(a.value) FROM scoring_award a "
            "JOIN scoring_hand h ON h.id = a.hand_id "
            f"WHERE h.game_id IN ({marks}) GROUP BY a.hand_id, a.side",
            chunk,
        )
        for hand_id, side, points in cursor.fetchall():
            hands_by_id[hand_id].awarded[side] = int(points)
    return games


def check_games(
    games: Mapping[int, StoredGame],
    sent: Mapping[int, Sequence[str]],
    acknowledged: Mapping[int, int] | None = None,
) -> list[str]:
    """Everything wrong with the stored games, in words (empty: all is well).

    `sent` holds, per game, the client_id of each hand number sent, in order. At the
    end of a run (`acknowledged` None) every game must hold exactly those hands.
    During a run `acknowledged` says how many hands of each game the server has
    confirmed: those must be there; the one being sent may or may not be."""
    problems: list[str] = []
    for game_id, client_ids in sent.items():
        game = games.get(game_id)
        if game is None:
            problems.append(f"game {game_id}: missing")
            continue
        problems.extend(_check_game(game, client_ids, acknowledged))
    return problems


def _check_game(
    game: StoredGame,
    client_ids: Sequence[str],
    acknowledged: Mapping[int, int] | None,
) -> list[str]:
    name = f"game {game.id}"
    problems = []
    numbers = [hand.number for hand in game.hands]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(
            f"{name}: hand numbers {_ranges(numbers)}, not 1..{len(numbers)}"
        )
    seen = Counter(hand.client_id for hand in game.hands if hand.client_id)
    doubled = sorted(client_id for client_id, count in seen.items() if count > 1)
    if doubled:
        problems.append(f"{name}: client_id recorded twice: {', '.join(doubled)}")
    stored = [hand.client_id for hand in game.hands]
    if acknowledged is None:
        if len(game.hands) != len(client_ids):
            problems.append(
                f"{name}: {len(game.hands)} hands stored, {len(client_ids)} sent"
            )
        low, high = len(client_ids), len(client_ids)
    else:
        low, high = acknowledged.get(game.id, 0), len(client_ids)
        if not low <= len(game.hands) <= high:
            problems.append(
                f"{name}: {len(game.hands)} hands stored, but {low} were confirmed "
                f"and {high} sent"
            )
    # Up to the shorter of the two: a count that differs is reported above.
    pairs = zip(client_ids, stored, strict=False)
    for number, (mine, theirs) in enumerate(pairs, start=1):
        if mine != theirs:
            problems.append(
                f"{name}: hand {number} has client_id {theirs}, sent as {mine}"
            )
            break
    lost = [
        number
        for number, client_id in enumerate(client_ids[:low], start=1)
        if client_id not in seen
    ]
    if lost:
        problems.append(f"{name}: hands lost: {_ranges(lost)}")
    problems.extend(_check_scores(game))
    return problems


def _check_scores(game: StoredGame) -> list[str]:
    name = f"game {game.id}"
    problems = []
    running = [0] * len(game.scores)
    for hand in game.hands:
        where = f"{name} hand {hand.number}"
        if not len(hand.deltas) == len(hand.scores) == len(running):
            problems.append(
                f"{where}: {len(hand.deltas)} deltas for {len(running)} sides"
            )
            return problems
        running = [
            total + delta for total, delta in zip(running, hand.deltas, strict=True)
        ]
        if hand.scores != running:
            problems.append(
                f"{where}: scores {hand.scores}, the sum of the deltas is {running}"
            )
            running = list(hand.scores)
        awarded = [hand.awarded.get(side, 0) for side in range(len(hand.won))]
        if awarded != list(hand.won):
            problems.append(f"{where}: won {hand.won}, award rows add up to {awarded}")
    last = game.hands[-1].scores if game.hands else [0] * len(game.scores)
    if game.scores != last:
        problems.append(f"{name}: game scores {game.scores}, last hand's {last}")
    if game.hand_count != len(game.hands):
        problems.append(
            f"{name}: hand_count {game.hand_count}, {len(game.hands)} hands stored"
        )
    return problems


def _ranges(numbers: Sequence[int]) -> str:
    shown = ", ".join(map(str, numbers[:12]))
    return shown + (" …" if len(numbers) > 12 else "")

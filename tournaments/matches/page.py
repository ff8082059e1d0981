"""What a match's page and its table link show, built from
`selectors.tournament_read`: the match (round, table, status, result), its
entrants with seeds, wins and what each plays next, its games with their points,
a progressive table's sides (`side_lines`, the night's board shows them too), the
table link and its QR code."""

from typing import Any

from django.http import Http404, HttpRequest
from django.urls import reverse

from pitchclub.permissions import ClubAccess
from scoring.models import Status as GameStatus
from tournaments import pages, selectors
from tournaments.brackets.audit import match_history
from tournaments.brackets.state import waiting_token
from tournaments.models import MatchGame, Tournament
from tournaments.vocabulary import MATCH_STATUS_LABELS, PROGRESSIVE

NO_MATCH = "No such match in this tournament."


def _games(match_id: int) -> list[dict[str, Any]]:
    """The match's games in order, abandoned ones too (the table's history), each
    with its points per entrant (1 query)."""
    links = (
        MatchGame.objects.filter(match_id=match_id)
        .select_related("game", "match")
        .order_by("number")
    )
    return [
        {
            "number": link.number,
            "id": link.game_id,
            "abandoned": link.abandoned or link.game.status == GameStatus.ABANDONED,
            # Played to its end, its result then voided (or played again).
            "voided": link.abandoned and link.game.status == GameStatus.FINISHED,
            "playing": link.game.status == GameStatus.IN_PROGRESS,
            "scores": link.game.scores,
            "winner": link.game.winner,
            "hands": link.game.hand_count,
            # Its result waits for the losing side's confirmation (or is disputed).
            "waiting": (link.match.unconfirmed or {}).get("game") == link.game_id,
            "seen": waiting_token(link.match.unconfirmed),
            "disputed": link.match.disputed,
        }
        for link in links
    ]


def _match_of(data: dict[str, Any], match_id: int) -> dict[str, Any]:
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            if match["id"] == match_id:
                return {**match, "round": round_}
    raise Http404(NO_MATCH)


def _next_match(
    data: dict[str, Any], entrant: int, match_id: int
) -> dict[str, Any] | None:
    """The entrant's match still to play after this one, if it is drawn."""
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            if (
                match["id"] != match_id
                and entrant in match["entrants"]
                and match["status"] != "completed"
            ):
                return {**match, "status_label": MATCH_STATUS_LABELS[match["status"]]}
    return None


def side_lines(
    match: dict[str, Any], names: dict[int, str]
) -> list[tuple[str, int | None, bool]]:
    """A table's sides: partners at a table of four ("Ann & Cy", seats 0 and 2),
    each player at a solo table; each with its score (None before a result) and
    whether it moves up."""
    seats, scores = match["entrants"], match["scores"]
    moving = set(match["winners"])
    split = [seats[0::2], seats[1::2]] if len(seats) == 4 else [[p] for p in seats]
    return [
        (
            " & ".join(names[p] for p in side),
            None if scores is None else scores[number],
            bool(moving.intersection(side)),
        )
        for number, side in enumerate(split)
    ]


def match_page(
    request: HttpRequest, tournament: Tournament, match_id: int, access: ClubAccess
) -> dict[str, Any]:
    """What a match's page shows: the match (round, table, status, result), its
    entrants with seeds, players, wins and what each plays next, its games with
    their points, the table link and its QR code, its history (7 queries, whatever
    the size)."""
    data = selectors.tournament_read(tournament)
    match = _match_of(data, match_id)
    entrants = {entrant["id"]: entrant for entrant in data["entrants"]}
    games = _games(match_id)
    sides = []
    # A progressive table: a line per seat, its side's score (partners share).
    table = tournament.format == PROGRESSIVE
    pairs = table and len(match["entrants"]) == 4
    for index, entrant_id in enumerate(match["entrants"]):
        side = index % 2 if pairs else index
        sides.append(
            {
                "entrant": entrants.get(entrant_id),
                "wins": 0 if table else match["wins"][index],
                "won": entrant_id is not None
                and (entrant_id == match["winner"] or entrant_id in match["winners"]),
                "score": (match["scores"] or [None] * 5)[side],
                "next": _next_match(data, entrant_id, match_id)
                if entrant_id is not None and match["status"] == "completed"
                else None,
            }
        )
    for game in games:
        game["sides"] = [
            {
                "name": side["entrant"]["name"],
                "score": score,
                "won": game["winner"] == i,
            }
            for i, (side, score) in enumerate(zip(sides, game["scores"], strict=False))
        ]
    # A night's table read as partners ("Ann & Cy" v "Bob & Di"), or each player
    # at a solo table.
    table_sides = (
        [
            {"names": names, "score": score, "up": up}
            for names, score, up in side_lines(
                match, {pk: entrant["name"] for pk, entrant in entrants.items()}
            )
        ]
        if table
        else []
    )
    waiting = next((game for game in games if game["waiting"]), None)
    # Closed early (tournaments.lifecycle): nothing more is played or changed.
    open_ = not tournament.closed_early
    can_start = (
        open_
        and access.can_keep_score
        and waiting is None
        and (
            match["status"] == "ready"
            or (match["status"] == "running" and match["game_in_progress"] is None)
        )
    )
    table_url = request.build_absolute_uri(
        reverse("tournaments:match_table", args=[tournament.pk, match_id])
    )
    return {
        "tournament": tournament,
        "data": data,
        "match": match,
        "status_label": MATCH_STATUS_LABELS[match["status"]],
        "sides": sides,
        "table_sides": table_sides,
        "table_versus": (" v " if pairs else ", ").join(
            side["names"] for side in table_sides
        ),
        "games": games,
        "next_game": len([g for g in games if not g["abandoned"]]) + 1,
        "access": access,
        "can_start": can_start,
        "waiting": _waiting_words(waiting),
        # A progressive table's paper scores are typed on the night's board.
        "can_enter": open_
        and access.can_manage
        and not table
        and match["status"] in ("ready", "running"),
        # Its result can be voided (or, on paper, edited): not a bye's.
        "can_fix": open_
        and access.can_manage
        and match["status"] == "completed"
        and len(match["entrants"]) > 1,
        "history": match_history(match_id),
        "table_url": table_url,
        "table_qr": pages.table_qr(table_url, match["table"])
        if access.can_keep_score and match["status"] != "completed"
        else None,
    }


def _waiting_words(game: dict[str, Any] | None) -> dict[str, Any] | None:
    """The game whose result waits for confirmation, in the page's words: who won,
    who confirms, the score with the winner's points first."""
    if game is None or game["winner"] is None or len(game["sides"]) != 2:
        return None
    won = game["winner"]
    sides = game["sides"]
    return {
        "game": game["id"],
        "winner": sides[won]["name"],
        "loser": sides[1 - won]["name"],
        "score": f"{sides[won]['score']}\N{EN DASH}{sides[1 - won]['score']}",
        "disputed": game["disputed"],
        "seen": game["seen"],
    }

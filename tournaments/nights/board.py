"""What a progressive night's page shows, shaped from `selectors.tournament_read`
(no queries of its own): the round's tables with their seats' names, which have
finished and their scores, the sit-outs, whether the next round may be drawn,
and the tally in prize order."""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from tournaments.matches.page import side_lines

# Seats of a table (pairing.progressive): North, East, South, West, a fifth.
SEAT_NAMES = (
    pgettext_lazy("a seat at a table: North", "N"),
    pgettext_lazy("a seat at a table: East", "E"),
    pgettext_lazy("a seat at a table: South", "S"),
    pgettext_lazy("a seat at a table: West", "W"),
    pgettext_lazy("a seat at a table: the fifth player", "5th"),
)


@dataclass
class Seat:
    label: str
    name: str
    score: int | None
    moves_up: bool


@dataclass
class TableCard:
    id: int
    table: int
    solo: bool
    status: str
    on_paper: bool
    game: int | None
    seats: list[Seat]
    # Hands recorded in the table's game: then no result on paper.
    hands: int
    # One entry per side as the game counts sides: (names, score).
    sides: list[tuple[str, int | None]]
    # Per side: whether it moves up (once the table is completed).
    sides_up: list[bool] = field(default_factory=list)


@dataclass
class TallyLine:
    rank: int
    entrant: int
    name: str
    points: int
    rounds_won: int
    byes: int
    left: bool


@dataclass
class Night:
    number: int
    rounds: int
    tables: list[TableCard] = field(default_factory=list)
    sitting_out: list[str] = field(default_factory=list)
    tally: list[TallyLine] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    all_done: bool = False
    can_draw: bool = False
    finished: bool = False
    # A round is still to come: a late arrival (or a player back) would play.
    round_to_come: bool = False
    # False before any table has a result (a sit-out is none): nobody is ranked.
    ranked: bool = True


def round_length(settings: dict[str, Any], options: dict[str, Any]) -> str:
    """How long a round is, in words: "3 hands a round", or "a game to 7 a
    round" when the night plays each round to the target."""
    hands = settings.get("hands_per_round")
    if hands:
        return ngettext("%(hands)s hand a round", "%(hands)s hands a round", hands) % {
            "hands": hands
        }
    target = options.get("target")
    if target:
        return _("a game to %(target)s a round") % {"target": target}
    return _("a game a round")


def build(data: dict[str, Any], round_number: int | None = None) -> Night:
    """The night as its page shows it (`round_number`: a past round, else the
    current one)."""
    names = {entrant["id"]: entrant["name"] for entrant in data["entrants"]}
    rounds = data["rounds"]
    current = rounds[-1] if rounds else {"number": 0, "matches": []}
    shown = next((r for r in rounds if r["number"] == round_number), current)
    night = Night(number=shown["number"], rounds=data["settings"]["rounds"])
    for match in shown["matches"]:
        if match["table"] is None:
            night.sitting_out += [names[e] for e in match["entrants"]]
            continue
        seats = match["entrants"]
        scores = match["scores"]
        pairs = len(seats) == 4
        moving = set(match["winners"])
        lines = side_lines(match, names)
        night.tables.append(
            TableCard(
                id=match["id"],
                table=match["table"],
                solo=not pairs,
                status=match["status"],
                on_paper=match["on_paper"],
                game=match["game_in_progress"],
                hands=match.get("game_hands", 0),
                seats=[
                    Seat(
                        label=SEAT_NAMES[index],
                        name=names[player],
                        score=None
                        if scores is None
                        else scores[index % 2 if pairs else index],
                        moves_up=player in moving,
                    )
                    for index, player in enumerate(seats)
                ],
                sides=[(name, score) for name, score, _ in lines],
                sides_up=[up for _, _, up in lines],
            )
        )
    left = {entrant["id"] for entrant in data["entrants"] if entrant["left"]}
    night.tally = [
        TallyLine(
            rank=line["rank"],
            entrant=line["entrant"],
            name=names[line["entrant"]],
            points=line["measures"]["points"],
            rounds_won=line["measures"]["rounds_won"],
            byes=line["measures"]["byes"],
            left=line["entrant"] in left,
        )
        for line in data["standings"]
    ]
    night.ranked = any(line["played"] > line["byes"] for line in data["standings"])
    night.players = data["entrants"]
    night.all_done = all(m["status"] == "completed" for m in current["matches"])
    night.finished = data["status"] == "finished"
    night.round_to_come = not night.finished and current["number"] < night.rounds
    night.can_draw = (
        night.all_done and not night.finished and current["number"] < night.rounds
    )
    return night

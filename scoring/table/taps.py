"""The hand-entry form's taps: big radio buttons (a tap each) for the pitcher and bid
or the whole auction, one row per point for the awards, and the rarely used extras
(trump, single trump, game points) out of the way; bound to what was tapped, with
the calls still legal, and the buttons that change the taps (the rest to a team,
the auction carried to pitcher and bid). What the template draws; reading the taps
into a hand is scoring/table/entry.py's HandEntry, built on it."""

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from pitchclub.text import parse_whole_number
from scoring import engine
from scoring.engine import PASS, RuleViolation, Suit, Variant
from scoring.engine.auction import check_auction
from scoring.engine.awards import MAX_GAME_POINTS
from scoring.table.short_names import told_apart
from scoring.vocabulary import LOW_HINTS, POINT_HINTS, POINT_LABELS, suit_label

NOBODY = "none"
# A point credited to a team without naming the partner: "side-1".
SIDE_PREFIX = "side-"
QUICK, FULL = "quick", "full"


def _call_label(call: int | str) -> str:
    """A call on its button: "Pass" or the bid."""
    return pgettext("a call in the auction", "Pass") if call == PASS else str(call)


@dataclass
class Choice:
    value: str
    label: str
    checked: bool = False
    disabled: bool = False
    side: int | None = None
    # A team credited as a whole (shown only once chosen, by "Rest to team").
    team: bool = False
    # The whole name when the button shows it shortened (its title).
    full: str = ""


@dataclass
class Row:
    """One group of radio buttons: a legend, its choices, its error."""

    name: str
    legend: str
    choices: list[Choice]
    hint: str = ""
    errors: list[str] = field(default_factory=list)
    # An auction row: whose call it is, and whether it is the dealer's when
    # everyone else passed (the dealer must bid).
    player: str = ""
    stuck_dealer: bool = False

    @property
    def chosen(self) -> str | None:
        return next((c.value for c in self.choices if c.checked), None)

    @property
    def cut_names(self) -> bool:
        """Whether a name is shortened around an ellipsis (short_names): the row
        gives each button more room (three a row on a 320 px phone)."""
        return any("…" in choice.label for choice in self.choices)

    @property
    def long_names(self) -> bool:
        """Whether a button may show its name cut (templates/scoring/_taps.html
        marks a label over 7 letters long): the row shows the chosen one whole."""
        return any(len(choice.label) > 7 for choice in self.choices)


class Taps:
    """The entry form's rows for hand `number` of a game, bound to what was
    tapped."""

    # The most a game-point box may hold (the template's max attribute).
    max_game_points = MAX_GAME_POINTS

    def __init__(
        self,
        *,
        rules: engine.Rules,
        number: int,
        seat_names: Mapping[int, str],
        side_names: list[str],
        data: Mapping[str, Any] | None = None,
        initial: engine.HandInput | None = None,
        strict_calls: bool = False,
    ) -> None:
        self.rules = rules
        self.number = number
        self.names = seat_names
        self.side_names = side_names
        self.data: Mapping[str, Any] = data if data is not None else {}
        if initial is not None:
            self.data = _data_of(initial, rules.points)
        self.dealer = rules.dealer_of(number)
        self.first_bidder = (self.dealer + 1) % rules.players
        self.mode = FULL if self.data.get("mode") == FULL else QUICK
        self.client_id = self._client_id()
        self.errors: list[str] = []
        # With JavaScript the calls no legal auction allows are disabled as the
        # auction is tapped; without it every call stays open and a wrong one is
        # refused on saving, next to the call.
        self.strict_calls = strict_calls
        self.url = ""  # where the form posts, set by the view
        self.correcting = False
        # The hand's version the correction form was opened on (games.versions).
        self.version: str | None = None
        # Another phone recorded the hand this one was saving (views.page._conflict).
        self.conflict: dict[str, Any] | None = None
        # The hand this phone sent again had been undone (views.page._undone).
        self.undone: dict[str, Any] | None = None
        self._build_rows()

    # -- the rows the template draws -------------------------------------------------

    def _client_id(self) -> str:
        given = str(self.data.get("client_id", ""))
        try:
            return str(uuid.UUID(given))
        except ValueError:
            return str(uuid.uuid4())

    def _seat_choices(
        self, name: str, *, nobody: bool = False, teams: bool = False
    ) -> list[Choice]:
        value = str(self.data.get(name, ""))
        shown = told_apart([self.names[seat] for seat in range(self.rules.players)])
        choices = [
            Choice(
                str(seat),
                shown[seat],
                checked=value == str(seat),
                side=self.rules.side_of(seat),
                full=self.names[seat],
            )
            for seat in range(self.rules.players)
        ]
        if nobody:
            choices.append(Choice(NOBODY, gettext("Nobody"), checked=value == NOBODY))
        if teams and self.rules.partnership:
            # A point credited to the team, no partner named ("Rest to team").
            choices += [
                Choice(
                    f"{SIDE_PREFIX}{side}",
                    team_name,
                    checked=value == f"{SIDE_PREFIX}{side}",
                    side=side,
                    team=True,
                )
                for side, team_name in enumerate(self.side_names)
            ]
        return choices

    def _build_rows(self) -> None:
        rules = self.rules
        data = self.data
        self.pitcher = Row("pitcher", gettext("Pitcher"), self._seat_choices("pitcher"))
        bid = str(data.get("bid", ""))
        self.bid = Row(
            "bid",
            gettext("Bid"),
            [
                Choice(str(value), str(value), checked=bid == str(value))
                for value in range(rules.min_bid, rules.max_bid + 1)
            ],
        )
        self.calls = self._call_rows()
        self.awards = []
        for point in rules.points:
            nobody = rules.variant is Variant.THIRTEEN or point in ("jack", "game")
            self.awards.append(
                Row(
                    f"award-{point}",
                    str(POINT_LABELS[point]),
                    self._seat_choices(f"award-{point}", nobody=nobody, teams=True),
                    hint=self._point_hint(point),
                )
            )
        trump = str(data.get("trump", ""))
        self.trump = Row(
            "trump",
            gettext("Trump (optional)"),
            [
                Choice(suit.value, suit_label(suit), checked=trump == suit)
                for suit in Suit
            ],
        )
        self.single_trump = str(data.get("single_trump", "")) in ("on", "1", "true")
        self.game_points = [
            {
                "name": f"gp-{side}",
                "label": name,
                "value": str(data.get(f"gp-{side}", "")).strip(),
                "errors": [],
            }
            for side, name in enumerate(self.side_names)
        ]
        self.gp_errors: list[str] = []
        self.extras_open = bool(
            self.trump.chosen
            or self.single_trump
            or any(gp["value"] for gp in self.game_points)
        )

    def _point_hint(self, point: str) -> str:
        if point == "low":
            return str(LOW_HINTS[self.rules.low_goes_to])
        hint = POINT_HINTS[self.rules.variant, point]
        value = engine.POINT_VALUES[self.rules.variant][point]
        if value == 1:
            return str(hint)
        # Translators: a point's hint and what it is worth: "ten of trump · 10 points".
        return ngettext(
            "%(hint)s · %(value)s point", "%(hint)s · %(value)s points", value
        ) % {"hint": hint, "value": value}

    def _call_rows(self) -> list[Row]:
        """One row per seat in auction order. With strict_calls, a call the auction
        so far does not allow is disabled (and a tapped one cleared, saying so);
        after a closing bid (4, or 13) the later players may only pass."""
        rules = self.rules
        everything = (PASS, *range(rules.min_bid, rules.max_bid + 1))
        rows = []
        made: list[int | str] = []
        legal: tuple[int | str, ...] | None = everything
        closer: str | None = None
        all_passed = True
        for index in range(rules.players):
            seat = (self.dealer + 1 + index) % rules.players
            name = f"call-{index}"
            given = call_value(self.data.get(name))
            hint = ""
            stuck = False
            allowed = everything
            if closer is not None:
                hint = gettext("no turn after %(name)s's %(bid)s") % {
                    "name": closer,
                    "bid": rules.max_bid,
                }
                if self.strict_calls:
                    allowed = (PASS,)
            elif self.strict_calls:
                # Until every earlier call is tapped, any call may come.
                allowed = legal if legal is not None else everything
            if seat == self.dealer and all_passed and index == len(made):
                stuck = True
                hint = gettext("everyone else passed: must bid at least %(bid)s") % {
                    "bid": rules.stuck_dealer_min_bid
                }
            if given is not None and given not in allowed:
                stuck = False
                # Translators: a call tapped, then cleared: "Pass cleared", "3 cleared".
                hint = gettext("%(call)s cleared: not allowed now") % {
                    "call": _call_label(given)
                }
                given = None
            if given is None or legal is None:
                legal = None
            else:
                made.append(given)
                legal = self._legal_after(made) if self.strict_calls else everything
            if given is not None and given != PASS:
                all_passed = False
                if given == rules.max_bid and closer is None:
                    closer = self.names[seat]
            legend = (
                gettext("%(name)s (dealer)") % {"name": self.names[seat]}
                if seat == self.dealer
                else self.names[seat]
            )
            rows.append(
                Row(
                    name,
                    legend,
                    [
                        Choice(
                            str(call),
                            _call_label(call),
                            checked=given == call,
                            disabled=call not in allowed,
                        )
                        for call in everything
                    ],
                    hint=hint,
                    player=self.names[seat],
                    stuck_dealer=stuck,
                )
            )
        return rows

    def _legal_after(self, calls: list[int | str]) -> tuple[int | str, ...] | None:
        try:
            after = engine.legal_calls(self.rules, self.number, calls)
        except RuleViolation:
            return None
        # After a closing bid the later players have no turn: only "pass" fits.
        return after if after or len(calls) >= self.rules.players else (PASS,)

    @property
    def seats_json(self) -> str:
        """The players' names by seat, for the offline queue's next-hand title."""
        return json.dumps([self.names[seat] for seat in range(self.rules.players)])

    @property
    def dealer_name(self) -> str:
        return self.names[self.dealer]

    @property
    def first_bidder_name(self) -> str:
        return self.names[self.first_bidder]

    @property
    def call_hints_json(self) -> str:
        """Each auction row's note (the stuck dealer, no turn after a 4, a cleared
        tap), for table.js to show as the auction is tapped."""
        return json.dumps({row.name: row.hint for row in self.calls})

    @property
    def disabled_ids(self) -> list[str]:
        """The ids of the calls not allowed now (table.js disables them)."""
        return [
            f"{row.name}-{choice.value}"
            for row in self.calls
            for choice in row.choices
            if choice.disabled
        ]

    @property
    def rest_choices(self) -> list[Choice]:
        """13-Point: "the rest to team …": every point not tapped yet is credited
        to that team, without naming a partner (each row's team choice, value
        `side-<n>`, which table.js ticks at once)."""
        if self.rules.variant is not Variant.THIRTEEN:
            return []
        return [
            Choice(
                f"rest-{side}", gettext("Rest to %(name)s") % {"name": name}, side=side
            )
            for side, name in enumerate(self.side_names)
        ]

    def give_rest(self, side: int) -> None:
        """Credit every point not tapped yet to `side` as a team: nobody in it is
        named, so it counts for the team and for no player."""
        value = f"{SIDE_PREFIX}{side}"
        for row in self.awards:
            if row.chosen is None:
                for choice in row.choices:
                    choice.checked = choice.value == value

    def carry_auction(self) -> None:
        """Switching from the whole auction to pitcher and bid: a complete, legal
        auction already says who pitched what."""
        calls: list[int | str] = []
        for row in self.calls:
            call = call_value(row.chosen)
            if call is None:
                break
            calls.append(call)
            if call == self.rules.max_bid:
                break
        try:
            pitcher, bid = check_auction(self.rules, self.dealer, calls)
        except RuleViolation:
            return
        for row, value in ((self.pitcher, pitcher), (self.bid, bid)):
            for choice in row.choices:
                choice.checked = choice.value == str(value)


def call_value(value: object) -> int | str | None:
    """A call row's value: "pass", a bid, or None (nothing tapped, or no number)."""
    if value is None or value == "":
        return None
    text = str(value)
    if text == PASS:
        return PASS
    return parse_whole_number(text, max_digits=2)


def _data_of(hand: engine.HandInput, points: tuple[str, ...]) -> dict[str, str]:
    """A recorded hand as the form's fields, to correct it: a point stored for
    nobody has no award row, and shows as Nobody."""
    data: dict[str, str] = {}
    if hand.auction is not None:
        data["mode"] = FULL
        for index, call in enumerate(hand.auction):
            data[f"call-{index}"] = str(call)
    else:
        data["pitcher"] = str(hand.pitcher)
        data["bid"] = str(hand.bid)
    for point in points:
        seat = hand.awards.get(point)
        if isinstance(seat, engine.SideCredit):
            data[f"award-{point}"] = f"{SIDE_PREFIX}{seat.side}"
        else:
            data[f"award-{point}"] = NOBODY if seat is None else str(seat)
    if hand.trump:
        data["trump"] = hand.trump
    if hand.single_trump:
        data["single_trump"] = "on"
    if hand.game_points is not None:
        for side, total in enumerate(hand.game_points):
            data[f"gp-{side}"] = str(total)
    return data

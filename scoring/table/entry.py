"""The hand-entry form of the table page, reading its taps (scoring/table/taps.py):
it parses what was tapped into an engine.HandInput, reports what is still missing,
and puts the engine's refusals next to the field they name, in the players' names
rather than seat numbers.

It is a plain class rather than a django.forms.Form: its fields depend on the
game (seats, variant, the calls still legal), and the template draws them as tap
grids."""

from typing import Any

from django.utils.translation import gettext, ngettext

from pitchclub.text import parse_whole_number
from scoring import engine
from scoring.engine import PASS, RuleViolation
from scoring.engine.awards import MAX_GAME_POINTS
from scoring.refusals import TableNames, sentence
from scoring.table.taps import FULL, NOBODY, QUICK, SIDE_PREFIX, Row, Taps, call_value

# A game-point box holds at most MAX_GAME_POINTS: a longer number is no total at all.
GAME_POINT_DIGITS = len(str(MAX_GAME_POINTS))


class HandEntry(Taps):
    """The entry form for hand `number` of a game, bound to what was tapped."""

    # -- parsing ---------------------------------------------------------------------

    def missing(self) -> list[str]:
        """What is still to tap before the hand can be saved, in a few words."""
        missing = []
        if self.mode == FULL:
            waiting = [row.player for row in self._open_calls()]
            if len(waiting) == 1:
                missing.append(gettext("%(name)s's call") % {"name": waiting[0]})
            elif waiting:
                missing.append(
                    ngettext(
                        "%(count)s call (from %(name)s)",
                        "%(count)s calls (from %(name)s)",
                        len(waiting),
                    )
                    % {"count": len(waiting), "name": waiting[0]}
                )
        else:
            if self.pitcher.chosen is None:
                missing.append(gettext("the pitcher"))
            if self.bid.chosen is None:
                missing.append(gettext("the bid"))
        derive_game = any(gp["value"] for gp in self.game_points)
        for row in self.awards:
            if row.chosen is None and not (row.name == "award-game" and derive_game):
                missing.append(row.legend)
        return missing

    def _open_calls(self) -> list[Row]:
        """The calls still to tap: up to a closing bid, or every seat's."""
        open_rows = []
        for row in self.calls:
            chosen = row.chosen
            if chosen is None:
                open_rows.append(row)
            elif chosen == str(self.rules.max_bid):
                break
        return open_rows

    def hand_input(self) -> engine.HandInput | None:
        """What was tapped as an engine.HandInput; None (with the errors set) when
        something is missing or is not a number."""
        self._require()
        if self.has_errors:
            return None
        hand = self.parse()
        return None if self.has_errors else hand

    def parse(self) -> engine.HandInput | None:
        """What was tapped, whatever errors are shown; None if something is still
        to tap or a game-point box is not a number (then named in its errors)."""
        if self.missing():
            return None
        awards: dict[str, engine.Award] = {}
        for point, row in zip(self.rules.points, self.awards, strict=True):
            chosen = row.chosen
            if chosen is not None:
                awards[point] = _award_value(chosen)
        game_points = self._game_points()
        if any(gp["errors"] for gp in self.game_points):
            return None
        if self.mode == FULL:
            calls = [call_value(row.chosen) for row in self.calls]
            # Up to the last call tapped: after a closing bid the later players may
            # be left out or pass (an empty row counts as a pass there); a bid after
            # it is refused by the rules, next to its row.
            tapped = [index for index, call in enumerate(calls) if call is not None]
            upto = tapped[-1] + 1 if tapped else 0
            auction = tuple(PASS if call is None else call for call in calls[:upto])
            bidding: dict[str, Any] = {"auction": auction}
        else:
            bidding = {"pitcher": int(self.pitcher.chosen), "bid": int(self.bid.chosen)}
        return engine.HandInput(
            **bidding,
            trump=self.trump.chosen,
            awards=awards,
            single_trump=self.single_trump,
            game_points=game_points,
        )

    def _require(self) -> None:
        if self.mode == FULL:
            for row in self._open_calls():
                who = row.player
                if row.stuck_dealer:
                    row.errors.append(
                        gettext(
                            "Tap %(name)s's bid: everyone else passed, so the dealer "
                            "must bid at least %(bid)s."
                        )
                        % {"name": who, "bid": self.rules.stuck_dealer_min_bid}
                    )
                else:
                    row.errors.append(
                        gettext("Tap %(name)s's call: pass or a bid.") % {"name": who}
                    )
        else:
            if self.pitcher.chosen is None:
                self.pitcher.errors.append(
                    gettext("Tap the player who won the auction.")
                )
            if self.bid.chosen is None:
                self.bid.errors.append(gettext("Tap the bid."))
        derive_game = any(gp["value"] for gp in self.game_points)
        for row in self.awards:
            if row.chosen is None and not (row.name == "award-game" and derive_game):
                template = (
                    gettext("Who took %(point)s? Tap a player or Nobody.")
                    if any(choice.value == NOBODY for choice in row.choices)
                    else gettext("Who took %(point)s? Tap a player.")
                )
                row.errors.append(template % {"point": row.legend})

    def _game_points(self) -> tuple[int, ...] | None:
        given = [gp["value"] for gp in self.game_points]
        if not any(given):
            return None
        totals = []
        for gp in self.game_points:
            gp["errors"] = []
            # Once one box is filled, an empty one means no game points.
            if not gp["value"]:
                totals.append(0)
                continue
            total = parse_whole_number(gp["value"], max_digits=GAME_POINT_DIGITS)
            if total is None:
                gp["errors"].append(
                    gettext(
                        "Give %(name)s's game points as a whole number from 0 to "
                        "%(most)s, or leave the box empty for none."
                    )
                    % {"name": gp["label"], "most": MAX_GAME_POINTS}
                )
            else:
                totals.append(total)
        return tuple(totals) if len(totals) == len(given) else None

    @property
    def has_errors(self) -> bool:
        rows = [self.pitcher, self.bid, *self.calls, *self.awards, self.trump]
        return bool(
            self.errors
            or self.gp_errors
            or any(row.errors for row in rows)
            or any(gp["errors"] for gp in self.game_points)
        )

    @property
    def table_names(self) -> TableNames:
        """The players' and sides' names, for refusals said in names."""
        return TableNames(self.names, self.side_names)

    def refusal_words(self, refusal: RuleViolation) -> str:
        """A refusal in the players' names, in the scorekeeper's language."""
        return sentence(refusal, self.table_names)

    def add_refusal(self, refusal: RuleViolation, message: str | None = None) -> None:
        """Put the engine's refusal (or `message`, its words for people) next to
        the field it names."""
        if message is None:
            message = self.refusal_words(refusal)
        where = refusal.field or ""
        rows = {
            "pitcher": self.pitcher,
            "bid": self.bid,
            "trump": self.trump,
            **{
                f"awards.{point}": row
                for point, row in zip(self.rules.points, self.awards, strict=True)
            },
            **{f"auction.{i}": r for i, r in enumerate(self.calls)},
        }
        if self.mode == QUICK and where == "auction":
            where = "bid"
        if where in rows:
            rows[where].errors.append(message)
        elif where.startswith("game_points") or where == "single_trump":
            self.gp_errors.append(message)
            self.extras_open = True
        else:
            self.errors.append(message)


def _award_value(chosen: str) -> engine.Award:
    """A tapped choice of an award row: nobody, a team, or a seat (only the row's
    own choices can be chosen: a value posted that is none of them taps nothing)."""
    if chosen == NOBODY:
        return None
    if chosen.startswith(SIDE_PREFIX):
        return engine.SideCredit(int(chosen.removeprefix(SIDE_PREFIX)))
    return int(chosen)

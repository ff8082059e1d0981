"""The history of a game in words, for the table and hand pages: corrections and
undos ("bid 2 → 3", "Low Ann → Cy"), abandonments, resumptions and deletions."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext, ngettext

from scoring.models import GameLog, HandRevision, Point


def game_log_changes(entries: Iterable[GameLog]) -> list[dict[str, Any]]:
    """Abandonments and resumptions, in the shape of revision_changes."""
    titles = {
        GameLog.Action.ABANDON: gettext("Game abandoned"),
        GameLog.Action.RESUME: gettext("Game resumed"),
        GameLog.Action.DELETE: gettext("Game deleted"),
    }
    return [
        {
            "title": titles[GameLog.Action(entry.action)],
            "details": [
                ngettext("after %(hands)s hand", "after %(hands)s hands", hands)
                % {"hands": hands}
            ],
            "at": entry.changed_at,
            "by": entry.changed_by.get_username() if entry.changed_by else None,
            "number": None,
        }
        for entry in entries
        for hands in [entry.before.get("hand_count", 0)]
    ]


def _who(seat: int | dict[str, int] | None, names: dict[int, str]) -> str:
    if seat is None:
        return gettext("nobody")
    if isinstance(seat, dict):
        # A point credited to a team (partners sit opposite): "Ann & Cy".
        side, teams = seat.get("side"), max(len(names) // 2, 1)
        partners = [names[number] for number in sorted(names) if number % teams == side]
        return " & ".join(partners) or gettext("team %(side)s") % {"side": side}
    return names.get(seat, gettext("seat %(seat)s") % {"seat": seat})


def _hand_summary(hand: dict[str, Any], names: dict[int, str]) -> str:
    outcome = gettext("made") if hand.get("made") else gettext("set back")
    return gettext("%(pitcher)s bid %(bid)s, %(outcome)s") % {
        "pitcher": _who(hand.get("pitcher"), names),
        "bid": hand.get("bid"),
        "outcome": outcome,
    }


def _calls(hand: dict[str, Any]) -> str:
    auction = hand.get("auction")
    return ", ".join(map(str, auction)) if auction else gettext("not recorded")


def _hand_changes(
    before: dict[str, Any], after: dict[str, Any], names: dict[int, str]
) -> list[str]:
    """What a correction changed, in words: "bid 2 → 3", "Low Ann → Cy"."""
    changes = []

    def change(what: str, old: object, new: object) -> None:
        changes.append(f"{what} {old} → {new}")

    if before.get("auction") != after.get("auction"):
        change(gettext("auction"), _calls(before), _calls(after))
    if before.get("pitcher") != after.get("pitcher"):
        change(
            gettext("pitcher"),
            _who(before.get("pitcher"), names),
            _who(after.get("pitcher"), names),
        )
    if before.get("bid") != after.get("bid"):
        change(gettext("bid"), before.get("bid"), after.get("bid"))
    if before.get("trump") != after.get("trump"):
        change(
            gettext("trump"),
            before.get("trump") or gettext("not given"),
            after.get("trump") or gettext("not given"),
        )
    awards_before = before.get("awards") or {}
    awards_after = after.get("awards") or {}
    for point in awards_after:
        if awards_before.get(point) != awards_after[point]:
            change(
                Point(point).label,
                _who(awards_before.get(point), names),
                _who(awards_after[point], names),
            )
    if before.get("single_trump") != after.get("single_trump"):
        changes.append(
            gettext("single trump on")
            if after.get("single_trump")
            else gettext("single trump off")
        )
    if before.get("game_points") != after.get("game_points"):
        change(
            gettext("game points"),
            before.get("game_points") or gettext("none"),
            after.get("game_points") or gettext("none"),
        )
    return changes or [gettext("nothing changed")]


def revision_changes(
    revisions: Iterable[HandRevision], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Corrections and undos in words, newest first, for the history lists."""
    changes = []
    for revision in revisions:
        before = revision.before or {}
        number = {"number": revision.hand_number}
        if revision.action == HandRevision.Action.UNDO:
            title = (
                gettext("Hand %(number)s undone, then restored") % number
                if revision.after is not None
                else gettext("Hand %(number)s undone") % number
            )
            details = [
                gettext("it was %(summary)s")
                % {"summary": _hand_summary(before, names)}
            ]
        else:
            title = gettext("Hand %(number)s corrected") % number
            details = _hand_changes(before, revision.after or {}, names)
        changes.append(
            {
                "title": title,
                "details": details,
                "at": revision.changed_at,
                "by": revision.changed_by.get_username()
                if revision.changed_by
                else None,
                "number": revision.hand_number,
            }
        )
    changes.reverse()
    return changes

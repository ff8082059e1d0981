"""The player page's lines written once here, as the leaderboard's are
(board_pages): the latest games' cards, and the rating's table. Through the
template's tags (date, url, translate, blocktranslate, a property a variable) they
cost a fifth of the page; here each is a few string formats. What the tags
escape is escaped here; a blocktranslate's sentence is not, its values are."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from scoring.engine import Variant
from scoring.stats import figures as stats
from scoring.stats import ratings
from scoring.stats.board_pages import address_of


def day_texts(day_format: str) -> Callable[[datetime], str]:
    """A moment's day in the site's time zone (as the date filter shows it) in
    `day_format`; each day is formatted once (a rating's 50 games fall on a few)."""
    written: dict[date, str] = {}
    zone = timezone.get_current_timezone()

    def day_text(moment: datetime) -> str:
        day = timezone.localdate(moment, zone)
        if day not in written:
            written[day] = date_format(day, day_format)
        return written[day]

    return day_text


def game_days() -> Callable[[datetime], str]:
    """The day a game was played, as the page writes it."""
    return day_texts(pgettext("date format: the day a game was played", "D j M Y"))


@dataclass(frozen=True, slots=True)
class RecentLine:
    """A latest game's card as the page writes it (templates/scoring/
    _stats_recent.html): its address, the variant, the player's result and score,
    the sides (as the game cards show them), and under them the club, the hands
    and the day."""

    result: str
    href: str
    variant: SafeString
    result_said: SafeString
    score: int
    sides: list[dict[str, Any]]
    meta: SafeString


def _result_said(result: str) -> str:
    if result == "won":
        return "★ " + conditional_escape(pgettext("a game won", "Won"))
    if result == "lost":
        return conditional_escape(pgettext("a game lost", "Lost"))
    return conditional_escape(gettext("In progress"))


def recent_lines(recent: list[stats.RecentGame]) -> list[RecentLine]:
    """The latest games' cards, newest first."""
    day_text, game_href = game_days(), address_of("scoring:game")
    partners = " · " + conditional_escape(
        pgettext("a game played in partnership", "partners")
    )
    lines = []
    for entry in recent:
        game = entry.game
        variant = conditional_escape(game.get_variant_display())
        if game.partnership and game.variant == Variant.AUCTION.value:
            variant += partners
        hands = ngettext("%(counter)s hand", "%(counter)s hands", game.hand_count) % {
            "counter": game.hand_count
        }
        club = f"{conditional_escape(game.club.name)} · " if game.club else ""
        lines.append(
            RecentLine(
                result=entry.result,
                href=game_href(game.pk),
                variant=mark_safe(variant),
                result_said=mark_safe(_result_said(entry.result)),
                score=entry.score,
                sides=entry.sides,
                meta=mark_safe(
                    f"{club}{hands} · {conditional_escape(day_text(game.created_at))}"
                ),
            )
        )
    return lines


def rating_rows(
    history: list[ratings.RatingPoint], text: Callable[[float], str]
) -> list[tuple[str, str, str, str]]:
    """The rating chart's figures as a table, latest first: the day, the game's
    address and name, the rating after it (written by `text`)."""
    day_text, game_href = game_days(), address_of("scoring:game")
    return [
        (
            day_text(point.finished_at),
            game_href(point.game_id),
            gettext("Game %(number)s") % {"number": point.game_id},
            text(point.ordinal),
        )
        for point in reversed(history)
    ]

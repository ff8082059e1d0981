"""One page of a club's leaderboard (scoring.stats.leaderboard): the ranked players
then those below the minimum, cut into pages, with links that keep the rest of
the query and to the viewer's own line; each line's figures and sentences written
once here (BoardLine)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Paginator
from django.http import QueryDict
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.stats.leaderboard import Leaderboard, Standing
from scoring.templatetags.stats import percent_shown

# Players a page of the leaderboard lists: a phone loads a page of 100 fast; a
# club of 2,000 is 20 pages.
PER_PAGE = 100


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A player's line as the page writes it. A page of 100 lines written through
    the template's url, include and blocktranslate tags cost more than reading the
    whole leaderboard; written here, each is a few string formats. The sentences
    hold only the translation and whole numbers: safe as blocktranslate's are."""

    standing: Standing
    href: str
    won_lost: str
    won_lost_said: SafeString
    win: str
    won_of: SafeString
    # Nothing when the player pitched no bid.
    bids: str
    made_of: SafeString

    @classmethod
    def of(cls, standing: Standing, href: str) -> "BoardLine":
        won, games = standing.won, standing.games
        made, pitched = standing.made, standing.pitched
        return cls(
            standing=standing,
            href=href,
            won_lost=f"{won}\N{EN DASH}{standing.lost}",
            won_lost_said=mark_safe(
                gettext("%(won)s won, %(lost)s lost")
                % {"won": won, "lost": standing.lost}
            ),
            win=percent_shown(standing.win_percent),
            won_of=mark_safe(
                gettext("%(won)s of %(games)s") % {"won": won, "games": games}
            ),
            bids=percent_shown(standing.bid_percent) if pitched else "",
            made_of=mark_safe(
                gettext("%(made)s of %(pitched)s") % {"made": made, "pitched": pitched}
            )
            if pitched
            else mark_safe(""),
        )


def address_of(name: str) -> Callable[[int], str]:
    """The address of the view `name` for any id, reversed once (a page of 100
    lines reversed 100 times cost milliseconds)."""
    marker = "2147483647"
    before, after = reverse(name, args=[int(marker)]).split(marker)
    return lambda pk: f"{before}{pk}{after}"


def player_hrefs(season: str | None) -> Callable[[int], str]:
    """A player's page for any id, with the season the leaderboard is narrowed
    to."""
    page = address_of("scoring:player")
    if season is None:
        return page
    query = f"?season={quote(season, safe='/')}"
    return lambda pk: f"{page(pk)}{query}"


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One page of the leaderboard: the ranked players then those below, one list
    cut into pages of PER_PAGE (`ranked` and `below`: this page's part of each);
    links to the pages before and after, and to the viewer's own line (`mine`:
    (standing, its page's link) for each of the viewer's players on the roster)."""

    number: int
    pages: int
    ranked: list[BoardLine]
    below: list[BoardLine]
    # Whether the list below the minimum starts on this page (its heading).
    below_starts: bool
    previous: str = ""
    next: str = ""
    first_shown: int = 0
    last_shown: int = 0
    total: int = 0
    mine: list[tuple[Standing, str]] = field(default_factory=list)


def board_page(
    board: Leaderboard,
    *,
    asked: str | None,
    query: QueryDict,
    user: AbstractBaseUser | None,
    season: str | None = None,
) -> BoardPage:
    """The page `asked` (`?page=`; a wrong or missing one is the first, one past
    the end the last) of `board`, its links keeping the rest of `query` (the
    season, the minimum). No query: the viewer's players are those of the
    roster read with the board. `season`: the season the board is narrowed to,
    which the players' links keep."""
    lines = board.ranked + board.below
    paginator = Paginator(lines, PER_PAGE, allow_empty_first_page=True)
    # Paginator.get_page takes 0 and below for past the end: they are the first.
    try:
        before_first = asked is not None and int(asked) < 1
    except ValueError:
        before_first = False
    page = paginator.get_page(1 if before_first else asked)
    shown = list(page.object_list)
    chosen = {s.player.pk for s in board.ranked}
    href = player_hrefs(season)
    lines_shown = [BoardLine.of(s, href(s.player.pk)) for s in shown]
    ranked = [line for line in lines_shown if line.standing.player.pk in chosen]
    below = lines_shown[len(ranked) :]

    def link(number: int) -> str:
        kept = query.copy()
        kept.pop("page", None)
        if number > 1:
            kept["page"] = str(number)
        return f"?{kept.urlencode()}" if kept else "?"

    mine = []
    user_id = (
        getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    )
    if user_id is not None:
        for position, standing in enumerate(lines):
            if standing.player.user_id == user_id:
                number = position // PER_PAGE + 1
                mine.append((standing, f"{link(number)}#player-{standing.player.pk}"))
    return BoardPage(
        number=page.number,
        pages=paginator.num_pages,
        ranked=ranked,
        below=below,
        below_starts=bool(below) and (page.start_index() - 1 <= len(board.ranked)),
        previous=link(page.number - 1) if page.has_previous() else "",
        next=link(page.number + 1) if page.has_next() else "",
        first_shown=page.start_index(),
        last_shown=page.end_index(),
        total=len(lines),
        mine=mine,
    )

"""One page of a club's leaderboard (scoring.stats.leaderboard): the ranked players
then those below the minimum, cut into pages, with links that keep the rest of
the query and to the viewer's own line."""

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Paginator
from django.http import QueryDict

from scoring.stats.leaderboard import Leaderboard, Standing

# Players a page of the leaderboard lists: a phone loads a page of 100 fast; a
# club of 2,000 is 20 pages.
PER_PAGE = 100


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One page of the leaderboard: the ranked players then those below, one list
    cut into pages of PER_PAGE (`ranked` and `below`: this page's part of each);
    links to the pages before and after, and to the viewer's own line (`mine`:
    (standing, its page's link) for each of the viewer's players on the roster)."""

    number: int
    pages: int
    ranked: list[Standing]
    below: list[Standing]
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
) -> BoardPage:
    """The page `asked` (`?page=`; a wrong or missing one is the first, one past
    the end the last) of `board`, its links keeping the rest of `query` (the
    season, the minimum). No query: the viewer's players are those of the
    roster read with the board."""
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
    ranked = [s for s in shown if s.player.pk in chosen]
    below = shown[len(ranked) :]

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

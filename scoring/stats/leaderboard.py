"""A club's leaderboard: its players ranked by rating, with games, win rate and bid
success (docs/ratings.md). Reads only, from aggregates grouped by player: the same
number of queries whatever the club's size.

The figures count the games the viewer may read. A club's player sits only in the
club's games and in games outside clubs (which everyone may read), so whoever may
see the club sees all of them: the rating, which comes from every game a player
finished, and the figures beside it agree.

Per season (`?season=id`): the figures count only the season's games, the rating
stays the overall one. Scoring knows no seasons: the app that keeps them (the
tournaments) registers the statistics scope "season" (scoring.games.scopes) with
`club_choices`, the club's seasons; only those are accepted.
"""

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Case, Count, Q, QuerySet, Sum, Value, When
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

from pitchclub import permissions, sql
from pitchclub.models import Club, Player
from pitchclub.permissions import ClubAccess
from scoring.games import scopes
from scoring.games.scopes import ScopeChoice, ScopeGames, ScopeRefused
from scoring.models import PlayerDay, PlayerGame, PlayerTotal, Rating, Status
from scoring.stats import sums
from scoring.stats.charts import rating_text
from scoring.templatetags.stats import whole_percent

Result = PlayerGame.Result

# Fewer finished games than this and a player is listed apart (`?min=`).
MIN_GAMES = 3
MIN_GAMES_MOST = 1000
# The club page shows the first few.
TOP = 5
# A rating's columns a line shows.
RATED = ("mu", "sigma", "ordinal", "games")


class RosterPlayer(NamedTuple):
    """What a line shows of a player: read as plain values, not as 2,000 models
    (building them was a third of a club's leaderboard)."""

    pk: int
    name: str
    user_id: int | None


class Skill(NamedTuple):
    """What a line shows of a player's rating (scoring.models.Rating's columns)."""

    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: their rating (None before their first rated game) and
    what they did in the games the viewer may read. `player` and `rating` are
    RosterPlayer and Skill, or anything with their attributes (a Player, a
    Rating)."""

    player: RosterPlayer | Player
    rating: Skill | Rating | None
    games: int = 0
    won: int = 0
    pitched: int = 0
    made: int = 0
    rank: int | None = None

    @property
    def lost(self) -> int:
        """Finished games not won (won and lost are shown beside the rating)."""
        return self.games - self.won

    @property
    def win_rate(self) -> float | None:
        """Finished games won, 0 to 1 (None without a finished game)."""
        return self.won / self.games if self.games else None

    @property
    def bid_success(self) -> float | None:
        """Bids made of the hands pitched, 0 to 1 (None without one pitched)."""
        return self.made / self.pitched if self.pitched else None

    @property
    def rating_shown(self) -> str:
        """The ordinal as every page shows it ("" without a rating): formatted
        here, not by a filter in each of 200 rows."""
        return "" if self.rating is None else rating_text(self.rating.ordinal)

    @property
    def rating_detail(self) -> str:
        if self.rating is None:
            return ""
        return gettext("mu %(mu)s, sigma %(sigma)s") % {
            "mu": number_format(round(self.rating.mu, 2), decimal_pos=2),
            "sigma": number_format(round(self.rating.sigma, 2), decimal_pos=2),
        }

    @property
    def win_percent(self) -> int | None:
        """The win rate as the pages show it: a whole percent, a half up."""
        return whole_percent(self.win_rate)

    @property
    def bid_percent(self) -> int | None:
        """Bids made as the pages show it: a whole percent, a half up."""
        return whole_percent(self.bid_success)


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """`ranked`: players with at least `min_games` finished games and a rating, best
    first; `below`: those with fewer (at least one), most games first; `unplayed`:
    how many of the roster have finished no game."""

    min_games: int
    ranked: list[Standing] = field(default_factory=list)
    below: list[Standing] = field(default_factory=list)
    unplayed: int = 0


def club_for_leaderboard(
    *, slug: str, user: AbstractBaseUser | None
) -> tuple[Club, ClubAccess] | None:
    """The club of `slug` and what the user may do there, or None when there is no
    such club or the user may not see it (a private club for outsiders): 2 queries
    at most."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        return None
    access = permissions.club_access(club=club, user=user)
    return (club, access) if access.can_view else None


@dataclass(frozen=True, slots=True)
class Seasons:
    """The club's seasons the page offers (newest first) and the one whose games
    the figures count (`chosen`, None: all games), with those games."""

    label: str = gettext_lazy("Season")
    choices: list[ScopeChoice] = field(default_factory=list)
    chosen: ScopeChoice | None = None
    games: ScopeGames | None = None


class SeasonUnknown(Exception):
    """`?season=` names none of the club's seasons: `message` says so, for people;
    `seasons` are the club's, to choose from."""

    def __init__(self, message: str, seasons: Seasons) -> None:
        super().__init__(message)
        self.message = message
        self.seasons = seasons


def club_seasons(
    *, club: Club, value: str | None, user: AbstractBaseUser | None
) -> Seasons:
    """The club's seasons, and the one `value` names (none when `value` is empty),
    as `user` (who may see the club) reads it: 1 query, 3 with a season (it, then
    its games' ids: scopes.scope_ids). SeasonUnknown when `value` is not one of the
    club's seasons (another club's, an unknown or a malformed one: the same
    sentence, so nothing is told of other clubs)."""
    supplied = scopes.scope("season")
    listed = supplied.club_choices if supplied is not None else None
    choices = listed(club) if listed is not None else []
    found = Seasons(
        label=supplied.label if supplied is not None else gettext("Season"),
        choices=choices,
    )
    value = (value or "").strip()
    if not value:
        return found
    chosen = next((choice for choice in choices if choice.value == value), None)
    if chosen is None:
        shown = value if len(value) <= 30 else f"{value[:29]}…"
        if not choices:
            message = gettext(
                "%(club)s has no seasons yet: the leaderboard counts all its games."
            ) % {"club": club.name}
        else:
            # Translators: %(value)s is what was typed in the address.
            message = gettext(
                "%(club)s has no season “%(value)s”: choose one of its seasons "
                "below, or all games."
            ) % {"club": club.name, "value": shown}
        raise SeasonUnknown(message, found)
    try:
        games = supplied.resolver(chosen.value, user)
    except ScopeRefused as refused:
        raise SeasonUnknown(refused.message, found) from refused
    return replace(found, chosen=chosen, games=scopes.scope_ids(games))


def club_leaderboard(
    *,
    club: Club,
    user: AbstractBaseUser | None,
    min_games: int = MIN_GAMES,
    games: ScopeGames | None = None,
) -> Leaderboard:
    """The club's leaderboard as `user` may read it (2 queries: the roster with
    ratings, then the players' sums over all time, PlayerTotal: the work grows
    with the roster, not its games). With `games` (a season's:
    `club_seasons`), the figures count only those games, summed from their
    per-game rows (PlayerGame: 2 queries too); the rating is still the player's
    overall one."""
    # Only what the lines show, as values: 2,000 players' other columns cost as
    # much again, and their models more.
    # (sql.plain_rows: whole numbers, floats and text, read as they come.)
    players = [
        (RosterPlayer(pk, name, user_id), Skill(*rated) if rated[-1] else None)
        for pk, name, user_id, *rated in sql.plain_rows(
            Player.objects.filter(club=club)
            .order_by("id")
            .values_list(
                "id", "name", "user_id", *(f"rating__{name}" for name in RATED)
            )
        )
    ]
    # What a viewer of the club may read of its players' games: the club's games
    # and those outside clubs (everyone's); a club's player sits in no other.
    if games is None:
        finished, bids = _total_sums(club)
    else:
        finished, bids = _season_sums(club, games)
    standings = []
    for player, rating in players:
        games = finished.get(player.pk, {})
        hands = bids.get(player.pk, {})
        standings.append(
            Standing(
                player=player,
                rating=rating,
                games=games.get("games", 0),
                won=games.get("won", 0),
                pitched=hands.get("pitched", 0),
                made=hands.get("made", 0),
            )
        )
    return _ranked(standings, min_games)


Sums = dict[int, dict[str, int]]


def _total_sums(club: Club) -> tuple[Sums, Sums]:
    """Finished games and wins, hands pitched and made, by player, from the sums
    over all time of the club's games and those outside clubs (club 0);
    abandoned games are not in them, games in progress count as far as they
    went."""
    found = _by_player(
        PlayerTotal.objects.filter(club__in=[club.pk, 0], player__club=club)
    )
    return found, found


def _by_player(sums: QuerySet) -> Sums:
    """A sums' table (PlayerTotal, PlayerDay) summed by player: finished games,
    wins, hands pitched and made (1 query; none when it can match nothing, as a
    season without nights). A club's 2,000 rows are read as the database gives
    them (sql.plain_rows): the sums of integer columns are whole numbers on both
    databases."""
    rows = sql.plain_rows(
        sums.values_list("player_id")
        .annotate(
            games=Sum("finished"),
            won=Sum("won"),
            pitched=Sum("pitched"),
            made=Sum("made"),
        )
        .order_by()
    )
    return {
        player: {name: count or 0 for name, count in zip(_SUMMED, counts, strict=True)}
        for player, *counts in rows
    }


def _season_sums(club: Club, games: ScopeGames) -> tuple[Sums, Sums]:
    """The same of the season's games: a season given as its nights' days from
    the daily sums of those days (PlayerDay), less the games it leaves out and
    plus those it counts on another day (2 queries); otherwise from their
    per-game rows (1 query): its games by id on the rows themselves, not through
    a join to the games."""
    if isinstance(games, scopes.NightDays) and sums.days_in_site_zone(sql.db()):
        found = _row_sums(
            club, Q(game_id__in=[*games.added, *games.removed]), set(games.removed)
        )
        days = _by_player(
            PlayerDay.objects.filter(
                club=games.club_id,
                variant=games.variant,
                day__in=games.days,
                player__club=club,
            )
        )
        for player, counts in days.items():
            summed = found.get(player)
            if summed is None:
                found[player] = counts
            else:
                for name in _SUMMED:
                    summed[name] += counts[name]
        return found, found
    if isinstance(games, scopes.DateRange | scopes.NightDays):
        season = scopes.scope_filter(games, "game__")
    else:
        season = Q(game_id__in=games)
    found = _row_sums(club, season, set())
    return found, found


_SUMMED = ("games", "won", "pitched", "made")


def _row_sums(club: Club, season: Q, removed: set[int]) -> Sums:
    """The season's games' (`season`: a filter on the per-game rows) finished
    games and wins, hands pitched and made, by player (1 query); the games of
    `removed` taken away instead of added."""
    readable = (Q(club=club) | Q(club__isnull=True)) & season
    counted = ~Q(status=Status.ABANDONED)
    found: Sums = {}
    # The roster by its club, not by 2,000 ids sent back to the database. A hand
    # counts for its pitcher (games abandoned left out, games in progress as far
    # as they went, as every statistic counts them).
    for row in (
        PlayerGame.objects.filter(readable, player__club=club)
        .values("player_id")
        .annotate(
            away=Case(When(game_id__in=removed, then=-1), default=1)
            if removed
            else Value(1),
            games=Count("id", filter=Q(status=Status.FINISHED)),
            won=Count("id", filter=Q(result=Result.WON)),
            pitched=Sum("pitched", filter=counted),
            made=Sum("made", filter=counted),
        )
        .order_by()
    ):
        summed = found.setdefault(row["player_id"], dict.fromkeys(_SUMMED, 0))
        for name in _SUMMED:
            summed[name] += row["away"] * (row[name] or 0)
    return found


def _ranked(standings: list[Standing], min_games: int) -> Leaderboard:
    qualified = [s for s in standings if s.games >= min_games and s.rating is not None]
    qualified.sort(
        key=lambda s: (
            -s.rating.ordinal,
            -s.games,
            s.player.name.casefold(),
            s.player.pk,
        )
    )
    ranked: list[Standing] = []
    for position, standing in enumerate(qualified, start=1):
        # Ratings equal to the two decimals shown share a rank.
        shown = round(standing.rating.ordinal, 2)
        if ranked and round(ranked[-1].rating.ordinal, 2) == shown:
            rank = ranked[-1].rank
        else:
            rank = position
        # As dataclasses.replace, without its look at the fields (1,700 lines).
        s = standing
        ranked.append(
            Standing(s.player, s.rating, s.games, s.won, s.pitched, s.made, rank)
        )
    chosen = {standing.player.pk for standing in qualified}
    below = [s for s in standings if s.games and s.player.pk not in chosen]
    below.sort(key=lambda s: (-s.games, s.player.name.casefold(), s.player.pk))
    unplayed = sum(1 for s in standings if not s.games)
    return Leaderboard(min_games, ranked, below, unplayed)

"""Long names never make a page wider than the screen (issue 11, item 4).

Every page that shows a name is opened with the longest names the site accepts (wide
letters without a space, and long names with spaces), at 320, 360 and 390 px wide:
the page must not scroll sideways, no element may reach past the right edge of the
screen (unless it sits in a box that scrolls or clips on purpose, such as the score
sheet), and a name shortened with an ellipsis keeps its whole text in a `title`.

To check a new page, add a `Target` to `TARGETS`: a name, a function of the `World`
built below that returns the page's address, who is signed in, and whether to look
at it printed."""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page

from pitchclub.models import Club, Invite, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_accept, invite_create
from pitchclub.services.players import guest_add
from pitchclub.vocabulary import (
    CLUB_NAME_MAX,
    DESCRIPTION_MAX,
    PLACE_MAX,
    PLAYER_NAME_MAX,
)
from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, sign_in
from tests.factories import UserFactory
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.nights import services as night_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (320, 360, 390)
# German compounds are long (issue 24): every page again in each other language, at
# the narrowest width, where a long word breaks a page first.
LANGUAGES = ("de", "pl", "fr")
HEIGHT = 740

# Django's own limits on an account's names (auth.User).
USERNAME_MAX = 150
FIRST_NAME_MAX = 150
LAST_NAME_MAX = 150
EMAIL_MAX = 254


def fill(pattern: str, length: int) -> str:
    """`pattern` repeated and cut to exactly `length` characters."""
    return (pattern * (length // len(pattern) + 1))[:length]


N = PLAYER_NAME_MAX
# The keeper's roster entry is the first 40 letters of the username: "WWW…W".
KEEPER_USERNAME = fill("W", USERNAME_MAX)
# Seven players, told apart case-insensitively, the widest letters there are.
NAMES = [
    fill("W", N),  # the keeper's own roster entry
    fill("M", N),
    fill("W", N - 1) + "M",
    fill("MW", N),
    fill("WM", N),
    # Long names with spaces wrap at the spaces; the last word is still long.
    fill("Wilhelmina Maximiliane Wolkenstein-Mawr ", N).strip().ljust(N, "W"),
    fill("M", N - 1) + "W",
]
CLUB_NAME = fill("W", CLUB_NAME_MAX)
CLUB_NAME_SPACED = fill("The Wednesday Night Wolverhampton Mammoth Pitch Club ", 80)
PLACE = fill("W", PLACE_MAX)
DESCRIPTION = fill("WWWWWWWWWW-MMMMMMMMMM_", DESCRIPTION_MAX)


@dataclass
class World:
    """Everything the pages show, built through the services as the site does."""

    keeper: AbstractUser
    outsider: AbstractUser
    club: Club
    spaced_club: Club
    invite: Invite
    claim: Invite
    games: dict[str, Game] = field(default_factory=dict)
    # A guest who sat in no game: the seven-player game's first player can merge
    # into them (the page then lists every seat that would move).
    spare: int = 0


def record(
    game: Game, auction: list[Any], awards: dict[str, Any], **extra: Any
) -> None:
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(auction=tuple(auction), awards=awards, **extra),
    )


def auction_hands(game: Game, players: int) -> None:
    """Three hands: a made bid, a set back and a stuck dealer; every seat named."""
    passes = ["pass"] * (players - 1)
    # Seat 0 deals; seat 1 bids 2 and makes it.
    record(game, [2, *passes], {"high": 1, "low": 1, "jack": 2, "game": 3})
    # Seat 1 deals; seat 2 bids 3 and is set.
    record(
        game,
        [3, *passes],
        {"high": players - 1, "low": 2, "game": 0},
        trump="diamonds",
    )
    # Seat 2 deals and is stuck with 2.
    record(game, [*passes, 2], {"high": 2, "low": players - 1, "jack": 4 % players})


def build_world() -> World:
    keeper = UserFactory(
        username=KEEPER_USERNAME,
        email=fill("w", 64) + "@" + fill("mmmmmmmmmm.", EMAIL_MAX - 69) + ".org",
    )
    outsider = UserFactory(
        username=fill("M", USERNAME_MAX),
        first_name=fill("M", FIRST_NAME_MAX),
        last_name=fill("W", LAST_NAME_MAX),
    )
    club = club_create(
        name=CLUB_NAME,
        by=keeper,
        location=PLACE,
        schedule=fill("Wednesdays ", PLACE_MAX),
        description=DESCRIPTION,
    )
    spaced_club = club_create(name=CLUB_NAME_SPACED, by=keeper, location=PLACE)
    # Members with the longest names an account can have.
    for username, first, last in (
        (fill("MW", USERNAME_MAX), "", ""),
        (fill("Wm", USERNAME_MAX), fill("W", FIRST_NAME_MAX), fill("M", LAST_NAME_MAX)),
    ):
        member = UserFactory(username=username, first_name=first, last_name=last)
        invite = invite_create(club=club, by=keeper, role=Role.SCOREKEEPER)
        invite_accept(code=invite.code, user=member)
    guests = [guest_add(club=club, name=name) for name in NAMES[1:]]
    invite = invite_create(club=club, by=keeper, role=Role.ORGANISER)
    claim = invite_create(club=club, by=keeper, player=guests[0])
    world = World(keeper, outsider, club, spaced_club, invite, claim)
    world.spare = guest_add(club=club, name=fill("MMW", N)).pk

    def start(key: str, variant: str, players: int, partnership: bool = False) -> Game:
        game = services.game_start(
            variant=variant,
            players=NAMES[:players],
            partnership=partnership,
            club=club,
            created_by=keeper,
        )
        world.games[key] = game
        return game

    for players in (4, 6, 7):
        auction_hands(start(f"solo-{players}", "auction", players), players)
    for players in (4, 6):
        game = start(f"partners-{players}", "auction", players, partnership=True)
        auction_hands(game, players)
    thirteen = start("thirteen", "thirteen", 4, partnership=True)
    record(
        thirteen,
        [5, "pass", "pass", "pass"],
        {"ace": 1, "three": 3, "off_three": 0, "two": 2, "ten": None, "jick": 1},
    )
    # Won: seat 1 pitches 4 twice and takes everything.
    finished = start("finished", "auction", 4)
    all_to_1 = {"high": 1, "low": 1, "jack": 1, "game": 1}
    record(finished, [4], all_to_1)
    record(finished, ["pass", "pass", "pass", 4], all_to_1)
    # The revision log: a hand corrected, then the last one undone.
    revised = start("revised", "auction", 4)
    auction_hands(revised, 4)
    hand_services.hand_correct(
        game_id=revised.pk,
        number=1,
        hand=engine.HandInput(auction=(2, "pass", "pass", "pass"), awards=all_to_1),
        by=keeper,
    )
    hand_services.hand_undo(game_id=revised.pk, number=3, by=keeper)
    # Abandoned after three hands, and one started by mistake and deleted: the
    # game page's banner, the cards and the club archive's "Deleted games".
    abandoned = start("abandoned", "auction", 4)
    auction_hands(abandoned, 4)
    services.game_abandon(game_id=abandoned.pk, by=keeper)
    services.game_delete(game_id=start("mistake", "auction", 7).pk, by=keeper)
    # A fixed-hands game of 2 hands tied at the top after them: "Extra hand 3", its
    # note and the tie between the two longest names.
    fixed = services.game_start(
        variant="auction",
        players=NAMES[:7],
        club=club,
        created_by=keeper,
        options={"hand_limit": 2},
    )
    world.games["fixed-hands"] = fixed
    record(fixed, [2, *["pass"] * 6], dict.fromkeys(("high", "low", "jack", "game"), 1))
    record(fixed, [4], dict.fromkeys(("high", "low", "jack", "game"), 2))
    # A game started outside any club, on the home page too.
    world.games["clubless"] = services.game_start(
        variant="auction", players=NAMES[:3], created_by=keeper
    )
    return world


@dataclass(frozen=True)
class Target:
    """A page to check: its address in the world, who looks at it (the keeper, an
    outsider who is no member of the club, or nobody signed in), on screen or
    printed."""

    name: str
    url: Callable[[World], str]
    who: str = "keeper"
    media: str = "screen"


def game(key: str, suffix: str = "") -> Callable[[World], str]:
    return lambda world: f"/games/{world.games[key].pk}/{suffix}"


def first_player(world: World) -> int:
    """The player of seat 0 in the seven-player game: a name at the limit."""
    return world.games["solo-7"].seats.get(number=0).player_id


GAME_KEYS = ("solo-4", "solo-6", "solo-7", "partners-4", "partners-6", "thirteen")

TARGETS: list[Target] = [
    Target("home", lambda w: "/"),
    Target("home-signed-out", lambda w: "/", who=None),
    Target("club-list", lambda w: "/clubs/"),
    Target("club", lambda w: f"/clubs/{w.club.slug}/"),
    Target("club-spaced", lambda w: f"/clubs/{w.spaced_club.slug}/"),
    Target("club-edit", lambda w: f"/clubs/{w.club.slug}/edit/"),
    Target("club-new", lambda w: "/clubs/new/"),
    Target("members", lambda w: f"/clubs/{w.club.slug}/members/"),
    Target("roster", lambda w: f"/clubs/{w.club.slug}/players/"),
    Target("roster-search", lambda w: f"/clubs/{w.club.slug}/players/?q={'W' * 40}"),
    Target("invites", lambda w: f"/clubs/{w.club.slug}/invites/"),
    Target("join", lambda w: "/join/", who="outsider"),
    Target("join-code", lambda w: f"/join/{w.invite.code}/", who="outsider"),
    Target("join-claim", lambda w: f"/join/{w.claim.code}/", who="outsider"),
    Target("join-signed-out", lambda w: f"/join/{w.claim.code}/", who=None),
    Target("new-game", lambda w: "/games/new/"),
    Target("new-game-club", lambda w: f"/games/new/?club={w.club.slug}"),
    *(Target(f"game-{key}", game(key)) for key in GAME_KEYS),
    Target("game-finished", game("finished")),
    Target("game-revised", game("revised")),
    Target("game-clubless", game("clubless")),
    Target("game-fixed-hands", game("fixed-hands")),
    Target("live-fixed-hands", game("fixed-hands", "live/")),
    Target("game-watched", game("solo-7"), who="outsider"),
    Target("hand", game("solo-7", "hands/2/")),
    Target("hand-partners", game("partners-6", "hands/3/")),
    Target("hand-thirteen", game("thirteen", "hands/1/")),
    Target("hand-revised", game("revised", "hands/1/")),
    Target("undo", game("solo-7", "hands/3/undo/")),
    Target("live", game("solo-7", "live/")),
    Target("live-finished", game("finished", "live/")),
    Target("print-game", game("solo-7"), media="print"),
    Target("print-finished", game("finished"), media="print"),
    Target("print-live", game("partners-6", "live/"), media="print"),
    Target("game-abandoned", game("abandoned")),
    Target("abandon", game("solo-4", "abandon/")),
    Target("delete", game("clubless", "delete/")),
    Target("archive", lambda w: "/games/"),
    Target("archive-filtered", lambda w: f"/games/?variant=auction&club={w.club.slug}"),
    Target("club-archive", lambda w: f"/clubs/{w.club.slug}/games/"),
    Target("leaderboard", lambda w: f"/clubs/{w.club.slug}/leaderboard/?min=1"),
    Target("leaderboard-below", lambda w: f"/clubs/{w.club.slug}/leaderboard/"),
    Target("player-archive", lambda w: f"/players/{first_player(w)}/games/"),
    Target("player-stats", lambda w: f"/players/{first_player(w)}/"),
    Target(
        "player-stats-13", lambda w: f"/players/{first_player(w)}/?variant=thirteen"
    ),
    Target("player", lambda w: f"/clubs/{w.club.slug}/players/{first_player(w)}/"),
    Target(
        "player-merge",
        lambda w: (
            f"/clubs/{w.club.slug}/players/{first_player(w)}/merge/?into={w.spare}"
        ),
    ),
    Target("roster-log", lambda w: f"/clubs/{w.club.slug}/players/log/"),
    Target("profile", lambda w: "/accounts/profile/"),
    Target("password-change", lambda w: "/accounts/password/change/"),
    Target("login", lambda w: "/accounts/login/", who=None),
    Target("signup", lambda w: "/accounts/signup/", who=None),
    Target("tournament-new", lambda w: f"/clubs/{w.club.slug}/tournaments/new/"),
    Target("tournament-match", lambda w: tournament_match(w, "ready")),
    Target("tournament-match-played", lambda w: tournament_match(w, "played")),
    Target("tournament-match-done", lambda w: tournament_match(w, "done")),
    Target("tournament-table", lambda w: tournament_match(w, "table")),
]


# Tournament pages (issue 12): a double elimination of teams with the longest
# names, a game under way at a table; a Swiss of seven long-named players with its
# first round played.
def tournament(world: World, format: str) -> int:
    from tournaments.brackets import create
    from tournaments.matches import services as match_services
    from tournaments.models import Match
    from tournaments.vocabulary import TOURNAMENT_NAME_MAX

    teams = format == "double_elimination"
    if teams:
        entrants = [
            create.EntrantInput(
                players=NAMES[2 * i : 2 * i + 2],
                name=fill("WM"[i % 2] + "W", TOURNAMENT_NAME_MAX - i),
            )
            for i in range(3)
        ]
    else:
        entrants = [create.EntrantInput(players=[n]) for n in NAMES]
    t = create.tournament_create(
        club=world.club,
        name=fill("W", TOURNAMENT_NAME_MAX),
        format=format,
        variant="auction",
        team_size=2 if teams else 1,
        options={"target": 11},
        entrants=entrants,
        created_by=world.keeper,
    )
    for match in Match.objects.filter(tournament=t, status="ready").order_by("id"):
        game, _ = match_services.match_game_start(tournament_id=t.pk, match_id=match.pk)
        if teams:
            auction_hands(game, 4)
        else:
            for _ in range(3):
                record(game, [4, "pass"], {"high": 1, "low": 1, "jack": 1, "game": 1})
    return t.pk


def tournament_page(format: str, suffix: str = "") -> Callable[[World], str]:
    return lambda world: f"/tournaments/{tournament(world, format)}/{suffix}"


TARGETS += [
    Target("tournament-list", lambda w: f"/clubs/{w.club.slug}/tournaments/"),
    Target("tournament-double", tournament_page("double_elimination")),
    Target("tournament-swiss", tournament_page("swiss")),
    Target("tournament-swiss-signed-out", tournament_page("swiss"), who=None),
    Target("tournament-wall", tournament_page("double_elimination", "wall/")),
    Target("tournament-wall-swiss", tournament_page("swiss", "wall/")),
    Target("tournament-print-round", tournament_page("swiss", "rounds/1/print/")),
    Target(
        "print-tournament-round",
        tournament_page("double_elimination", "rounds/1/print/"),
        media="print",
    ),
    Target("tournament-print", tournament_page("double_elimination", "print/")),
    Target(
        "print-tournament-bracket",
        tournament_page("double_elimination", "print/"),
        media="print",
    ),
]


def season_of(world: World) -> Any:
    """A season of the club whose name is at the limit, with tonight's night (the
    world's games, started today, belong to it) and last week's."""
    import datetime

    from django.utils import timezone

    from tournaments.models import SEASON_NAME_MAX
    from tournaments.seasons import services as seasons

    today = timezone.localdate()
    season = seasons.season_create(
        club=world.club,
        name=fill("W", SEASON_NAME_MAX),
        starts=today - datetime.timedelta(days=7),
        ends=today + datetime.timedelta(days=60),
        variant="auction",
        scoring="wins",
        drop_worst=1,
        created_by=world.keeper,
    )
    seasons.night_add(season=season, date=today)
    seasons.night_add(season=season, date=today - datetime.timedelta(days=7))
    return season


def season_page(suffix: str = "") -> Callable[[World], str]:
    return lambda world: f"/seasons/{season_of(world).pk}/{suffix}"


def season_night(world: World) -> str:
    season = season_of(world)
    return f"/seasons/{season.pk}/nights/{season.nights.order_by('-date')[0].pk}/"


def season_player(world: World) -> str:
    """The winner of the finished game: a name at the limit."""
    player = world.games["finished"].seats.get(number=1).player_id
    return f"/seasons/{season_of(world).pk}/players/{player}/"


# League seasons: the standings, a night, a player's nights, the organiser's forms.
TARGETS += [
    Target("season", season_page()),
    Target("season-sorted", season_page("?sort=name")),
    Target("season-signed-out", season_page(), who=None),
    Target("season-night", season_night),
    Target("season-player", season_player),
    Target("season-playoffs", season_page("playoffs/")),
    Target("season-print", season_page("print/")),
    Target("season-new", lambda w: f"/clubs/{w.club.slug}/seasons/new/"),
]

# With every <details> opened: each element that reaches past the right edge of the
# screen, unless a box around it scrolls or clips (the score sheet scrolls sideways on
# purpose: its own box is checked like any other); and each text cut short (an
# ellipsis, or lines clamped) without its whole text in a title, on the element or
# around it.
LAYOUT_JS = """
(width) => {
  // What a tap opens is checked too: the house rules, a confirmation, a panel.
  for (const details of document.querySelectorAll("details")) details.open = true;
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4;
         e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) part += "#" + e.id;
      else if (e.classList.length) part += "." + [...e.classList].join(".");
      parts.unshift(part);
    }
    return parts.join(" > ");
  };
  const scrolls = (el) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== "visible") return true;
    }
    return false;
  };
  const wide = [];
  const cut = [];
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const right = box.right + window.scrollX;
    if (right > width + 0.5 && !scrolls(el)) wide.push([el, right]);
    const text = (el.textContent || "").trim();
    const ellipsis = style.textOverflow === "ellipsis" &&
      el.scrollWidth > el.clientWidth + 1;
    const clamped = style.webkitLineClamp !== "none" &&
      el.scrollHeight > el.clientHeight + 1;
    if ((ellipsis || clamped) && text) {
      const holder = el.closest("[title]");
      const title = holder ? holder.getAttribute("title") : "";
      // A name shortened around an ellipsis (scoring/table/short_names.py): each
      // of its pieces is in the title.
      const pieces = text.replace(/[★\u200b]/g, "").split("…")
        .map((piece) => piece.replace(/\\s+/g, " ").trim()).filter(Boolean);
      if (!title || !pieces.every((piece) => title.includes(piece))) {
        cut.push(`${path(el)} is cut short without a title: ${text.slice(0, 30)}`);
      }
    }
  }
  // The innermost ones: what pushes the page wider, not every box around it.
  const culprits = wide
    .filter(([el]) => !wide.some(([other]) => other !== el && el.contains(other)))
    .map(([el, right]) => `${path(el)} ends at ${Math.round(right)} px: ` +
                          `${(el.textContent || "").trim().slice(0, 30)}`);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    wide: culprits.slice(0, 8),
    cut: cut.slice(0, 8),
  };
}
"""


def layout_problems(page: Page, width: int) -> list[str]:
    found = page.evaluate(LAYOUT_JS, width)
    problems = [f"{width}px: {p}" for p in found["wide"] + found["cut"]]
    if found["scrollWidth"] > width:
        problems.insert(0, f"{width}px: the page is {found['scrollWidth']} px wide")
    return problems


# A progressive night (issue 14) of the long-named players: table 1's scores in
# on paper, the others still to play.
def night(world: World) -> int:
    from tournaments.brackets import create
    from tournaments.models import Match
    from tournaments.vocabulary import TOURNAMENT_NAME_MAX

    t = create.tournament_create(
        club=world.club,
        name=fill("W", TOURNAMENT_NAME_MAX),
        format="progressive",
        variant="auction",
        settings={"hands_per_round": 4},
        entrants=[create.EntrantInput(players=[n]) for n in NAMES],
        created_by=world.keeper,
    )
    first = Match.objects.filter(tournament=t).order_by("number").first()
    sides = 2 if len(first.seats) == 4 else len(first.seats)
    night_services.table_result_enter(
        tournament_id=t.pk, match_id=first.pk, scores=list(range(sides, 0, -1))
    )
    return t.pk


TARGETS += [
    Target("night-new", lambda w: f"/clubs/{w.club.slug}/nights/new/"),
    Target("night", lambda w: f"/tournaments/{night(w)}/"),
    Target("night-wall", lambda w: f"/tournaments/{night(w)}/?wall=1"),
    Target("night-cards", lambda w: f"/tournaments/{night(w)}/cards/"),
]


# A tournament's life (issue 22, item 12) and its public results (item 15): the
# confirmation pages, a Swiss closed early and archived, the standings printed.
def closed(world: World) -> int:
    from tournaments.lifecycle import services as life

    number = tournament(world, "double_elimination")
    life.tournament_close(tournament_id=number, by=world.keeper)
    life.tournament_archive(tournament_id=number, by=world.keeper)
    return number


TARGETS += [
    Target("tournament-rename", tournament_page("swiss", "rename/")),
    Target("tournament-close", tournament_page("double_elimination", "close/")),
    Target("tournament-archive", tournament_page("swiss", "archive/")),
    Target("tournament-delete-refused", tournament_page("swiss", "delete/")),
    Target("tournament-closed", lambda w: f"/tournaments/{closed(w)}/"),
    Target(
        "tournament-archived-list",
        lambda w: f"/clubs/{w.club.slug}/tournaments/?archived=1&c={closed(w)}",
    ),
    Target(
        "tournament-standings",
        lambda w: f"/tournaments/{closed(w)}/standings/print/",
    ),
    Target(
        "print-tournament-standings",
        tournament_page("double_elimination", "standings/print/"),
        media="print",
    ),
]


def shoot(page: Page, name: str) -> Path:
    path = SCREENSHOTS / f"widths-{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=path, full_page=True)
    return path


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_no_page_is_wider_than_the_phone(
    page: Page, live_server: Any, target: Target
) -> None:
    world = build_world()
    if target.who == "keeper":
        sign_in(page, world.keeper, live_server.url)
    elif target.who == "outsider":
        sign_in(page, world.outsider, live_server.url)
    url = target.url(world)
    problems: list[str] = []
    looks = [("en", width) for width in WIDTHS] + [
        (lang, WIDTHS[0]) for lang in LANGUAGES
    ]
    for language, width in looks:
        page.set_extra_http_headers({"Accept-Language": language})
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.emulate_media(media=target.media)
        response = page.goto(url)
        assert response is not None, url
        assert response.ok, f"{url}: {response.status}"
        page.wait_for_load_state("load")
        problems += [
            f"[{language}] {problem}" for problem in layout_problems(page, width)
        ]
        suffix = "" if language == "en" else f"-{language}"
        shoot(page, f"{target.name}-{width}{suffix}")
    assert not problems, f"{target.name} ({url}):\n" + "\n".join(problems)


def tournament_match(world: World, state: str) -> str:
    """A match of a tournament of teams with the longest names, on the club of the
    world: `ready` (its page with the table link and the paper result), `played`
    (its game under way), `done` (completed, its winner's next match named), or
    `table` (the table link's one-tap start)."""
    players = NAMES[1:]
    names = [fill("W", 80), fill("MW", 80), CLUB_NAME_SPACED]
    tournament = create.tournament_create(
        club=world.club,
        name=fill("W", 80),
        format="single_elimination",
        variant="auction",
        team_size=2,
        settings={"games_per_match": 3},
        entrants=[
            create.EntrantInput(players=players[2 * i : 2 * i + 2], name=name)
            for i, name in enumerate(names)
        ],
        created_by=world.keeper,
    )
    match = tournament.matches.get(status="ready")
    if state == "played":
        game, _ = match_services.match_game_start(
            tournament_id=tournament.pk, match_id=match.pk
        )
        auction_hands(game, 4)
    if state == "done":
        winner = match.entrant_a_id
        match_services.match_result_enter(
            tournament_id=tournament.pk,
            match_id=match.pk,
            winner=winner,
            scores=[11, -3],
        )
    suffix = "table/" if state == "table" else ""
    return f"/tournaments/{tournament.pk}/matches/{match.pk}/{suffix}"

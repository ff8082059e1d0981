"""Render a fixed set of Pitch Club pages and API answers to a folder, to diff.

Usage, from the repository root: ``python tools/page_snapshot.py OUTDIR``

Builds a club's data in a throwaway SQLite database through HTTP only (the REST API
v1 and a few HTML forms, with Django's test client: no project module is imported,
so the script works before and after modules move), then fetches the pages and API
answers of CAPTURES as an anonymous visitor and as the club's people. Each answer
goes to OUTDIR/<name>.<ext>; OUTDIR/_index.txt lists every name with its status,
content type, URL and redirect. What differs between two runs of the same code
(CSRF tokens, API tokens, invite codes, UUIDs, timestamps, today's date, durations)
is replaced by placeholders, so that snapshots of the site before and after a pure
refactor compare with ``diff -r``. Pages render with DEBUG off, as in the test suite
(DEBUG=1 only picks the local settings), so the site's own error pages show.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from string import Template
from typing import Any

CLUB = "thursday-night-pitch"
PASSWORD = "Snapshot-pass-2468"
ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
AUCTION = ["high", "low", "jack", "game"]
THIRTEEN = ["ace", "jack", "jick", "high_joker", "low_joker", "ten", "three"]
THIRTEEN += ["off_three", "two"]
INVITE_DAYS = 7
# The formats the site shows dates in: today (or an invite's expiry) in any of them
# is a placeholder. Then the patterns, in this order.
DATE_FORMATS = ["Y-m-d", "Ymd", "l j F Y", "D j M Y", "j M Y", "D j M", "N j, Y", "F Y"]
UNIT = r"\d+(\s|\xa0|&nbsp;)(year|month|week|day|hour|minute)s?"
PATTERNS = [
    (
        r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?",
        "<DATETIME>",
    ),
    (r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", "<UUID>"),
    (r"\b[A-Za-z0-9]{64}\b", "<CSRF>"),
    (r"\b1\d{15}\b", "<STAMP>"),
    (r'(?<=class="code-group">)[A-Z2-9]{4}(?=<)', "<CODE>"),
    (rf"\b{UNIT}(,\s{UNIT})?", "<DURATION>"),
    (r"\b\d{1,2}:\d\d(:\d\d)?\b", "<TIME>"),
    (r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) <TIME>", "<DAY> <TIME>"),
]
EXTENSIONS = {
    "application/json": "json",
    "application/manifest+json": "json",
    "application/vnd.oai.openapi": "yaml",
    "text/csv": "csv",
    "text/html": "html",
    "text/javascript": "js",
}

# name, who (anon, olive the organiser, kim a scorekeeper, max a member;
# anon+olive: both, as name--anon and name--organiser), then the URL, or a method
# (HX- for an htmx request), the URL and a JSON body (a form's fields for a page;
# a line that starts with a space goes on). Fetched in this order.
# $names are ids from build().
CAPTURES = """
home anon+olive /
archive anon+olive /games/
archive-filtered anon /games/?variant=auction&status=finished
archive-season anon /games/?season=$season
archive-night anon /games/?night=$night1
new-game olive /games/new/
new-game-club olive /games/new/?club=$club
new-game-night olive /games/new/?club=$club&night=$tonight
game-finished anon+olive /games/$solo/
game-partnership anon+olive /games/$pairs/
game-thirteen anon+olive /games/$partner/
game-running anon+olive /games/$three/
game-personal anon /games/$own/
game-personal-owner max /games/$own/
game-abandoned anon /games/$dropped/
game-match anon /games/$cup_game/
game-night-table anon /games/$prog_game/
hand anon+olive /games/$solo/hands/2/
hand-thirteen anon /games/$partner/hands/1/
hand-correct-form kim /games/$three/hands/2/
undo kim /games/$three/hands/3/undo/
game-abandon kim /games/$three/abandon/
game-delete olive /games/$dropped/delete/
live anon /games/$three/live/
hands-csv anon /games/$pairs/hands.csv
player anon+olive /players/$ann/
player-thirteen anon /players/$ann/?variant=thirteen
player-games anon /players/$ann/games/
leaderboard anon /clubs/$club/leaderboard/
leaderboard-season anon /clubs/$club/leaderboard/?season=$season
club-list anon /clubs/
club anon+olive /clubs/$club/
club-games anon /clubs/$club/games/
club-roster anon+olive /clubs/$club/players/
club-roster-log olive /clubs/$club/players/log/
club-player olive /clubs/$club/players/$ann/
club-player-merge olive /clubs/$club/players/$ann/merge/?into=$bob
club-members olive /clubs/$club/members/
club-invites olive /clubs/$club/invites/
club-edit olive /clubs/$club/edit/
club-new olive /clubs/new/
club-private olive /clubs/$back/
join max /join/
login anon /accounts/login/
signup anon /accounts/signup/
password-reset anon /accounts/password/reset/
password-change olive /accounts/password/change/
profile olive /accounts/profile/
profile-scorekeeper kim /accounts/profile/
profile-member max /accounts/profile/
club-tournaments anon+olive /clubs/$club/tournaments/
tournament-new olive /clubs/$club/tournaments/new/
cup anon+olive /tournaments/$cup/
cup-wall anon /tournaments/$cup/wall/
cup-print anon /tournaments/$cup/print/
cup-print-round anon /tournaments/$cup/rounds/1/print/
cup-match-played anon /tournaments/$cup/matches/$cup_played/
cup-match-paper anon /tournaments/$cup/matches/$cup_paper/
cup-match-running anon+olive /tournaments/$cup/matches/$cup_final/
cup-match-table olive /tournaments/$cup/matches/$cup_final/table/
cup-third-table olive /tournaments/$cup/matches/$cup_third/table/
robin anon /tournaments/$robin/
swiss anon+olive /tournaments/$swiss/
swiss-round-1 anon /tournaments/$swiss/?round=1
double anon /tournaments/$double/
double-print-losers anon /tournaments/$double/rounds/1/print/?bracket=losers
playoffs anon /tournaments/$playoffs/
night-new olive /clubs/$club/nights/new/
night anon+olive /tournaments/$prog/
night-round-1 anon /tournaments/$prog/?round=1
night-wall anon /tournaments/$prog/wall/
night-cards olive /tournaments/$prog/cards/
night-match anon /tournaments/$prog/matches/$prog_table/
night-match-table olive /tournaments/$prog/matches/$prog_table/table/
refused-table-scores olive POST /tournaments/$prog/tables/$prog_ready/scores/ {}
night-after-refusal olive /tournaments/$prog/
season anon+olive /seasons/$season/
season-sorted anon /seasons/$season/?sort=wins
season-night anon+olive /seasons/$season/nights/$night1/
season-night-today anon /seasons/$season/nights/$tonight/
season-player anon /seasons/$season/players/$ann/
season-new olive /clubs/$club/seasons/new/
season-playoffs olive /seasons/$season/playoffs/
offline anon /offline/
manifest anon /manifest.webmanifest
service-worker anon /sw.js
api-docs anon /api/v1/docs/
api-redoc anon /api/v1/redoc/
api-schema anon /api/v1/schema/
api-games anon /api/v1/games/
api-games-filtered anon /api/v1/games/?club=$club&status=finished
api-game anon /api/v1/games/$solo/
api-game-thirteen anon /api/v1/games/$partner/
api-game-running anon+olive /api/v1/games/$three/
api-revisions anon /api/v1/games/$three/revisions/
api-games-deleted olive /api/v1/games/deleted/
api-player-stats anon /api/v1/players/$ann/stats/
api-player-stats-season anon /api/v1/players/$ann/stats/?season=$season
api-player-stats-variant anon /api/v1/players/$ann/stats/?variant=auction&club=$club
api-clubs anon /api/v1/clubs/
api-club anon /api/v1/clubs/$club/
api-roster anon /api/v1/clubs/$club/players/
api-members olive /api/v1/clubs/$club/members/
api-invites olive /api/v1/clubs/$club/invites/
api-roster-log olive /api/v1/clubs/$club/roster-log/
api-tournaments anon /api/v1/tournaments/
api-tournaments-club anon /api/v1/tournaments/?club=$club
api-tournament-cup anon /api/v1/tournaments/$cup/
api-tournament-robin anon /api/v1/tournaments/$robin/
api-tournament-swiss anon /api/v1/tournaments/$swiss/
api-tournament-double anon /api/v1/tournaments/$double/
api-tournament-night anon /api/v1/tournaments/$prog/
api-tournament-playoffs anon /api/v1/tournaments/$playoffs/
api-seasons anon /api/v1/clubs/$club/seasons/
api-season anon /api/v1/seasons/$season/
htmx-live anon HX-GET /games/$three/live/?v=0 null
htmx-wall anon HX-GET /tournaments/$cup/wall/?v=0 null
htmx-night-wall anon HX-GET /tournaments/$prog/wall/?v=0 null
htmx-hand-preview kim HX-POST /games/$partner/hands/ {"action": "preview"}
htmx-table-full kim HX-POST /games/$three/hands/ {"action": "full"}
refused-hand kim POST /games/$three/hands/ {"action": "save", "mode": "quick"}
refused-new-game olive POST /games/new/ {"variant": "auction", "player_0": "Ann"}
refused-club-new olive POST /clubs/new/ {"name": ""}
refused-season-new olive POST /clubs/$club/seasons/new/ {"starts": "2025-03-01"}
refused-signup anon POST /accounts/signup/ {"username": "zed", "password1": "x"}
refused-login anon POST /accounts/login/ {"username": "olive", "password": "no"}
error-404 anon /no-such-page/
error-404-game anon /games/99999/
error-404-private anon /games/$hidden/
error-login-required anon /games/new/
error-403-season-new max /clubs/$club/seasons/new/
error-api-404-private anon /api/v1/games/$hidden/
error-api-400-game kim POST /api/v1/games/ {"variant": "poker", "players": ["Ann"]}
error-api-400-hand kim POST /api/v1/games/$three/hands/ {"pitcher": 9, "bid": 7}
error-api-400-tournament olive POST /api/v1/tournaments/ {"format": "ladder"}
error-api-401-game anon POST /api/v1/games/ {"variant": "auction"}
error-api-409-finished kim POST /api/v1/games/$solo/hands/ {"pitcher": 0, "bid": 2,
 "awards": {"high": 0, "low": 0}}
error-api-409-undo kim DELETE /api/v1/games/$three/hands/1/ null
"""


def start_django(work: Path) -> None:
    """Settings from the environment, a fresh database, the test environment."""
    root = os.getcwd()
    sys.path.insert(0, root)
    for name in ("SECRET_KEY", "CACHE_DIR", "ALLOWED_HOSTS", "TRUSTED_PROXY_COUNT"):
        os.environ.pop(name, None)
    (work / "static").mkdir()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="pitchclub.settings",
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{work / 'snap.sqlite3'}",
        STATIC_ROOT=str(work / "static"),
        THROTTLE_RATES="join=1000/min,signup=1000/hour",
        AXES_FAILURE_LIMIT="1000",
        TIME_ZONE="UTC",
    )
    import django

    django.setup()
    for name in ("django.request", "axes"):  # refusals are wanted here
        logging.getLogger(name).setLevel(logging.ERROR)
    from django.apps import apps
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    for app in apps.get_app_configs():
        if not app.path.startswith(root) and "site-packages" not in app.path:
            raise SystemExit(f"{app.name} comes from {app.path}, not from {root}")
    setup_test_environment(debug=False)
    hasher = "django.contrib.auth.hashers.MD5PasswordHasher"
    override_settings(PASSWORD_HASHERS=[hasher]).enable()
    call_command("migrate", verbosity=0)


class Person:
    """One browser: a test client, signed in through the forms, with an API token."""

    def __init__(self) -> None:
        from django.test import Client

        self.client = Client(raise_request_exception=False)
        self.token = ""

    def ask(self, method: str, url: str, body: Any = None, htmx: bool = False) -> Any:
        """A request: JSON to the API, form fields to a page."""
        headers = {"Authorization": f"Token {self.token}"} if self.token else {}
        if htmx:
            headers["HX-Request"] = "true"
        call = getattr(self.client, method.lower())
        if method == "GET":
            return call(url, headers=headers)
        if not url.startswith("/api/"):
            return call(url, body or {}, headers=headers)
        data = "" if body is None else json.dumps(body)
        return call(url, data, content_type="application/json", headers=headers)

    def api(self, method: str, url: str, body: Any = None) -> Any:
        """A request that must succeed (a form: be redirected); its JSON, if any."""
        response = self.ask(method, url, body)
        page = not url.startswith("/api/")
        if response.status_code >= 400 or (page and response.status_code != 302):
            text = response.content[:600].decode()
            raise SystemExit(f"{method} {url}: {response.status_code} {text}")
        is_json = response.get("Content-Type", "").startswith("application/json")
        return response.json() if is_json else response

    @classmethod
    def sign_up(cls, username: str) -> Person:
        person = cls()
        fields = {"username": username, "email": f"{username}@example.com"}
        fields.update(password1=PASSWORD, password2=PASSWORD)
        person.api("POST", "/accounts/signup/", fields)
        person.client.logout()
        login = {"username": username, "password": PASSWORD}
        person.api("POST", "/accounts/login/", login)
        person.token = cls().api("POST", "/api/v1/auth/token/", login)["token"]
        return person


def seat(text: str) -> int | dict[str, int] | None:
    if text == "-":
        return None
    return {"side": int(text[1:])} if text.startswith("s") else int(text)


def hand(text: str, **more: Any) -> dict[str, Any]:
    """A hand from "pitcher bid" and who took each point, AUCTION's or THIRTEEN's
    in order: a seat, - for nobody, s1 for side 1 (a team's credit)."""
    pitcher, bid, *took = text.split()
    points = AUCTION if len(took) == len(AUCTION) else THIRTEEN
    awards = {point: seat(taker) for point, taker in zip(points, took, strict=True)}
    return {"pitcher": int(pitcher), "bid": int(bid), "awards": awards, **more}


def play(who: Person, game: int, *hands: str | dict[str, Any]) -> None:
    for each in hands:
        body = hand(each) if isinstance(each, str) else each
        who.api("POST", f"/api/v1/games/{game}/hands/", body)


def new_game(who: Person, players: list[str], **fields: Any) -> int:
    body = {"variant": "auction", "players": players, "club": CLUB, **fields}
    return who.api("POST", "/api/v1/games/", body)["id"]


def matches(who: Person, tournament: int, status: str = "") -> list[dict[str, Any]]:
    data = who.api("GET", f"/api/v1/tournaments/{tournament}/")
    found = [match for each in data["rounds"] for match in each["matches"]]
    return [match for match in found if match["status"] == status or not status]


def paper(who: Person, tournament: int, match: dict[str, Any], **body: Any) -> None:
    url = f"/api/v1/tournaments/{tournament}/matches/{match['id']}/result/"
    who.api("POST", url, body)


def start(who: Person, tournament: int, match: dict[str, Any]) -> int:
    url = f"/api/v1/tournaments/{tournament}/matches/{match['id']}/game/"
    return who.api("POST", url)["id"]


def tournament(
    who: Person, name: str, form: str, entrants: list[Any], **more: Any
) -> int:
    body = {"club": CLUB, "name": name, "format": form, "variant": "auction"}
    body.update(options={"target": 3}, entrants=entrants, **more)
    return who.api("POST", "/api/v1/tournaments/", body)["id"]


def build(
    people: dict[str, Person], today: str
) -> tuple[dict[str, Any], dict[str, str]]:
    """The club and its people, players, games, tournaments and season: the ids
    CAPTURES names, and the random strings to hide (with their placeholders)."""
    olive, kim, max_ = people["olive"], people["kim"], people["max"]
    secrets: dict[str, str] = {}
    for name in ("olive", "kim", "max"):
        secrets[people[name].token] = f"<TOKEN-{name}>"
        secrets[people[name].token[:6]] = f"<TOKEN-{name}-PREFIX>"
    club = {"name": "Thursday Night Pitch", "location": "The Crown"}
    club.update(schedule="Thursdays at 7", description="Auction Pitch every week.")
    olive.api("POST", "/api/v1/clubs/", club)
    club = {"name": "Back Room", "location": "Upstairs", "is_private": True}
    back = olive.api("POST", "/api/v1/clubs/", club)["slug"]
    secrets[back] = "<PRIVATE-SLUG>"
    roster = f"/api/v1/clubs/{CLUB}/players/"
    ann, bob, *_ = [olive.api("POST", roster, {"name": name})["id"] for name in ROSTER]
    for number, (who, role) in enumerate([(kim, "scorekeeper"), (max_, "member")]):
        body = {"role": role, "max_uses": 5, "expires_in_days": INVITE_DAYS}
        code = olive.api("POST", f"/api/v1/clubs/{CLUB}/invites/", body)["code"]
        secrets[code] = secrets[" ".join(code)] = f"<INVITE-{number}>"
        who.api("POST", "/api/v1/join/", {"code": code})
    season = {"name": "Thursday League", "starts": "2025-01-01", "ends": "2099-12-31"}
    season.update(variant="auction", scoring="wins", drop_worst=0, min_nights=1)
    season = olive.api("POST", f"/api/v1/clubs/{CLUB}/seasons/", season)["id"]
    night1, _, tonight = (
        olive.api("POST", f"/api/v1/seasons/{season}/nights/", {"date": day})["id"]
        for day in ("2025-01-09", "2025-01-16", today)
    )
    # The first night: a finished solo game and a finished partnership game.
    solo = new_game(kim, ROSTER[:4], options={"target": 7}, night=night1)
    client_id = "6f1c0c1e-3a7e-4d2b-9a51-0f0c2b1f6d11"
    first = hand("3 3 3 1 3 2", auction=[2, "pass", 3, "pass"], trump="hearts")
    play(kim, solo, {**first, "number": 1, "client_id": client_id})
    play(kim, solo, "2 2 2 2 - 0", "2 4 2 2 2 2")
    pairs = new_game(kim, ROSTER[4:], partnership=True, night=night1)
    with_points = hand("0 3 0 1 0 2", game_points=[30, 12])
    play(kim, pairs, with_points, "1 2 3 1 - s0", "2 3 2 0 2 0")
    # Today: a 13-point game in progress; a 3-player game corrected and undone; a
    # personal game, an abandoned game, a private club's game.
    partner = new_game(kim, ROSTER[:4], variant="thirteen")
    moon = hand("3 7 3 1 3 3 0 2 3 1 3", auction=[5, "pass", 7, "pass"])
    play(kim, partner, moon, hand("0 6 0 2 - 0 1 0 2 0 s1", trump="spades"))
    three = new_game(kim, ROSTER[4:7], options={"target": 11}, first_dealer=1)
    play(kim, three, "0 2 0 1 - 0", "1 3 1 1 2 1", "2 2 2 2 - -")
    kim.api("PUT", f"/api/v1/games/{three}/hands/2/", hand("1 3 1 1 1 1"))
    kim.api("DELETE", f"/api/v1/games/{three}/hands/3/")
    play(kim, three, "2 2 2 0 - 2")
    body = {"variant": "auction", "players": ["Max", "Ned"], "options": {"target": 3}}
    own = max_.api("POST", "/api/v1/games/", body)["id"]
    play(max_, own, "0 3 0 0 0 1")
    dropped = new_game(olive, ROSTER[:4])
    olive.api("POST", f"/api/v1/games/{dropped}/abandon/")
    hidden = new_game(olive, ["Pat", "Quinn"], club=back)
    # Single elimination: a match played, one on paper, the final being played.
    third = {"third_place": True}
    cup = tournament(
        olive, "Autumn Cup", "single_elimination", ROSTER[:4], settings=third
    )
    played, on_paper = matches(olive, cup, "ready")
    play(olive, start(olive, cup, played), "0 3 0 0 0 1")
    paper(olive, cup, on_paper, winner=on_paper["entrants"][0], scores=[3, 1])
    final = matches(olive, cup, "ready")[0]
    cup_game = start(olive, cup, final)
    play(olive, cup_game, "1 2 1 0 - -")
    robin = tournament(olive, "Round Robin", "round_robin", ROSTER[4:7])
    swiss = tournament(olive, "Swiss Open", "swiss", ROSTER[:6], settings={"rounds": 3})
    for each, score in ((robin, [3, 1]), (swiss, [3, 2])):
        while ready := matches(olive, each, "ready"):
            paper(olive, each, ready[0], winner=ready[0]["entrants"][0], scores=score)
    olive.api("POST", f"/api/v1/tournaments/{swiss}/rounds/")
    second = matches(olive, swiss, "ready")
    paper(olive, swiss, second[0], winner=second[0]["entrants"][1])
    start(olive, swiss, second[1])
    names = zip(
        ["Aces", "Kings", "Queens", "Jacks"], ROSTER[:4], ROSTER[4:], strict=True
    )
    teams = [{"name": name, "players": [one, two]} for name, one, two in names]
    double = tournament(
        olive, "Double Trouble", "double_elimination", teams, team_size=2
    )
    match = matches(olive, double)[0]
    paper(olive, double, match, winner=match["entrants"][1], scores=[1, 3])
    # A progressive night: round 1 on paper and played, a late arrival, round 2
    # drawn, one of its tables entered on the night's page.
    settings = {"rounds": 3, "hands_per_round": 4}
    prog = tournament(
        olive, "Pub Progressive", "progressive", ROSTER, settings=settings
    )
    by_hand, table = matches(olive, prog)
    paper(olive, prog, by_hand, scores=[9, 5])
    prog_game = start(olive, prog, table)
    play(olive, prog_game, *["0 2 0 2 - -"] * 4)
    olive.api("POST", f"/api/v1/tournaments/{prog}/players/", {"player": "Kit"})
    olive.api("POST", f"/api/v1/tournaments/{prog}/rounds/")
    done, ready = matches(olive, prog, "ready")
    scores = {f"t{done['id']}-score_0": "6", f"t{done['id']}-score_1": "4"}
    olive.api("POST", f"/tournaments/{prog}/tables/{done['id']}/scores/", scores)
    # The season's playoffs, from its standings (a form: the API has no address).
    body = {"format": "single_elimination", "size": "4"}
    started = olive.api("POST", f"/seasons/{season}/playoffs/", body)
    ids = {
        "club": CLUB, "back": back, "ann": ann, "bob": bob, "season": season,
        "night1": night1, "tonight": tonight, "solo": solo, "pairs": pairs,
        "partner": partner, "three": three, "own": own, "dropped": dropped,
        "hidden": hidden, "cup": cup, "cup_played": played["id"],
        "cup_paper": on_paper["id"], "cup_final": final["id"], "cup_game": cup_game,
        "cup_third": matches(olive, cup, "ready")[0]["id"], "robin": robin,
        "swiss": swiss, "double": double, "prog": prog, "prog_table": table["id"],
        "prog_game": prog_game, "prog_ready": ready["id"],
        "playoffs": int(started["Location"].strip("/").rsplit("/", 1)[1]),
    }  # fmt: skip
    return ids, secrets


def requests(ids: dict[str, Any]) -> list[tuple[str, str, str, str, Any]]:
    """CAPTURES as (name, who, method, URL, body)."""
    found = []
    lines = Template(CAPTURES).substitute(ids).replace("\n ", " ").strip()
    for line in lines.splitlines():
        name, who, rest = line.split(maxsplit=2)
        method, url, body = "GET", rest, None
        if rest.split()[0].isupper():
            method, url, body = rest.split(maxsplit=2)
            body = json.loads(body)
        if who == "anon+olive":
            found.append((f"{name}--anon", "anon", method, url, body))
            name, who = f"{name}--organiser", "olive"
        found.append((name, who, method, url, body))
    return found


def normalise(text: str, secrets: dict[str, str], days: dict[str, str]) -> str:
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, secrets[secret])
    for day, placeholder in days.items():
        text = re.sub(rf"(?<![\w-]){re.escape(day)}(?![\w-])", placeholder, text)
    for pattern, placeholder in PATTERNS:
        text = re.sub(pattern, placeholder, text)
    return text


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = Path(sys.argv[1]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="page-snapshot-") as work:
        start_django(Path(work))
        from django.db import connections
        from django.utils import dateformat, timezone

        today = timezone.localdate()
        days = {
            dateformat.format(today + timedelta(days=ahead), form): name
            for ahead, name in ((0, "<TODAY>"), (INVITE_DAYS, "<TODAY+7>"))
            for form in DATE_FORMATS
        }
        people = {"anon": Person()}
        people.update({name: Person.sign_up(name) for name in ("olive", "kim", "max")})
        ids, secrets = build(people, today.isoformat())
        index, failed = [], []
        for name, who, method, url, body in requests(ids):
            htmx = method.startswith("HX-")
            response = people[who].ask(method.removeprefix("HX-"), url, body, htmx)
            kind = response.get("Content-Type", "").split(";")[0]
            file = f"{name}.{EXTENSIONS.get(kind, 'txt')}"
            text = response.content.decode()
            if kind == "application/json" and text:
                text = json.dumps(json.loads(text), indent=2, ensure_ascii=False)
            if text:
                (out / file).write_text(normalise(text, secrets, days) + "\n")
            line = f"{file} {response.status_code} {kind} {method} {url}"
            line += f" {response.get('Location', '')}".rstrip()
            index.append(normalise(line, secrets, days))
            if response.status_code >= 500:
                failed.append(f"{name} ({url})")
        (out / "_index.txt").write_text("\n".join(index) + "\n")
        connections.close_all()
    print(f"{len(index)} answers in {out}; 500s: {', '.join(failed) or 'none'}")


if __name__ == "__main__":
    main()

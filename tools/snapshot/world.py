"""The club a snapshot is taken of, built through HTTP only (the REST API v1 and a
few HTML forms, with Django's test client): no project module is imported, so the
same data is built before and after modules move. People sign up through the
forms; everything else goes through the API, with fixed names and values."""

from __future__ import annotations

import json
from typing import Any

CLUB = "thursday-night-pitch"
PASSWORD = "Snapshot-pass-2468"
ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
AUCTION = ["high", "low", "jack", "game"]
THIRTEEN = ["ace", "jack", "jick", "high_joker", "low_joker", "ten", "three"]
THIRTEEN += ["off_three", "two"]
INVITE_DAYS = 7


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

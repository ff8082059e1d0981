"""What a snapshot fetches: every page and API answer, by whom, in order."""

import json
from string import Template
from typing import Any

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

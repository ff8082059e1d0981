"""The titles of the games archives: all games, a club's, a player's."""

from django.utils.translation import gettext


def archive_title() -> str:
    return gettext("All games")


def club_archive_title(club: str) -> str:
    return gettext("%(club)s: all games") % {"club": club}


def player_archive_title(player: str) -> str:
    return gettext("%(player)s: all games") % {"player": player}

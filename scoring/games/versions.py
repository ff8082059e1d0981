"""What a confirmation page showed, sent back with its form: a hand's or a game's
version. A page opened before another phone changed the hand (undone and recorded
again under its number, or corrected) or the game (a hand recorded, corrected or
undone; won; abandoned) sends an older version, and the service refuses it
(`Changed`) instead of acting on what the page never showed. The API sends none
and acts on the game as it stands."""

from datetime import datetime

from django.utils.translation import gettext

from scoring.models import Game, Hand

# Far longer than any version written here: a longer one is not read at all.
VERSION_MAX_LENGTH = 40


def _micro(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def hand_version(hand: Hand) -> str:
    """The hand's row and its last change: another hand under the same number is
    another row, a correction saves the row again."""
    return f"{hand.pk}.{_micro(hand.updated_at)}"


def game_version(game: Game) -> str:
    """The game's last change: recording, correcting or undoing a hand, abandoning
    and resuming all save the game row."""
    return f"{_micro(game.updated_at)}.{game.hand_count}"


def posted_version(value: object) -> str | None:
    """A version as a form sent it: None for none (an old page, the API); anything
    unreadable is kept as given, so that it matches nothing."""
    if not isinstance(value, str) or not value.strip():
        return None
    # Cut one past the longest version: what is longer still matches nothing.
    return value.strip()[: VERSION_MAX_LENGTH + 1]


class Changed(Exception):
    """The hand (or the game) changed since the page that sent `version` showed it:
    nothing was written. `number` is the hand's (None: the whole game)."""

    def __init__(self, number: int | None = None) -> None:
        self.number = number
        super().__init__(
            gettext("Hand %(number)s changed since the page was opened.")
            % {"number": number}
            if number is not None
            else gettext("The game changed since the page was opened.")
        )

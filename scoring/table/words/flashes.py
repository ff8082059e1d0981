"""The flashes and notes of the pages: a hand saved twice, undone, refused for its
number; game points that are not numbers (the preview); the new-game page's missing
club; the next game with the same players; a game abandoned, resumed or deleted."""

from django.utils.translation import gettext


def game_over() -> str:
    return gettext("This game is over: no more hands can be recorded.")


def restored_taps(number: int) -> str:
    return gettext(
        "These are this phone's taps, now for hand %(number)s: check them "
        "against the sheet before saving."
    ) % {"number": number}


def number_not_whole() -> str:
    return gettext(
        "The hand number sent with this hand is not a whole number: reload the "
        "page and save again."
    )


def already_saved(number: int) -> str:
    return gettext("Hand %(number)s was already saved.") % {"number": number}


def already_undone(number: int) -> str:
    return gettext("Hand %(number)s was already undone.") % {"number": number}


def undone(number: int) -> str:
    return gettext(
        "Hand %(number)s undone. It is kept in the game's history below."
    ) % {"number": number}


def restored(number: int) -> str:
    return gettext("Hand %(number)s restored, as it was before it was undone.") % {
        "number": number
    }


def only_last_undone(last: int, number: int) -> str:
    return gettext(
        "Only the last hand (hand %(last)s) can be undone. To change hand "
        "%(number)s, correct it instead."
    ) % {"last": last, "number": number}


def game_points_not_whole() -> str:
    return gettext("Check the game points: whole numbers, or empty boxes.")


def club_missing() -> str:
    # The same words whether the club is missing or private to others.
    return gettext(
        "No such club, or you do not keep score in it: choose a club below, or none."
    )


def not_over_yet() -> str:
    return gettext(
        "This game is not over yet: play it to the end, then start the next "
        "one with the same players."
    )


def rematch_refused(message: str) -> str:
    return gettext("The next game could not start: %(message)s") % {"message": message}


def rematch_dealer_not_a_seat() -> str:
    return gettext("Choose who deals first by tapping one of the players.")


def rematch_started(dealer: str) -> str:
    return gettext(
        "New game with the same players: %(dealer)s deals the first hand."
    ) % {"dealer": dealer}


def game_abandoned() -> str:
    return gettext(
        "Game abandoned: it is kept here, read-only, and left out of standings "
        "and statistics. Resume it if the table plays on."
    )


def game_changed_not_abandoned() -> str:
    return gettext(
        "This game changed since this page was opened: it was not abandoned. "
        "Check it as it is now, then abandon it if you still mean to."
    )


def game_already_abandoned() -> str:
    return gettext("This game was already abandoned.")


def game_resumed() -> str:
    return gettext("Game resumed: record the next hand.")


def game_deleted(number: int) -> str:
    return gettext("Game %(number)s deleted. The record of its deletion is kept.") % {
        "number": number
    }


def game_already_deleted(number: int) -> str:
    return gettext("Game %(number)s was already deleted.") % {"number": number}

"""Every sentence of the core's refusals, in one catalogue, built from their data.

A ``Refusal`` carries a ``code``, the ``field`` concerned and its ``params``; its
sentence is ``render(key, params)``, ``key`` being the code, or ``code/reason`` when
one code has several sentences (``last_organiser/leaving``). Templates are
``str.format`` strings marked with ``gettext_noop`` (``manage.py makemessages``
collects them) and said through ``gettext`` when rendered, as scoring's are
(``scoring.engine.messages``). A ``Term`` parameter is a word of the catalogue
(``WORDS``: "club", "where it plays" …), translated too; ``{what:cap}`` starts it
with a capital.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the catalogue (one of ``WORDS``), said in the reader's language."""

    text: str


# The things a sentence names: what a name or a text belongs to.
WORDS: frozenset[str] = frozenset(
    {
        gettext_noop("club"),
        gettext_noop("player"),
        gettext_noop("where it plays"),
        gettext_noop("when it plays"),
        gettext_noop("the description"),
    }
)

# What is wrong with a text (pitchclub.text.UnsafeText's codes); the same words as
# pitchclub.text says them, marked for translation.
KINDS: dict[str, str] = {
    "control_character": gettext_noop(
        "a control character ({codepoint}), which cannot be shown"
    ),
    "invisible_character": gettext_noop("an invisible character ({codepoint})"),
    "unknown_character": gettext_noop("a character that cannot be shown ({codepoint})"),
    "lone_mark": gettext_noop(
        "an accent or mark with no letter before it ({codepoint})"
    ),
}

# The catalogue: key (code, or code/reason) -> template.
MESSAGES: dict[str, str] = {
    # Names and texts (clubs, players).
    "empty_name": gettext_noop("Give the {what} a name."),
    "invalid_name": gettext_noop("The {what}'s name has {kind}: retype it."),
    "name_too_long": gettext_noop(
        "The {what}'s name is longer than {limit} characters: shorten it."
    ),
    "invalid_text": gettext_noop("Give {what} as text."),
    "invalid_text/unsafe": gettext_noop("{what:cap} has {kind}: retype it."),
    "text_too_long": gettext_noop(
        "Shorten {what} to {limit} characters or fewer (it has {length})."
    ),
    # Roles.
    "unknown_role": gettext_noop(
        "There is no role {role!r}: choose organiser, scorekeeper or member."
    ),
    "last_organiser": gettext_noop(
        "A club needs an organiser: make someone else organiser first."
    ),
    "last_organiser/leaving": gettext_noop(
        "A club needs an organiser: make someone else organiser before this one leaves."
    ),
    # Invites.
    "player_not_in_roster": gettext_noop("{player} is not in this club."),
    "player_has_account": gettext_noop(
        "{player} already has an account: there is nothing to claim."
    ),
    "invalid_max_uses": gettext_noop("An invite must allow at least one use."),
    "expiry_in_past": gettext_noop(
        "The invite would expire before anyone could use it: pick a later date."
    ),
    "invite_unusable/unknown": gettext_noop(
        "There is no invite with this code: check it with whoever gave it."
    ),
    "invite_unusable/withdrawn": gettext_noop(
        "This invite was withdrawn: ask the club's organiser for a new one."
    ),
    "invite_unusable/expired": gettext_noop(
        "This invite has expired: ask the club's organiser for a new one."
    ),
    "invite_unusable/used_up": gettext_noop(
        "This invite has been used up: ask the club's organiser for a new one."
    ),
    # Renaming and merging roster players.
    "rename_has_account": gettext_noop(
        "{player} has an account, and their name comes from it: only guests are "
        "renamed here."
    ),
    "name_taken": gettext_noop(
        "There is already a player called {name} in this club: pick another name, "
        "or merge {player} into {name} if they are the same person."
    ),
    "merge_same_player": gettext_noop(
        "Choose another player: a player cannot be merged with themselves."
    ),
    "no_such_player": gettext_noop(
        "There is no player {id} on this club's roster: choose one of its players."
    ),
    "merge_two_accounts": gettext_noop(
        "{player} and {into} both have an account: two accounts are two people, so "
        "they cannot be merged."
    ),
    "merge_clubless_has_account": gettext_noop(
        "{player} has an account: only a guest of the roster takes in a player of "
        "games outside clubs."
    ),
    "merge_clubless_not_yours": gettext_noop(
        "Player {id} is not one of your players outside clubs: choose a player "
        "named only in games you started outside clubs."
    ),
    "already_claimed": gettext_noop(
        "{player}'s profile already belongs to an account: ask the club's organiser "
        "for a plain invite."
    ),
}


def key_of(code: str, reason: str | None = None) -> str:
    """The catalogue key of a refusal: its code, or ``code/reason``."""
    return f"{code}/{reason}" if reason else code


def render(key: str, params: Mapping[str, object]) -> str:
    """The sentence of ``key`` filled with ``params``, through gettext."""
    return _Words().vformat(gettext(MESSAGES[key]), (), params)


class _Words(string.Formatter):
    """Says each parameter in words: a ``Term`` translated, a ``kind`` of unsafe
    text as ``KINDS`` says it, ``:cap`` with a capital."""

    def get_value(self, key: int | str, args: object, kwargs: Mapping[str, object]):
        value = super().get_value(key, args, kwargs)  # type: ignore[arg-type]
        if key == "kind" and isinstance(value, str):
            return gettext(KINDS[value]).format(codepoint=kwargs["codepoint"])
        return value

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Term):
            value = gettext(value.text)
        if format_spec == "cap":
            text = format(value)
            return text[:1].upper() + text[1:]
        return super().format_field(value, format_spec)

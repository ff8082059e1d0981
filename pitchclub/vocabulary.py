"""The core's words and limits, defined once: every model, form, service, API input
and template of the core takes them from here. The words are marked for translation
(lazily: they are said in the reader's language when a page prints them)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Lengths of what people type (the models' max_length, the forms', the API's).
PLAYER_NAME_MAX = 40
CLUB_NAME_MAX = 80
PLACE_MAX = 120
DESCRIPTION_MAX = 2000

# A club created again under the same name by the same person within this many
# seconds is the one already made ("Create" tapped twice, a form sent again on a
# slow connection, a script's retry).
CLUB_REPEAT_SECONDS = 300

# Invite codes: no 0/O, 1/I/L, since a code is read aloud across a card table.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# How many uses and days an invite may be given (pages and API alike).
INVITE_USES_MAX = 10_000
INVITE_DAYS_MAX = 365

# The roles (pitchclub.models.Role's values), from least to most: a member who joins
# again with a higher role's invite rises to it, never falls.
ROLE_RANK = {"member": 0, "scorekeeper": 1, "organiser": 2}
# The roles that keep score: start a club's games and record their hands.
KEEPERS = ("organiser", "scorekeeper")

# A role named within a sentence ("you are now scorekeeper"): lower case in English,
# as each language writes the word there (German capitalises its nouns).
ROLE_IN_SENTENCE = {
    "member": pgettext_lazy("a role, within a sentence", "member"),
    "scorekeeper": pgettext_lazy("a role, within a sentence", "scorekeeper"),
    "organiser": pgettext_lazy("a role, within a sentence", "organiser"),
}

# What each role may do, in the words of the invite form's choices, of an invite's
# page, and of the members page. The pages print them as they are (|safe: our own
# words, no markup), so an apostrophe stays the character it was.
ROLE_CHOICE_TEXT = {
    "member": _("Member: reads the club's games"),
    "scorekeeper": _("Scorekeeper: also starts games and records hands"),
    "organiser": _("Organiser: also manages the club, members and invites"),
}
ROLE_INVITE_TEXT = {
    "member": _("Members follow the club's games and scores."),
    "scorekeeper": _("Scorekeepers start the club's games and record their hands."),
    "organiser": _(
        "Organisers manage the club, its members and invites, and keep score."
    ),
}
ROLES_SUMMARY = _(
    "Organisers manage the club, its members and invites; scorekeepers also start "
    "games and record hands; members read the club's games."
)

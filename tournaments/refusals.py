"""The tournaments' refusals: data (code, field, params) with one sentence each.

``TournamentRefusal`` is registered with the core's refusals in
``TournamentsConfig.ready()``: the API's one exception handler answers it like any
refusal, 409 ``{detail, code, field}`` for the codes in ``CONFLICT_CODES`` (a
conflict with the tournament as it stands), else a 400 nested by its field. A
refusal raised inside a game's change (the game hook) is scoring's
``RuleViolation`` instead, so that the scorekeeper reads it like a rule's.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, gettext_noop

# Conflicts with the tournament as it stands (409), the rest are bad input (400).
CONFLICT_CODES = frozenset(
    {
        "match_not_open",
        "match_has_hands",
        "round_open",
        "last_round_played",
        "round_drawn_by_results",
        "no_round_left",
        "not_a_night",
        "not_a_table",
        "already_left",
        "too_few_staying",
        # A tournament's life (tournaments.lifecycle).
        "closed_early",
        "already_finished",
        "has_results",
        "is_playoffs",
        "nothing_to_confirm",
        "result_changed",
        "result_disputed",
        # Corrections: a result voided or edited, a round taken back, a swap.
        "no_result",
        "not_on_paper",
        "result_depended_on",
        "result_depended_on_hands",
        "round_drawn_from_result",
        "round_redo_format",
        "round_not_last",
        "round_has_result",
        "round_has_hands",
        "swap_started",
    }
)

MESSAGES: dict[str, str] = {
    "format_not_available": gettext_noop(
        "Choose single_elimination, double_elimination, round_robin, swiss or "
        "progressive."
    ),
    "team_size_for_variant": gettext_noop(
        "{variant} is played by teams of two: set team_size to 2."
    ),
    "unknown_setting": gettext_noop(
        "{format} has no setting {setting!r}; its settings are {known}."
    ),
    "bad_setting": gettext_noop("{setting} must be {allowed}, not {given}."),
    "too_few_entrants": gettext_noop(
        "A tournament needs at least {least} entrants; {given} given."
    ),
    "too_many_entrants": gettext_noop(
        "A tournament takes at most {most} entrants; {given} given."
    ),
    "bad_rounds": gettext_noop(
        "A Swiss of {entrants} entrants has 1 to {most} rounds, not {given}."
    ),
    "wrong_team_size": gettext_noop("Entrant {entrant} must be {size}."),
    "invalid_entrant": gettext_noop(
        'Entrant {entrant} is a name, {{"player": id}}, or {{"name": …, '
        '"players": […]}}.'
    ),
    "player_not_in_roster": gettext_noop(
        "{player} is not on {club}'s roster: pick a player of the club or type "
        "a new name (it adds a guest)."
    ),
    "empty_player_name": gettext_noop(
        "Player {position} of entrant {entrant} has no name."
    ),
    "player_name_too_long": gettext_noop(
        "A player's name has at most {most} characters."
    ),
    "invalid_player_name": gettext_noop("{problem}"),
    "player_twice": gettext_noop(
        "{player} already plays for entrant {other} ({other_name}): a player "
        "plays for one entrant only."
    ),
    "entrant_name_twice": gettext_noop(
        "Entrant {other} is already called {name}: give each entrant its own name."
    ),
    "entrant_name_too_long": gettext_noop(
        "An entrant's name has at most {most} characters."
    ),
    "invalid_name": gettext_noop("{problem}"),
    "empty_name": gettext_noop("Give the tournament a name."),
    "name_too_long": gettext_noop("A tournament's name has at most {most} characters."),
    "winner_not_in_match": gettext_noop(
        "Entrant {winner} does not play this match: the winner is one of {entrants}."
    ),
    "bad_scores": gettext_noop("Give one score per entrant of the match ({count})."),
    "scores_name_other_winner": gettext_noop(
        "The scores say the other entrant won ({scores}, the game is to {target}): "
        "give the winner's score as the higher one, or choose the other winner."
    ),
    "winner_below_target": gettext_noop(
        "The winner has {score}, short of the target of {target}, while the other "
        "entrant reached it with {other}: check the scores or the winner."
    ),
    "winner_short_of_target": gettext_noop(
        "The winner has {score}, but a game to {target} is won at {target} or more: "
        "give the scores the game ended with."
    ),
    "result_changed": gettext_noop(
        "{match}'s result changed since this page was shown (it is now: {now}). "
        "Nothing was confirmed: look at it again."
    ),
    "score_out_of_range": gettext_noop(
        "A score of {score} cannot come out of this match's game: its scores run "
        "from {low} to {high}."
    ),
    "scores_name_other_winner_fixed": gettext_noop(
        "The scores say the other entrant won ({scores}): in a game of {hands} "
        "hands the higher score wins (a tie plays on); give the winner's score as "
        "the higher one, or choose the other winner."
    ),
    "match_not_open": gettext_noop("{match} is {status}: {why}"),
    "nothing_to_confirm": gettext_noop(
        "{match} has no result waiting to be confirmed: {why}"
    ),
    "result_disputed": gettext_noop(
        "The result of {match} is disputed: an organiser settles it (confirms it, "
        "or has the game played again)."
    ),
    "match_has_hands": gettext_noop(
        "{match} has a game with hands recorded (game {game}): finish it at the "
        "table, or abandon it, before entering a result on paper."
    ),
    "round_open": gettext_noop(
        "{match} of round {round} is not completed yet: draw the next round once "
        "every {unit} of this one has a result."
    ),
    "last_round_played": gettext_noop(
        "All {rounds} rounds of this {format} have been drawn: there is no next round."
    ),
    "round_drawn_by_results": gettext_noop(
        "A {format} draws its rounds by itself as results come in: only a Swiss "
        "or a progressive night draws its next round on demand."
    ),
    "night_team_size": gettext_noop(
        "A progressive night's entrants are single players (team_size 1): "
        "partners change every round."
    ),
    "too_few_players": gettext_noop(
        "A progressive night needs at least {least} players; {given} given."
    ),
    "table_result_scores": gettext_noop(
        "A progressive table has no single winner: give its scores, one per side "
        '({{"scores": [9, 5]}}).'
    ),
    "not_a_table": gettext_noop(
        "This match is not a progressive table: give its winner."
    ),
    "table_scores": gettext_noop("Table {table} needs {count} scores, {how}."),
    "tied_table": gettext_noop(
        "Table {table} is tied at {score}: play one more hand, then enter the scores."
    ),
    "not_a_night": gettext_noop(
        "This {format} is not a progressive night: players arrive and leave only "
        "at a progressive night."
    ),
    "no_round_left": gettext_noop(
        "All {rounds} rounds of this night have been drawn: a late arrival, or a "
        "player coming back, would not play."
    ),
    "already_playing": gettext_noop("{player} is already playing tonight."),
    "arrival_no_name": gettext_noop("Type the name of the player who arrived."),
    "already_left": gettext_noop("{player} has already gone home."),
    "too_few_staying": gettext_noop(
        "If {player} leaves only {staying} players stay: a night needs at least "
        "{least}."
    ),
    # A tournament's life: renamed, closed early, archived, deleted
    # (tournaments.lifecycle).
    "closed_early": gettext_noop(
        "{tournament} was closed early: nothing more can be played in it."
    ),
    "already_finished": gettext_noop(
        "{tournament} is finished already: there is nothing to close."
    ),
    "has_results": gettext_noop("It has results: archive it instead."),
    "is_playoffs": gettext_noop(
        "{tournament} is the playoffs of the season {season}: it cannot be deleted "
        "while the season links it. Archive it instead."
    ),
    # Corrections (EVENTS.md "Organisers correct what was entered").
    "no_result": gettext_noop("{match} has no result to void: it is {status}."),
    "not_on_paper": gettext_noop(
        "{match}'s result was played at the table, not entered on paper: void it, "
        "then enter the right one."
    ),
    "result_depended_on": gettext_noop(
        "{match} ({names}) already has a result: void it first."
    ),
    "result_depended_on_hands": gettext_noop(
        "{match} ({names}) has a game with hands recorded (game {game}): undo or "
        "abandon it first."
    ),
    "round_drawn_from_result": gettext_noop(
        "Round {round} was drawn from this result: take back round {round} first "
        "(it has no results yet), then void this one."
    ),
    "round_redo_format": gettext_noop(
        "A {format} draws its rounds by itself as results come in: only a Swiss's "
        "or a progressive night's last round can be taken back."
    ),
    "round_not_last": gettext_noop(
        "Only the last round can be taken back: take back round {last} first."
    ),
    "round_has_result": gettext_noop(
        "{match} ({names}) has a result: void it first, then take round {round} back."
    ),
    "round_has_hands": gettext_noop(
        "{match} ({names}) has a game with hands recorded (game {game}): undo or "
        "abandon it first, then take round {round} back."
    ),
    "swap_started": gettext_noop(
        "{match} ({names}) is under way or played: entrants are swapped only before "
        "play starts."
    ),
    "swap_pick": gettext_noop("Choose two different {what} of round {round}."),
    "swap_same_match": gettext_noop(
        "{first} and {second} already play each other: choose entrants of two "
        "different matches."
    ),
}


class TournamentRefusal(Exception):
    """A tournament write refused: ``code``, ``field`` (dotted path), ``params``;
    ``message`` is the sentence, from MESSAGES through gettext."""

    def __init__(
        self,
        code: str,
        field: str,
        *,
        params: Mapping[str, object] | None = None,
        message: str | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.hand: int | None = None
        self.params = dict(params) if params else {}
        if message is None:
            message = gettext(MESSAGES[code]).format(**self.params)
        self.message = message
        super().__init__(message)

    @property
    def conflict(self) -> bool:
        return self.code in CONFLICT_CODES

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"TournamentRefusal(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r})"
        )

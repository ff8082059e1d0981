"""The tournaments API's output serializers: a tournament as the API shows it (its
entrants, rounds and matches, standings; or a summary for lists), a match's game
(scoring's GameOutput with its match), and what a 409 holds (TournamentConflict)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.api.serializers import GameOutput
from scoring.models import Variant
from tournaments.models import Bracket, Format, MatchStatus, TournamentStatus
from tournaments.refusals import CONFLICT_CODES


@extend_schema_field({"type": "string", "enum": sorted(CONFLICT_CODES)})
class TournamentConflictCodeField(serializers.CharField):
    """Which conflict: one of the tournaments' CONFLICT_CODES."""


class TournamentConflict(serializers.Serializer):
    """What a 409 holds: why the request conflicts with the tournament as it
    stands, and the conflict's code."""

    detail = serializers.CharField()
    code = TournamentConflictCodeField()
    field = serializers.CharField(
        required=False, help_text="What the refusal concerns, as a dotted path."
    )


# --- Output -------------------------------------------------------------------------


class EntrantPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class EntrantOutput(serializers.Serializer):
    id = serializers.IntegerField()
    seed = serializers.IntegerField()
    name = serializers.CharField()
    players = EntrantPlayerOutput(many=True)
    left = serializers.BooleanField(
        help_text="A progressive night's player who has gone home (keeps their "
        "tally, not seated again)."
    )


class MatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    label = serializers.CharField(help_text='For people: "Round 2 match 1".')
    table = serializers.IntegerField(allow_null=True)
    entrants = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Entrant ids in seat order (team A first); null for a slot not "
        "known yet; a bye has one.",
    )
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    games = serializers.ListField(child=serializers.IntegerField())
    game_in_progress = serializers.IntegerField(allow_null=True)
    wins = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    winners = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Who moves on: the winner, or at a completed progressive table "
        "the players who move up (the winning side; a solo table's two highest "
        "scorers).",
    )
    on_paper = serializers.BooleanField()
    confirmed = serializers.BooleanField(
        help_text="The result stands: completed, and confirmed or needing no "
        "confirmation. False while the match is to be played or played, and while "
        "its game's result waits for the losing side's confirmation (tournament "
        "setting confirm_results) or is disputed."
    )


class RoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    bracket = serializers.ChoiceField(choices=Bracket.choices)
    matches = MatchOutput(many=True)


class StandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    measures = serializers.DictField(child=serializers.IntegerField())


class TournamentSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    format = serializers.ChoiceField(choices=Format.choices)
    variant = serializers.ChoiceField(choices=Variant.choices)
    team_size = serializers.IntegerField()
    options = serializers.DictField()
    settings = serializers.DictField()
    status = serializers.ChoiceField(choices=TournamentStatus.choices)
    champion = serializers.IntegerField(allow_null=True)
    closed_early = serializers.BooleanField(
        help_text="Closed early by an organiser: finished with the standings as "
        "they stood, the champion their first."
    )
    archived = serializers.BooleanField(
        help_text="Archived by an organiser: out of the lists unless asked for "
        "(?archived=true), still readable here."
    )
    entrant_count = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class TournamentOutput(TournamentSummaryOutput):
    entrants = EntrantOutput(many=True)
    rounds = RoundOutput(many=True)
    standings = StandingOutput(many=True)


class MatchGameOutput(GameOutput):
    match = serializers.IntegerField(help_text="The match the game is played for.")
    tournament = serializers.IntegerField()

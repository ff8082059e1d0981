"""The OpenAPI schema tells the truth. schemathesis runs over every operation with every
one of its checks, as the organiser of the club whose game, members and invite the
operation touches (so that writes really run), and a client generated from the schema
can get a token: JSON only, no credentials."""

import datetime
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import AbstractUser
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import Client
from hypothesis import HealthCheck, settings
from pytest_django.fixtures import Settings
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig
from schemathesis.core import NotSet
from schemathesis.core.parameters import ParameterLocation

from pitchclub.clubs.api import clubs, invites, members, roster
from pitchclub.models import Membership, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.services.players import guest_add
from pitchclub.wsgi import application
from scoring.api import games, hands, log
from scoring.api import serializers as game_serializers
from scoring.games import services
from scoring.games.filters import GameFilter
from scoring.models import Game
from scoring.stats import filters
from tests.factories import NAMES, UserFactory, record
from tournaments.api import confirm, lifecycle, matches, nights, playoffs, tournaments
from tournaments.brackets import create as tournament_services
from tournaments.seasons import api as season_apis
from tournaments.seasons import services as seasons

SCHEMA = "/api/v1/schema/?format=json"

# A request the schema calls valid may still break a rule of the game, or name a club,
# player or invite code that does not exist: such a request is refused with a 400 too,
# and valid_input_check (below) checks that the 400 is about the rules,
# never about what the schema says of the request's shape.
VALID_DATA_STATUSES = ["2xx", "400", "401", "403", "404", "409", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict(
    {
        "seed": 9,
        "checks": {
            "positive_data_acceptance": {"expected-statuses": VALID_DATA_STATUSES}
        },
    }
)
schema = schemathesis.openapi.from_wsgi(SCHEMA, application, config=CONFIG)

# The serializers that read each operation's body (or query) before any rule is
# applied: whatever the schema calls valid, they accept.
BODY_INPUTS: dict[str, type[serializers.Serializer]] = {
    "games_create": games.GameCreateInput,
    "hands_create": hands.HandRecordInput,
    "hands_update": hands.HandCorrectInput,
    "clubs_create": clubs.ClubCreateInput,
    "clubs_partial_update": clubs.ClubUpdateInput,
    "club_members_partial_update": members.MemberRoleInput,
    "club_players_create": roster.GuestAddInput,
    "club_players_partial_update": roster.PlayerRenameInput,
    "club_players_merge": roster.PlayerMergeInput,
    "club_invites_create": invites.InviteCreateInput,
    "join": invites.JoinInput,
    "tournaments_create": tournaments.TournamentCreateInput,
    "tournaments_rename": lifecycle.RenameInput,
    "tournament_match_result_create": matches.MatchResultInput,
    "tournament_match_confirm_create": confirm.MatchConfirmInput,
    "tournament_night_players_create": nights.NightPlayerInput,
    "club_seasons_create": season_apis.SeasonCreateInput,
    "season_nights_create": season_apis.NightCreateInput,
    "season_playoffs_create": playoffs.PlayoffsInput,
}


class GamesQuery:
    """games_list's query read as the API reads it (scoring.games.filters.GameFilter),
    with a serializer's is_valid() and coded errors."""

    def __init__(self, *, data: Any, context: dict[str, Any]) -> None:
        self.found = GameFilter(data, Game.objects.none(), user=context["request"].user)

    def is_valid(self) -> bool:
        return self.found.is_valid()

    @property
    def errors(self) -> dict[str, Any]:
        return self.found.form.errors.as_data()


class StatsQuery(GamesQuery):
    """player_stats's query read as the API reads it
    (scoring.stats.filters.StatsFilter)."""

    def __init__(self, *, data: Any, context: dict[str, Any]) -> None:
        self.found = filters.stats_filter(data, context["request"].user)


QUERY_INPUTS: dict[str, Any] = {
    "club_players_list": roster.RosterQueryInput,
    "games_list": GamesQuery,
    "player_stats": StatsQuery,
    "tournaments_list": tournaments.TournamentListQuery,
    "games_deleted": log.DeletedGamesQuery,
}
# Refusals no schema foresees: a player id that names nobody; a NUL character or a
# lone surrogate, which a string of any schema may hold and PostgreSQL cannot store;
# a date range that ends before it starts.
UNFORESEEABLE = {
    "unknown",
    "null_characters_not_allowed",
    "surrogate_characters_not_allowed",
    "reversed_dates",
}


@dataclass(frozen=True)
class World:
    """An organiser, who holds the token, and what the path parameters name: their
    club, a member of it, an invite to it, a club game of four with two hands,
    a Swiss of four and its first match."""

    organiser: AbstractUser
    token: str
    path: dict[str, Any]


def make_world(names: Collection[str] = ()) -> World:
    """A world with what the path parameters `names` need (each example gets its
    own: a write in one never changes what the next one finds)."""
    organiser = UserFactory()
    path: dict[str, Any] = {}
    if names:
        club = club_create(name=f"Club of {organiser}", by=organiser)
        path["slug"] = club.slug
    if "user_id" in names:
        member = UserFactory()
        Membership.objects.create(club=club, user=member, role=Role.MEMBER)
        path["user_id"] = member.pk
    if "player_id" in names:
        path["player_id"] = guest_add(club=club, name="Dot").pk
    if "id" in names:
        # A player's statistics (/players/{id}/stats/, as API.md names it).
        path["id"] = guest_add(club=club, name="Dot").pk
    if "code" in names:
        path["code"] = invite_create(club=club, by=organiser).code
    if "game_id" in names:
        game = services.game_start(
            variant="auction", players=NAMES[:4], club=club, created_by=organiser
        )
        for _ in range(2):
            record(
                game,
                [2, "pass", 3, "pass"],
                {"high": 3, "low": 1, "jack": 3, "game": 2},
            )
        path.update(game_id=game.pk, number=2)
    if "tournament_id" in names:
        tournament = tournament_services.tournament_create(
            club=club,
            name="Cup",
            format="swiss",
            variant="auction",
            entrants=[
                tournament_services.EntrantInput(players=[name]) for name in NAMES[:4]
            ],
            created_by=organiser,
        )
        path["tournament_id"] = tournament.pk
        path["match_id"] = tournament.matches.order_by("id").first().pk
        path["entrant_id"] = tournament.entrants.order_by("seed").first().pk
        # Its round 1 (taken back: DELETE …/rounds/{number}/).
        path.setdefault("number", 1)
    if "season_id" in names:
        path["season_id"] = seasons.season_create(
            club=club,
            name="Winter",
            starts=datetime.date(2026, 12, 1),
            ends=datetime.date(2027, 3, 30),
            variant="auction",
            scoring="wins",
            created_by=organiser,
        ).pk
    return World(
        organiser=organiser,
        token=Token.objects.create(user=organiser).key,
        path=path,
    )


@pytest.fixture
def wsgi_db(db: None, settings: Settings) -> Iterator[None]:
    # The WSGI app must not close the test's database connection between calls,
    # exactly as Django's own test client arranges.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    # schemathesis sends the same wrong password many times: no lockout here
    # (tests/pitchclub/accounts/test_views.py has its own).
    settings.AXES_ENABLED = False
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def error_codes(errors: Any) -> set[str]:
    """Every code in a serializer's errors, however nested."""
    if isinstance(errors, dict):
        return set().union(*map(error_codes, errors.values()))
    if isinstance(errors, list):
        return set().union(*map(error_codes, errors))
    return {errors.code}


def valid_input_check(world: World) -> Any:
    """A schemathesis check for requests made as `world`'s organiser."""

    def shape_of_valid_input_is_accepted(
        ctx: Any, response: Any, case: schemathesis.Case
    ) -> None:
        """A 400 to a request the schema calls valid is about the rules (or a name
        that does not exist), never about the request's shape."""
        if response.status_code != 400 or not case.meta.generation.mode.is_positive:
            return
        operation = case.operation.definition.raw["operationId"]
        answer = response.json()
        if operation == "auth_token_create":
            # Unknown username or wrong password: the request as a whole.
            assert set(answer) == {"non_field_errors"}, answer
            return
        reader = BODY_INPUTS.get(operation) or QUERY_INPUTS.get(operation)
        assert reader is not None, f"{operation} refused a valid request: {answer}"
        if operation in QUERY_INPUTS:
            data = case.query
        else:
            # No body at all reads as an empty one.
            data = {} if isinstance(case.body, NotSet) else case.body
        context = {"request": SimpleNamespace(user=world.organiser)}
        read = reader(data=data, context=context)
        if not read.is_valid():
            assert error_codes(read.errors) <= UNFORESEEABLE, (read.errors, answer)

    return shape_of_valid_input_is_accepted


@schema.parametrize()
@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_the_api_answers_as_its_schema_says(
    case: schemathesis.Case, wsgi_db: None
) -> None:
    world = make_world(case.path_parameters)
    if not case.meta.is_negative_at(ParameterLocation.PATH):
        case.path_parameters = {name: world.path[name] for name in case.path_parameters}

    case.call_and_validate(
        headers={"Authorization": f"Token {world.token}"},
        additional_checks=[valid_input_check(world)],
    )


def test_the_api_answers_as_its_schema_says_along_links(wsgi_db: None) -> None:
    """Sequences of calls, each using what an earlier answer gave (a new club's slug,
    a new game's id): a resource is there once created and gone once deleted."""
    world = make_world()

    class Workflow(schema.as_state_machine()):  # type: ignore[misc]
        # Every run of the machine starts from the same world: what one run wrote
        # (a season, a club made once) is rolled back, so hypothesis can replay a
        # sequence and get the same answers.
        def setup(self) -> None:
            self.run_writes = transaction.atomic()
            self.run_writes.__enter__()

        def teardown(self) -> None:
            transaction.set_rollback(True)
            self.run_writes.__exit__(None, None, None)

        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"headers": {"Authorization": f"Token {world.token}"}}

        def validate_response(self, *args: Any, **kwargs: Any) -> None:
            kwargs["additional_checks"] = [valid_input_check(world)]
            super().validate_response(*args, **kwargs)

    Workflow.run(
        settings=settings(
            max_examples=30,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
    )


@pytest.fixture
def served(client: Client) -> dict[str, Any]:
    return client.get(SCHEMA).json()


def test_schema_is_served_with_browsable_docs(client: Client) -> None:
    assert client.get("/api/v1/schema/").status_code == 200
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200
    # Swagger UI comes from our own static files, never from a CDN.
    assert b"cdn" not in docs.content.lower()
    assert b"/static/drf_spectacular_sidecar/" in docs.content


def test_the_token_operation_takes_json_and_no_credentials(
    served: dict[str, Any],
) -> None:
    operation = served["paths"]["/api/v1/auth/token/"]["post"]

    assert list(operation["requestBody"]["content"]) == ["application/json"]
    assert operation["security"] == []
    assert operation["responses"]["200"]["content"]["application/json"]


def test_the_other_operations_name_the_apis_credentials(
    served: dict[str, Any],
) -> None:
    credentials = {"tokenAuth", "basicAuth", "cookieAuth"}
    for path, operations in served["paths"].items():
        for method, operation in operations.items():
            if path != "/api/v1/auth/token/":
                named = {name for need in operation["security"] for name in need}
                assert named == credentials, (method, path)


def test_every_input_but_the_tokens_refuses_unknown_keys(
    served: dict[str, Any],
) -> None:
    requests = {
        name: component
        for name, component in served["components"]["schemas"].items()
        if name.endswith("Request")
    }

    assert requests["AuthTokenRequest"].get("additionalProperties", True) is not False
    del requests["AuthTokenRequest"]
    # A body of one of several shapes (a paper result: a match's or a table's) is
    # its shapes, each refusing unknown keys.
    shapes = {name: requests.pop(name) for name in list(requests)}
    requests = {n: c for n, c in shapes.items() if "oneOf" not in c}
    either = [c["oneOf"] for c in shapes.values() if "oneOf" in c]
    assert len(requests) == len(BODY_INPUTS) + sum(len(one) - 1 for one in either)
    assert {
        name: component.get("additionalProperties")
        for name, component in requests.items()
    } == dict.fromkeys(requests, False)


def test_every_error_answer_says_what_it_holds(served: dict[str, Any]) -> None:
    for path, operations in served["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                if status.startswith("4"):
                    assert answer["content"]["application/json"]["schema"], (
                        method,
                        path,
                        status,
                    )


def test_a_conflict_holds_its_code(served: dict[str, Any]) -> None:
    components = served["components"]["schemas"]
    conflict = served["paths"]["/api/v1/games/{game_id}/hands/"]["post"]["responses"][
        "409"
    ]["content"]["application/json"]["schema"]

    assert conflict == {"$ref": "#/components/schemas/GameConflict"}
    assert components["GameConflict"]["required"] == ["code", "detail"]
    codes = components["GameConflict"]["properties"]["code"]["$ref"].split("/")[-1]
    assert set(components[codes]["enum"]) == game_serializers.CONFLICT_CODES


def test_a_members_new_role_is_required(served: dict[str, Any]) -> None:
    body = served["paths"]["/api/v1/clubs/{slug}/members/{user_id}/"]["patch"][
        "requestBody"
    ]

    assert body["required"] is True
    component = body["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
    assert served["components"]["schemas"][component]["required"] == ["role"]

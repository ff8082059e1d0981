"""The schema says exactly what the API accepts (issue 22, item 9): a paper
result is one of two shapes (a match's winner, or a table's scores), scores have
bounds, an empty filter is not a value, a name cannot hold a control character,
and a corrected hand's body has no `number`. Checked on the generated schema."""

import re
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from pitchclub import text
from tournaments.matches.bounds import SCORE_MAX, SCORE_MIN

RESULT = "/api/v1/tournaments/{tournament_id}/matches/{match_id}/result/"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def component(schema: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def request_body(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    body = schema["paths"][path][method]["requestBody"]["content"]["application/json"]
    return component(schema, body["schema"])


def test_a_result_is_a_winner_or_a_tables_scores_never_both(schema) -> None:
    shapes = [
        component(schema, ref) for ref in request_body(schema, RESULT, "post")["oneOf"]
    ]
    match, table = sorted(shapes, key=lambda shape: "winner" in shape["properties"])[
        ::-1
    ]
    assert match["required"] == ["winner"]
    assert match["properties"]["scores"]["minItems"] == 2
    assert match["properties"]["scores"]["maxItems"] == 2
    assert table["required"] == ["scores"]
    assert "winner" not in table["properties"]
    for shape in shapes:
        assert shape["additionalProperties"] is False
        score = shape["properties"]["scores"]["items"]
        assert (score["minimum"], score["maximum"]) == (SCORE_MIN, SCORE_MAX)


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/api/v1/games/", "club"),
        ("/api/v1/tournaments/", "club"),
    ],
)
def test_an_empty_filter_is_not_in_the_schema(schema, path: str, name: str) -> None:
    (parameter,) = [
        p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == name
    ]
    assert parameter["schema"]["minLength"] == 1


def _names(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Every name a person types in a tournament's or a game's request."""
    tournament = request_body(schema, "/api/v1/tournaments/", "post")
    entrant = tournament["properties"]["entrants"]["items"]["oneOf"]
    game = request_body(schema, "/api/v1/games/", "post")
    return [
        tournament["properties"]["name"],
        entrant[0],
        entrant[2]["properties"]["players"]["items"]["oneOf"][0],
        game["properties"]["players"]["items"]["oneOf"][0],
    ]


@pytest.mark.parametrize("name", ["Ann\x07", "Bob\u202e", "\x00", "   ", ""])
def test_a_name_the_services_refuse_does_not_fit_the_schema(schema, name: str) -> None:
    for field in _names(schema):
        assert not re.search(field["pattern"], name) or len(name) < field["minLength"]
    if name.strip():
        with pytest.raises(text.UnsafeText):
            text.clean_name(name)


@pytest.mark.parametrize("name", ["Ann", "Zoë & Ça", "José Díaz", "李", "Bob 🂡"])
def test_a_name_the_services_take_fits_the_schema(schema, name: str) -> None:
    for field in _names(schema):
        assert re.search(field["pattern"], name)
    assert text.clean_name(name) == name


def test_every_name_pattern_compiles_for_a_validators_regex_engine(schema) -> None:
    """A Rust-regex validator (schemathesis's) drops a pattern it cannot compile,
    such as one with a surrogate range: then the schema says nothing."""
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    for field in _names(schema):
        jsonschema_rs.validator_for({"pattern": field["pattern"]})


def test_a_corrected_hands_body_has_no_number(schema) -> None:
    body = request_body(schema, "/api/v1/games/{game_id}/hands/{number}/", "put")
    assert "number" not in body["properties"]
    assert body["additionalProperties"] is False

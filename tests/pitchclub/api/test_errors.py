"""The API's one exception handler (pitchclub.api.errors): every registered kind of
refusal, the core's and scoring's, answered alike; the core imports no app above it."""

import ast
from pathlib import Path

import pytest
from rest_framework.exceptions import NotFound
from rest_framework.test import APIRequestFactory

from pitchclub import refusals
from pitchclub.api.errors import exception_handler, nest
from pitchclub.refusals import Refusal
from scoring.engine import RuleViolation

CORE = Path(refusals.__file__).parent


def answer(exc: Exception) -> tuple[int, object]:
    request = APIRequestFactory().get("/api/v1/")
    response = exception_handler(exc, {"request": request, "view": None})
    assert response is not None
    return response.status_code, response.data


def test_a_core_conflict_is_409_with_detail_code_and_field() -> None:
    status, body = answer(Refusal("last_organiser", "role", "Keep one organiser."))

    assert status == 409
    assert body == {
        "detail": "Keep one organiser.",
        "code": "last_organiser",
        "field": "role",
    }


def test_a_core_refusal_is_400_nested_by_its_field() -> None:
    status, body = answer(Refusal("name_too_long", "name", "Shorten it."))

    assert status == 400
    assert body == {"name": ["Shorten it."]}


def test_a_scoring_refusal_is_answered_as_registered_by_scoring() -> None:
    assert RuleViolation in refusals.kinds()

    status, body = answer(RuleViolation("game_over", "number", "It is won."))
    assert status == 409
    assert body["code"] == "game_over"

    status, body = answer(RuleViolation("missing_high", "awards.high", "Give high."))
    assert status == 400
    assert body == {"awards": {"high": ["Give high."]}}


def test_a_refusal_without_a_field_is_a_non_field_error() -> None:
    status, body = answer(Refusal("invalid", "", "No."))

    assert (status, body) == (400, {"non_field_errors": ["No."]})


def test_other_errors_go_to_drf() -> None:
    status, body = answer(NotFound("No such thing."))

    assert (status, body) == (404, {"detail": "No such thing."})
    request = APIRequestFactory().get("/")
    assert exception_handler(RuntimeError("a bug"), {"request": request}) is None


def test_an_unregistered_kind_is_no_refusal() -> None:
    class Stray(Exception):
        code, field, message = "x", "y", "z"

    assert refusals.conflicts_of(Stray()) is None


def test_nest_builds_drf_s_shape() -> None:
    assert nest("awards.high", "m") == {"awards": {"high": ["m"]}}
    assert nest("name", "m") == {"name": ["m"]}


@pytest.mark.parametrize(
    "module",
    sorted(
        str(path.relative_to(CORE))
        for path in [*CORE.glob("api/*.py"), CORE / "refusals.py"]
    ),
)
def test_the_core_s_api_tooling_and_refusals_import_no_scoring(module: str) -> None:
    tree = ast.parse((CORE / module).read_text())
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not {name for name in imported if name.split(".")[0] == "scoring"}

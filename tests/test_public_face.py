"""The `public_face` contract (tools/public_face.py) that pyproject.toml holds each
app to: an app above imports only the modules the app below lists."""

import grimp
import pytest

from tools.public_face import PublicFaceContract


def graph(*imports: tuple[str, str]) -> grimp.ImportGraph:
    built = grimp.ImportGraph()
    for module in ("low", "low.api", "low.api.views", "low.models", "high"):
        built.add_module(module)
    for number, (importer, imported) in enumerate(imports, start=1):
        built.add_import(
            importer=importer,
            imported=imported,
            line_number=number,
            line_contents=f"import {imported}",
        )
    return built


def check(built: grimp.ImportGraph, public: list[str]) -> list[str]:
    contract = PublicFaceContract(
        name="face",
        session_options={},
        contract_options={"app": "low", "importers": ["high"], "public": public},
    )
    result = contract.check(built, verbose=False)
    assert result.kept == (not result.metadata["violations"])
    return result.metadata["violations"]


def test_an_import_of_a_listed_module_keeps_the_contract() -> None:
    assert check(graph(("high.pages", "low.models")), ["low.models"]) == []


def test_an_import_of_a_module_not_listed_breaks_it_naming_the_line() -> None:
    found = check(
        graph(("high.pages", "low.models"), ("high.pages", "low.api.views")),
        ["low.models"],
    )
    assert found == [
        "high.pages:2 imports low.api.views, which is not in low's public face"
    ]


@pytest.mark.parametrize(
    ("public", "kept"),
    [(["low.api.**"], True), (["low.api"], False), (["low.models"], False)],
)
def test_a_package_with_stars_covers_its_modules(public: list[str], kept: bool) -> None:
    assert (check(graph(("high.pages", "low.api.views")), public) == []) is kept


def test_the_app_itself_and_apps_not_above_it_are_not_held() -> None:
    built = graph(("low.models", "low.api.views"), ("other.x", "low.api.views"))
    assert check(built, ["low.models"]) == []


def test_a_listed_module_that_does_not_exist_is_named() -> None:
    assert check(graph(), ["low.gone"]) == ["low.gone is listed but no such module"]

"""No view is over 40 lines: a view only translates HTTP (issue 10, item 3).

Walks every module named views.py or api.py, or inside a ``views`` or ``api``
package of a capability, under pitchclub/, scoring/ and tournaments/ (and the other
modules of views: the installable app's, the live view's, a match's page), and
measures each view function and each API view method from its first decorator to its
last line. The core's ``pitchclub/api/`` is the API's shared tooling, not views.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pitchclub", "scoring", "tournaments")
TOOLING = ROOT / "pitchclub" / "api"
LIMIT = 40
# Modules of views not named for it.
ALSO = (
    "pitchclub/pwa.py",
    "scoring/table/live.py",
    "tournaments/matches/confirm_views.py",
)
HTTP_METHODS = {"get", "post", "put", "patch", "delete", "head", "options"}


def view_modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(TOOLING):
                continue
            if (
                path.name in ("views.py", "api.py")
                or "api" in path.parent.parts
                or "views" in path.parent.parts
            ):
                yield path
    for name in ALSO:
        yield ROOT / name


def is_view_function(node):
    """A module-level function taking ``request`` first."""
    args = node.args.posonlyargs + node.args.args
    return bool(args) and args[0].arg == "request"


def views_in(tree):
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if is_view_function(node):
                yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if (
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    and item.name in HTTP_METHODS
                ):
                    yield f"{node.name}.{item.name}", item


def length(node):
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return node.end_lineno - first + 1


def measured():
    for path in view_modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for name, node in views_in(tree):
            yield f"{module}.{name}", length(node)


def test_the_walk_finds_the_views():
    names = {name for name, _ in measured()}
    assert "pitchclub.clubs.views.invites.club_invites" in names
    assert "pitchclub.accounts.views.signup" in names
    assert any(name.startswith("pitchclub.clubs.api.") for name in names)
    assert any(name.startswith("scoring.table.views.") for name in names)
    assert any(name.startswith("scoring.table.live.") for name in names)


def test_no_view_is_over_40_lines():
    too_long = [
        f"{name} is {lines} lines long" for name, lines in measured() if lines > LIMIT
    ]
    assert too_long == [], f"views over {LIMIT} lines: {too_long}"

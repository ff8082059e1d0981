"""import-linter's `public_face` contract (pyproject.toml, `lint-imports`): an app
above another may import only the modules the lower app lists as its public face.

    [[tool.importlinter.contracts]]
    type = "public_face"
    app = "scoring"                    # the app whose face this is
    importers = ["tournaments"]        # the apps above it
    public = ["scoring.models", "scoring.engine", "scoring.games.hooks", ...]

A name in `public` is that module; a package listed with `.**` (`scoring.engine.**`)
is the package and everything in it. Any other module of `app` that an importer
imports breaks the contract, naming the importing line. So the list in
pyproject.toml is the one place that says what one app may use of another, and
no app reaches another's views, API views or private helpers.
"""

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


def _covers(public: str, module: str) -> bool:
    if public.endswith(".**"):
        package = public[:-3]
        return module == package or module.startswith(package + ".")
    return module == public


class PublicFaceContract(Contract):
    """Only `public` modules of `app` may be imported by `importers`."""

    type_name = "public_face"

    app = fields.StringField()
    importers = fields.ListField(subfield=fields.StringField())
    public = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        app: str = self.app  # type: ignore[assignment]
        importers: list[str] = self.importers  # type: ignore[assignment]
        public: list[str] = self.public  # type: ignore[assignment]
        unknown = [
            name for name in public if name.removesuffix(".**") not in graph.modules
        ]
        violations: list[str] = [
            f"{name} is listed but no such module" for name in unknown
        ]
        for module in sorted(graph.find_descendants(app) | {app}):
            if any(_covers(name, module) for name in public):
                continue
            for importer in sorted(graph.find_modules_that_directly_import(module)):
                if not any(
                    importer == above or importer.startswith(above + ".")
                    for above in importers
                ):
                    continue
                for line in graph.get_import_details(
                    importer=importer, imported=module
                ):
                    violations.append(
                        f"{importer}:{line['line_number']} imports {module}, "
                        f"which is not in {app}'s public face"
                    )
        return ContractCheck(kept=not violations, metadata={"violations": violations})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for violation in check.metadata["violations"]:
            output.print_error(violation, bold=False)
            output.new_line()

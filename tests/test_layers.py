"""The layers of pokertd (DESIGN.md, "Layers"): imports point down only, and no two modules import
each other, directly or round a longer loop.

The allowed directions are written once, as data: ``LAYERS`` lists the packages from the bottom
up, and a package may import any package of a lower layer; ``SIDEWAYS`` names the few imports
allowed within one layer. Every import counts, wherever it stands: at the top of a module, inside
a function (a lazy import), or under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "pokertd"

#: The packages (and top-level modules) of ``pokertd``, from the bottom layer up.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"messages"}),
    frozenset({"errors"}),
    frozenset({"cards", "rules", "store", "codec", "sourcing"}),
    frozenset({"evaluate"}),
    frozenset({"engine"}),
    frozenset({"history", "tournament"}),
    frozenset({"floor", "league", "table", "sim"}),
    frozenset({"service"}),
    frozenset({"present"}),
    frozenset({"web", "cli"}),
    frozenset({"__main__"}),
)

#: Imports allowed within a layer: ``pokertd web`` starts the web app (the web never imports the
#: command line); the simulator sets its hands up as a live table does (``table.plan``).
SIDEWAYS = frozenset({("cli", "web"), ("sim", "table")})

#: What may import the front door (``pokertd/__init__.py``, which re-exports from below): its
#: version only, for ``pokertd --version``.
FRONT_DOOR_USERS = frozenset({"cli"})


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted((SRC / ROOT).rglob("*.py"))}


def _resolve(importer: str, node: ast.ImportFrom) -> Iterator[str]:
    """Yield the modules a ``from ... import ...`` statement reads."""
    if node.level:  # a relative import
        package = importer.split(".")
        is_package = MODULES[importer].name == "__init__.py"
        base = package[: len(package) - node.level + (1 if is_package else 0)]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    for alias in node.names:
        submodule = f"{module}.{alias.name}"
        yield submodule if submodule in MODULES else module


def imports_of(name: str) -> set[str]:
    """Return the ``pokertd`` modules that module ``name`` imports, anywhere in its text."""
    found: set[str] = set()
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.update(_resolve(name, node))
    return {module for module in found if module == ROOT or module.startswith(f"{ROOT}.")}


GRAPH = {name: imports_of(name) for name in MODULES}


def package_of(module: str) -> str:
    """``pokertd.engine.hand`` -> ``engine``; the front door is ``pokertd``."""
    return module.split(".")[1] if module != ROOT else ROOT


def rank(package: str) -> int:
    for number, layer in enumerate(LAYERS):
        if package in layer:
            return number
    raise AssertionError(f"package {package!r} is in no layer of LAYERS: place it there")


def is_allowed(importer: str, imported: str) -> bool:
    if imported == ROOT:
        return importer in FRONT_DOOR_USERS
    if importer == imported:
        return True
    return rank(imported) < rank(importer) or (importer, imported) in SIDEWAYS


def test_every_package_has_a_layer() -> None:
    packages = {package_of(name) for name in MODULES} - {ROOT}
    for package in packages:
        rank(package)  # raises for a package in no layer


def test_imports_point_down() -> None:
    wrong = sorted(
        f"{module} imports {imported}"
        for module, imported_modules in GRAPH.items()
        if module != ROOT
        for imported in imported_modules
        if not is_allowed(package_of(module), package_of(imported))
    )
    assert wrong == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle() -> None:
    # The front door re-exports lazily from below; what imports it is checked above.
    graph = {name: imported - {ROOT} for name, imported in GRAPH.items() if name != ROOT}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_an_upward_import_is_refused() -> None:
    assert not is_allowed("web", "cli")
    assert not is_allowed("tournament", "service")
    assert not is_allowed("engine", ROOT)
    assert is_allowed("cli", "web")
    assert is_allowed("service", "tournament")

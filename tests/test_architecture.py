"""The code's shape: imports run one way, the rules stay plain Python.

Read from the source with `ast` (nothing is imported): the graph of module-level imports among
the apps has no cycle; campaign/rules/ and chase/engines/ import only the standard library and
themselves; core imports no app and chase nothing of campaign (function bodies included), and
no string of core names an app's table or model (the apps register their own plumbing); and an
import inside a function is found only in a Celery task's body (tasks.py) or beside a comment
that says why.
"""

from __future__ import annotations

import ast
import re
import sys
from functools import cache
from pathlib import Path

import pytest
from django.apps import apps as django_apps

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "campaign", "chase", "config", "core", "guide")
PURE = ("campaign.rules", "chase.engines")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                found[_name(path)] = path
    return found


@cache
def tree(name: str) -> ast.Module:
    return ast.parse(modules()[name].read_text(), filename=str(modules()[name]))


def _imported(node: ast.Import | ast.ImportFrom, name: str) -> list[str]:
    """The modules an import statement names: `from a.b import c` is a.b.c when that is a
    module of the project, else a.b. Relative imports are resolved against `name`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = name.split(".")
        if modules()[name].name != "__init__.py":
            package.pop()
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in modules() else base for a in node.names]


def _module_level_imports(name: str):
    """Imports that run when the module is imported: everything outside function bodies, but
    not those under `if TYPE_CHECKING:`."""

    def walk(nodes):
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.orelse)
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield node
            yield from walk(ast.iter_child_nodes(node))

    yield from walk(tree(name).body)


def _local_imports(name: str):
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner


def import_graph() -> dict[str, set[str]]:
    graph = {}
    for name in modules():
        targets = set()
        for node in _module_level_imports(name):
            targets.update(t for t in _imported(node, name) if t in modules())
        graph[name] = targets - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that comes back to its start, or None."""
    state, path = {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return path[path.index(target) :] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_accepts_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_apps_module_level_imports_have_no_cycle():
    assert len(modules()) > 50  # the walk found the apps
    assert find_cycle(import_graph()) is None


@pytest.mark.parametrize("package", PURE)
def test_the_rules_and_engines_import_only_the_standard_library_and_themselves(package):
    names = [n for n in modules() if n == package or n.startswith(f"{package}.")]
    assert names
    outside = []
    for name in names:
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _imported(node, name):
                    top = target.split(".")[0]
                    own = target == package or target.startswith(f"{package}.")
                    if not own and top not in sys.stdlib_module_names:
                        outside.append(f"{name}: {target}")
    assert outside == []


def test_imports_inside_functions_are_task_bodies_or_say_why():
    unexplained = []
    for name, path in modules().items():
        lines = path.read_text().splitlines()
        for node in _local_imports(name):
            here, above = lines[node.lineno - 1], lines[node.lineno - 2].strip()
            if path.name == "tasks.py" or "#" in here or above.startswith("#"):
                continue
            unexplained.append(f"{name}:{node.lineno}: {here.strip()}")
    assert unexplained == []


def _imports_of(package: str):
    """Every (module, imported module) pair of a package, function bodies included."""
    for name in modules():
        if name == package or name.startswith(f"{package}."):
            for node in ast.walk(tree(name)):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    for target in _imported(node, name):
                        yield name, target


def test_core_imports_no_app_of_frontier():
    apps = ("accounts", "campaign", "chase")
    outside = [f"{n}: {t}" for n, t in _imports_of("core") if t.split(".")[0] in apps]
    assert outside == []


FRONTIER_APPS = ("accounts", "campaign", "chase")


@cache
def app_tables_and_models() -> frozenset[str]:
    """The database tables of the apps' models (many-to-many tables too) and their model labels
    ("campaign.campaign"), lower case."""
    names = set()
    for label in FRONTIER_APPS:
        for model in django_apps.get_app_config(label).get_models(include_auto_created=True):
            names.update({model._meta.db_table.lower(), model._meta.label_lower})
    return frozenset(names)


def names_of_apps(text: str, names: frozenset[str]) -> set[str]:
    """The apps' tables and model labels a string names, as whole words."""
    lowered = text.lower()
    return {w for w in re.findall(r"\w+", lowered) + re.findall(r"\w+\.\w+", lowered) if w in names}


def test_the_table_finder_finds_a_table_and_a_model_label():
    names = frozenset({"campaign_warband", "campaign.campaign"})
    assert names_of_apps("SELECT 'c:' || campaign_id FROM campaign_warband", names) == {
        "campaign_warband"
    }
    assert names_of_apps('ForeignKey("campaign.Campaign")', names) == {"campaign.campaign"}
    assert names_of_apps("SELECT 'c:' || R.campaign_id AS scope", names) == set()


def test_no_string_of_core_names_an_apps_table_or_model():
    """Core holds the mechanisms (content versions, jobs, the queue); each app registers its own
    tables' scopes and its jobs' kinds when it is ready."""
    names = app_tables_and_models()
    assert {"campaign_warband", "chase_seat", "accounts_profile", "campaign.campaign"} <= names
    found = []
    for name in modules():
        if name == "core" or name.startswith("core."):
            for node in ast.walk(tree(name)):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found += [
                        f"{name}:{node.lineno}: {w}" for w in names_of_apps(node.value, names)
                    ]
    assert found == []


def test_chase_imports_nothing_of_campaign():
    """The dependency runs one way: campaign uses chase, and what a campaign chase needs of the
    campaign (who may read it, the members' crews) is handed to chase (chase.hooks)."""
    outside = [f"{n}: {t}" for n, t in _imports_of("chase") if t.split(".")[0] == "campaign"]
    assert outside == []


def test_config_holds_only_settings_urls_and_the_celery_app():
    allowed = {"config", "config.celery", "config.env", "config.urls", "config.wsgi"}
    found = {n for n in modules() if n == "config" or n.startswith("config.")}
    assert found - allowed - {n for n in found if n.startswith("config.settings")} == set()

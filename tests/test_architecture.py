"""The code's shape: imports run one way, the rules stay plain Python.

Read from the source with `ast` (nothing is imported): the graph of imports among the apps has no
cycle, not even through an import inside a function (only those under `if TYPE_CHECKING:`, which
never run, are left out); campaign/rules/ and chase/engines/ import only the standard library,
pydantic (plain Python) and themselves; core imports no app and chase nothing of campaign
(function bodies included), and no
string of core names an app's table or model (the apps register their own plumbing); no code
outside a game's package branches on a game's kind; and an import inside a function is found
only beside a comment that says why (a Celery task imports its services at its module's top: the
services send it by name, through core.queue).
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path

import pytest
from django.apps import apps as django_apps

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "campaign", "chase", "config", "core", "guide")
PURE = ("campaign.rules", "chase.engines")
# Plain-Python libraries the rules may use besides the standard library: pydantic declares the
# house-rules document's shape (campaign/rules/book_schema.py). No Django, no I/O.
PURE_LIBRARIES = ("pydantic",)

# Circles let through while a rewrite is under way, each named by the import that closes it; none
# is left (issue 31). An entry that no longer closes a circle fails the test.
KNOWN: set[tuple[str, str]] = set()


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
def packages() -> frozenset[str]:
    return frozenset(name for name, path in modules().items() if path.name == "__init__.py")


@cache
def tree(name: str) -> ast.Module:
    return ast.parse(modules()[name].read_text(), filename=str(modules()[name]))


def _imported(
    node: ast.Import | ast.ImportFrom, name: str, known: Collection[str], package: bool
) -> list[str]:
    """The modules an import statement of module `name` names: `from a.b import c` is a.b.c
    when that is one of the `known` modules, else a.b. Relative imports are resolved against
    `name` (itself a package's `__init__` when `package`)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = name.split(".")
        if not package:
            parts.pop()
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join([*parts, base] if base else parts)
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def _targets(node: ast.Import | ast.ImportFrom, name: str) -> list[str]:
    return _imported(node, name, modules(), name in packages())


FUNCTIONS = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


def imports_in(module: ast.Module, *, bodies: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """A module's import statements, but not those under `if TYPE_CHECKING:` (they never run).
    With `bodies`, those inside functions too; without, only those that run when the module is
    imported."""

    def walk(nodes):
        for node in nodes:
            if isinstance(node, FUNCTIONS) and not bodies:
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.orelse)
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield node
            yield from walk(ast.iter_child_nodes(node))

    yield from walk(module.body)


def _local_imports(name: str):
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner


def _enclosing(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def graph_of(
    trees: Mapping[str, ast.Module], packages: Collection[str] = (), *, bodies: bool
) -> dict[str, set[str]]:
    """Which of the modules each module imports (`trees` by dotted name; `packages` names
    those that are a package's `__init__`); with `bodies`, imports inside functions too.
    Importing a.b.c runs the packages a and a.b first: they count, but not the importer's own
    packages, which are running already."""
    graph = {}
    for name, module in trees.items():
        targets = set()
        for node in imports_in(module, bodies=bodies):
            for target in _imported(node, name, trees, name in packages):
                targets |= ({target} | _enclosing(target)) - _enclosing(name)
        graph[name] = (targets & trees.keys()) - {name}
    return graph


def import_graph(*, bodies: bool = False) -> dict[str, set[str]]:
    """The project's import graph: module level only, or with imports inside functions."""
    return graph_of({name: tree(name) for name in modules()}, packages(), bodies=bodies)


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


def closes_a_circle(graph: dict[str, set[str]], name: str, target: str) -> bool:
    """Whether `name` imports `target` and `target` leads back to `name`."""
    seen, todo = set(), [target]
    while todo:
        node = todo.pop()
        if node == name:
            return target in graph.get(name, ())
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def test_the_cycle_finder_finds_a_cycle_and_accepts_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    assert closes_a_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}, "c", "a")
    assert not closes_a_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}, "a", "c")


def test_the_graph_counts_imports_inside_functions_but_not_type_checking_ones():
    source = {
        "app": "from app import tasks\n",
        "app.services": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from app.tasks import job\n"
            "def send():\n"
            "    from . import tasks\n"
            "    return tasks.job\n"
        ),
        "app.tasks": "from app.services import send\n",
    }
    trees = {name: ast.parse(text) for name, text in source.items()}
    at_import = graph_of(trees, packages={"app"}, bodies=False)
    assert at_import == {"app": {"app.tasks"}, "app.services": set(), "app.tasks": {"app.services"}}
    assert find_cycle(at_import) is None
    every = graph_of(trees, packages={"app"}, bodies=True)
    assert every["app.services"] == {"app.tasks"}  # the body's import, not TYPE_CHECKING's
    assert find_cycle(every) == ["app.tasks", "app.services", "app.tasks"]


def test_the_graph_counts_the_packages_an_import_runs_first():
    source = {"a": "from a import b\n", "a.b": "import a.c\n", "a.c": "", "d": "import a.c\n"}
    trees = {name: ast.parse(text) for name, text in source.items()}
    graph = graph_of(trees, packages={"a"}, bodies=False)
    assert graph == {"a": {"a.b"}, "a.b": {"a.c"}, "a.c": set(), "d": {"a", "a.c"}}


def test_the_apps_module_level_imports_have_no_cycle():
    assert len(modules()) > 50  # the walk found the apps
    assert find_cycle(import_graph()) is None


def test_the_apps_have_no_import_circle_even_through_imports_inside_functions():
    graph = import_graph(bodies=True)
    broken = [(name, target) for name, target in KNOWN if not closes_a_circle(graph, name, target)]
    assert broken == [], "these circles are broken: take them off KNOWN"
    for name, target in KNOWN:
        graph[name].discard(target)
    assert find_cycle(graph) is None


@pytest.mark.parametrize("package", PURE)
def test_the_rules_and_engines_import_only_the_standard_library_and_themselves(package):
    names = [n for n in modules() if n == package or n.startswith(f"{package}.")]
    assert names
    outside = []
    for name in names:
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _targets(node, name):
                    top = target.split(".")[0]
                    own = target == package or target.startswith(f"{package}.")
                    if not own and top not in (*sys.stdlib_module_names, *PURE_LIBRARIES):
                        outside.append(f"{name}: {target}")
    assert outside == []


# What a comment may hold that says nothing to a reader: a linter's or a formatter's pragma.
PRAGMA = re.compile(r"noqa(:\s*[A-Z]+[0-9]*(,\s*[A-Z]+[0-9]*)*)?|type:\s*ignore\S*|fmt:\s*\w+")


def _comments(source: str) -> dict[int, tuple[str, bool]]:
    """{line: (the comment's words, alone on its line)} for each comment of a module, without
    the pragmas in it."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            words = PRAGMA.sub("", token.string.lstrip("#")).strip(" -")
            alone = not token.line[: token.start[1]].strip()
            found[token.start[0]] = (words, alone)
    return found


def test_imports_inside_functions_say_why():
    """A task imports its services at its module's top and the services send it by name
    (core.queue), so a function imports only what it cannot at the top (the app registry not
    ready, a circle being broken): the reason is written beside the import (on its lines, or a
    comment alone on the line above), not only a linter's pragma."""
    unexplained = []
    for name, path in modules().items():
        source = path.read_text()
        comments = _comments(source)
        for node in _local_imports(name):
            lines = range(node.lineno, node.end_lineno + 1)
            beside = any(comments.get(line, ("", False))[0] for line in lines)
            words, alone = comments.get(node.lineno - 1, ("", False))
            if not (beside or (words and alone)):
                here = source.splitlines()[node.lineno - 1].strip()
                unexplained.append(f"{name}:{node.lineno}: {here}")
    assert unexplained == []


def _imports_of(package: str):
    """Every (module, imported module) pair of a package, function bodies included."""
    for name in modules():
        if name == package or name.startswith(f"{package}."):
            for node in ast.walk(tree(name)):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    for target in _targets(node, name):
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
    # config.asgi: the event process's entry point, beside gunicorn's config.wsgi
    allowed = {"config", "config.asgi", "config.celery", "config.env", "config.urls", "config.wsgi"}
    found = {n for n in modules() if n == "config" or n.startswith("config.")}
    assert found - allowed - {n for n in found if n.startswith("config.settings")} == set()


# --- no branch on a game's kind outside the game's package -------------------------------------

# The registered games' kinds: each game is a package of chase/engines/ with its registration.
GAME_KINDS = frozenset(p.parent.name for p in (ROOT / "chase" / "engines").glob("*/game.py"))
# What holds a game's kind as `.kind` (a session, a lab run, a variant, an engine, a game...).
GAMES_OBJECTS = frozenset({"engine", "game", "ENGINE", "GAME", "get_engine", "game_for"})
KIND_HOLDERS = GAMES_OBJECTS | {"session", "run", "variant"}


def _last_name(node: ast.AST) -> str:
    """`session` of `session.kind`, `engine` of `self.engine.kind`, `get_engine` of a call."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _last_name(node.func)
    return ""


def _strings(node: ast.AST) -> set[str] | None:
    """The strings a literal names: a str constant, or a tuple, list or set of them; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
        found = [_strings(e) for e in node.elts]
        return set().union(*found) if all(f is not None for f in found) else None
    return None


def _pattern_strings(pattern: ast.pattern) -> set[str]:
    if isinstance(pattern, ast.MatchValue):
        return _strings(pattern.value) or set()
    if isinstance(pattern, ast.MatchOr):
        return set().union(*(_pattern_strings(p) for p in pattern.patterns))
    return set()


def kind_branches(name: str, source: str, kinds=GAME_KINDS) -> list[str]:
    """Where module `name` branches on a game's kind: a comparison, a membership test, a dict
    key or a match case naming a registered game's kind, or a game's kind (`session.kind`,
    `engine.kind`, a chase module's `kind`) compared with or matched against a string. A
    game's own package (`chase.engines.<kind>`) may name its own kind and read its own state;
    merely naming a kind as data (`session_create(kind="pelts")`) is no branch."""
    own = next((k for k in kinds if name == f"chase.engines.{k}" or
                name.startswith(f"chase.engines.{k}.")), None)  # fmt: skip
    in_a_game = name.startswith("chase.engines.") and own is not None

    def holds_a_kind(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute) and node.attr == "kind":
            return _last_name(node.value) in KIND_HOLDERS
        return isinstance(node, ast.Name) and node.id == "kind" and name.startswith("chase.")

    found = []
    for node in ast.walk(ast.parse(source)):
        named: set[str] = set()
        on_kind = False
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = set().union(*((_strings(o) or set()) for o in operands))
            on_kind = any(holds_a_kind(o) for o in operands) and any(_strings(o) for o in operands)
        elif isinstance(node, ast.Dict):
            named = set().union(*((_strings(k) or set()) for k in node.keys if k is not None))
        elif isinstance(node, ast.Match):
            named = set().union(*(_pattern_strings(c.pattern) for c in node.cases))
            on_kind = holds_a_kind(node.subject) and bool(named)
        elif isinstance(node, ast.Call) and _last_name(node.func) in ("hasattr", "getattr"):
            # Probing an engine or a game for a part it may lack: declare it on the base.
            on_kind = bool(node.args) and _last_name(node.args[0]) in GAMES_OBJECTS
        if (named & kinds) - {own} or (on_kind and not in_a_game):
            found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("chase.views.sessions", 'if session.kind == "race":\n    pass'),
        ("chase.views.sessions", 'if session.kind == "toy":\n    pass'),
        ("chase.services.lab", 'x = engine.kind != "pelts"'),
        ("chase.engines.lab", 'LENGTH = {"abstract": ("round", "rounds")}'),
        ("chase.services.odds", 'if kind in ("pelts", "moosehead"):\n    pass'),
        ("campaign.views.chases", 'if "race" == game_for(k).kind:\n    pass'),
        ("chase.selectors.ratings", 'match session.kind:\n    case "moosehead":\n        pass'),
        ("chase.views.odds", 'words = getattr(get_engine(session.kind), "odds_words", None)'),
        ("chase.engines.race.game", 'if session.kind == "pelts":\n    pass'),
    ],
    ids=["session kind", "a fifth game", "engine kind", "a dict by kind", "membership",
         "reversed", "match", "probing an engine", "another game's kind in a game"],
)  # fmt: skip
def test_the_kind_scan_finds_a_branch_on_a_games_kind(name, source):
    assert kind_branches(name, source)


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("campaign.services.chases", 'session_create(kind="pelts", mode=mode)'),
        ("chase.services.sessions", "if entry.kind != ActionLog.Kind.MOVE:\n    pass"),
        ("campaign.access", 'if job.kind == "balance":\n    pass'),
        ("chase.forms.sessions", 'if option.kind == "choice":\n    pass'),
        ("chase.engines.race.engine", 'if state["kind"] == "race" or kind == "paddle":\n    pass'),
        ("chase.engines.base", 'found = callable(getattr(self, "determinize", None))'),
    ],
    ids=["naming a kind as data", "a log row's kind", "a job's kind", "an option's kind",
         "a game's own package", "the base reading itself"],
)  # fmt: skip
def test_the_kind_scan_leaves_data_and_other_kinds_alone(name, source):
    assert kind_branches(name, source) == []


def test_no_code_outside_a_games_package_branches_on_a_games_kind():
    assert {"pelts", "race", "abstract", "moosehead"} <= GAME_KINDS
    found = []
    for name, path in modules().items():
        found += kind_branches(name, path.read_text())
    assert found == []


def test_no_template_outside_a_games_own_branches_on_its_kind():
    """A template asks the game's drawing, not its kind; a game's own board and "How to play"
    page are its package's."""
    found = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for kind in GAME_KINDS:
            if path.stem == kind and path.parent.name in ("boards", "how_to_play"):
                continue
            for quote in ('"', "'"):
                if f"== {quote}{kind}{quote}" in text or f"!= {quote}{kind}{quote}" in text:
                    found.append(f"{path.relative_to(ROOT)}: {kind}")
    assert found == []

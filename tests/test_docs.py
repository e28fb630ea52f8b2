"""The README and docs/ hold together: every relative link and image resolves to a file (and an
`#anchor` to a heading of it), the README stays a getting-started page, and every `make
<target>` the docs quote is a target of the Makefile."""

from __future__ import annotations

import fnmatch
import importlib
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README_MAX_LINES = 160

FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
# [text](target) and ![alt](target); the text may run over lines (long image descriptions).
LINK = re.compile(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)
MAKE_IN_SPAN = re.compile(r"`(?:[A-Z_]+=\S+\s+)*make ([a-z][\w-]*)[^`]*`")
MAKE_IN_FENCE = re.compile(r"^\s*(?:[A-Z_]+=\S+\s+)*make ([a-z][\w-]*)", re.M)
TARGET = re.compile(r"^([A-Za-z0-9][\w.-]*)\s*:(?!=)", re.M)


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, code marks and punctuation dropped, spaces to
    hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text())
    return {slug(h) for h in HEADING.findall(text)}


def broken_links(path: Path) -> list[str]:
    """The links and images of a Markdown file that lead nowhere, as `target (reason)`."""
    text = CODE_SPAN.sub("", FENCE.sub("", path.read_text()))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            continue  # a web address, mail, or a path of the running app
        file_part, _, anchor = target.partition("#")
        found = (path.parent / file_part).resolve() if file_part else path
        if not found.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and found.suffix == ".md" and anchor not in anchors(found):
            broken.append(f"{target} (no such heading)")
    return broken


def make_targets_quoted(path: Path) -> set[str]:
    text = path.read_text()
    quoted = set(MAKE_IN_SPAN.findall(text))
    for block in FENCE.findall(text):
        quoted |= set(MAKE_IN_FENCE.findall(block))
    return quoted


def makefile_targets() -> set[str]:
    return set(TARGET.findall((ROOT / "Makefile").read_text()))


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path):
    (tmp_path / "there.md").write_text("# A heading\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md#a-heading) [gone](missing.md) [bad anchor](there.md#nothing)\n"
        "![picture](images/none.png) [web](https://example.org) [app](/help/)\n"
        "`[not a link](nowhere.md)`\n"
    )
    assert broken_links(page) == [
        "missing.md (no such file)",
        "there.md#nothing (no such heading)",
        "images/none.png (no such file)",
    ]


def test_a_heading_anchor_follows_githubs_rules():
    assert slug("Moving a `make run` campaign onto PostgreSQL") == (
        "moving-a-make-run-campaign-onto-postgresql"
    )
    assert slug('"What are my chances?" in the abstract chase') == (
        "what-are-my-chances-in-the-abstract-chase"
    )


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_image_resolves(path):
    assert broken_links(path) == []


def test_the_readme_stays_a_getting_started_page():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) < README_MAX_LINES
    assert "make run" in "\n".join(lines[:10])
    assert "make test" in "\n".join(lines[:10])


def test_the_make_target_check_reads_quotes_and_code_blocks(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Run `PORT=8001 make run`, or\n\n```sh\nmake nothing-here\n```\n")
    assert make_targets_quoted(page) == {"run", "nothing-here"}


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_make_target_quoted_is_in_the_makefile(path):
    assert make_targets_quoted(path) - makefile_targets() == set()


def test_the_club_server_doc_names_every_environment_variable_of_the_settings():
    settings = (ROOT / "config" / "settings" / "base.py").read_text()
    read = set(re.findall(r"env_(?:str|int|bool|list)\(\s*\"([A-Z0-9_]+)\"", settings))
    doc = (ROOT / "docs" / "club-server" / "README.md").read_text()

    assert len(read) > 40  # the settings are read this way
    assert {name for name in read if f"`{name}`" not in doc} == set()


# --- Every Python name and file path quoted in docs/development/ resolves -------------------

PACKAGES = ("accounts", "campaign", "chase", "config", "core", "guide", "tests", "bench")
PLACEHOLDER = re.compile(r"<(\w+)>")
SPAN = re.compile(r"(?<!`)`([^`]+)`(?!`)")  # one backquote each side; may run over a line
DOTTED = re.compile(
    rf"(?<![\w./<>-])((?:{'|'.join(PACKAGES)})(?:\.(?:\w+|<\w+>))+)(?![\w/<>-]|\.\w)"
)
PATH_PART = r"(?:[\w.*-]|<\w+>)+"
PATH = re.compile(rf"(?<![\w./:<>*{{@-])(\.?{PATH_PART}(?:/{PATH_PART})+/?)")
BARE_FILE = re.compile(r"(?<![\w./:<>*{@-])((?:[\w*-]|<\w+>)+\.(?:py|html))(?![\w/.<>*-])")


def development_docs() -> list[Path]:
    return sorted((ROOT / "docs" / "development").glob("*.md"))


def quoted(path: Path) -> list[tuple[int, str, str]]:
    """(line, "name", "path" or "file", text) for every Python name and file path in the page's code
    spans (`like this`; fenced blocks are code to read, not quotes, and are left out).

    - A Python name is a dotted name starting with one of PACKAGES (`core.queue.send`,
      `chase.access.session_for(...)`: the call is not part of it), so prose such as `e.g.` or
      a local `request.htmx` is not one.
    - A file path is two parts or more joined by `/` (`chase/engines/base.py`, `campaign/api/`),
      read from the repository's root, that is not a URL: it does not start with `/` or follow
      `:`, `{`, `@` (`POST /api/sessions/`, `http://…`, `{id}/join/` quote no file). A lone
      folder (`models/`, `melee/`) is a word of its sentence's context and is left out.
    - A bare file name (`test_pace_api.py`, `book.py`, `<kind>.html`) is a "file" quote: some
      file of the repository has that name.
    """
    text = FENCE.sub(lambda block: "\n" * block.group().count("\n"), path.read_text())
    found = []
    for span in SPAN.finditer(text):
        code = span.group(1)
        if "://" in code:
            continue
        line = text.count("\n", 0, span.start()) + 1
        for match in DOTTED.finditer(code):
            found.append((line, "name", match.group(1)))
        for match in PATH.finditer(code):
            found.append((line, "path", match.group(1)))
        for match in BARE_FILE.finditer(code):
            found.append((line, "file", match.group(1)))
    return found


def expansions(text: str, kinds: list[str]) -> list[str]:
    """`<kind>` is each registered game in turn (a game's files are every game's); any other
    placeholder (`<app>`, `<subject>`, `<n>`) is a wildcard, as is `*`."""
    if "<kind>" not in text:
        return [PLACEHOLDER.sub("*", text)]
    return [PLACEHOLDER.sub("*", text.replace("<kind>", kind)) for kind in kinds]


def resolve_name(name: str) -> str | None:
    """None when `name` is a module, or an attribute (at any depth) of the longest importable
    module prefix; else why not. A wildcard part ends the name: what comes before it must
    resolve."""
    parts = name.split(".")
    if "*" in parts:
        parts = parts[: parts.index("*")]
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            found = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and not module_name.startswith(error.name):
                return f"importing {module_name}: {error}"
            continue
        for index, attribute in enumerate(parts[cut:], start=cut):
            try:
                found = getattr(found, attribute)
            except AttributeError:
                where = ".".join(parts[:index])
                return f"{where} has no {attribute}"
        return None
    return "no such module"


def resolve_path(text: str) -> str | None:
    """None when the path, relative to the repository's root, is there (a file, or a folder
    when it ends in `/`; with a wildcard, when it matches one at least); else why not."""
    pattern = text.rstrip("/")
    if "*" in pattern:
        matches = [p for p in ROOT.glob(pattern) if ".venv" not in p.parts]
        return None if matches else "matches no file"
    found = ROOT / pattern
    if text.endswith("/"):
        return None if found.is_dir() else "no such folder"
    return None if found.exists() else "no such file"


@cache
def repository_file_names() -> frozenset[str]:
    skip = {".git", ".venv", "node_modules", "staticfiles", "__pycache__"}
    return frozenset(
        path.name
        for path in ROOT.rglob("*")
        if path.is_file() and not skip & set(path.relative_to(ROOT).parts)
    )


def resolve_file_name(name: str) -> str | None:
    """None when some file of the repository has this name (or matches it, with a wildcard)."""
    if fnmatch.filter(repository_file_names(), name):
        return None
    return "no file of that name"


def unresolved(path: Path) -> list[str]:
    """`file:line: quote (reason)` for each quote of the page that does not resolve."""
    from chase.games import kinds

    registered = kinds()
    page = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    problems = []
    for line, what, text in quoted(path):
        for expanded in expansions(text, registered):
            resolve = {"name": resolve_name, "path": resolve_path, "file": resolve_file_name}[what]
            reason = resolve(expanded)
            if reason:
                problems.append(f"{page}:{line}: `{text}` as {expanded} ({reason})")
    return problems


def test_the_quote_check_reads_names_and_paths_and_skips_prose_and_urls(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "`core.queue.send` and `chase.access.session_for(session_id, user)`, e.g. `e.g.`,\n"
        "`request.htmx`, `POST /api/sessions/{id}/join/`, `http://x.org/a/b`, `python -m\n"
        "tests.chase.engines.game_logs`, `chase/engines/base.py`, `templates/<app>/`.\n"
        "```\nchase/not/a/quote.py\n```\n`@accounts.inbox.source(Kind(...))`, `book.py`,\n"
        "`campaign/`, `melee/`, `<kind>.html`\n"
    )
    assert quoted(page) == [
        (1, "name", "core.queue.send"),
        (1, "name", "chase.access.session_for"),
        (2, "name", "tests.chase.engines.game_logs"),
        (3, "path", "chase/engines/base.py"),
        (3, "path", "templates/<app>/"),
        (7, "name", "accounts.inbox.source"),
        (7, "file", "book.py"),
        (8, "file", "<kind>.html"),
    ]


def test_the_quote_check_finds_a_missing_name_and_a_missing_path(tmp_path):
    from chase.games import kinds

    page = tmp_path / "planted.md"
    page.write_text(
        "`core.queue.send`, `chase.engines.<kind>.game.GAME`, `chase/engines/<kind>/game.py`,\n"
        "`tests/chase/engines/test_<kind>_<subject>.py`, `<app>/urls.py`.\n"
        "`core.queue.no_such_thing`, `chase.no_such_module`, `chase/no_such_file.py`,\n"
        "`templates/chase/boards/<kind>.txt`, `chase/engines/`, `chase/no_such_folder/`,\n"
        "`glicko.py`, `no_such_module.py`\n"
    )
    problems = unresolved(page)
    where = "planted.md"
    assert problems[:3] == [
        f"{where}:3: `core.queue.no_such_thing` as core.queue.no_such_thing"
        " (core.queue has no no_such_thing)",
        f"{where}:3: `chase.no_such_module` as chase.no_such_module (chase has no no_such_module)",
        f"{where}:3: `chase/no_such_file.py` as chase/no_such_file.py (no such file)",
    ]
    assert problems[3:] == [
        *(
            f"{where}:4: `templates/chase/boards/<kind>.txt` as templates/chase/boards/{kind}.txt"
            " (no such file)"
            for kind in kinds()
        ),
        f"{where}:4: `chase/no_such_folder/` as chase/no_such_folder/ (no such folder)",
        f"{where}:5: `no_such_module.py` as no_such_module.py (no file of that name)",
    ]


def development_doc_params() -> list:
    return [pytest.param(path, id=path.name) for path in development_docs()]


@pytest.mark.parametrize("path", development_doc_params())
def test_every_python_name_and_file_path_quoted_in_the_development_docs_resolves(path):
    """Each quote `quoted` finds resolves, after `expansions`: a name by importing its longest
    importable module prefix and getattr-ing the rest (pytest-django has set Django up, so the
    models import; no query is made, so no database is needed), a path by being there from the
    repository's root, a bare file name by naming some file of the repository. `<kind>` stands
    for each registered game in turn and must resolve for every one; any other placeholder
    (`<app>`, `<subject>`) and `*` are wildcards that must match something; a name stops being
    checked at its first wildcard. Each failure is reported as `page:line: quote (reason)`."""
    problems = unresolved(path)
    assert not problems, "quoted but not there:\n" + "\n".join(problems)

"""The README and docs/ hold together: every relative link and image resolves to a file (and an
`#anchor` to a heading of it), the README stays a getting-started page, and every `make
<target>` the docs quote is a target of the Makefile."""

from __future__ import annotations

import re
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

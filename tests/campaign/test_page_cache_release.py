"""A deploy that changes a template changes every cached part's key, so no page shows a part the
old templates drew (the top bar without a link the new one has)."""

from __future__ import annotations

import pytest

from core import page_cache


@pytest.fixture
def fresh_release():
    page_cache.templates_release.cache_clear()
    yield
    page_cache.templates_release.cache_clear()


def test_a_changed_template_changes_the_cached_parts_key(db, settings, tmp_path, fresh_release):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "_topbar.html").write_text("<nav>Campaigns</nav>")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [folder]}]
    before = page_cache.fragment_key("topbar", 7, scopes=["u:7"])

    (folder / "_topbar.html").write_text("<nav>Campaigns · Help</nav>")
    page_cache.templates_release.cache_clear()
    after = page_cache.fragment_key("topbar", 7, scopes=["u:7"])

    assert before != after


def test_the_same_templates_give_the_same_key(db, fresh_release):
    first = page_cache.fragment_key("topbar", 7, scopes=["u:7"])
    page_cache.templates_release.cache_clear()
    assert page_cache.fragment_key("topbar", 7, scopes=["u:7"]) == first

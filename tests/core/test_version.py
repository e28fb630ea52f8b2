"""The release a server runs is on every page (the footer) and in /healthz, as pyproject says."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontier import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_the_release_is_pyprojects():
    assert f'\nversion = "{__version__}"\n' in (ROOT / "pyproject.toml").read_text()


@pytest.mark.django_db
def test_every_page_shows_the_release_in_its_footer(client):
    page = client.get("/accounts/login/").content.decode()
    assert f'<footer class="site-footer">Frontier {__version__}</footer>' in page

"""The user guide in the app: /help/ lists every page of docs/playing/, /help/<slug>/ shows one
as HTML with its links made the app's, and the top bar leads there for everyone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.campaign.test_ruling_ids_views import ruling_ids_seen
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GUIDE = Path(settings.BASE_DIR) / "docs" / "playing"
PAGES = sorted(p.stem for p in GUIDE.glob("*.md") if p.stem != "README")


def headings(path: Path) -> list[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(), flags=re.S | re.M)
    return [re.sub(r"[`*]", "", h) for h in re.findall(r"^#{1,3} (.+)$", text, re.M)]


def test_the_index_links_every_page_of_the_guide(client):
    response = client.get("/help/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "<h1" in html and "The user guide" in html
    for slug in PAGES:
        assert f'href="/help/{slug}/"' in html, slug


@pytest.mark.parametrize("slug", PAGES)
def test_a_page_shows_its_headings(client, slug):
    response = client.get(f"/help/{slug}/")

    html = response.content.decode()
    assert response.status_code == 200
    for heading in headings(GUIDE / f"{slug}.md"):
        assert heading.replace("&", "&amp;").replace('"', "&quot;") in html or heading in html, (
            heading
        )


@pytest.mark.parametrize("slug", PAGES)
def test_a_page_shows_no_ruling_id(client, slug):
    html = client.get(f"/help/{slug}/").content.decode()

    assert ruling_ids_seen(html) == []


def test_a_link_to_another_guide_page_leads_to_its_help_page(client):
    html = client.get("/help/canoe-games/").content.decode()

    assert 'href="/help/ratings/"' in html
    assert 'href="/help/abstract-chase/#what-are-my-chances-in-the-abstract-chase"' in html
    assert ".md" not in re.findall(r'href="([^"]*)"', html).__str__()


def test_the_anchor_a_link_names_is_a_heading_of_the_page_it_leads_to(client):
    html = client.get("/help/abstract-chase/").content.decode()

    assert 'id="what-are-my-chances-in-the-abstract-chase"' in html


def test_a_picture_of_the_guide_is_served_from_help(client):
    html = client.get("/help/moosehead/").content.decode()

    assert 'src="/help/images/moosehead-board.png"' in html
    response = client.get("/help/images/moosehead-board.png")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert b"".join(response.streaming_content).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["nothing.png", "..%2Fdevelopment%2FREADME.md", "README.md"])
def test_only_pictures_of_the_guide_are_served(client, name):
    assert client.get(f"/help/images/{name}").status_code == 404


def test_a_wide_table_scrolls_inside_its_own_box(client):
    html = client.get("/help/house-rules/").content.decode()

    assert '<div class="table-wrap"><table>' in html


@pytest.mark.parametrize("slug", ["no-such-page", "README"])
def test_an_unknown_page_is_a_404(client, slug):
    assert client.get(f"/help/{slug}/").status_code == 404


def test_the_help_link_is_in_the_top_bar_for_a_visitor(client):
    html = client.get("/play/").content.decode()

    topbar = html[html.index('<header class="topbar">') : html.index("</header>")]
    assert 'href="/help/"' in topbar


def test_the_help_link_is_in_the_top_bar_for_a_player_and_the_guide_opens(client):
    client.force_login(UserFactory())

    html = client.get("/help/ratings/").content.decode()

    topbar = html[html.index('<header class="topbar">') : html.index("</header>")]
    assert 'href="/help/"' in topbar
    assert "Log out" in topbar
    assert "Canoe game ratings and My games" in html

"""A player's words on every page a player reads for help (issue 33, section 3): the guide's pages
(/help/), each game's How to play page and the campaign's House rules page (with a preview of a
change) show no developer's word in their visible text: no snake_case key, no dotted path, no
make target, no API path and no ruling id (the rulings are shown to no player, so an id would
point nowhere). Attributes (a tooltip's title), scripts and styles are not scanned; <code>
blocks are scanned like any other text, since a player reads them too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from chase.games import registry
from tests.campaign.test_house_rules_views import form_of
from tests.campaign.test_ruling_ids_views import VisibleText
from tests.factories import CampaignFactory, UserFactory, member

pytestmark = pytest.mark.django_db

GUIDE = Path(settings.BASE_DIR) / "docs" / "playing"
HELP_PAGES = ["/help/"] + [
    f"/help/{p.stem}/" for p in sorted(GUIDE.glob("*.md")) if p.stem != "README"
]


def _make_targets() -> list[str]:
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    phony = re.search(r"^\.PHONY:(.*)$", makefile, re.M).group(1).split()
    return sorted(
        set(phony) | set(re.findall(r"^([\w-]+):", makefile, re.M)), key=len, reverse=True
    )


WORDS = {
    "a snake_case key": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a dotted path": re.compile(r"\b[a-z_][a-z0-9_]*(?:\.(?:[a-z0-9_]+|<\w+>))+\b"),
    "a make target": re.compile(r"\bmake (?:" + "|".join(map(re.escape, _make_targets())) + r")\b"),
    "an API path": re.compile(r"/api/|\b(?:GET|POST|PUT|PATCH|DELETE) /"),
    "a ruling id": re.compile(r"\b[CPRMA][0-9]{1,2}\b|\brulings? [A-Z][0-9]"),
}
# Dotted words a player may read: abbreviations and web addresses of the outside world.
PROSE = {"e.g", "i.e"}


def developers_words(html: str) -> list[str]:
    """Each developer's word in the visible text, with a little text around it."""
    parser = VisibleText()
    parser.feed(html)
    text = re.sub(r"\s+", " ", " ".join(parser.parts))
    found = []
    for what, pattern in WORDS.items():
        for m in pattern.finditer(text):
            if what == "a dotted path" and (
                m.group(0) in PROSE or re.search(r"\.(me|org|com)$", m.group(0))
            ):
                continue
            found.append(f"{what}: …{text[max(0, m.start() - 30) : m.end() + 20]}…")
    return found


@pytest.mark.parametrize(
    "text, what",
    [
        ("<p>the campaign lets <code>manual_dice</code></p>", "a snake_case key"),
        ("<p>a path: factions.rangers.equipment.musket.price</p>", "a dotted path"),
        ("<p>the lab's code, chase.engines.lab</p>", "a dotted path"),
        ("<p>Under make run mail is printed</p>", "a make target"),
        ("<p>The same list is GET /api/inbox/</p>", "an API path"),
        ("<p>The club's rulings (P1–P14) settle it</p>", "a ruling id"),
    ],
)
def test_the_scan_finds_each_kind_of_developers_word(text, what):
    assert [w for w in developers_words(text) if w.startswith(what)]


def test_the_scan_passes_a_players_words():
    html = (
        '<p title="injuries.table.dead.high">Roll a D6, then 2D6, e.g. a D66 of 11-66; '
        "Injury table: Dead, highest roll. See openskill.me.</p>"
    )
    assert developers_words(html) == []


@pytest.mark.parametrize("url", HELP_PAGES)
def test_a_help_page_speaks_a_players_words(client, url):
    response = client.get(url)

    assert response.status_code == 200
    assert developers_words(response.content.decode()) == []


@pytest.mark.parametrize("kind", sorted(registry()))
def test_a_how_to_play_page_speaks_a_players_words(client, kind):
    response = client.get(f"/play/how-to-play/{kind}/")

    assert response.status_code == 200
    assert developers_words(response.content.decode()) == []


@pytest.fixture
def organiser_client(client):
    organiser = UserFactory(username="organiser")
    campaign = CampaignFactory(organiser=organiser, name="Ohio Valley 1755")
    member(campaign, UserFactory(username="player"))
    client.force_login(organiser)
    client.campaign = campaign
    return client


def test_the_house_rules_page_speaks_a_players_words(organiser_client):
    campaign = organiser_client.campaign
    response = organiser_client.get(f"/campaigns/{campaign.id}/house-rules/")

    assert response.status_code == 200
    assert developers_words(response.content.decode()) == []


def test_the_house_rules_preview_names_each_change_in_words(organiser_client):
    campaign = organiser_client.campaign
    url = f"/campaigns/{campaign.id}/house-rules/"
    data = form_of(organiser_client, campaign) | {
        "injuries.table.dead.high": "14",
        "injuries.table.multiple_injuries.low": "15",
        "factions.rangers.equipment.musket.price": "12",
        "action": "preview",
    }

    response = organiser_client.post(url, data)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Injury table: Dead, highest roll" in html
    assert "Rangers equipment: Musket, price" in html
    assert developers_words(html) == []


def test_the_activity_feed_names_a_saved_change_in_words(organiser_client):
    campaign = organiser_client.campaign
    url = f"/campaigns/{campaign.id}/house-rules/"
    data = form_of(organiser_client, campaign) | {
        "injuries.table.dead.high": "14",
        "injuries.table.multiple_injuries.low": "15",
        "action": "save",
    }
    assert organiser_client.post(url, data).status_code == 302

    html = organiser_client.get(f"/campaigns/{campaign.id}/").content.decode()

    assert "Injury table: Dead, highest roll" in html
    assert "injuries.table" not in html

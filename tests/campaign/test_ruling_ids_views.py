"""Ruling ids stay out of what a player reads (issue 21): the main pages' visible text has words
only. An id may stay in a title attribute (a tooltip) or in the How to play text, so attributes,
scripts and styles are not scanned."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from campaign import services
from tests.campaign.battle_support import start

RULING_ID = re.compile(r"\b[CPRMA][0-9]{1,2}\b")
HTMX = {"HTTP_HX_REQUEST": "true"}


class VisibleText(HTMLParser):
    """The text a reader sees: text nodes outside <script>, <style> and <template>."""

    HIDDEN = {"script", "style", "template"}

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.depth += tag in self.HIDDEN

    def handle_endtag(self, tag):
        self.depth -= tag in self.HIDDEN

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def ruling_ids_seen(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    text = " ".join(parser.parts)
    return [text[max(0, m.start() - 40) : m.end() + 10] for m in RULING_ID.finditer(text)]


def test_the_scan_finds_an_id_in_text_but_not_in_a_title():
    assert ruling_ids_seen("<p>Shooting <span>C23</span></p>") == ["Shooting  C23"]
    assert ruling_ids_seen('<h2 title="Ruling C23">Shooting</h2>') == []


@pytest.fixture
def pages(campaign, player, other_player, war_party, patrol, sequence):
    draft = services.warband_create_draft(
        campaign=campaign, owner=player, name="Rangers", faction="rangers"
    )
    services.warband_add_figure(warband=draft, name="Captain Rogers", profile="rangers_hero")
    sheet = start(campaign, war_party, patrol, player)
    return [
        f"/campaigns/{campaign.id}/",
        f"/campaigns/{campaign.id}/games/",
        f"/campaigns/{campaign.id}/games/new/",
        f"/campaigns/{campaign.id}/battles/",
        f"/campaigns/{campaign.id}/league/",
        f"/campaigns/{campaign.id}/house-rules/",
        f"/warbands/{war_party.id}/",
        f"/warbands/{war_party.id}/print/",
        f"/warbands/{draft.id}/build/",
        f"/games/{sequence.game_id}/",
        f"/postgames/{sequence.id}/",
        f"/battles/{sheet.id}/",
        *(
            f"/battles/{sheet.id}/calc/{kind}/"
            for kind in ("shooting", "melee", "morale", "rally", "last_wound")
        ),
    ]


def test_the_main_pages_name_no_ruling_id(client, player, pages):
    client.force_login(player)
    seen = {}
    for url in pages:
        response = client.get(url, **(HTMX if "/calc/" in url else {}))
        assert response.status_code == 200, url
        if found := ruling_ids_seen(response.content.decode()):
            seen[url] = found
    assert seen == {}

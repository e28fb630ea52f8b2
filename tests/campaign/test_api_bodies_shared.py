"""The warband API and the post-game state drawn by serializers made once a process
(campaign.api.common.represent) and a roster read in fewer queries (issue 35): the bodies are
byte for byte those DRF draws with serializers made for the request (outside clients read
them: names, order and values), and the pins fail if the cuts regress.
"""

from __future__ import annotations

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from campaign import selectors, services
from campaign.access import POSTGAME_STATE_RELATED, game_for, postgame_for
from campaign.api.games import GameSerializer
from campaign.api.postgames import PostGameSerializer
from campaign.api.warbands import WarbandSerializer
from campaign.models import EquipmentPiece
from campaign.selectors import games
from tests.campaign.games_support import signed_in

# The API's warband drawn after a change of its campaign (a cache miss): the scope tokens, the
# warband's row, the membership, its figures, all its pieces in one query, its ledger, its
# campaign's house rules.
WARBAND_MISS_QUERIES = 7


def drf_body(serializer) -> bytes:
    """The body as DRF draws it with a serializer made for the request."""
    return JSONRenderer().render(serializer.data)


@pytest.fixture
def stored(war_party):
    """A piece in the war party's storage, so the body's `storage` is not empty."""
    return EquipmentPiece.objects.create(warband=war_party, key="musket", price=10)


@pytest.fixture
def fields_built(monkeypatch):
    """The serializers whose declared fields were copied (each time one is made)."""
    built = []
    for cls in (serializers.Serializer, serializers.ModelSerializer):
        get_fields = cls.get_fields

        def counted(self, get_fields=get_fields):
            built.append(type(self).__name__)
            return get_fields(self)

        monkeypatch.setattr(cls, "get_fields", counted)
    return built


def test_the_warband_api_body_is_drfs_own(player, war_party, stored, page_cache):
    services.warband_rename(warband=war_party, name="Renamed")  # drawn afresh, not a cached body
    response = signed_in(player).get(f"/api/warbands/{war_party.id}/")
    assert response.status_code == 200
    expected = drf_body(WarbandSerializer(selectors.warbands_with_roster().get(pk=war_party.pk)))
    assert response.content == expected
    body = response.json()
    assert body["storage"] == [{"key": "musket", "name": "Musket", "price": 10}]
    assert [len(f["equipment"]) for f in body["figures"]] == [2, 1, 1, 2, 1, 1]


def test_the_warbands_list_body_is_drfs_own(player, war_party, stored, campaign):
    response = signed_in(player).get(f"/api/warbands/?campaign={campaign.id}")
    assert response.status_code == 200
    warbands = selectors.warbands_with_roster().filter(campaign=campaign)
    assert response.content == drf_body(WarbandSerializer(warbands, many=True))


def test_the_post_game_state_body_is_drfs_own(player, sequence):
    client = signed_in(player)
    client.post(f"/api/postgames/{sequence.id}/advance/", {}, format="json")
    response = client.get(f"/api/postgames/{sequence.id}/")
    assert response.status_code == 200
    row = postgame_for(player, sequence.id, related=POSTGAME_STATE_RELATED)
    assert response.content == drf_body(PostGameSerializer(games.postgame_state(row)))


def test_the_games_bodies_are_drfs_own(player, battle, campaign):
    client = signed_in(player)
    response = client.get(f"/api/games/{battle.id}/")
    assert response.status_code == 200
    assert response.content == drf_body(GameSerializer(game_for(player, battle.id)))
    response = client.get(f"/api/games/?campaign={campaign.id}")
    assert response.status_code == 200
    assert response.content == drf_body(GameSerializer(games.campaign_games(campaign), many=True))


def test_a_warband_drawn_after_a_change_takes_seven_queries(
    player, war_party, stored, page_cache, django_assert_max_num_queries
):
    client = signed_in(player)
    client.get(f"/api/warbands/{war_party.id}/")
    services.warband_rename(warband=war_party, name="Renamed")
    with django_assert_max_num_queries(WARBAND_MISS_QUERIES):
        assert client.get(f"/api/warbands/{war_party.id}/").json()["name"] == "Renamed"


def test_the_roster_page_draws_the_same_equipment(browser, war_party, stored, page_cache):
    response = browser.get(f"/warbands/{war_party.id}/")
    assert response.status_code == 200
    assert b"Musket (10)" in response.content


def test_serializers_are_made_once_a_process(player, war_party, sequence, fields_built):
    client = signed_in(player)
    client.get(f"/api/postgames/{sequence.id}/")
    client.get(f"/api/warbands/{war_party.id}/")
    fields_built.clear()
    client.post(f"/api/postgames/{sequence.id}/advance/", {}, format="json")
    assert "PostGameSerializer" not in fields_built
    fields_built.clear()
    client.get(f"/api/postgames/{sequence.id}/")
    services.warband_rename(warband=war_party, name="Renamed")
    client.get(f"/api/warbands/{war_party.id}/")
    assert fields_built == []

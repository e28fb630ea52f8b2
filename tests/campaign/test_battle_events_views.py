"""The battle sheet's stream (`/events/battles/<id>/`) and the post-game's: who may listen is
who may read the page; each change of the sheet is pushed as its version."""

from __future__ import annotations

import pytest

from campaign.services import battles
from core import streams
from tests.campaign.battle_support import start
from tests.streams_support import Stream


@pytest.fixture(autouse=True)
def short_keep_alive(monkeypatch):
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)
    monkeypatch.setattr(streams, "_slots", streams.Slots())


@pytest.fixture
def battle(campaign, player, war_party, patrol):
    return start(campaign, war_party, patrol, player)


def test_the_other_player_hears_each_change_of_the_sheet(
    battle, client, other_player, player, django_capture_on_commit_callbacks
):
    client.force_login(other_player)
    stream = Stream(client.get(f"/events/battles/{battle.id}/?last_event_id={battle.version}"))
    assert stream.next_event()["event"] == "ready"
    with django_capture_on_commit_callbacks(execute=True):
        battles.battle_next_turn(battle=battle, actor=player)
    battle.refresh_from_db()
    event = stream.next_event()
    assert event == {"id": battle.version, "event": "version", "data": {"version": battle.version}}


def test_a_stranger_cannot_listen_to_a_private_campaigns_battle(battle, client, stranger):
    client.force_login(stranger)
    assert client.get(f"/events/battles/{battle.id}/").status_code == 404


def test_the_sheet_names_its_stream(battle, browser):
    page = browser.get(f"/battles/{battle.id}/").content.decode()
    assert f'sse-connect="/events/battles/{battle.id}/?last_event_id={battle.version}"' in page

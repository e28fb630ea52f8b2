"""The post-game's stream (`/events/postgames/<id>/`): whoever watches a sequence (the
opponent, a member) follows each answer as its driver gives it; the driver's own page has no
watcher part; a stranger gets nothing."""

from __future__ import annotations

import pytest

from core import streams
from tests.campaign.games_support import WAR_PARTY_SCRIPT, drive
from tests.streams_support import Stream


@pytest.fixture(autouse=True)
def short_keep_alive(monkeypatch):
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)
    monkeypatch.setattr(streams, "_slots", streams.Slots())


def test_the_opponent_watching_hears_each_answer(
    sequence, client, other_player, player, django_capture_on_commit_callbacks
):
    client.force_login(other_player)
    page = client.get(f"/postgames/{sequence.id}/").content.decode()
    assert f'sse-connect="/events/postgames/{sequence.id}/"' in page
    assert 'hx-trigger="sse:version"' in page  # the watcher's part
    stream = Stream(client.get(f"/events/postgames/{sequence.id}/"))
    assert stream.next_event()["event"] == "ready"
    with django_capture_on_commit_callbacks(execute=True):
        drive(sequence, player, WAR_PARTY_SCRIPT[:1])
    assert stream.next_event()["event"] == "version"


def test_the_driver_has_no_watchers_part(sequence, browser):
    page = browser.get(f"/postgames/{sequence.id}/").content.decode()
    assert 'hx-trigger="sse:version"' not in page


def test_a_stranger_cannot_listen(sequence, client, stranger):
    client.force_login(stranger)
    assert client.get(f"/events/postgames/{sequence.id}/").status_code == 404

"""Hot-seat handovers follow the game's registration: a game with hidden hands (pelts) passes
the device between players; the race hides nothing, so its table just says whose canoe moves."""

from __future__ import annotations

import json
import re

import pytest

from chase.games import game_for
from chase.models import GameSession

pytestmark = pytest.mark.django_db


def test_the_race_has_no_hidden_hands_and_pelts_has():
    assert game_for("race").hidden_hands is False
    assert game_for("pelts").hidden_hands is True


def test_a_hot_seat_race_names_the_canoe_to_move_without_a_handover(client, seeded):
    seeded(5)
    client.post(
        "/play/new/",
        {"kind": "race", "mode": "hotseat", "race-canoes": "2", "race-leg_length": "12"},
    )
    session = GameSession.objects.get()

    for _ in range(6):  # several moves, by both canoes
        html = client.get(f"/play/{session.pk}/").content.decode()
        assert "Pass the device" not in html and 'id="i-am"' not in html
        role = re.search(r'name="role" value="([^"]+)"', html).group(1)
        title = "Virginia (Swift Otter)" if role == "canoe-1" else "Massachusetts (Heron)"
        assert f"<strong>{title}</strong> to move." in html
        action = re.search(r'name="action" value="([^"]+)"', html).group(1)
        session.refresh_from_db()
        response = client.post(
            f"/play/{session.pk}/act/",
            {"role": role, "version": session.version, "action": action.replace("&quot;", '"')},
        )
        assert response.status_code == 302
    assert session.log.exclude(role=None).values("role").distinct().count() == 2


def test_a_hot_seat_pelts_game_still_passes_the_device(client):
    client.post("/play/new/", {"kind": "pelts", "mode": "hotseat"})
    session = GameSession.objects.get()

    html = client.get(f"/play/{session.pk}/").content.decode()

    assert "Pass the device to the trappers" in html and "data-card" not in html
    end = json.dumps({"type": "end", "label": "End your phase"})
    client.post(f"/play/{session.pk}/device/trapper/")
    client.post(f"/play/{session.pk}/act/", {"role": "trapper", "version": 0, "action": end})
    assert "Pass the device to the Indians" in client.get(f"/play/{session.pk}/").content.decode()

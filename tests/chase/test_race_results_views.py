"""The end of a race: the finishing order with places (R8), each crew's losses by cause, and
the Rematch button on the table."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chase.engines.race import ENGINE
from chase.engines.race.game import race_results
from chase.models import ActionLog, GameSession
from chase.services import sessions as services
from tests.chase.conftest import play_randomly
from tests.chase.engines.race_helpers import put, race

pytestmark = pytest.mark.django_db

NAMES = [
    {"canoe": "Sea Serpent", "colony": "Delaware"},
    {"canoe": "Red Fox", "colony": "Rhode Island"},
    {"canoe": "Kingfisher", "colony": "New York"},
]


def _decided(client) -> GameSession:
    """A hot-seat race of three held by `client`, decided by hand: Rhode Island first,
    Delaware second, New York out; its log tells how each crew lost its men."""
    typed = {
        f"race-names-{number}-{key}": text
        for number, name in enumerate(NAMES, start=1)
        for key, text in name.items()
    }
    response = client.post(
        "/play/new/", {"kind": "race", "mode": "hotseat", "race-canoes": "3", **typed}
    )
    assert response.status_code == 302
    session = GameSession.objects.get()
    state = race(3)
    state["options"]["names"] = NAMES
    for canoe, names in zip(state["canoes"], NAMES, strict=True):
        canoe["name"], canoe["colony"] = names["canoe"], names["colony"]
    state = put(state, "canoe-2", leg=6, at=24, place=1)
    state = put(state, "canoe-1", leg=6, at=24, place=2, aboard=2, lost=2)
    state = put(state, "canoe-3", leg=2, at=5, out=True, flipped=True, aboard=0, lost=4)
    state.update(status="finished", finishers=["canoe-2", "canoe-1"], order=[], active=0)
    GameSession.objects.filter(pk=session.pk).update(
        state=state, status="finished", winner="canoe-2", version=3
    )
    told = [
        [{"kind": "shot", "seat": "canoe-1", "killed": True, "text": "A man falls."},
         {"kind": "shot", "seat": "canoe-2", "killed": False, "text": "A miss."}],
        [{"kind": "bear", "seat": "canoe-1", "flipped": True, "kills": [6, 3, 2, 1],
          "text": "The bear flips Delaware."}],
        [{"kind": "recrew", "seat": "canoe-3", "drowned": 2, "text": "Two drown."},
         {"kind": "abandon", "seat": "canoe-3", "left": 1, "text": "One is left."},
         {"kind": "shot", "seat": "canoe-3", "killed": True, "text": "The last one falls."}],
    ]  # fmt: skip
    ActionLog.objects.bulk_create(
        ActionLog(session=session, seq=n, role="canoe-1", action={"type": "paddle"},
                  events=events, version_after=n)
        for n, events in enumerate(told, start=1)
    )  # fmt: skip
    session.refresh_from_db()
    return session


def test_the_results_put_the_finishers_in_order_then_the_rest_with_their_losses(client):
    session = _decided(client)

    rows = race_results(session, ENGINE.seat_view(session.state, None))

    assert [(r["place_text"], r["colony"], r["name"]) for r in rows] == [
        ("1st", "Rhode Island", "Red Fox"),
        ("2nd", "Delaware", "Sea Serpent"),
        ("–", "New York", "Kingfisher"),
    ]
    assert [r["outcome"] for r in rows] == [
        "crossed the finish line", "crossed the finish line", "out of the race",
    ]  # fmt: skip
    assert [(r["lost"], r["causes"]) for r in rows] == [
        (0, ""),
        (2, "1 shot by hostiles, 1 killed by the bear"),
        (4, "1 shot by hostiles, 2 drowned in a whirlpool, 1 left in the water"),
    ]


def test_the_end_screen_shows_the_winner_the_finishing_order_and_a_rematch_button(client):
    session = _decided(client)

    html = client.get(f"/play/{session.pk}/").content.decode()

    assert "<strong>Rhode Island (Red Fox)</strong> won the game." in html
    start = html.index('id="results"')
    results = html[start : html.index("</section>", start)]
    places = re.findall(r'<span class="place">([^<]+)</span>', results)
    colonies = re.findall(r'<strong class="colony">([^<]+)</strong>', results)
    assert (places, colonies) == (["1st", "2nd", "–"], ["Rhode Island", "Delaware", "New York"])
    assert "<strong>2 lost</strong>: 1 shot by hostiles, 1 killed by the bear" in results
    assert "nobody aboard" in results and "Out of the race" in results
    assert "no man lost" in results
    assert 'id="rematch"' in html and f'action="/play/{session.pk}/rematch/"' in html


def test_a_stranger_sees_the_results_but_no_rematch_button(client):
    session = _decided(client)

    html = Client().get(f"/play/{session.pk}/").content.decode()

    assert 'id="results"' in html and "Rhode Island" in html
    assert 'id="rematch"' not in html


def test_a_race_still_on_has_no_results_and_no_rematch(client):
    response = client.post("/play/new/", {"kind": "race", "mode": "hotseat"})
    session = GameSession.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))

    html = client.get(f"/play/{session.pk}/").content.decode()

    assert 'id="results"' not in html and 'id="rematch"' not in html


@pytest.mark.parametrize("game", range(3))
def test_every_mans_loss_in_a_played_race_has_its_cause(game, seeded):
    rng = seeded(700 + game)
    session = services.session_create(
        kind="race", mode="hotseat", options={"canoes": 4, "leg_length": 12},
        computer_seats=["canoe-3", "canoe-4"],
    )  # fmt: skip
    session = play_randomly(session, rng, steps=600)
    assert session.status == "finished"

    rows = race_results(session, ENGINE.seat_view(session.state, None))

    assert len(rows) == 4
    for row in rows:
        assert row["lost"] == row["shot"] + row["mauled"] + row["drowned"] + row["left"], row
        assert row["aboard"] + row["in_water"] + row["lost"] == 4
    placed = [r["place"] for r in rows if r["place"]]
    assert placed == list(range(1, len(placed) + 1))
    assert [r["role"] for r in rows[: len(placed)]] == session.state["finishers"]

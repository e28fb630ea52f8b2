"""Property: no view of one seat holds a card of the other seat's hand, in the JSON or the HTML.

Seeded random games of pelts across two browsers, played through the services; after every
action each seat's view is fetched as its owner would: the API's JSON (every string in it,
however deep) and the table page (every `data-card` and every posted action). Cards move from
hand to discard and back into the draw pile, so each check compares against the cards in the
other hand at that moment; the seat's own past actions in the log are left out for the same
reason (the log never shows it another seat's action while the game is on). A positive control
makes sure the seat's own hand is rendered, so the check is not vacuous.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.chase.conftest import new_game, play_randomly

pytestmark = pytest.mark.django_db

GAMES = 20
ACTIONS = 25


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def _html_cards(html: str) -> set[str]:
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    for value in re.findall(r'name="action" value="([^"]+)"', html):
        action = json.loads(value.replace("&quot;", '"').replace("&#x27;", "'"))
        shown |= {action[key] for key in ("card",) if key in action}
    return shown


@pytest.mark.slow  # whole games, every view checked
@pytest.mark.parametrize("game", range(GAMES))
def test_no_view_of_a_seat_contains_the_other_seats_hand(game, seeded):
    rng = seeded(1000 + game)
    session = new_game(mode="multi")
    seats = {s.role: s for s in session.seats.all()}
    browsers = {}
    for role, seat in seats.items():
        browsers[role] = Client()
        browsers[role].get(f"/play/join/{seat.invite}/")  # takes the seat, keeps its token
    seats = {s.role: s for s in session.seats.all()}  # the fresh tokens the joins handed out
    api = APIClient()
    checked = 0

    def check(session):
        nonlocal checked
        hands = session.state["hands"]
        for role, seat in seats.items():
            other = "indian" if role == "trapper" else "trapper"
            theirs, mine = set(hands[other]), set(hands[role])

            body = api.get(f"/api/sessions/{session.pk}/view/?seat={seat.token}").json()
            # The log shows this seat its own past actions only; a card it played long ago may
            # be in the other hand now (after a reshuffle), so those are left out of the check.
            assert all(e["action"] is None or e["role"] == role for e in body["log"])
            strings = _strings({**body, "log": [{**e, "action": None} for e in body["log"]]})
            assert not strings & theirs, f"{role} sees {strings & theirs} in the JSON"
            assert mine <= strings

            html = browsers[role].get(f"/play/{session.pk}/").content.decode()
            shown = _html_cards(html)
            assert not shown & theirs, f"{role} sees {shown & theirs} in the HTML"
            assert mine <= set(re.findall(r'data-card="([^"]+)"', html))
        checked += 1

    session.refresh_from_db()
    assert session.status == "playing"
    check(session)
    play_randomly(session, rng, steps=ACTIONS, after=check)

    assert checked > 1

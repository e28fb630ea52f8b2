"""A seat's view drawn once and shared (chase.view_cache): by the same seat's next `/view/`, its
stream and the answer to its action; never by another seat, never once the seats changed.

Named people: the owner (the trappers in pelts, first to move), the opponent (the Indians), a
guest who signs up mid-game.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from chase.services import sessions as services
from tests.chase.conftest import multi_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)  # a view is stored once committed


@pytest.fixture(autouse=True)
def shared_cache(settings):
    """A club server's `versions` cache, shared by every process (Redis there)."""
    settings.CACHES = {
        **settings.CACHES,
        "versions": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "view-cache-tests",
        },
    }
    caches["versions"].clear()


def view(session, token) -> dict:
    answer = APIClient().get(f"/api/sessions/{session.pk}/view/?seat={token}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_seats_second_view_at_the_same_version_reads_no_game(owner, opponent):
    session = multi_game(owner, opponent)
    trappers = session.seats.get(role="trapper")
    first = view(session, trappers.token)
    with CaptureQueriesContext(connection) as queries:
        again = view(session, trappers.token)
    assert again == first
    assert not [q for q in queries.captured_queries if "chase_" in q["sql"]]


def test_a_view_drawn_for_one_seat_is_never_found_with_another_seats_token(owner, opponent):
    session = multi_game(owner, opponent)
    trappers, indians = session.seats.get(role="trapper"), session.seats.get(role="indian")
    mine = view(session, trappers.token)
    theirs = view(session, indians.token)
    assert (mine["role"], theirs["role"]) == ("trapper", "indian")
    assert mine["view"] != theirs["view"]  # each its own hand
    assert view(session, indians.token) == theirs


def test_the_answer_to_a_move_is_the_movers_next_view(owner, opponent):
    session = multi_game(owner, opponent)
    trappers = session.seats.get(role="trapper")
    before = view(session, trappers.token)
    body = {"seat": trappers.token, "version": before["version"],
            "action": before["legal_actions"][0]}  # fmt: skip
    answer = APIClient().post(f"/api/sessions/{session.pk}/actions/", body, format="json")
    assert answer.status_code == 200
    assert view(session, trappers.token) == answer.json()


def test_a_guest_who_signs_up_is_named_in_the_other_seats_view_at_the_same_version(owner):
    session = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    free = next(s for s in session.seats.all() if not s.is_taken)
    guest_seat = services.seat_join(invite=free.invite, user=None)
    trappers = session.seats.get(role="trapper")
    names = {s["role"]: s["name"] for s in view(session, trappers.token)["seats"]}
    assert names[guest_seat.role] == "Guest"
    newcomer = UserFactory(username="newcomer")
    services.seats_claim(user=newcomer, tokens=[guest_seat.token])  # no new version
    session.refresh_from_db()
    again = view(session, trappers.token)
    assert again["version"] == session.version
    assert {s["role"]: s["name"] for s in again["seats"]}[guest_seat.role] == "newcomer"

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

from chase.models import GameSession
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


@pytest.mark.parametrize("kind", ["pelts", "race", "abstract", "moosehead"])
def test_the_views_a_move_stores_are_those_drawn_from_the_database_after_it(kind, owner, opponent):
    """The answer to a move stores every seat's view, drawn in the move's transaction from the
    game as it leaves it: byte for byte what the committed game draws."""
    from chase.games import get_engine
    from chase.selectors.sessions import seat_payload
    from chase.view_cache import encode

    engine = get_engine(kind)
    computers = engine.roles(engine.clean_options({}))[2:]
    session = services.session_create(
        kind=kind, mode="multi", options={}, user=owner, creator_sits=True,
        computer_seats=computers,
    )  # fmt: skip
    free = next(s for s in session.seats.all() if not s.is_taken and not s.is_computer)
    services.seat_join(invite=free.invite, user=opponent)
    humans = [s for s in session.seats.all() if not s.is_computer]
    moves = 0
    for _ in range(6):
        session.refresh_from_db()
        views = {s.token: view(session, s.token) for s in humans}
        mover = next((s for s in humans if views[s.token]["legal_actions"]), None)
        if mover is None:
            break
        body = {"seat": mover.token, "version": views[mover.token]["version"],
                "action": views[mover.token]["legal_actions"][0]}  # fmt: skip
        answer = APIClient().post(f"/api/sessions/{session.pk}/actions/", body, format="json")
        assert answer.status_code == 200, answer.content
        moves += 1
        session.refresh_from_db()
        for seat in humans:
            stored = APIClient().get(f"/api/sessions/{session.pk}/view/?seat={seat.token}")
            fresh = GameSession.objects.get(pk=session.pk)
            assert stored.content == encode(seat_payload(fresh, fresh.seats.get(pk=seat.pk)))
    assert moves >= 3


def test_a_signed_in_players_view_from_the_cache_makes_no_query(owner, opponent, settings):
    """The seat's token is the view's credential: an answer from the cache signs no account in
    (core.lazy_auth), so it reads not even the account's version (one query before)."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"  # a club server's
    session = multi_game(owner, opponent)
    trappers = session.seats.get(role="trapper")
    browser = APIClient()
    browser.force_login(owner)
    url = f"/api/sessions/{session.pk}/view/?seat={trappers.token}"
    first = browser.get(url).json()

    with CaptureQueriesContext(connection) as queries:
        again = browser.get(url)

    assert again.json() == first
    assert len(queries) == 0, [q["sql"][:80] for q in queries.captured_queries]


def test_a_view_asked_with_a_wrong_api_token_is_refused_even_from_the_cache(owner, opponent):
    session = multi_game(owner, opponent)
    trappers = session.seats.get(role="trapper")
    url = f"/api/sessions/{session.pk}/view/?seat={trappers.token}"
    view(session, trappers.token)  # stored

    answer = APIClient().get(url, HTTP_AUTHORIZATION="Token not-a-token-of-anyone")

    assert answer.status_code == 401
    assert answer.json()["detail"] == "Invalid token."


def test_a_seat_first_seen_by_its_view_is_taken_by_the_signed_in_account(owner):
    """Not from the cache: the view reads who is asking, and the seat becomes theirs."""
    browser = APIClient()
    browser.force_login(owner)
    body = {"kind": "race", "mode": "solo", "options": {}}
    created = browser.post("/api/sessions/", body, format="json").json()
    token = next(s["token"] for s in created["seats"] if s["token"])
    seat = GameSession.objects.get(pk=created["id"]).seats.get(token=token)
    seat.taken_at, seat.user = None, None
    seat.save(update_fields=["taken_at", "user"])

    assert browser.get(f"/api/sessions/{created['id']}/view/?seat={token}").status_code == 200

    seat.refresh_from_db()
    assert seat.taken_at is not None and seat.user == owner


def test_a_write_sent_to_the_view_is_refused_as_a_method_it_has_not(owner, opponent):
    """Lazy authentication is for reads: a write is authenticated at once and answered 405."""
    session = multi_game(owner, opponent)
    browser = APIClient()
    browser.force_login(owner)
    answer = browser.post(f"/api/sessions/{session.pk}/view/", {}, format="json")
    assert answer.status_code == 405

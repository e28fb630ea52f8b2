"""The canoe pages' streams (`/events/play/<id>/`, `/events/play/`): a page is told only the
version, and asks for its fragment itself; its stream keeps the seat at the table (no turn
alert), carries the signed-in player's inbox badge, and the lobby hears of open games.
Named people: the owner (the trappers), the opponent (the Indians)."""

from __future__ import annotations

import pytest
from django.test import Client

from chase.games import get_engine
from chase.models import GameSession, Seat
from chase.services import sessions as services
from core import streams
from tests.chase.conftest import multi_game
from tests.streams_support import Stream

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def short_keep_alive(monkeypatch):
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)
    monkeypatch.setattr(streams, "_slots", streams.Slots())


@pytest.fixture
def tables(owner, opponent):
    """The game, and each player's browser holding their seat (signed in)."""
    session = multi_game(owner, opponent)
    browsers = {}
    for seat in session.seats.all():
        browser = Client()
        browser.force_login(seat.user)
        browser.get(f"/play/{session.pk}/?seat={seat.token}")  # keeps the seat's token
        browsers[seat.role] = browser
    return session, browsers


def _move(session, role):
    session.refresh_from_db()
    seat = session.seats.get(role=role)
    action = get_engine(session.kind).legal_actions(session.state, role)[0]
    return services.session_act(
        session_id=session.pk, token=seat.token, version=session.version, action=action
    ).version


def test_a_current_page_hears_ready_at_once(tables):
    session, browsers = tables
    url = f"/events/play/{session.pk}/?last_event_id={session.version}"
    event = Stream(browsers["indian"].get(url)).next_event()
    assert event == {"id": session.version, "event": "ready", "data": {"version": session.version}}


def test_a_page_behind_hears_the_version_at_once(tables):
    session, browsers = tables
    url = f"/events/play/{session.pk}/?last_event_id={session.version - 1}"
    event = Stream(browsers["indian"].get(url)).next_event()
    assert (event["event"], event["id"]) == ("version", session.version)


def test_a_move_reaches_the_other_table_as_its_version_only(
    tables, django_capture_on_commit_callbacks
):
    session, browsers = tables
    stream = Stream(browsers["indian"].get(f"/events/play/{session.pk}/?last_event_id=0"))
    stream.next_event()  # the version the page was behind
    with django_capture_on_commit_callbacks(execute=True):
        version = _move(session, "trapper")
    events = [stream.next_event(), stream.next_event()]
    table = next(e for e in events if e["event"] == "version")
    assert table == {"id": version, "event": "version", "data": {"version": version}}
    assert any(e["event"] == "inbox" for e in events)  # the badge: it is their turn now


def test_a_move_whose_message_never_left_reaches_the_page_at_its_next_keep_alive(tables):
    """As for a program's stream (test_session_events_api): a lost message costs the page at
    most KEEP_ALIVE seconds, not the wait for another move (at a game's end, for ever)."""
    session, browsers = tables
    url = f"/events/play/{session.pk}/?last_event_id={session.version}"
    stream = Stream(browsers["indian"].get(url))
    assert stream.next_event()["event"] == "ready"
    version = _move(session, "trapper")  # its on-commit message is never sent
    event = stream.next_event(patience=1)
    assert event == {"id": version, "event": "version", "data": {"version": version}}
    assert stream.next_event(patience=2) is None  # told once


def test_an_open_table_stream_keeps_the_seat_at_the_table(tables, opponent):
    session, browsers = tables
    Seat.objects.filter(session=session).update(seen_at=None)
    Stream(browsers["indian"].get(f"/events/play/{session.pk}/")).next_event()
    assert Seat.objects.get(session=session, role="indian").seen_at is not None  # no turn alert
    assert Seat.objects.get(session=session, role="trapper").seen_at is None


def test_a_game_that_is_not_there_has_no_stream():
    assert Client().get("/events/play/999999/").status_code == 404


def test_the_lobby_hears_of_a_new_open_game(owner, django_capture_on_commit_callbacks):
    stream = Stream(Client().get("/events/play/"))
    assert stream.next_event()["event"] == "ready"
    with django_capture_on_commit_callbacks(execute=True):
        services.session_create(kind="pelts", mode="multi", options={}, user=owner)
    assert stream.next_event()["event"] == "version"
    assert GameSession.objects.open_to_join().count() == 1


def test_the_badge_is_its_own_fragment(tables, opponent):
    _, browsers = tables
    answer = browsers["indian"].get("/accounts/inbox/badge/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert b'id="inbox-badge"' in answer.content and b'hx-trigger="sse:inbox"' in answer.content
    assert Client().get("/accounts/inbox/badge/").status_code == 302  # to the log-in page


def test_every_signed_in_page_names_the_inbox_stream_and_the_table_its_own(tables):
    session, browsers = tables
    home = browsers["indian"].get("/").content.decode()
    assert 'sse-connect="/events/inbox/"' in home
    table = browsers["indian"].get(f"/play/{session.pk}/").content.decode()
    assert f'sse-connect="/events/play/{session.pk}/?last_event_id={session.version}"' in table
    assert 'hx-trigger="sse:version, live:poll"' in table

"""`GET /api/sessions/<id>/events/`: a game's moves pushed to each seat as Server-Sent Events.

Served here as runserver serves it (a WSGI generator fed by this process's hub, core.events);
the event process's path (uvicorn, Redis) is tested end to end in tests/test_live_events.py.
Named people: the trappers' player (who moves first in pelts), the Indians' player, a stranger.
"""

from __future__ import annotations

import random

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from chase.games import get_engine
from chase.models import GameSession
from core import streams
from tests.chase.conftest import multi_game, new_game
from tests.streams_support import Stream

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def short_keep_alive(monkeypatch):
    """A stream with nothing to say answers a keep-alive within a fraction of a second, so a
    test that waits for an event that never comes fails at once instead of hanging."""
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)
    monkeypatch.setattr(streams, "_slots", streams.Slots())  # no other test's streams counted


def open_stream(client, session, token=None, last=None, **headers) -> Stream:
    url = f"/api/sessions/{session.pk}/events/"
    if token:
        url += f"?seat={token}"
    if last is not None:
        headers["HTTP_LAST_EVENT_ID"] = str(last)
    return Stream(client.get(url, **headers))


def act(session, seat, action=None):
    """Post the seat's first legal action (or `action`) through the API, as a program does."""
    session.refresh_from_db()
    view = APIClient().get(f"/api/sessions/{session.pk}/view/?seat={seat.token}").json()
    body = {"seat": seat.token, "version": session.version,
            "action": action or view["legal_actions"][0]}  # fmt: skip
    answer = APIClient().post(f"/api/sessions/{session.pk}/actions/", body, format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()["version"]


@pytest.fixture
def game(owner, opponent):
    """Pelts across two browsers: the owner holds the trappers (first to move), the opponent
    the Indians."""
    session = multi_game(owner, opponent)
    seats = {s.role: s for s in session.seats.all()}
    return session, seats["trapper"], seats["indian"]


def test_a_move_reaches_the_other_seats_stream(game, api, django_capture_on_commit_callbacks):
    session, trappers, indians = game
    stream = open_stream(api, session, indians.token, last=session.version)
    assert stream.next_event(patience=1) is None  # up to date: nothing sent at once
    with django_capture_on_commit_callbacks(execute=True):
        version = act(session, trappers)
    event = stream.next_event()
    assert event["event"] == "view"
    assert event["id"] == version == event["data"]["version"]
    assert event["data"]["role"] == "indian"
    assert event["data"]["log"][-1]["version_after"] == version


def test_a_move_whose_message_never_left_reaches_the_stream_at_its_next_keep_alive(game, api):
    """The move's message is lost (here: its on-commit send never runs, as when the mover's
    process could not reach Redis); the stream reads the game again when it has been quiet for
    KEEP_ALIVE seconds, and sends the view it missed, once."""
    session, trappers, indians = game
    stream = open_stream(api, session, indians.token, last=session.version)
    assert stream.next_event(patience=1) is None  # open and up to date: nothing said yet
    version = act(session, trappers)  # no django_capture_on_commit_callbacks: nothing published
    event = stream.next_event(patience=1)
    assert event is not None, "the missed move never reached the stream"
    assert (event["event"], event["id"], event["data"]["version"]) == ("view", version, version)
    assert stream.next_event(patience=2) is None  # and not sent again


def test_a_stream_opened_without_a_last_id_starts_with_the_current_view(game, api):
    session, _, indians = game
    event = open_stream(api, session, indians.token).next_event()
    assert (event["id"], event["data"]["version"]) == (session.version, session.version)
    assert event["data"]["legal_actions"] == []  # the trappers move first


def test_a_spectator_stream_carries_the_spectators_view(game, api):
    session, _, _ = game
    event = open_stream(api, session).next_event()
    assert event["data"]["role"] is None
    assert event["data"]["view"] == get_engine("pelts").seat_view(session.state, None)


def test_a_stranger_cannot_open_a_seat_stream_with_a_wrong_token(game, api):
    session, _, _ = game
    answer = api.get(f"/api/sessions/{session.pk}/events/?seat=not-a-token-of-this-game")
    assert answer.status_code in (400, 403)
    assert answer.json()["errors"][0]["field"] == "seat"
    assert api.get("/api/sessions/999999/events/").status_code == 404


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


@pytest.fixture(params=["each view drawn", "views shared"])
def views(request, settings):
    """Without a shared cache every event's view is drawn from the game; with one (a club
    server's Redis, chase.view_cache) a view drawn by one reader is found by the next."""
    if request.param == "views shared":
        settings.CACHES = {
            **settings.CACHES,
            "versions": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "events-views",
            },
        }
        caches["versions"].clear()
    return request.param


@pytest.mark.parametrize("seed", range(4))
def test_a_stream_never_carries_the_other_seats_hand(
    seed, views, game, api, seeded, django_capture_on_commit_callbacks
):
    """The secrecy property of the sessions, over the streams: after every move each seat's
    event holds its own hand (a positive control) and none of the other hand's cards; with the
    views shared, the mover's event is the body its action's answer stored."""
    seeded(2000 + seed)
    rng = random.Random(seed)
    session, trappers, indians = game
    seats = {"trapper": trappers, "indian": indians}
    opened = {
        role: open_stream(api, session, seat.token, last=session.version)
        for role, seat in seats.items()
    }
    engine = get_engine("pelts")
    checked = 0
    for _ in range(20):
        session.refresh_from_db()
        if session.status != GameSession.Status.PLAYING:
            break
        movers = [r for r in seats if engine.legal_actions(session.state, r)]
        mover = rng.choice(movers)
        action = rng.choice(engine.legal_actions(session.state, mover))
        with django_capture_on_commit_callbacks(execute=True):
            version = act(session, seats[mover], action)
        session.refresh_from_db()
        hands = session.state["hands"]
        for role, stream in opened.items():
            other = "indian" if role == "trapper" else "trapper"
            event = stream.next_event()
            assert event["id"] == version
            body = event["data"]
            assert all(e["action"] is None or e["role"] == role for e in body["log"])
            strings = _strings({**body, "log": [{**e, "action": None} for e in body["log"]]})
            assert not strings & set(hands[other]), f"{role} hears {strings & set(hands[other])}"
            assert set(hands[role]) <= strings
            checked += 1
    assert checked >= 10


def test_reconnecting_with_the_last_event_id_misses_nothing_and_repeats_nothing(
    game, api, django_capture_on_commit_callbacks
):
    session, trappers, indians = game
    stream = open_stream(api, session, indians.token, last=session.version)
    with django_capture_on_commit_callbacks(execute=True):
        first = act(session, trappers)
    assert stream.next_event()["id"] == first
    stream.close()  # the connection drops; two moves are made meanwhile
    with django_capture_on_commit_callbacks(execute=True):
        session.refresh_from_db()
        mover = next(s for s in (trappers, indians) if _can_act(session, s))
        act(session, mover)
        session.refresh_from_db()
        mover = next(s for s in (trappers, indians) if _can_act(session, s))
        latest = act(session, mover)
    again = open_stream(api, session, indians.token, last=first)
    event = again.next_event()
    assert event["id"] == latest  # the current state at once: nothing missed
    seen = {row["version_after"] for row in event["data"]["log"]}
    assert {first + 1, latest} <= seen | {first + 1 + i for i in range(latest - first)}
    assert again.next_event(patience=1) is None  # and nothing twice
    resumed = open_stream(api, session, indians.token, last=latest)
    assert resumed.next_event(patience=1) is None  # already current: nothing repeated


def _can_act(session, seat) -> bool:
    return bool(get_engine(session.kind).legal_actions(session.state, seat.role))


def test_the_query_parameter_stands_for_the_header(game, api):
    session, _, indians = game
    url = f"/api/sessions/{session.pk}/events/?seat={indians.token}&last_event_id={session.version}"
    assert Stream(api.get(url)).next_event(patience=1) is None


def test_a_finished_game_seen_to_its_end_answers_no_content(owner):
    session = new_game(kind="race", mode="solo", user=owner, canoes=2)
    GameSession.objects.filter(pk=session.pk).update(status=GameSession.Status.FINISHED)
    url = f"/api/sessions/{session.pk}/events/"
    answer = APIClient().get(url, HTTP_LAST_EVENT_ID=str(session.version))
    assert answer.status_code == 204  # EventSource stops reconnecting
    event = Stream(APIClient().get(url)).next_event()
    assert event["data"]["status"] == "finished"


def test_open_streams_are_bounded_per_account(game, owner, settings):
    settings.EVENTS_PER_ACCOUNT = 1
    session, trappers, _ = game
    client = APIClient()
    client.force_authenticate(owner)
    client.force_login(owner)
    first = open_stream(client, session, trappers.token)
    refused = client.get(f"/api/sessions/{session.pk}/events/?seat={trappers.token}")
    assert refused.status_code == 429
    assert "Too many live pages open from this account" in refused.json()["detail"]
    first.close()  # its slot is given back
    open_stream(client, session, trappers.token).close()


def test_a_token_header_signs_a_stream_in_until_the_token_is_deleted(game, owner, settings):
    """The stream reads DRF's `Authorization: Token` as the API does (core.token_auth): the
    account's bound counts it; once the token is deleted the stream is a guest's."""
    from rest_framework.authtoken.models import Token

    settings.EVENTS_PER_ACCOUNT = 1
    session, trappers, _ = game
    token = Token.objects.create(user=owner)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    first = open_stream(client, session, trappers.token)
    refused = client.get(f"/api/sessions/{session.pk}/events/?seat={trappers.token}")
    assert refused.status_code == 429
    assert "from this account" in refused.json()["detail"]
    token.delete()
    second = open_stream(client, session, trappers.token)  # a guest's now: not the account's
    first.close()
    second.close()


def test_open_streams_are_bounded_per_address(game, settings):
    settings.EVENTS_PER_ADDRESS = 2
    session, _, _ = game
    far = {"REMOTE_ADDR": "203.0.113.9"}
    kept = [open_stream(APIClient(), session, **far) for _ in range(2)]
    refused = APIClient().get(f"/api/sessions/{session.pk}/events/", **far)
    assert refused.status_code == 429
    assert "this address" in refused.json()["detail"]
    assert APIClient().get(
        f"/api/sessions/{session.pk}/events/", REMOTE_ADDR="203.0.113.10"
    ).status_code == 200  # fmt: skip
    for stream in kept:
        stream.close()


def test_health_counts_the_open_streams(game, client):
    session, _, _ = game
    assert client.get("/healthz").json()["streams"] == {"status": "ok", "open": 0}
    before = 0
    opened = [open_stream(APIClient(), session) for _ in range(3)]
    assert client.get("/healthz").json()["streams"]["open"] == before + 3
    for stream in opened:
        stream.close()
    assert client.get("/healthz").json()["streams"]["open"] == before


def test_a_gunicorn_worker_never_holds_a_stream(game, api, settings):
    """With Redis the streams are the event process's: a web worker answers at once."""
    settings.EVENTS_IN_WEB = False
    session, _, _ = game
    answer = api.get(f"/api/sessions/{session.pk}/events/")
    assert answer.status_code == 503
    assert "event process" in answer.json()["detail"]

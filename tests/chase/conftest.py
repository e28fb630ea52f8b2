"""Games for the session tests: made through the services, with seeded chance when asked.

Named people: the owner (who starts a game), an opponent (holding the other seat) and a
stranger (holding no token).
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from chase.engines.chance import RandomChance
from chase.games import get_engine
from chase.models import GameSession
from chase.services import sessions as services
from tests.factories import UserFactory


@pytest.fixture
def owner(db):
    return UserFactory(username="owner", email="owner@example.org")


@pytest.fixture
def opponent(db):
    return UserFactory(username="opponent", email="opponent@example.org")


@pytest.fixture
def ann(db):
    return UserFactory(username="ann")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def seeded(monkeypatch):
    """seeded(n): every die, shuffle and draw from now on follows seed n."""

    def seed(n: int) -> random.Random:
        rng = random.Random(n)
        monkeypatch.setattr(services, "new_chance", lambda: RandomChance(rng.randrange(2**32)))
        return rng

    return seed


def new_game(kind="pelts", mode="hotseat", user=None, play_as=None, **options) -> GameSession:
    return services.session_create(
        kind=kind, mode=mode, options=options, user=user, play_as=play_as
    )


def seat(session: GameSession, role: str):
    return session.seats.get(role=role)


def movers(session: GameSession) -> list:
    """Human seats with a legal action now."""
    engine = get_engine(session.kind)
    return [
        s
        for s in session.seats.all()
        if not s.is_computer and engine.legal_actions(session.state, s.role)
    ]


def play_randomly(session: GameSession, rng: random.Random, steps: int, after=None):
    """Post random legal actions of random seats that may act, through the service."""
    engine = get_engine(session.kind)
    for _ in range(steps):
        session.refresh_from_db()
        if session.status != GameSession.Status.PLAYING:
            break
        mover = rng.choice(movers(session))
        action = rng.choice(engine.legal_actions(session.state, mover.role))
        services.session_act(
            session_id=session.pk, token=mover.token, version=session.version, action=action
        )
        if after is not None:
            session.refresh_from_db()
            after(session)
    session.refresh_from_db()
    return session


# --- a frozen clock and a game across two browsers (pace and turn alerts) ----------------------


class Clock:
    """timezone.now() for every caller, moved by hand: `clock.advance(minutes=11)`."""

    def __init__(self, start: datetime.datetime):
        self.now = start

    def __call__(self) -> datetime.datetime:
        return self.now

    def advance(self, **delta) -> datetime.datetime:
        self.now += datetime.timedelta(**delta)
        return self.now


@pytest.fixture
def clock(monkeypatch):
    frozen = Clock(datetime.datetime(2026, 11, 2, 9, 0, tzinfo=datetime.UTC))
    monkeypatch.setattr(timezone, "now", frozen)
    return frozen


def multi_game(creator, joiner, pace="live", kind="pelts", **options) -> GameSession:
    """A game across two browsers, both seats held by accounts: the creator sits at the first
    seat (the trappers in pelts, who move first), the joiner takes the other by its invite."""
    session = services.session_create(
        kind=kind, mode="multi", options=options, user=creator, creator_sits=True, pace=pace
    )
    free = next(s for s in session.seats.all() if not s.is_taken)
    services.seat_join(invite=free.invite, user=joiner)
    session.refresh_from_db()
    return session


# A club server: the cache (and the sessions' copy, cached_db) shared by every web process.
SHARED_CACHE = {
    alias: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": alias}
    for alias in ("default", "template_fragments", "versions", "users")
}


@pytest.fixture
def club_server(settings):
    """The caches as on a club server, emptied."""
    settings.CACHES = SHARED_CACHE
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    from django.core.cache import caches  # here: after the settings above are in place

    for alias in SHARED_CACHE:
        caches[alias].clear()

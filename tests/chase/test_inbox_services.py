"""The canoe games in the inbox: a seat taken while logged in belongs to the account, so the
game shows as `your_turn` for that account, from any browser, while it is that seat's turn."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from accounts.inbox import inbox_for
from chase.models import GameSession
from chase.selectors.sessions import who_acts
from chase.services import sessions as services
from tests.factories import UserFactory


@pytest.fixture
def race(db):
    """A race of two canoes across two browsers: Ann created it and sat, Ben joined by link."""
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    session = services.session_create(
        kind="race", mode="multi", options={"canoes": 2}, user=ann, creator_sits=True
    )
    free = session.seats.get(taken_at__isnull=True)
    services.seat_join(invite=free.invite, user=ben)
    session.refresh_from_db()
    assert session.status == GameSession.Status.PLAYING
    return session, ann, ben


def test_seats_taken_while_logged_in_belong_to_the_accounts(race):
    session, ann, ben = race
    assert {s.user.username for s in session.seats.all()} == {"ann", "ben"}


def test_the_player_to_move_has_the_game_in_the_inbox_and_the_other_not(race):
    session, ann, ben = race
    [acting] = who_acts(session)
    mover = session.seats.get(role=acting).user
    waiting = ben if mover == ann else ann
    [item] = inbox_for(mover)
    assert item.kind == "your_turn"
    assert item.url == f"/play/{session.id}/"
    assert item.title.startswith("The Colonial Canoe Race: ")
    assert item.title.endswith(" to move")
    assert inbox_for(waiting) == []


def test_a_stranger_and_an_anonymous_visitor_have_no_canoe_games(race):
    from django.contrib.auth.models import AnonymousUser

    assert inbox_for(UserFactory(username="carl")) == []
    assert inbox_for(AnonymousUser()) == []


def test_a_game_idle_for_weeks_leaves_the_inbox(race):
    session, ann, ben = race
    long_ago = timezone.now() - datetime.timedelta(days=30)
    GameSession.objects.filter(pk=session.pk).update(updated_at=long_ago)
    assert inbox_for(ann) == [] and inbox_for(ben) == []


def test_a_hot_seat_game_not_yet_moved_is_on_the_inbox_of_the_account_at_its_table(db):
    """No move has set a turn's clock yet: the game's creation does (chase.services.sessions),
    so the inbox, which reads the clocks, lists it from the start."""
    ann = UserFactory(username="ann")
    session = services.session_create(kind="race", mode="hotseat", options={"canoes": 2})
    [acting] = who_acts(session)
    for seat in session.seats.all():
        services.seat_take(seat=seat, user=ann)
    [item] = inbox_for(ann)
    assert item.kind == "your_turn" and item.url == f"/play/{session.id}/"
    assert item.title.endswith(" to move")
    assert session.seats.get(role=acting).turn_since is not None


def test_the_clocks_missing_from_older_games_are_set_by_the_migration(race):
    """A game whose seats have no turn clock (played before clocks, or not moved) is listed
    once `chase/0011` has set them; the seat without a move stays without."""
    import importlib

    from django.apps import apps

    session, ann, ben = race
    [acting] = who_acts(session)
    mover = session.seats.get(role=acting).user
    session.seats.update(turn_since=None)
    assert inbox_for(mover) == []
    importlib.import_module("chase.migrations.0011_turn_since_backfill").backfill(apps, None)
    [item] = inbox_for(mover)
    assert item.kind == "your_turn"
    assert session.seats.filter(turn_since__isnull=False).count() == 1

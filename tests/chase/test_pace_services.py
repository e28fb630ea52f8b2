"""A pace for games across browsers: each seat's deadline, the hand-over to the computer and
the abandoned game when a seat misses it, both in the log and the replay."""

from __future__ import annotations

import datetime

import pytest

from chase.errors import SeatRefused, SessionError
from chase.games import get_engine
from chase.models import ActionLog, GameSession, Rating
from chase.services import sessions as services
from chase.services.ratings import rated_verdict
from tests.chase.conftest import multi_game, seat

pytestmark = pytest.mark.django_db

DAY = datetime.timedelta(hours=24)


@pytest.mark.parametrize(
    ("pace", "time"),
    [("live", None), ("daily", DAY), ("weekly", datetime.timedelta(days=7))],
)
def test_the_seat_to_move_gets_a_deadline_by_the_pace(pace, time, owner, opponent, clock):
    session = multi_game(owner, opponent, pace=pace)

    trapper, indian = seat(session, "trapper"), seat(session, "indian")
    assert session.pace == pace
    assert trapper.turn_since == clock.now
    assert trapper.deadline == (clock.now + time if time else None)
    assert indian.turn_since is None and indian.deadline is None


def test_an_option_pace_is_the_sessions_and_never_reaches_the_engine(owner):
    session = services.session_create(
        kind="pelts", mode="multi", options={"pace": "weekly", "rocks": 2}, user=owner
    )

    assert session.pace == "weekly"
    assert "pace" not in session.options


@pytest.mark.parametrize(
    ("mode", "pace", "words"),
    [
        ("multi", "hourly", "There is no pace 'hourly'"),
        ("hotseat", "daily", "for games across several browsers"),
        ("solo", "weekly", "for games across several browsers"),
    ],
)
def test_it_refuses_an_unknown_pace_or_a_pace_without_browsers(mode, pace, words):
    with pytest.raises(SessionError) as error:
        services.session_create(kind="pelts", mode=mode, options={}, pace=pace)

    assert error.value.field == "pace"
    assert words in error.value.message
    assert not GameSession.objects.exists()


def test_each_move_gives_a_full_day_and_the_next_mover_starts_a_turn(owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    engine = get_engine(session.kind)
    started = clock.now
    while not engine.legal_actions(session.state, "indian"):  # the trappers' moves
        clock.advance(hours=3)
        trapper = seat(session, "trapper")
        session = services.session_act(
            session_id=session.pk,
            token=trapper.token,
            version=session.version,
            action=engine.legal_actions(session.state, "trapper")[0],
        )
        trapper = seat(session, "trapper")
        if engine.legal_actions(session.state, "trapper"):
            assert (trapper.turn_since, trapper.deadline) == (started, clock.now + DAY)

    indian = seat(session, "indian")
    assert (indian.turn_since, indian.deadline) == (clock.now, clock.now + DAY)
    trapper = seat(session, "trapper")
    if not engine.legal_actions(session.state, "trapper"):
        assert (trapper.turn_since, trapper.deadline) == (None, None)


def test_no_one_can_take_a_seat_from_a_player_with_time_left(owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    clock.advance(hours=23, minutes=59)

    with pytest.raises(SessionError, match="still have time"):
        services.seat_hand_over(
            session_id=session.pk, token=seat(session, "indian").token, role="trapper"
        )
    with pytest.raises(SessionError, match="still have time"):
        services.session_abandon(session_id=session.pk, token=seat(session, "indian").token)

    assert seat(session, "trapper").kind == "human"
    assert session.log.count() == 1


def test_a_missed_deadline_lets_the_opponent_hand_the_seat_to_the_computer(owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    clock.advance(hours=25)

    session = services.seat_hand_over(
        session_id=session.pk, token=seat(session, "indian").token, role="trapper"
    )

    trapper = seat(session, "trapper")
    assert trapper.kind == "computer" and trapper.name == "Computer"
    handed = session.log.get(kind=ActionLog.Kind.HAND_OVER)
    assert handed.role == "trapper"
    assert handed.events[0]["text"] == (
        "The trappers missed the deadline: the Indians handed the seat to the computer."
    )
    later = session.log.filter(seq__gt=handed.seq)
    assert later.exists() and all(row.by_computer for row in later)  # it moved at once
    steps = services.session_replay(session)
    assert len(steps) == session.log.count()
    step = next(s for s in steps if s.entry.kind == ActionLog.Kind.HAND_OVER)
    assert step.events == handed.events
    assert steps[-1].state == session.state


def test_the_late_seat_and_strangers_cannot_hand_over_a_seat(owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    clock.advance(days=2)

    with pytest.raises(SeatRefused):
        services.seat_hand_over(
            session_id=session.pk, token=seat(session, "trapper").token, role="trapper"
        )
    with pytest.raises(SeatRefused):
        services.seat_hand_over(session_id=session.pk, token="not-a-seat", role="trapper")

    assert session.log.count() == 1


def test_a_missed_deadline_lets_the_opponent_end_the_game_as_abandoned(owner, opponent, clock):
    session = multi_game(owner, opponent, pace="weekly")
    clock.advance(days=8)

    session = services.session_abandon(session_id=session.pk, token=seat(session, "indian").token)

    session.refresh_from_db()
    assert session.status == "finished" and session.abandoned and session.winner is None
    ended = session.log.get(kind=ActionLog.Kind.ABANDON)
    assert ended.role == "indian"
    assert ended.events[0]["text"] == (
        "The Indians ended the game as abandoned: the trappers missed the deadline."
    )
    assert all(s.deadline is None for s in session.seats.all())
    steps = services.session_replay(session)
    assert steps[-1].entry == ended and steps[-1].events == ended.events


def test_an_abandoned_game_is_not_rated(owner, opponent, clock, django_capture_on_commit_callbacks):
    session = multi_game(owner, opponent, pace="weekly")
    assert rated_verdict(session)[0]  # two accounts, one seat each
    clock.advance(days=8)

    with django_capture_on_commit_callbacks(execute=True):
        services.session_abandon(session_id=session.pk, token=seat(session, "indian").token)

    session.refresh_from_db()
    assert rated_verdict(session) == (False, "Not rated: the game was ended as abandoned.")
    assert not Rating.objects.filter(kind=session.kind).exists()


def test_a_live_game_has_no_deadline_to_miss(owner, opponent, clock):
    session = multi_game(owner, opponent)
    clock.advance(days=30)

    with pytest.raises(SessionError):
        services.session_abandon(session_id=session.pk, token=seat(session, "indian").token)

"""Finished games for the ratings tests: made through the services (seats taken by accounts,
the computer's or guests'), then decided by hand, with a last log row for when they finished."""

from __future__ import annotations

import copy

from chase.models import ActionLog, GameSession
from chase.services import sessions as services


def decided_race(
    players: list, *, finishers: list[str], out=(), mode="multi", addresses=()
) -> GameSession:
    """A race of one canoe per entry of `players` (a user; "computer"; or "guest", a seat taken
    without an account), decided: `finishers` crossed in that order, `out` went out, any other
    canoe is still on the water where it started. `addresses`: where each seat was taken from
    (a seat's hashed address), in the order of `players`; none known when left out."""
    computers = [f"canoe-{i}" for i, p in enumerate(players, start=1) if p == "computer"]
    session = services.session_create(
        kind="race",
        mode=mode,
        options={"canoes": len(players)},
        computer_seats=computers,
    )
    for number, player in enumerate(players, start=1):
        seat = session.seats.get(role=f"canoe-{number}")
        if player == "computer" or seat.is_taken:
            continue
        address = addresses[number - 1] if addresses else ""
        services.seat_take(seat=seat, user=None if player == "guest" else player, address=address)
    session.refresh_from_db()
    return finish(
        session, _race_end(session.state, finishers, out), finishers[0] if finishers else None
    )


def _race_end(state: dict, finishers: list[str], out) -> dict:
    state = copy.deepcopy(state)
    for canoe in state["canoes"]:
        if canoe["role"] in finishers:
            canoe.update(place=finishers.index(canoe["role"]) + 1, leg=6, at=24)
        if canoe["role"] in out:
            canoe.update(out=True, aboard=0, lost=4)
    state.update(status="finished", finishers=list(finishers), order=[], active=0)
    return state


def finish(session: GameSession, state: dict, winner: str | None) -> GameSession:
    """The game over with this final state, and a log row marking when it ended."""
    GameSession.objects.filter(pk=session.pk).update(
        state=state, status=GameSession.Status.FINISHED, winner=winner, version=session.version + 1
    )
    last = session.log.order_by("-seq").first()
    ActionLog.objects.create(
        session=session,
        seq=last.seq + 1,
        role=None,
        action={"type": "decided"},
        events=[],
        version_after=session.version + 1,
    )
    session.refresh_from_db()
    return session

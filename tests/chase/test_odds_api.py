"""GET /api/sessions/{id}/odds/: a seat's chances now, and a finished game's at each step."""

from __future__ import annotations

import pytest

from chase.engines.chance import ScriptedChance
from chase.games import get_engine
from chase.models import GameSession
from chase.services import odds as chase_odds
from chase.services import sessions as services
from chase.tasks import odds_task
from tests.chase.conftest import new_game, seat

pytestmark = [pytest.mark.django_db, pytest.mark.odds_playouts(60)]

RACE = ["canoe-1", "canoe-2", "canoe-3"]


def odds_url(session, **params):
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return f"/api/sessions/{session.pk}/odds/?{query}"


def finished_race():
    session = new_game(kind="race", mode="solo", canoes=2, leg_length=12)
    mover = seat(session, "canoe-1")  # the computer paddles canoe 2 after each of its moves
    while session.status != GameSession.Status.FINISHED:
        action = get_engine("race").legal_actions(session.state, mover.role)[0]
        services.session_act(
            session_id=session.pk, token=mover.token, version=session.version, action=action
        )
        session.refresh_from_db()
    return session


def test_a_seat_gets_each_canoes_chance_with_the_playouts_and_a_margin(api):
    session = new_game(kind="race", canoes=3)
    answer = api.get(odds_url(session, seat=seat(session, "canoe-2").token))
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == {"playouts", "margin", "win"}
    assert body["playouts"] == 60
    assert set(body["win"]) == set(RACE)
    assert 0.5 < sum(body["win"].values()) <= 1.001  # every canoe may go out: no winner
    assert 0 < body["margin"] < 0.2


def test_the_same_position_gets_the_same_answer_and_a_move_asks_afresh(api, settings):
    session = new_game(kind="pelts")
    token = seat(session, "trapper").token
    first = api.get(odds_url(session, seat=token)).json()
    settings.CHASE_ODDS_PLAYOUTS = 30  # a cached answer would still say 60
    assert api.get(odds_url(session, seat=token)).json() == first
    action = get_engine("pelts").legal_actions(session.state, "trapper")[-1]
    services.session_act(session_id=session.pk, token=token, version=0, action=action)
    assert api.get(odds_url(session, seat=token)).json()["playouts"] == 30


def test_a_stranger_or_a_spectator_of_a_game_on_gets_no_odds(api):
    session = new_game(kind="race", canoes=2)
    assert api.get(odds_url(session, seat="not-a-seat-of-this-game")).status_code == 403
    assert api.get(odds_url(session)).status_code == 403
    refused = api.get(odds_url(session, step=0))
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "step"


def test_a_spectator_of_a_finished_game_gets_the_odds_of_every_step(api):
    session = finished_race()
    last = session.log.count() - 1
    for step in (0, last // 2, last):
        answer = api.get(odds_url(session, step=step))
        assert answer.status_code == 200, answer.content
        assert set(answer.json()["win"]) == {"canoe-1", "canoe-2"}
    final = api.get(odds_url(session, step=last)).json()
    assert final["win"][session.winner] == 1.0
    assert api.get(odds_url(session, step=last + 1)).status_code == 400
    assert api.get(odds_url(session, step="x")).status_code == 400


def test_with_a_worker_the_odds_are_a_background_job_asked_for_once(api, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(odds_task, "apply_async", lambda kwargs: sent.append(kwargs))
    session = new_game(kind="race", canoes=2)
    url = odds_url(session, seat=seat(session, "canoe-1").token)
    waiting = api.get(url)
    assert waiting.status_code == 202
    assert waiting["Retry-After"] == "1"
    assert api.get(url).status_code == 202
    assert sent == [{"session_id": session.pk, "version": 0, "role": "canoe-1", "step": None}]
    odds_task.run(**sent[0])  # what the worker does
    done = api.get(url)
    assert done.status_code == 200
    assert done.json()["playouts"] == 60


def test_with_the_broker_down_the_odds_are_worked_out_at_once(api, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def unreachable(kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(odds_task, "apply_async", unreachable)
    session = new_game(kind="race", canoes=2)
    answer = api.get(odds_url(session, seat=seat(session, "canoe-2").token))
    assert answer.status_code == 200
    assert answer.json()["playouts"] == 60


def test_a_worker_asked_for_a_position_the_game_has_left_keeps_nothing():
    session = new_game(kind="race", canoes=2)
    kwargs = {"session_id": session.pk, "version": 7, "role": "canoe-1", "step": None}
    assert chase_odds.odds_compute(**kwargs) is None


def _abstract_mid_game():
    """A road chase (two dragoons after a courier), every seat held here, played by the
    computer's choices for a round and a half."""
    session = new_game(kind="abstract", template="road")
    engine = get_engine("abstract")
    roles = engine.roles(session.options)
    for _ in range(20):
        role = next(r for r in roles if engine.legal_actions(session.state, r))
        action = engine.computer_action(session.state, role, ScriptedChance([]))
        services.session_act(
            session_id=session.pk,
            token=seat(session, role).token,
            version=session.version,
            action=action,
        )
        session.refresh_from_db()
    assert session.status == GameSession.Status.PLAYING and session.state["round"] >= 2
    return session


@pytest.mark.parametrize("where", ["start", "mid-game"])
def test_an_abstract_chase_gets_the_chances_of_each_side(api, where):
    if where == "start":
        session = new_game(kind="abstract", template="road")
    else:
        session = _abstract_mid_game()
    for role in ("gm", "p1", "p2"):
        answer = api.get(odds_url(session, seat=seat(session, role).token))
        assert answer.status_code == 200, answer.content
        body = answer.json()
        assert list(body["win"]) == ["courier", "dragoons"]  # the prey first
        assert body["playouts"] == 60 and 0 <= body["margin"] < 0.2
        assert 0.99 <= sum(body["win"].values()) <= 1.001  # a standard chase always ends

"""The sessions API: its paths, field names and status codes are what outside clients use."""

from __future__ import annotations

import pytest

from chase.models import GameSession
from tests.chase.conftest import new_game, seat

pytestmark = pytest.mark.django_db


def _create(api, **body):
    return api.post("/api/sessions/", {"options": {}, **body}, format="json")


def _view(api, session_id, token=None):
    query = f"?seat={token}" if token else ""
    return api.get(f"/api/sessions/{session_id}/view/{query}")


def _act(api, session_id, token, version, action):
    body = {"seat": token, "version": version, "action": action}
    return api.post(f"/api/sessions/{session_id}/actions/", body, format="json")


@pytest.mark.parametrize(
    ("mode", "status", "links"),
    [("hotseat", "playing", 2), ("multi", "waiting", 1), ("solo", "playing", 1)],
)
def test_anyone_creates_a_game_and_gets_a_join_link_per_free_human_seat(api, mode, status, links):
    response = _create(api, kind="pelts", mode=mode)

    assert response.status_code == 201
    body = response.json()
    assert body["status"] == status
    assert [s["role"] for s in body["seats"]] == ["trapper", "indian"]
    joins = [s["join_url"] for s in body["seats"] if s["join_url"]]
    assert len(joins) == links
    assert all(url.startswith("http://testserver/play/join/") for url in joins)
    assert GameSession.objects.get(pk=body["id"]).mode == mode


def test_a_signed_in_creator_is_recorded(api, owner):
    api.force_authenticate(owner)
    body = _create(api, kind="pelts", mode="solo").json()
    assert GameSession.objects.get(pk=body["id"]).created_by == owner


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"kind": "chess", "mode": "solo"}, "kind", "not a valid choice"),
        ({"kind": "pelts", "mode": "telepathy"}, "mode", "not a valid choice"),
        ({"kind": "pelts", "mode": "solo", "options": {"paddles": 3}}, "paddles", "paddles"),
        ({"kind": "race", "mode": "solo", "options": {"canoes": 99}}, "canoes", "canoes"),
        ({"kind": "pelts", "mode": "solo", "options": {"rowers": 7}}, "rowers", "rowers"),
        ({"kind": "pelts", "mode": "solo", "options": "rocks"}, "options", "dictionary"),
    ],
)
def test_a_bad_kind_mode_or_unknown_option_is_a_400_naming_it(api, body, field, words):
    response = api.post("/api/sessions/", body, format="json")

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors[0]["field"] == field
    assert words in errors[0]["message"]
    assert not GameSession.objects.exists()


def test_a_seats_view_has_the_contracts_fields(api):
    session = new_game()
    body = _view(api, session.pk, seat(session, "trapper").token).json()

    assert {"version", "status", "winner", "view", "legal_actions", "log"} <= set(body)
    assert (body["version"], body["status"], body["winner"], body["role"]) == (
        0, "playing", None, "trapper",
    )  # fmt: skip
    assert {"type": "end", "label": "End your phase"} in body["legal_actions"]
    assert isinstance(body["view"]["hands"]["trapper"], list)
    assert body["view"]["hands"]["indian"] == 5  # only a count of the other hand
    assert body["log"][0]["seq"] == 0


def test_the_creator_sits_at_once_and_the_last_invite_used_starts_a_multi_game(api):
    body = _create(api, kind="pelts", mode="multi").json()
    trapper, indian = body["seats"]
    assert trapper["token"] and trapper["join_url"] is None  # the creator's seat, taken
    assert indian["token"] is None and indian["join_url"]

    first = _view(api, body["id"], trapper["token"]).json()
    assert first["status"] == "waiting" and first["legal_actions"] == []
    assert [s["taken"] for s in first["seats"]] == [True, False]

    invite = indian["join_url"].rstrip("/").rsplit("/", 1)[1]
    joined = api.post(f"/api/sessions/{body['id']}/join/", {"invite": invite}, format="json")
    assert joined.status_code == 200 and joined.json()["role"] == "indian"

    second = _view(api, body["id"], joined.json()["token"]).json()
    assert second["status"] == "playing"
    assert second["version"] == 2


def test_a_legal_action_returns_the_fresh_view_and_is_logged(api):
    session = new_game()
    token = seat(session, "trapper").token
    action = _view(api, session.pk, token).json()["legal_actions"][-1]

    response = _act(api, session.pk, token, 0, action)

    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1
    assert body["log"][-1]["action"] == action
    assert body["legal_actions"] == []  # now the Indians' phase


def test_an_illegal_action_is_a_400_with_the_engines_reason_and_changes_nothing(api):
    session = new_game()

    response = _act(api, session.pk, seat(session, "indian").token, 0, {"type": "end"})

    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "rule": None, "field": "action", "message": "It is not your turn to act.",
    }  # fmt: skip
    session.refresh_from_db()
    assert session.version == 0 and session.log.count() == 1


def test_an_action_nested_deeper_than_any_legal_one_is_a_400_and_changes_nothing(api):
    session = new_game()
    action = '{"type": "end", "x": ' + "[" * 20 + "]" * 20 + "}"  # under the parser's bound
    body = f'{{"seat": "{seat(session, "trapper").token}", "version": 0, "action": {action}}}'

    response = api.post(
        f"/api/sessions/{session.pk}/actions/", body, content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "action"
    assert GameSession.objects.get(pk=session.pk).version == 0


def test_a_stale_version_is_a_409_with_the_fresh_view(api):
    session = new_game()
    token = seat(session, "trapper").token
    _act(api, session.pk, token, 0, {"type": "end"})

    response = _act(api, session.pk, token, 0, {"type": "end"})

    assert response.status_code == 409
    body = response.json()
    assert body["version"] == 1 and body["status"] == "playing"
    assert {"view", "legal_actions", "log", "winner"} <= set(body)
    assert body["detail"].startswith("The game moved on")
    assert GameSession.objects.get(pk=session.pk).log.count() == 2


def test_a_stranger_with_no_token_or_a_made_up_one_cannot_act(api):
    session = new_game()

    assert _act(api, session.pk, "made-up", 0, {"type": "end"}).status_code == 403
    assert (
        api.post(
            f"/api/sessions/{session.pk}/actions/", {"version": 0, "action": {}}, format="json"
        ).status_code
        == 400
    )
    assert _view(api, session.pk, "made-up").status_code == 403
    assert GameSession.objects.get(pk=session.pk).version == 0


def test_a_stranger_without_a_token_sees_no_hand_and_has_no_actions(api):
    session = new_game()
    body = _view(api, session.pk).json()

    assert body["role"] is None and body["legal_actions"] == []
    assert body["view"]["hands"] == {"trapper": 4, "indian": 5}


def test_another_seats_actions_are_hidden_in_the_log_until_the_game_is_over(api):
    session = new_game()
    _act(api, session.pk, seat(session, "trapper").token, 0, {"type": "end"})

    log = _view(api, session.pk, seat(session, "indian").token).json()["log"]

    assert log[-1]["role"] == "trapper" and log[-1]["action"] is None
    assert log[-1]["events"][0]["text"] == "The trappers end their phase."
    assert all("outcomes" not in entry for entry in log)


def test_the_version_endpoint_is_tiny(api):
    session = new_game()

    response = api.get(f"/api/sessions/{session.pk}/version/")

    assert response.status_code == 200
    assert response.json() == {"version": 0, "status": "playing"}
    assert len(response.content) < 400


def test_an_unknown_game_is_a_404(api):
    assert api.get("/api/sessions/999/version/").status_code == 404
    assert _view(api, 999).status_code == 404


def test_the_schema_lists_the_session_endpoints(api):
    content = api.get("/api/schema/").content
    assert b"computer_seats" in content
    for path in (b"/api/sessions/", b"/view/", b"/actions/", b"/version/", b"/rematch/", b"/join/"):
        assert path in content


def test_a_pelts_chase_of_larger_canoes_is_created_with_its_crews_p15(api):
    response = _create(api, kind="pelts", mode="hotseat", options={"rowers": 4})

    assert response.status_code == 201
    token = response.json()["seats"][0]["token"]
    view = _view(api, response.json()["id"], token).json()["view"]
    assert [boat["rowers"] for boat in view["canoes"]] == [["ok"] * 4] * 3

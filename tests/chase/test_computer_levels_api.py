"""The computer's level of a game (`computer_level`: easy, normal or hard) through the API, the
lobby and the table: asked for at creation, echoed back, kept by a rematch, played by the
computer seats, and in the API's schema as an enum."""

from __future__ import annotations

import pytest

from chase.engines import levels
from chase.models import GameSession
from chase.services import sessions as services
from chase.services.ratings import rated_verdict
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_solo_hard_game_is_created_echoed_and_the_computer_moves_at_that_level(api, monkeypatch):
    asked = []
    real = levels.computer_move

    def spy(engine, state, role, chance, level="normal", *, search=None):
        asked.append((role, level, search))
        return real(engine, state, role, chance, level, search=search)

    monkeypatch.setattr(levels, "computer_move", spy)
    body = {"kind": "race", "mode": "solo", "play_as": "canoe-4", "computer_level": "hard"}

    created = api.post("/api/sessions/", body, format="json")

    assert created.status_code == 201, created.content[:300]
    data = created.json()
    assert data["computer_level"] == "hard"
    assert GameSession.objects.get(pk=data["id"]).computer_level == "hard"
    # The three computer canoes moved before the human one, each asked at the hard level, on
    # the budget the settings give (small in the tests).
    assert {role for role, _, _ in asked} == {"canoe-1", "canoe-2", "canoe-3"}
    assert {level for _, level, _ in asked} == {"hard"}
    assert {search.playouts for _, _, search in asked} == {12}
    token = next(s["token"] for s in data["seats"] if s["token"])
    view = api.get(f"/api/sessions/{data['id']}/view/?seat={token}").json()
    assert view["computer_level"] == "hard"


def test_the_level_defaults_to_normal(api):
    created = api.post("/api/sessions/", {"kind": "pelts", "mode": "solo"}, format="json")

    assert created.json()["computer_level"] == "normal"


@pytest.mark.parametrize("level", ["expert", "", 3, None])
def test_a_bad_level_is_a_400_naming_the_field(api, level):
    body = {"kind": "pelts", "mode": "solo", "computer_level": level}

    response = api.post("/api/sessions/", body, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "computer_level"
    assert not GameSession.objects.exists()


def test_the_service_refuses_a_bad_level_naming_the_field():
    with pytest.raises(services.SessionError) as refused:
        services.session_create(kind="pelts", mode="solo", options={}, computer_level="expert")
    assert refused.value.field == "computer_level"


def test_the_schema_shows_the_level_as_an_enum_in_the_request_and_the_answers(api):
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]

    def enum(name: str) -> list:
        prop = components[name]["properties"]["computer_level"]
        ref = prop.get("$ref") or next(p["$ref"] for p in prop.get("allOf", []) if "$ref" in p)
        return components[ref.rsplit("/", 1)[-1]]["enum"]

    assert enum("SessionCreate") == ["easy", "normal", "hard"]
    assert enum("SessionCreated") == ["easy", "normal", "hard"]
    assert enum("View") == ["easy", "normal", "hard"]


def test_the_models_levels_are_the_engines(api):
    assert GameSession.ComputerLevel.values == list(levels.LEVELS)


def test_a_rematch_keeps_the_level():
    session = services.session_create(
        kind="pelts", mode="solo", options={}, play_as="trapper", computer_level="easy"
    )
    GameSession.objects.filter(pk=session.pk).update(status=GameSession.Status.FINISHED)
    session.refresh_from_db()

    assert services.session_rematch(session=session).computer_level == "easy"


def test_a_game_against_an_easy_or_hard_computer_is_not_rated():
    player = UserFactory(username="paddler")
    for level, rated in (("normal", True), ("hard", False), ("easy", False)):
        session = services.session_create(
            kind="pelts", mode="solo", options={}, play_as="trapper", computer_level=level
        )
        seat = session.seats.get(role="trapper")
        services.seat_take(seat=seat, user=player)
        assert rated_verdict(session)[0] is rated, level


def test_the_lobby_offers_the_levels_and_starts_a_hard_solo_game(client):
    lobby = client.get("/play/").content.decode()

    assert 'id="computer-level"' in lobby
    for words in ("Easy: makes a mistake now and then", "Normal", "Hard: thinks each move ahead"):
        assert words in lobby

    created = client.post(
        "/play/new/",
        {"kind": "pelts", "mode": "solo", "computer_level": "hard", "pelts-play_as": "trapper"},
    )

    assert created.status_code == 302
    session = GameSession.objects.get()
    assert session.computer_level == "hard"
    table = client.get(created["Location"]).content.decode()
    assert 'id="computer-level"' in table and "Computer: hard." in table


def test_the_lobby_refuses_a_made_up_level_and_a_game_without_the_computer_shows_none(client):
    refused = client.post("/play/new/", {"kind": "pelts", "mode": "solo", "computer_level": "x"})
    assert refused.status_code == 400 and not GameSession.objects.exists()

    created = client.post("/play/new/", {"kind": "pelts", "mode": "hotseat"})
    table = client.get(created["Location"]).content.decode()
    assert 'id="computer-level"' not in table


def test_the_hard_moves_of_one_answer_share_a_cpu_budget(settings):
    settings.CHASE_HARD_SECONDS, settings.CHASE_HARD_ANSWER_SECONDS = 0.8, 2.0

    assert services.hard_search(0.0).seconds == 0.8  # a move alone: its own cap
    assert services.hard_search(1.5).seconds == pytest.approx(0.5)  # what the answer has left
    assert services.hard_search(5.0).seconds == services.HARD_LEAST_SECONDS  # past it: the least

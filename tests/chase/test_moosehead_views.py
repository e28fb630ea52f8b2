"""The Moosehead Lake trip through the pages and the API: kind `moosehead`, its options from the
lobby, the table drawn from the board's data with the reachable spaces to tap, the end screen,
and a club's own board file."""

from __future__ import annotations

import json
import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from chase.apps import use_club_board
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead import board as board_module
from chase.engines.moosehead.board import board_data
from chase.models import GameSession
from tests.chase.conftest import new_game, seat

pytestmark = pytest.mark.django_db

SPACES = len(board_data("standard")["spaces"])


def _create(api, **options):
    body = {"kind": "moosehead", "mode": "hotseat", "options": options}
    return api.post("/api/sessions/", body, format="json")


def _act(api, session_id, token, version, action):
    body = {"seat": token, "version": version, "action": action}
    return api.post(f"/api/sessions/{session_id}/actions/", body, format="json")


# --- the API --------------------------------------------------------------------------------------


def test_the_api_creates_a_trip_with_its_options(api):
    response = _create(api, players=4, names=["Ann", "Bo", "Cy", "Di"], nights=3, variant="long")

    assert response.status_code == 201
    body = response.json()
    assert body["kind"] == "moosehead"
    assert [s["role"] for s in body["seats"]] == ["canoe-1", "canoe-2", "canoe-3", "canoe-4"]
    session = GameSession.objects.get(pk=body["id"])
    assert session.options == {
        "players": 4,
        "names": ["Ann", "Bo", "Cy", "Di"],
        "nights": 3,
        "variant": "long",
        "board": "standard",
        "dial": [
            "calm",
            "tailwind",
            "calm",
            "headwind",
            "windbound",
            "headwind",
            "heavy_rain",
            "calm",
        ],
    }


@pytest.mark.parametrize(
    ("options", "words"),
    [
        pytest.param({"players": 7}, "'players' must be a whole number from 2 to 6", id="players"),
        pytest.param({"variant": "marathon"}, "'variant' must be one of", id="variant"),
        pytest.param({"board": "atlantis"}, "'board' must be one of standard", id="board"),
        pytest.param({"names": ["Ann"]}, "one name for each of the 3 players", id="names"),
    ],
)
def test_bad_options_are_a_400_naming_the_option(api, options, words):
    response = _create(api, **options)

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == next(iter(options)) and words in error["message"]


def test_the_view_holds_the_board_data_once_and_the_trips_state(api):
    session = new_game(kind="moosehead")
    token = seat(session, "canoe-1").token

    body = api.get(f"/api/sessions/{session.pk}/view/?seat={token}").json()

    view = body["view"]
    assert len(view["board"]["spaces"]) == SPACES
    assert json.dumps(body).count('"digest"') == 1  # the board's data, once
    assert view["weather"]["name"] == "Calm"
    assert [p["name"] for p in view["players"]] == ["Ann", "Bo", "Cal"]
    assert view["piles"] == {"canoe": 16, "camp": 16, "portage": 16}
    assert body["legal_actions"] == [{"type": "throw", "label": "Throw the die"}]


def test_after_a_throw_the_moves_name_the_spaces_to_reach(api, seeded):
    seeded(4)
    session = new_game(kind="moosehead")
    token = seat(session, "canoe-1").token

    thrown = _act(api, session.pk, token, session.version, {"type": "throw"})
    body = api.get(f"/api/sessions/{session.pk}/view/?seat={token}").json()

    assert thrown.status_code == 200
    moves = [a for a in body["legal_actions"] if a["type"] == "move"]
    assert moves
    assert sorted({m["to"] for m in moves}) == body["view"]["throw"]["reachable"]
    moved = _act(api, session.pk, token, body["version"], moves[0])
    assert moved.status_code == 200
    session.refresh_from_db()
    assert session.state["players"][0]["at"] == moves[0]["to"] or "taken" in moves[0]["label"]


# --- the lobby and the table --------------------------------------------------------------------


def test_the_lobby_starts_a_short_trip_with_named_paddlers(client):
    response = client.post(
        "/play/new/",
        {
            "kind": "moosehead",
            "mode": "hotseat",
            "moosehead-players": "3",
            "moosehead-nights": "1",
            "moosehead-variant": "short",
            "moosehead-board": "standard",
            "moosehead-names-1": "Wren",
            "moosehead-names-3": "Otter",
            "moosehead-computer_seats": ["canoe-2"],
        },
    )

    assert response.status_code == 302
    session = GameSession.objects.get()
    assert session.options["names"] == ["Wren", "Bo", "Otter"]
    assert (session.options["variant"], session.options["nights"]) == ("short", 1)
    assert session.seats.get(role="canoe-2").is_computer


def test_the_lobby_offers_the_variants_and_the_boards(client):
    html = client.get("/play/?kind=moosehead").content.decode()

    assert 'name="moosehead-variant"' in html
    assert "All-night trip (see every attraction)" in html
    assert '<option value="standard"' in html
    assert 'name="moosehead-names-3"' in html


def test_the_lobby_sets_the_weather_dial_and_the_trip_without_destination_cards(client):
    # M3: the dial is a setting; M5: the short trip without Destination cards.
    lobby = client.get("/play/?kind=moosehead").content.decode()
    assert 'name="moosehead-dial"' in lobby
    assert "Short trip without Destination cards" in lobby

    response = client.post(
        "/play/new/",
        {
            "kind": "moosehead",
            "mode": "hotseat",
            "moosehead-variant": "short_none",
            "moosehead-dial": "calm, tailwind, headwind, heavy_rain",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    session = GameSession.objects.get()
    assert session.options["variant"] == "short_none"
    assert session.options["dial"] == ["calm", "tailwind", "headwind", "heavy_rain"]
    table = client.get(response.url).content.decode()
    assert table.count('class="wedge ') == 4


def test_the_lobby_names_a_bad_dial(client):
    response = client.post(
        "/play/new/",
        {"kind": "moosehead", "mode": "hotseat", "moosehead-dial": "Calm, Fog"},
    )

    assert response.status_code in (200, 400)
    assert "must be one of calm, tailwind" in response.content.decode()
    assert not GameSession.objects.exists()


def test_the_table_draws_the_lake_country_from_the_board_data(client):
    session = client.post("/play/new/", {"kind": "moosehead", "mode": "hotseat"})
    html = client.get(session.url).content.decode()

    data = board_data("standard")
    assert html.count('class="space ') == SPACES
    assert html.count('class="lake-water"') == len(data["lakes"])
    assert html.count('class="perimeter"') == len(data["lakes"])
    assert 'class="unmapped"' in html and "The Unmapped Region" in html
    assert html.count('class="island-land"') == 2
    assert html.count('class="tent"') == 7
    assert html.count('class="boot"') == 7  # six ends of the two-way carries, one Northern
    assert html.count('<g class="attraction"') == 8  # two moose, two rainbows, four more
    assert len(re.findall(r'<g class="token[^"]*" data-role="canoe-\d"', html)) == 3
    assert 'Weather: <span id="weather-now">Calm</span>' in html
    assert 'class="reach"' not in html  # nothing to tap before the throw


def test_after_a_throw_the_reachable_spaces_are_highlighted_and_each_has_its_button(client, seeded):
    seeded(7)
    created = client.post("/play/new/", {"kind": "moosehead", "mode": "solo"})
    session = GameSession.objects.get()
    table = client.get(created.url).content.decode()
    throw = re.search(r'value="([^"]*&quot;throw&quot;[^"]*)"', table).group(1)

    client.post(
        f"/play/{session.pk}/act/",
        {"role": "canoe-1", "version": session.version, "action": throw.replace("&quot;", '"')},
    )
    html = client.get(created.url).content.decode()

    session.refresh_from_db()
    targets = sorted({m["to"] for m in session.state["pending"]["moves"]})
    tapped = sorted(int(t) for t in re.findall(r'class="reach" data-move-to="(\d+)"', html))
    buttons = sorted({int(t) for t in re.findall(r'data-to="(\d+)"', html)})
    assert tapped == targets == buttons
    assert 'id="thrown"' in html


def test_the_end_screen_puts_the_winner_first_with_every_canoes_points(client):
    created = client.post("/play/new/", {"kind": "moosehead", "mode": "hotseat"})
    session = GameSession.objects.get()
    state = session.state
    for player, points in zip(state["players"], [40, 75, 10], strict=True):
        player["points"] = points
    state["players"][1]["at"] = board_data("standard")["dock"]
    state.update(status="finished", winner="canoe-2", phase="over", pending=None)
    GameSession.objects.filter(pk=session.pk).update(
        state=state, status="finished", winner="canoe-2"
    )

    html = client.get(created.url).content.decode()

    results = html[html.index('id="results"') :]
    order = re.findall(r'class="paddler">(\w+)<', results)
    assert order == ["Bo", "Ann", "Cal"]
    assert "home first" in results and "75</strong> points" in results
    assert "Bo</strong> won the game" in html


def test_the_replay_draws_the_board(client):
    created = client.post("/play/new/", {"kind": "moosehead", "mode": "solo"})

    html = client.get(f"{created.url}replay/").content.decode()

    assert html.count('class="space ') == SPACES


def test_the_log_names_the_paddlers(client, seeded):
    seeded(2)
    created = client.post(
        "/play/new/", {"kind": "moosehead", "mode": "solo", "moosehead-names-2": "Heron"}
    )

    html = client.get(created.url).content.decode()

    seats = html[html.index("<h2>Seats</h2>") :]
    assert re.search(r'<strong>Heron</strong>\s*<span class="tag">computer</span>', seats)


# --- a club's own board --------------------------------------------------------------------------


@pytest.fixture
def clean_boards(monkeypatch):
    monkeypatch.setattr(board_module, "_REGISTERED", {})
    monkeypatch.setattr(board_module, "_BY_NAME", {})
    monkeypatch.setattr(board_module, "_DEFAULT", {"name": "standard"})


def test_a_clubs_board_file_becomes_the_default_board(tmp_path, clean_boards):
    data = {k: v for k, v in board_data("standard").items() if k != "digest"}
    data.update(name="club_lakes", title="The Club's Lakes")
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))

    assert use_club_board(str(path)) == "club_lakes"
    session = new_game(kind="moosehead")

    assert session.options["board"] == "club_lakes"
    assert session.state["board"]["title"] == "The Club's Lakes"
    assert ENGINE.clean_options({"board": "standard"})["board"] == "standard"


def test_a_broken_club_board_stops_the_server_naming_the_setting(tmp_path, clean_boards):
    data = {k: v for k, v in board_data("standard").items() if k not in ("digest", "dock")}
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))

    with pytest.raises(ImproperlyConfigured, match="MOOSEHEAD_BOARD_FILE: The board has no dock"):
        use_club_board(str(path))


def test_without_the_setting_the_bundled_board_is_used(clean_boards):
    assert use_club_board("") is None
    assert ENGINE.clean_options({})["board"] == "standard"

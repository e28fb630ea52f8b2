"""`GET /api/rules/canoe-games/`: the registry as clubs' scripts read it, from the same options
tables the engines clean with and the lobby builds its form from."""

from __future__ import annotations

import pytest

from chase.games import get_engine, kinds

pytestmark = pytest.mark.django_db
OPTION_KEYS = {"name", "kind", "default", "min", "max", "choices", "help"}


def test_it_lists_every_registered_game_in_the_lobbys_order(api):
    response = api.get("/api/rules/canoe-games/")

    assert response.status_code == 200
    body = response.json()
    assert [g["kind"] for g in body] == kinds()
    for game in body:
        assert set(game) == {"kind", "title", "roles_default", "odds", "options"}


@pytest.mark.parametrize("kind", kinds())
def test_each_game_answers_its_title_seats_odds_and_options_table(api, kind):
    game = next(g for g in api.get("/api/rules/canoe-games/").json() if g["kind"] == kind)
    engine = get_engine(kind)
    defaults = engine.clean_options({})

    assert game["title"] == engine.title
    assert game["roles_default"] == engine.roles(defaults)
    assert game["odds"] is engine.odds
    assert [o["name"] for o in game["options"]] == list(defaults)
    for option in game["options"]:
        assert set(option) <= OPTION_KEYS and {"name", "kind", "default", "help"} <= set(option)
        assert option["kind"] in ("int", "bool", "choice", "text", "list")
        assert option["default"] == defaults[option["name"]]
        # what the answer says is accepted: the default itself, and every choice
        assert (
            engine.clean_options({option["name"]: option["default"]})[option["name"]]
            == (option["default"])
        )


def test_the_moosehead_trip_tells_its_players_dial_and_variants(api):
    trip = next(g for g in api.get("/api/rules/canoe-games/").json() if g["kind"] == "moosehead")
    options = {o["name"]: o for o in trip["options"]}

    assert options["players"] | {"help": ""} == {
        "name": "players", "kind": "int", "default": 3, "min": 2, "max": 6, "help": "",
    }  # fmt: skip
    assert options["dial"]["kind"] == "list" and (
        options["dial"]["min"],
        options["dial"]["max"],
    ) == (1, 12)
    assert [c["value"] for c in options["dial"]["choices"]] == [
        "calm",
        "tailwind",
        "headwind",
        "windbound",
        "heavy_rain",
    ]  # fmt: skip  (M3)
    assert "short_none" in [c["value"] for c in options["variant"]["choices"]]  # M5


def test_the_pelts_chase_tells_its_rowers(api):
    pelts = next(g for g in api.get("/api/rules/canoe-games/").json() if g["kind"] == "pelts")
    rowers = next(o for o in pelts["options"] if o["name"] == "rowers")

    assert (rowers["kind"], rowers["default"], rowers["min"], rowers["max"]) == ("int", 2, 2, 6)


def test_the_endpoint_is_in_the_openapi_schema(api):
    schema = api.get("/api/schema/").content.decode()

    assert "/api/rules/canoe-games/" in schema
    assert "roles_default" in schema and "CanoeGame" in schema

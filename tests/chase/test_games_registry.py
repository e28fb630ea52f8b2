"""The canoe games' registry (chase.games): every registered game plays through the same
pages and API, and a game is added by its engine, its game module, its template and one line."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from django.template.loader import get_template

from chase import games
from chase.engines.game import Game
from chase.engines.pelts import ENGINE as PELTS
from chase.games import UnknownGame, game_for, kinds, role_words
from chase.services import sessions as services
from tests.chase.conftest import new_game


@pytest.mark.parametrize("kind", kinds())
def test_each_registered_game_names_its_engine_and_has_its_own_board_template(kind):
    game = game_for(kind)
    engine = game.engine
    assert engine.kind == kind and engine.title
    assert get_template(game.template).origin.name.endswith(f"chase/boards/{kind}.html")
    assert [o.name for o in engine.options] == list(engine.clean_options({}))  # the table's


@pytest.mark.parametrize("kind", kinds())
def test_each_registered_game_is_offered_in_the_lobby_and_by_the_api(kind, client, api, seeded, db):
    seeded(1)
    title = game_for(kind).title
    assert title in client.get("/play/").content.decode()
    response = api.post("/api/sessions/", {"kind": kind, "mode": "solo"}, format="json")
    assert response.status_code == 201 and response.json()["kind"] == kind


@pytest.mark.parametrize("kind", kinds())
def test_each_registered_game_draws_its_board_on_the_table_and_in_the_replay(
    kind, client, seeded, db
):
    seeded(2)
    session = client.post("/play/new/", {"kind": kind, "mode": "solo"})
    assert session.status_code == 302
    table = client.get(session.url)
    replay = client.get(f"{session.url}replay/")
    for response in (table, replay):
        html = response.content.decode()
        assert response.status_code == 200
        assert 'class="view-data"' not in html  # not the generic stand-in: the game's board


def test_a_game_with_no_board_of_its_own_shows_the_generic_table(client, monkeypatch, seeded, db):
    seeded(3)
    pelts = game_for("pelts")
    engine = copy.copy(pelts.engine)
    engine.kind = "bare"  # a game's kind is its engine's
    bare = dataclasses.replace(pelts, engine=engine, draw=None)
    monkeypatch.setattr(games, "registry", lambda: {"pelts": pelts, "bare": bare})
    session = services.session_create(kind="bare", mode="hotseat", options={})

    html = client.get(f"/play/{session.pk}/").content.decode()

    assert session.kind == "bare"
    assert 'class="view-data"' in html


@pytest.mark.parametrize(
    ("kind", "options", "role", "words"),
    [
        ("pelts", {}, "trapper", "the trappers"),
        ("pelts", {}, None, "the setup"),
        (
            "race",
            {"names": [{"canoe": "Heron", "colony": "Virginia"}]},
            "canoe-1",
            "Virginia (Heron)",
        ),
        ("race", {}, "canoe-3", "canoe 3"),
    ],
)
def test_a_role_is_told_in_the_words_its_game_registered(kind, options, role, words):
    assert role_words(kind, options, role) == words


def test_an_unknown_kind_is_refused_naming_the_games_there_are(db):
    with pytest.raises(UnknownGame, match="pelts, race"):
        game_for("chess")
    with pytest.raises(services.SessionError, match="There is no game 'chess'"):
        new_game(kind="chess")


def test_a_game_registration_needs_only_its_engine():
    bare = Game(engine=PELTS)
    assert (bare.draw, bare.results, bare.seat_names) == (None, None, None)
    assert bare.role_words({}, "canoe-2") == "canoe 2"
    assert bare.template == "chase/boards/pelts.html"

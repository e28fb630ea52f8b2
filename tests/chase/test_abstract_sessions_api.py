"""The abstract chase through the sessions API: created with a template or participants given
one by one, bad options answered 400 naming the field, and what each seat's view hides."""

from __future__ import annotations

import pytest

from chase.models import GameSession
from tests.chase.conftest import new_game, seat

pytestmark = pytest.mark.django_db

RIDERS = [
    {"name": "Lachance", "side": "courier", "trait_die": "d8", "wild_card": True, "top_speed": 16},
    {"name": "Fraser", "side": "dragoons", "trait_die": "d8", "wild_card": True, "top_speed": 16},
    {"name": "Troopers", "side": "dragoons", "trait_die": "d6", "wild_card": False,
     "top_speed": 14, "extras": 4},
]  # fmt: skip


def _create(api, options, mode="hotseat", **more):
    body = {"kind": "abstract", "mode": mode, "options": options, **more}
    return api.post("/api/sessions/", body, format="json")


def _view(api, session_id, token=None):
    query = f"?seat={token}" if token else ""
    return api.get(f"/api/sessions/{session_id}/view/{query}").json()


def _act(api, session, role, action):
    body = {"seat": seat(session, role).token, "version": session.version, "action": action}
    response = api.post(f"/api/sessions/{session.pk}/actions/", body, format="json")
    session.refresh_from_db()
    return response


def test_a_chase_is_created_with_its_participants_and_a_game_masters_seat(api):
    response = _create(api, {"length": "standard", "terrain": "open", "participants": RIDERS})

    assert response.status_code == 201
    body = response.json()
    assert [s["role"] for s in body["seats"]] == ["gm", "p1", "p2", "p3"]
    session = GameSession.objects.get(pk=body["id"])
    assert session.options["participants"][2]["extras"] == 4
    assert session.state["rounds"] == 5


def test_a_chase_is_created_from_a_saved_template(api):
    body = _create(api, {"template": "canoe"}, mode="solo").json()

    session = GameSession.objects.get(pk=body["id"])
    assert session.options["length"] == "extended"
    assert [p["name"] for p in session.options["participants"]] == [
        "Pierre", "Marie", "Grey Wolf", "War canoe",
    ]  # fmt: skip
    assert [s["kind"] for s in body["seats"]] == ["human"] + ["computer"] * 4  # solo: the GM


BAD_DIE = {**RIDERS[2], "trait_die": "d3"}
SLOW = {**RIDERS[1], "top_speed": -3}
BAD_PASSENGER = {**RIDERS[0], "passengers": [{"name": "Jean", "trait_die": 7}]}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        pytest.param(
            {"participants": [*RIDERS[:2], BAD_DIE]}, "participants[2].trait_die", id="A2-a-d3"
        ),
        pytest.param({"participants": RIDERS, "length": "forever"}, "length", id="A1-length"),
        pytest.param({"participants": RIDERS, "terrain": "ice"}, "terrain", id="A3-terrain"),
        pytest.param({"template": "sea"}, "template", id="no-such-template"),
        pytest.param(
            {"participants": [RIDERS[0], SLOW]}, "participants[1].top_speed", id="A3-speed"
        ),
        pytest.param({"participants": RIDERS[:1]}, "participants", id="A2-one-participant"),
        pytest.param(
            {"participants": [BAD_PASSENGER, RIDERS[1]]},
            "participants[0].passengers[0].trait_die",
            id="A2-a-passengers-die",
        ),
    ],
)
def test_bad_options_are_a_400_naming_the_field(api, options, field):
    response = _create(api, options)

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == field
    assert error["message"].startswith(field)
    assert not GameSession.objects.exists()


def test_a_seat_sees_its_own_cards_before_the_reveal_the_others_and_spectators_do_not(api, seeded):
    seeded(4)
    session = new_game(kind="abstract", participants=RIDERS, length="standard")
    roll = _view(api, session.pk, seat(session, "p1").token)["legal_actions"][0]
    assert roll["type"] == "roll"
    assert _act(api, session, "p1", roll).status_code == 200

    mine = _view(api, session.pk, seat(session, "p1").token)["view"]["participants"][0]
    theirs = _view(api, session.pk, seat(session, "p2").token)["view"]["participants"][0]
    gm = _view(api, session.pk, seat(session, "gm").token)["view"]["participants"][0]
    spectator = _view(api, session.pk)["view"]["participants"][0]

    drawn = session.state["participants"][0]["drawn"]
    assert drawn, "the seed gives Lachance a card"
    assert mine["drawn"] == drawn == gm["drawn"]
    assert theirs["drawn"] is None and spectator["drawn"] is None
    assert theirs["drawn_count"] == len(drawn)
    assert theirs["roll"]["total"] == mine["roll"]["total"]  # the roll itself is public


def test_the_game_master_resolves_an_attack_through_the_api(api, seeded):
    seeded(5)
    session = new_game(kind="abstract", participants=RIDERS, length="standard")
    for _ in range(40):  # everyone rolls and keeps, then acts, until the GM is asked
        gm = _view(api, session.pk, seat(session, "gm").token)["legal_actions"]
        if gm:
            break
        role = next(
            r
            for r in ("p1", "p2", "p3")
            if _view(api, session.pk, seat(session, r).token)["legal_actions"]
        )
        actions = _view(api, session.pk, seat(session, role).token)["legal_actions"]
        attack = [a for a in actions if a["type"] in ("attack", "group_attack")]
        assert _act(api, session, role, (attack or actions)[0]).status_code == 200
    assert gm, "the game master was never asked anything"

    response = _act(api, session, "gm", gm[0])

    assert response.status_code == 200
    assert response.json()["log"][-1]["role"] == "gm"

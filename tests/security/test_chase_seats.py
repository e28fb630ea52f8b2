"""Issue 9, high findings 1 to 3 (canoe games): nobody plays a seat that is not theirs.

Named people: the owner (creates the game), the opponent (joins by the invite the owner sends)
and a stranger (holds nothing, guesses ids and paths).
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from chase.models import GameSession
from tests.chase.conftest import play_randomly, seat

pytestmark = pytest.mark.django_db


def _create(api, **body) -> dict:
    response = api.post("/api/sessions/", {"options": {}, **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _invite(join_url: str) -> str:
    return join_url.rstrip("/").rsplit("/", 1)[1]


@pytest.mark.parametrize("mode", ["hotseat", "solo"])
def test_finding_1_a_stranger_cannot_sit_in_a_game_being_played(mode):
    owner = APIClient()
    body = _create(owner, kind="pelts", mode=mode, play_as="trapper")
    assert body["status"] == "playing"  # its seats' tokens have not been used yet
    stranger = Client()

    sat = stranger.post(f"/play/{body['id']}/sit/trapper/")

    assert sat.status_code == 400
    page = stranger.get(f"/play/{body['id']}/").content.decode()
    assert "Your hand" not in page and 'id="you"' not in page
    acted = stranger.post(
        f"/play/{body['id']}/act/", {"role": "trapper", "version": 0, "action": '{"type": "end"}'}
    )
    assert acted.status_code == 403
    session = GameSession.objects.get(pk=body["id"])
    assert session.version == 0 and not session.seats.filter(taken_at__isnull=False).exists()
    assert owner.get(f"/api/sessions/{body['id']}/view/?seat={body['seats'][0]['token']}").json()[
        "legal_actions"
    ]  # the owner still plays the trappers


def test_finding_1_a_waiting_multi_game_offers_only_its_free_seats():
    body = _create(APIClient(), kind="pelts", mode="multi", play_as="indian")
    stranger = Client()

    lobby = stranger.get("/play/").content.decode()
    assert f"/play/{body['id']}/sit/trapper/" in lobby
    assert f"/play/{body['id']}/sit/indian/" not in lobby  # the creator's seat
    assert stranger.post(f"/play/{body['id']}/sit/indian/").status_code == 400
    assert stranger.post(f"/play/{body['id']}/sit/trapper/").status_code == 302  # a free seat


def _finished_multi(seed: int) -> tuple[GameSession, dict[str, str]]:
    """A multi race the owner created (canoe-1) and the opponent joined (canoe-2)."""
    body = _create(APIClient(), kind="race", mode="multi",
                   options={"canoes": 3, "leg_length": 12, "hidden": False},
                   computer_seats=["canoe-3"])  # fmt: skip
    tokens = {"canoe-1": body["seats"][0]["token"]}
    joined = APIClient().post(
        f"/api/sessions/{body['id']}/join/",
        {"invite": _invite(body["seats"][1]["join_url"])},
        format="json",
    )
    tokens["canoe-2"] = joined.json()["token"]
    session = play_randomly(GameSession.objects.get(pk=body["id"]), random.Random(seed), 600)
    assert session.status == "finished"
    return session, tokens


def test_finding_2_the_rematch_api_answers_with_the_callers_seat_only():
    old, tokens = _finished_multi(9)
    url = f"/api/sessions/{old.pk}/rematch/"

    first = APIClient().post(url, {"seat": tokens["canoe-1"]}, format="json").json()
    second = APIClient().post(url, {"seat": tokens["canoe-2"]}, format="json").json()

    assert first["id"] == second["id"]
    new = GameSession.objects.get(pk=first["id"])
    mine, theirs, computer = first["seats"]
    assert mine["token"] == seat(new, "canoe-1").token
    # Not taken yet, yet no invite link: a rematch seat is its old player's (issue 25, finding 8)
    assert theirs["token"] is None and theirs["join_url"] is None
    assert computer["token"] is None and computer["join_url"] is None
    assert [s["token"] for s in second["seats"]] == [None, seat(new, "canoe-2").token, None]
    assert second["seats"][0]["join_url"] is None  # taken by the first caller: nothing of it
    assert mine["token"] != second["seats"][1]["token"]
    assert new.status == "playing"


def test_finding_3_the_creator_of_a_multi_game_holds_only_their_own_seat():
    owner, opponent, stranger = APIClient(), APIClient(), APIClient()
    body = _create(owner, kind="pelts", mode="multi", play_as="indian")
    trapper, indian = body["seats"]
    assert indian["token"] and indian["join_url"] is None
    assert trapper["token"] is None and trapper["join_url"]
    invite = _invite(trapper["join_url"])
    url = f"/api/sessions/{body['id']}/join/"

    joined = opponent.post(url, {"invite": invite}, format="json")
    again = stranger.post(url, {"invite": invite}, format="json")
    made_up = stranger.post(url, {"invite": "x" * 22}, format="json")

    assert joined.status_code == 200
    assert set(joined.json()) == {"role", "token"} and joined.json()["role"] == "trapper"
    token = joined.json()["token"]
    assert len(token) >= 22 and token != invite  # 128 bits at least, and not the invite
    assert (again.status_code, made_up.status_code) == (404, 404)
    assert "token" not in again.json() and "token" not in made_up.json()
    session = GameSession.objects.get(pk=body["id"])
    assert session.status == "playing"
    assert seat(session, "trapper").token == token
    view = opponent.get(f"/api/sessions/{session.pk}/view/?seat={token}").json()
    assert view["role"] == "trapper" and isinstance(view["view"]["hands"]["trapper"], list)
    assert stranger.get(f"/play/join/{invite}/").status_code == 404  # the browser link too


def test_finding_3_an_invite_link_in_a_browser_is_single_use_and_keeps_its_token():
    owner, opponent, stranger = Client(), Client(), Client()
    owner.post("/play/new/", {"kind": "pelts", "mode": "multi", "pelts-play_as": "trapper"})
    session = GameSession.objects.get()
    table = owner.get(f"/play/{session.pk}/").content.decode()
    link = re.search(r'value="http://testserver(/play/join/[^"]+)"', table).group(1)

    first = opponent.get(link)
    spent = stranger.get(link)

    assert first.status_code == 302 and first["Location"] == f"/play/{session.pk}/"
    assert spent.status_code == 404
    assert "Your hand" in opponent.get(f"/play/{session.pk}/").content.decode()
    assert "Your hand" not in stranger.get(f"/play/{session.pk}/").content.decode()
    assert opponent.get(link).status_code == 302  # its own reload

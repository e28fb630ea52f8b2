"""Issue 25, finding 8: in a rematch across browsers the first player to press Rematch got the
other seat's invite and could take it; the real player then got every token null. A rematch
seat waits for the player who held it: no invite link for it, nobody sits there from the lobby,
and its old player takes it by asking for the rematch with the seat they held.

Named people: the owner (created the race, canoe-1), the opponent (joined, canoe-2).
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from rest_framework.test import APIClient

from chase.models import GameSession
from tests.chase.conftest import play_randomly, seat

pytestmark = pytest.mark.django_db

RACE = {"kind": "race", "mode": "multi", "race-canoes": "3", "race-leg_length": "12",
        "race-play_as": "canoe-1", "race-computer_seats": ["canoe-3"]}  # fmt: skip


def _finished_in_two_browsers(owner: Client, opponent: Client, seed: int) -> GameSession:
    created = owner.post("/play/new/", RACE)
    assert created.status_code == 302, created.content.decode()[:400]
    old = GameSession.objects.get()
    assert opponent.get(f"/play/join/{seat(old, 'canoe-2').invite}/").status_code == 302
    old = play_randomly(old, random.Random(seed), steps=600)
    assert old.status == "finished"
    return old


def test_finding_8_the_first_to_press_rematch_gets_no_invite_to_the_other_seat():
    owner, opponent = Client(), Client()
    old = _finished_in_two_browsers(owner, opponent, seed=8)

    assert owner.post(f"/play/{old.pk}/rematch/").status_code == 302
    new = GameSession.objects.get(rematch_of=old)
    page = owner.get(f"/play/{new.pk}/").content.decode()
    theirs = seat(new, "canoe-2")

    assert theirs.invite is None and "/play/join/" not in page
    assert f"/play/{new.pk}/" not in Client().get("/play/").content.decode()  # not in the lobby
    assert owner.post(f"/play/{new.pk}/sit/canoe-2/").status_code == 400
    assert Client().post(f"/play/{new.pk}/sit/canoe-2/").status_code == 400
    assert seat(new, "canoe-2").taken_at is None

    assert opponent.post(f"/play/{old.pk}/rematch/")["Location"] == f"/play/{new.pk}/"
    new.refresh_from_db()
    assert new.status == "playing"
    assert 'id="you"' in opponent.get(f"/play/{new.pk}/").content.decode()
    assert seat(new, "canoe-2").token != theirs.token  # a fresh token, the opponent's alone


def test_finding_8_over_the_api_each_player_gets_their_own_seats_token():
    owner, opponent = Client(), Client()
    old = _finished_in_two_browsers(owner, opponent, seed=18)
    url = f"/api/sessions/{old.pk}/rematch/"

    first = APIClient().post(url, {"seat": seat(old, "canoe-1").token}, format="json").json()

    assert [s["join_url"] for s in first["seats"]] == [None, None, None]
    second = APIClient().post(url, {"seat": seat(old, "canoe-2").token}, format="json").json()
    new = GameSession.objects.get(pk=first["id"])
    assert [s["token"] for s in first["seats"]] == [seat(new, "canoe-1").token, None, None]
    assert [s["token"] for s in second["seats"]] == [None, seat(new, "canoe-2").token, None]
    assert new.status == "playing"

"""A rematch: the same game again once it is over (same kind, mode, options and computer seats),
one per game, with each browser sitting at the roles it held."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chase.errors import SessionError
from chase.models import GameSession
from chase.services import sessions as services
from tests.chase.conftest import play_randomly, seat

pytestmark = pytest.mark.django_db

NAMES = [{"canoe": "Sea Serpent", "colony": "Delaware"}, {"canoe": "Red Fox", "colony": "Ohio"},
         {"canoe": "Heron", "colony": "Massachusetts"}]  # fmt: skip
OPTIONS = {"canoes": 3, "leg_length": 12, "hidden": False, "names": NAMES}


def _finished(rng, mode="hotseat", computers=("canoe-3",), play_as=None) -> GameSession:
    session = services.session_create(
        kind="race", mode=mode, options=OPTIONS, computer_seats=list(computers), play_as=play_as
    )
    for s in session.seats.all():
        services.seat_take(seat=s)  # a multi game starts once its human seats are taken
    session = play_randomly(session, rng, steps=600)
    assert session.status == "finished"
    return session


def _kinds(session: GameSession) -> dict[str, str]:
    return {s.role: s.kind for s in session.seats.all()}


def _table_of(response) -> GameSession:
    assert response.status_code == 302, response.content.decode()[:500]
    return GameSession.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


# --- the service -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "computers", "play_as"),
    [("hotseat", ("canoe-3",), None), ("multi", ("canoe-2",), None), ("solo", (), "canoe-2")],
)
def test_a_rematch_is_the_same_game_with_the_same_seats(seeded, mode, computers, play_as):
    old = _finished(seeded(1), mode, computers, play_as)

    new = services.session_rematch(session=old)

    assert new.pk != old.pk and new.rematch_of == old
    assert (new.kind, new.mode, new.options) == (old.kind, old.mode, old.options)
    assert _kinds(new) == _kinds(old)
    assert new.status == ("waiting" if mode == "multi" else "playing")
    assert not any(s.taken_at for s in new.seats.all() if not s.is_computer)
    assert new.log.get(seq=0).events[0]["text"].startswith("The canoes line up: Delaware")


def test_asking_twice_for_a_rematch_gives_the_same_one(seeded):
    old = _finished(seeded(2))

    first = services.session_rematch(session=old)
    again = services.session_rematch(session=old)

    assert first.pk == again.pk
    assert GameSession.objects.count() == 2


def test_there_is_no_rematch_of_a_game_still_on():
    session = services.session_create(kind="race", mode="hotseat", options={})

    with pytest.raises(SessionError, match="once the game is over"):
        services.session_rematch(session=session)
    assert GameSession.objects.count() == 1


# --- the pages ---------------------------------------------------------------------------------


def _hot_seat_race(client, rng) -> GameSession:
    response = client.post(
        "/play/new/",
        {"kind": "race", "mode": "hotseat", "race-canoes": "3", "race-leg_length": "12",
         "race-names-1-colony": "Delaware", "race-computer_seats": ["canoe-3"]},
    )  # fmt: skip
    return play_randomly(_table_of(response), rng, steps=600)


def test_a_hot_seat_rematch_is_held_by_the_same_browser_for_every_human_seat(client, seeded):
    old = _hot_seat_race(client, seeded(3))

    new = _table_of(client.post(f"/play/{old.pk}/rematch/"))

    assert new.rematch_of == old and _kinds(new) == _kinds(old)
    assert new.options["names"][0]["colony"] == "Delaware"
    html = client.get(f"/play/{new.pk}/").content.decode()
    # Two human seats on this device, and nothing hidden in a race: no handover, the canoe to
    # move has its actions at once.
    assert "Pass the device to" not in html and 'id="actions"' in html
    assert f'rematch of <a href="/play/{old.pk}/">game #{old.pk}</a>' in html
    for role in ("canoe-1", "canoe-2"):
        assert client.post(f"/play/{new.pk}/device/{role}/").status_code == 302
    again = client.get(f"/play/{old.pk}/").content.decode()
    assert f"Join the rematch (game #{new.pk})" in again
    assert _table_of(client.post(f"/play/{old.pk}/rematch/")).pk == new.pk


def test_in_multi_each_player_presses_rematch_and_keeps_their_seat(seeded):
    owner, opponent = Client(), Client()
    response = owner.post(
        "/play/new/",
        {"kind": "race", "mode": "multi", "race-canoes": "3", "race-leg_length": "12",
         "race-play_as": "canoe-2", "race-computer_seats": ["canoe-3"]},
    )  # fmt: skip
    old = _table_of(response)
    opponent.get(f"/play/join/{seat(old, 'canoe-1').invite}/")
    old = play_randomly(old, seeded(4), steps=600)

    new = _table_of(owner.post(f"/play/{old.pk}/rematch/"))

    assert new.status == "waiting"
    page = owner.get(f"/play/{new.pk}/").content.decode()
    assert re.search(r'id="you">[^<]*\(Heron\)<', page)  # canoe-2, as before
    assert "/play/join/" not in page  # the other seat waits for its old player (finding 8)

    joined = _table_of(opponent.post(f"/play/{old.pk}/rematch/"))

    assert joined.pk == new.pk
    new.refresh_from_db()
    assert new.status == "playing"
    theirs = opponent.get(f"/play/{new.pk}/").content.decode()
    assert re.search(r'id="you">[^<]*\(Swift Otter\)<', theirs)  # canoe-1, as before


def test_a_stranger_cannot_ask_for_a_rematch(client, seeded):
    old = _hot_seat_race(client, seeded(5))

    response = Client().post(f"/play/{old.pk}/rematch/")

    assert response.status_code == 403
    assert "Only a player of this game" in response.content.decode()
    assert GameSession.objects.count() == 1


def test_the_rematch_button_of_a_game_still_on_is_refused_in_words(client):
    response = client.post("/play/new/", {"kind": "race", "mode": "hotseat"})
    session = _table_of(response)

    refused = client.post(f"/play/{session.pk}/rematch/")

    assert refused.status_code == 400
    assert "once the game is over" in refused.content.decode()


# --- the API -----------------------------------------------------------------------------------


def test_the_api_sets_up_a_rematch_once_and_then_answers_with_it(api, seeded):
    old = _finished(seeded(6))
    token = seat(old, "canoe-1").token

    first = api.post(f"/api/sessions/{old.pk}/rematch/", {"seat": token}, format="json")
    again = api.post(
        f"/api/sessions/{old.pk}/rematch/", {"seat": seat(old, "canoe-2").token}, format="json"
    )

    assert (first.status_code, again.status_code) == (201, 200)
    body = first.json()
    assert body["id"] == again.json()["id"] == GameSession.objects.get(rematch_of=old).pk
    assert [(s["role"], s["kind"]) for s in body["seats"]] == [
        ("canoe-1", "human"), ("canoe-2", "human"), ("canoe-3", "computer"),
    ]  # fmt: skip
    assert body["kind"] == "race" and body["mode"] == "hotseat"


@pytest.mark.parametrize(
    ("token_of", "status"), [("canoe-3", 403), ("made-up", 403), ("canoe-1", 400)]
)
def test_the_api_refuses_a_rematch_to_a_computer_seat_a_stranger_or_a_game_still_on(
    api, token_of, status
):
    session = services.session_create(
        kind="race", mode="hotseat", options={}, computer_seats=["canoe-3"]
    )
    if status == 403:
        GameSession.objects.filter(pk=session.pk).update(status="finished")
    token = seat(session, token_of).token if token_of != "made-up" else "made-up"

    response = api.post(f"/api/sessions/{session.pk}/rematch/", {"seat": token}, format="json")

    assert response.status_code == status
    assert GameSession.objects.count() == 1

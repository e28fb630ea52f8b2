"""A player who joined a game in one browser plays it from another (the inbox's "your turn"
leads to the table): the table says they play there from another browser and one tap, "Play
here" (`/play/<id>/resume/`, as My games' Play), takes their seats up in this browser. A
stranger's table says nothing of the kind, and the link gives them no seat."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from chase.selectors.sessions import who_acts
from tests.chase.conftest import multi_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    browser = Client()  # a browser that never saw the game: no seat token in its session
    browser.force_login(user)
    return browser


def test_the_inbox_leads_to_a_table_where_one_tap_plays_here(owner, opponent):
    session = multi_game(owner, opponent)  # taken in other browsers (the services here)
    [role] = who_acts(session)
    seat = session.seats.get(role=role)
    phone = signed_in(owner if seat.user_id == owner.id else opponent)

    [item] = [i for i in phone.get("/api/inbox/").json() if i["kind"] == "your_turn"]
    page = phone.get(item["url"]).content.decode()
    assert 'id="play-here"' in page and 'name="action"' not in page
    assert f'href="/play/{session.id}/resume/"' in page

    page = phone.get(f"/play/{session.id}/resume/", follow=True).content.decode()
    assert 'name="action"' in page and 'id="play-here"' not in page
    view = phone.get(f"/api/sessions/{session.id}/view/?seat={seat.token}").json()
    action = json.dumps(view["legal_actions"][0])
    form = {"role": role, "version": view["version"], "action": action}
    assert phone.post(f"/play/{session.id}/act/", form, HTTP_HX_REQUEST="true").status_code == 200
    session.refresh_from_db()
    assert session.version > view["version"]


def test_a_stranger_is_offered_no_seat_and_takes_none(owner, opponent):
    session = multi_game(owner, opponent)
    [role] = who_acts(session)
    stranger = signed_in(UserFactory(username="stranger"))
    assert 'id="play-here"' not in stranger.get(f"/play/{session.id}/").content.decode()
    page = stranger.get(f"/play/{session.id}/resume/", follow=True).content.decode()
    assert 'name="action"' not in page
    form = {"role": role, "version": session.version, "action": "{}"}
    assert stranger.post(f"/play/{session.id}/act/", form).status_code == 403

"""The game pages: the lobby, the table in each mode, joining, polling, and the replay."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from chase.models import GameSession
from chase.services import sessions as services
from tests.chase.conftest import new_game, play_randomly, seat

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _cards(html: bytes) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html.decode()))


def _buttons(html: bytes) -> list[dict]:
    values = re.findall(r'name="action" value="([^"]+)"', html.decode())
    return [json.loads(v.replace("&quot;", '"').replace("&#x27;", "'")) for v in values]


def _start(client, **form) -> GameSession:
    data = {"kind": "pelts", "mode": "solo", **form}
    response = client.post("/play/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return GameSession.objects.latest("pk")


def test_the_lobby_offers_a_new_game_and_lists_open_games(client):
    waiting = new_game(mode="multi")
    services.seat_take(seat=seat(waiting, "trapper"))

    response = client.get("/play/")

    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="pelts-rocks"' in html and 'value="solo"' in html
    assert f'action="/play/{waiting.pk}/sit/indian/"' in html
    assert f"/play/{waiting.pk}/sit/trapper/" not in html  # taken


def test_choosing_another_game_swaps_in_its_options(client):
    response = client.get("/play/?kind=race", **HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<fieldset id="options"')
    assert 'name="race-canoes"' in html and "Virginia" in html


def test_a_solo_game_started_from_the_lobby_shows_my_hand_and_my_moves(client):
    session = _start(client, **{"pelts-play_as": "trapper"})

    response = client.get(f"/play/{session.pk}/")

    html = response.content.decode()
    assert 'You are <strong id="you">the trappers</strong>' in html
    assert _cards(response.content) == set(session.state["hands"]["trapper"])
    assert {"type": "end", "label": "End your phase"} in _buttons(response.content)
    assert "computer" in html
    assert session.mode == "solo" and session.created_by is None


def test_a_race_table_draws_the_course_and_every_canoe(client):
    session = _start(client, kind="race", **{"race-canoes": 3, "race-play_as": "canoe-2"})

    html = client.get(f"/play/{session.pk}/").content.decode()

    assert '<svg class="course"' in html
    assert len(re.findall(r'<g class="racer[" ]', html)) == 3
    assert "Virginia" in html and "Massachusetts" in html and "New York" in html
    assert 'You are <strong id="you">Massachusetts (Heron)</strong>' in html


def test_a_bad_option_in_the_form_is_told_in_words(client):
    response = client.post("/play/new/", {"kind": "pelts", "mode": "solo", "pelts-rocks": 99})

    assert response.status_code == 400
    assert "rocks&#x27; must be a whole number from 0 to 5, not 99." in response.content.decode()
    assert not GameSession.objects.exists()


def test_hot_seat_hides_every_hand_until_the_next_player_says_who_they_are(client):
    session = _start(client, mode="hotseat")

    first = client.get(f"/play/{session.pk}/")
    assert "Pass the device to the trappers" in first.content.decode()
    assert _cards(first.content) == set()
    assert _buttons(first.content) == []

    shown = client.post(f"/play/{session.pk}/device/trapper/", **HTMX)
    assert _cards(shown.content) == set(session.state["hands"]["trapper"])

    end = {"type": "end", "label": "End your phase"}
    after = client.post(
        f"/play/{session.pk}/act/",
        {"role": "trapper", "version": 0, "action": json.dumps(end)},
        **HTMX,
    )
    html = after.content.decode()
    assert after.status_code == 200
    assert "Pass the device to the Indians" in html
    assert _cards(after.content) == set()


def test_hot_seat_reload_keeps_the_player_who_has_the_device(client):
    session = _start(client, mode="hotseat")
    client.post(f"/play/{session.pk}/device/trapper/")

    again = client.get(f"/play/{session.pk}/")

    assert _cards(again.content) == set(session.state["hands"]["trapper"])


def test_a_second_click_from_the_same_table_gets_the_fresh_table_and_a_note(client):
    session = _start(client)
    end = json.dumps({"type": "end", "label": "End your phase"})
    post = {"role": "trapper", "version": 0, "action": end}
    client.post(f"/play/{session.pk}/act/", post, **HTMX)

    response = client.post(f"/play/{session.pk}/act/", post, **HTMX)

    session.refresh_from_db()
    assert response.status_code == 409
    assert "The game moved on: here is the current table." in response.content.decode()
    assert f'data-version="{session.version}"' in response.content.decode()
    assert session.log.filter(role="trapper").count() == 1


def test_an_illegal_action_from_the_page_is_a_readable_error(client):
    session = _start(client)
    post = {"role": "trapper", "version": 0, "action": json.dumps({"type": "fly"})}

    response = client.post(f"/play/{session.pk}/act/", post, **HTMX)

    assert response.status_code == 400
    assert response["HX-Retarget"] == "#errors"
    assert "That action is not allowed now" in response.content.decode()


def test_a_stranger_sees_no_hand_and_cannot_act(client):
    session = new_game(mode="solo")
    stranger = Client()

    page = stranger.get(f"/play/{session.pk}/")
    assert _cards(page.content) == set() and _buttons(page.content) == []

    post = {"role": "trapper", "version": 0, "action": json.dumps({"type": "end"})}
    assert stranger.post(f"/play/{session.pk}/act/", post).status_code == 403
    assert stranger.post(f"/play/{session.pk}/act/", post, **HTMX).status_code == 400
    session.refresh_from_db()
    assert session.version == 0


def test_two_browsers_join_by_their_links_and_the_game_starts(client):
    owner = client
    session = _start(owner, mode="multi", **{"pelts-play_as": "indian"})
    waiting = owner.get(f"/play/{session.pk}/").content.decode()
    assert "Waiting for players" in waiting
    link = re.search(r'value="(http://testserver/play/join/[^"]+)"', waiting).group(1)

    opponent = Client()
    response = opponent.get(link, follow=True)

    session.refresh_from_db()
    assert session.status == "playing"
    assert _cards(response.content) == set(session.state["hands"]["trapper"])
    mine = owner.get(f"/play/{session.pk}/")
    assert _cards(mine.content) == set(session.state["hands"]["indian"])
    assert "Invite link" not in mine.content.decode()  # every seat is taken


def test_a_seat_link_with_its_token_is_kept_for_the_next_visit(client):
    session = new_game(mode="solo")
    token = seat(session, "trapper").token

    response = client.get(f"/play/{session.pk}/?seat={token}")
    assert response.status_code == 302 and response["Location"] == f"/play/{session.pk}/"

    again = client.get(f"/play/{session.pk}/")
    assert _cards(again.content) == set(session.state["hands"]["trapper"])


def test_the_lobby_lets_someone_sit_at_a_free_seat(client):
    session = new_game(mode="multi")
    services.seat_take(seat=seat(session, "trapper"))

    response = client.post(f"/play/{session.pk}/sit/indian/")

    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == "playing"
    again = client.post(f"/play/{session.pk}/sit/indian/")
    assert again.status_code == 400
    assert "Someone has taken that seat already" in again.content.decode()


def test_the_poll_is_empty_while_nothing_changed_and_the_table_once_it_did(client):
    session = _start(client)
    url = f"/play/{session.pk}/"

    unchanged = client.get(url, {"version": session.version}, **HTMX)
    assert unchanged.status_code == 204 and unchanged.content == b""

    changed = client.get(url, {"version": session.version - 1}, **HTMX)
    assert changed.status_code == 200
    assert changed.content.decode().lstrip().startswith('<section id="table"')


def test_the_poll_stops_once_the_game_is_over(client, seeded):
    rng = seeded(4)
    session = _start(client, **{"pelts-layout": "straight, bend, straight"})
    session = play_randomly(session, rng, steps=3000)
    assert session.status == "finished"

    response = client.get(f"/play/{session.pk}/", {"version": session.version}, **HTMX)
    assert response.status_code == 286

    page = client.get(f"/play/{session.pk}/").content.decode()
    assert 'id="winner"' in page and "won the game" in page
    assert 'hx-trigger="every 2s"' not in page


def test_the_replay_steps_through_the_log_with_links_that_work_without_htmx(client, seeded):
    rng = seeded(6)
    session = play_randomly(new_game(), rng, steps=8)
    last = session.log.count() - 1

    first = client.get(f"/play/{session.pk}/replay/").content.decode()
    assert 'id="step">0<' in first and "The cards are shuffled and dealt." in first
    assert 'href="?step=1"' in first and 'hx-get="?step=1"' in first

    step = client.get(f"/play/{session.pk}/replay/", {"step": last}, **HTMX)
    html = step.content.decode()
    assert html.lstrip().startswith('<section id="replay"')
    assert f'id="step">{last}<' in html and 'href="?step=' in html
    hands = set(session.state["hands"]["trapper"]) | set(session.state["hands"]["indian"])
    assert not _cards(step.content) & hands  # no hand is shown while the game is on

"""The pace at the table: the lobby's choice, each seat's time left, and the buttons that hand
a late seat to the computer or end the game as abandoned; the replay shows both."""

from __future__ import annotations

import pytest
from django.test import Client

from chase.models import ActionLog, GameSession
from tests.chase.conftest import multi_game, seat

pytestmark = pytest.mark.django_db


def _sit(client, session, role):
    client.get(f"/play/{session.pk}/?seat={seat(session, role).token}")


def test_the_lobby_creates_a_daily_game_across_browsers(client, db):
    response = client.post("/play/new/", {"kind": "pelts", "mode": "multi", "pace": "daily"})

    assert response.status_code == 302
    assert GameSession.objects.get().pace == "daily"


def test_the_lobby_plays_hot_seat_live_whatever_pace_was_left_chosen(client, db):
    client.post("/play/new/", {"kind": "pelts", "mode": "hotseat", "pace": "weekly"})

    assert GameSession.objects.get().pace == "live"


def test_the_table_shows_each_seats_time_left(client, owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    _sit(client, session, "indian")
    clock.advance(hours=1, minutes=15)

    page = client.get(f"/play/{session.pk}/").content.decode()

    assert "22 h 45 min left" in page
    assert 'id="late"' not in page


def test_a_late_seat_is_offered_to_the_others_and_handed_to_the_computer(
    client, owner, opponent, clock
):
    session = multi_game(owner, opponent, pace="daily")
    _sit(client, session, "indian")
    clock.advance(hours=25)

    page = client.get(f"/play/{session.pk}/").content.decode()
    assert "missed the deadline" in page
    assert "Give the trappers to the computer" in page and "End the game as abandoned" in page

    response = client.post(f"/play/{session.pk}/hand-over/trapper/")

    assert response.status_code == 302
    assert seat(session, "trapper").kind == "computer"
    page = client.get(f"/play/{session.pk}/").content.decode()
    assert "the Indians handed the seat to the computer" in page
    step = session.log.get(kind=ActionLog.Kind.HAND_OVER).seq
    replay = client.get(f"/play/{session.pk}/replay/?step={step}").content.decode()
    assert "The trappers missed the deadline: the Indians handed the seat to the computer." in (
        replay
    )


def test_the_late_player_is_not_offered_their_own_seat(client, owner, opponent, clock):
    session = multi_game(owner, opponent, pace="daily")
    _sit(client, session, "trapper")
    clock.advance(hours=25)

    page = client.get(f"/play/{session.pk}/").content.decode()
    response = client.post(f"/play/{session.pk}/hand-over/trapper/")

    assert 'id="late"' not in page
    assert response.status_code == 403
    assert seat(session, "trapper").kind == "human"


def test_the_others_end_the_game_as_abandoned(client, owner, opponent, clock):
    session = multi_game(owner, opponent, pace="weekly")
    _sit(client, session, "indian")
    clock.advance(days=7, minutes=1)

    client.post(f"/play/{session.pk}/abandon/")

    page = client.get(f"/play/{session.pk}/").content.decode()
    assert "was <strong>abandoned</strong>" in page
    last = session.log.count() - 1
    replay = client.get(f"/play/{session.pk}/replay/?step={last}").content.decode()
    assert "The Indians ended the game as abandoned: the trappers missed the deadline." in replay


def test_the_table_marks_my_turn_for_the_title_script(client, owner, opponent, clock):
    session = multi_game(owner, opponent)  # the trappers move first
    _sit(client, session, "trapper")
    indians = Client()
    _sit(indians, session, "indian")

    mine = client.get(f"/play/{session.pk}/").content.decode()
    theirs = indians.get(f"/play/{session.pk}/").content.decode()

    assert "data-my-turn" in mine and 'id="notify-me"' in mine
    assert "data-my-turn" not in theirs and 'id="notify-me"' in theirs

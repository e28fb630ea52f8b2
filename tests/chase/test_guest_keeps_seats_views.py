"""A guest stays a guest no longer (issue 33): the table offers sign-up and log-in, comes back
to the table, and the seats this browser held as a guest become the account's, its lobby list
with them; another browser's seats never do."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from chase.models import GameSession, Rating, Seat
from chase.services import sessions as services
from chase.services.ratings import rated_verdict
from tests.chase.ratings_helpers import decided_race
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SIGNUP = {"username": "newcomer", "password1": "a-long-paddle-42", "password2": "a-long-paddle-42"}


@pytest.fixture
def invited(owner):
    """A game across browsers: the owner sits at the trappers' seat; the Indians' is free."""
    session = services.session_create(
        kind="pelts", mode="multi", options={}, user=owner, creator_sits=True
    )
    return session, session.seats.get(role="indian")


def guest_at(client: Client, seat: Seat) -> Seat:
    """This browser opens the invite before signing in: it holds the seat as a guest."""
    response = client.get(f"/play/join/{seat.invite}/")
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.user_id is None and seat.name == "Guest"
    return seat


def test_the_guests_table_offers_sign_up_and_log_in_that_come_back(client, invited):
    session, seat = invited
    guest_at(client, seat)
    response = client.get(f"/play/{session.pk}/")
    assertContains(response, "You play as a guest")
    assertContains(response, f'href="/accounts/signup/?next=/play/{session.pk}/"')
    assertContains(response, f'href="/accounts/login/?next=/play/{session.pk}/"')


def test_signing_up_from_the_table_comes_back_and_the_seat_is_the_accounts(client, invited):
    session, seat = invited
    guest_at(client, seat)
    response = client.post(f"/accounts/signup/?next=/play/{session.pk}/", SIGNUP)
    assert response.status_code == 302 and response.url == f"/play/{session.pk}/"

    seat.refresh_from_db()
    assert (seat.user.username, seat.name) == ("newcomer", "newcomer")
    assert rated_verdict(session)[0] is True  # both seats an account's: rated now
    table = client.get(f"/play/{session.pk}/")
    assertNotContains(table, "You play as a guest")
    assertContains(client.get("/play/mine/"), f"/play/{session.pk}/")


def test_logging_in_claims_every_seat_and_game_this_browser_held(client, invited, opponent):
    session, seat = invited
    guest_at(client, seat)
    solo = services.session_create(kind="race", mode="solo", options={"canoes": 2})
    client.get(f"/play/{solo.pk}/")  # a game this browser... has no token for: not its
    hot = client.post("/play/new/", {"kind": "race", "mode": "hotseat"})
    assert hot.status_code == 302
    mine = GameSession.objects.exclude(pk__in=[session.pk, solo.pk]).get()

    response = client.post(
        f"/accounts/login/?next=/play/{session.pk}/",
        {"username": "opponent", "password": "correct horse battery"},
    )
    assert response.status_code == 302 and response.url == f"/play/{session.pk}/"
    seat.refresh_from_db()
    assert seat.user == opponent
    assert set(mine.seats.filter(kind="human").values_list("user__username", flat=True)) == {
        "opponent"
    }
    mine.refresh_from_db()
    assert mine.created_by == opponent
    assert not solo.seats.filter(user=opponent).exists()


def test_another_browsers_guest_seat_is_never_claimed(client, invited):
    session, seat = invited
    guest_at(Client(), seat)  # someone else's browser took it
    client.post("/accounts/signup/", SIGNUP)
    seat.refresh_from_db()
    assert seat.user_id is None and seat.name == "Guest"


def test_a_seat_an_account_holds_stays_theirs_whatever_tokens_are_offered(invited, owner):
    session, seat = invited
    trapper = session.seats.get(role="trapper")
    thief = UserFactory(username="thief")
    claimed = services.seats_claim(user=thief, tokens=[trapper.token, "not a token\x00"])
    assert claimed == []
    trapper.refresh_from_db()
    assert trapper.user == owner


def test_a_finished_guest_game_claimed_is_rated(ann, django_capture_on_commit_callbacks):
    session = decided_race([ann, "guest"], finishers=["canoe-2", "canoe-1"])
    guest = session.seats.get(role="canoe-2")
    newcomer = UserFactory(username="newcomer")
    assert not Rating.objects.filter(kind="race").exists()

    with django_capture_on_commit_callbacks(execute=True):
        services.seats_claim(user=newcomer, tokens=[guest.token])

    rated = dict(Rating.objects.filter(kind="race").values_list("user__username", "mu"))
    assert set(rated) == {"ann", "newcomer"}
    assert rated["newcomer"] > rated["ann"]  # the claimed seat won


def test_every_finished_guest_game_of_a_kind_claimed_at_once_is_rated(
    ann, django_capture_on_commit_callbacks
):
    games = [decided_race([ann, "guest"], finishers=["canoe-2", "canoe-1"]) for _ in range(3)]
    tokens = [g.seats.get(role="canoe-2").token for g in games]
    newcomer = UserFactory(username="newcomer")

    with django_capture_on_commit_callbacks(execute=True):
        services.seats_claim(user=newcomer, tokens=tokens)

    counted = dict(Rating.objects.filter(kind="race").values_list("user__username", "games"))
    assert counted == {"ann": 3, "newcomer": 3}  # all three, not one per kind


def test_the_top_bar_sign_up_from_the_lobby_comes_back_to_the_lobby(client):
    lobby = client.get("/play/")
    assertContains(lobby, 'href="/accounts/signup/?next=/play/"')
    response = client.post("/accounts/signup/?next=/play/", SIGNUP)
    assert response.status_code == 302 and response.url == "/play/"


def test_a_next_to_another_site_is_ignored(client):
    response = client.post("/accounts/signup/?next=https://evil.example/", SIGNUP)
    assert response.status_code == 302 and response.url == "/"

"""Computer seats in hot-seat and multi games (`computer_seats`), for any game: the computer
moves at once after each human action, and a seat that is not in the game is refused."""

from __future__ import annotations

import pytest

from chase.errors import SessionError
from chase.models import GameSession
from chase.services import sessions as services
from tests.chase.conftest import movers, play_randomly, seat

pytestmark = pytest.mark.django_db

HUMANS, COMPUTERS = ["canoe-1", "canoe-2"], ["canoe-3", "canoe-4"]


def _race(mode="hotseat", computers=COMPUTERS, **options):
    return services.session_create(
        kind="race", mode=mode, options={"canoes": 4, "leg_length": 12, **options},
        computer_seats=computers,
    )  # fmt: skip


def _active(session: GameSession) -> str | None:
    state = session.state
    return state["order"][state["active"]] if state["status"] == "playing" else None


def test_a_hot_seat_race_gives_the_chosen_canoes_to_the_computer():
    session = _race()

    assert {s.role: s.kind for s in session.seats.all()} == {
        "canoe-1": "human", "canoe-2": "human", "canoe-3": "computer", "canoe-4": "computer",
    }  # fmt: skip
    assert [s.name for s in session.seats.all() if s.is_computer] == ["Computer", "Computer"]
    assert session.status == "playing"


@pytest.mark.parametrize("game", range(3))
def test_in_hot_seat_the_computer_canoes_move_on_their_own_until_a_human_canoe_is_up(game, seeded):
    rng = seeded(300 + game)
    session = _race()
    seen = []

    def check(session):
        # After every human action the computers have played: a human canoe is up, or it's over.
        assert session.status == "finished" or _active(session) in HUMANS
        seen.append(session.version)

    check(session)
    session = play_randomly(session, rng, steps=500, after=check)

    assert session.status == "finished"
    by_computer = set(session.log.filter(by_computer=True).values_list("role", flat=True))
    assert by_computer == set(COMPUTERS)
    by_people = session.log.filter(by_computer=False).exclude(seq=0)
    assert set(by_people.values_list("role", flat=True)) == set(HUMANS)
    assert services.session_replay(session)[-1].state == session.state
    assert len(seen) > 5


def test_a_computer_canoe_drawn_first_has_moved_when_the_race_is_made(seeded):
    seeded(11)
    for _ in range(20):  # the chip bag is random: make races until a computer canoe starts
        session = _race()
        first = session.log.filter(seq=1).first()
        if first is not None:
            break
    assert first is not None and first.by_computer and first.role in COMPUTERS
    assert _active(session) in HUMANS


def test_a_pelts_hot_seat_game_with_the_indians_to_the_computer_answers_at_once():
    session = services.session_create(
        kind="pelts", mode="hotseat", options={}, computer_seats=["indian"]
    )
    services.session_act(
        session_id=session.pk, token=seat(session, "trapper").token, version=0,
        action={"type": "end"},
    )  # fmt: skip

    session.refresh_from_db()
    assert session.log.filter(role="indian", by_computer=True).exists()
    assert movers(session) == [seat(session, "trapper")]


def test_a_multi_game_waits_only_for_its_human_seats():
    session = _race(mode="multi", computers=["canoe-2", "canoe-3", "canoe-4"])
    assert session.status == "waiting"
    assert list(GameSession.objects.open_to_join()) == [session]

    services.seat_take(seat=seat(session, "canoe-1"))

    session.refresh_from_db()
    assert session.status == "playing"
    assert _active(session) == "canoe-1"  # the computers drawn before it have moved
    assert not GameSession.objects.open_to_join().exists()


def test_in_solo_the_computer_plays_every_seat_but_yours_whatever_the_list_says():
    session = services.session_create(
        kind="race", mode="solo", options={"canoes": 3}, play_as="canoe-2",
        computer_seats=["canoe-2"],
    )  # fmt: skip

    assert {s.role: s.kind for s in session.seats.all()} == {
        "canoe-1": "computer", "canoe-2": "human", "canoe-3": "computer",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "computers", "play_as", "field", "words"),
    [
        ("hotseat", ["canoe-9"], None, "computer_seats", "There is no seat 'canoe-9'"),
        ("hotseat", ["indian"], None, "computer_seats", "There is no seat 'indian'"),
        ("solo", ["canoe-5"], None, "computer_seats", "There is no seat 'canoe-5'"),
        ("hotseat", ["canoe-1", "canoe-2", "canoe-3", "canoe-4"], None, "computer_seats",
         "Leave at least one seat to a person"),
        ("multi", ["canoe-2"], "canoe-2", "play_as", "choose one"),
        ("hotseat", "canoe-1", None, "computer_seats", "must be a list"),
    ],
)  # fmt: skip
def test_it_refuses_computer_seats_that_make_no_game_and_writes_nothing(
    mode, computers, play_as, field, words
):
    with pytest.raises(SessionError) as error:
        services.session_create(
            kind="race", mode=mode, options={}, computer_seats=computers, play_as=play_as
        )

    assert error.value.field == field
    assert words in error.value.message
    assert not GameSession.objects.exists()


# --- the API ---------------------------------------------------------------------------------


def test_the_api_creates_a_hot_seat_race_with_two_computer_canoes(api):
    body = {"kind": "race", "mode": "hotseat", "options": {}, "computer_seats": COMPUTERS}

    response = api.post("/api/sessions/", body, format="json")

    assert response.status_code == 201
    seats = response.json()["seats"]
    assert [(s["role"], s["kind"]) for s in seats] == [
        ("canoe-1", "human"), ("canoe-2", "human"),
        ("canoe-3", "computer"), ("canoe-4", "computer"),
    ]  # fmt: skip
    assert [s["token"] is None for s in seats] == [False, False, True, True]
    view = api.get(f"/api/sessions/{response.json()['id']}/view/").json()
    assert view["view"]["active"] in HUMANS


@pytest.mark.parametrize(
    ("computers", "words"),
    [
        (["canoe-7"], "There is no seat 'canoe-7'"),
        (["canoe-1", "canoe-2", "canoe-3", "canoe-4"], "Leave at least one seat"),
        ("canoe-3", "Expected a list"),
        ([{"role": "canoe-3"}], "Not a valid string"),
    ],
)
def test_the_api_answers_a_bad_computer_seat_with_a_400_naming_the_field(api, computers, words):
    body = {"kind": "race", "mode": "hotseat", "options": {}, "computer_seats": computers}

    response = api.post("/api/sessions/", body, format="json")

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"].startswith("computer_seats")
    assert words in error["message"]
    assert not GameSession.objects.exists()

"""The session services: creating games in each mode, taking seats, acting, the log, replay."""

from __future__ import annotations

import random

import pytest

from chase.errors import SeatRefused, SessionError, StaleVersion
from chase.games import get_engine
from chase.models import ActionLog, GameSession
from chase.selectors.sessions import seat_payload
from chase.services import sessions as services
from tests.chase.conftest import movers, new_game, play_randomly, seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("mode", "status", "kinds"),
    [
        ("hotseat", "playing", {"trapper": "human", "indian": "human"}),
        ("multi", "waiting", {"trapper": "human", "indian": "human"}),
        ("solo", "playing", {"trapper": "human", "indian": "computer"}),
    ],
)
def test_each_mode_creates_its_seats_and_logs_the_setup(mode, status, kinds, owner):
    session = new_game(mode=mode, user=owner)

    assert session.status == status
    assert {s.role: s.kind for s in session.seats.all()} == kinds
    assert session.created_by == owner
    setup = session.log.get(seq=0)
    assert setup.role is None and setup.action is None
    assert any(o["kind"] == "shuffle" for o in setup.outcomes)  # the pack was shuffled
    assert len({s.token for s in session.seats.all()}) == 2


def test_a_race_has_one_seat_per_canoe_and_the_solo_human_plays_the_chosen_canoe():
    session = new_game(kind="race", mode="solo", play_as="canoe-2", canoes=3)

    assert {s.role: s.kind for s in session.seats.all()} == {
        "canoe-1": "computer",
        "canoe-2": "human",
        "canoe-3": "computer",
    }


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"kind": "chess"}, "kind", "There is no game 'chess'"),
        ({"mode": "telepathy"}, "mode", "There is no mode 'telepathy'"),
        ({"options": {"paddles": 3}}, "paddles", "paddles"),
        ({"options": {"rocks": 99}}, "rocks", "rocks"),
        ({"play_as": "bear"}, "play_as", "no seat 'bear'"),
    ],
)
def test_it_refuses_a_bad_kind_mode_or_option_and_writes_nothing(kwargs, field, words):
    arguments = {"kind": "pelts", "mode": "solo", "options": {}, **kwargs}

    with pytest.raises(SessionError) as error:
        services.session_create(**arguments)

    assert error.value.field == field
    assert words in error.value.message
    assert not GameSession.objects.exists()


def test_a_multi_game_starts_when_every_human_seat_is_taken():
    session = new_game(mode="multi")
    trapper, indian = seat(session, "trapper"), seat(session, "indian")

    services.seat_take(seat=trapper)
    session.refresh_from_db()
    assert (session.status, session.version) == ("waiting", 1)

    services.seat_take(seat=trapper)  # again: harmless
    services.seat_take(seat=indian)
    session.refresh_from_db()
    assert (session.status, session.version) == ("playing", 2)
    assert indian.name == "Guest" and indian.taken_at is not None


def test_nobody_can_act_before_a_multi_game_starts():
    session = new_game(mode="multi")
    services.seat_take(seat=seat(session, "trapper"))
    session.refresh_from_db()

    with pytest.raises(SessionError, match="waits for players: indian"):
        services.session_act(
            session_id=session.pk, token=seat(session, "trapper").token,
            version=session.version, action={"type": "end"},
        )  # fmt: skip


def test_a_legal_action_is_applied_and_logged_with_its_outcomes(seeded):
    seeded(1)
    session = new_game()
    trapper = seat(session, "trapper")
    end = {"type": "end", "label": "End your phase"}

    services.session_act(session_id=session.pk, token=trapper.token, version=0, action=end)

    session.refresh_from_db()
    assert session.version == 1
    assert session.state["active"] == "indian"
    entry = session.log.get(seq=1)
    assert (entry.role, entry.action, entry.version_after) == ("trapper", end, 1)
    assert entry.events[0]["text"] == "The trappers end their phase."
    assert entry.outcomes == []  # ending a phase with a full pile draws no random card
    trapper.refresh_from_db()
    assert trapper.taken_at is not None  # the first action took the seat


def test_an_action_posted_without_its_label_is_the_same_action():
    session = new_game()
    services.session_act(
        session_id=session.pk, token=seat(session, "trapper").token, version=0,
        action={"type": "end"},
    )  # fmt: skip
    assert session.log.get(seq=1).action == {"type": "end", "label": "End your phase"}


@pytest.mark.parametrize(
    ("role", "action", "words"),
    [
        ("indian", {"type": "end"}, "It is not your turn"),
        ("trapper", {"type": "fly"}, "not allowed now"),
        ("trapper", {"type": "discard", "card": "ZZ"}, "not allowed now"),
    ],
)
def test_an_illegal_action_is_refused_with_the_engines_reason_and_nothing_changes(
    role, action, words
):
    session = new_game()
    before = dict(session.state)

    with pytest.raises(SessionError, match=words):
        services.session_act(
            session_id=session.pk, token=seat(session, role).token, version=0, action=action
        )

    session.refresh_from_db()
    assert (session.version, session.state) == (0, before)
    assert session.log.count() == 1


def test_a_stale_version_is_refused_and_nothing_changes():
    session = new_game()
    token = seat(session, "trapper").token
    services.session_act(session_id=session.pk, token=token, version=0, action={"type": "end"})

    with pytest.raises(StaleVersion):
        services.session_act(session_id=session.pk, token=token, version=0, action={"type": "end"})

    session.refresh_from_db()
    assert session.version == 1 and session.log.count() == 2


def test_a_stranger_with_a_made_up_token_cannot_act():
    session = new_game()

    with pytest.raises(SeatRefused):
        services.session_act(
            session_id=session.pk, token="made-up", version=0, action={"type": "end"}
        )


def test_a_token_of_another_game_does_not_act_here():
    session, other = new_game(), new_game()

    with pytest.raises(SeatRefused):
        services.session_act(
            session_id=session.pk, token=seat(other, "trapper").token, version=0,
            action={"type": "end"},
        )  # fmt: skip


def test_in_solo_the_computer_moves_at_once_and_its_moves_are_logged(seeded):
    seeded(2)
    session = new_game(mode="solo")
    trapper = seat(session, "trapper")

    services.session_act(
        session_id=session.pk, token=trapper.token, version=0, action={"type": "end"}
    )

    session.refresh_from_db()
    computer_moves = list(session.log.filter(by_computer=True))
    assert computer_moves, "the Indians should have played their phase"
    assert {e.role for e in computer_moves} == {"indian"}
    # The computer stops only when the human has something to do (their phase, or a sign).
    assert movers(session) == [trapper]
    assert not get_engine("pelts").legal_actions(session.state, "indian")
    assert session.version == session.log.count() - 1  # one version per logged action
    assert [e.version_after for e in session.log.all()] == list(range(session.log.count()))


def test_a_computer_seat_that_moves_first_plays_as_soon_as_the_game_is_made(seeded):
    seeded(3)
    session = new_game(mode="solo", play_as="indian")

    first = session.log.get(seq=1)
    assert (first.role, first.by_computer) == ("trapper", True)
    assert session.state["active"] == "indian"


def test_a_computer_seat_cannot_be_played_by_its_token():
    session = new_game(mode="solo", play_as="indian")
    session.refresh_from_db()

    with pytest.raises(SeatRefused, match="computer"):
        services.session_act(
            session_id=session.pk, token=seat(session, "trapper").token,
            version=session.version, action={"type": "end"},
        )  # fmt: skip


@pytest.mark.parametrize("game", range(6))
def test_a_replay_from_the_log_alone_ends_in_the_stored_state(game, seeded):
    rng = seeded(100 + game)
    kind, mode = [("pelts", "hotseat"), ("pelts", "solo"), ("race", "solo")][game % 3]
    session = play_randomly(new_game(kind=kind, mode=mode), rng, steps=60)

    steps = services.session_replay(session)

    assert len(steps) == session.log.count()
    assert steps[-1].state == session.state
    assert [s.events for s in steps] == [e.events for e in session.log.all()]


def test_the_log_numbers_every_step_from_the_setup_with_the_version_it_made(seeded):
    rng = seeded(5)
    session = play_randomly(new_game(mode="solo"), rng, steps=10)
    rows = list(ActionLog.objects.filter(session=session).values_list("seq", "version_after"))

    assert [seq for seq, _ in rows] == list(range(len(rows)))
    assert [version for _, version in rows] == list(range(len(rows)))
    assert rows[-1][1] == session.version


def test_a_whole_solo_game_against_the_computer_reaches_a_winner(seeded):
    rng = seeded(9)
    session = new_game(mode="solo", layout=["straight", "bend", "straight"])
    session = play_randomly(session, rng, steps=2000)

    assert session.status == "finished"
    assert session.winner in ("trapper", "indian")
    assert services.session_replay(session)[-1].state == session.state
    assert get_engine("pelts").winner(session.state) == session.winner


def test_a_view_of_the_game_as_read_shows_no_log_of_a_move_made_after_it(owner):
    """A view is drawn from the game as it was read, and its log from a second read: a move
    committed in between is left for the next view (the table once said "Virginia to move"
    above a log that said the race was over)."""
    session = new_game(mode="hotseat", user=owner)
    play_randomly(session, random.Random(5), steps=2)
    read = GameSession.objects.get(pk=session.pk)  # a reader has the game...
    after = play_randomly(session, random.Random(6), steps=1)  # ...then a move commits
    assert after.version > read.version

    shown = [entry["version_after"] for entry in seat_payload(read, None)["log"]]
    now = [entry["version_after"] for entry in seat_payload(after, None)["log"]]

    assert shown and max(shown) == read.version
    assert max(now) == after.version

"""One finished game applied to the current ratings (chase.services.ratings.ratings_game_finished)
gives the rows a whole rebuild gives, over seeded sequences of games; a game applied out of
order rebuilds; an update reads only its own players' rows, whatever the number of games."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chase.models import RatedPlace, Rating, RatingBoard
from chase.services.ratings import (
    ratings_after_finish,
    ratings_game_finished,
    ratings_history_changed,
    ratings_rebuild,
)
from tests.chase.ratings_helpers import decided_race
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def rows(kind: str = "race"):
    """Every rating and rated place of the kind, as numbers (exact floats: no rounding)."""
    ratings = Rating.objects.filter(kind=kind).order_by("user_id")
    places = RatedPlace.objects.filter(kind=kind).order_by("order", "rank", "user_id", "pk")
    return (
        list(ratings.values_list("user_id", "mu", "sigma", "games", "wins")),
        list(
            places.values_list(
                "session_id", "user_id", "rank", "won", "order", "mu_before", "sigma_before",
                "mu", "sigma", "roles",
            )
        ),
    )  # fmt: skip


def random_race(rng: random.Random, people: list) -> object:
    """A race of 2 to 4 canoes at random seats: accounts (never one twice), the computer (any
    number of seats) or a guest now and then; a random order across the line, some out."""
    canoes = rng.randint(2, 4)
    pool = list(people)
    players = []
    for _ in range(canoes):
        pick = rng.random()
        if pick < 0.35:
            players.append("computer")
        elif pick < 0.4:
            players.append("guest")
        elif pool:
            players.append(pool.pop(rng.randrange(len(pool))))
        else:
            players.append("computer")
    if all(p == "computer" for p in players):  # a person at one seat at least
        players[0] = "guest"
    roles = [f"canoe-{i}" for i in range(1, canoes + 1)]
    rng.shuffle(roles)
    crossed = rng.randint(0, canoes)
    finishers = roles[:crossed]
    out = [r for r in roles[crossed:] if rng.random() < 0.5]
    return decided_race(players, finishers=finishers, out=out)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_updating_game_by_game_gives_the_same_ratings_as_a_rebuild(seed):
    rng = random.Random(seed)
    people = [UserFactory(username=name) for name in ("ann", "bob", "cat", "dan", "eve")]
    outcomes = []
    for _ in range(14):
        session = random_race(rng, people)
        outcomes.append(ratings_game_finished(session_id=session.pk))

    updated = rows()
    assert ratings_rebuild(kind="race") == outcomes.count("rated")
    rebuilt = rows()

    assert outcomes.count("rated") >= 5  # the sequence rated games, and skipped some
    assert set(outcomes) <= {"rated", "not rated"}
    assert updated == rebuilt
    assert len(updated[0]) >= 2


def test_a_message_delivered_twice_changes_nothing(ann, bob):
    session = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    assert ratings_game_finished(session_id=session.pk) == "rated"
    once = rows()

    assert ratings_game_finished(session_id=session.pk) == "already"
    assert rows() == once


def test_a_game_applied_after_one_that_finished_later_rebuilds_in_finishing_order(ann, bob):
    first = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    second = decided_race([ann, "computer", bob], finishers=["canoe-3", "canoe-2", "canoe-1"])

    assert ratings_game_finished(session_id=second.pk) == "rated"
    assert ratings_game_finished(session_id=first.pk) == "rebuilt"
    applied = rows()
    ratings_rebuild(kind="race")

    assert applied == rows()
    assert list(RatedPlace.objects.filter(order=1).values_list("session_id", flat=True)) == [
        first.pk,
        first.pk,
    ]


def test_an_unrated_game_changes_no_rating_and_rebuilds_nothing(ann, bob):
    decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    ratings_rebuild(kind="race")
    rebuilt_at = RatingBoard.objects.get(kind="race").rebuilt_at
    before = rows()
    guest_game = decided_race([ann, "guest"], finishers=["canoe-2", "canoe-1"])
    hot_seat = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"], mode="hotseat")

    assert ratings_game_finished(session_id=guest_game.pk) == "not rated"
    assert ratings_game_finished(session_id=hot_seat.pk) == "not rated"
    assert rows() == before
    assert RatingBoard.objects.get(kind="race").rebuilt_at == rebuilt_at


def test_an_update_reads_as_much_after_many_games_as_after_a_few(ann, bob):
    """The point of updating: the work of one game does not grow with the games before it."""

    def queries_of_one_more_game():
        session = decided_race([ann, bob, "computer"], finishers=["canoe-3", "canoe-1"])
        with CaptureQueriesContext(connection) as queries:
            assert ratings_game_finished(session_id=session.pk) == "rated"
        return len(queries)

    for _ in range(2):
        decided_race([ann, bob, "computer"], finishers=["canoe-1", "canoe-2"])
    ratings_rebuild(kind="race")
    after_few = queries_of_one_more_game()
    for _ in range(12):
        session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
        ratings_game_finished(session_id=session.pk)
    after_many = queries_of_one_more_game()

    assert after_many == after_few
    assert Rating.objects.get(kind="race", user=ann).games == 16


def test_finishing_queues_an_update_not_a_rebuild(ann, bob, django_capture_on_commit_callbacks):
    session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])

    with django_capture_on_commit_callbacks(execute=True):
        ratings_after_finish(session)

    assert RatingBoard.objects.get(kind="race").rebuilt_at is None  # never rebuilt
    assert Rating.objects.get(kind="race", user=bob).wins == 1


def test_history_changed_rebuilds_the_kind_once_it_commits(
    ann, bob, django_capture_on_commit_callbacks
):
    session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
    ratings_game_finished(session_id=session.pk)
    session.seats.filter(role="canoe-2").update(user=None)  # bob's seat is a guest's now

    with django_capture_on_commit_callbacks(execute=True):
        ratings_history_changed(kind="race")

    assert RatingBoard.objects.get(kind="race").rebuilt_at is not None
    assert not Rating.objects.filter(kind="race").exists()  # a guest's game counts no more


def test_a_seat_of_a_finished_game_corrected_in_the_admin_rebuilds_the_ratings(
    client, ann, bob, django_capture_on_commit_callbacks
):
    kept = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    corrected = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])
    for session in (kept, corrected):
        ratings_game_finished(session_id=session.pk)
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    seat = corrected.seats.get(role="canoe-2")
    url = f"/admin/chase/seat/{seat.pk}/change/"
    form = client.get(url).context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form[name].value() if name != "user" else ""
        if hasattr(field.widget, "widgets"):  # a date and a time
            parts = field.widget.decompress(value)
            data.update(
                {
                    f"{name}_{i}": field.widget.widgets[i].format_value(v) or ""
                    for i, v in enumerate(parts)
                }
            )
        else:
            data[name] = "" if value is None else value

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    seat.refresh_from_db()
    assert seat.user is None  # now a guest's seat: that game counts no more
    assert Rating.objects.get(kind="race", user=ann).games == 1
    assert Rating.objects.get(kind="race", user=bob).wins == 0
    assert RatingBoard.objects.get(kind="race").rebuilt_at is not None

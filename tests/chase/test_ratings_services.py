"""Ratings of the canoe games: openskill's Plackett-Luce over the rated finished games
(chase.services.ratings; game-by-game updates against rebuilds: test_ratings_updates.py). The
expected numbers are worked out here with openskill itself from the same finishing orders,
never copied."""

from __future__ import annotations

import copy

import pytest
from openskill.models import PlackettLuce

from chase.models import GameSession, RatedPlace, Rating
from chase.services import sessions as services
from chase.services.ratings import rated_verdict, ratings_after_finish, ratings_rebuild
from tests.chase.conftest import play_randomly
from tests.chase.ratings_helpers import decided_race, finish
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cat(db):
    return UserFactory(username="cat")


def rating_of(kind, user):
    return Rating.objects.get(kind=kind, user=user)


def expected(games: list[list[tuple[int, list[str]]]]) -> dict:
    """openskill's own ratings after these games, each a list of (rank, team of names)."""
    model = PlackettLuce()
    now: dict = {}
    for game in games:
        teams = [[now.get(name) or model.rating() for name in team] for _, team in game]
        rated = model.rate(teams, ranks=[rank for rank, _ in game])
        for (_, names), news in zip(game, rated, strict=True):
            now.update(zip(names, news, strict=True))
    return now


def assert_rated(kind, user, want):
    got = rating_of(kind, user)
    assert (got.mu, got.sigma) == (pytest.approx(want.mu), pytest.approx(want.sigma))


def test_race_ratings_equal_openskill_for_the_same_finishing_orders(ann, bob, cat):
    decided_race([ann, bob, cat], finishers=["canoe-1", "canoe-2"], out=["canoe-3"])
    # cat first; ann and bob both out of the race: they share last place.
    decided_race([ann, bob, cat], finishers=["canoe-3"], out=["canoe-1", "canoe-2"])
    decided_race([bob, cat], finishers=["canoe-2", "canoe-1"])

    assert ratings_rebuild(kind="race") == 3

    want = expected(
        [
            [(0, ["ann"]), (1, ["bob"]), (2, ["cat"])],
            [(1, ["ann"]), (1, ["bob"]), (0, ["cat"])],
            [(1, ["bob"]), (0, ["cat"])],
        ]
    )
    for user in (ann, bob, cat):
        assert_rated("race", user, want[user.username])
    assert [
        (r.user.username, r.games, r.wins) for r in Rating.objects.leaderboard("race")
    ] == sorted(
        [("ann", 2, 1), ("bob", 3, 0), ("cat", 3, 2)],
        key=lambda row: -(want[row[0]].mu - 3 * want[row[0]].sigma),
    )


def test_a_canoe_still_on_the_water_places_behind_the_finishers_and_ahead_of_those_out(
    ann, bob, cat
):
    decided_race([ann, bob, cat], finishers=["canoe-2"], out=["canoe-1"])

    ratings_rebuild(kind="race")

    places = {p.user.username: p.rank for p in RatedPlace.objects.filter(kind="race")}
    assert places == {"bob": 0, "cat": 1, "ann": 2}


def test_a_race_every_canoe_went_out_of_is_a_tie_and_no_ones_win(ann, bob):
    decided_race([ann, bob], finishers=[], out=["canoe-1", "canoe-2"])

    ratings_rebuild(kind="race")

    want = expected([[(0, ["ann"]), (0, ["bob"])]])
    assert_rated("race", ann, want["ann"])
    assert [(r.games, r.wins) for r in Rating.objects.all()] == [(1, 0), (1, 0)]


def test_the_computer_is_rated_as_one_player_of_the_kind(ann, bob):
    decided_race([ann, "computer"], finishers=["canoe-2", "canoe-1"])
    decided_race(["computer", bob], finishers=["canoe-2", "canoe-1"])

    ratings_rebuild(kind="race")

    want = expected([[(1, ["ann"]), (0, ["computer"])], [(1, ["computer"]), (0, ["bob"])]])
    computer = Rating.objects.get(kind="race", user=None)
    assert (computer.player, computer.games, computer.wins) == ("Computer", 2, 1)
    assert computer.mu == pytest.approx(want["computer"].mu)
    assert_rated("race", ann, want["ann"])
    assert_rated("race", bob, want["bob"])


def test_pelts_is_rated_by_the_side_that_won(ann, bob):
    session = services.session_create(kind="pelts", mode="multi", options={})
    services.seat_take(seat=session.seats.get(role="trapper"), user=ann)
    services.seat_take(seat=session.seats.get(role="indian"), user=bob)
    session.refresh_from_db()
    finish(session, {**session.state, "winner": "indian", "status": "finished"}, "indian")

    ratings_rebuild(kind="pelts")

    want = expected([[(1, ["ann"]), (0, ["bob"])]])
    assert_rated("pelts", ann, want["ann"])
    assert_rated("pelts", bob, want["bob"])
    assert rating_of("pelts", bob).wins == 1


def test_moosehead_is_rated_by_points_at_the_end_ties_sharing_a_place(ann, bob, cat):
    session = services.session_create(kind="moosehead", mode="multi", options={"players": 3})
    for role, user in (("canoe-1", ann), ("canoe-2", bob), ("canoe-3", cat)):
        services.seat_take(seat=session.seats.get(role=role), user=user)
    session.refresh_from_db()
    state = copy.deepcopy(session.state)
    for player, points in zip(state["players"], (4, 9, 4), strict=True):
        player["points"] = points
    state.update(status="finished", winner="canoe-2")
    finish(session, state, "canoe-2")

    ratings_rebuild(kind="moosehead")

    want = expected([[(1, ["ann"]), (0, ["bob"]), (1, ["cat"])]])
    for user in (ann, bob, cat):
        assert_rated("moosehead", user, want[user.username])


def test_hot_seat_games_are_never_rated(ann, bob):
    decided_race([ann, bob], finishers=["canoe-1", "canoe-2"], mode="hotseat")

    assert ratings_rebuild(kind="race") == 0
    assert not Rating.objects.exists()


def test_a_game_where_one_account_played_two_seats_is_not_rated(ann, bob):
    session = decided_race([ann, ann, bob], finishers=["canoe-1", "canoe-2", "canoe-3"])

    assert ratings_rebuild(kind="race") == 0
    assert not Rating.objects.exists()
    assert rated_verdict(session) == (False, "Not rated: one player holds two seats.")


def test_a_game_with_a_guest_at_a_seat_is_not_rated(ann):
    decided_race([ann, "guest"], finishers=["canoe-1", "canoe-2"])

    assert ratings_rebuild(kind="race") == 0


def test_the_rebuild_is_idempotent(ann, bob, cat):
    decided_race([ann, bob, cat], finishers=["canoe-3", "canoe-1", "canoe-2"])
    decided_race([ann, "computer"], finishers=["canoe-1"], out=["canoe-2"])

    def rows():
        ratings = Rating.objects.order_by("user_id").values_list(
            "user_id", "mu", "sigma", "games", "wins"
        )
        places = RatedPlace.objects.order_by("order", "user_id").values_list(
            "session_id", "user_id", "rank", "mu_before", "mu", "sigma"
        )
        return list(ratings), list(places)

    ratings_rebuild(kind="race")
    first = rows()
    ratings_rebuild(kind="race")

    assert rows() == first
    assert len(first[0]) == 4 and len(first[1]) == 5


def test_a_race_played_to_its_end_rates_both_accounts_when_it_commits(
    ann, bob, seeded, django_capture_on_commit_callbacks
):
    rng = seeded(7)
    session = services.session_create(
        kind="race", mode="multi", options={"canoes": 2, "leg_length": 12}
    )
    services.seat_take(seat=session.seats.get(role="canoe-1"), user=ann)
    services.seat_take(seat=session.seats.get(role="canoe-2"), user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        session = play_randomly(session, rng, steps=3000)

    assert session.status == GameSession.Status.FINISHED
    assert set(Rating.objects.filter(kind="race").values_list("user__username", flat=True)) == {
        "ann",
        "bob",
    }


RIDERS = [
    {"name": "Lachance", "side": "courier", "trait_die": "d8", "wild_card": True, "top_speed": 16},
    {"name": "Fraser", "side": "dragoons", "trait_die": "d8", "wild_card": True, "top_speed": 16},
    {"name": "Troopers", "side": "dragoons", "trait_die": "d6", "wild_card": False,
     "top_speed": 14, "extras": 4},
]  # fmt: skip


def test_the_abstract_chase_is_rated_by_side_and_its_game_master_is_not(ann, bob, cat):
    session = services.session_create(
        kind="abstract",
        mode="multi",
        options={"length": "standard", "terrain": "open", "participants": RIDERS},
        computer_seats=["p3"],
    )
    for role, user in (("gm", cat), ("p1", ann), ("p2", bob)):
        services.seat_take(seat=session.seats.get(role=role), user=user)
    session.refresh_from_db()
    finish(session, {**session.state, "status": "finished", "winner": "courier"}, "courier")

    ratings_rebuild(kind="abstract")

    # The dragoons are one team: bob and the computer's troopers.
    want = expected([[(0, ["ann"]), (1, ["bob", "computer"])]])
    assert_rated("abstract", ann, want["ann"])
    assert_rated("abstract", bob, want["bob"])
    assert Rating.objects.get(kind="abstract", user=None).mu == pytest.approx(want["computer"].mu)
    assert not Rating.objects.filter(user=cat).exists()


def expected_with_computer(game: list[tuple[int, list[str]]], now: dict | None = None) -> dict:
    """openskill's ratings after one game where "computer" may be on several teams: every
    team gets its own copy of the Computer's rating, and the Computer ends at the average of
    the new ratings its teams were given (docs/playing/ratings.md)."""
    model = PlackettLuce()
    now = dict(now or {})

    def start(name):
        old = now.get(name) or model.rating()
        return model.rating(mu=old.mu, sigma=old.sigma)

    teams = [[start(name) for name in team] for _, team in game]
    rated = model.rate(teams, ranks=[rank for rank, _ in game])
    computer = []
    for (_, names), news in zip(game, rated, strict=True):
        for name, new in zip(names, news, strict=True):
            if name == "computer":
                computer.append(new)
            else:
                now[name] = new
    if computer:
        now["computer"] = model.rating(
            mu=sum(r.mu for r in computer) / len(computer),
            sigma=sum(r.sigma for r in computer) / len(computer),
        )
    return now


def test_a_solo_race_against_three_computer_canoes_is_rated(
    ann, django_capture_on_commit_callbacks
):
    session = decided_race(
        [ann, "computer", "computer", "computer"],
        finishers=["canoe-3", "canoe-1", "canoe-4", "canoe-2"],
        mode="solo",
    )
    assert rated_verdict(session)[0]

    with django_capture_on_commit_callbacks(execute=True):
        ratings_after_finish(session)

    want = expected_with_computer(
        [(0, ["computer"]), (1, ["ann"]), (2, ["computer"]), (3, ["computer"])]
    )
    assert_rated("race", ann, want["ann"])
    computer = Rating.objects.get(kind="race", user=None)
    assert (computer.mu, computer.sigma) == (
        pytest.approx(want["computer"].mu),
        pytest.approx(want["computer"].sigma),
    )
    assert (computer.games, computer.wins) == (1, 1)  # one game, however many canoes
    places = RatedPlace.objects.filter(session=session).order_by("rank")
    assert [(p.user_id, p.rank) for p in places] == [
        (None, 0),
        (ann.pk, 1),
        (None, 2),
        (None, 3),
    ]


def test_the_computer_is_rated_once_per_game_against_a_player_it_beat_twice(ann):
    """Its three canoes: two ahead of ann and one behind. ann loses rating; the Computer
    gains, but by less than a lone canoe that beat her would (its canoe behind her counts)."""
    decided_race(
        [ann, "computer", "computer", "computer"],
        finishers=["canoe-2", "canoe-3", "canoe-1", "canoe-4"],
        mode="solo",
    )
    ratings_rebuild(kind="race")

    ann_rating = rating_of("race", ann)
    computer = Rating.objects.get(kind="race", user=None)
    lone = expected([[(0, ["computer"]), (1, ["ann"])]])["computer"]
    assert ann_rating.mu < 25 < computer.mu < lone.mu


def test_a_moosehead_trip_against_the_computer_is_rated(ann):
    session = services.session_create(
        kind="moosehead",
        mode="solo",
        options={"players": 3},
    )
    services.seat_take(seat=session.seats.get(role="canoe-1"), user=ann)
    session.refresh_from_db()
    state = copy.deepcopy(session.state)
    for player, points in zip(state["players"], (7, 9, 4), strict=True):
        player["points"] = points
    state.update(status="finished", winner="canoe-2")
    finish(session, state, "canoe-2")

    assert ratings_rebuild(kind="moosehead") == 1

    want = expected_with_computer([(1, ["ann"]), (0, ["computer"]), (2, ["computer"])])
    assert_rated("moosehead", ann, want["ann"])
    assert Rating.objects.get(kind="moosehead", user=None).games == 1


def test_a_game_with_only_the_computer_placed_is_not_rated_and_says_why(ann, bob):
    """An abstract chase whose only person is its game master: nobody signed in is placed."""
    session = services.session_create(
        kind="abstract",
        mode="multi",
        options={"length": "standard", "terrain": "open", "participants": RIDERS},
        computer_seats=["p1", "p2", "p3"],
    )
    services.seat_take(seat=session.seats.get(role="gm"), user=ann)
    session.refresh_from_db()
    session = finish(
        session, {**session.state, "status": "finished", "winner": "courier"}, "courier"
    )

    assert ratings_rebuild(kind="abstract") == 0
    assert rated_verdict(session) == (
        False,
        "Not rated: no signed-in player is placed in it (a game master is not rated).",
    )


def test_two_accounts_from_one_address_are_not_rated_against_each_other(ann, bob, cat):
    shared = decided_race([ann, bob], finishers=["canoe-1", "canoe-2"], addresses=["a1", "a1"])
    apart = decided_race([ann, cat], finishers=["canoe-1", "canoe-2"], addresses=["a1", "b2"])

    assert ratings_rebuild(kind="race") == 1

    assert rated_verdict(shared)[1].startswith("Not rated: two players sat down from the same")
    assert rated_verdict(apart)[0]
    assert not Rating.objects.filter(user=bob).exists()
    assert Rating.objects.get(kind="race", user=ann).games == 1


def test_one_account_at_one_address_against_the_computer_is_rated(ann):
    decided_race([ann, "computer"], finishers=["canoe-1", "canoe-2"], addresses=["a1", ""])

    assert ratings_rebuild(kind="race") == 1

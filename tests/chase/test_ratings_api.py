"""The ratings' API: a kind's leaderboard and a player's ratings, shaped as the issue says."""

from __future__ import annotations

import pytest
from django.test import Client

from chase.models import Rating
from chase.services.ratings import ratings_rebuild
from tests.chase.ratings_helpers import decided_race
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(db):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    decided_race([ann, bob], finishers=["canoe-1", "canoe-2"])
    decided_race([ann, "computer"], finishers=["canoe-2"], out=["canoe-1"])
    ratings_rebuild(kind="race")
    return ann, bob


def test_the_leaderboard_lists_every_rated_player_best_first(api, rated):
    response = api.get("/api/canoe-games/ratings/?kind=race")

    assert response.status_code == 200
    rows = response.json()
    assert [set(row) for row in rows] == [{"player", "rating", "mu", "sigma", "games", "wins"}] * 3
    assert {row["player"] for row in rows} == {"ann", "bob", "Computer"}
    assert [row["rating"] for row in rows] == sorted((row["rating"] for row in rows), reverse=True)
    ann = next(row for row in rows if row["player"] == "ann")
    stored = Rating.objects.get(user__username="ann", kind="race")
    assert ann["rating"] == pytest.approx(stored.mu - 3 * stored.sigma, abs=0.01)
    assert (ann["games"], ann["wins"]) == (2, 1)


def test_a_kind_with_no_rated_game_has_an_empty_leaderboard(api, db):
    response = api.get("/api/canoe-games/ratings/?kind=moosehead")

    assert response.status_code == 200
    assert response.json() == []


def test_an_unknown_kind_is_a_400_naming_the_field(api, db):
    response = api.get("/api/canoe-games/ratings/?kind=chess")

    assert response.status_code == 400
    assert "kind" in str(response.json())


def test_a_player_shows_each_rating_and_the_recent_games(api, rated):
    response = api.get("/api/players/ann/")

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"username", "display_name", "ratings", "recent"}
    assert (body["username"], body["display_name"]) == ("ann", "ann")
    assert list(body["ratings"]) == ["race"]
    assert set(body["ratings"]["race"]) == {"rating", "mu", "sigma", "games", "wins"}
    assert [(g["place"], g["won"]) for g in body["recent"]] == [(2, False), (1, True)]
    assert [p["player"] for p in body["recent"][0]["players"]] == ["Computer", "ann"]


def test_an_unknown_player_is_a_404(api, db):
    assert api.get("/api/players/nobody/").status_code == 404


def test_the_schema_describes_both_endpoints(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    assert "/api/canoe-games/ratings/" in schema["paths"]
    assert "/api/players/{username}/" in schema["paths"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/players/a%00b/",
        "/api/canoe-games/ratings/?kind=a%00b",
        "/players/a%00b/",
        "/play/ratings/a%00b/",
    ],
)
def test_a_nul_in_a_name_is_a_400_or_404_not_a_crash(path, db):
    response = Client(raise_request_exception=False).get(path)

    assert response.status_code in (400, 404)


def test_an_account_without_a_rated_game_is_the_same_404_as_a_name_nobody_has(api, rated):
    UserFactory(username="carol")  # signed up, never played a rated game

    unrated = api.get("/api/players/carol/")
    nobody = api.get("/api/players/nobody/")

    assert unrated.status_code == nobody.status_code == 404
    assert unrated.json() == nobody.json()


def test_a_signed_in_player_finds_themself_before_their_first_rated_game(api, db):
    carol = UserFactory(username="carol")
    api.force_authenticate(carol)

    body = api.get("/api/players/carol/").json()

    assert (body["username"], body["ratings"], body["recent"]) == ("carol", {}, [])


def test_a_solo_race_lists_each_computer_canoe_and_counts_one_game(api, db):
    ann = UserFactory(username="ann")
    decided_race(
        [ann, "computer", "computer", "computer"],
        finishers=["canoe-2", "canoe-1", "canoe-3", "canoe-4"],
        mode="solo",
    )
    ratings_rebuild(kind="race")

    body = api.get("/api/players/ann/").json()
    board = api.get("/api/canoe-games/ratings/?kind=race").json()

    assert [(p["player"], p["place"]) for p in body["recent"][0]["players"]] == [
        ("Computer", 1),
        ("ann", 2),
        ("Computer", 3),
        ("Computer", 4),
    ]
    assert {row["player"]: row["games"] for row in board} == {"ann": 1, "Computer": 1}


def test_player_lookups_are_throttled_per_address(api, rated, settings):
    rest = settings.REST_FRAMEWORK
    settings.REST_FRAMEWORK = {
        **rest,
        "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], "players": "5/min"},
    }

    answers = [api.get(f"/api/players/guess{n}/").status_code for n in range(5)]
    blocked = api.get("/api/players/ann/")

    assert answers == [404] * 5
    assert blocked.status_code == 429 and int(blocked["Retry-After"]) > 0

"""The pace in the sessions API: `pace` at creation, each seat's `deadline` in the view, and
the hand-over and abandon endpoints once a seat missed its deadline."""

from __future__ import annotations

import pytest

from chase.models import ActionLog, GameSession

pytestmark = pytest.mark.django_db


def _daily_game(api, clock) -> tuple[int, str, str]:
    """A daily pelts game: the creator holds the trappers, a guest joined as the Indians."""
    created = api.post(
        "/api/sessions/", {"kind": "pelts", "mode": "multi", "pace": "daily"}, format="json"
    ).json()
    trappers = created["seats"][0]["token"]
    invite = created["seats"][1]["join_url"].rstrip("/").rsplit("/", 1)[-1]
    joined = api.post(f"/api/sessions/{created['id']}/join/", {"invite": invite}, format="json")
    return created["id"], trappers, joined.json()["token"]


def test_a_daily_game_gives_each_seat_its_deadline_in_the_view(api, clock):
    game, trappers, _ = _daily_game(api, clock)

    body = api.get(f"/api/sessions/{game}/view/?seat={trappers}").json()

    assert body["pace"] == "daily" and body["abandoned"] is False
    deadlines = {s["role"]: s["deadline"] for s in body["seats"]}
    assert deadlines == {"trapper": "2026-11-03T09:00:00+00:00", "indian": None}


def test_creation_says_the_pace_and_a_live_game_has_no_deadlines(api, clock):
    created = api.post("/api/sessions/", {"kind": "race", "mode": "multi"}, format="json").json()

    assert created["pace"] == "live"
    assert [s["deadline"] for s in created["seats"]] == [None] * 4


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "pelts", "mode": "multi", "pace": "hourly"}, "pace"),
        ({"kind": "pelts", "mode": "hotseat", "pace": "daily"}, "pace"),
        ({"kind": "pelts", "mode": "solo", "options": {"pace": "weekly"}}, "pace"),
    ],
)
def test_a_bad_pace_is_a_400_naming_it(api, body, field):
    response = api.post("/api/sessions/", body, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    assert not GameSession.objects.exists()


def test_the_indians_hand_the_late_trappers_to_the_computer(api, clock):
    game, _, indians = _daily_game(api, clock)
    early = api.post(
        f"/api/sessions/{game}/hand-over/", {"seat": indians, "role": "trapper"}, format="json"
    )
    assert early.status_code == 400
    clock.advance(hours=24, seconds=1)

    response = api.post(
        f"/api/sessions/{game}/hand-over/", {"seat": indians, "role": "trapper"}, format="json"
    )

    assert response.status_code == 200
    seats = {s["role"]: s["kind"] for s in response.json()["seats"]}
    assert seats == {"trapper": "computer", "indian": "human"}
    texts = [e["text"] for row in response.json()["log"] for e in row["events"]]
    assert "The trappers missed the deadline: the Indians handed the seat to the computer." in texts


def test_a_late_seat_cannot_hand_itself_over_and_a_stranger_is_refused(api, clock):
    game, trappers, _ = _daily_game(api, clock)
    clock.advance(days=2)

    own = api.post(
        f"/api/sessions/{game}/hand-over/", {"seat": trappers, "role": "trapper"}, format="json"
    )
    stranger = api.post(f"/api/sessions/{game}/abandon/", {"seat": "x" * 22}, format="json")

    assert (own.status_code, stranger.status_code) == (403, 403)
    assert not ActionLog.objects.exclude(kind="move").exists()


def test_the_indians_end_the_game_as_abandoned(api, clock):
    game, _, indians = _daily_game(api, clock)
    clock.advance(days=1, minutes=1)

    response = api.post(f"/api/sessions/{game}/abandon/", {"seat": indians}, format="json")

    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["winner"], body["abandoned"]) == ("finished", None, True)
    assert body["log"][-1]["events"][0]["kind"] == "abandon"


def test_the_schema_lists_the_pace_and_its_endpoints(api):
    content = api.get("/api/schema/").content

    for text in (b"/hand-over/", b"/abandon/", b"deadline", b"weekly", b"sessions_hand_over"):
        assert text in content

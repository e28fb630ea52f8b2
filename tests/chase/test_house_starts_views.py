"""The trappers' head start (Pelts, P1) and the outside starters' extra inches (the race, R1/R3)
in the lobby, on the table and on the lab page: declared options, so they appear under the
game's options wherever the others do."""

from __future__ import annotations

import html as entities

import pytest

from chase.models import GameSession
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _start(client, **form) -> GameSession:
    data = {"kind": "pelts", "mode": "solo", **form}
    response = client.post("/play/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return GameSession.objects.latest("pk")


def test_the_lobby_offers_the_trappers_head_start_at_the_seeds_9_inches(client):
    page = entities.unescape(client.get("/play/").content.decode())
    assert 'name="pelts-head_start" value="9"' in page
    assert "Trappers' head start" in page
    assert "Inches up the river the trappers start, ahead of the Indian canoes" in page


def test_the_lobby_offers_the_outside_starters_extra_inches_at_none(client):
    page = entities.unescape(client.get("/play/?kind=race", **HTMX).content.decode())
    assert 'name="race-outside_extra" value="0"' in page
    assert "Outside starters' extra inches" in page
    assert "a negative number puts the inside starters behind." in page


def test_a_chase_started_with_no_head_start_puts_the_trappers_beside_the_indians(client):
    session = _start(client, **{"pelts-play_as": "trapper", "pelts-head_start": 0})
    assert session.options["head_start"] == 0
    assert [b["position"] for b in session.state["canoes"]["trapper"]] == [0]


def test_a_race_started_with_extra_inches_shows_the_outside_starters_behind_the_line(client):
    session = _start(
        client,
        kind="race",
        **{"race-canoes": 2, "race-outside_extra": 6, "race-play_as": "canoe-1"},
    )
    assert [c["at"] for c in session.state["canoes"]] == [0, -6]
    table = entities.unescape(client.get(f"/play/{session.pk}/").content.decode())
    assert '6" behind the start line, outside' in table


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"pelts-head_start": 30}, "'head_start' must be a whole number from 0 to 24, not 30."),
        (
            {"kind": "race", "race-outside_extra": -20},
            "'outside_extra' must be a whole number from -12 to 12, not -20.",
        ),
    ],
    ids=["P1-a-head-start-past-a-tile", "R3-more-than-a-short-leg-behind"],
)
def test_a_start_out_of_range_is_told_in_words_and_starts_nothing(client, form, words):
    response = client.post("/play/new/", {"kind": "pelts", "mode": "solo", **form})
    assert response.status_code == 400
    assert words in entities.unescape(response.content.decode())
    assert not GameSession.objects.exists()


@pytest.mark.parametrize(
    ("kind", "option"),
    [("pelts", "Trappers' head start"), ("race", "Outside starters' extra inches")],
)
def test_the_lab_page_offers_the_starts_to_vary_and_to_search(client, kind, option):
    client.force_login(UserFactory(username="member"))
    page = entities.unescape(client.get(f"/play/lab/?kind={kind}").content.decode())
    name = "head_start" if kind == "pelts" else "outside_extra"
    assert f'<option value="{name}">{option}</option>' in page  # the search's options
    assert page.count(option) >= 2  # and a field of the rules to compare

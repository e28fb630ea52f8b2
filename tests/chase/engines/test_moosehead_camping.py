"""Camping (M4): not only on the exact throw, the turn ends there, a Camp card and a missed
throw; not the same site again until all the others are done (unless a Destination orders it);
the camp hero card in the rain (M2)."""

from __future__ import annotations

import pytest

from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.state import camp_goals
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    ISLANDS,
    act,
    move_to,
    named,
    player,
    put,
    setting,
    texts,
    throw,
    trip,
)

SUGAR = named("Sugar Island")
DEER = named("Deer Island")
NEAR_SUGAR = {"at": DEER, "trail": [ISLANDS[0]]}  # two spaces short of Sugar Island


def camp_moves(state):
    return [a for a in ENGINE.legal_actions(state, "canoe-1") if a["type"] == "move" and a["camp"]]


def test_a_canoe_may_stop_short_to_camp_and_its_turn_ends_there():
    state = setting(put(trip(), **NEAR_SUGAR), camp=["camp-breeze"])

    thrown = throw(state, 5).state
    camping = [a for a in camp_moves(thrown) if a["to"] == SUGAR]
    outcome = act(thrown, camping[0])

    assert camping[0]["path"] == [ISLANDS[2], SUGAR]
    assert camping[0]["label"] == "Camp at Sugar Island (2 spaces)"
    assert player(outcome.state)["at"] == SUGAR
    assert player(outcome.state)["points"] == 15 + 15  # the site and a breeze
    assert player(outcome.state)["camps"] == [SUGAR]
    assert "Ann camps at Sugar Island (night 1): +15." in texts(outcome)
    assert "A breeze keeps the midges away." in texts(outcome)
    assert outcome.state["piles"]["camp"][-1] == "camp-breeze"


def test_landing_exactly_on_a_campsite_the_canoe_may_camp_or_not():
    state = put(trip(), **NEAR_SUGAR)

    thrown = throw(state, 2).state
    at_sugar = [a for a in ENGINE.legal_actions(thrown, "canoe-1") if a["to"] == SUGAR]
    not_camping = move_to(thrown, SUGAR, camp=False)

    assert sorted(a["camp"] for a in at_sugar) == [False, True]
    assert player(not_camping.state)["points"] == 0
    assert player(not_camping.state)["camps"] == []
    assert not [e for e in not_camping.events if e["kind"] == "card"]


def test_a_camper_misses_its_next_throw():
    state = put(trip(), **NEAR_SUGAR)

    after = move_to(throw(state, 2).state, SUGAR, camp=True).state
    bo = throw(after, 2).state
    outcome = act(bo, bo["pending"]["moves"][0])

    assert outcome.state["current"] == 1
    assert "Ann misses a throw (camping at Sugar Island)." in texts(outcome)
    assert ENGINE.seat_view(outcome.state, None)["players"][0]["missing_throws"] == 0


def test_campsites_can_be_camped_at_again_only_after_all_the_others():
    others = [s for s in BOARD.campsites if s != SUGAR]

    just_there = throw(put(trip(), **NEAR_SUGAR, camps=[SUGAR]), 2).state
    some_since = throw(put(trip(), **NEAR_SUGAR, camps=[SUGAR, *others[:-1]]), 2).state
    all_since = throw(put(trip(), **NEAR_SUGAR, camps=[SUGAR, *others]), 2).state

    assert not [a for a in camp_moves(just_there) if a["to"] == SUGAR]
    assert not [a for a in camp_moves(some_since) if a["to"] == SUGAR]
    assert [a for a in camp_moves(all_since) if a["to"] == SUGAR]


def test_a_destination_card_orders_a_canoe_back_to_a_site_it_camped_at():
    state = put(trip(), **NEAR_SUGAR, camps=[SUGAR], destination="dest-sugar")
    state["piles"]["camp"].remove("dest-sugar")

    thrown = throw(state, 2).state
    outcome = move_to(thrown, SUGAR, camp=True)

    assert player(outcome.state)["camps"] == [SUGAR, SUGAR]
    assert player(outcome.state)["destination"] is None
    assert "Ann has done it: camp on Sugar Island." in texts(outcome)


@pytest.mark.parametrize(
    "site", ["Indian Pond east", "Indian Pond west"], ids=["M2-pond-east", "M2-pond-west"]
)
def test_either_indian_pond_campsite_meets_the_indian_pond_card(site):
    assert "indian_pond" in camp_goals(BOARD, named(site))


# --- the camp hero (M2) --------------------------------------------------------------------------


def test_the_camp_hero_drawn_in_the_rain_scores_at_once():
    state = setting(put(trip(), **NEAR_SUGAR), weather="heavy_rain", camp=["camp-hero"])

    outcome = move_to(throw(state, 2).state, SUGAR, camp=True)

    assert player(outcome.state)["points"] == 15 + 40
    assert player(outcome.state)["hero"] is False
    assert outcome.state["piles"]["camp"][-1] == "camp-hero"


def test_the_camp_hero_drawn_in_fair_weather_is_kept_for_a_night_of_rain():
    state = setting(put(trip(), **NEAR_SUGAR), camp=["camp-hero"])

    outcome = move_to(throw(state, 2).state, SUGAR, camp=True)

    assert player(outcome.state)["points"] == 15
    assert player(outcome.state)["hero"] is True
    assert "camp-hero" not in outcome.state["piles"]["camp"]
    assert "Ann keeps it for a night of rain." in texts(outcome)


def test_a_kept_camp_hero_is_played_when_camping_in_the_rain():
    state = put(trip(), **NEAR_SUGAR, hero=True)
    state["piles"]["camp"].remove("camp-hero")
    state = setting(state, weather="heavy_rain", camp=["camp-sunset"])

    outcome = move_to(throw(state, 2).state, SUGAR, camp=True)

    assert player(outcome.state)["points"] == 15 + 5 + 40
    assert player(outcome.state)["hero"] is False
    assert outcome.state["piles"]["camp"][-1] == "camp-hero"
    assert "Ann plays the camp hero card: a fire in the rain, +40." in texts(outcome)

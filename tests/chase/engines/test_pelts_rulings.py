"""Pelts, Paddling and Powder: the rulings the outside audit changed (P6, P8, P9, P13).

Each test names its ruling and the seed situation it plays out.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.pelts import ENGINE, cards, random_action, seats_to_act


def indians_to_play(state):
    state.update(active="indian", phase=3)
    return state


def legal(state, role):
    return [{k: v for k, v in a.items() if k != "label"} for a in ENGINE.legal_actions(state, role)]


def kinds(state, role):
    return {a["type"] for a in ENGINE.legal_actions(state, role)}


def trappers(state):
    return state["canoes"]["trapper"][0]


# -- P6: the reaction and counter-card steps do not give the hidden hand away ------------------


def test_p6_a_shot_at_a_canoe_whose_side_holds_no_ace_still_waits_for_that_side_to_pass(pelts):
    state = pelts.hands(pelts.new(), trapper=["QS"], indian=["2H", "7C"])
    state = pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0).state
    assert state["pending"]["kind"] == "reaction"
    assert seats_to_act(state) == ["indian"]
    assert ENGINE.legal_actions(state, "indian") == [{"type": "allow", "label": "Pass"}]
    state = pelts.act(state, "indian", "allow").state
    assert state["pending"]["kind"] == "test"  # P8: then the shot's test, as with an ace held


def test_p6_a_melee_wound_against_a_side_without_an_ace_is_a_reaction_step_too(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["8H"], trapper=["2H"]))
    state = pelts.act(state, "indian", "move", card="8H", canoe=0).state
    state = pelts.choose(state, "indian", "melee", target=0).state
    state = pelts.signs(state, "rock", "paper").state  # the Indians win: a trapper is wounded
    assert (state["pending"]["kind"], state["pending"]["seat"]) == ("reaction", "trapper")
    state = pelts.act(state, "trapper", "allow").state
    assert trappers(state)["rowers"] == ["wounded", "ok"]


def test_p12_a_holed_canoe_moving_always_gives_its_opponent_the_counter_card_step(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"], indian=["5H", "QC"])  # nothing usable
    pelts.put(state, "trapper", holed=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert state["pending"]["kind"] == "counter"
    assert ENGINE.legal_actions(state, "indian") == [{"type": "no_counter", "label": "Pass"}]
    state = pelts.act(state, "indian", "no_counter").state
    assert (trappers(state)["position"], state["pending"]) == (16, None)


def test_p6_a_counter_card_played_against_a_side_without_an_ace_waits_for_its_pass(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"], indian=["5C"])
    pelts.put(state, "trapper", holed=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    state = pelts.act(state, "indian", "counter", card="5C").state
    assert legal(state, "trapper") == [{"type": "allow"}]
    state = pelts.act(state, "trapper", "allow").state
    assert trappers(state)["position"] == 11


def _usable(seat, hidden):
    """Cards in the hidden seat's hand that would change what it may answer: an ace of its
    colour (P6 reaction) or a number card of the acting seat's colour (P12 counter-card)."""

    def usable(card):
        colour = cards.COLOUR[card]
        if cards.is_ace(card) and colour == cards.SIDE_COLOURS[hidden]:
            return True
        return cards.is_number(card) and colour == cards.SIDE_COLOURS[seat]

    return usable


def _variants(state, seat, hidden):
    """Two copies of `state`: the hidden hand with one usable card, and with none. Cards are
    swapped only with the discards under the top one, which no seat can see (nor draw before
    a reshuffle)."""
    usable = _usable(seat, hidden)
    copies = []
    for wanted in (True, False):
        new = {**state, "hands": {s: list(h) for s, h in state["hands"].items()}}
        new["discard"] = list(state["discard"])
        hand, hidden_discards = new["hands"][hidden], new["discard"][:-1]
        pool_bad = [c for c in hidden_discards if not usable(c)]
        pool_good = [c for c in hidden_discards if usable(c)]
        for i, card in enumerate(hand):
            if usable(card):
                if not pool_bad:
                    return None
                swap = pool_bad.pop()
                new["discard"][new["discard"].index(swap)] = card
                hand[i] = swap
        if wanted:
            if not hand or not pool_good:
                return None
            swap = pool_good.pop()
            new["discard"][new["discard"].index(swap)] = hand[0]
            hand[0] = swap
        copies.append(new)
    return copies


PASSES = {"reaction": "allow", "counter": "no_counter"}
ACTS_AGAINST = ("fire", "event", "move", "choose", "sign", "reload", "discard", "free")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 150), holed=st.booleans())
def test_p6_the_other_seat_sees_the_same_whether_or_not_the_hidden_hand_holds_an_ace_or_a_counter(
    seed, steps, holed
):
    """P6/P12 property: for any state, whatever the acting seat does (then the hidden seat
    passing if it is asked), the acting seat's view is the same whether or not the hidden
    hand holds an ace of its colour or a counter-card."""
    chance = RandomChance(seed)
    state = ENGINE.new_game({}, chance).state
    if holed:  # P12 needs holed canoes to come up often
        for boat in state["canoes"]["trapper"] + state["canoes"]["indian"]:
            boat["holed"] = True
    for _ in range(steps):
        if state["status"] != "playing":
            break
        seat = seats_to_act(state)[0]
        hidden = "indian" if seat == "trapper" else "trapper"
        actions = [a for a in ENGINE.legal_actions(state, seat) if a["type"] in ACTS_AGAINST]
        pair = _variants(state, seat, hidden) if actions else None
        if pair is not None:
            action = actions[chance.randint(0, len(actions) - 1)]
            roll = chance.randint(0, 2**31)
            views = []
            for variant in pair:
                after = ENGINE.apply(variant, seat, action, RandomChance(roll)).state
                views.append(ENGINE.seat_view(after, seat))
                pending = after["pending"]
                if pending and pending["kind"] in PASSES and pending["seat"] == hidden:
                    passing = {"type": PASSES[pending["kind"]]}
                    after = ENGINE.apply(after, hidden, passing, RandomChance(roll + 1)).state
                views.append(ENGINE.seat_view(after, seat))
            assert views[:2] == views[2:]
        state = ENGINE.apply(state, seat, random_action(state, seat, chance), chance).state


# -- P6: Slowing down (the Queen event) --------------------------------------------------------


def test_p6_slowing_down_leaves_a_side_whose_only_canoe_it_is_nothing_but_to_end(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "KS", "JK1"])
    pelts.put(state, "trapper", skip_phase=True)
    assert legal(state, "trapper") == [{"type": "end"}]
    state = pelts.act(state, "trapper", "end", RandomChance(1)).state
    assert len(state["hands"]["trapper"]) == 4  # it draws as usual
    assert trappers(state)["skip_phase"] is False  # the lost phase is over


def test_p6_a_slowed_canoe_plays_no_card_but_its_sister_canoe_and_the_side_still_may(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["7H", "JH", "KH", "JK1"]))
    pelts.put(state, "indian", 0, skip_phase=True, loaded=False)
    pelts.put(state, "indian", 1, loaded=False)
    actions = legal(state, "indian")
    assert {a.get("canoe") for a in actions if a["type"] in ("move", "reload")} == {1}
    assert {"event", "joker", "discard"} <= {a["type"] for a in actions}


def test_p6_the_second_joker_does_not_clear_a_slowed_canoe(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["JK2", "2H"]))
    state["jokers"] = ["JK1"]
    pelts.put(state, "indian", 0, skip_phase=True)
    state = pelts.act(state, "indian", "joker", RandomChance(5), card="JK2").state
    assert (state["turn"], state["active"]) == (2, "trapper")
    assert state["canoes"]["indian"][0]["skip_phase"] is True
    state = pelts.act(state, "trapper", "end", RandomChance(3)).state
    pelts.hands(state, indian=["7H", "8H", "9H", "2H", "3H"])
    assert {a["canoe"] for a in legal(state, "indian") if a["type"] == "move"} == {1}


# -- P6/P13: two different jokers end the turn ---------------------------------------------------


def king_cuts(pelts, cut, seen):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["KH"], trapper=[]))
    state["jokers"] = list(seen)
    pelts.on_top(state, cut)
    top = len(state["draw"]) - 1
    chance = ScriptedChance([top, top, list(range(54))])
    return pelts.act(state, "indian", "event", chance, card="KH", target=0)


def test_p13_the_same_joker_cut_twice_in_a_turn_counts_once(pelts):
    outcome = king_cuts(pelts, "JK1", seen=["JK1"])
    state = outcome.state
    assert (state["turn"], state["active"], state["jokers"]) == (1, "indian", ["JK1"])
    assert "second Joker" not in pelts.texts(outcome)


def test_p13_a_king_cutting_the_other_joker_ends_the_turn(pelts):
    state = king_cuts(pelts, "JK2", seen=["JK1"]).state
    assert (state["turn"], state["active"], state["jokers"]) == (2, "trapper", [])


def test_p6_a_joker_played_after_it_was_cut_is_still_the_first_joker(pelts):
    state = pelts.hands(pelts.new(), trapper=["JK1", "7S"])
    state["jokers"] = ["JK1"]  # cut by a King earlier and put back into the pile (P13)
    state = pelts.act(state, "trapper", "joker", card="JK1").state
    assert (state["turn"], state["jokers"]) == (1, ["JK1"])


# -- P9: no stopping before the bend -------------------------------------------------------------


def bend_ahead(pelts, position, card):
    state = pelts.hands(pelts.new(), trapper=[card, "7S"], indian=["2H"])
    pelts.put(state, "trapper", position=position)
    return pelts.act(state, "trapper", "move", card=card, canoe=0).state


@pytest.mark.parametrize(
    ("position", "card"),
    [
        pytest.param(32, "10S", id="P9-long-move-past-the-apex"),
        pytest.param(30, "8S", id="P9-short-move-2-inches-past-the-apex"),
        pytest.param(35, "2S", id="P9-one-inch-past-the-apex"),
    ],
)
def test_p9_at_a_bend_the_mover_goes_wide_or_cuts_and_never_stops(pelts, position, card):
    state = bend_ahead(pelts, position, card)
    assert [a["option"] for a in ENGINE.legal_actions(state, "trapper")] == ["wide", "cut"]


def test_p9_a_move_too_short_to_get_round_wide_ends_partway_round_on_the_wide_line(pelts):
    state = pelts.choose(bend_ahead(pelts, 30, "8S"), "trapper", "wide").state
    boat = trappers(state)
    assert (boat["position"], boat["wide_left"], state["pending"]) == (36, 2, None)
    state = pelts.act(state, "trapper", "end", RandomChance(1)).state
    state = pelts.act(state, "indian", "end", RandomChance(1)).state  # phase 5: 2" of drift
    assert (trappers(state)["position"], trappers(state)["wide_left"]) == (36, 0)  # round
    pelts.hands(state, trapper=["7S"])
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert (trappers(state)["position"], state["pending"]) == (43, None)  # no second bend choice


def test_p9_the_rest_of_the_wide_line_is_paddled_before_the_canoe_goes_on(pelts):
    state = pelts.choose(bend_ahead(pelts, 34, "3S"), "trapper", "wide").state
    assert (trappers(state)["position"], trappers(state)["wide_left"]) == (36, 3)
    state["used"]["moved"] = []
    pelts.hands(state, trapper=["2S"])
    state = pelts.act(state, "trapper", "move", card="2S", canoe=0).state
    assert (trappers(state)["position"], trappers(state)["wide_left"]) == (36, 1)
    state["used"]["moved"] = []
    pelts.hands(state, trapper=["5S"])
    state = pelts.act(state, "trapper", "move", card="5S", canoe=0).state
    assert (trappers(state)["position"], trappers(state)["wide_left"]) == (40, None)


# -- P9: getting free with a card the canoe could move with -------------------------------------


@pytest.mark.parametrize(
    ("rowers", "hand", "freeing"),
    [
        pytest.param(["ok", "ok"], ["8S", "7S", "AS"], {"8S", "7S", "AS"}, id="P9-sound-any-card"),
        pytest.param(["wounded", "ok"], ["8S", "7S", "AS"], {"7S"}, id="P5-P9-wounded-odd-only"),
        pytest.param(["lost", "ok"], ["8S", "10C", "AS"], set(), id="P5-P9-no-odd-card-stays"),
    ],
)
def test_p9_a_stuck_canoe_gets_free_only_with_a_card_it_could_legally_move_with(
    pelts, rowers, hand, freeing
):
    state = pelts.hands(pelts.new(), trapper=hand)
    pelts.put(state, "trapper", position=36, stuck="aground", rowers=rowers)
    assert {a["card"] for a in legal(state, "trapper") if a["type"] == "free"} == freeing


# -- P8/P9: drift ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stuck", "drifts"),
    [
        pytest.param({"stuck": "aground"}, False, id="P9-aground-on-the-bend-sandbank-stays"),
        pytest.param({"stuck": "aground", "position": 9}, False, id="P9-hidden-sandbank-stays"),
        pytest.param({"stuck": "obstacle", "stuck_on": 0}, True, id="P9-stuck-obstacle-drifts"),
        pytest.param({}, True, id="P4-afloat-drifts"),
    ],
)
def test_p9_in_phase_five_aground_canoes_stay_and_those_on_an_obstacle_drift_with_it(
    pelts, stuck, drifts
):
    state = indians_to_play(pelts.new(obstacles=1))
    start = stuck.get("position", 36)
    state["obstacles"][0]["position"] = start
    if start == 9:
        state["hidden_sandbanks"] = [{"id": 0, "start": 8, "end": 10}]
    pelts.put(state, "trapper", **{"position": start, **stuck})
    state = pelts.act(state, "indian", "end", RandomChance(1)).state
    assert trappers(state)["position"] == (start + 2 if drifts else start)
    assert state["obstacles"][0]["position"] == start + 2

"""Pelts, Paddling and Powder: playing cards to paddle (P3, P4, P5), bends and sandbanks (P9),
floating obstacles and rocks (P10), melee (P11) and holed canoes (P12)."""

from __future__ import annotations

import pytest

from chase.engines.chance import ScriptedChance
from chase.engines.pelts import ENGINE


def indians_to_play(state):
    state.update(active="indian", phase=3)
    return state


def moves(state, role):
    return {
        (a["card"], a["canoe"]) for a in ENGINE.legal_actions(state, role) if a["type"] == "move"
    }


def trapper_at(state):
    return state["canoes"]["trapper"][0]["position"]


# -- P3: colours and values --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "card", "allowed"),
    [
        pytest.param("trapper", "7S", True, id="P3-trapper-black-number"),
        pytest.param("trapper", "2C", True, id="P3-trapper-clubs"),
        pytest.param("trapper", "AS", True, id="P3-trapper-black-ace"),
        pytest.param("trapper", "7H", False, id="P3-trapper-red-number-refused"),
        pytest.param("trapper", "AD", False, id="P3-trapper-red-ace-refused"),
        pytest.param("trapper", "QS", False, id="P3-picture-card-is-no-move"),
        pytest.param("trapper", "JK1", False, id="P3-joker-is-no-move"),
        pytest.param("indian", "7H", True, id="P3-indian-red-number"),
        pytest.param("indian", "AD", True, id="P3-indian-red-ace"),
        pytest.param("indian", "7S", False, id="P3-indian-black-number-refused"),
        pytest.param("indian", "KH", False, id="P3-indian-picture-card-is-no-move"),
    ],
)
def test_each_side_moves_only_on_number_cards_and_aces_of_its_colour(pelts, side, card, allowed):
    state = pelts.hands(pelts.new(), **{side: [card]})
    if side == "indian":
        indians_to_play(state)
    assert ((card, 0) in moves(state, side)) is allowed


@pytest.mark.parametrize(
    ("card", "position"),
    [
        pytest.param("7S", 16, id="P3-a-seven-moves-7"),
        pytest.param("2C", 11, id="P3-a-two-moves-2"),
        pytest.param("10S", 19, id="P3-a-ten-moves-10"),
        pytest.param("AC", 19, id="P3-an-ace-moves-10"),
    ],
)
def test_a_movement_card_moves_the_canoe_its_value_in_inches(pelts, card, position):
    state = pelts.hands(pelts.new(), trapper=[card])
    state = pelts.act(state, "trapper", "move", card=card, canoe=0).state
    assert trapper_at(state) == position
    assert state["discard"][-1] == card


# -- P4: one card of each kind per phase, then draw ---------------------------------------------


def test_a_canoe_takes_one_movement_card_a_phase(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "8S"])
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert moves(state, "trapper") == set()


def test_the_indians_may_move_each_of_their_canoes_once(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["7H", "8H", "9H"]))
    state = pelts.act(state, "indian", "move", card="7H", canoe=0).state
    assert moves(state, "indian") == {("8H", 1), ("9H", 1)}
    state = pelts.act(state, "indian", "move", card="8H", canoe=1).state
    assert moves(state, "indian") == set()
    assert [b["position"] for b in state["canoes"]["indian"]] == [7, 8]


def test_only_one_action_card_is_played_a_phase(pelts):
    state = pelts.hands(pelts.new(), trapper=["JS", "QS", "KS"], indian=["2H"])
    state["canoes"]["trapper"][0]["loaded"] = False
    state = pelts.act(state, "trapper", "reload", card="JS", canoe=0).state
    kinds = {a["type"] for a in ENGINE.legal_actions(state, "trapper")}
    assert kinds == {"discard", "end"}


def test_only_one_card_is_discarded_a_phase(pelts):
    state = pelts.hands(pelts.new(), trapper=["2H", "3H"])
    state = pelts.act(state, "trapper", "discard", card="2H").state
    assert state["discard"][-1] == "2H"
    assert "discard" not in {a["type"] for a in ENGINE.legal_actions(state, "trapper")}


def test_ending_the_phase_draws_back_up_to_the_hand_size(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    state = pelts.act(state, "trapper", "end").state
    assert len(state["hands"]["trapper"]) == 4
    assert (state["phase"], state["active"]) == (3, "indian")


def test_phase_five_sweeps_canoes_and_obstacles_two_inches_downstream(pelts):
    state = indians_to_play(pelts.new(obstacles=1, rocks=1))
    obstacle, rock = state["obstacles"][0]["position"], state["rocks"][0]["position"]
    state = pelts.act(state, "indian", "end").state
    assert trapper_at(state) == 11
    assert [b["position"] for b in state["canoes"]["indian"]] == [2, 2]
    assert state["obstacles"][0]["position"] == obstacle + 2  # P10: obstacles drift
    assert state["rocks"][0]["position"] == rock  # P10: rocks stay
    assert (state["turn"], state["phase"], state["active"]) == (2, 1, "trapper")


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discards(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "8S", "9S"])
    state["discard"] = state["draw"] + state["discard"]
    state["draw"] = []
    state["canoes"]["trapper"][0].update(wet_powder=True, exhausted=True)
    n = len(state["discard"])
    outcome = pelts.act(state, "trapper", "end", ScriptedChance([list(range(n))]))  # P2
    state = outcome.state
    assert len(state["hands"]["trapper"]) == 4
    assert (len(state["draw"]), state["discard"]) == (n - 1, [])
    boat = state["canoes"]["trapper"][0]
    assert not boat["wet_powder"] and not boat["exhausted"]  # P2: "until reshuffled" ends
    assert "shuffled" in pelts.texts(outcome)


# -- P5: odd cards only ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hurt", "card", "allowed"),
    [
        pytest.param({"rowers": ["wounded", "ok"]}, "7S", True, id="P5-wounded-odd-card"),
        pytest.param({"rowers": ["wounded", "ok"]}, "8S", False, id="P5-wounded-even-card-refused"),
        pytest.param({"rowers": ["wounded", "ok"]}, "AS", False, id="P5-wounded-ace-is-even"),
        pytest.param({"rowers": ["ok", "lost"]}, "3C", True, id="P5-rower-lost-odd-card"),
        pytest.param({"rowers": ["ok", "lost"]}, "10C", False, id="P5-rower-lost-even-refused"),
        pytest.param({"paddle_lost": True}, "9S", True, id="P13-lost-paddle-odd-card"),
        pytest.param({"paddle_lost": True}, "2S", False, id="P13-lost-paddle-even-refused"),
        pytest.param({}, "8S", True, id="P5-fit-crew-even-card"),
    ],
)
def test_a_wounded_canoe_moves_only_on_odd_cards(pelts, hurt, card, allowed):
    state = pelts.hands(pelts.new(), trapper=[card])
    pelts.put(state, "trapper", **hurt)
    assert ((card, 0) in moves(state, "trapper")) is allowed


# -- P9: bends and sandbanks ------------------------------------------------------------------


def bend_ahead(pelts, position=32, card="10S", indian=("2H",)):
    state = pelts.hands(pelts.new(), trapper=[card], indian=list(indian))
    pelts.put(state, "trapper", position=position)
    return pelts.act(state, "trapper", "move", card=card, canoe=0).state


def test_crossing_a_bend_asks_to_go_wide_or_cut_the_corner(pelts):
    state = bend_ahead(pelts)
    options = [a["option"] for a in ENGINE.legal_actions(state, "trapper")]
    assert options == ["wide", "cut"]  # P9: no third choice
    assert ENGINE.seat_view(state, "indian")["pending"]["kind"] == "choice"


def test_going_wide_costs_four_inches_more_and_needs_no_test(pelts):
    state = pelts.choose(bend_ahead(pelts), "trapper", "wide").state
    assert trapper_at(state) == 38  # 32 + 10 - 4
    assert state["pending"] is None


def test_going_wide_with_just_the_four_inches_left_ends_round_the_bend_at_its_apex(pelts):
    state = bend_ahead(pelts, position=30)  # 10" reach 36 with 4" left: only the 4" extra
    state = pelts.choose(state, "trapper", "wide").state
    boat = state["canoes"]["trapper"][0]
    assert (boat["position"], boat["wide_left"]) == (36, 0)  # P9: round, the bend behind it


def test_a_move_ending_on_the_apex_has_not_crossed_the_bend(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    pelts.put(state, "trapper", position=29)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert (trapper_at(state), state["pending"]) == (36, None)


@pytest.mark.parametrize(
    ("trapper", "indian", "position", "stuck"),
    [
        pytest.param("rock", "scissors", 42, None, id="P8-cut-win-passes"),
        pytest.param("rock", "rock", 42, None, id="P8-cut-draw-passes"),
        pytest.param("rock", "paper", 36, "aground", id="P8-cut-loss-runs-aground"),
    ],
)
def test_cutting_the_corner_is_a_test_that_may_run_the_canoe_aground(
    pelts, trapper, indian, position, stuck
):
    state = pelts.choose(bend_ahead(pelts), "trapper", "cut").state
    assert state["pending"]["test"] == "cut"
    state = pelts.signs(state, trapper, indian).state
    assert (trapper_at(state), state["canoes"]["trapper"][0]["stuck"]) == (position, stuck)


def test_an_aground_canoe_discards_a_movement_card_to_get_free_without_moving(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "8S"])
    pelts.put(state, "trapper", position=36, stuck="aground")
    legal = ENGINE.legal_actions(state, "trapper")
    assert {a["type"] for a in legal if a.get("card") in ("7S", "8S")} == {"free", "discard"}
    state = pelts.act(state, "trapper", "free", card="8S", canoe=0).state
    boat = state["canoes"]["trapper"][0]
    assert (boat["position"], boat["stuck"]) == (36, None)
    assert moves(state, "trapper") == set()  # P9: freeing was this phase's movement card


def test_an_aground_canoe_does_not_drift_but_one_stuck_on_an_obstacle_does(pelts):
    state = indians_to_play(pelts.new(obstacles=1))
    state["obstacles"][0]["position"] = 20
    pelts.put(state, "trapper", position=20, stuck="obstacle", stuck_on=0)
    pelts.put(state, "indian", 0, position=5, stuck="aground")
    state = pelts.act(state, "indian", "end").state
    assert trapper_at(state) == 22 == state["obstacles"][0]["position"]
    assert state["canoes"]["indian"][0]["position"] == 5


def test_an_obstacle_swept_off_the_river_frees_the_canoe_stuck_on_it(pelts):
    state = indians_to_play(pelts.new(obstacles=1))
    state["obstacles"][0]["position"] = 95
    pelts.put(state, "indian", 0, position=95, stuck="obstacle", stuck_on=0)
    state = pelts.act(state, "indian", "end").state
    assert state["obstacles"] == []
    boat = state["canoes"]["indian"][0]
    assert (boat["position"], boat["stuck"]) == (96, None)


def test_an_indian_canoe_at_the_end_of_the_river_stays_there(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["9H"]))
    pelts.put(state, "indian", 0, position=92)
    state = pelts.act(state, "indian", "move", card="9H", canoe=0).state
    assert state["canoes"]["indian"][0]["position"] == 96
    assert ("9H", 0) not in moves(pelts.hands(state, indian=["9H"]), "indian")


# -- P10: floating obstacles and rocks -------------------------------------------------------


def past_a_hazard(pelts, kind, at, card="7S"):
    state = pelts.hands(pelts.new(**{kind: 1}), trapper=[card], indian=["2H"])
    state[kind][0]["position"] = at
    return pelts.act(state, "trapper", "move", card=card, canoe=0).state


@pytest.mark.parametrize(
    ("trapper", "indian", "position", "stuck"),
    [
        pytest.param("paper", "rock", 16, None, id="P8-obstacle-win-passes"),
        pytest.param("paper", "paper", 14, "obstacle", id="P8-obstacle-draw-stuck"),
        pytest.param("paper", "scissors", 14, "obstacle", id="P8-obstacle-loss-stuck"),
    ],
)
def test_paddling_into_a_floating_obstacle_is_a_test(pelts, trapper, indian, position, stuck):
    state = past_a_hazard(pelts, "obstacles", 14)
    assert state["pending"]["test"] == "obstacle"
    state = pelts.signs(state, trapper, indian).state
    assert (trapper_at(state), state["canoes"]["trapper"][0]["stuck"]) == (position, stuck)


@pytest.mark.parametrize(
    ("trapper", "indian", "position", "stuck", "holed"),
    [
        pytest.param("scissors", "paper", 16, None, False, id="P8-rock-win-passes"),
        pytest.param("scissors", "scissors", 14, "aground", False, id="P8-rock-draw-caught"),
        pytest.param("scissors", "rock", 16, None, True, id="P8-rock-loss-holed"),
    ],
)
def test_passing_a_rock_is_a_test_that_may_catch_or_hole_the_canoe(
    pelts, trapper, indian, position, stuck, holed
):
    state = pelts.signs(past_a_hazard(pelts, "rocks", 14), trapper, indian).state
    boat = state["canoes"]["trapper"][0]
    assert (boat["position"], boat["stuck"], boat["holed"]) == (position, stuck, holed)


@pytest.mark.parametrize(
    ("rock", "tested"),
    [
        pytest.param(17, True, id="P10-ends-1-inch-short-of-a-rock"),
        pytest.param(18, False, id="P10-ends-2-inches-short-of-a-rock"),
        pytest.param(16, True, id="P10-ends-on-a-rock"),
        pytest.param(9, False, id="P10-starts-on-a-rock"),
    ],
)
def test_ending_a_move_within_an_inch_of_a_rock_is_a_test(pelts, rock, tested):
    state = past_a_hazard(pelts, "rocks", rock)
    assert (state["pending"] is not None) is tested


def test_hazards_are_met_in_order_along_the_river(pelts):
    state = pelts.hands(pelts.new(obstacles=1, rocks=1), trapper=["9S"], indian=["2H"])
    state["obstacles"][0]["position"] = 15
    state["rocks"][0]["position"] = 12
    state = pelts.act(state, "trapper", "move", card="9S", canoe=0).state
    assert state["pending"]["test"] == "rock"
    state = pelts.signs(state, "rock", "scissors").state
    assert state["pending"]["test"] == "obstacle"
    state = pelts.signs(state, "rock", "scissors").state
    assert trapper_at(state) == 18


# -- P11: melee ------------------------------------------------------------------------------


def alongside(pelts, indian_card="8H", trapper_hand=("2H",)):
    state = indians_to_play(
        pelts.hands(pelts.new(), indian=[indian_card], trapper=list(trapper_hand))
    )
    return pelts.act(state, "indian", "move", card=indian_card, canoe=0).state


def test_ending_a_move_within_an_inch_of_an_enemy_offers_a_melee(pelts):
    state = alongside(pelts)  # Indian canoe 1 ends at 8", the trappers sit at 9"
    assert [a["option"] for a in ENGINE.legal_actions(state, "indian")] == ["melee", "no_melee"]


def test_ending_further_than_an_inch_away_offers_no_melee(pelts):
    assert alongside(pelts, indian_card="7H")["pending"] is None


@pytest.mark.parametrize(
    ("trapper", "indian", "trapper_rowers", "indian_rowers"),
    [
        pytest.param("rock", "paper", ["wounded", "ok"], ["ok", "ok"], id="P8-melee-attacker-wins"),
        pytest.param("rock", "rock", ["ok", "ok"], ["ok", "ok"], id="P8-melee-draw-nothing"),
        pytest.param(
            "rock", "scissors", ["ok", "ok"], ["wounded", "ok"], id="P8-melee-defender-wins"
        ),
    ],
)
def test_the_melee_winner_wounds_a_rower_of_the_loser(
    pelts, trapper, indian, trapper_rowers, indian_rowers
):
    state = pelts.choose(alongside(pelts), "indian", "melee", target=0).state
    state = pelts.passing(pelts.signs(state, trapper, indian)).state
    assert state["canoes"]["trapper"][0]["rowers"] == trapper_rowers
    assert state["canoes"]["indian"][0]["rowers"] == indian_rowers


def test_the_loser_of_a_melee_may_cancel_the_wound_with_an_ace(pelts):
    state = pelts.choose(
        alongside(pelts, trapper_hand=("AC", "2H")), "indian", "melee", target=0
    ).state
    state = pelts.signs(state, "rock", "paper").state
    assert [a["type"] for a in ENGINE.legal_actions(state, "trapper")] == ["cancel", "allow"]
    state = pelts.act(state, "trapper", "cancel", card="AC").state  # P6
    assert state["canoes"]["trapper"][0]["rowers"] == ["ok", "ok"]
    assert state["discard"][-1] == "AC"


# -- P12: holed canoes and counter-cards -----------------------------------------------------


def holed_trappers_move(pelts, card="7S", indian=("5C", "3C", "9H")):
    state = pelts.hands(pelts.new(), trapper=[card], indian=list(indian))
    pelts.put(state, "trapper", holed=True)
    return pelts.act(state, "trapper", "move", card=card, canoe=0).state


def test_the_opponent_of_a_holed_canoe_may_counter_with_a_number_card_of_its_colour(pelts):
    state = holed_trappers_move(pelts)
    offered = [(a["type"], a.get("card")) for a in ENGINE.legal_actions(state, "indian")]
    assert offered == [("counter", "5C"), ("counter", "3C"), ("no_counter", None)]


@pytest.mark.parametrize(
    ("card", "counter", "position"),
    [
        pytest.param("7S", "5C", 11, id="P12-counter-takes-its-value-off"),
        pytest.param("3S", "5C", 9, id="P12-never-below-nothing"),
        pytest.param("7S", None, 16, id="P12-no-counter-full-move"),
    ],
)
def test_a_counter_card_takes_its_value_off_the_move(pelts, card, counter, position):
    state = holed_trappers_move(pelts, card=card)
    if counter:
        state = pelts.passing(pelts.act(state, "indian", "counter", card=counter)).state
    else:
        state = pelts.act(state, "indian", "no_counter").state
    assert trapper_at(state) == position


def test_a_sound_canoe_cannot_be_countered(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"], indian=["5C"])
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert (trapper_at(state), state["pending"]) == (16, None)


def test_without_a_card_of_the_right_colour_the_counter_step_offers_only_a_pass(pelts):
    state = holed_trappers_move(pelts, indian=("5H", "QC"))
    assert [a["type"] for a in ENGINE.legal_actions(state, "indian")] == ["no_counter"]  # P6


def test_the_holed_canoe_may_cancel_a_counter_card_with_an_ace(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "AS"], indian=["5C"])
    pelts.put(state, "trapper", holed=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    state = pelts.act(state, "indian", "counter", card="5C").state
    state = pelts.act(state, "trapper", "cancel", card="AS").state  # P6
    assert trapper_at(state) == 16

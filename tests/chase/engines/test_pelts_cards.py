"""Pelts, Paddling and Powder: wounds and winning (P5), action cards and aces (P6), line of sight
(P7), rock-paper-scissors (P8) and every random event (P13)."""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.pelts import ENGINE, cards
from chase.engines.pelts.tables import SIGNS

WINNING_PAIRS = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}  # P8


def indians_to_play(state):
    state.update(active="indian", phase=3)
    return state


def kinds(state, role):
    return {a["type"] for a in ENGINE.legal_actions(state, role)}


def shot_at_the_indians(pelts, trapper=("QS",), indian=("2H",)):
    state = pelts.hands(pelts.new(), trapper=list(trapper), indian=list(indian))
    return pelts.passing(pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0))


# -- P5: wounds, out of action, winning ---------------------------------------------------------


def test_a_second_wound_puts_the_trappers_out_and_the_indians_win(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["QH"], trapper=[]))
    pelts.put(state, "trapper", rowers=["wounded", "ok"])
    state = pelts.passing(pelts.act(state, "indian", "fire", card="QH", canoe=1, target=0)).state
    outcome = pelts.signs(state, "scissors", "rock")
    assert outcome.state["canoes"]["trapper"][0]["out"] is True
    assert (ENGINE.status(outcome.state), ENGINE.winner(outcome.state)) == ("finished", "indian")
    assert "scalped" in pelts.texts(outcome)
    assert ENGINE.legal_actions(outcome.state, "indian") == []


def test_an_indian_canoe_out_of_action_drops_the_indian_hand_to_three_at_random(pelts):
    state = shot_at_the_indians(pelts, indian=("2H", "3H", "4H", "5H", "6H")).state
    pelts.put(state, "indian", 0, rowers=["wounded", "ok"])
    state = pelts.act(state, "trapper", "sign", sign="rock").state
    outcome = pelts.act(state, "indian", "sign", ScriptedChance([0, 0]), sign="scissors")  # P5
    state = outcome.state
    assert state["canoes"]["indian"][0]["out"] is True
    assert state["hands"]["indian"] == ["4H", "5H", "6H"]
    assert state["discard"][-2:] == ["2H", "3H"]
    assert ENGINE.seat_view(state, None)["hand_limits"]["indian"] == 3
    assert ENGINE.status(state) == "playing"


@pytest.mark.parametrize(
    ("indian_canoes", "out", "limit"),
    [
        pytest.param(2, 0, 5, id="P2-two-canoes-five-cards"),
        pytest.param(2, 1, 3, id="P5-one-canoe-left-three-cards"),
        pytest.param(3, 0, 6, id="P2-three-canoes-six-cards"),
        pytest.param(3, 1, 4, id="P5-two-of-three-left-four-cards"),
        pytest.param(3, 2, 3, id="P5-one-of-three-left-three-cards"),
    ],
)
def test_the_indian_hand_shrinks_as_their_canoes_go_out(pelts, indian_canoes, out, limit):
    state = pelts.new(indian_canoes=indian_canoes)
    for index in range(out):
        pelts.put(state, "indian", index, rowers=["wounded", "wounded"], out=True)
    assert ENGINE.seat_view(state, None)["hand_limits"]["indian"] == limit


def test_both_indian_canoes_out_of_action_win_for_the_trappers(pelts):
    state = shot_at_the_indians(pelts).state
    pelts.put(state, "indian", 0, rowers=["wounded", "ok"])
    pelts.put(state, "indian", 1, rowers=["wounded", "wounded"], out=True)
    state = pelts.signs(state, "rock", "scissors").state
    assert (ENGINE.status(state), ENGINE.winner(state)) == ("finished", "trapper")


def test_the_trappers_win_when_their_canoe_reaches_the_end_of_the_river(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    pelts.put(state, "trapper", position=90)
    outcome = pelts.act(state, "trapper", "move", card="7S", canoe=0)
    assert outcome.state["canoes"]["trapper"][0]["finished"] is True
    assert ENGINE.winner(outcome.state) == "trapper"
    assert "trading post" in pelts.texts(outcome)


def test_the_current_can_carry_the_trappers_over_the_finish(pelts):
    state = indians_to_play(pelts.new())
    pelts.put(state, "trapper", position=95)
    state = pelts.act(state, "indian", "end").state
    assert ENGINE.winner(state) == "trapper"


@pytest.mark.parametrize(
    "second_canoe",
    [
        pytest.param({}, id="P5-second-canoe-still-paddling"),
        pytest.param({"rowers": ["wounded", "wounded"], "out": True}, id="P5-second-canoe-out"),
    ],
)
def test_with_two_trapper_canoes_the_first_one_home_wins_it_for_the_trappers(pelts, second_canoe):
    state = pelts.hands(pelts.new(trapper_canoes=2), trapper=["8S"])
    pelts.put(state, "trapper", 0, position=90)
    pelts.put(state, "trapper", 1, **second_canoe)
    state = pelts.act(state, "trapper", "move", card="8S", canoe=0).state
    assert (ENGINE.status(state), ENGINE.winner(state)) == ("finished", "trapper")


def test_with_two_trapper_canoes_the_indians_win_only_when_both_are_out_of_action(pelts):
    state = indians_to_play(pelts.new(trapper_canoes=2))
    pelts.put(state, "trapper", 0, rowers=["wounded", "wounded"], out=True)
    state = pelts.act(state, "indian", "end").state
    assert ENGINE.status(state) == "playing"  # P5: the second canoe still paddles

    pelts.put(state, "trapper", 1, rowers=["wounded", "ok"])
    state = pelts.hands(state, indian=["QH"])
    state.update(active="indian", phase=3)
    pelts.put(state, "trapper", 1, position=5)
    pelts.put(state, "indian", 0, position=0)
    outcome = pelts.act(state, "indian", "fire", card="QH", canoe=0, target=1)
    outcome = pelts.passing(outcome)
    state = pelts.signs(outcome.state, "scissors", "rock").state  # the shot hits
    assert (ENGINE.status(state), ENGINE.winner(state)) == ("finished", "indian")


# -- P6: Jack, Queen, ace cancels ---------------------------------------------------------------


def test_a_jack_reloads_an_empty_gun_and_is_not_offered_for_a_loaded_one(pelts):
    state = pelts.hands(pelts.new(), trapper=["JS"])
    assert "reload" not in kinds(state, "trapper")
    pelts.put(state, "trapper", loaded=False)
    state = pelts.act(state, "trapper", "reload", card="JS", canoe=0).state
    assert state["canoes"]["trapper"][0]["loaded"] is True


@pytest.mark.parametrize(
    ("fields", "rain", "offered"),
    [
        pytest.param({}, False, True, id="P6-loaded-gun-fires"),
        pytest.param({"loaded": False}, False, False, id="P6-empty-gun-cannot-fire"),
        pytest.param({"wet_powder": True}, False, False, id="P13-wet-powder-cannot-fire"),
        pytest.param({}, True, False, id="P13-no-shooting-in-the-rain"),
        pytest.param({"skip_phase": True}, False, False, id="P13-tired-crew-loses-its-phase"),
    ],
)
def test_a_queen_fires_only_a_loaded_dry_gun(pelts, fields, rain, offered):
    state = pelts.hands(pelts.new(), trapper=["QS"])
    pelts.put(state, "trapper", **fields)
    state["rain"] = rain
    assert ("fire" in kinds(state, "trapper")) is offered


@pytest.mark.parametrize(
    ("trapper", "indian", "hit"),
    [
        pytest.param(
            mine, theirs, (mine, theirs) in WINNING_PAIRS, id=f"P8-shot-{mine}-against-{theirs}"
        )
        for mine in SIGNS
        for theirs in SIGNS
    ],
)
def test_a_shot_hits_only_when_the_shooter_wins_the_test(pelts, trapper, indian, hit):
    outcome = shot_at_the_indians(pelts)
    assert outcome.state["canoes"]["trapper"][0]["loaded"] is False  # P6: fired, must reload
    outcome = pelts.signs(outcome.state, trapper, indian)
    wounded = outcome.state["canoes"]["indian"][0]["rowers"] == ["wounded", "ok"]
    assert wounded is hit
    assert ("a hit" in pelts.texts(outcome)) is hit


def test_the_target_may_cancel_a_shot_with_an_ace_before_the_test(pelts):
    state = shot_at_the_indians(pelts, indian=("AH", "2H")).state
    assert ENGINE.legal_actions(state, "indian") == [
        {"type": "cancel", "card": "AH", "label": "Cancel it with the Ace of Hearts"},
        {"type": "allow", "label": "Let it resolve"},
    ]
    assert ENGINE.legal_actions(state, "trapper") == []
    outcome = pelts.act(state, "indian", "cancel", card="AH")
    assert outcome.state["pending"] is None
    assert outcome.state["canoes"]["indian"][0]["rowers"] == ["ok", "ok"]
    assert "cancelled" in pelts.texts(outcome)


def test_letting_a_shot_resolve_keeps_the_ace_and_goes_to_the_test(pelts):
    state = shot_at_the_indians(pelts, indian=("AD",)).state
    state = pelts.act(state, "indian", "allow").state
    assert state["pending"]["kind"] == "test"
    assert state["hands"]["indian"] == ["AD"]


def test_an_ace_of_the_other_colour_cannot_cancel(pelts):
    state = pelts.hands(pelts.new(), trapper=["QS"], indian=["AS", "AC"])
    state = pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0).state
    assert [a["type"] for a in ENGINE.legal_actions(state, "indian")] == ["allow"]  # P6: pass


def test_the_first_joker_does_nothing_but_use_the_action_card(pelts):
    state = pelts.hands(pelts.new(), trapper=["JK1", "QS"], indian=["2H"])
    state = pelts.act(state, "trapper", "joker", card="JK1").state
    assert state["jokers"] == ["JK1"]
    assert "fire" not in kinds(state, "trapper")
    assert (state["turn"], state["active"]) == (1, "trapper")


def test_the_second_joker_ends_the_turn_and_deals_again(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), trapper=["7S"], indian=["JK2", "2H"]))
    state["jokers"] = ["JK1"]
    pelts.put(state, "trapper", wet_powder=True)
    outcome = pelts.act(state, "indian", "joker", RandomChance(5), card="JK2")  # P6
    state = outcome.state
    assert (state["turn"], state["phase"], state["active"]) == (2, 1, "trapper")
    assert (len(state["hands"]["trapper"]), len(state["hands"]["indian"])) == (4, 5)
    assert len(state["draw"]) == 45 and state["discard"] == []
    assert state["jokers"] == []
    assert state["canoes"]["trapper"][0]["wet_powder"] is False
    assert state["canoes"]["indian"][0]["position"] == 0  # no drift: the turn just ends
    assert "second Joker" in pelts.texts(outcome)


def test_the_trappers_playing_the_second_joker_get_two_phases_in_a_row(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "JK1"])
    state["jokers"] = ["JK2"]
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    state = pelts.act(state, "trapper", "joker", RandomChance(2), card="JK1").state
    assert (state["turn"], state["active"]) == (2, "trapper")
    assert state["used"] == {"moved": [], "action": False, "discard": False}


# -- P7: line of sight ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trapper", "indian", "in_sight"),
    [
        pytest.param(30, 20, True, id="P7-same-straight"),
        pytest.param(40, 30, False, id="P7-bend-apex-between"),
        pytest.param(50, 36, True, id="P7-indian-on-the-apex"),
        pytest.param(80, 40, True, id="P7-straight-between-bends"),
        pytest.param(90, 40, False, id="P7-second-bend-between"),
        pytest.param(90, 20, False, id="P7-both-bends-between"),
    ],
)
def test_a_bend_apex_between_two_canoes_blocks_the_shot(pelts, trapper, indian, in_sight):
    state = pelts.hands(pelts.new(indian_canoes=1), trapper=["QS"])
    pelts.put(state, "trapper", position=trapper)
    pelts.put(state, "indian", position=indian)
    assert ("fire" in kinds(state, "trapper")) is in_sight


# -- P8: tests ------------------------------------------------------------------------------------


def test_both_sides_may_show_their_sign_in_either_order(pelts):
    state = shot_at_the_indians(pelts).state
    assert kinds(state, "trapper") == kinds(state, "indian") == {"sign"}
    state = pelts.act(state, "indian", "sign", sign="rock").state
    assert ENGINE.legal_actions(state, "indian") == []
    assert kinds(state, "trapper") == {"sign"}


def test_with_quick_tests_only_the_mover_shows_a_sign_and_the_other_is_drawn(pelts):
    state = pelts.hands(pelts.new(quick_tests=True), trapper=["QS"], indian=["2H"])
    state = pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0).state
    state = pelts.act(state, "indian", "allow").state  # P6: the reaction step, passed
    assert ENGINE.legal_actions(state, "indian") == []
    outcome = pelts.act(state, "trapper", "sign", ScriptedChance([2]), sign="rock")
    assert "the Indians show scissors" in pelts.texts(outcome)  # SIGNS[2]
    assert outcome.state["canoes"]["indian"][0]["rowers"] == ["wounded", "ok"]


def test_the_computer_shows_a_sign_drawn_by_chance(pelts):
    state = shot_at_the_indians(pelts).state
    action = ENGINE.computer_action(state, "indian", ScriptedChance([1]))
    assert action["type"] == "sign" and action["sign"] == SIGNS[1]


# -- P13: random events ---------------------------------------------------------------------------


def king_on_the_trappers(pelts, cut, trapper=(), more=(), **options):
    """The Indians play a King on the trappers' canoe; the cut shows `cut`."""
    state = indians_to_play(pelts.new(**options))
    pelts.hands(state, indian=["KH"], trapper=list(trapper))
    pelts.on_top(state, cut)
    top = len(state["draw"]) - 1
    chance = ScriptedChance([top, top, *more])
    return pelts.passing(pelts.act(state, "indian", "event", chance, card="KH", target=0))


def trappers(state):
    return state["canoes"]["trapper"][0]


def test_the_cut_card_goes_back_into_the_pile_at_a_random_place(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["KH"], trapper=[]))
    pelts.on_top(state, "3C")
    size = len(state["draw"])
    chance = ScriptedChance([size - 1, 0])
    state = pelts.act(state, "indian", "event", chance, card="KH", target=0).state
    assert state["draw"][0] == "3C" and len(state["draw"]) == size


@pytest.mark.parametrize(
    ("cut", "check"),
    [
        pytest.param("3C", lambda s: trappers(s)["holed"], id="P13-three-holed"),
        pytest.param("4D", lambda s: trappers(s)["paddle_lost"], id="P13-four-lost-paddle"),
        pytest.param("6S", lambda s: trappers(s)["wet_powder"], id="P13-six-wet-powder"),
        pytest.param("7H", lambda s: s["rain"], id="P13-seven-torrential-rain"),
        pytest.param("10C", lambda s: trappers(s)["stuck"] == "aground", id="P13-ten-run-aground"),
        pytest.param("QD", lambda s: trappers(s)["skip_phase"], id="P13-queen-slowing-down"),
        pytest.param("KS", lambda s: trappers(s)["exhausted"], id="P13-king-exhausted"),
        pytest.param("JK1", lambda s: s["jokers"] == ["JK1"], id="P13-joker-counts-to-the-end"),
    ],
)
def test_a_random_event_marks_the_target_canoe(pelts, cut, check):
    outcome = king_on_the_trappers(pelts, cut)
    assert outcome.state["pending"] is None
    assert check(outcome.state)


def test_a_sharpshooter_is_a_shot_by_the_kings_player(pelts):
    state = king_on_the_trappers(pelts, "2C").state  # P13 two
    assert state["pending"]["test"] == "shot" and state["pending"]["for"] == "indian"
    state = pelts.signs(state, "scissors", "rock").state
    assert trappers(state)["rowers"] == ["wounded", "ok"]


@pytest.mark.parametrize(
    ("option", "skip_move", "rowers"),
    [
        pytest.param("pick_up", True, ["ok", "ok"], id="P13-five-overboard-pick-up"),
        pytest.param("go_on", False, ["lost", "ok"], id="P13-five-overboard-go-on"),
    ],
)
def test_overboard_the_canoe_picks_the_rower_up_or_goes_on_with_one(
    pelts, option, skip_move, rowers
):
    state = king_on_the_trappers(pelts, "5S").state
    assert state["pending"]["seat"] == "trapper"
    state = pelts.choose(state, "trapper", option).state
    assert (trappers(state)["skip_move"], trappers(state)["rowers"]) == (skip_move, rowers)


def test_a_canoe_that_stops_for_its_rower_plays_no_movement_card_next_phase(pelts):
    state = pelts.choose(king_on_the_trappers(pelts, "5S").state, "trapper", "pick_up").state
    pelts.hands(state, trapper=["7S", "9C"])
    state = pelts.act(state, "indian", "end").state
    assert not {"move", "free"} & kinds(state, "trapper")
    state = pelts.act(state, "trapper", "end").state
    assert trappers(state)["skip_move"] is False


@pytest.mark.parametrize(
    ("option", "skip_move", "leaking"),
    [
        pytest.param("bail", True, False, id="P13-eight-bail-out"),
        pytest.param("leak", False, True, id="P13-eight-paddle-on-leaking"),
    ],
)
def test_taking_on_water_means_bailing_or_one_inch_less_a_move(pelts, option, skip_move, leaking):
    state = pelts.choose(king_on_the_trappers(pelts, "8H").state, "trapper", option).state
    assert (trappers(state)["skip_move"], trappers(state)["leaking"]) == (skip_move, leaking)


def test_a_leaking_canoe_moves_an_inch_less(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    pelts.put(state, "trapper", leaking=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert trappers(state)["position"] == 15


def test_an_exhausted_canoe_moves_half_its_card_rounded_down(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    pelts.put(state, "trapper", exhausted=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert trappers(state)["position"] == 12


def test_a_grizzly_bear_fights_two_melee_rounds_with_the_target(pelts):
    state = king_on_the_trappers(pelts, "9C").state
    assert state["pending"]["test"] == "bear"
    state = pelts.signs(state, "rock", "paper").state  # the bear (the Indians' sign) wins
    assert trappers(state)["rowers"] == ["wounded", "ok"]
    assert state["pending"]["test"] == "bear"
    state = pelts.signs(state, "rock", "scissors").state  # the trappers win: no harm
    assert trappers(state)["rowers"] == ["wounded", "ok"]
    assert state["pending"] is None


def test_a_hidden_sandbank_is_laid_round_the_target_which_tests_at_once(pelts):
    state = king_on_the_trappers(pelts, "JD").state
    assert state["hidden_sandbanks"] == [{"id": 0, "start": 8, "end": 10}]
    assert state["pending"]["test"] == "hidden" and state["pending"]["for"] == "trapper"
    state = pelts.signs(state, "rock", "rock").state  # P8: a draw is stuck
    assert trappers(state)["stuck"] == "aground"


def test_a_canoe_paddling_over_a_hidden_sandbank_tests_too(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["9H"], trapper=[]))
    state["hidden_sandbanks"] = [{"id": 0, "start": 4, "end": 6}]
    state = pelts.act(state, "indian", "move", card="9H", canoe=0).state
    assert state["pending"]["test"] == "hidden"
    state = pelts.signs(state, "rock", "paper").state  # the Indians win: they pass
    assert state["canoes"]["indian"][0]["position"] == 9


@pytest.mark.parametrize(
    ("option", "position"),
    [
        pytest.param("downstream", 13, id="P13-ace-midges-downstream"),
        pytest.param("upstream", 5, id="P13-ace-midges-upstream"),
    ],
)
def test_midges_drive_the_target_a_d6_up_or_downstream_as_its_owner_chooses(
    pelts, option, position
):
    state = king_on_the_trappers(pelts, "AC", more=[4]).state
    assert [a["option"] for a in ENGINE.legal_actions(state, "trapper")] == [
        "downstream",
        "upstream",
    ]
    state = pelts.choose(state, "trapper", option).state
    assert trappers(state)["position"] == position


def test_a_bad_event_can_be_cancelled_with_an_ace_once_it_is_known(pelts):
    state = king_on_the_trappers(pelts, "3C", trapper=["AS"]).state
    assert state["pending"]["kind"] == "reaction"
    assert "Holed" in ENGINE.seat_view(state, "trapper")["pending"]["text"]
    state = pelts.act(state, "trapper", "cancel", card="AS").state
    assert trappers(state)["holed"] is False


@pytest.mark.parametrize("cut", ["7C", "AH", "JK2"])
def test_rain_midges_and_the_joker_cannot_be_cancelled(pelts, cut):
    state = king_on_the_trappers(pelts, cut, trapper=["AS"], more=[3]).state
    assert state["pending"] is None or state["pending"]["kind"] == "choice"


def test_a_king_cutting_the_second_joker_ends_the_turn(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["KH"], trapper=[]))
    state["jokers"] = ["JK1"]
    pelts.on_top(state, "JK2")
    top = len(state["draw"]) - 1
    chance = ScriptedChance([top, top, list(range(54))])
    state = pelts.act(state, "indian", "event", chance, card="KH", target=0).state
    assert (state["turn"], state["active"], state["jokers"]) == (2, "trapper", [])


def test_every_rank_of_the_seed_table_has_an_event():
    from chase.engines.pelts.tables import EVENTS

    assert set(EVENTS) == {cards.RANK[c] for c in cards.FULL_DECK}  # P13: 2..Joker

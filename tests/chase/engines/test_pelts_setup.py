"""Pelts, Paddling and Powder: options, the table at the start (P1, P2), the engine contract and
what each seat may see."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from chase.engines.base import IllegalMove, OptionsError
from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.pelts import ENGINE, cards, random_action, seats_to_act

DEFAULTS = {
    "layout": ["straight", "bend", "straight", "bend"],
    "head_start": 9,  # P1
    "obstacles": 2,
    "rocks": 2,
    "trapper_canoes": 1,
    "indian_canoes": 2,
    "trapper_ace": False,
    "quick_tests": False,
    "rowers": 2,  # P15
}


# -- options -----------------------------------------------------------------------------------


def test_the_engine_names_itself_and_its_two_seats():
    assert (ENGINE.kind, ENGINE.title) == ("pelts", "Pelts, Paddling and Powder")
    assert ENGINE.roles(ENGINE.clean_options({})) == ["trapper", "indian"]


def test_empty_options_are_filled_with_the_defaults():
    assert ENGINE.clean_options({}) == DEFAULTS


def test_a_layout_may_be_given_as_comma_separated_words():
    cleaned = ENGINE.clean_options({"layout": "bend, straight, bend"})
    assert cleaned["layout"] == ["bend", "straight", "bend"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"speed": 3}, "Unknown option", id="unknown-key"),
        pytest.param({"layout": ["straight", "bend"]}, "3 to 8 tiles", id="P1-too-short"),
        pytest.param({"layout": ["straight"] * 9}, "3 to 8 tiles", id="P1-too-long"),
        pytest.param({"layout": ["straight", "loop", "bend"]}, "loop", id="P1-unknown-tile"),
        pytest.param({"layout": 4}, "list of tiles", id="P1-not-a-list"),
        pytest.param({"obstacles": 6}, "0 to 5", id="P10-too-many-obstacles"),
        pytest.param({"rocks": -1}, "0 to 5", id="P10-negative-rocks"),
        pytest.param({"rocks": "2"}, "whole number", id="P10-rocks-as-text"),
        pytest.param({"trapper_canoes": 3}, "1 to 2", id="P2-three-trapper-canoes"),
        pytest.param({"indian_canoes": 0}, "1 to 3", id="P2-no-indian-canoes"),
        pytest.param({"indian_canoes": True}, "whole number", id="P2-canoes-as-bool"),
        pytest.param({"trapper_ace": "yes"}, "true or false", id="P2-ace-as-text"),
        pytest.param({"quick_tests": 1}, "true or false", id="P8-quick-tests-as-int"),
        pytest.param({"rowers": 7}, "'rowers' must be a whole number from 2 to 6", id="P15-seven"),
        pytest.param({"rowers": 1}, "from 2 to 6, not 1", id="P15-one-rower"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(OptionsError, match=message):
        ENGINE.clean_options(options)


# -- the table at the start --------------------------------------------------------------------


def test_the_default_river_is_four_24_inch_tiles_with_two_bends(pelts):
    state = pelts.new()
    river = ENGINE.seat_view(state, None)["river"]
    assert river["length"] == 96
    assert [t["kind"] for t in river["tiles"]] == ["straight", "bend", "straight", "bend"]
    assert river["apexes"] == [36, 84]  # P7: the midpoint of each bend tile
    assert [s["apex"] for s in river["sandbanks"]] == [36, 84]  # P9: a sandbank at each bend


def test_a_longer_layout_makes_a_longer_river(pelts):
    state = pelts.new(layout=["straight", "straight", "bend", "straight", "bend", "straight"])
    assert state["river"]["length"] == 144
    assert state["river"]["apexes"] == [60, 108]


def test_the_trappers_start_at_9_inches_and_the_indians_at_the_start_line(pelts):
    state = pelts.new()  # P1
    assert [b["position"] for b in state["canoes"]["trapper"]] == [9]
    assert [b["position"] for b in state["canoes"]["indian"]] == [0, 0]


def test_every_canoe_starts_with_two_fit_rowers_and_a_loaded_gun(pelts):
    state = pelts.new()  # P5, P6
    for view_canoe in ENGINE.seat_view(state, None)["canoes"]:
        assert view_canoe["rowers"] == ["ok", "ok"]
        assert view_canoe["loaded"] is True
        assert not view_canoe["holed"] and not view_canoe["out"]


def test_the_pack_has_52_cards_and_two_jokers():
    assert len(cards.FULL_DECK) == 54 == len(set(cards.FULL_DECK))  # P2
    assert Counter(cards.COLOUR[c] for c in cards.FULL_DECK) == {"black": 26, "red": 26, None: 2}


@pytest.mark.parametrize(
    ("options", "trapper_hand", "indian_hand"),
    [
        pytest.param({}, 4, 5, id="P2-default-hands"),
        pytest.param({"trapper_canoes": 2}, 5, 5, id="P2-extra-trapper-canoe"),
        pytest.param({"indian_canoes": 3}, 4, 6, id="P2-extra-indian-canoe"),
        pytest.param({"indian_canoes": 1}, 4, 4, id="P2-one-indian-canoe"),
    ],
)
def test_hands_are_dealt_to_size_with_one_more_card_per_extra_canoe(
    pelts, options, trapper_hand, indian_hand
):
    state = pelts.new(**options)
    assert len(state["hands"]["trapper"]) == trapper_hand
    assert len(state["hands"]["indian"]) == indian_hand
    assert len(state["draw"]) == 54 - trapper_hand - indian_hand


@pytest.mark.parametrize("seed", range(5))
def test_the_trapper_ace_option_deals_the_trappers_a_black_ace(pelts, seed):
    state = pelts.new(seed=seed, trapper_ace=True)  # P2
    hand = state["hands"]["trapper"]
    assert len(hand) == 4
    assert any(cards.is_ace(c) and cards.COLOUR[c] == "black" for c in hand)


def test_floating_obstacles_and_rocks_are_placed_at_random_points_on_the_river():
    chance = ScriptedChance([30, 50, 70, list(range(54))])  # P10: obstacle, obstacle, rock
    state = ENGINE.new_game({"obstacles": 2, "rocks": 1}, chance).state
    assert [o["position"] for o in state["obstacles"]] == [30, 50]
    assert [r["position"] for r in state["rocks"]] == [70]


def test_the_trappers_act_first(pelts):
    state = pelts.new()
    assert (state["turn"], state["phase"], state["active"]) == (1, 1, "trapper")
    assert seats_to_act(state) == ["trapper"]
    assert ENGINE.legal_actions(state, "indian") == []


# -- the engine contract -----------------------------------------------------------------------


def test_a_new_game_is_plain_json_and_playing(pelts):
    state = pelts.new(obstacles=2, rocks=2)
    assert json.loads(json.dumps(state)) == state
    assert (ENGINE.status(state), ENGINE.winner(state)) == ("playing", None)


def test_every_legal_action_has_a_type_and_a_label_and_is_json(pelts):
    state = pelts.new()
    actions = ENGINE.legal_actions(state, "trapper")
    assert actions
    assert all(isinstance(a["type"], str) and a["label"] for a in actions)
    json.dumps(actions)


def test_apply_leaves_the_old_state_untouched(pelts):
    state = pelts.new(obstacles=2, rocks=2)
    before = json.dumps(state, sort_keys=True)
    action = ENGINE.legal_actions(state, "trapper")[0]
    ENGINE.apply(state, "trapper", action, RandomChance(1))
    assert json.dumps(state, sort_keys=True) == before


def test_an_action_is_accepted_without_its_label(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"])
    outcome = ENGINE.apply(
        state, "trapper", {"type": "move", "card": "7S", "canoe": 0}, RandomChance(1)
    )
    assert outcome.state["canoes"]["trapper"][0]["position"] == 16


@pytest.mark.parametrize(
    ("role", "action", "message"),
    [
        pytest.param("indian", {"type": "end"}, "not your turn", id="P4-out-of-turn"),
        pytest.param(
            "trapper", {"type": "move", "card": "7H", "canoe": 0}, "not allowed", id="P3-red-card"
        ),
        pytest.param(
            "trapper", {"type": "move", "card": "2S", "canoe": 0}, "not allowed", id="card-not-held"
        ),
        pytest.param("trapper", {"type": "fly"}, "not allowed", id="unknown-type"),
        pytest.param("ranger", {"type": "end"}, "no 'ranger' seat", id="unknown-seat"),
    ],
)
def test_an_illegal_action_is_refused_with_a_human_message(pelts, role, action, message):
    state = pelts.hands(pelts.new(), trapper=["7S", "7H"])
    with pytest.raises(IllegalMove, match=message):
        ENGINE.apply(state, role, action, RandomChance(1))


def test_nothing_can_be_done_once_the_chase_is_over(pelts):
    state = pelts.new()
    state.update(status="finished", winner="trapper")
    assert ENGINE.legal_actions(state, "trapper") == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, "trapper", {"type": "end"}, RandomChance(1))


def test_the_computer_and_the_random_player_only_pick_legal_actions(pelts):
    chance = RandomChance(3)
    state = pelts.new()
    for _ in range(200):
        if ENGINE.status(state) != "playing":
            break
        seat = seats_to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        for pick in (ENGINE.computer_action, random_action):
            assert pick(state, seat, chance) in legal
        state = ENGINE.apply(state, seat, ENGINE.computer_action(state, seat, chance), chance).state


def test_the_computer_refuses_to_act_out_of_turn(pelts):
    with pytest.raises(IllegalMove):
        ENGINE.computer_action(pelts.new(), "indian", RandomChance(1))


# -- what each seat sees -----------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "QC", "JK1", "AS"], indian=["2H", "3H"])
    seen = ENGINE.seat_view(state, "trapper")
    assert seen["hands"] == {"trapper": ["7S", "QC", "JK1", "AS"], "indian": 2}
    assert '"2H"' not in json.dumps(seen) and '"3H"' not in json.dumps(seen)


def test_a_spectator_sees_no_hand_at_all(pelts):
    state = pelts.new()
    assert ENGINE.seat_view(state, None)["hands"] == {"trapper": 4, "indian": 5}


def test_the_draw_pile_shows_only_its_size(pelts):
    state = pelts.new()
    seen = ENGINE.seat_view(state, "indian")
    assert seen["draw_count"] == 45
    assert "draw" not in seen
    assert not any(f'"{card}"' in json.dumps(seen) for card in state["draw"])


def test_the_view_has_what_a_table_renderer_needs(pelts):
    seen = ENGINE.seat_view(pelts.new(obstacles=2, rocks=1), "trapper")
    for key in (
        "river",
        "obstacles",
        "rocks",
        "hidden_sandbanks",
        "canoes",
        "phase",
        "active",
        "to_act",
        "top_discard",
        "last_events",
        "pending",
    ):
        assert key in seen
    canoe = seen["canoes"][0]
    for key in ("side", "index", "position", "rowers", "holed", "loaded", "stuck", "out"):
        assert key in canoe
    assert seen["last_events"][-1]["text"].startswith("The chase begins")


def test_a_seat_does_not_see_the_other_seats_sign_until_both_are_shown(pelts):
    state = pelts.hands(pelts.new(), trapper=["QS"], indian=["2H"])  # P8
    state = pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0).state
    state = pelts.act(state, "indian", "allow").state  # P6: the reaction step, passed
    state = pelts.act(state, "indian", "sign", sign="paper").state
    trapper_view = ENGINE.seat_view(state, "trapper")["pending"]
    indian_view = ENGINE.seat_view(state, "indian")["pending"]
    assert trapper_view["your_sign"] is None
    assert trapper_view["signed"] == {"trapper": False, "indian": True}
    assert "paper" not in json.dumps(ENGINE.seat_view(state, "trapper"))
    assert indian_view["your_sign"] == "paper"
    assert "paper" not in json.dumps(ENGINE.seat_view(state, None)["pending"])

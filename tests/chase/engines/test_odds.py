"""Win odds by playouts from what a seat may see: no hidden information leaks into them."""

from __future__ import annotations

import copy

import pytest

from chase.engines.chance import RandomChance
from chase.engines.odds import share_words, win_odds
from chase.engines.pelts import ENGINE as PELTS
from chase.engines.pelts import seats_to_act
from chase.engines.race import ENGINE as RACE
from chase.engines.race.tables import CLASSES, WHIRLPOOL_HALVES
from tests.chase.engines.race_helpers import set_rapid

ROLES = ["canoe-1", "canoe-2", "canoe-3", "canoe-4"]


def a_race(seed=5, **options):
    return RACE.new_game({"canoes": 4, **options}, RandomChance(seed)).state


def race_odds(state, role="canoe-1", playouts=200, seed=9):
    return win_odds(RACE, state, role, sides=ROLES, playouts=playouts, seed=seed)


def hidden_rapids(state):
    return [r for r in range(len(state["course"]["rapids"])) if not state["revealed"][r]]


def test_two_races_that_differ_only_in_the_unrevealed_course_give_the_same_odds():
    state = a_race()
    hidden = hidden_rapids(state)
    assert hidden == [1, 2, 3, 4, 5]  # R2: only leg 1 and the rapid at its end are in view
    other = copy.deepcopy(state)
    for rapid in hidden:
        other = set_rapid(other, rapid, **{"class": CLASSES[1] if rapid % 2 else CLASSES[0]})
    bear = next(r for r in hidden if r != state["course"]["bear"])
    other = set_rapid(other, bear, bear=True)
    assert other["course"] != state["course"]
    for role in [*ROLES, None]:
        assert race_odds(other, role) == race_odds(state, role)


def test_the_revealed_course_does_change_the_odds():
    state = a_race(hidden=False)
    worse = set_rapid(state, 0, **{"class": 6})
    easier = set_rapid(state, 0, **{"class": 3})
    assert race_odds(worse) != race_odds(easier)


def test_a_determinized_race_keeps_what_is_revealed_and_the_setup_rules_R1():
    state = a_race()
    shown = state["course"]["rapids"][0]
    for seed in range(200):
        world = RACE.determinize(state, "canoe-2", RandomChance(seed))
        rapids = world["course"]["rapids"]
        assert rapids[0] == shown
        assert [r["bear"] for r in rapids].count(True) == 1
        assert rapids[world["course"]["bear"]]["bear"]
        whirlpools = {r: rapid["whirlpool"] for r, rapid in enumerate(rapids) if rapid["whirlpool"]}
        assert sorted(whirlpools.values()) == ["inside", "outside"]
        assert any(set(whirlpools) <= set(half) for half in WHIRLPOOL_HALVES)
        assert all(CLASSES[0] <= rapid["class"] <= CLASSES[1] for rapid in rapids)
    assert state == a_race(), "determinizing changed the real race"


def test_an_open_course_is_not_redrawn():
    state = a_race(hidden=False)
    assert RACE.determinize(state, "canoe-1", RandomChance(1)) == state


def test_the_odds_give_each_canoe_a_share_with_the_number_of_playouts_and_a_margin():
    odds = race_odds(a_race(), playouts=300)
    assert odds.playouts == 300
    assert set(odds.win) == set(ROLES)
    assert 0.95 < sum(odds.win.values()) < 1.001  # rounded; a race may end with every canoe out
    assert 0 < odds.margin < 0.06
    assert odds == race_odds(a_race(), playouts=300), "the same seed gives the same odds"
    assert odds.as_dict() == {"playouts": 300, "margin": odds.margin, "win": odds.win}


def test_a_finished_race_is_won_by_its_winner_for_certain():
    state = a_race(hidden=False)
    final = RACE.playout(state, RandomChance(4))
    odds = race_odds(final, playouts=50)
    assert odds.win[RACE.winner(final)] == 1.0
    assert odds.margin == 0


def test_the_odds_need_a_playout():
    with pytest.raises(Exception, match="at least one playout"):
        race_odds(a_race(), playouts=0)


# -- Pelts: the other hand, the draw pile, the discards under the top and a shown sign -----------

SIDES = ["trapper", "indian"]


def a_chase(seed=3, steps=40, **options):
    """A chase some way in, reached by the computer on both sides."""
    chance = RandomChance(seed)
    state = PELTS.new_game(options, chance).state
    for _ in range(steps):
        seat = seats_to_act(state)[0]
        state = PELTS.apply(state, seat, PELTS.computer_action(state, seat, chance), chance).state
    return state


def pelts_odds(state, role, playouts=200, seed=9):
    return win_odds(PELTS, state, role, sides=SIDES, playouts=playouts, seed=seed)


def swapped(state, side, pile="draw"):
    """The same chase but for one card of `side`'s hand traded with one in `pile`."""
    other = copy.deepcopy(state)
    hand, cards = other["hands"][side], other[pile]
    hand[0], cards[0] = cards[0], hand[0]
    return other


def test_two_chases_that_differ_only_in_the_hidden_hand_give_the_same_odds_for_the_other_seat():
    state = a_chase()
    variant = swapped(state, "indian")
    assert variant["hands"]["indian"] != state["hands"]["indian"]
    assert PELTS.seat_view(variant, "trapper") == PELTS.seat_view(state, "trapper")
    assert pelts_odds(variant, "trapper") == pelts_odds(state, "trapper")
    shuffled = copy.deepcopy(state)
    shuffled["draw"].reverse()  # the draw pile's order is hidden from everyone
    assert pelts_odds(shuffled, "indian") == pelts_odds(state, "indian")


def test_a_spectator_sees_no_hand_so_both_hands_may_differ():
    state = a_chase(seed=4)
    variant = swapped(swapped(state, "indian"), "trapper", pile="draw")
    assert pelts_odds(variant, None) == pelts_odds(state, None)


def test_the_discards_under_the_top_one_are_hidden_too():
    state = a_chase(seed=5, steps=60)
    assert len(state["discard"]) > 1
    variant = copy.deepcopy(state)
    hand, pile = variant["hands"]["indian"], variant["discard"]
    hand[0], pile[0] = pile[0], hand[0]
    assert pelts_odds(variant, "trapper") == pelts_odds(state, "trapper")


def test_a_determinized_chase_keeps_what_the_seat_sees_and_every_card():
    state = a_chase()
    for seed in range(50):
        world = PELTS.determinize(state, "trapper", RandomChance(seed))
        assert PELTS.seat_view(world, "trapper") == PELTS.seat_view(state, "trapper")
        everywhere = [*world["hands"]["trapper"], *world["hands"]["indian"], *world["draw"]]
        before = [*state["hands"]["trapper"], *state["hands"]["indian"], *state["draw"]]
        assert sorted(everywhere + world["discard"]) == sorted(before + state["discard"])
    assert state == a_chase(), "determinizing changed the real chase"


def test_a_sign_shown_but_hidden_is_drawn_again_for_the_other_seat():
    state = a_chase(seed=2, steps=0)
    for seed in range(400):  # play on until a test waits for the second sign
        pending = state["pending"]
        if (
            pending
            and pending["kind"] == "test"
            and list(pending["signs"].values()).count(None) == 1
        ):
            break
        seat = seats_to_act(state)[0]
        chance = RandomChance(seed)
        state = PELTS.apply(state, seat, PELTS.computer_action(state, seat, chance), chance).state
    signs = state["pending"]["signs"]
    shown = next(side for side in SIDES if signs[side] is not None)
    asking = next(side for side in SIDES if side != shown)
    variants = []
    for sign in ("rock", "paper", "scissors"):
        variant = copy.deepcopy(state)
        variant["pending"]["signs"][shown] = sign
        variants.append(pelts_odds(variant, asking, playouts=100))
    assert variants[0] == variants[1] == variants[2]


# -- what the shares claim: certain only when the engine proves it (issue 33) -------------------


def test_a_finished_race_is_certain_because_it_is_over():
    final = RACE.playout(a_race(hidden=False), RandomChance(4))
    assert race_odds(final, playouts=50).certain == "The game is over."


def test_a_race_still_on_is_never_certain_whatever_its_playouts_say():
    odds = race_odds(a_race(), playouts=50)
    assert odds.certain == ""
    assert "certain" not in odds.as_dict()  # the API's answer keeps its three fields


@pytest.mark.parametrize(
    ("share", "certain", "words"),
    [
        pytest.param(1.0, False, "over 99%", id="all-playouts-are-no-proof"),
        pytest.param(0.0, False, "under 1%", id="no-playout-is-no-proof"),
        pytest.param(0.995, False, "over 99%", id="rounds-to-100"),
        pytest.param(0.004, False, "under 1%", id="rounds-to-0"),
        pytest.param(0.99, False, "99%", id="99-is-said"),
        pytest.param(0.63, False, "63%", id="a-share"),
        pytest.param(1.0, True, "100%", id="proven-win"),
        pytest.param(0.0, True, "0%", id="proven-loss"),
    ],
)
def test_a_share_is_said_as_a_reader_should_take_it(share, certain, words):
    assert share_words(share, certain) == words

"""The cards (A3-A5): keeping one, a lower one to avoid a club, the reveal and the order of
action, advantage and its ties, the range bands and the complications by rank."""

from __future__ import annotations

import json

import pytest

from chase.engines.abstract import ENGINE, cards
from chase.engines.base import IllegalMove
from tests.chase.engines.abstract_helpers import (
    act,
    chase,
    kinds,
    labels,
    person,
    play,
    put,
    said,
    texts,
    who,
)

ONE_CARD = [5, 1]
THREE_CARDS = [8, 4, 1]  # d8 8→ace 4 = 12: a success and two raises


def test_a_club_is_avoided_by_keeping_a_lower_card():
    state = chase(top=["7C", "5H", "3D"])
    state = act(state, "p1", "roll", [7, 6, 2]).state  # 8: a success and a raise: 7C, 5H

    assert labels(state, "p1") == [
        "Keep the 7 of Clubs (long range; a club: a major obstacle)",
        "Keep the 5 of Hearts (long range)",
    ]
    state = act(state, "p1", "keep", card="5H").state
    outcome = act(state, "p2", "roll", ONE_CARD)  # Grey Wolf draws the 3 of Diamonds

    pierre = who(outcome.state, "p1")
    assert pierre["card"] == "5H" and pierre["complication"] is None
    assert "face" not in kinds(outcome.state, "p1")
    assert "Pierre the 5 of Hearts (long range −4)" in said(outcome, "reveal")


def test_a_card_that_was_not_drawn_cannot_be_kept():
    state = act(chase(top=["7C", "5H"]), "p1", "roll", [7, 6, 2]).state

    with pytest.raises(IllegalMove, match="choose one of: Keep the 7 of Clubs"):
        act(state, "p1", "keep", card="AS")


def test_the_cards_are_turned_once_everyone_has_kept_one():
    state = chase(top=["QH", "4S", "9D"])
    state = act(state, "p1", "roll", ONE_CARD).state  # one card: QH
    assert state["phase"] == "roll"

    outcome = act(state, "p2", "roll", [7, 6, 2])  # two cards: 4S, 9D
    assert outcome.state["phase"] == "roll"
    outcome = act(outcome.state, "p2", "keep", card="9D")

    assert outcome.state["phase"] == "act"
    assert [e["cards"] for e in outcome.events if e["kind"] == "reveal"] == [
        {"p1": "QH", "p2": "9D"}
    ]


def test_the_order_of_action_is_highest_first_and_ties_go_by_suit():
    participants = [
        person("Pierre", "trappers"),
        person("Marie", "trappers"),
        person("Grey Wolf", "Indians"),
        person("Otter", "Indians"),
    ]
    state = chase(participants, top=["QH", "JK2", "QS", "2C"])
    state = play(
        state,
        ("p1", "roll", ONE_CARD),
        ("p2", "roll", ONE_CARD),
        ("p3", "roll", ONE_CARD),
        ("p4", "roll", ONE_CARD),
    ).state

    assert [state["participants"][i]["name"] for i in state["order"]] == [
        "Marie",  # the Joker
        "Grey Wolf",  # the Queen of Spades
        "Pierre",  # the Queen of Hearts
        "Otter",
    ]
    assert sorted(cards.FULL_DECK, key=cards.order_key)[:6] == [
        "JK1", "JK2", "AS", "AH", "AD", "AC"
    ]  # fmt: skip


def revealed(top: list[str], participants=None) -> dict:
    """Both (or all) participants draw one card each, in seat order."""
    participants = participants or [person("Pierre", "trappers"), person("Grey Wolf", "Indians")]
    state = chase(participants, top=top)
    for role in [f"p{i + 1}" for i in range(len(participants))]:
        state = act(state, role, "roll", ONE_CARD).state
    return state


def test_a_tie_of_rank_gives_the_advantage_to_both():
    state = revealed(["QH", "QS"])  # A4: equal or higher

    assert state["order"] == [1, 0]  # the spade acts first
    assert ENGINE.seat_view(state, None)["advantage"] == [{"from": "p1", "to": "p2", "tie": True}]
    assert kinds(state, "p2") == ["attack", "force", "done"]
    state = play(
        state, ("p2", "attack", [], {"target": 0}), ("gm", "resolve", [], {"result": "miss"})
    ).state

    # One attack was all Grey Wolf had (no passengers): the action passes to Pierre.
    assert kinds(state, "p1") == ["attack", "force", "done"]


def test_a_higher_card_has_outmaneuvered_the_lower_one():
    state = revealed(["KH", "5S"])

    assert ENGINE.seat_view(state, None)["advantage"] == [{"from": "p1", "to": "p2", "tie": False}]
    assert [a["target"] for a in ENGINE.legal_actions(state, "p1") if a["type"] == "attack"] == [1]

    outcome = act(state, "p1", "done")

    assert outcome.state["phase"] == "between"  # Grey Wolf on the 5 had nobody to attack
    assert said(outcome, "idle") == (
        "Grey Wolf has no foe within reach: every foe has outmaneuvered it."
    )


def test_a_foe_with_no_card_can_be_attacked_by_anyone_with_a_card():
    state = chase(top=["3H"])
    state = act(state, "p1", "roll", [1, 2]).state  # no card
    state = act(state, "p2", "roll", ONE_CARD).state

    assert [a["target"] for a in ENGINE.legal_actions(state, "p2") if a["type"] == "attack"] == [0]
    assert state["order"] == [1]  # no card, no action


@pytest.mark.parametrize(
    ("card", "band", "label"),
    [
        pytest.param("2H", "out of range", None, id="A4-two-out-of-range"),
        pytest.param("3H", "long", "Attack Grey Wolf (long range −4)", id="A4-three-long"),
        pytest.param("10S", "long", "Attack Grey Wolf (long range −4)", id="A4-ten-long"),
        pytest.param("JD", "medium", "Attack Grey Wolf (medium range −2)", id="A4-jack-medium"),
        pytest.param("QH", "medium", "Attack Grey Wolf (medium range −2)", id="A4-queen-medium"),
        pytest.param(
            "KS", "short", "Attack Grey Wolf (short range, melee possible)", id="A4-king-short"
        ),
        pytest.param(
            "AD", "short", "Attack Grey Wolf (short range, melee possible)", id="A4-ace-short"
        ),
        pytest.param(
            "JK1", "short", "Attack Grey Wolf (short range, melee possible)", id="A4-joker-short"
        ),
    ],
)
def test_the_attack_range_goes_by_the_attackers_card(card, band, label):
    state = chase(top=[card])
    state = act(state, "p1", "roll", ONE_CARD).state
    outcome = act(state, "p2", "roll", [1, 1])  # Grey Wolf has no card

    assert ENGINE.seat_view(outcome.state, None)["participants"][0]["range"] == band
    attacks = [
        a["label"] for a in ENGINE.legal_actions(outcome.state, "p1") if a["type"] == "attack"
    ]
    if label is None:
        assert attacks == []
        assert outcome.state["phase"] == "between"
        assert f"Pierre is out of range on {cards.name(card)}" in said(outcome, "idle")
    else:
        assert attacks == [label]


@pytest.mark.parametrize(
    ("card", "key", "modifier"),
    [
        pytest.param("2C", "disaster", -4, id="A5-two-of-clubs-disaster"),
        pytest.param("3C", "major", -2, id="A5-three-of-clubs-major-obstacle"),
        pytest.param("10C", "major", -2, id="A5-ten-of-clubs-major-obstacle"),
        pytest.param("JC", "minor", 0, id="A5-jack-of-clubs-minor-obstacle"),
        pytest.param("QC", "minor", 0, id="A5-queen-of-clubs-minor-obstacle"),
        pytest.param("KC", "distraction", None, id="A5-king-of-clubs-distraction"),
        pytest.param("AC", "distraction", None, id="A5-ace-of-clubs-distraction"),
        pytest.param("JK1", None, None, id="A5-a-joker-is-no-club"),
        pytest.param("9S", None, None, id="A5-a-spade-is-no-complication"),
    ],
)
def test_a_club_brings_the_complication_of_its_rank(card, key, modifier):
    assert (cards.complication(card) or (None, None, None))[0] == key
    assert (cards.complication(card) or (None, None, None))[2] == modifier


def complicated(card: str) -> dict:
    """Pierre keeps `card`, Grey Wolf (on a low card) follows him."""
    state = chase(top=[card, "2D"])
    state = act(state, "p1", "roll", ONE_CARD).state
    return act(state, "p2", "roll", ONE_CARD).state


def test_a_disaster_failed_puts_the_participant_out_of_the_chase():
    state = complicated("2C")
    assert labels(state, "p1") == ["Face a disaster: roll d8 at −4"]

    outcome = act(state, "p1", "face", [6, 3])  # 6 − 4 = 2: failed

    assert texts(outcome)[0] == (
        "Pierre faces a disaster (the 2 of Clubs): rolls d8 6 and wild d6 3: 6; −4 disaster = 2, "
        "failed."
    )
    assert who(outcome.state, "p1")["out"]
    assert outcome.state["status"] == "finished"
    assert outcome.state["winner"] == "Indians"


def test_a_disaster_passed_leaves_the_participant_to_act():
    outcome = act(complicated("2C"), "p1", "face", [8, 1, 2])  # 8→ace 1 = 9 − 4 = 5

    assert "avoided" in texts(outcome)[0]
    assert not who(outcome.state, "p1")["out"]
    assert outcome.state["phase"] == "between"  # on a Two he is out of range


@pytest.mark.parametrize(
    ("card", "dice", "total"),
    [
        pytest.param("7C", [5, 1], 3, id="A5-major-obstacle-at-minus-2"),
        pytest.param("QC", [3, 2], 3, id="A5-minor-obstacle-unmodified"),
    ],
)
def test_a_failed_obstacle_waits_for_the_game_master_to_record_the_damage(card, dice, total):
    outcome = act(complicated(card), "p1", "face", dice)

    assert outcome.events[0]["total"] == total and not outcome.events[0]["passed"]
    assert outcome.state["pending"] == [
        {"kind": "harm", "target": 0, "source": outcome.state["pending"][0]["source"]}
    ]
    assert kinds(outcome.state, "p1") == []
    assert [a["result"] for a in ENGINE.legal_actions(outcome.state, "gm")] == [
        "unhurt",
        "shaken",
        "wounded",
        "out",
    ]
    unhurt = act(outcome.state, "gm", "resolve", result="unhurt").state
    assert kinds(unhurt, "p1")[0] == "attack"  # after the complication, the action goes on
    shaken = act(outcome.state, "gm", "resolve", result="shaken")
    assert who(shaken.state, "p1")["shaken"]
    assert "Pierre is still shaken and cannot act." in texts(shaken)


def test_a_complication_roll_suffers_the_difficult_terrain_A5():
    state = chase(terrain="difficult", top=["7C", "2D"])
    state = act(state, "p1", "roll", [7, 1]).state  # 7 − 2 = 5: one card
    state = act(state, "p2", "roll", [7, 1]).state
    assert labels(state, "p1") == ["Face a major obstacle: roll d8 at −4"]

    outcome = act(state, "p1", "face", [7, 1])  # 7 − 2 major obstacle − 2 terrain = 3

    assert texts(outcome)[0] == (
        "Pierre faces a major obstacle (the 7 of Clubs): rolls d8 7 and wild d6 1: 7; "
        "−2 major obstacle −2 difficult terrain = 3, failed."
    )
    assert outcome.state["pending"][0]["kind"] == "harm"


def test_a_shaken_participant_rolls_its_complication_at_minus_2_A5():
    state = put(chase(top=["QC", "2D"]), "p1", shaken=True)
    state = act(state, "p1", "roll", [7, 1]).state  # 7 − 2 shaken = 5: one card
    state = act(state, "p2", "roll", ONE_CARD).state
    state = act(state, "gm", "resolve", result="still_shaken").state
    assert kinds(state, "p1") == ["face"]

    outcome = act(state, "p1", "face", [5, 1])  # a minor obstacle, 5 − 2 shaken = 3

    assert texts(outcome)[0] == (
        "Pierre faces a minor obstacle (the Queen of Clubs): rolls d8 5 and wild d6 1: 5; "
        "−2 shaken = 3, failed."
    )


def test_a_distraction_needs_no_roll_but_allows_no_attack():
    state = complicated("KC")

    assert kinds(state, "p1") == []
    assert state["phase"] == "between"
    assert who(state, "p1")["complication"] == "distraction"


def test_a_club_must_be_faced_before_anything_else():
    state = complicated("9C")

    assert kinds(state, "p1") == ["face"]
    with pytest.raises(IllegalMove):
        act(state, "p1", "attack", target=1)


# --- who sees which cards ---------------------------------------------------------------------


def test_a_seat_sees_its_own_cards_before_they_are_turned_and_the_game_master_sees_all():
    participants = [person("Pierre", "trappers"), person("Grey Wolf", "Indians")]
    state = chase(participants, top=["7C", "5H", "KD"])
    state = act(state, "p1", "roll", [7, 6, 2]).state
    state = act(state, "p1", "keep", card="5H").state

    mine = ENGINE.seat_view(state, "p1")["participants"][0]
    theirs = ENGINE.seat_view(state, "p2")["participants"][0]
    spectator = ENGINE.seat_view(state, None)["participants"][0]
    gm = ENGINE.seat_view(state, "gm")["participants"][0]

    assert mine["drawn"] == ["7C", "5H"] and mine["card"] == "5H" and not mine["card_shown"]
    assert gm["drawn"] == ["7C", "5H"] and gm["card"] == "5H"
    for hidden in (theirs, spectator):
        assert hidden["drawn"] is None and hidden["card"] is None
        assert hidden["drawn_count"] == 2 and hidden["kept"]
        assert '"7C"' not in json.dumps(ENGINE.seat_view(state, "p2"))
        assert '"5H"' not in json.dumps(ENGINE.seat_view(state, None))
    assert '"KD"' not in json.dumps(ENGINE.seat_view(state, "gm"))  # nobody sees the deck


def test_once_turned_every_kept_card_is_public():
    state = revealed(["QH", "4S"])

    seen = ENGINE.seat_view(state, None)["participants"]
    assert [p["card"] for p in seen] == ["QH", "4S"]
    assert [p["card_shown"] for p in seen] == [True, True]
    assert seen[0]["range"] == "medium" and seen[0]["range_modifier"] == -2

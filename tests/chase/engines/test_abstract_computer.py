"""Computer seats make the obvious choices, so a person can run a chase against them."""

from __future__ import annotations

from chase.engines.abstract import ENGINE
from chase.engines.chance import RandomChance
from tests.chase.engines.abstract_helpers import act, chase, group, person

NOBODY = RandomChance(0)


def choice(state, role):
    return {k: v for k, v in ENGINE.computer_action(state, role, NOBODY).items() if k != "label"}


def test_the_computer_keeps_its_best_card():
    state = act(chase(top=["4H", "QS", "9D"]), "p1", "roll", [8, 4, 1]).state

    assert choice(state, "p1") == {"type": "keep", "card": "QS"}


def test_the_computer_keeps_a_lower_card_rather_than_a_club():
    state = act(chase(top=["KC", "5H", "3D"]), "p1", "roll", [8, 4, 1]).state

    assert choice(state, "p1") == {"type": "keep", "card": "5H"}


def test_the_computer_keeps_the_best_club_when_it_drew_nothing_else():
    state = act(chase(top=["3C", "JC"]), "p1", "roll", [7, 6, 2]).state

    assert choice(state, "p1") == {"type": "keep", "card": "JC"}


def test_the_computer_rolls_with_its_passengers_help():
    canoe = person("Pierre", "trappers", passengers=[{"name": "Luc", "trait_die": "d6"}])
    state = chase([canoe, person("Grey Wolf", "Indians")])

    assert choice(state, "p1") == {"type": "roll", "help": True}


def test_the_computer_attacks_when_in_range_the_most_hurt_foe_first():
    participants = [
        person("Pierre", "trappers"),
        person("Grey Wolf", "Indians"),
        person("Otter", "Indians"),
    ]
    state = chase(participants, top=["KH", "5S", "6S"])
    for role in ("p1", "p2", "p3"):
        state = act(state, role, "roll", [5, 1]).state
    state["participants"][1]["wounds"] = 1

    assert choice(state, "p1") == {"type": "attack", "target": 1}


def test_a_computer_group_shares_out_its_attacks_and_faces_its_clubs():
    state = chase([person("Pierre", "trappers"), group("Braves", "Indians", 4)], top=["4H", "9C"])
    state = act(state, "p1", "roll", [5, 1]).state
    state = act(state, "p2", "roll", [5]).state

    assert choice(state, "p2") == {"type": "face"}
    state = act(state, "p2", "face", [6, 2]).state  # 6→ace 2 = 8 − 2: avoided
    assert choice(state, "p2") == {"type": "group_attack"}


def test_a_computer_game_master_records_no_harm_and_keeps_the_chase_moving():
    state = chase(top=["KH"])
    state = act(state, "p1", "roll", [5, 1]).state
    state = act(state, "p2", "roll", [1, 1]).state
    state = act(state, "p1", "attack", target=1).state

    assert choice(state, "gm") == {"type": "resolve", "result": "miss"}
    state = act(state, "gm", "resolve", result="miss").state
    assert choice(state, "gm") == {"type": "next"}


def test_a_person_can_run_a_whole_chase_as_game_master_against_computer_participants():
    chance = RandomChance(11)
    state = ENGINE.new_game({"template": "road"}, chance).state
    resolved = 0
    for _ in range(500):
        if ENGINE.status(state) == "finished":
            break
        gm = ENGINE.legal_actions(state, "gm")
        if gm:  # the person: wounds every target, starts every round
            wound = [a for a in gm if a.get("result") == "wounded" and a["type"] == "resolve"]
            action = wound[0] if wound else gm[0]
            resolved += bool(wound)
            state = ENGINE.apply(state, "gm", action, chance).state
            continue
        role = next(r for r in ENGINE.roles(state["options"]) if ENGINE.legal_actions(state, r))
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state

    assert ENGINE.status(state) == "finished"
    assert resolved > 0
    hurt = [p for p in state["participants"] if p["wounds"] or p["out"] or p["left"] != p["extras"]]
    assert hurt  # the computers attacked and the game master's wounds were kept

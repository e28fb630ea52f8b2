"""The chase's state and the pieces every phase shares: participants, sides, the deck.

A state is plain JSON data. Everything here changes, in place, a state the caller has already
copied (`copy.deepcopy`): `apply` never touches the state it was given.
"""

from __future__ import annotations

import copy
from typing import Any

from chase.engines.abstract import cards
from chase.engines.abstract.options import sides, sides_of
from chase.engines.abstract.tables import (
    BETTER_CLIMB,
    FASTER,
    FORCED,
    GM,
    KIND,
    LENGTH_NAMES,
    LENGTHS,
    SHAKEN,
    TERRAINS,
    TWICE,
    TWICE_AS_FAST,
)
from chase.engines.base import IllegalMove
from chase.engines.chance import Chance

State = dict[str, Any]
Participant = dict[str, Any]
Events = list[dict[str, Any]]

# What each participant's round starts with (reset at every round's start).
ROUND_FIELDS: dict[str, Any] = {
    "rolled": False,  # made this round's maneuvering roll
    "helped": False,  # its passengers cooperated in it
    "roll": None,  # {"total", "successes", "text"}: public once rolled
    "drawn": [],  # the cards drawn (hidden from the other seats until revealed)
    "card": None,  # the card kept: its action card
    "kept": False,  # has chosen (or had nothing to choose)
    "complication": None,  # A5: the club's complication key, once revealed
    "faced": False,  # has rolled against its complication
    "recover_asked": False,  # the GM was asked whether it recovers from shaken
    "actions": 0,  # attacks and forces left this round
    "force_used": False,
    "acted": False,  # did something on its card
    "done": False,  # its action is over
}


def new_participants(options: dict[str, Any]) -> list[Participant]:
    participants = []
    for index, spec in enumerate(options["participants"]):
        participants.append(
            {
                "index": index,
                "role": role_of(index),
                "name": spec["name"],
                "side": spec["side"],
                "die": sides(spec["trait_die"]),
                "wild": spec["wild_card"],
                "speed": spec["top_speed"],
                "climb": spec["climb"],
                "passengers": [
                    {"name": p["name"], "die": sides(p["trait_die"]), "wild": p["wild_card"]}
                    for p in spec["passengers"]
                ],
                "group": spec["extras"] is not None,
                "extras": spec["extras"],
                "left": spec["extras"],  # extras of the group still in the chase
                "shaken": False,
                "wounds": 0,
                "out": False,
                "withdrawn": False,
                "forced": 0,  # A6: successful forces against it, for its next roll
                **copy.deepcopy(ROUND_FIELDS),
            }
        )
    return participants


def new_state(options: dict[str, Any], chance: Chance) -> tuple[State, Events]:
    """Shuffle the deck and seat the participants: round 1 waits for the maneuvering rolls."""
    rounds = LENGTHS[options["length"]]
    participants = new_participants(options)
    state: State = {
        "kind": KIND,
        "options": options,
        "status": "playing",
        "winner": None,
        "round": 1,
        "rounds": rounds,
        "phase": "roll",
        "deck": chance.shuffle(list(cards.FULL_DECK), label="deck"),
        "discard": [],
        "joker_dealt": False,
        "participants": participants,
        "order": [],
        "turn": 0,
        "pending": [],
    }
    events: Events = [{"kind": "setup", "text": setup_text(state)}, round_event(state)]
    return state, events


def setup_text(state: State) -> str:
    options = state["options"]
    rounds = state["rounds"]
    length = LENGTH_NAMES[options["length"]]
    if rounds:
        length += f" of {rounds} rounds"
    terrain = "over difficult terrain (−2)" if TERRAINS[options["terrain"]] else "in the open"
    prey, hunters = prey_side(state), pursuer_side(state)
    if rounds is None:
        sides_text = f"{side_text(state, prey)} against {side_text(state, hunters)}"
    else:
        sides_text = f"{side_text(state, hunters)} pursue {side_text(state, prey)}"
    return f"{length[0].upper()}{length[1:]} {terrain}: {sides_text}."


def side_text(state: State, side: str) -> str:
    names = ", ".join(who(p) for p in state["participants"] if p["side"] == side)
    return f"the {side} ({names})"


def round_event(state: State) -> dict[str, Any]:
    rounds = state["rounds"]
    of = f" of {rounds}" if rounds else ""
    text = f"Round {state['round']}{of}: everyone rolls to maneuver."
    return {"kind": "round", "round": state["round"], "text": text}


def copy_state(state: State) -> State:
    """A copy for `apply` (and a playout) to change, made field by field (deepcopy is several
    times slower): the options never change after `new_game`, so they are shared; so are the
    passengers' records and a roll's record, which are replaced, never changed in place."""
    new = dict(state)
    new["deck"] = list(state["deck"])
    new["discard"] = list(state["discard"])
    new["order"] = list(state["order"])
    new["pending"] = [dict(pending) for pending in state["pending"]]
    participants = []
    for participant in state["participants"]:
        copied = dict(participant)
        copied["drawn"] = list(participant["drawn"])
        participants.append(copied)
    new["participants"] = participants
    return new


def role_of(index: int) -> str:
    return f"p{index + 1}"


def roles(options: dict[str, Any]) -> list[str]:
    return [GM] + [role_of(i) for i in range(len(options["participants"]))]


def participant_of(state: State, role: str) -> Participant:
    for participant in state["participants"]:
        if participant["role"] == role:
            return participant
    raise IllegalMove(f"There is no seat {role!r} in this chase.")


def who(participant: Participant) -> str:
    """A participant in the log: its name, and a group's extras still in the chase."""
    if participant["group"]:
        return f"{participant['name']} ({participant['left']})"
    return participant["name"]


def in_chase(participant: Participant) -> bool:
    return not participant["out"] and not participant["withdrawn"]


def the_sides(state: State) -> list[str]:
    return sides_of(state["options"]["participants"])


def prey_side(state: State) -> str:
    return state["options"]["prey"]


def pursuer_side(state: State) -> str:
    return next(side for side in the_sides(state) if side != prey_side(state))


def foes(state: State, participant: Participant) -> list[Participant]:
    """The opponents still in the chase."""
    return [
        other
        for other in state["participants"]
        if other["side"] != participant["side"] and in_chase(other)
    ]


def card_rank(participant: Participant) -> int:
    """The rank of its action card; 0 with no card (any card has the advantage over it)."""
    return cards.rank(participant["card"]) if participant["card"] else 0


def has_advantage(attacker: Participant, target: Participant) -> bool:
    """A4: an equal or higher card than the target's (so a tie gives it to both)."""
    return attacker["card"] is not None and card_rank(attacker) >= card_rank(target)


def roll_modifiers(state: State, participant: Participant) -> list[tuple[int, str]]:
    """A3: the maneuvering roll's modifiers, each with its reason, in the seed's order."""
    mods: list[tuple[int, str]] = []
    opponents = foes(state, participant)
    if opponents:
        fastest = max(other["speed"] for other in opponents)
        if participant["speed"] >= TWICE * fastest:  # twice as fast, exactly twice included
            mods.append((TWICE_AS_FAST, "twice as fast"))
        elif participant["speed"] > fastest:
            mods.append((FASTER, "faster"))
        climbs = [other["climb"] for other in opponents if other["climb"] is not None]
        if participant["climb"] is not None and climbs and participant["climb"] > max(climbs):
            mods.append((BETTER_CLIMB, "better climb"))
    terrain = TERRAINS[state["options"]["terrain"]]
    if terrain:
        mods.append((terrain, "difficult terrain"))
    if participant["shaken"]:
        mods.append((SHAKEN, "shaken"))
    if participant["forced"]:
        mods.append((FORCED * participant["forced"], "forced"))
    return mods


def draw(state: State, count: int, chance: Chance, events: Events) -> list[str]:
    """Deal `count` cards from the top; an empty deck is made again from the discards."""
    dealt: list[str] = []
    for _ in range(count):
        if not state["deck"]:
            if not state["discard"]:
                break  # every card is on the table
            state["deck"] = chance.shuffle(state["discard"], label="deck")
            state["discard"] = []
            events.append(
                {"kind": "shuffle", "text": "The deck runs out: the discards are shuffled."}
            )
        card = state["deck"].pop(0)
        if card in cards.JOKERS:
            state["joker_dealt"] = True
        dealt.append(card)
    return dealt


def collect_cards(state: State, chance: Chance, events: Events) -> None:
    """Every card dealt last round goes to the discards; after a Joker the whole deck is
    shuffled, as action cards are (the seed deals chase cards "rather than" them)."""
    for participant in state["participants"]:
        state["discard"].extend(participant["drawn"])
    if state["joker_dealt"]:
        state["deck"] = chance.shuffle(state["deck"] + state["discard"], label="deck")
        state["discard"] = []
        state["joker_dealt"] = False
        events.append({"kind": "shuffle", "text": "A Joker was dealt: the deck is shuffled."})


def reset_round(state: State) -> None:
    for participant in state["participants"]:
        participant.update(ROUND_FIELDS)
        participant["drawn"] = []  # the one field that is a list: a new one for each
    state["order"] = []
    state["turn"] = 0
    state["pending"] = []

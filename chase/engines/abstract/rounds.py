"""A round of the chase (A3-A6): the maneuvering rolls, the choice of cards, the reveal, and each
participant's action on its card in order (its complication, attacks, forces).

Every function here changes, in place, a state the caller has already copied.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import cards
from chase.engines.abstract.dice import (
    Thrown,
    modified_roll,
    result_words,
    signed,
    successes,
    thrown,
    told,
)
from chase.engines.abstract.state import (
    Events,
    Participant,
    State,
    card_rank,
    draw,
    foes,
    has_advantage,
    in_chase,
    roll_modifiers,
    who,
)
from chase.engines.abstract.story import check_end, harm_pending, take_out
from chase.engines.abstract.tables import (
    DISTRACTION,
    FORCE_OBSTACLE,
    FORCED,
    SHAKEN,
    SUCCESS,
    TERRAINS,
)
from chase.engines.chance import Chance

# --- the maneuvering roll and the cards (A3, A5) ---------------------------------------------


def roll(
    state: State,
    participant: Participant,
    help_: bool,
    chance: Chance,
    events: Events,
    *,
    tell: bool = True,
) -> None:
    """A3: the roll, its cards; one card is kept at once, none means no card this round. With
    `tell` False (the odds' playout) the roll is not told as an event (nor the cards turned
    after it) and its words in the state are left to `Untold` until the playout ends: the same
    dice, cards and state."""
    helpers = participant["passengers"] if help_ else []
    total, dice_ = thrown(
        participant["die"], participant["wild"], roll_modifiers(state, participant), chance, helpers
    )
    participant["forced"] = 0  # A6: the penalty was for this roll
    count = successes(total)
    dealt = draw(state, count, chance, events)
    participant.update(rolled=True, helped=bool(helpers), drawn=dealt)
    if tell:
        result = told(dice_)
        text = _roll_words(participant["name"], result["text"], count, len(dealt))
        events.append(
            {
                "kind": "roll",
                "seat": participant["role"],
                "die": result["die"],
                "faces": result["faces"],
                "wild_faces": result["wild_faces"],
                "helps": [h["faces"] for h in result["helps"]],
                "modifiers": result["modifiers"],
                "total": result["total"],
                "cards": len(dealt),
                "text": text + ".",
            }
        )
    else:
        text = Untold(participant["name"], dice_, count, len(dealt))
    participant["roll"] = {"total": total, "successes": count, "cards": len(dealt), "text": text}
    if len(dealt) <= 1:
        participant["card"] = dealt[0] if dealt else None
        participant["kept"] = True
    reveal_when_all_kept(state, events, tell=tell)


def _roll_words(name: str, said: str, count: int, dealt: int) -> str:
    """The roll in the state's words: "Swift Otter rolls d8 7: 7, a success: one card"."""
    text = f"{name} rolls {said}, {result_words(count)}"
    if count:
        text += f": {cards.count_words(dealt)}"
        if dealt < count:
            text += " (every other card is on the table)"
    else:
        text += ": no card this round"
    return text


class Untold:
    """A roll's words not yet said (the odds' playout): most rolls of a playout are rolled
    over by the next round's, so only those still in the final state are said (`say`)."""

    __slots__ = ("name", "dice", "count", "dealt")

    def __init__(self, name: str, dice_: Thrown, count: int, dealt: int) -> None:
        self.name, self.dice, self.count, self.dealt = name, dice_, count, dealt

    def say(self) -> str:
        return _roll_words(self.name, told(self.dice)["text"], self.count, self.dealt)


def keep(
    state: State, participant: Participant, card: str, events: Events, *, tell: bool = True
) -> None:
    """A3/A5: keep one card drawn, usually the highest, maybe a lower one to avoid a club.
    With `tell` False (the odds' playout), neither the keeping nor the cards turned are told."""
    participant["card"] = card
    participant["kept"] = True
    if tell:
        events.append(
            {
                "kind": "keep",
                "seat": participant["role"],
                "text": f"{participant['name']} keeps one of {len(participant['drawn'])} cards.",
            }
        )
    reveal_when_all_kept(state, events, tell=tell)


def reveal_when_all_kept(state: State, events: Events, *, tell: bool = True) -> None:
    chasing = [p for p in state["participants"] if in_chase(p)]
    if not all(p["rolled"] and p["kept"] for p in chasing):
        return
    with_cards = [p for p in chasing if p["card"]]
    for participant in with_cards:
        trouble = cards.complication(participant["card"])
        participant["complication"] = trouble[0] if trouble else None
        # Passengers act on the driver's card: one attack each beside the driver's own action.
        participant["actions"] = 1 + len(participant["passengers"])
    state["order"] = [
        p["index"] for p in sorted(with_cards, key=lambda p: cards.order_key(p["card"]))
    ]
    state["turn"] = 0
    state["phase"] = "act"
    if tell:
        parts = [_card_words(p) for p in sorted(chasing, key=_table_order)]
        events.append(
            {
                "kind": "reveal",
                "cards": {p["role"]: p["card"] for p in chasing},
                "text": "The cards are turned: " + "; ".join(parts) + ".",
            }
        )
    advance(state, events)


def _table_order(participant: Participant) -> tuple:
    card = participant["card"]
    return cards.order_key(card) if card else (1, 0, participant["name"])


def _card_words(participant: Participant) -> str:
    card = participant["card"]
    if card is None:
        return f"{participant['name']} has no card"
    band, modifier = cards.range_band(card)
    words = f"{participant['name']} {cards.name(card)} ({_range_words(band, modifier)}"
    trouble = cards.complication(card)
    if trouble:
        words += f"; a club: {trouble[1]}"
    return words + ")"


def _range_words(band: str, modifier: int | None) -> str:
    if modifier is None:
        return "out of range"
    if modifier == 0:
        return "short range, melee possible"
    return f"{band} range {signed(modifier)}"


# --- whose action it is ----------------------------------------------------------------------


def active(state: State) -> Participant | None:
    """The participant acting on its card now (None outside the act phase or while the GM
    has something to decide)."""
    if state["status"] != "playing" or state["phase"] != "act" or state["pending"]:
        return None
    if state["turn"] >= len(state["order"]):
        return None
    return state["participants"][state["order"][state["turn"]]]


def needs_to_face(participant: Participant) -> bool:
    """A5: a club with a roll (everything but a distraction) is faced before anything else."""
    trouble = participant["complication"]
    return trouble is not None and trouble != DISTRACTION[0] and not participant["faced"]


def can_attack(participant: Participant) -> bool:
    card = participant["card"]
    return (
        card is not None
        and participant["actions"] > 0
        and not participant["shaken"]
        and participant["complication"] != DISTRACTION[0]  # A5: no attack this round
        and cards.range_band(card)[1] is not None  # A4: a Two is out of range
    )


def targets(state: State, participant: Participant) -> list[Participant]:
    """A4: the foes it has the advantage over (and so may attack or force)."""
    if not can_attack(participant):
        return []
    return [foe for foe in foes(state, participant) if has_advantage(participant, foe)]


def has_choice(state: State, participant: Participant) -> bool:
    if state["rounds"] is None:
        return True  # in a dogfight a participant may always break off (withdraw)
    return bool(targets(state, participant))


def advance(state: State, events: Events) -> None:
    """Move the action on to the next participant with something to decide; when the last has
    acted, the round waits for the game master."""
    while state["status"] == "playing" and state["phase"] == "act" and not state["pending"]:
        if state["turn"] >= len(state["order"]):
            state["phase"] = "between"
            events.append(
                {
                    "kind": "between",
                    "round": state["round"],
                    "text": f"Round {state['round']} is played out: the game master records "
                    "what the story does, then goes on.",
                }
            )
            return
        participant = state["participants"][state["order"][state["turn"]]]
        if in_chase(participant) and not participant["done"]:
            # Shaken at the start of its action, it tries to recover first (the game master
            # says how); shaken later in its action, it cannot act on until next round.
            if not participant["recover_asked"]:
                participant["recover_asked"] = True
                if participant["shaken"]:
                    state["pending"].append({"kind": "recover", "target": participant["index"]})
                    events.append(
                        {
                            "kind": "shaken",
                            "seat": participant["role"],
                            "text": f"{participant['name']} is shaken and tries to recover on "
                            f"{cards.name(participant['card'])}: the game master says how.",
                        }
                    )
                    return
            if needs_to_face(participant):
                return
            if has_choice(state, participant):
                return
            if not participant["acted"]:
                events.append(_idle_event(state, participant))
        participant["done"] = True
        state["turn"] += 1


def _idle_event(state: State, participant: Participant) -> dict[str, Any]:
    name = participant["name"]
    card = participant["card"]
    if participant["shaken"]:
        text = f"{name} is still shaken and cannot act."
    elif participant["complication"] == DISTRACTION[0]:
        text = f"{name} is distracted ({cards.name(card)}): no attack this round."
    elif cards.range_band(card)[1] is None:
        text = f"{name} is out of range on {cards.name(card)}: no attack this round."
    elif participant["actions"] <= 0:
        text = f"{name} has acted."
    else:
        text = f"{name} has no foe within reach: every foe has outmaneuvered it."
    return {"kind": "idle", "seat": participant["role"], "text": text}


def end_action(state: State, participant: Participant, events: Events) -> None:
    participant["done"] = True
    state["turn"] += 1
    advance(state, events)


# --- actions on the card (A4-A6) -------------------------------------------------------------


def face(state: State, participant: Participant, chance: Chance, events: Events) -> None:
    """A5: roll against the club's complication: a failed disaster is out of the chase; a
    failed obstacle does damage or fatigue, which the game master tells."""
    key, words, modifier = cards.complication(participant["card"])  # type: ignore[misc]
    participant["faced"] = True
    passed = obstacle_roll(
        state, participant, words, modifier, chance, events, why=cards.name(participant["card"])
    )
    if not passed and key == "disaster":
        take_out(state, participant, events, f"{participant['name']} is out of the chase")
    elif not passed:
        harm_pending(state, participant, words, events)
    check_end(state, events)
    advance(state, events)


def complication_modifiers(
    state: State, participant: Participant, words: str, modifier: int
) -> list[tuple[int, str]]:
    """A5: the complication's own modifier; and as a trait roll, difficult terrain and shaken
    count as they do on the maneuvering roll."""
    mods = [(modifier, words.split(" ", 1)[1])] if modifier else []
    terrain = TERRAINS[state["options"]["terrain"]]
    if terrain:
        mods.append((terrain, "difficult terrain"))
    if participant["shaken"]:
        mods.append((SHAKEN, "shaken"))
    return mods


def obstacle_roll(
    state: State,
    participant: Participant,
    words: str,
    modifier: int,
    chance: Chance,
    events: Events,
    *,
    why: str,
) -> bool:
    """A trait roll at the complication's modifier; True when it is a success."""
    mods = complication_modifiers(state, participant, words, modifier)
    result = modified_roll(participant["die"], participant["wild"], mods, chance)
    passed = result["total"] >= SUCCESS
    verdict = "avoided" if passed else "failed"
    events.append(
        {
            "kind": "complication",
            "seat": participant["role"],
            "faces": result["faces"],
            "wild_faces": result["wild_faces"],
            "total": result["total"],
            "passed": passed,
            "text": f"{participant['name']} faces {words} ({why}): rolls {result['text']}, "
            f"{verdict}.",
        }
    )
    return passed


def attack(state: State, attacker: Participant, target: Participant, events: Events) -> None:
    """A4: an attack on a foe it has the advantage over; the game master tells the result."""
    band, modifier = cards.range_band(attacker["card"])
    attacker["actions"] -= 1
    attacker["acted"] = True
    state["pending"].append(
        {
            "kind": "attack",
            "attacker": attacker["index"],
            "target": target["index"],
            "count": 1,
            "range": band,
        }
    )
    events.append(
        {
            "kind": "attack",
            "seat": attacker["role"],
            "target": target["role"],
            "range": band,
            "text": f"{attacker['name']} attacks {who(target)} at "
            f"{_range_words(band, modifier)}: the game master tells what happens.",
        }
    )


def split_attacks(state: State, group: Participant) -> list[tuple[Participant, int, bool]]:
    """A4 (groups): every foe in the chase, passengers included, is allotted the group's size
    divided by the number of foes, rounded up, the foes on the lowest cards first, until the
    extras run out (never more attackers than the group has). A participant's allotment is its
    own and its passengers'; those against a foe with the advantage over the group are lost.
    (foe, extras, attacked) for each foe allotted any."""
    opponents = foes(state, group)
    riders = sum(1 + len(foe["passengers"]) for foe in opponents)
    if not riders:
        return []
    each = -(-group["left"] // riders)  # rounded up
    unallotted = group["left"]
    shares: dict[int, int] = {}
    for foe in sorted(opponents, key=lambda foe: (card_rank(foe), foe["index"])):
        for _rider in range(1 + len(foe["passengers"])):
            allotted = min(each, unallotted)
            unallotted -= allotted
            shares[foe["index"]] = shares.get(foe["index"], 0) + allotted
    return [
        (foe, shares[foe["index"]], has_advantage(group, foe))
        for foe in opponents
        if shares[foe["index"]]
    ]


def group_attack(state: State, group: Participant, events: Events) -> None:
    shares = split_attacks(state, group)
    band, modifier = cards.range_band(group["card"])
    group["actions"] -= 1
    group["acted"] = True
    parts, lost = [], []
    for foe, count, attacked in shares:
        if attacked:
            parts.append(f"{count} on {who(foe)}")
            state["pending"].append(
                {
                    "kind": "attack",
                    "attacker": group["index"],
                    "target": foe["index"],
                    "count": count,
                    "range": band,
                }
            )
        else:
            lost.append(f"{count} against {who(foe)}")
    text = f"{group['name']} share out their {group['left']} attacks at "
    text += f"{_range_words(band, modifier)}: " + (", ".join(parts) or "none can strike")
    if lost:
        text += f"; lost for want of the advantage: {', '.join(lost)}"
    events.append(
        {
            "kind": "group_attack",
            "seat": group["role"],
            "shares": [[foe["role"], count, attacked] for foe, count, attacked in shares],
            "text": text + ".",
        }
    )


def force(
    state: State, attacker: Participant, target: Participant, chance: Chance, events: Events
) -> None:
    """A6: an opposed maneuvering roll, the attacker's modified by range. It wins with a
    success that beats the target's total (a tie holds); a success gives the target −2 on
    its next maneuvering roll, a raise (4 over the target's total) an obstacle as well."""
    band, modifier = cards.range_band(attacker["card"])
    attacker["actions"] -= 1
    attacker["acted"] = True
    attacker["force_used"] = True
    mods = [(modifier, f"{band} range")] if modifier else []
    ours = modified_roll(attacker["die"], attacker["wild"], mods, chance)
    theirs = modified_roll(target["die"], target["wild"], [], chance)
    won = ours["total"] >= SUCCESS and ours["total"] > theirs["total"]
    raised = won and ours["total"] - theirs["total"] >= 4
    text = (
        f"{attacker['name']} forces {who(target)}: rolls {ours['text']} against "
        f"{target['name']}'s {theirs['text']}"
    )
    if not won:
        text += f": {target['name']} holds its course."
    else:
        target["forced"] += 1
        text += f": {'a raise' if raised else 'a success'}, {target['name']} is at "
        text += f"{signed(FORCED)} on its next maneuvering roll"
        text += " and hits an obstacle." if raised else "."
    events.append(
        {
            "kind": "force",
            "seat": attacker["role"],
            "target": target["role"],
            "total": ours["total"],
            "against": theirs["total"],
            "won": won,
            "raise": raised,
            "text": text,
        }
    )
    if raised:
        _key, words, obstacle_modifier = FORCE_OBSTACLE
        if not obstacle_roll(
            state, target, words, obstacle_modifier or 0, chance, events, why="forced"
        ):
            harm_pending(state, target, words, events)


def withdraw(state: State, participant: Participant, events: Events) -> None:
    """A1: in a dogfight a participant may break off on its card."""
    participant["withdrawn"] = True
    participant["done"] = True
    events.append(
        {
            "kind": "withdraw",
            "seat": participant["role"],
            "text": f"{who(participant)} breaks off and withdraws from the fight.",
        }
    )
    check_end(state, events)
    state["turn"] += 1
    advance(state, events)

"""The win odds of the abstract chase: what a seat cannot see drawn afresh (`determinize`), and
the chase played to its end by the computer at every seat (`playout`).

What the odds mean: the share of playouts each side wins, as `winner` says it: the prey escape
(still free after the last round, A1) or the pursuers stop every one of them; in a dogfight, the
side left holding the field. The game master's future decisions are the computer game master's
obvious ones (`computer.py`): it records no harm from attacks or obstacles and lets the shaken
recover, so in a playout only a failed disaster (A5) takes anyone out of the chase. The odds
are thus the chances as the dice and the cards stand, with the story left to the game master.

Hidden from a seat (see `seat_view.py`): the order of the deck and which cards are in it or among
the discards (only their counts are shown), and every other participant's cards drawn this
round (its kept card too, until the cards are turned); the game master sees every card drawn.
`determinize` pools those cards in the deck's printed order (so the pool depends only on what
the seat sees) and deals them back at random, each place keeping its visible count; a
participant whose kept card is still face down keeps the card the computer would have kept.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import cards, rounds
from chase.engines.abstract.actions import perform
from chase.engines.abstract.computer import PASSIVE, choose, worth
from chase.engines.abstract.options import sides_of
from chase.engines.abstract.rounds import active, needs_to_face, targets
from chase.engines.abstract.state import State, copy_state, participant_of
from chase.engines.abstract.tables import (
    ATTACK_RESULTS,
    GM,
    HARM_RESULTS,
    LENGTHS,
    RECOVER_RESULTS,
)
from chase.engines.base import IllegalMove
from chase.engines.chance import Chance

PRINTED_ORDER = {card: n for n, card in enumerate(cards.FULL_DECK)}
# A dogfight ends only when a side is out or withdraws, which the computer never does: a
# playout still on after this many more rounds (an extended chase's length) is nobody's win.
DOGFIGHT_ROUNDS = 10
# The computer game master's answer to each thing waiting for it: the first passive result.
PASSIVE_RESULT = {
    kind: next(result for result in results if result in PASSIVE)
    for kind, results in (
        ("attack", ATTACK_RESULTS),
        ("harm", HARM_RESULTS),
        ("recover", RECOVER_RESULTS),
    )
}


def meaning(options: dict[str, Any]) -> str:
    """What the odds say, in words, for cleaned options."""
    prey = options["prey"]
    hunters = next(side for side in sides_of(options["participants"]) if side != prey)
    if LENGTHS[options["length"]] is None:
        what = (
            "who wins the dogfight: the side left holding the field once the other is out or "
            f"has withdrawn (a fight still on after {DOGFIGHT_ROUNDS} more rounds counts for "
            "nobody)"
        )
    else:
        what = (
            f"who wins the chase: the {prey} if any of them is still free after the last "
            f"round, the {hunters} if they stop every one of them"
        )
    return (
        f"The chances are {what}. The game master's decisions to come are played as the "
        "computer's: no harm recorded from attacks or obstacles, so only a failed disaster (a "
        "Two of Clubs) takes anyone out; the story you tell can change everything."
    )


def determinize(state: State, role: str | None, chance: Chance) -> State:
    """A chase `role` (the game master, a participant's seat, or None for a spectator) cannot
    tell from this one."""
    new = copy_state(state)
    revealed = new["phase"] in ("act", "between", "over")
    hidden = [p for p in new["participants"] if role != GM and p["role"] != role]
    pool = new["deck"] + new["discard"]
    for participant in hidden:
        pool += _unseen(participant, revealed)
    pool.sort(key=PRINTED_ORDER.__getitem__)
    dealt = chance.shuffle(pool, label="determinize")
    for participant in hidden:
        unseen = len(_unseen(participant, revealed))
        fresh, dealt = dealt[:unseen], dealt[unseen:]
        if revealed and participant["card"] is not None:
            participant["drawn"] = [participant["card"], *fresh]
        else:
            participant["drawn"] = fresh
            if participant["kept"] and fresh:
                keeps = [{"type": "keep", "card": card} for card in fresh]
                participant["card"] = choose(new, participant["role"], keeps)["card"]
    new["discard"], new["deck"] = dealt[: len(new["discard"])], dealt[len(new["discard"]) :]
    # Whether a Joker was dealt this round (the deck is shuffled after it) follows the deal.
    new["joker_dealt"] = any(
        card in cards.JOKERS for p in new["participants"] for card in p["drawn"]
    )
    return new


def _unseen(participant: dict[str, Any], revealed: bool) -> list[str]:
    """The cards of another participant a seat does not see: all it drew, but for its kept
    card once the cards are turned."""
    if revealed and participant["card"] is not None:
        drawn = list(participant["drawn"])
        drawn.remove(participant["card"])
        return drawn
    return list(participant["drawn"])


def playout(state: State, chance: Chance) -> State:
    """The final state from a copy of `state`, the computer at every seat: each time the
    first seat with something to do (the game master first, then the participants in order)
    takes the computer's choice, as stepping through `apply` with `computer_action` does (a
    test holds them equal). The choice is made here without building every legal action and
    its label (`next_choice`), and the action is performed without checking it again."""
    state = copy_state(state)
    last_round = state["round"] + DOGFIGHT_ROUNDS if state["rounds"] is None else None
    events: list[dict[str, Any]] = []
    while state["status"] == "playing":
        if last_round is not None and state["round"] > last_round:
            break
        role, action = next_choice(state)
        kind = action["type"]
        if kind == "roll":  # said only if it is the last roll kept (`rounds.Untold`)
            participant = participant_of(state, role)
            rounds.roll(state, participant, action.get("help", True), chance, events, tell=False)
        elif kind == "keep":  # nobody reads the playout's events
            rounds.keep(state, participant_of(state, role), action["card"], events, tell=False)
        else:
            perform(state, role, action, chance, events)
        events.clear()
    for participant in state["participants"]:
        kept = participant["roll"]
        if kept and isinstance(kept["text"], rounds.Untold):
            kept["text"] = kept["text"].say()
    return state


def next_choice(state: State) -> tuple[str, dict[str, Any]]:
    """The first seat with something to do and the computer's action for it, as the first
    role of `roles` with legal actions and `computer.choose` among them would give."""
    pending = state["pending"]
    if pending:  # only the game master acts: the first passive result (`computer.PASSIVE`)
        return GM, {"type": "resolve", "result": PASSIVE_RESULT[pending[0]["kind"]]}
    phase = state["phase"]
    if phase == "between":
        last = state["rounds"] is not None and state["round"] >= state["rounds"]
        return GM, {"type": "end" if last else "next"}
    if phase == "roll":
        for participant in state["participants"]:
            if participant["out"] or participant["withdrawn"]:
                continue
            if not participant["rolled"]:
                if participant["passengers"]:
                    return participant["role"], {"type": "roll", "help": True}
                return participant["role"], {"type": "roll"}
            if not participant["kept"]:
                card = min(participant["drawn"], key=_keep_key)
                return participant["role"], {"type": "keep", "card": card}
    participant = active(state)
    if participant is None:  # pragma: no cover - a chase in play always has a seat to act
        raise IllegalMove("Nobody has anything to do in this chase.")
    role = participant["role"]
    if needs_to_face(participant):
        return role, {"type": "face"}
    foes = targets(state, participant)
    if foes and participant["group"]:
        return role, {"type": "group_attack"}
    if foes:
        best = max(foes, key=lambda foe: worth(state, foe["index"]))
        return role, {"type": "attack", "target": best["index"]}
    return role, {"type": "done"}


def _keep_key(card: str) -> tuple[bool, tuple[int, int, str]]:
    """`computer.best_card`: the highest card that is not a club, else the highest club."""
    return (cards.is_club(card), cards.order_key(card))

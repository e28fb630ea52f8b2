"""Sub-phases that wait for a player, and the steps that resume once they answer.

A card can set off a chain (a move meets a sandbank, the test fails, a melee follows, its
result may be cancelled with an ace...). Because the state must stay plain JSON, the rest of
the chain is stored as a continuation: a dict naming a registered step plus its arguments.
A sub-phase (`state["pending"]`) holds the question and the continuation (`"then"`); the
answer is written into the continuation, which then runs. Kinds of pending sub-phase:

- "test": rock-paper-scissors (P8); both sides post a sign, hidden from each other;
- "reaction": the target's owner may cancel with an ace of their colour (P6);
- "counter": the opponent of a holed canoe may play a counter-card (P12);
- "choice": a choice the rules give (go wide or cut, pick up the rower or go on...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.model import Events, State, discard, other, say, side_title, told
from chase.engines.pelts.tables import (
    BEATS,
    OTHER,
    RESULT_WORDS,
    SIDE_NAMES,
    SIGNS,
    TEST_RESULTS,
    TEST_TITLES,
)

Step = Callable[[State, dict[str, Any], Chance, Events], None]

# A test's answers (P8), in the order offered; never changed (`pending_actions` hands out copies).
SIGN_ACTIONS = tuple({"type": "sign", "sign": s, "label": f"Show {s}"} for s in SIGNS)
STEPS: dict[str, Step] = {}
# The aces and the number cards of each colour, for cancelling (P6) and countering (P12).
ACES = {
    colour: frozenset(c for c in cards.FULL_DECK if cards.is_ace(c) and cards.COLOUR[c] == colour)
    for colour in ("black", "red")
}
NUMBERS = {
    colour: frozenset(
        c for c in cards.FULL_DECK if cards.is_number(c) and cards.COLOUR[c] == colour
    )
    for colour in ("black", "red")
}


def step(name: str) -> Callable[[Step], Step]:
    """Register a continuation step under a name that can be stored in the state."""

    def register(fn: Step) -> Step:
        STEPS[name] = fn
        return fn

    return register


def run(state: State, k: dict[str, Any], chance: Chance, events: Events) -> None:
    """Carry on with continuation `k`, unless the chase has ended meanwhile."""
    if state["status"] == "playing":
        STEPS[k["step"]](state, k, chance, events)


# -- asking ------------------------------------------------------------------------------------


def ask_test(state: State, test: str, side: str, text: str, k: dict[str, Any]) -> None:
    """Open a rock-paper-scissors test (P8) read from `side`'s point of view."""
    state["pending"] = {
        "kind": "test",
        "test": test,
        "for": side,
        "signs": {"trapper": None, "indian": None},
        "text": text,
        "then": k,
    }


def cancel_aces(state: State, side: str) -> list[str]:
    """Aces a side may cancel with. Decided: only aces of its own colour, as every other card
    (P3); an off-colour ace is of no use to it."""
    aces = ACES[cards.SIDE_COLOURS[side]]
    return [c for c in state["hands"][side] if c in aces]


def ask_reaction(state: State, side: str, what: str, text: str, k: dict[str, Any]) -> None:
    """P6: before something against `side`'s canoe resolves, its owner may cancel it with an
    ace. The step opens whether or not the owner holds one (with none, the only answer is to
    pass), so that no other view shows what the hidden hand holds."""
    state["pending"] = {"kind": "reaction", "seat": side, "what": what, "text": text, "then": k}


def counter_cards(state: State, side: str, holed_side: str) -> list[str]:
    """P12: number cards of the holed canoe's colour held by its opponent `side`."""
    numbers = NUMBERS[cards.SIDE_COLOURS[holed_side]]
    return [c for c in state["hands"][side] if c in numbers]


def ask_counter(state: State, side: str, text: str, k: dict[str, Any]) -> None:
    """P6/P12: `side` may slow a holed enemy canoe with a counter-card. Asked every time, even
    with no usable card in hand (then the only answer is to pass), so the hand stays hidden."""
    state["pending"] = {"kind": "counter", "seat": side, "text": text, "then": k}


def ask_choice(
    state: State, side: str, choice: str, text: str, options: list[dict], k: dict[str, Any]
) -> None:
    """A choice the rules give `side`; each option has "option", "label" and maybe "target"."""
    state["pending"] = {
        "kind": "choice",
        "seat": side,
        "choice": choice,
        "text": text,
        "options": options,
        "then": k,
    }


# -- who answers -------------------------------------------------------------------------------


def signers(state: State) -> list[str]:
    """Sides still to show a sign. P8 quick tests: only the active side is asked."""
    signs = state["pending"]["signs"]
    if state["options"]["quick_tests"]:
        active = state["active"]
        return [active] if signs[active] is None else []
    return [side for side in ("trapper", "indian") if signs[side] is None]


def pending_actions(state: State, role: str) -> list[dict[str, Any]]:
    pending = state["pending"]
    kind = pending["kind"]
    if kind == "test":
        if role not in signers(state):
            return []
        return [dict(a) for a in SIGN_ACTIONS]
    if pending["seat"] != role:
        return []
    if kind == "reaction":
        actions = [
            {"type": "cancel", "card": a, "label": f"Cancel it with {cards.name(a)}"}
            for a in cancel_aces(state, role)
        ]
        # P6: with no ace to cancel with, passing is the only answer.
        return [*actions, {"type": "allow", "label": "Let it resolve" if actions else "Pass"}]
    if kind == "counter":
        actions = [
            {
                "type": "counter",
                "card": c,
                "label": f'Slow them down with {cards.name(c)} (-{cards.PIPS[c]}")',
            }
            for c in counter_cards(state, role, other(role))
        ]
        return [*actions, {"type": "no_counter", "label": "Let them paddle" if actions else "Pass"}]
    return [{"type": "choose", **option} for option in pending["options"]]


# -- answering ---------------------------------------------------------------------------------


def outcome(mine: str, theirs: str) -> str:
    """P8: "win", "draw" or "loss" for the side showing `mine`."""
    if mine == theirs:
        return "draw"
    return "win" if BEATS[mine] == theirs else "loss"


def answer(state: State, role: str, action: dict[str, Any], chance: Chance, events: Events):
    """Apply a player's answer to the pending sub-phase and carry on with the chain."""
    pending = state["pending"]
    kind = action["type"]
    k = pending["then"]
    if kind == "sign":
        pending["signs"][role] = action["sign"]
        if state["options"]["quick_tests"]:
            pending["signs"][other(role)] = chance.choice(SIGNS, label="sign")
        if None in pending["signs"].values():
            return
        resolve_test(state, pending, events)
    elif kind == "cancel":
        cancel(state, role, action["card"], events)
    elif kind == "allow":
        k["cancelled"] = False
    elif kind == "counter":
        counter(state, role, action["card"])
    elif kind == "no_counter":
        k["counter"] = None
    else:
        k["choice"] = {key: v for key, v in action.items() if key not in ("type", "label")}
    state["pending"] = None
    run(state, k, chance, events)


def cancel(state: State, role: str, card: str, events: Events) -> None:
    """P6: the pending reaction's cause is cancelled with an ace (the reaction is still open)."""
    discard(state, role, card)
    say(events, f"{side_title(role)} cancel it with {cards.name(card)}.")
    state["pending"]["then"]["cancelled"] = True


def counter(state: State, role: str, card: str) -> None:
    """P12: a counter-card is played against the pending move (the counter is still open)."""
    discard(state, role, card)
    state["pending"]["then"]["counter"] = card


def resolve_test(state: State, pending: dict[str, Any], events: Events) -> None:
    """Both signs shown (P8): tell the test's result and write it into its continuation."""
    side = pending["for"]
    signs = pending["signs"]
    result, effect, event = TESTS_TOLD[pending["test"], side, signs[side], signs[OTHER[side]]]
    events.append(event)
    k = pending["then"]
    k["outcome"] = result
    k["result"] = effect


def _test_told(test: str, side: str, mine: str, theirs: str) -> tuple[str, str, dict]:
    """A test's result (P8), what it means for `side` and what the chase tells of it."""
    result = outcome(mine, theirs)
    effect = TEST_RESULTS[test][result]
    if result == "draw":
        shown = f"both show {mine}, a draw"
    else:
        winner, loser = (mine, theirs) if result == "win" else (theirs, mine)
        shown = f"{winner} beats {loser}"
    text = (
        f"Test, {TEST_TITLES[test]}: {SIDE_NAMES[side]} show {mine}, "
        f"{SIDE_NAMES[other(side)]} show {theirs}: {shown}, {RESULT_WORDS[effect]}."
    )
    return result, effect, told(text)


# Every test's result and telling, by (test, the side it is for, its sign, the other's sign).
TESTS_TOLD = {
    (test, side, mine, theirs): _test_told(test, side, mine, theirs)
    for test in TEST_RESULTS
    for side in OTHER
    for mine in SIGNS
    for theirs in SIGNS
}

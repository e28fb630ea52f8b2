"""Why a card in hand cannot be played now, in words for the table ("only odd cards: a rower is
wounded"). Pure: the state and the card in, a sentence or None out.

"Played" means used for what it is (a move, a reload, a shot, an event, a joker, a cancel or a
counter); any card can still be discarded once a phase, which is not playing it. The answer
agrees with `legal_actions` by construction: None exactly when a legal action other than a
discard uses the card, and the reasons below only say which rule stands in the way.
"""

from __future__ import annotations

from chase.engines.pelts import cards
from chase.engines.pelts.legal import legal_actions, may_paddle
from chase.engines.pelts.model import (
    State,
    canoe_name,
    gun_ready,
    in_play,
    in_sight,
    odd_only,
    other,
)
from chase.engines.pelts.tables import ROWER_OK, ROWER_WOUNDED, SIDE_NAMES, SIDES

NOT_NOW = "Not now."


def why_unplayable(state: State, role: str, card: str) -> str | None:
    """None when `role` may play `card` now (other than discarding it), else the reason."""
    if any(a.get("card") == card and a["type"] != "discard" for a in legal_actions(state, role)):
        return None
    if state["status"] != "playing":
        return "The chase is over."
    if role not in SIDES or card not in state["hands"][role]:
        return "That card is not in your hand."
    if state["pending"] is not None:
        return _while_pending(state, role, card)
    if role != state["active"]:
        return f"Wait for {SIDE_NAMES[other(role)]} to end their phase."
    if cards.is_joker(card):
        return _action_used(state) or NOT_NOW
    if cards.COLOUR[card] != cards.SIDE_COLOURS[role]:  # P3
        colour = cards.SIDE_COLOURS[role]
        return f"{cards.COLOUR[card].capitalize()} cards are not yours: you play {colour} ones."
    if cards.is_movement_card(card, role):
        return _why_no_move(state, role, card)
    return _action_used(state) or _why_no_action(state, role, card) or NOT_NOW


def unplayable_hand(state: State, role: str) -> dict[str, str]:
    """Each card of the role's hand that cannot be played now, with its reason."""
    if role not in SIDES:
        return {}
    reasons = {card: why_unplayable(state, role, card) for card in state["hands"][role]}
    return {card: reason for card, reason in reasons.items() if reason}


def _while_pending(state: State, role: str, card: str) -> str:
    pending = state["pending"]
    if pending["kind"] == "reaction" and pending["seat"] == role and cards.is_ace(card):
        return "This ace cannot cancel what is being played."  # P6
    if pending["kind"] == "counter" and pending["seat"] == role and cards.is_number(card):
        return "Only a number card of the holed canoe's colour slows it down."  # P12
    return "First settle what is happening: " + pending["text"]


def _action_used(state: State) -> str | None:
    if state["used"]["action"]:
        return "You have played your action card this phase (one a phase)."  # P4
    return None


def _why_no_move(state: State, role: str, card: str) -> str:
    """Each canoe of the side that could have taken this card, and what stops it (P4, P5)."""
    boats = [b for b in state["canoes"][role] if in_play(b)]
    reasons = []
    for boat in boats:
        reason = _why_canoe_cannot_move(state, boat, card)
        if reason:
            name = canoe_name(state, role, boat["index"])
            reasons.append(reason if len(boats) == 1 else f"{name}: {reason}")
    if not reasons:
        return NOT_NOW
    text = "; ".join(reasons) + "."
    return text[0].upper() + text[1:]


def _why_canoe_cannot_move(state: State, boat: dict, card: str) -> str | None:
    if boat["index"] in state["used"]["moved"]:
        return "it has moved this phase (one movement card a canoe)"  # P4
    if boat["skip_phase"]:
        return "it is tired out and loses this phase"  # P13 slowing down
    if boat["skip_move"]:
        return "it misses this move (picking up a rower or bailing out)"  # P13
    if not may_paddle(state, boat):
        return "it has reached the trading post"
    if odd_only(boat) and cards.move_value(card) % 2 == 0:  # P5
        if cards.is_ace(card):
            return 'only odd cards: an ace played as 10" counts as even'
        return "only odd cards: " + _why_odd_only(boat)
    return None


def _why_odd_only(boat: dict) -> str:
    if len(boat["rowers"]) > 2 and boat["rowers"].count(ROWER_OK) < 2:  # P15
        return "fewer than two of its rowers are unwounded"
    if ROWER_WOUNDED in boat["rowers"]:
        return "a rower is wounded"
    if any(r != ROWER_OK for r in boat["rowers"]):
        return "a rower is lost overboard"
    return "the paddle is lost"


def _why_no_action(state: State, role: str, card: str) -> str | None:
    rank = cards.RANK[card]
    afloat = [b for b in state["canoes"][role] if in_play(b)]
    acting = [b for b in afloat if not b["skip_phase"]]
    if afloat and not acting:
        return "Your canoe is tired out and loses this phase."  # P13 slowing down
    if rank == "J" and all(b["loaded"] for b in acting):  # P6
        return "A Jack reloads an empty gun, and your gun is loaded."
    if rank == "Q":  # P6, P7
        return _why_no_shot(state, role, acting)
    if rank == "K":
        return "No enemy canoe is left to set an event on."
    return None


def _why_no_shot(state: State, role: str, acting: list[dict]) -> str:
    if state["rain"]:
        return "Torrential rain: no gun fires for the rest of the chase."
    ready = [b for b in acting if gun_ready(state, b)]
    if not ready:
        if any(b["wet_powder"] for b in acting):
            return "Your powder is wet until the deck is reshuffled."
        return "Your gun is empty: reload it with a Jack first."
    enemies = [e for e in state["canoes"][other(role)] if in_play(e)]
    if not any(in_sight(state, b["position"], e["position"]) for b in ready for e in enemies):
        return "No enemy canoe in sight: a bend lies between you."
    return NOT_NOW

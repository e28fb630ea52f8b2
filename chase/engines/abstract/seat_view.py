"""What a seat sees of the chase.

The game master sees everything on the table: every card drawn and kept before the reveal. A
participant's seat sees its own cards before they are turned, and the public table: every
roll's total and how many cards it drew, the kept cards once revealed, the order of action,
the advantage between foes, ranges and complications, shaken, wounds and out. A spectator
(None) sees the public table. Nobody sees the order of the deck.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import cards
from chase.engines.abstract.legal import legal_actions
from chase.engines.abstract.rounds import active
from chase.engines.abstract.state import (
    State,
    has_advantage,
    in_chase,
    prey_side,
    pursuer_side,
    the_sides,
)
from chase.engines.abstract.tables import GM, LENGTH_NAMES, TITLE


def seat_view(state: State, role: str | None) -> dict[str, Any]:
    revealed = state["phase"] in ("act", "between", "over")
    current = active(state)
    return {
        "kind": state["kind"],
        "title": TITLE,
        "you": role,
        "gm": role == GM,
        "status": state["status"],
        "winner": state["winner"],
        "round": state["round"],
        "rounds": state["rounds"],
        "length": state["options"]["length"],
        "length_name": LENGTH_NAMES[state["options"]["length"]],
        "terrain": state["options"]["terrain"],
        "sides": the_sides(state),
        "prey": prey_side(state),
        "pursuers": pursuer_side(state),
        "phase": state["phase"],
        "revealed": revealed,
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "order": [state["participants"][i]["role"] for i in state["order"]],
        "active": current["role"] if current else None,
        "participants": [_participant(state, p, role, revealed) for p in state["participants"]],
        "advantage": _advantage(state) if revealed else [],
        "pending": [_pending(state, p) for p in state["pending"]],
        "to_act": to_act(state),
        "actions": legal_actions(state, role) if role else [],
    }


def to_act(state: State) -> list[str]:
    """The seats with something to do now (the game master first)."""
    roles = [GM] + [p["role"] for p in state["participants"]]
    return [role for role in roles if legal_actions(state, role)]


def _participant(
    state: State, p: dict[str, Any], role: str | None, revealed: bool
) -> dict[str, Any]:
    sees_hand = role == GM or role == p["role"]
    card = p["card"] if (revealed or sees_hand) else None
    band = cards.range_band(card) if card else None
    trouble = cards.complication(card) if card else None
    return {
        "index": p["index"],
        "role": p["role"],
        "name": p["name"],
        "side": p["side"],
        "prey": p["side"] == prey_side(state),
        "trait_die": f"d{p['die']}",
        "wild_card": p["wild"],
        "top_speed": p["speed"],
        "climb": p["climb"],
        "passengers": [
            {"name": x["name"], "trait_die": f"d{x['die']}", "wild_card": x["wild"]}
            for x in p["passengers"]
        ],
        "group": p["group"],
        "extras": p["extras"],
        "left": p["left"],
        "shaken": p["shaken"],
        "wounds": p["wounds"],
        "forced": p["forced"],
        "out": p["out"],
        "withdrawn": p["withdrawn"],
        "in_chase": in_chase(p),
        "rolled": p["rolled"],
        "roll": dict(p["roll"]) if p["roll"] else None,
        "kept": p["kept"],
        # Before the reveal the cards drawn are the seat's own (and the GM's) to see.
        "drawn": list(p["drawn"]) if sees_hand else None,
        "drawn_count": len(p["drawn"]),
        "card": card,
        "card_name": cards.name(card) if card else None,
        "card_short": cards.short(card) if card else None,
        "card_shown": card is not None and revealed,
        "rank": cards.rank(card) if card else None,
        "range": band[0] if band else None,
        "range_modifier": band[1] if band else None,
        "complication": trouble[0] if trouble else None,
        "complication_name": trouble[1] if trouble else None,
        "done": p["done"],
    }


def _advantage(state: State) -> list[dict[str, Any]]:
    """A4: who has the advantage over which foe ("tie": both over each other)."""
    pairs = []
    chasing = [p for p in state["participants"] if in_chase(p)]
    for a in chasing:
        for b in chasing:
            if a["side"] == b["side"] or not has_advantage(a, b):
                continue
            tie = has_advantage(b, a)
            if tie and a["index"] > b["index"]:
                continue  # a tie is told once
            pairs.append({"from": a["role"], "to": b["role"], "tie": tie})
    return pairs


def _pending(state: State, pending: dict[str, Any]) -> dict[str, Any]:
    shown = dict(pending)
    shown["target_role"] = state["participants"][pending["target"]]["role"]
    if "attacker" in pending:
        shown["attacker_role"] = state["participants"][pending["attacker"]]["role"]
    return shown

"""Pelts, Paddling and Powder: the card-driven canoe chase (seed by Mark Backhouse, rulings P1-P14).

The trappers paddle for the end of the river; the Indian canoes chase them. Both seats play
cards from one pack: movement, reloads, shots, random events, and rock-paper-scissors tests.

Public API: `ENGINE` (in `engine.py`, a `chase.engines.base.GameEngine`), `random_action(state,
role, chance)` (its random legal player), `seats_to_act(state)` and `why_unplayable(state,
role, card)` (why a card in hand cannot be played now; the seat's view carries it for its hand
as `unplayable`).

Actions (each also carries a "label"):
- in the active phase: {"type": "move", "card", "canoe"}, {"type": "free", "card", "canoe"},
  {"type": "reload", "card", "canoe"}, {"type": "fire", "card", "canoe", "target"},
  {"type": "event", "card", "target"}, {"type": "joker", "card"}, {"type": "discard", "card"},
  {"type": "end"}; "canoe" is the index of one's own canoe, "target" of an enemy canoe;
- in a sub-phase: {"type": "sign", "sign"} (a test), {"type": "cancel", "card"} or
  {"type": "allow"} (a reaction), {"type": "counter", "card"} or {"type": "no_counter"},
  {"type": "choose", "option"[, "target"]} (bend, overboard, water, midges, melee).

Modules: `cards` (the pack), `tables` (rule tables), `options` (the options table), `model` (state
and shared rules), `flow` (sub-phases waiting for a player), `moves` (paddling), `actions` (action
cards, events and phases), `legal` (legal actions), `explain` (why a card is not playable),
`seat_view`, `computer`, `playout` (the computer against itself to the end, for the win odds),
`engine`.
"""

from chase.engines.pelts.engine import ENGINE, PeltsEngine
from chase.engines.pelts.explain import why_unplayable
from chase.engines.pelts.seat_view import seats_to_act

random_action = ENGINE.random_action

__all__ = ["ENGINE", "PeltsEngine", "random_action", "seats_to_act", "why_unplayable"]

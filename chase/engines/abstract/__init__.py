"""The abstract chase (rulings A1-A7): a game master's assistant for pursuits too long for the
table. Frontier rolls the maneuvering dice, deals the cards and keeps track; the game master
tells the story and records what it does.

Seats: "gm" (the game master) and one per participant or group of extras ("p1", "p2", ...).
A round: every participant rolls (`roll`) and keeps one of its cards (`keep`); the cards are
turned; each acts on its card from the highest (`face` a club's complication, `attack`,
`group_attack`, `force`, `withdraw` in a dogfight, `done`), the game master telling the result
of each attack (`resolve`); between rounds the game master records the rest (`record`) and
starts the next round (`next`) or, after the last, ends the chase (`end`).

Modules: `tables` (the rule tables), `cards`, `dice` (trait rolls), `options` (the table),
`templates`, `state`, `rounds` (the round and actions on the cards), `story` (the game master's
records and the end), `actions` (an action carried out), `legal`, `seat_view` (what a seat
sees), `computer`, `odds` (what a seat cannot see drawn afresh, and the playout), `figures`
(campaign figures as participants), `engine`, `game` (its drawing and registration).
"""

from chase.engines.abstract.computer import computer_action
from chase.engines.abstract.engine import ENGINE, AbstractChaseEngine
from chase.engines.abstract.figures import figure_participant, trait_die_for
from chase.engines.abstract.options import ChaseOptionsError
from chase.engines.abstract.templates import TEMPLATES, template_titles

random_action = ENGINE.random_action

__all__ = [
    "ENGINE",
    "TEMPLATES",
    "AbstractChaseEngine",
    "ChaseOptionsError",
    "computer_action",
    "figure_participant",
    "random_action",
    "template_titles",
    "trait_die_for",
]

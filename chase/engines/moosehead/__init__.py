"""The Moosehead Lake Canoe Trip (seed by Graham Warren, rulings M1-M5): a roll-and-move trip for
2-6 canoes round a lake country, camping, chasing attractions and points, and racing home.

`ENGINE` (in `engine.py`) is a `chase.engines.base.GameEngine`; `random_action` is its random
legal paddler.
The board is data (`boards/*.json`, read and checked by `board`); a club can use its own file
through `register_board(path)` (the MOOSEHEAD_BOARD_FILE setting).

Modules: `tables` (the rule tables), `board` (board files), `options` (the options table),
`state` (the state and shared rules), `cards` (the piles), `moves` (what a throw reaches),
`turns` (actions and the turn order), `seat_view`, `computer`, `engine`.
"""

from chase.engines.moosehead.board import (
    BoardError,
    board_names,
    default_board,
    load_board,
    register_board,
)
from chase.engines.moosehead.computer import computer_action
from chase.engines.moosehead.engine import ENGINE, MooseheadEngine

random_action = ENGINE.random_action

__all__ = [
    "ENGINE",
    "BoardError",
    "MooseheadEngine",
    "board_names",
    "computer_action",
    "default_board",
    "load_board",
    "random_action",
    "register_board",
]

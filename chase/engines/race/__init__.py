"""The Colonial Canoe Race (rulings R1-R8): a dice-driven race of colonial canoes down a U course.

`ENGINE` (in `engine.py`) is a `chase.engines.base.GameEngine`; `random_action` is its random
legal racer.
"""

from chase.engines.race.computer import computer_action
from chase.engines.race.engine import ENGINE, RaceEngine

random_action = ENGINE.random_action

__all__ = ["ENGINE", "RaceEngine", "computer_action", "random_action"]

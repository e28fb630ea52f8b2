"""The Colonial Canoe Race (rulings R1-R8): a dice-driven race of colonial canoes down a U course.

`ENGINE` implements `chase.engines.base.Engine`; `random_action` is a random legal racer.
"""

from chase.engines.race.computer import computer_action, random_action
from chase.engines.race.engine import ENGINE, RaceEngine

__all__ = ["ENGINE", "RaceEngine", "computer_action", "random_action"]

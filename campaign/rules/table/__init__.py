"""The skirmish turn at the table (C23, C24): shooting, melee, morale and rally, the last wound.

Plain Python: a `Combatant` is a figure as its roster and the game so far make it; each
calculator returns the modifiers in words, the number needed and the chance, and rolls with a
`Dice` (the app's, or faces typed in, C12).

    shot = shooting(elk, target=abbott, range="long", cover=True)
    shot.needed, shot.modifiers, shot.chance, shot.roll(dice)
    fight = melee(elk, abbott, attacker_factors=["charging"]); fight.roll(dice)
    test = morale_test(pike, ["losses_20"]); test.roll(dice)
    last_wound(dice).result
"""

from campaign.rules.table.combatant import (
    DOWN,
    FLESH_WOUND,
    OK,
    OUT_OF_ACTION,
    STATE_NAMES,
    STATES,
    Combatant,
    TableError,
)
from campaign.rules.table.last_wound import LAST_WOUND, LastWound, last_wound
from campaign.rules.table.melee import (
    MELEE_RESULTS,
    PLAYER_FACTORS,
    TACTICAL_FACTORS,
    VICTORY_MARGINS,
    Melee,
    melee,
)
from campaign.rules.table.morale import (
    MORALE_CHART,
    MORALE_FACTORS,
    PLAYER_MODIFIERS,
    Losses,
    MoraleTest,
    RallyTest,
    column,
    morale_test,
    rally_test,
)
from campaign.rules.table.odds import Modifier, at_least
from campaign.rules.table.reference import tables
from campaign.rules.table.shooting import CANNOT_HIT, RANGES, SHOOTING_FACTORS, Shot, shooting
from campaign.rules.table.weapons import WEAPONS, shooting_weapons

__all__ = [
    "CANNOT_HIT",
    "DOWN",
    "FLESH_WOUND",
    "LAST_WOUND",
    "MELEE_RESULTS",
    "MORALE_CHART",
    "MORALE_FACTORS",
    "OK",
    "OUT_OF_ACTION",
    "PLAYER_FACTORS",
    "PLAYER_MODIFIERS",
    "RANGES",
    "SHOOTING_FACTORS",
    "STATES",
    "STATE_NAMES",
    "TACTICAL_FACTORS",
    "VICTORY_MARGINS",
    "WEAPONS",
    "Combatant",
    "LastWound",
    "Losses",
    "Melee",
    "Modifier",
    "MoraleTest",
    "RallyTest",
    "Shot",
    "TableError",
    "at_least",
    "column",
    "last_wound",
    "melee",
    "morale_test",
    "rally_test",
    "shooting",
    "shooting_weapons",
    "tables",
]

"""The seed's post-game tables (C8-C10) that a club may change through its rule book (C31).

Written here, below the rules that read them: `book.py` lays a campaign's house rules over them
and the post-game steps (`postgame/advancement.py`, `postgame/experience.py`) read them when
given no book. Both import this module at their top; it imports only the factions' status names.
"""

from __future__ import annotations

from campaign.rules.factions import GREEN, HERO, TROOPER, VETERAN

# C10: what an advancement roll can give (the three attributes are postgame.sheet.ATTRIBUTES).
MELEE, SHOOTING, MORALE = "melee", "shooting", "morale"
CHOOSE, NEW_SKILL, REPUTATION, PROMOTION = "choose", "new_skill", "reputation", "promotion"

# C10: the two tables, indexed by the (modified) D6 total - 1.
HERO_AND_VETERAN_TABLE = (MELEE, SHOOTING, MORALE, CHOOSE, NEW_SKILL, REPUTATION)
MERE_MORTAL_TABLE = (MELEE, SHOOTING, MORALE, CHOOSE, CHOOSE, PROMOTION)
ATTRIBUTE_LIMITS = {GREEN: 0, TROOPER: 1, VETERAN: 2, HERO: 3}  # C10

# C9: the underdog bonus by difference in team rating before the game (high None = and over).
UNDERDOG_BANDS: tuple[tuple[int, int | None, int], ...] = (
    (0, 50, 0),
    (51, 75, 1),
    (76, 100, 2),
    (101, None, 3),
)
LEVELS_PER_ADVANCE = 3  # C8

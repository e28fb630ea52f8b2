"""What a racer cannot know yet, drawn afresh: the unrevealed course (R2), for the win odds.

`determinize` reads only what the view shows (the revealed rapids, every current, the canoes)
and draws the rest from R1's setup odds, kept consistent with what has been revealed: so two
races that differ only in what is still hidden give the same draws from the same chance.
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.tables import CLASSES, RAPIDS, WHIRLPOOL_HALVES

State = dict[str, Any]

# R1: a half of the course, then its rapids shuffled: the first gets the inside whirlpool and
# the second the outside one, so each ordered pair of rapids in a half is equally likely.
WHIRLPOOL_LAYOUTS = tuple(
    (inside, outside)
    for half in WHIRLPOOL_HALVES
    for inside in half
    for outside in half
    if inside != outside
)


def determinize(state: State, role: str | None, chance: Chance) -> State:
    """A race `role` (any seat or a spectator: R2 hides the same from all) cannot tell from this
    one, with every unrevealed rapid's class, bear and whirlpool drawn again."""
    revealed = state["revealed"]
    hidden = [rapid for rapid in range(RAPIDS) if not revealed[rapid]]
    if not hidden:
        return state
    rapids = state["course"]["rapids"]
    shown = [rapid for rapid in range(RAPIDS) if revealed[rapid]]
    bear = next((rapid for rapid in shown if rapids[rapid]["bear"]), None)
    if bear is None:  # R1: the bear is in one rapid, any one not yet seen to be empty
        bear = chance.choice(hidden, label="bear's rapid")
    layouts = [
        layout
        for layout in WHIRLPOOL_LAYOUTS
        if all(rapids[rapid]["whirlpool"] == _whirlpool(layout, rapid) for rapid in shown)
    ]
    layout = chance.choice(layouts, label="whirlpools")
    drawn = list(rapids)
    for rapid in hidden:
        drawn[rapid] = {
            "class": chance.randint(*CLASSES, label="rapid class"),
            "whirlpool": _whirlpool(layout, rapid),
            "bear": rapid == bear,
        }
    return {**state, "course": {**state["course"], "rapids": drawn, "bear": bear}}


def _whirlpool(layout: tuple[int, int], rapid: int) -> str | None:
    inside, outside = layout
    return "inside" if rapid == inside else "outside" if rapid == outside else None

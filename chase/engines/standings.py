"""What a finishing order is, and the order of a game won by a side: what the ratings read.

A game's engine declares its `finishing_order(options, state)` (`chase.engines.base.GameEngine`
gives the default, by winner, with `side_order` below); a game with something of its own writes
it in its package (the race's order across the line, Moosehead's points). Plain Python on the
engine's final state (no Django here). The order is a list of teams, each a rank (0 is first;
equal ranks are a tie) and the roles that played as that team: a canoe alone in the race and
Moosehead, a side in Pelts and the abstract chase (whose game master is not placed, so not
rated).
"""

from __future__ import annotations

Teams = list[tuple[int, list[str]]]


def side_order(winner: str | None, sides: dict[str, str]) -> Teams:
    """A game won by a side (`sides`: role -> its side): each side a team, the winner first;
    with no winner the sides share first place (a draw)."""
    names = list(dict.fromkeys(sides.values()))
    return [
        (
            0 if winner not in names or name == winner else 1,
            [r for r, s in sides.items() if s == name],
        )
        for name in names
    ]

"""Where every seat of a finished canoe game placed: the finishing order the ratings read.

Plain Python on the engine's final state and its view for nobody (no Django here). The order is
a list of teams, each a rank (0 is first; equal ranks are a tie) and the roles that played as
that team: a canoe alone in the race and Moosehead, a side in Pelts and the abstract chase
(whose game master is not placed, so not rated).
"""

from __future__ import annotations

from typing import Any

Teams = list[tuple[int, list[str]]]


def finishing_order(kind: str, options: dict[str, Any], state: dict[str, Any], view: dict) -> Teams:
    """The places of a finished game of `kind`; `view` is the engine's `seat_view` for nobody."""
    if kind == "race":
        return race_order(view["canoes"])
    if kind == "moosehead":
        return points_order(view["players"])
    if kind == "pelts":
        return side_order(state.get("winner"), {role: role for role in ("trapper", "indian")})
    if kind == "abstract":
        sides = {
            f"p{i + 1}": participant["side"]
            for i, participant in enumerate(options["participants"])
        }
        return side_order(state.get("winner"), sides)
    raise ValueError(f"No finishing order for the game {kind!r}.")


def race_order(canoes: list[dict[str, Any]]) -> Teams:
    """The race by finishing order (R8): the canoes across the line by their place, then those
    still on the water when the race was decided (the nearer the line the better, equal
    distances tied), then every canoe out of the race sharing last place."""
    finished = sorted((c for c in canoes if c["place"]), key=lambda c: c["place"])
    groups = [[c["role"]] for c in finished]
    afloat = [c for c in canoes if not c["place"] and not c["out"]]
    for to_go in sorted({c["to_go"] for c in afloat}):
        groups.append([c["role"] for c in afloat if c["to_go"] == to_go])
    out = [c["role"] for c in canoes if not c["place"] and c["out"]]
    if out:
        groups.append(out)
    return [(rank, [role]) for rank, group in enumerate(groups) for role in group]


def points_order(players: list[dict[str, Any]]) -> Teams:
    """Moosehead by points at the end, most first; equal points share a place."""
    scores = sorted({p["points"] for p in players}, reverse=True)
    return [(scores.index(p["points"]), [p["role"]]) for p in players]


def side_order(winner: str | None, sides: dict[str, str]) -> Teams:
    """A game won by a side: each side a team, the winner first; with no winner the sides share
    first place (a draw)."""
    names = list(dict.fromkeys(sides.values()))
    return [
        (
            0 if winner not in names or name == winner else 1,
            [r for r, s in sides.items() if s == name],
        )
        for name in names
    ]

"""Pelts, Paddling and Powder (kind `pelts`): its registration, and its drawing (`draw_pelts`: the
river, the canoes and the hand, worked out for the template: templates cannot do geometry)."""

from __future__ import annotations

import math
from typing import Any

from chase.engines.game import Game, action_choices
from chase.engines.pelts import ENGINE

ROLE_TITLES = {"trapper": "the trappers", "indian": "the Indians"}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
SUIT_NAMES = {"S": "Spades", "C": "Clubs", "H": "Hearts", "D": "Diamonds"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
TILE = 24  # inches a river tile is long (P1); a straight is drawn 1 unit to the inch
BEND_RADIUS = 12  # a bend is drawn as a U-turn of this radius, so the river snakes down
RIVER_WIDTH = 14
MARGIN = 6
LABEL_WIDTH = 22  # "Trading post" at 3.2 units a letter's height
CANOE_LANES = {"trapper": (-4.6, -2.0), "indian": (0.6, 3.2, 5.6)}  # across the river


def card_face(code: str) -> dict[str, str]:
    """A card code ("10S", "QH", "JK1") as the page shows it."""
    if code.startswith("JK"):
        return {"code": code, "rank": "Joker", "symbol": "★", "colour": "joker", "name": "Joker"}
    rank, suit = code[:-1], code[-1]
    return {
        "code": code,
        "rank": rank,
        "symbol": SUIT_SYMBOLS[suit],
        "colour": "red" if suit in "HD" else "black",
        "name": f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}",
    }


def draw_pelts(view: dict[str, Any], actions: list[dict]) -> dict[str, Any]:
    """Everything the pelts table template draws, worked out here (templates cannot do
    geometry): the river's centre line, where each thing sits on it, and the hand."""
    river = _PeltsRiver(view["river"]["tiles"])
    canoes = []
    for boat in view["canoes"]:
        lanes = CANOE_LANES[boat["side"]]
        x, y, angle = river.at(boat["position"], lanes[boat["index"] % len(lanes)])
        label = "T" if boat["side"] == "trapper" else "I"
        if boat["side"] == "indian" or _count(view, "trapper") > 1:
            label += str(boat["index"] + 1)
        canoes.append({**boat, "x": x, "y": y, "angle": angle, "label": label})
    you = view.get("you")
    hand = view["hands"].get(you) if you else None
    choices = action_choices(actions)
    by_card: dict[str, list[dict]] = {}
    for choice in choices:
        if "card" in choice:
            by_card.setdefault(choice["card"], []).append(choice)
    return {
        "width": river.width,
        "height": river.height,
        "viewbox": river.viewbox,
        "path": river.path,
        "ticks": [river.across(t["start"]) for t in view["river"]["tiles"][1:]],
        "finish": river.across(view["river"]["length"]),
        "finish_label": river.finish_label,
        "start_label": river.at(0, -RIVER_WIDTH / 2 - 3.5),
        "sandbanks": [
            river.at(s["apex"], river.inside(s["apex"]) * 4.6) for s in view["river"]["sandbanks"]
        ],
        "rocks": [river.at(r["position"], 0) for r in view["rocks"]],
        "obstacles": [river.at(o["position"], -0.5) for o in view["obstacles"]],
        "hidden": [river.at((h["start"] + h["end"]) / 2, 0) for h in view["hidden_sandbanks"]],
        "canoes": canoes,
        "hand": [
            {
                **card_face(code),
                "actions": by_card.get(code, []),
                "why_not": (view.get("unplayable") or {}).get(code),
            }
            for code in (hand or [])
        ]
        if isinstance(hand, list)
        else None,
        "others": [
            {"title": ROLE_TITLES.get(side, side), "count": count, "backs": range(min(count, 8))}
            for side, count in view["hands"].items()
            if isinstance(count, int)
        ],
        "other_actions": [c for c in choices if "card" not in c],
        "signs": [
            (ROLE_TITLES.get(side, side), signed)
            for side, signed in ((view.get("pending") or {}).get("signed") or {}).items()
        ],
        "top_discard": card_face(view["top_discard"]) if view.get("top_discard") else None,
    }


def _count(view: dict, side: str) -> int:
    return sum(1 for b in view["canoes"] if b["side"] == side)


class _PeltsRiver:
    """The river's centre line: straights run across, each bend turns back down the page."""

    def __init__(self, tiles: list[dict]):
        self.pieces = []
        x = y = 0.0
        heading = 1
        xs, ys = [0.0], [0.0]
        path = ["M0,0"]
        for tile in tiles:
            self.pieces.append((tile, x, y, heading))
            if tile["kind"] == "bend":
                y += 2 * BEND_RADIUS
                sweep = 1 if heading > 0 else 0
                path.append(f"A{BEND_RADIUS},{BEND_RADIUS} 0 0 {sweep} {x:g},{y:g}")
                xs.append(x + heading * BEND_RADIUS)
                heading = -heading
            else:
                x += heading * TILE
                path.append(f"L{x:g},{y:g}")
            xs.append(x)
            ys.append(y)
        # Every piece ends running across the page, and nothing lies below the last one: the
        # "Trading post" label goes under the finish.
        self.finish_label = (round(x, 2), round(y + RIVER_WIDTH / 2 + 4, 2))
        xs += [x - LABEL_WIDTH / 2, x + LABEL_WIDTH / 2]
        ys.append(y + RIVER_WIDTH / 2 + 4)
        pad = RIVER_WIDTH / 2 + MARGIN
        self.left, self.top = min(xs) - pad, min(ys) - pad
        self.width, self.height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        self.viewbox = f"{self.left:g} {self.top:g} {self.width:g} {self.height:g}"
        self.path = " ".join(path)

    def _frame(self, position: float) -> tuple[float, float, float, float, int]:
        """Point, unit tangent angle and heading at `position` inches down the river."""
        last = len(self.pieces) - 1
        position = max(0.0, min(float(position), (last + 1) * TILE))
        index = min(int(position // TILE), last)
        tile, x0, y0, heading = self.pieces[index]
        t = position - tile["start"]
        if tile["kind"] == "bend":
            theta = math.pi * t / TILE
            x = x0 + heading * BEND_RADIUS * math.sin(theta)
            y = y0 + BEND_RADIUS - BEND_RADIUS * math.cos(theta)
            return x, y, heading * math.cos(theta), math.sin(theta), heading
        return x0 + heading * t, y0, float(heading), 0.0, heading

    def at(self, position: float, offset: float) -> tuple[float, float, float]:
        """(x, y, angle in degrees) `offset` units to the right of the flow."""
        x, y, tx, ty, _ = self._frame(position)
        return (
            round(x - ty * offset, 2),
            round(y + tx * offset, 2),
            round(math.degrees(math.atan2(ty, tx)), 1),
        )

    def inside(self, position: float) -> int:
        """+1 when the inside of the bend at `position` is to the right of the flow."""
        return self._frame(position)[4]

    def across(self, position: float) -> tuple[float, float, float, float]:
        """A line across the river at `position` (tile joins, the finish)."""
        half = RIVER_WIDTH / 2
        x1, y1, _ = self.at(position, -half)
        x2, y2, _ = self.at(position, half)
        return x1, y1, x2, y2


GAME = Game(
    engine=ENGINE,
    roles=ROLE_TITLES,
    draw=draw_pelts,
)

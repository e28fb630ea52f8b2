"""Reads that need care: what one seat may see of a game, the lobby's lists, and the boards.

`seat_payload` is the single place that decides what a seat is shown (the API's view body and
the table page both use it): the engine's view for that role, that role's legal actions, and
the recent log with other seats' actions left out until the game is over (a rock-paper-
scissors sign shown first must stay hidden from the other side; a shuffle's order would give
the draw pile away, so recorded outcomes are never shown while a game is on).
"""

from __future__ import annotations

import json
import math
from typing import Any

from chase.engines import get_engine
from chase.models import GameSession, Seat

LOG_LENGTH = 30  # log rows in a view: the newest, oldest first
ROLE_TITLES = {"trapper": "the trappers", "indian": "the Indians"}


def role_title(session: GameSession, role: str | None) -> str:
    """A role in words: "the trappers", "Virginia (Swift Otter)", "canoe 3"."""
    return role_words(session.kind, session.options, role)


def role_words(kind: str, options: dict[str, Any], role: str | None) -> str:
    if role is None:
        return "the setup"
    if kind == "race" and role.startswith("canoe-"):
        names = options.get("names") or []
        index = int(role.split("-", 1)[1]) - 1
        if 0 <= index < len(names):
            return f"{names[index]['colony']} ({names[index]['canoe']})"
    return ROLE_TITLES.get(role, role.replace("-", " "))


def seat_payload(session: GameSession, seat: Seat | None) -> dict[str, Any]:
    """The view body: {version, status, winner, view, legal_actions, log} and a few more."""
    engine = get_engine(session.kind)
    role = seat.role if seat is not None else None
    acting = session.status == GameSession.Status.PLAYING and seat and not seat.is_computer
    return {
        "id": session.pk,
        "kind": session.kind,
        "mode": session.mode,
        "version": session.version,
        "status": session.status,
        "winner": session.winner,
        "role": role,
        "seats": [
            {"role": s.role, "kind": s.kind, "name": s.name, "taken": s.is_taken}
            for s in session.seats.all()
        ],
        "view": engine.view(session.state, role),
        "legal_actions": engine.legal_actions(session.state, role) if acting else [],
        "log": recent_log(session, role),
    }


def recent_log(session: GameSession, role: str | None, limit: int = LOG_LENGTH) -> list[dict]:
    """The newest log rows, oldest first. The events are public (every engine tells them to
    all); an action is shown to its own seat, and to everyone once the game is over."""
    entries = list(session.log.order_by("-seq")[:limit])[::-1]
    told = session.is_finished
    return [
        {
            "seq": e.seq,
            "role": e.role,
            "by_computer": e.by_computer,
            "action": e.action if told or (role is not None and e.role == role) else None,
            "events": e.events,
            "version_after": e.version_after,
        }
        for e in entries
    ]


def who_acts(session: GameSession) -> list[str]:
    """Roles with a legal action now, in turn order."""
    if session.status != GameSession.Status.PLAYING:
        return []
    engine = get_engine(session.kind)
    return [s.role for s in session.seats.all() if engine.legal_actions(session.state, s.role)]


def open_games():
    return GameSession.objects.open_to_join().prefetch_related("seats").order_by("-created_at")


def my_games(user, tokens):
    return GameSession.objects.held_by(user, tokens).prefetch_related("seats")


def action_choices(actions: list[dict]) -> list[dict]:
    """Legal actions as the page posts them back: each with its JSON and its label."""
    return [{"json": json.dumps(a), "label": a.get("label", a.get("type")), **a} for a in actions]


# --- Pelts, Paddling and Powder: the river, the canoes and the hand ----------------------------

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
        "code": code, "rank": rank, "symbol": SUIT_SYMBOLS[suit],
        "colour": "red" if suit in "HD" else "black",
        "name": f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}",
    }  # fmt: skip


def pelts_board(view: dict[str, Any], actions: list[dict]) -> dict[str, Any]:
    """Everything the pelts board template draws, worked out here (templates cannot do
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
        "sandbanks": [river.at(s["apex"], river.inside(s["apex"]) * 4.6) for s in
                      view["river"]["sandbanks"]],
        "rocks": [river.at(r["position"], 0) for r in view["rocks"]],
        "obstacles": [river.at(o["position"], -0.5) for o in view["obstacles"]],
        "hidden": [river.at((h["start"] + h["end"]) / 2, 0) for h in view["hidden_sandbanks"]],
        "canoes": canoes,
        "hand": [
            {**card_face(code), "actions": by_card.get(code, [])} for code in (hand or [])
        ] if isinstance(hand, list) else None,
        "others": [
            {"title": ROLE_TITLES.get(side, side), "count": count, "backs": range(min(count, 8))}
            for side, count in view["hands"].items() if isinstance(count, int)
        ],
        "other_actions": [c for c in choices if "card" not in c],
        "signs": [
            (ROLE_TITLES.get(side, side), signed)
            for side, signed in ((view.get("pending") or {}).get("signed") or {}).items()
        ],
        "top_discard": card_face(view["top_discard"]) if view.get("top_discard") else None,
    }  # fmt: skip


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


# --- The Colonial Canoe Race: the U course --------------------------------------------------

LEG = 30  # drawn units per leg, whatever its inches (the table lists the inches)
RAPID = 8
LANE = 3.2  # the inside track runs this far inside the centre line, the outside as far out
SEAT_COLOURS = ("#a3442a", "#2f5d50", "#3b5b92", "#8a5a00", "#6b3d7a", "#2e6b3a", "#7a4a2a",
                "#444")  # fmt: skip


def race_board(view: dict[str, Any]) -> dict[str, Any]:
    """The U: legs 1-3 down the left, the turn along the bottom, legs 5-7 up the right."""
    course = view["course"]
    legs, rapids = course["legs"], course["rapids"]
    starts = [i * (LEG + RAPID) for i in range(len(legs))]
    total = starts[-1] + LEG
    # The corners are the middles of the bend legs (3 and 5), so both sides are as long.
    down = starts[2] + LEG / 2
    u = _U(down=down, across=starts[4] - starts[2], total=total)
    drawn_legs = []
    for leg, start in zip(legs, starts, strict=True):
        points = [u.at(start + f * LEG, 0)[:2] for f in (0, 0.5, 1)]
        label = u.at(start + LEG / 2, -LANE - 4.5)
        drawn_legs.append({**leg, "number": leg["index"] + 1, "points": points, "label": label})
    drawn_rapids = []
    for rapid in rapids:
        mid = starts[rapid["index"]] + LEG + RAPID / 2
        x, y, angle = u.at(mid, 0)
        drawn_rapids.append({**rapid, "number": rapid["index"] + 1, "x": x, "y": y,
                             "angle": angle, "label": u.at(mid, LANE + 6.5)})  # fmt: skip
    canoes = []
    seen: dict[tuple, int] = {}
    for number, canoe in enumerate(view["canoes"], start=1):
        if canoe["in_rapid"]:
            along = starts[canoe["leg"]] + LEG + RAPID / 2
        else:
            share = canoe["at"] / canoe["leg_length"] if canoe["leg_length"] else 0
            along = starts[canoe["leg"]] + min(1.0, max(0.0, share)) * LEG
        lane = LANE if canoe["track"] == "inside" else -LANE
        spot = (round(along / 3), lane)
        along -= 3.4 * seen.get(spot, 0)  # canoes side by side on a track queue up behind
        seen[spot] = seen.get(spot, 0) + 1
        x, y, _ = u.at(along, lane)  # before the start line at the very start
        colour = SEAT_COLOURS[(number - 1) % len(SEAT_COLOURS)]
        canoes.append({**canoe, "number": number, "x": x, "y": y, "colour": colour})
    whirlpools = [
        u.at(starts[w["leg"]] + 4, LANE if w["track"] == "inside" else -LANE)
        for w in course["whirlpools"]
    ]
    hostiles = [u.at(starts[h["leg"]] + LEG / 2, LANE + 5.5) for h in course["hostiles"]]
    bear = course.get("bear")
    return {
        "viewbox": u.viewbox,
        "path": u.path,
        "inside": u.lane_path(LANE),
        "outside": u.lane_path(-LANE),
        "legs": drawn_legs,
        "rapids": drawn_rapids,
        "canoes": canoes,
        "whirlpools": whirlpools,
        "hostiles": hostiles,
        "bear": u.at(starts[bear["rapid"]] + LEG + RAPID / 2, -LANE - 6) if bear else None,
        "start": u.across(0),
        "finish": u.across(total),
        "swap": u.at(starts[4] - RAPID / 2, 0),
    }


class _U:
    """A U-shaped centre line: down, across, up; `at` measures along it."""

    def __init__(self, down: float, across: float, total: float):
        self.down, self.across_, self.total = down, across, total
        pad = LANE + 11
        self.viewbox = f"{-pad:g} {-pad:g} {across + 2 * pad:g} {down + 2 * pad:g}"
        top = down - (total - down - across)  # where the right-hand side ends
        self.path = f"M0,0 L0,{down:g} L{across:g},{down:g} L{across:g},{top:g}"

    def at(self, s: float, offset: float) -> tuple[float, float, float]:
        """(x, y, angle) at `s` along the line, `offset` towards the inside of the U."""
        down, across = self.down, self.across_
        if s <= down:
            return round(offset, 2), round(s, 2), 90.0
        if s <= down + across:
            return round(s - down, 2), round(down - offset, 2), 0.0
        return round(across - offset, 2), round(down - (s - down - across), 2), -90.0

    def lane_path(self, offset: float) -> str:
        down, across = self.down, self.across_
        end = down - (self.total - down - across)
        return (f"M{offset:g},0 L{offset:g},{down - offset:g} L{across - offset:g},"
                f"{down - offset:g} L{across - offset:g},{end:g}")  # fmt: skip

    def across(self, s: float) -> tuple[float, float, float, float]:
        x1, y1, _ = self.at(s, -LANE - 2)
        x2, y2, _ = self.at(s, LANE + 2)
        return x1, y1, x2, y2

"""The Moosehead Lake Canoe Trip (kind `moosehead`): its registration, its drawing
(`draw_moosehead`: the lake country drawn from the board's data, the weather dial, the canoes and
the spaces a throw reaches), its end screen, and each paddler's name from the options.

The drawing is worked out here because templates cannot do geometry: where each route, orange
line, boot mark, river arrow, token and highlighted space goes, and the dial's wedges.
"""

from __future__ import annotations

import math
from typing import Any

from chase.engines.game import Game, action_choices
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.board import board_of
from chase.engines.moosehead.tables import WEATHER_NAMES

SEAT_COLOURS = ("#b03a2e", "#1f5fa8", "#7d3c98", "#c77c02", "#117a65", "#34495e")
SPACE = 11  # a space's radius on the board's own scale
HIT = 22  # the tappable circle round a reachable space: big enough for a finger on a phone
TOKEN = 8.5
LINE_HALF = 15  # half the length of an orange attraction line across its link
DIAL = 52  # the weather dial's radius
DIAL_WORDS = {
    "calm": ["Calm"],
    "tailwind": ["Tail", "wind"],
    "headwind": ["Head", "wind"],
    "windbound": ["Wind", "bound"],
    "heavy_rain": ["Heavy", "rain"],
}
LABEL_OFFSETS = {  # where a space's name goes: (dx, dy, text-anchor)
    "right": (15, 4, "start"),
    "left": (-15, 4, "end"),
    "above": (0, -15, "middle"),
    "below": (0, 23, "middle"),
}


def draw_moosehead(view: dict[str, Any], actions: list[dict]) -> dict[str, Any]:
    """Everything the Moosehead template draws."""
    data = view["board"]
    board = board_of(data)
    spaces = board.spaces
    width, height = data["size"]
    colours = {
        p["role"]: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])
    }
    choices = action_choices(actions)
    moves: dict[int, list[dict]] = {}
    for choice in choices:
        if choice["type"] == "move":
            moves.setdefault(choice["to"], []).append(choice)
    return {
        "viewbox": f"0 0 {width} {height}",
        "width": width,
        "height": height,
        "title": data["title"],
        "unmapped": _unmapped(data),
        "lakes": [_lake(lake) for lake in data["lakes"]],
        "routes": [_route(board, route) for route in data["routes"]],
        "arrows": _arrows(board),
        "boots": _boots(board),
        "islands": [_at(s) for s in spaces.values() if s["kind"] == "island"],
        "lines": _lines(board),
        "spaces": [_space(board, s) for s in spaces.values()],
        "places": _places(data),
        "tokens": _tokens(view, board, colours),
        "reachable": [
            {
                "id": to,
                "x": spaces[to]["x"],
                "y": spaces[to]["y"],
                "where": board.where(to),
                "count": len(options),
            }
            for to, options in sorted(moves.items())
        ],
        "moves": [
            {"to": to, "where": board.where(to), "choices": options}
            for to, options in sorted(moves.items(), key=lambda kv: board.where(kv[0]))
        ],
        "other_actions": [c for c in choices if c["type"] != "move"],
        "dial": _dial(view["weather"]),
        "players": _players(view, board, colours),
        "focus": _focus(view, board),
    }


def _at(space: dict[str, Any]) -> dict[str, Any]:
    return {"id": space["id"], "x": space["x"], "y": space["y"]}


def _points(points: list[list[float]]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def _centre(points: list[list[float]]) -> tuple[float, float]:
    return (
        round(sum(p[0] for p in points) / len(points), 1),
        round(sum(p[1] for p in points) / len(points), 1),
    )


def _unmapped(data: dict[str, Any]) -> dict[str, Any]:
    region = data["unmapped"]
    label = region.get("label") or _centre(region["outline"])
    return {"points": _points(region["outline"]), "name": region["name"], "label": label}


def _lake(lake: dict[str, Any]) -> dict[str, Any]:
    label = lake.get("label") or _centre(lake["outline"])
    return {
        "id": lake["id"],
        "name": lake["name"],
        "points": _points(lake["outline"]),
        "label": label,
    }


def _route(board, route: dict[str, Any]) -> dict[str, Any]:
    spaces = board.spaces
    points = " ".join(f"{spaces[s]['x']},{spaces[s]['y']}" for s in route["spaces"])
    return {"kind": route["kind"], "name": route["name"], "points": points}


def _angle(a: dict[str, Any], b: dict[str, Any]) -> float:
    return round(math.degrees(math.atan2(b["y"] - a["y"], b["x"] - a["x"])), 1)


def _arrows(board) -> list[dict[str, Any]]:
    """A chevron halfway along every river link pointing downstream, and along every one-way
    link (portages set off from one end only, the eddy, the way to and from the dock)."""
    arrows = []
    seen = set()
    for here, links in board.out.items():
        for link in links:
            pair = frozenset((here, link.to))
            two_way = any(back.to == here for back in board.out[link.to])
            river = link.kind == "river"
            if pair in seen or (two_way and not river):
                continue
            seen.add(pair)
            a, b = board.spaces[here], board.spaces[link.to]
            if river and link.upstream:
                a, b = b, a
            arrows.append(
                {
                    "x": (a["x"] + b["x"]) / 2,
                    "y": (a["y"] + b["y"]) / 2,
                    "angle": _angle(a, b),
                    "kind": "flow" if river and two_way else "one-way",
                }
            )
    return arrows


def _boots(board) -> list[dict[str, Any]]:
    """A boot mark beside each end of a portage trail that may be set off from (the seed's
    boot symbol), a little way along the trail from the end."""
    boots = []
    for route in board.routes:
        if route["kind"] != "portage":
            continue
        trail = [s for s in route["spaces"] if board.spaces[s]["kind"] == "portage"]
        chain = route["spaces"]
        for end in route.get("boots", []):
            first = trail[0] if end == "start" else trail[-1]
            index = chain.index(first)
            outside = chain[index - 1] if end == "start" else chain[min(index + 1, len(chain) - 1)]
            a, b = board.spaces[outside], board.spaces[first]
            boots.append(
                {
                    "x": round((a["x"] + b["x"]) / 2 + 9, 1),
                    "y": round((a["y"] + b["y"]) / 2, 1),
                    "route": route["name"],
                }
            )
    return boots


def _lines(board) -> list[dict[str, Any]]:
    """The orange dotted lines across links where an attraction is seen, each with its words."""
    drawn = []
    for attraction in board.attractions.values():
        words = _attraction_words(attraction)
        for a_id, b_id in attraction.get("lines", []):
            a, b = board.spaces[a_id], board.spaces[b_id]
            mx, my = (a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2
            length = math.hypot(b["x"] - a["x"], b["y"] - a["y"]) or 1
            nx, ny = -(b["y"] - a["y"]) / length, (b["x"] - a["x"]) / length
            drawn.append(
                {
                    "id": attraction["id"],
                    "x1": round(mx - nx * LINE_HALF, 1),
                    "y1": round(my - ny * LINE_HALF, 1),
                    "x2": round(mx + nx * LINE_HALF, 1),
                    "y2": round(my + ny * LINE_HALF, 1),
                    "lx": round(mx + nx * (LINE_HALF + 3), 1),
                    "ly": round(my + ny * (LINE_HALF + 3), 1),
                    "anchor": "start" if nx >= 0 else "end",
                    "words": words,
                    "short": f"{attraction['name']} {attraction['score']:+d}",
                }
            )
    return drawn


def _attraction_words(attraction: dict[str, Any]) -> str:
    text = f"{attraction['name']}: {attraction['score']:+d}"
    if attraction.get("weather"):
        text += " in " + " or ".join(WEATHER_NAMES[w] for w in attraction["weather"]).lower()
    if attraction.get("one_way"):
        text += ", crossing one way only"
    return text


def _space(board, space: dict[str, Any]) -> dict[str, Any]:
    """A space with what is drawn on it: its classes, a letter, a tent, its name and tooltip."""
    sid = space["id"]
    classes = [space["kind"]]
    letter = ""
    if space.get("card"):
        classes.append("card")
        letter = "C" if space["card"] == "canoe" else "P"
    if "campsite" in space:
        classes.append("campsite")
    if sid in board.turning:
        classes.append("turning")
    if sid in board.shelters:
        classes.append("shelter")
    if sid in board.entries:
        classes.append("entry")
        letter = "?"
    if sid == board.raven_base:
        classes.append("base")
        letter = "X"
    if sid == board.summit:
        classes.append("summit")
    if sid == board.landing:
        classes.append("landing")
    name = space.get("name") or (space.get("campsite") or {}).get("name")
    dx, dy, anchor = LABEL_OFFSETS.get(space.get("label"), LABEL_OFFSETS["right"])
    x, y = space["x"], space["y"]
    tent = f"M{x - 7},{y + 5} L{x},{y - 7} L{x + 7},{y + 5} Z" if "campsite" in space else None
    return {
        "id": sid,
        "x": space["x"],
        "y": space["y"],
        "classes": " ".join(classes),
        "letter": letter,
        "camp": space.get("campsite", {}).get("score"),
        "tent": tent,
        "sx": x + 10,
        "sy": y - 10,
        "camp_attraction": sid in board.camp_attraction,
        "name": name if space.get("label") != "none" else None,
        "lx": space["x"] + dx,
        "ly": space["y"] + dy,
        "anchor": anchor,
        "title": _tooltip(board, space),
    }


def _tooltip(board, space: dict[str, Any]) -> str:
    sid = space["id"]
    parts = [board.where(sid)[:1].upper() + board.where(sid)[1:]]
    if "campsite" in space:
        parts.append(f"campsite {space['campsite']['score']:+d}")
    if space.get("card"):
        parts.append(f"draw a {space['card'].capitalize()} card when you land here")
    if sid in board.turning:
        parts.append("you may turn round here")
    if sid in board.shelters:
        parts.append("sheltered: wait here for a 5")
    if sid in board.entries:
        parts.append("the Unmapped Region's edge: the die you throw to enter picks your exit")
    if sid == board.raven_base:
        parts.append("foot of Raven Rock: wait here for fair weather")
    if sid == board.summit:
        parts.append(f"climb here for {board.attractions['raven']['score']:+d}")
    if sid == board.dock:
        parts.append("land here with the exact throw, ahead of everyone, to win")
    return "; ".join(parts)


def _places(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Names written on the map itself: Dangerous Point and Great Falls."""
    places = []
    for key in ("dangerous_point", "great_falls"):
        place = data[key]
        if place.get("at"):
            places.append(
                {
                    "name": place["name"],
                    "x": place["at"][0],
                    "y": place["at"][1],
                    "kind": key.replace("_", "-"),
                    "words": place["name"].split(),
                }
            )
    return places


def _tokens(view: dict[str, Any], board, colours: dict[str, str]) -> list[dict[str, Any]]:
    """Every canoe's token; canoes sharing a space (a campsite, the dock) sit round it."""
    by_space: dict[int, list[dict]] = {}
    for player in view["players"]:
        by_space.setdefault(player["at"], []).append(player)
    tokens = []
    for space_id, players in by_space.items():
        space = board.spaces[space_id]
        for index, player in enumerate(players):
            dx, dy = 0.0, 0.0
            if len(players) > 1:
                turn = 2 * math.pi * index / len(players) - math.pi / 2
                dx, dy = 13 * math.cos(turn), 13 * math.sin(turn)
            number = int(player["role"].split("-")[1])
            tokens.append(
                {
                    "role": player["role"],
                    "name": player["name"],
                    "number": number,
                    "x": round(space["x"] + dx, 1),
                    "y": round(space["y"] + dy, 1),
                    "colour": colours[player["role"]],
                    "you": player["role"] == view.get("you"),
                    "current": player["role"] == view.get("current"),
                }
            )
    return tokens


def _dial(weather: dict[str, Any]) -> dict[str, Any]:
    """The weather indicator: eight wedges clockwise from the top, the pointer on the current
    one."""
    wedges = []
    count = len(weather["dial"])
    for index, space in enumerate(weather["dial"]):
        start = 2 * math.pi * index / count - math.pi / 2 - math.pi / count
        end = start + 2 * math.pi / count
        x1, y1 = DIAL * math.cos(start), DIAL * math.sin(start)
        x2, y2 = DIAL * math.cos(end), DIAL * math.sin(end)
        middle = (start + end) / 2
        wedges.append(
            {
                "d": f"M0,0 L{x1:.1f},{y1:.1f} A{DIAL},{DIAL} 0 0 1 {x2:.1f},{y2:.1f} Z",
                "id": space["id"],
                "name": space["name"],
                "words": DIAL_WORDS[space["id"]],
                "lx": round(DIAL * 0.68 * math.cos(middle), 1),
                "ly": round(DIAL * 0.68 * math.sin(middle), 1),
                "now": index == weather["index"],
            }
        )
    pointer = round(360 * weather["index"] / count, 1)
    return {"wedges": wedges, "pointer": pointer, "radius": DIAL, **weather}


def _players(view: dict[str, Any], board, colours: dict[str, str]) -> list[dict[str, Any]]:
    nights = view["options"]["nights"]
    rows = []
    for player in view["players"]:
        rows.append(
            {
                **player,
                "colour": colours[player["role"]],
                "number": int(player["role"].split("-")[1]),
                "nights_needed": nights,
                "you": player["role"] == view.get("you"),
                "current": player["role"] == view.get("current"),
                "seen_names": [board.attractions[a]["name"] for a in player["seen"]],
            }
        )
    return rows


def _focus(view: dict[str, Any], board) -> dict[str, float]:
    """Where a phone's narrow window onto the map should be scrolled: the canoe to move."""
    role = view.get("current") or view.get("winner")
    player = next((p for p in view["players"] if p["role"] == role), view["players"][0])
    space = board.spaces[player["at"]]
    width, height = view["board"]["size"]
    return {"x": round(space["x"] / width, 3), "y": round(space["y"] / height, 3)}


def moosehead_results(session, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The end screen: every canoe, the winner first, then by points; with its nights, the
    attractions it saw and the Destination cards it obeyed."""
    board = board_of(view["board"])
    colours = {
        p["role"]: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])
    }
    rows = [
        {
            "role": p["role"],
            "name": p["name"],
            "colour": colours[p["role"]],
            "number": int(p["role"].split("-")[1]),
            "points": p["points"],
            "nights": p["nights"],
            "seen": len(p["seen"]),
            "obeyed": p["obeyed"],
            "winner": p["role"] == view["winner"],
            "you": p["role"] == view.get("you"),
            "where": board.where(p["at"]),
        }
        for p in view["players"]
    ]
    rows.sort(key=lambda r: (not r["winner"], -r["points"], r["number"]))
    for place, row in enumerate(rows, start=1):
        row["place"] = place
    return rows


def paddler_name(options: dict[str, Any], role: str) -> str | None:
    """A paddler's name when the options give the names."""
    names = options.get("names")
    if not names or not role.startswith("canoe-"):
        return None
    index = int(role.split("-", 1)[1]) - 1
    return names[index] if 0 <= index < len(names) else None


GAME = Game(
    engine=ENGINE,
    draw=draw_moosehead,
    results=moosehead_results,
    seat_names=paddler_name,
    hidden_hands=False,  # everything is on the table: hot-seat needs no handover
)

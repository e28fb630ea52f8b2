"""The Colonial Canoe Race (kind `race`): its registration, its drawing (`draw_race`: the U course
and every canoe on it), its end screen, and each canoe's name from the options.

The drawing is worked out here because templates cannot do geometry: the U's centre line, where
each rapid, whirlpool, hostile and canoe sits on it, and each canoe's men aboard and in the water.
"""

from __future__ import annotations

from typing import Any

from chase.engines.game import Game
from chase.engines.race import ENGINE
from chase.engines.race.tables import BEAR_KILLS_FROM

LEG = 30  # drawn units per leg, whatever its inches (the table lists the inches)
RAPID = 8
LANE = 3.2  # the inside track runs this far inside the centre line, the outside as far out
HULL = 6.0  # a canoe's drawn length; it fits in a rapid
SWIMMER = 1.4  # the room each man in the water takes, trailing behind his canoe
GAP = 0.8  # between two canoes queued on one track
PAD = LANE + 11  # around the U, for the leg labels, the hostiles and the bear
TOP = 5  # above the start and the finish lines
SEAT_COLOURS = ("#a3442a", "#2f5d50", "#3b5b92", "#8a5a00", "#6b3d7a", "#2e6b3a", "#7a4a2a", "#444")
MEN_ABOARD = (-1.95, -0.65, 0.65, 1.95)  # where a crew of four sits along the hull
BEHIND_SHARE = 0.5  # a canoe behind the start line is drawn at most half a leg behind it


def draw_race(view: dict[str, Any], actions: list[dict] | None = None) -> dict[str, Any]:
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
        label = u.at(start + LEG / 2, -LANE - 6.5)
        drawn_legs.append({**leg, "number": leg["index"] + 1, "label": label})
    drawn_rapids = []
    for rapid in rapids:
        mid = starts[rapid["index"]] + LEG + RAPID / 2
        x, y, angle = u.at(mid, 0)
        # The class is written on the inside bank, reading away from the water.
        anchor = {90.0: "start", -90.0: "end"}.get(angle, "middle")
        label = u.at(mid, LANE + (5 if anchor != "middle" else 6.5))
        drawn_rapids.append(
            {
                **rapid,
                "number": rapid["index"] + 1,
                "x": x,
                "y": y,
                "angle": angle,
                "label": label,
                "anchor": anchor,
            }
        )
    canoes = _place_canoes(view["canoes"], starts, u)
    whirlpools = [
        u.at(starts[w["leg"]] + 4, LANE if w["track"] == "inside" else -LANE)
        for w in course["whirlpools"]
    ]
    hostiles = [u.at(starts[h["leg"]] + LEG / 2, LANE + 6.8) for h in course["hostiles"]]
    bear = course.get("bear")
    # Room above the start and finish lines for their labels, and for canoes queued behind the
    # start line.
    top = min([-TOP] + [y - 4 for c in canoes for y in [c["y"]] + [s[1] for s in c["swimmers"]]])
    return {
        "viewbox": u.viewbox(top),
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
        "start_label": u.at(0, LANE + 6),
        "finish_label": u.at(total, LANE + 6),
    }


def _place_canoes(canoes: list[dict], starts: list[float], u: _U) -> list[dict[str, Any]]:
    """Each canoe with its bow where it is on its track; canoes that would overlap on one track
    queue up behind each other (upstream), each with its swimmers trailing behind it."""
    placed = []
    for number, canoe in enumerate(canoes, start=1):
        if canoe["in_rapid"]:
            bow = starts[canoe["leg"]] + LEG + (RAPID + HULL) / 2
        else:
            # A canoe lined up behind the start line (`outside_extra`) is drawn behind it.
            share = canoe["at"] / canoe["leg_length"] if canoe["leg_length"] else 0
            bow = starts[canoe["leg"]] + min(1.0, max(-BEHIND_SHARE, share)) * LEG
        colour = SEAT_COLOURS[(number - 1) % len(SEAT_COLOURS)]
        behind = -canoe["at"] if canoe["at"] < 0 and not canoe["in_rapid"] else 0
        placed.append({**canoe, "number": number, "bow": bow, "colour": colour, "behind": behind})
    for track, lane in (("inside", LANE), ("outside", -LANE)):
        tail = None
        on_track = [c for c in placed if c["track"] == track]
        for canoe in sorted(on_track, key=lambda c: (-c["bow"], c["number"])):
            if tail is not None:
                canoe["bow"] = min(canoe["bow"], tail - GAP)
            middle = canoe["bow"] - HULL / 2
            canoe["x"], canoe["y"], canoe["angle"] = u.at(middle, lane)
            canoe["men"] = MEN_ABOARD[: canoe["aboard"]]
            stern = canoe["bow"] - HULL
            canoe["swimmers"] = [
                u.at(stern - SWIMMER * (k + 0.5), lane)[:2] for k in range(canoe["in_water"])
            ]
            towards_bank = 1 if lane > 0 else -1
            canoe["badge"] = u.at(middle, lane + towards_bank * 2.9)[:2]
            tail = stern - SWIMMER * canoe["in_water"]
    return placed


class _U:
    """A U-shaped centre line: down, across, up; `at` measures along it."""

    def __init__(self, down: float, across: float, total: float):
        self.down, self.across_, self.total = down, across, total
        top = down - (total - down - across)  # where the right-hand side ends
        self.path = f"M0,0 L0,{down:g} L{across:g},{down:g} L{across:g},{top:g}"

    def viewbox(self, top: float) -> str:
        return f"{-PAD:g} {top:g} {self.across_ + 2 * PAD:g} {self.down + PAD - top:g}"

    def at(self, s: float, offset: float) -> tuple[float, float, float]:
        """(x, y, angle) at `s` along the line, `offset` towards the inside of the U. Along the
        arms a lane runs beside the centre line (so a canoe on it sits beside its rapid); near
        a corner a point on the inside keeps to the inside of the lane's own corner."""
        down, across, rise = self.down, self.across_, self.total - self.down - self.across_
        corner = down - offset  # the y of the lane's bottom arm
        if s <= down:
            return round(offset, 2), round(min(s, corner), 2), 90.0
        if s <= down + across:
            x = min(max(s - down, offset), across - offset)
            return round(x, 2), round(corner, 2), 0.0
        y = min(down - (s - down - across), corner)
        return round(across - offset, 2), round(max(y, down - rise), 2), -90.0

    def lane_path(self, offset: float) -> str:
        down, across = self.down, self.across_
        end = down - (self.total - down - across)
        return (
            f"M{offset:g},0 L{offset:g},{down - offset:g} L{across - offset:g},"
            f"{down - offset:g} L{across - offset:g},{end:g}"
        )

    def across(self, s: float) -> tuple[float, float, float, float]:
        x1, y1, _ = self.at(s, -LANE - 3)
        x2, y2, _ = self.at(s, LANE + 3)
        return x1, y1, x2, y2


# --- the end screen -----------------------------------------------------------------------


def race_results(session, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every canoe in finishing order (R8), then those still on the water when the race was
    decided, then those that went out; each with its crew's losses by cause, counted from the
    events of the whole log (the view only keeps the total)."""
    causes = {c["role"]: {"shot": 0, "mauled": 0, "drowned": 0, "left": 0} for c in view["canoes"]}
    for events in session.log.values_list("events", flat=True):
        for event in events:
            tally = causes.get(event.get("seat"))
            if tally is None:
                continue
            kind = event.get("kind")
            if kind == "shot" and event.get("killed"):
                tally["shot"] += 1
            elif kind == "bear":  # R4: a 6 on each man's die kills him
                kills = event.get("kills", [])
                tally["mauled"] += sum(1 for face in kills if face >= BEAR_KILLS_FROM)
            elif kind == "recrew":
                tally["drowned"] += event.get("drowned", 0)
            elif kind == "abandon":
                tally["left"] += event.get("left", 0)
    rows = []
    for number, canoe in enumerate(view["canoes"], start=1):
        tally = causes[canoe["role"]]
        if canoe["place"]:
            outcome = "crossed the finish line"
        elif canoe["out"]:
            outcome = "out of the race"
        else:
            outcome = f'did not finish ({canoe["to_go"]}" to go)'
        rows.append(
            {
                "role": canoe["role"],
                "number": number,
                "colony": canoe["colony"],
                "name": canoe["name"],
                "place": canoe["place"],
                "place_text": ordinal(canoe["place"]) if canoe["place"] else "–",
                "colour": SEAT_COLOURS[(number - 1) % len(SEAT_COLOURS)],
                "you": canoe["role"] == view.get("you"),
                "outcome": outcome,
                "aboard": canoe["aboard"],
                "in_water": canoe["in_water"],
                "lost": canoe["lost"],
                "causes": _causes_text(tally),
                "out": canoe["out"],
                "to_go": canoe["to_go"],
                **tally,
            }
        )
    rows.sort(key=lambda r: (r["place"] or 99, r["out"], r["to_go"], r["number"]))
    return rows


def _causes_text(tally: dict[str, int]) -> str:
    words = {
        "shot": "shot by hostiles",
        "mauled": "killed by the bear",
        "drowned": "drowned in a whirlpool",
        "left": "left in the water",
    }
    return ", ".join(f"{tally[cause]} {text}" for cause, text in words.items() if tally[cause])


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... (the places of a race of up to 8 canoes)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix}"


def canoe_name(options: dict[str, Any], role: str) -> str | None:
    """A canoe's colony and name when the options give them: "Virginia (Swift Otter)"."""
    if not role.startswith("canoe-"):
        return None
    names = options.get("names") or []
    index = int(role.split("-", 1)[1]) - 1
    if 0 <= index < len(names):
        return f"{names[index]['colony']} ({names[index]['canoe']})"
    return None


GAME = Game(
    engine=ENGINE,
    draw=draw_race,
    results=race_results,
    seat_names=canoe_name,
    hidden_hands=False,  # R: every canoe is in plain sight; hot-seat needs no handover
    groups={"inside": "inside starters", "outside": "outside starters"},  # R3
)

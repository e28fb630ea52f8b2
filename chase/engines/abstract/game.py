"""The abstract chase (kind `abstract`): its registration, its drawing (`draw_abstract`: the
cards on a ladder of ranks with the range bands, the advantage arrows and the complications),
the game master's controls, the end screen, seat names from the participants, and a warband's
figures as participants.

The drawing is worked out here because templates cannot do geometry. The ladder has a row per
rank (a Joker at the top, a Two at the bottom) under the A4 range bands; the prey's cards on
the left, the pursuers' on the right, an arrow from each card to every foe's card it has the
advantage over (both ways for a tie). Only the cards the seat may see are placed: before the
reveal a seat sees its own card and the game master every card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chase.engines.abstract import ENGINE, cards, figure_participant
from chase.engines.abstract.tables import GM, PARTICIPANTS, RANGE_BANDS
from chase.engines.base import OptionsError
from chase.engines.game import Game, action_choices

WIDTH = 100
GUTTER = 10  # the band names and the ranks, left of the ladder
TOP = 9  # the column heads
ROW = 7
CARD = (9, 5.6)  # a card's width and height
GAP = 12  # between the two columns' cards, for the arrows
CENTRE = (WIDTH + GUTTER) / 2
INNER = {"prey": CENTRE - GAP / 2 - CARD[0], "pursuers": CENTRE + GAP / 2}  # the first card's x
OUTWARD = {"prey": -1, "pursuers": 1}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Jk")
TOP_RANK = 15
BAND_NAMES = {"out of range": "out", "long": "long −4", "medium": "medium", "short": "short"}
RANGE_WORDS = {"long": "long range (−4)", "medium": "medium range (−2)", "short": "short range"}
NAME_LENGTH = 14
COMPLICATION_WORDS = {
    "disaster": "disaster",
    "major": "major obstacle",
    "minor": "minor obstacle",
    "distraction": "distraction",
}
OWN_PLACES = ("keep", "resolve", "next", "end", "record")  # actions drawn apart from the rest
PHASES = {
    "roll": "everyone rolls to maneuver",
    "act": "the participants act on their cards",
    "between": "the game master records the story",
    "over": "the chase is over",
}


def draw_abstract(view: dict[str, Any], actions: list[dict]) -> dict[str, Any]:
    """What the template draws: the ladder, the cards on it, the arrows, the lists beside it,
    the seat's own cards and the game master's controls."""
    people = {p["role"]: p for p in view["participants"]}
    placed, labels = _place_cards(view)
    if view["pending"] and view["pending"][0]["kind"] == "attack":  # who the GM decides about
        attack = view["pending"][0]
        for role, mark in ((attack["attacker_role"], "active"), (attack["target_role"], "target")):
            if role in placed:
                placed[role][mark] = True
    arrows = [
        _arrow(placed[a["from"]], placed[a["to"]], a["tie"])
        for a in view["advantage"]
        if a["from"] in placed and a["to"] in placed
    ]
    height = TOP + ROW * (TOP_RANK - 1) + 3
    choices = action_choices(actions)
    you = people.get(view.get("you") or "")
    return {
        "viewbox": f"0 0 {WIDTH} {height}",
        "width": WIDTH,
        "height": height,
        "bands": _bands(),
        "ranks": [{"label": label, "y": _row_y(rank)} for rank, label in enumerate(RANKS, 2)],
        "heads": [
            {"x": (GUTTER + CENTRE) / 2, "text": f"{view['prey']} (prey)", "side": "prey"},
            {"x": (CENTRE + WIDTH) / 2, "text": view["pursuers"], "side": "pursuers"},
        ],
        "cards": list(placed.values()),
        "labels": labels,
        "arrows": arrows,
        "round_text": _round_text(view),
        "phase_text": PHASES[view["phase"]],
        "off_ladder": _off_ladder(view, placed),
        "people": [_person(view, p) for p in view["participants"]],
        "pending": [_pending_words(people, p) for p in view["pending"]],
        "you": you,
        "your_cards": _your_cards(you, choices),
        "gm_main": [c for c in choices if c["type"] in ("resolve", "next", "end")],
        "gm_records": _records(people, choices),
        "other_actions": [c for c in choices if c["type"] not in OWN_PLACES],
    }


def _row_y(rank: int) -> float:
    return TOP + ROW * (TOP_RANK - rank) + ROW / 2


def _bands() -> list[dict[str, Any]]:
    """A4: the range bands behind the ladder, the longest range lowest."""
    bands = []
    for lo, hi, (name, _modifier) in RANGE_BANDS:
        top = TOP + ROW * (TOP_RANK - hi)
        height = ROW * (hi - lo + 1)
        bands.append(
            {
                "y": top,
                "height": height,
                "name": BAND_NAMES[name],
                "key": name.replace(" ", "-"),
                "label_y": top + height / 2,
            }
        )
    return bands


def _side(view: dict[str, Any], participant: dict[str, Any]) -> str:
    return "prey" if participant["side"] == view["prey"] else "pursuers"


def _place_cards(view: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], list[dict]]:
    """Each participant still in the chase whose card this seat may see, at its rank's row:
    the card by the middle, the name outside it. Cards of one rank on one side sit side by
    side, going outwards, and share one label."""
    placed: dict[str, dict[str, Any]] = {}
    rows: dict[tuple[str, int], list[str]] = {}
    for p in sorted(view["participants"], key=lambda p: p["index"]):
        if not p["in_chase"] or not p["card"]:
            continue
        side = _side(view, p)
        rank = p["rank"]
        row = rows.setdefault((side, rank), [])
        x = INNER[side] + OUTWARD[side] * len(row) * (CARD[0] + 1)
        row.append(p["role"])
        y = _row_y(rank) - CARD[1] / 2
        face = p["card_short"]
        placed[p["role"]] = {
            "role": p["role"],
            "side": side,
            "x": round(x, 2),
            "y": round(y, 2),
            "w": CARD[0],
            "h": CARD[1],
            "face": face,
            "face_x": round(x + CARD[0] / 2, 2),
            "red": face[-1] in "♥♦",
            "joker": face == "Joker",
            "full_name": p["name"],
            "title": _card_title(p),
            "club": p["complication"] is not None,
            "mark_x": round(x + (CARD[0] - 0.9 if side == "prey" else 0.9), 2),
            "shown": p["card_shown"],
            "active": view["active"] == p["role"],
            "target": False,
            "you": view.get("you") == p["role"],
            # The arrows leave a card from its edge facing the other column.
            "edge": round(x + CARD[0] if side == "prey" else x, 2),
            "mid": round(y + CARD[1] / 2, 2),
        }
    labels = []
    for (side, _rank), roles in rows.items():
        last = placed[roles[-1]]
        names = [_short_name(view, placed[r]) for r in roles]
        outer = last["x"] - 1 if side == "prey" else last["x"] + CARD[0] + 1
        labels.append(
            {
                "x": round(outer, 2),
                "y": last["mid"],
                "text": " · ".join(names),
                "anchor": "end" if side == "prey" else "start",
                "side": side,
            }
        )
    return placed, labels


def _short_name(view: dict[str, Any], card: dict[str, Any]) -> str:
    """The name beside a card: shaken marked ✱, long names cut."""
    person = next(p for p in view["participants"] if p["role"] == card["role"])
    name = person["name"]
    if len(name) > NAME_LENGTH:
        name = name[: NAME_LENGTH - 1] + "…"
    return name + (" ✱" if person["shaken"] else "")


def _card_title(p: dict[str, Any]) -> str:
    text = f"{p['name']}: {p['card_name']}"
    if p["range_modifier"] is None:
        text += ", out of range"
    else:
        text += f", {p['range']} range"
    if p["complication_name"]:
        text += f"; a club: {p['complication_name']}"
    if not p["card_shown"]:
        text += " (face down: only you see it)"
    return text


def _arrow(a: dict[str, Any], b: dict[str, Any], tie: bool) -> dict[str, Any]:
    return {
        "x1": a["edge"],
        "y1": a["mid"],
        "x2": b["edge"],
        "y2": b["mid"],
        "tie": tie,
        "side": a["side"],
        "title": f"{a['full_name']} has the advantage over {b['full_name']}"
        + (" (a tie: each over the other)" if tie else ""),
    }


def _round_text(view: dict[str, Any]) -> str:
    if view["rounds"] is None:
        return f"Round {view['round']} · a dogfight"
    return f"Round {view['round']} of {view['rounds']}"


def _off_ladder(view: dict[str, Any], placed: dict[str, Any]) -> list[dict[str, Any]]:
    """The participants not on the ladder, in words: face down, no card, out, withdrawn."""
    groups: dict[str, list[str]] = {}
    for p in view["participants"]:
        if p["role"] in placed:
            continue
        if p["out"]:
            key = "Out of the chase"
        elif p["withdrawn"]:
            key = "Withdrawn"
        elif not p["rolled"]:
            key = "Still to roll"
        elif p["drawn_count"] and not p["kept"]:
            key = "Choosing a card"
        elif p["drawn_count"]:
            key = "Card face down"
        else:
            key = "No card this round"
        groups.setdefault(key, []).append(p["name"])
    return [{"what": what, "names": ", ".join(names)} for what, names in groups.items()]


def _person(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """A participant's row in the table beside the ladder."""
    marks = []
    if p["out"]:
        marks.append("out")
    if p["withdrawn"]:
        marks.append("withdrawn")
    if p["shaken"]:
        marks.append("shaken")
    if p["wounds"]:
        marks.append(f"{p['wounds']} wound{'s' if p['wounds'] > 1 else ''}")
    if p["forced"]:
        marks.append(f"forced −{2 * p['forced']}")
    die = p["trait_die"] + (" + wild d6" if p["wild_card"] else "")
    who = p["name"] + (f" ×{p['left']}" if p["group"] else "")
    crew = ", ".join(f"{x['name']} {x['trait_die']}" for x in p["passengers"])
    return {
        "role": p["role"],
        "who": who,
        "side": _side(view, p),
        "side_name": p["side"],
        "die": die,
        "speed": p["top_speed"],
        "climb": p["climb"],
        "crew": crew,
        "roll": p["roll"]["total"] if p["roll"] else None,
        "card": p["card_short"],
        "card_red": bool(p["card_short"]) and p["card_short"][-1] in "♥♦",
        "card_shown": p["card_shown"],
        "range": _range_words(p),
        "complication": p["complication_name"],
        "marks": marks,
        "active": view["active"] == p["role"],
        "you": view.get("you") == p["role"],
        "out": not p["in_chase"],
    }


def _range_words(p: dict[str, Any]) -> str:
    if not p["card"]:
        return ""
    if p["range_modifier"] is None:
        return "out of range"
    if p["range_modifier"] == 0:
        return "short, melee"
    return f"{p['range']} −{-p['range_modifier']}"


def _pending_words(people: dict[str, dict], pending: dict[str, Any]) -> str:
    target = people[pending["target_role"]]["name"]
    if pending["kind"] == "attack":
        attacker = people[pending["attacker_role"]]
        if attacker["group"]:
            attacker_words = f"{pending['count']} of {attacker['name']} attack"
        else:
            attacker_words = f"{attacker['name']} attacks"
        return f"{attacker_words} {target} at {RANGE_WORDS[pending['range']]}"
    if pending["kind"] == "harm":
        return f"{target} hit {pending['source']}: what damage or fatigue?"
    return f"{target} tries to recover from being shaken"


def _your_cards(you: dict[str, Any] | None, choices: list[dict]) -> list[dict[str, Any]]:
    """The seat's own cards drawn this round, each with its "keep" button while it chooses."""
    if you is None or not you["drawn"]:
        return []
    keeps = {c["card"]: c for c in choices if c["type"] == "keep"}
    return [
        {**card_face(code), "keep": keeps.get(code), "kept": code == you["card"]}
        for code in you["drawn"]
    ]


def card_face(code: str) -> dict[str, Any]:
    return {
        "code": code,
        "short": cards.short(code),
        "name": cards.name(code),
        "colour": "joker" if code in cards.JOKERS else ("red" if code[-1] in "HD" else "black"),
    }


def _records(people: dict[str, dict], choices: list[dict]) -> list[dict[str, Any]]:
    """The game master's records between rounds, grouped by participant."""
    by_index = {p["index"]: p for p in people.values()}
    rows: dict[int, dict[str, Any]] = {}
    for choice in choices:
        if choice["type"] != "record":
            continue
        person = by_index[choice["target"]]
        row = rows.setdefault(choice["target"], {"name": person["name"], "actions": []})
        row["actions"].append({**choice, "short": choice["result"].replace("_", " ")})
    return list(rows.values())


def abstract_results(session, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The end screen: what became of each participant."""
    rows = []
    for p in view["participants"]:
        prey = p["side"] == view["prey"]
        if p["out"]:
            fate = "stopped: out of the chase" if prey else "out of the chase"
        elif p["withdrawn"]:
            fate = "got away" if prey else "withdrew"
        elif prey and view["rounds"] is not None:
            fate = "escaped"
        else:
            fate = "still in the chase at the end"
        wounds = f"{p['wounds']} wound{'s' if p['wounds'] != 1 else ''}" if p["wounds"] else ""
        left = f"{p['left']} of {p['extras']} left" if p["group"] else ""
        rows.append(
            {
                "name": p["name"],
                "side": p["side"],
                "won": p["side"] == view["winner"],
                "fate": fate,
                "notes": ", ".join(part for part in (wounds, left) if part),
            }
        )
    return rows


def seat_name(options: Mapping[str, Any], role: str) -> str | None:
    """A participant's seat is its name and side ("Pierre (trappers)"); a side is "the
    trappers" (the winner is a side)."""
    try:
        participants = (
            options.get("participants") or ENGINE.clean_options(dict(options))["participants"]
        )
    except OptionsError:
        return None
    if role.startswith("p") and role[1:].isdigit():
        index = int(role[1:]) - 1
        if 0 <= index < len(participants):
            return f"{participants[index]['name']} ({participants[index]['side']})"
    if role in {p["side"] for p in participants}:
        return f"the {role}"
    return None


def with_figures(
    options: dict[str, Any], figures: list[dict[str, Any]], side: str
) -> dict[str, Any]:
    """A warband's figures take the places of the template's prey (or pursuers): each one a
    participant with the die its reputation gives (a Hero a wild card), at the top speed of
    the participant it replaces. As many as the chase has room for, in roster order."""
    if not figures:
        raise OptionsError("That warband has no figure on its roster to take part.")
    prey = options["prey"]
    sides = []
    for p in options["participants"]:
        if p["side"] not in sides:
            sides.append(p["side"])
    their_side = prey if side == "prey" else next(s for s in sides if s != prey)
    replaced = [p for p in options["participants"] if p["side"] == their_side]
    others = [p for p in options["participants"] if p["side"] != their_side]
    room = PARTICIPANTS[1] - len(others)
    speed = replaced[0]["top_speed"]
    joining = [
        figure_participant(
            name=f["name"],
            reputation=f["reputation"],
            status=f["status"],
            side=their_side,
            top_speed=speed,
        )
        for f in figures[:room]
    ]
    first = options["participants"].index(replaced[0])
    participants = others[:first] + joining + others[first:]
    return {**options, "participants": participants}


GAME = Game(
    engine=ENGINE,
    roles={GM: "the game master"},
    draw=draw_abstract,
    results=abstract_results,
    seat_names=seat_name,
    figures=with_figures,
)

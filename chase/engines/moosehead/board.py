"""The board as data (M1): reading a board file, checking it, and the indexes the rules use.

A board is a JSON file (see `boards/standard.json`): numbered spaces with their kind and
features, routes that link them (rivers listed downstream, portages with their boot marks),
lake outlines, the attractions, the Unmapped Region's entries and exits, Raven Rock, Dangerous
Point, Great Falls, the named places the Destination cards send you to, the dock and the eddy.

`validate(data)` raises BoardError naming the space, route or section at fault; `Board` wraps
checked data with the lookups the rules need. Bundled boards are found by name in `boards/`;
a club's own file can be added with `register_board(name, path)` or read with `load_board`.
"""

from __future__ import annotations

import hashlib
import json
import math
import pathlib
from collections import deque
from dataclasses import dataclass
from typing import Any

from chase.engines.base import OptionsError
from chase.engines.moosehead.tables import ATTRACTIONS, DIAL, NO_CLIMBING

BOARDS_DIR = pathlib.Path(__file__).resolve().parent / "boards"

SPACE_KINDS = ("lake", "island", "river", "portage", "rock", "eddy", "dock")
ROUTE_KINDS = ("lake", "river", "portage", "channel", "eddy", "rock")
CARD_SPACES = ("canoe", "portage")
SECTIONS = (
    "name",
    "title",
    "size",
    "lakes",
    "spaces",
    "routes",
    "attractions",
    "unmapped",
    "raven_rock",
    "dangerous_point",
    "great_falls",
    "places",
    "dock",
    "eddy",
)
LABEL_PLACES = ("right", "left", "above", "below", "none")  # where the map writes a name
EDDY_SPACES = 4  # M1: the finishing eddy of 4
DIE_FACES = ("1", "2", "3", "4", "5", "6")
MIN_LAKES = 3  # M1
MIN_CAMPSITES = 6  # M1
WEATHERS = frozenset(DIAL)


class BoardError(OptionsError):
    """A board file that makes no trip. The message names the space, route or section."""


@dataclass(frozen=True)
class Link:
    """One way a canoe may step from a space to a neighbour."""

    to: int
    route: int  # index into the board's routes
    kind: str  # the route's kind
    upstream: bool  # against a river's flow: poling (M3)


# --- reading ----------------------------------------------------------------------------------


def board_names() -> list[str]:
    """The bundled boards and the ones a club registered, by name."""
    bundled = sorted(path.stem for path in BOARDS_DIR.glob("*.json"))
    return bundled + sorted(name for name in _REGISTERED if name not in bundled)


_REGISTERED: dict[str, pathlib.Path] = {}
_BY_NAME: dict[str, dict[str, Any]] = {}
_BY_DIGEST: dict[str, Board] = {}


_DEFAULT = {"name": "standard"}


def register_board(
    path: str | pathlib.Path, name: str | None = None, *, default: bool = False
) -> dict[str, Any]:
    """Add a club's own board file, under `name` or the name the file gives itself (checked now,
    so a bad file fails at start-up); `default` makes it the board of a trip that names none."""
    data = load_board(path)
    name = name or data["name"]
    _REGISTERED[name] = pathlib.Path(path)
    _BY_NAME[name] = data
    if default:
        _DEFAULT["name"] = name
    return data


def default_board() -> str:
    """The board a trip is played on when its options name none: the bundled `standard`, or
    the club's own file (the MOOSEHEAD_BOARD_FILE setting)."""
    return _DEFAULT["name"]


def load_board(path: str | pathlib.Path) -> dict[str, Any]:
    """Read and check a board file; the data comes back with its digest added."""
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BoardError(f"The board file {path.name} cannot be read: {error.strerror}.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardError(
            f"The board file {path.name} is not JSON (line {error.lineno}: {error.msg})."
        ) from None
    return checked(data)


def checked(data: Any) -> dict[str, Any]:
    """Validate board data and return a copy carrying its digest (the cache key of `Board`)."""
    validate(data)
    data = {k: v for k, v in data.items() if k != "digest"}
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    data["digest"] = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return data


def board_data(name: str) -> dict[str, Any]:
    """The checked data of a bundled or registered board; BoardError for an unknown name."""
    if name in _BY_NAME:
        return _BY_NAME[name]
    path = BOARDS_DIR / f"{name}.json"
    if not isinstance(name, str) or not name.isidentifier() or not path.is_file():
        raise BoardError(f"Option 'board' must be one of {', '.join(board_names())}, not {name!r}.")
    _BY_NAME[name] = load_board(path)
    return _BY_NAME[name]


_LAST: list[Any] = [None, None]  # the data last asked for, and its board


def board_of(data: dict[str, Any]) -> Board:
    """The indexed board for checked data (kept in a state), built once per digest."""
    if data is _LAST[0]:  # the same state's board asked for again and again
        return _LAST[1]
    digest = data.get("digest")
    board = _BY_DIGEST.get(digest) if digest else None
    if board is None:
        board = Board(data if digest else checked(data))
        if len(_BY_DIGEST) > 32:
            _BY_DIGEST.clear()
        _BY_DIGEST[board.digest] = board
    _LAST[:] = [data, board]
    return board


# --- checking ---------------------------------------------------------------------------------


def _fail(message: str) -> None:
    raise BoardError(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_point(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )


def _label(space: dict[str, Any]) -> str:
    name = space.get("name") or (space.get("campsite") or {}).get("name")
    return f"Space {space['id']} ({name})" if name else f"Space {space['id']}"


def validate(data: Any) -> None:
    """Raise BoardError at the first fault, naming the space, route or section (M1)."""
    if not isinstance(data, dict):
        _fail("A board must be a JSON object.")
    if "dock" not in data:
        _fail("The board has no dock.")
    missing = [key for key in SECTIONS if key not in data]
    if missing:
        _fail(f"The board has no '{missing[0]}' section.")
    for key in ("name", "title"):
        if not isinstance(data[key], str) or not data[key].strip():
            _fail(f"The board's '{key}' must be some text.")
    if not _is_point(data["size"]):
        _fail("The board's 'size' must be [width, height].")
    lakes = _check_lakes(data["lakes"])
    spaces = _check_spaces(data["spaces"], lakes)
    links = _check_routes(data["routes"], spaces)
    _check_dock(data, spaces, links)
    _check_reach(data["dock"], spaces, links)
    _check_attractions(data["attractions"], spaces, links)
    _check_unmapped(data["unmapped"], spaces)
    _check_raven(data["raven_rock"], spaces, links)
    _check_dangerous_point(data["dangerous_point"], spaces)
    _check_great_falls(data["great_falls"], spaces)
    _check_places(data, spaces, lakes)
    _check_turning(data, spaces, links)


def _check_lakes(lakes: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(lakes, list):
        _fail("The board's 'lakes' must be a list.")
    found: dict[str, dict[str, Any]] = {}
    for lake in lakes:
        if not isinstance(lake, dict) or not isinstance(lake.get("id"), str):
            _fail("Every lake needs an 'id'.")
        name = lake["id"]
        if name in found:
            _fail(f"Lake '{name}' is listed twice.")
        if not isinstance(lake.get("name"), str) or not lake["name"].strip():
            _fail(f"Lake '{name}' has no name.")
        outline = lake.get("outline")
        if not isinstance(outline, list) or len(outline) < 3 or not all(map(_is_point, outline)):
            _fail(f"Lake '{name}' needs an outline (its perimeter) of at least 3 points.")
        if "label" in lake and not _is_point(lake["label"]):
            _fail(f"Lake '{name}': 'label' must be a point [x, y] where its name is written.")
        found[name] = lake
    if len(found) < MIN_LAKES:
        _fail(f"The board has {len(found)} lakes; a trip needs at least {MIN_LAKES}.")
    return found


def _check_spaces(spaces: Any, lakes: dict[str, Any]) -> dict[int, dict[str, Any]]:
    if not isinstance(spaces, list) or not spaces:
        _fail("The board's 'spaces' must be a list of spaces.")
    found: dict[int, dict[str, Any]] = {}
    for space in spaces:
        if not isinstance(space, dict) or not _is_int(space.get("id")) or space["id"] < 1:
            _fail(f"Every space needs a whole number 'id' from 1 up, not {space!r:.60}.")
        if space["id"] in found:
            _fail(f"Space {space['id']} is listed twice.")
        label = _label(space)
        if space.get("kind") not in SPACE_KINDS:
            _fail(f"{label} has kind {space.get('kind')!r}; use one of {', '.join(SPACE_KINDS)}.")
        if not _is_point([space.get("x"), space.get("y")]):
            _fail(f"{label} needs a position: numbers 'x' and 'y'.")
        if space["kind"] in ("lake", "island") and space.get("lake") not in lakes:
            _fail(f"{label} is on lake {space.get('lake')!r}, which the board does not have.")
        if "lake" in space and space["kind"] not in ("lake", "island"):
            _fail(f"{label} is a {space['kind']} space but names a lake.")
        if "campsite" in space:
            site = space["campsite"]
            if not isinstance(site, dict) or not _is_int(site.get("score")):
                _fail(f"{label} is a campsite without a score.")
            if not isinstance(site.get("name"), str) or not site["name"].strip():
                _fail(f"{label} is a campsite without a name.")
        if "card" in space and space["card"] not in CARD_SPACES:
            _fail(f"{label} has card {space['card']!r}; use 'canoe' or 'portage'.")
        for flag in ("reverse", "shelter"):
            if flag in space and not isinstance(space[flag], bool):
                _fail(f"{label}: '{flag}' must be true or false.")
        if "name" in space and not isinstance(space["name"], str):
            _fail(f"{label}: 'name' must be text.")
        if "label" in space and space["label"] not in LABEL_PLACES:
            _fail(f"{label}: 'label' must be one of {', '.join(LABEL_PLACES)}.")
        found[space["id"]] = space
    used = {space.get("lake") for space in found.values()}
    for name in lakes:
        if name not in used:
            _fail(f"Lake '{name}' has no spaces.")
    return found


def _route_label(route: Any, index: int) -> str:
    if isinstance(route, dict) and isinstance(route.get("name"), str):
        return f"Route '{route['name']}'"
    return f"Route {index + 1}"


def _check_routes(routes: Any, spaces: dict[int, Any]) -> dict[int, dict[int, bool]]:
    """Check every route; return the links as {from: {to: upstream}}."""
    if not isinstance(routes, list) or not routes:
        _fail("The board's 'routes' must be a list of routes.")
    links: dict[int, dict[int, bool]] = {space: {} for space in spaces}
    pairs: dict[frozenset[int], str] = {}
    portage_ids: set[str] = set()
    for index, route in enumerate(routes):
        label = _route_label(route, index)
        if not isinstance(route, dict) or route.get("kind") not in ROUTE_KINDS:
            _fail(f"{label} needs a kind: one of {', '.join(ROUTE_KINDS)}.")
        chain = route.get("spaces")
        if not isinstance(chain, list) or len(chain) < 2:
            _fail(f"{label} must list at least 2 spaces.")
        for space in chain:
            if not _is_int(space) or space not in spaces:
                _fail(f"{label} links to space {space!r}, which is not on the board.")
        for a, b in zip(chain, chain[1:], strict=False):
            if a == b:
                _fail(f"{label} links space {a} to itself.")
            pair = frozenset((a, b))
            if pair in pairs:
                _fail(f"Spaces {a} and {b} are linked twice ({pairs[pair]} and {label}).")
            pairs[pair] = label
        forward, backward = route_directions(route)
        if route["kind"] == "portage":
            _check_portage(route, label, spaces, portage_ids)
        if "one_way" in route and not isinstance(route["one_way"], bool):
            _fail(f"{label}: 'one_way' must be true or false.")
        for a, b in zip(chain, chain[1:], strict=False):
            if forward:
                links[a][b] = False
            if backward:
                links[b][a] = route["kind"] == "river"
    return links


def route_directions(route: dict[str, Any]) -> tuple[bool, bool]:
    """May a canoe go along the route in its listed order, and against it?

    A one-way route goes only in its listed order. A portage may be set off along only from an
    end with a boot mark (the seed): boots at the start only make it one-way forward, at the end
    only one-way backward.
    """
    if route.get("one_way"):
        return True, False
    if route["kind"] == "portage":
        boots = route.get("boots") or []
        return "start" in boots, "end" in boots
    return True, True


def _check_portage(
    route: dict[str, Any], label: str, spaces: dict[int, Any], ids: set[str]
) -> None:
    if not isinstance(route.get("id"), str) or not route["id"]:
        _fail(f"{label} is a portage without an 'id'.")
    if route["id"] in ids:
        _fail(f"Portage '{route['id']}' is listed twice.")
    ids.add(route["id"])
    boots = route.get("boots")
    if not isinstance(boots, list) or not boots or not set(boots) <= {"start", "end"}:
        _fail(f'{label} needs boot marks: \'boots\' of "start", "end" or both.')
    trail = [s for s in route["spaces"] if spaces[s]["kind"] == "portage"]
    if not trail:
        _fail(f"{label} has no portage spaces.")
    first = route["spaces"].index(trail[0])
    if route["spaces"][first : first + len(trail)] != trail:
        _fail(f"{label}: its portage spaces must follow one another.")


def _check_dock(data: dict[str, Any], spaces: dict[int, Any], links: dict[int, Any]) -> None:
    dock = data["dock"]
    docks = [s for s, space in spaces.items() if space["kind"] == "dock"]
    if not _is_int(dock) or dock not in spaces or spaces[dock]["kind"] != "dock":
        _fail("The board has no dock: 'dock' must name a space of kind \"dock\".")
    if docks != [dock]:
        _fail(f"The board has {len(docks)} dock spaces; it needs exactly one.")
    eddy = data["eddy"]
    if (
        not isinstance(eddy, list)
        or len(eddy) != EDDY_SPACES
        or len(set(eddy)) != EDDY_SPACES
        or not all(_is_int(s) and s in spaces and spaces[s]["kind"] == "eddy" for s in eddy)
    ):
        _fail(f'The finishing eddy must list {EDDY_SPACES} different spaces of kind "eddy".')
    for a, b in zip(eddy, eddy[1:] + eddy[:1], strict=True):
        if b not in links[a] or a in links[b]:
            _fail(f"The finishing eddy must go round one way: space {a} to space {b}.")
    into = [s for s in spaces if dock in links[s]]
    if not into or any(s not in eddy for s in into):
        _fail("The dock must be reached only from the finishing eddy.")


def _reach(start: int, links: dict[int, dict[int, bool]]) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in links[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _check_reach(dock: int, spaces: dict[int, Any], links: dict[int, Any]) -> None:
    reached = _reach(dock, links)
    for space_id in sorted(spaces):
        if space_id not in reached:
            _fail(f"{_label(spaces[space_id])} cannot be reached from the dock.")
    backward: dict[int, dict[int, bool]] = {s: {} for s in spaces}
    for a, outs in links.items():
        for b in outs:
            backward[b][a] = False
    home = _reach(dock, backward)
    for space_id in sorted(spaces):
        if space_id not in home:
            _fail(f"The dock cannot be reached from {_label(spaces[space_id]).lower()}.")


def _linked(a: Any, b: Any, links: dict[int, Any]) -> bool:
    return _is_int(a) and _is_int(b) and a in links and (b in links[a] or a in links.get(b, {}))


def _check_attractions(attractions: Any, spaces: dict[int, Any], links: dict[int, Any]) -> None:
    if not isinstance(attractions, list):
        _fail("The board's 'attractions' must be a list.")
    seen: set[str] = set()
    for attraction in attractions:
        name = attraction.get("id") if isinstance(attraction, dict) else None
        if name not in ATTRACTIONS:
            _fail(f"Attraction {name!r} is not one of the seed's: {', '.join(ATTRACTIONS)}.")
        if name in seen:
            _fail(f"Attraction '{name}' is listed twice.")
        seen.add(name)
        if not _is_int(attraction.get("score")):
            _fail(f"Attraction '{name}' has no score.")
        if not isinstance(attraction.get("name"), str):
            _fail(f"Attraction '{name}' has no name.")
        where = [key for key in ("lines", "camp", "space") if key in attraction]
        if len(where) != 1:
            _fail(f"Attraction '{name}' needs exactly one of 'lines', 'camp' or 'space'.")
        if "lines" in attraction:
            lines = attraction["lines"]
            if not isinstance(lines, list) or not lines:
                _fail(f"Attraction '{name}' needs at least one line.")
            for line in lines:
                if not isinstance(line, list) or len(line) != 2 or not _linked(*line, links):
                    _fail(
                        f"Attraction '{name}' has a line across {line!r}, "
                        "which is not a link between two spaces."
                    )
        if "camp" in attraction and "campsite" not in spaces.get(attraction["camp"], {}):
            _fail(f"Attraction '{name}' is at space {attraction['camp']!r}, not a campsite.")
        if "space" in attraction and attraction["space"] not in spaces:
            _fail(f"Attraction '{name}' is at space {attraction['space']!r}, not on the board.")
        weather = attraction.get("weather")
        if weather is not None and (
            not isinstance(weather, list) or not weather or not set(weather) <= WEATHERS
        ):
            _fail(f"Attraction '{name}': 'weather' must list weathers of the dial.")
    for name in ATTRACTIONS:
        if name not in seen:
            _fail(f"The board has no attraction '{name}' (M1 names eight).")


def _check_unmapped(unmapped: Any, spaces: dict[int, Any]) -> None:
    if not isinstance(unmapped, dict) or not isinstance(unmapped.get("entries"), list):
        _fail("The Unmapped Region needs its 'entries'.")
    outline = unmapped.get("outline")
    if not isinstance(outline, list) or len(outline) < 3 or not all(map(_is_point, outline)):
        _fail("The Unmapped Region needs an outline of at least 3 points.")
    entries = unmapped["entries"]
    points = [entry.get("space") if isinstance(entry, dict) else None for entry in entries]
    if len(points) < 2:
        _fail("The Unmapped Region needs at least 2 entry points.")
    for entry, point in zip(entries, points, strict=True):
        if point not in spaces:
            _fail(f"An Unmapped Region entry is at space {point!r}, which is not on the board.")
        exits = entry.get("exits")
        if not isinstance(exits, dict) or sorted(exits) != list(DIE_FACES):
            _fail(f"The Unmapped Region entry at space {point} needs an exit for each die face.")
        for face, exit_ in exits.items():
            if exit_ not in points:
                _fail(
                    f"The Unmapped Region entry at space {point}: the exit for {face} must be "
                    "one of the entry points."
                )
    if len(set(points)) != len(points):
        _fail("An Unmapped Region entry point is listed twice.")


def _check_raven(raven: Any, spaces: dict[int, Any], links: dict[int, Any]) -> None:
    if not isinstance(raven, dict):
        _fail("The board needs Raven Rock: 'raven_rock' with its base, climb and summit.")
    base, climb, summit = raven.get("base"), raven.get("climb"), raven.get("summit")
    if base not in spaces:
        _fail(f"Raven Rock's base is space {base!r}, which is not on the board.")
    if not isinstance(climb, list) or summit not in spaces:
        _fail("Raven Rock needs a 'climb' (a list of spaces) and a 'summit'.")
    chain = [base, *climb, summit]
    for space in chain[1:]:
        if space not in spaces or spaces[space]["kind"] != "rock":
            _fail(f"Raven Rock's climb and summit must be rock spaces, not space {space!r}.")
    for a, b in zip(chain, chain[1:], strict=False):
        if b not in links[a] or a not in links[b]:
            _fail(f"Raven Rock's path must link space {a} and space {b} both ways.")


def _check_dangerous_point(point: Any, spaces: dict[int, Any]) -> None:
    shelters = point.get("shelters") if isinstance(point, dict) else None
    if not isinstance(shelters, list) or not shelters:
        _fail("Dangerous Point needs its waiting spaces: 'shelters'.")
    for space in shelters:
        if space not in spaces or not spaces[space].get("shelter"):
            _fail(f"Dangerous Point's waiting space {space!r} must be a space marked 'shelter'.")


def _check_great_falls(falls: Any, spaces: dict[int, Any]) -> None:
    landing = falls.get("landing") if isinstance(falls, dict) else None
    if landing not in spaces:
        _fail(f"Great Falls' landing is space {landing!r}, which is not on the board.")


def _check_places(data: dict[str, Any], spaces: dict[int, Any], lakes: dict[str, Any]) -> None:
    places = data["places"]
    if not isinstance(places, dict):
        _fail("The board's 'places' must name its places.")
    campsites = [s for s, space in spaces.items() if "campsite" in space]
    if len(campsites) < MIN_CAMPSITES:
        _fail(f"The board has {len(campsites)} campsites; a trip needs at least {MIN_CAMPSITES}.")
    for key in ("moosehead", "indian_pond"):
        if places.get(key) not in lakes:
            _fail(f"The board's places name no lake '{key}'.")
    sugar = spaces.get(places.get("sugar_island"))
    if not sugar or sugar["kind"] != "island" or "campsite" not in sugar:
        _fail("The board's place 'sugar_island' must be an island campsite.")
    if sugar.get("lake") != places["moosehead"]:
        _fail("Sugar Island must be on Moosehead Lake.")
    solitude = places.get("solitude_point")
    if "campsite" not in spaces.get(solitude, {}):
        _fail("The board's place 'solitude_point' must be a campsite.")
    pond = [s for s in campsites if spaces[s].get("lake") == places["indian_pond"]]
    if len(pond) < 2:
        _fail("Indian Pond needs its campsites (at least 2).")
    portages = {r.get("id") for r in data["routes"] if r.get("kind") == "portage"}
    if places.get("northern_portage") not in portages:
        _fail("The board's place 'northern_portage' must name a portage.")


def reversal_points(data: dict[str, Any]) -> set[int]:
    """Where a canoe may turn round (M4): grey canoes, islands, portage ends, the Unmapped
    Region's entries and Raven Rock's summit."""
    spaces = {space["id"]: space for space in data["spaces"]}
    points = {s for s, space in spaces.items() if space.get("reverse") or space["kind"] == "island"}
    for route in data["routes"]:
        if route["kind"] == "portage":
            trail = [s for s in route["spaces"] if spaces[s]["kind"] == "portage"]
            points.update((trail[0], trail[-1]))
    points.update(entry["space"] for entry in data["unmapped"]["entries"])
    points.add(data["raven_rock"]["summit"])
    return points


def _check_turning(data: dict[str, Any], spaces: dict[int, Any], links: dict[int, Any]) -> None:
    """A canoe that arrives anywhere must be able to go on (or turn round there)."""
    turning = reversal_points(data)
    for a in sorted(links):
        for b in sorted(links[a]):
            if b == data["dock"]:
                continue
            onward = [c for c in links[b] if c != a or b in turning]
            if not onward:
                _fail(
                    f"{_label(spaces[b])} is a dead end for a canoe coming from space {a}: "
                    'mark it "reverse" (a place to turn round) or link it on.'
                )


# --- the indexed board ------------------------------------------------------------------------


class Board:
    """Checked board data with the lookups the rules use. Never changed once built."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.digest: str = data["digest"]
        self.name: str = data["name"]
        self.title: str = data["title"]
        self.spaces: dict[int, dict[str, Any]] = {s["id"]: s for s in data["spaces"]}
        self.lakes = {lake["id"]: lake for lake in data["lakes"]}
        self.routes: list[dict[str, Any]] = data["routes"]
        self.out: dict[int, list[Link]] = {s: [] for s in self.spaces}
        self.route_of: dict[int, int] = {}
        for index, route in enumerate(self.routes):
            forward, backward = route_directions(route)
            chain = route["spaces"]
            for a, b in zip(chain, chain[1:], strict=False):
                if forward:
                    self.out[a].append(Link(b, index, route["kind"], False))
                if backward:
                    self.out[b].append(Link(a, index, route["kind"], route["kind"] == "river"))
            for space in chain:
                self.route_of.setdefault(space, index)
        self.turning = reversal_points(data)
        self.campsites = [s for s, space in self.spaces.items() if "campsite" in space]
        self.card_spaces = frozenset(s for s, space in self.spaces.items() if space.get("card"))
        self.shareable = frozenset([*self.campsites, data["dock"]])
        self.dock: int = data["dock"]
        self.dock_only = frozenset([self.dock])  # the computer's aim once it may dock
        self.eddy: list[int] = data["eddy"]
        # portages: id -> trail (portage spaces in route order); and each trail space's portage
        self.portages: dict[str, dict[str, Any]] = {}
        self.portage_of: dict[int, str] = {}
        for route in self.routes:
            if route["kind"] == "portage":
                trail = [s for s in route["spaces"] if self.spaces[s]["kind"] == "portage"]
                self.portages[route["id"]] = {"name": route["name"], "trail": trail}
                for space in trail:
                    self.portage_of[space] = route["id"]
        self.attractions = {a["id"]: a for a in data["attractions"]}
        self.lines: dict[tuple[int, int], list[str]] = {}
        for attraction in data["attractions"]:
            for a, b in attraction.get("lines", []):
                self.lines.setdefault((a, b), []).append(attraction["id"])
                if not attraction.get("one_way"):
                    self.lines.setdefault((b, a), []).append(attraction["id"])
        self.camp_attraction = {a["camp"]: a["id"] for a in data["attractions"] if "camp" in a}
        self.space_attraction = {a["space"]: a["id"] for a in data["attractions"] if "space" in a}
        self.entries: dict[int, dict[int, int]] = {
            entry["space"]: {int(face): exit_ for face, exit_ in entry["exits"].items()}
            for entry in data["unmapped"]["entries"]
        }
        raven = data["raven_rock"]
        self.raven_base: int = raven["base"]
        self.raven_climb: list[int] = list(raven["climb"])
        self.summit: int = raven["summit"]
        self.rock = frozenset([*self.raven_climb, self.summit])
        self.shelters = frozenset(data["dangerous_point"]["shelters"])
        self.landing: int = data["great_falls"]["landing"]
        self.places: dict[str, Any] = data["places"]
        self.northern = self.portages[self.places["northern_portage"]]["trail"]
        self.northern_trail = frozenset(self.northern)
        self.northern_ends = frozenset((self.northern[0], self.northern[-1]))
        self.lake_at: dict[int, str | None] = {s: sp.get("lake") for s, sp in self.spaces.items()}
        # each space's terrain (`terrain`), read at every throw
        self.terrain_at = {s: self._terrain(sp["kind"]) for s, sp in self.spaces.items()}
        self._distances: dict[int, dict[int, int]] | None = None
        self._nearest: dict[frozenset[int], dict[int, int]] = {}
        self.reach: dict[tuple[Any, ...], Any] = {}  # the moves' candidates (`moves.reachable`)
        self.memo: dict[tuple[Any, ...], Any] = {}  # the computer's target spaces
        self._weather_class: dict[str, int] = {}
        self._weather_classes: dict[tuple[Any, ...], int] = {}
        self._into: dict[int, list[int]] = {space: [] for space in self.spaces}
        for here, links in self.out.items():
            for link in links:
                self._into[link.to].append(here)

    def weather_class(self, now: str) -> int:
        """What a weather does to the moves a throw allows (M4): whether Raven Rock may be
        climbed, and the attractions out of season. Weathers alike here give the same moves, and
        the same number (a key of the moves kept, hashed at every throw)."""
        found = self._weather_class.get(now)
        if found is None:
            does = (
                now in NO_CLIMBING,
                tuple(
                    a
                    for a, info in self.attractions.items()
                    if info.get("weather") and now not in info["weather"]
                ),
            )
            found = self._weather_classes.setdefault(does, len(self._weather_classes))
            self._weather_class[now] = found
        return found

    def lake_of(self, space: int) -> str | None:
        return self.spaces[space].get("lake")

    def route_name(self, space: int) -> str:
        return self.routes[self.route_of[space]]["name"]

    def name_of(self, space: int) -> str | None:
        """The name the map writes beside a space (a place or a campsite), if it has one."""
        data = self.spaces[space]
        return data.get("name") or data.get("campsite", {}).get("name")

    def where(self, space: int) -> str:
        """A space as a player finds it on the map, which numbers no space: its name, else
        the water or trail it lies on, and how many spaces from the nearest named one, which
        way ("Moosehead Lake, 2 spaces north of Sugar Island")."""
        name = self.name_of(space)
        if name:
            return name
        said = self.__dict__.setdefault("_where", {})  # the board never changes: once a space
        if space not in said:
            said[space] = self._placed(space)
        return said[space]

    def _placed(self, space: int) -> str:
        steps, near = self._nearest_named(space)
        here, there = self.spaces[space], self.spaces[near]
        bearing = _compass(here["x"] - there["x"], here["y"] - there["y"])
        count = "1 space" if steps == 1 else f"{steps} spaces"
        return f"{self.terrain_name(space)}, {count} {bearing} of {self.name_of(near)}"

    def _nearest_named(self, space: int) -> tuple[int, int]:
        """(steps, space): the named space fewest steps away along any route, either way
        (the nearer on the map when several are as few steps away)."""
        if not hasattr(self, "_neighbours"):
            self._neighbours: dict[int, set[int]] = {s: set() for s in self.spaces}
            for a, links in self.out.items():
                for link in links:
                    self._neighbours[a].add(link.to)
                    self._neighbours[link.to].add(a)
        here = self.spaces[space]
        seen, frontier, steps = {space}, [space], 0
        while frontier:
            steps += 1
            frontier = [n for s in frontier for n in sorted(self._neighbours[s]) if n not in seen]
            seen.update(frontier)
            named = [s for s in frontier if self.name_of(s)]
            if named:
                return steps, min(
                    named,
                    key=lambda s: math.dist(
                        (self.spaces[s]["x"], self.spaces[s]["y"]), (here["x"], here["y"])
                    ),
                )
        raise BoardError(f"Space {space} is linked to no named space.")

    def terrain(self, space: int) -> str:
        """What the weather acts on (M3): 'lake' (islands too), 'portage', or 'other'."""
        return self.terrain_at[space]

    @staticmethod
    def _terrain(kind: str) -> str:
        if kind in ("lake", "island"):
            return "lake"
        return "portage" if kind == "portage" else "other"

    def terrain_name(self, space: int) -> str:
        lake = self.lake_of(space)
        if lake:
            return self.lakes[lake]["name"]
        route = self.routes[self.route_of[space]]
        name = route["name"]
        if name.startswith("The "):
            return f"the {name[4:]}"
        return name if route["kind"] == "rock" else f"the {name}"

    def nearest(self, targets: frozenset[int]) -> dict[int, int]:
        """Steps from every space to the nearest of `targets` (for the computer player)."""
        found = self._nearest.get(targets)
        if found is None:
            found = dict.fromkeys(targets, 0)
            queue = deque(targets)
            while queue:
                here = queue.popleft()
                for before in self._into[here]:
                    if before not in found:
                        found[before] = found[here] + 1
                        queue.append(before)
            if len(self._nearest) > 256:
                self._nearest.clear()
            self._nearest[targets] = found
        return found

    def distances(self) -> dict[int, dict[int, int]]:
        """Steps between every pair of spaces along allowed links (for the computer player)."""
        if self._distances is None:
            table: dict[int, dict[int, int]] = {}
            for start in self.spaces:
                seen = {start: 0}
                queue = deque([start])
                while queue:
                    here = queue.popleft()
                    for link in self.out[here]:
                        if link.to not in seen:
                            seen[link.to] = seen[here] + 1
                            queue.append(link.to)
                table[start] = seen
            self._distances = table
        return self._distances


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def _compass(dx: float, dy: float) -> str:
    """The direction of a step of (dx, dy) on the map, whose y grows southwards, in words."""
    if abs(dx) < 1 and abs(dy) < 1:
        return "beside"
    angle = math.degrees(math.atan2(dy, dx)) % 360
    return COMPASS[round(angle / 45) % 8]

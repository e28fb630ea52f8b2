"""Moving (M3, M4): the number a throw gives, the spaces it reaches, what a move passes, and
where a canoe ends when its space is taken or the wind blows it back.

Nothing here changes a state: the functions look at one and describe moves; `turns` carries
them out.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from chase.engines.moosehead.board import Board
from chase.engines.moosehead.state import (
    Player,
    State,
    board,
    is_free,
    may_camp,
    may_dock,
    weather,
)
from chase.engines.moosehead.tables import LAKE_WIND, NO_CLIMBING, POLING, PORTAGE_RAIN

AHEAD_SEARCH = 12  # how far ahead to look for a free space before going back instead


# --- the number a throw gives (M3) -----------------------------------------------------------


@dataclass(slots=True)
class Throw:
    """What a die gives at the start of a turn: fixed then, whatever the canoe crosses after."""

    die: int
    modifier: int  # the weather's, on the terrain the canoe starts on
    terrain: str  # "lake", "portage" or "other"
    sheltered: bool
    stuck: bool  # windbound on an island: cannot leave it

    @property
    def number(self) -> int:
        return self.die + self.modifier


def throw_for(state: State, player: Player, die: int) -> Throw:
    """M3: the weather acts on lakes (islands too) and portages; Dangerous Point's waiting
    spaces are sheltered from it (M4); windbound canoes cannot leave islands."""
    the_board = board(state)
    here = player["at"]
    now = weather(state)
    sheltered = here in the_board.shelters
    terrain = the_board.terrain_at[here]
    modifier = 0
    if not sheltered and terrain == "lake":
        modifier = LAKE_WIND.get(now, 0)
    elif not sheltered and terrain == "portage":
        modifier = PORTAGE_RAIN.get(now, 0)
    stuck = now == "windbound" and not sheltered and the_board.spaces[here]["kind"] == "island"
    return Throw(die, modifier, terrain, sheltered, stuck)


# --- the steps a canoe may take (M4) ---------------------------------------------------------


@dataclass(slots=True)
class Rules:
    """What limits this canoe's steps this turn."""

    board: Board
    weather: str
    may_dock: bool
    barred: int | None  # the Unmapped Region point it may not go back in by


def rules_for(state: State, player: Player) -> Rules:
    return Rules(board(state), weather(state), may_dock(state, player), player["barred"])


def steps(
    rules: Rules, here: int, came: int | None, left: int, *, setting_off: bool = False
) -> list[tuple[int, bool]]:
    """The spaces one step on from `here`, each with whether the step poles upstream.

    No turning round except at the marked points (M4), and there only when setting off: a move
    never doubles back on itself (so no bouncing to and fro over a card space in one throw; a
    canoe that reaches a dead end stops there). The dock only by the exact throw and only
    when the canoe may dock (M5); no climbing Raven Rock in a headwind, windbound or in the rain
    (M4). The Unmapped Region's point a canoe came out by is an ordinary space to it (M4): only
    going back in by it is barred (`turns.legal_actions`).
    """
    b = rules.board
    found = []
    for link in b.out[here]:
        to = link.to
        if to == came and not (setting_off and here in b.turning):
            continue
        if to == b.dock and (not rules.may_dock or left != 1):
            continue
        if to in b.rock and rules.weather in NO_CLIMBING and _upward(b, here, to):
            continue
        found.append((to, link.upstream))
    return found


def _upward(b: Board, here: int, to: int) -> bool:
    chain = [b.raven_base, *b.raven_climb, b.summit]
    return here not in b.rock or chain.index(to) > chain.index(here)


def stops_the_move(b: Board, space: int) -> bool:
    """Spaces where a move ends whatever is left of it: the Unmapped Region's boundary, Raven
    Rock's summit (M4) and the dock."""
    return space in b.entries or space == b.summit or space == b.dock


def boundary_for(player: Player, b: Board, space: int) -> bool:
    """Is `space` the Unmapped Region's boundary to this canoe? Not the point it came out by:
    that one it may move onto, past and away from like any other space (M4)."""
    return space in b.entries and space != player["barred"]


def may_wait_at(rules: Rules, space: int) -> bool:
    """Where a move may stop short to wait: Dangerous Point's shelters, and Raven Rock's foot
    only while the weather forbids the climb (M4: in good weather the canoe must move on)."""
    b = rules.board
    return space in b.shelters or (space == b.raven_base and rules.weather in NO_CLIMBING)


# --- what a move passes ------------------------------------------------------------------------


@dataclass(slots=True)
class Walk:
    """What a canoe sees and crosses along a path (before it lands)."""

    seen: list[str] | tuple[str, ...] = field(default_factory=list)  # attractions seen, in order
    scored: list[tuple[str, int]] = field(default_factory=list)  # ... and those that score
    blocked: dict[str, Any] = field(default_factory=dict)
    last_lake: str | None = None
    lakes: list[str] = field(default_factory=list)  # lakes crossed (left), in order
    goals: list[str] | tuple[str, ...] = field(default_factory=list)  # goals reached on the way


SEEN_GOALS = {"moose": "moose", "northern_lights": "northern_lights", "raven": "raven"}


def walk(b: Board, player: Player, path: list[int], now: str) -> Walk:
    """Follow `path` (starting where the canoe is): lakes crossed, orange lines passed (M4).

    The different-lake rule (M4): an attraction scores again only once the canoe has crossed a
    lake other than the last lake it had crossed before it last scored there. A lake counts as
    crossed when the canoe leaves it. Travelling the Northern Portage is reaching one end of its
    trail from the trail itself.
    """
    return walk_along(b, player, *plan_walk(b, path, now))


WalkPlan = tuple[tuple[tuple[bool, str], ...], tuple[str, ...], tuple[str, ...]]


def plan_walk(b: Board, path: list[int], now: str) -> WalkPlan:
    """What a path passes whoever paddles it: in order, the lakes left (True, lake) and the
    attractions seen (False, attraction); and the attractions seen and goals reached."""
    steps_: list[tuple[bool, str]] = []
    seen: list[str] = []
    goals: list[str] = []
    lake_at = b.lake_at
    lines = b.lines
    ends, trail = b.northern_ends, b.northern_trail
    for i in range(len(path) - 1):
        a, c = path[i], path[i + 1]
        left = lake_at[a]
        if left is not None and left != lake_at[c]:
            steps_.append((True, left))
        crossed = lines.get((a, c))
        if crossed:
            for attraction in crossed:
                wanted = b.attractions[attraction].get("weather")
                if (wanted and now not in wanted) or attraction in seen:
                    continue  # out of season, or a second line of it in the same move
                steps_.append((False, attraction))
                seen.append(attraction)
                if attraction in SEEN_GOALS and SEEN_GOALS[attraction] not in goals:
                    goals.append(SEEN_GOALS[attraction])
        if c in ends and (a in trail or len(trail) == 1) and "northern_portage" not in goals:
            goals.append("northern_portage")
    return tuple(steps_), tuple(seen), tuple(goals)


def walk_along(
    b: Board,
    player: Player,
    plan: tuple[tuple[bool, str], ...],
    seen: tuple[str, ...],
    goals: tuple[str, ...],
) -> Walk:
    """The walk of a planned path (`plan_walk`) by this canoe: what scores (M4).

    A walk is made for every move a throw offers, and read only: its `seen` and `goals` are the
    plan's own tuples, and its `blocked` is the player's own dict until the walk changes it (a
    copy then), so carrying it over to the player (`turns._passed`) sets what is there."""
    blocked = player["blocked"]
    last_lake = player["last_lake"]
    scored: list[tuple[str, int]] = []
    lakes: list[str] = []
    if not plan:  # most paths leave no lake and pass no attraction
        return Walk(seen, scored, blocked, last_lake, lakes, goals)
    copied = False
    for is_lake, name in plan:
        if is_lake:
            last_lake = name
            lakes.append(name)
            if blocked:
                blocked = {k: v for k, v in blocked.items() if v == name}
                copied = True
        elif name not in blocked:
            scored.append((name, b.attractions[name]["score"]))
            if not copied:
                blocked = dict(blocked)
                copied = True
            blocked[name] = last_lake
    return Walk(seen, scored, blocked, last_lake, lakes, goals)


def sample(b: Board, result: Walk, attraction: str) -> None:
    """See an attraction: it scores unless the different-lake rule blocks it (M4)."""
    result.seen.append(attraction)
    if attraction in SEEN_GOALS:
        _goal(result, SEEN_GOALS[attraction])
    if attraction in result.blocked:
        return
    result.scored.append((attraction, b.attractions[attraction]["score"]))
    result.blocked[attraction] = result.last_lake


def _goal(result: Walk, goal: str) -> None:
    if goal not in result.goals:
        result.goals.append(goal)


# --- the moves a throw allows -----------------------------------------------------------------


def reachable(state: State, player: Player, number: int) -> list[dict[str, Any]]:
    """Every distinct move for a throw worth `number` (before poling): the spaces the table
    highlights, in the order the table lists them: by space, then camping, then length. A move
    is {"type": "move", "to", "path", "camp", "walk"}; the path starts after the canoe's space
    and "walk" is what it passes (not part of the action).

    A move goes the full number unless it is stopped (the boundary, the summit, the dock) or
    blocked; it may stop short at a campsite to camp (M4) or at a waiting place. Paths that end
    alike (same space, same camping, same attractions and goals) are offered once.

    The paths a throw may take depend on the board and a few facts only, and are searched once
    for them (`_candidates`) and kept on the board: where the canoe is, and where it came from
    unless it may turn there; the number; the weather, by what it does to moves
    (`Board.weather_class`); whether it may dock and the point it is barred from, only when they
    are within reach. What depends on the rest of the state (a campsite it may camp at, a
    waiting place that is free) is asked here, in order.
    """
    b = board(state)
    now = weather(state)
    start = player["at"]
    came = player["trail"][-1] if player["trail"] else None
    if start in b.turning:  # it may turn here: where it came from makes no difference
        came = None
    far = b.distances()[start]  # no path is longer than the number thrown
    docking = far.get(b.dock, number + 1) <= number and may_dock(state, player)
    barred = player["barred"]
    if barred is not None and far.get(barred, number + 1) > number:
        barred = None
    key = (start, came, number, b.weather_class(now), docking, barred)
    candidates = b.reach.get(key)
    if candidates is None:
        candidates = _candidates(Rules(b, now, docking, barred), start, came, number)
        if len(b.reach) > 20000:
            b.reach.clear()
        b.reach[key] = candidates
    offered: set[int] = set()
    ranked: list[tuple[int, dict[str, Any]]] = []
    camps = player["camps"]
    plain = None  # the walk of a path that passes nothing, made once: walks are read only
    for to, path, camp, wait, alike, rank, plan in candidates:
        if alike in offered:
            continue
        if camp and to in camps and not may_camp(state, player, to):
            continue
        if wait and not is_free(state, b, to, player):
            continue
        offered.add(alike)
        steps_, seen, goals = plan
        if steps_ or goals:
            walked = walk_along(b, player, steps_, seen, goals)
        else:
            walked = plain = plain or walk_along(b, player, steps_, seen, goals)
        ranked.append(
            (rank, {"type": "move", "to": to, "path": list(path), "camp": camp, "walk": walked})
        )
    if len(ranked) > 1:
        ranked.sort()  # the ranks differ: no two moves are compared
    return [move for _, move in ranked]


def _candidates(
    rules: Rules, start: int, came: int | None, number: int
) -> tuple[tuple[int, tuple[int, ...], bool, bool, int, int, WalkPlan], ...]:
    """The moves `reachable` may offer, in the order the search meets them: each is (to, path,
    camp, wait, alike, rank, plan). `camp` moves need the canoe to be allowed to camp at `to`;
    `wait` moves (stopping short at a waiting place) need `to` free; `alike` numbers what makes
    two moves the same (the space, camping, the attractions seen and the goals reached: none
    depends on the canoe's points or lakes); `rank` is the place of the move in the table's
    order (by space, camping and length, then as met: so the moves offered, sorted by rank,
    are in that order); `plan` is what the path passes (`plan_walk`)."""
    b = rules.board
    now = rules.weather
    found: list[tuple[int, tuple[int, ...], bool, bool, tuple[Any, ...], WalkPlan]] = []

    def record(path: list[int], camp: bool, wait: bool = False) -> None:
        plan = plan_walk(b, [start, *path], now)
        alike = (path[-1], camp, plan[1], plan[2])
        found.append((path[-1], tuple(path), camp, wait, alike, plan))

    def go(path: list[int], before: int, left: int) -> None:
        here = path[-1]
        if stops_the_move(b, here) and here != rules.barred:  # M4
            record(path, False)
            return
        if here in b.campsites:
            record(path, True)  # if the canoe may camp here
        if left == 0:
            record(path, False)
            return
        if may_wait_at(rules, here):
            record(path, False, wait=True)  # if the space is free
        onward = steps(rules, here, before, left)
        if not onward:
            record(path, False)  # as far as it can go
            return
        for to, _ in onward:
            path.append(to)
            go(path, here, left - 1)
            path.pop()

    for first, upstream in steps(rules, start, came, number, setting_off=True):
        count = number + (POLING if upstream else 0)
        if count <= 0 or (first == b.dock and count != 1):
            continue
        go([first], start, count - 1)
    order = sorted(range(len(found)), key=lambda i: (found[i][0], found[i][2], len(found[i][1])))
    rank = {index: place for place, index in enumerate(order)}
    alikes: dict[tuple[Any, ...], int] = {}
    return tuple(
        (to, path, camp, wait, alikes.setdefault(alike, len(alikes)), rank[index], plan)
        for index, (to, path, camp, wait, alike, plan) in enumerate(found)
    )


# --- where a canoe ends ------------------------------------------------------------------------


def settle(state: State, player: Player, path: list[int]) -> tuple[int, list[int]]:
    """Where a canoe that moved along `path` (from its space) ends, and the spaces it passed.

    M4: a taken space (other than a campsite) sends it on to the next free space ahead if it has
    more points than the canoe there, else back to the nearest free space behind.
    """
    b = board(state)
    target = path[-1]
    if is_free(state, b, target, player):
        return target, path[:-1]
    there = next(p for p in state["players"] if p["at"] == target and p is not player)
    if player["points"] > there["points"]:
        ahead = _free_ahead(state, player, path)
        if ahead is not None:
            return ahead[-1], path + ahead[:-1]
    for index in range(len(path) - 2, -1, -1):
        if is_free(state, b, path[index], player):
            return path[index], path[:index]
    return path[0], []  # pragma: no cover - the canoe's own space is always free to it


def _free_ahead(state: State, player: Player, path: list[int]) -> list[int] | None:
    """The way on to the nearest free space in front (in link order at a fork)."""
    rules = rules_for(state, player)
    b = rules.board
    start = (path[-1], path[-2] if len(path) > 1 else None)
    queue = deque([(start, [])])
    seen = {start}
    while queue:
        (here, came), way = queue.popleft()
        if len(way) >= AHEAD_SEARCH:
            continue
        for to, _ in steps(rules, here, came, 2):
            if to == b.dock or stops_the_move(b, to) or to in b.rock:
                continue
            if is_free(state, b, to, player):
                return [*way, to]
            if (to, here) not in seen:
                seen.add((to, here))
                queue.append(((to, here), [*way, to]))
    return None


def nearest_free(state: State, player: Player, space: int) -> int:
    """The nearest space a canoe put at `space` may end on (for moves by card, the Unmapped
    Region's exits and the descent from Raven Rock)."""
    b = board(state)
    queue = deque([space])
    seen = {space}
    while queue:
        here = queue.popleft()
        if is_free(state, b, here, player) and here != b.dock and here not in b.rock:
            return here
        for link in b.out[here]:
            if link.to not in seen:
                seen.add(link.to)
                queue.append(link.to)
    return player["at"]  # pragma: no cover - a board has far more spaces than canoes


def blown_back(state: State, player: Player, spaces: int) -> tuple[int, int]:
    """M3: blown back (on a lake) or slipping back (on a portage) along the way it came.

    Never past the lake's perimeter or the portage's ends, never further back than an island
    (a canoe setting off from an island stays on it), and onto a free space only.
    Returns the new space and how many trail spaces it went back.
    """
    b = board(state)
    here = player["at"]
    if b.spaces[here]["kind"] == "island":
        return here, 0
    lake = b.lake_of(here)
    portage = b.portage_of.get(here)
    back: list[int] = []
    for space in reversed(player["trail"]):
        if len(back) == spaces:
            break
        if lake is not None and b.lake_of(space) != lake:
            break
        if lake is None and b.portage_of.get(space) != portage:
            break
        back.append(space)
        if b.spaces[space]["kind"] == "island":
            break
    while back and not is_free(state, b, back[-1], player):
        back.pop()
    if not back:
        return here, 0
    return back[-1], len(back)

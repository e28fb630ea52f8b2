"""The computer paddler, and a uniformly random one for benchmarks and property tests.

The computer keeps one aim at a time, in this order: the Destination card it holds; the nights
(and, on a long trip, the campsites) it still needs; on an all-night trip the attractions it has
not seen; the dock once it may land there (ahead of everyone); otherwise points: card spaces,
attractions and campsites. Each reachable move is worth the points it brings (attractions on
the way, a card space's average, a campsite's score) plus three points for every space it
gains towards the aim. It camps when the night counts or when the site's score beats a lost
throw, enters the Unmapped Region when the exits are on average nearer its aim, and waits at the
foot of Raven Rock for fair weather only when the summit is its aim and another canoe can throw
(only a thrown 6 turns the dial while it waits: with every other canoe windbound on an island,
waiting would wait for ever).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.moosehead.board import Board
from chase.engines.moosehead.moves import settle, walk
from chase.engines.moosehead.state import (
    Player,
    State,
    board,
    camp_goal_sites,
    copy_state,
    current,
    is_free,
    may_camp,
    may_dock,
    nights,
    player_of,
    weather,
)
from chase.engines.moosehead.tables import CARD, DESTINATION
from chase.engines.moosehead.turns import choices, legal_actions, play

Action = dict[str, Any]

PROGRESS = 3.0  # points a space gained towards the aim is worth
MISSED_THROW = 8.0  # what a lost throw costs, in points (about 3.5 spaces not paddled)
NEEDED_NIGHT = 40.0  # a night the trip still needs
GOAL_REACHED = 40.0  # the held Destination card's goal
DOCKING = 1000.0
THROW_AVERAGE = 3.5
FAR = 99  # steps to a space that cannot be reached


def _card_average(pile: str) -> float:
    scores = [info["score"] for info in CARD.values() if info["pile"] == pile]
    return sum(scores) / len(scores)


CARD_AVERAGE = {pile: _card_average(pile) for pile in ("canoe", "portage", "camp")}


def computer_action(state: State, role: str, chance: Chance) -> Action:
    actions = legal_actions(state, role)
    if not actions:
        raise IllegalMove("It is not this canoe's turn.")
    return _choose(state, player_of(state, role), actions)


def _choose(state: State, player: Player, actions: list[Action]) -> Action:
    """The computer's pick among the legal `actions` of `player`, whose turn it is."""
    if len(actions) == 1:
        return actions[0]  # a throw and nothing else: no aim to weigh
    aim, spaces = aim_of(state, player)
    targets = frozenset(spaces)  # hashed once: every distance looks its spaces up by them
    if state["phase"] != "move":
        by_type = {action["type"]: action for action in actions}
        if "enter" in by_type and _enter_pays(state, player, aim, targets):
            return by_type["enter"]
        if "wait" in by_type and aim == "raven" and _another_can_throw(state, player):
            return by_type["wait"]
        return by_type["throw"]
    b = board(state)
    nearest = b.nearest(targets)
    here = nearest.get(player["at"], FAR)
    values = _worths(state, player, actions, aim, targets, b, nearest, here)
    return actions[values.index(max(values))]  # the first of the best


def playout(state: State, chance: Chance) -> State:
    """The trip played to its end with the computer at every seat, as stepping through the
    engine's `apply` with `computer_action` and this chance reaches it (the odds' playout): one
    copy played in place, no legality check of the computer's own choices and no labels."""
    state = copy_state(state)
    while state["status"] == "playing":
        player = current(state)
        actions = choices(state, player)
        action = actions[0] if len(actions) == 1 else _choose(state, player, actions)
        play(state, action, chance, None, labels=False, player=player)
    return state


def _another_can_throw(state: State, player: Player) -> bool:
    """Whether some other canoe may throw the die, and so perhaps a 6 that turns the dial (M3):
    one windbound on an island cannot."""
    b = board(state)
    windbound = weather(state) == "windbound"
    return any(
        other is not player and not (windbound and b.spaces[other["at"]]["kind"] == "island")
        for other in state["players"]
    )


# --- the aim ---------------------------------------------------------------------------------


def aim_of(state: State, player: Player) -> tuple[str, set[int] | frozenset[int]]:
    """What the canoe is heading for now, and the spaces that reach it."""
    b = board(state)
    options = state["options"]
    card = player["destination"]
    if card:
        goal = DESTINATION[card]["goal"]
        return goal, goal_spaces(b, player, goal)
    campable = _campable(state, b, player)
    if options["variant"] == "long":
        unvisited = {s for s in campable if s not in player["camps"]}
        if unvisited:
            return "camp", unvisited
    if nights(player) < options["nights"] and campable:
        return "camp", campable
    if options["variant"] == "all_night":
        unseen = [a for a in b.attractions if a not in player["seen"]]
        fair = [
            a for a in unseen if weather(state) in b.attractions[a].get("weather", [weather(state)])
        ]
        if unseen:
            return "attractions", set().union(*(attraction_spaces(b, a) for a in fair or unseen))
    if may_dock(state, player):
        return "dock", b.dock_only
    return "points", _points_spaces(b, frozenset(player["blocked"]))


def _campable(state: State, b: Board, player: Player) -> frozenset[int]:
    """The campsites the canoe may camp at (M4): they depend on its camps and the Destination
    card it holds only, so they are kept per board by those."""
    camps = player["camps"]
    key = ("camp", tuple(camps), player["destination"])
    found = b.memo.get(key)
    if found is None:
        found = frozenset(s for s in b.campsites if s not in camps or may_camp(state, player, s))
        if len(b.memo) > 4096:
            b.memo.clear()
        b.memo[key] = found
    return found


def _points_spaces(b: Board, blocked: frozenset[str]) -> frozenset[int]:
    """The card spaces and the spaces of the attractions not blocked: kept per board."""
    key = ("points", blocked)
    spaces = b.memo.get(key)
    if spaces is None:
        spaces = frozenset(b.card_spaces).union(
            *(attraction_spaces(b, a) for a in b.attractions if a not in blocked)
        )
        b.memo[key] = spaces
    return spaces


def goal_spaces(b: Board, player: Player, goal: str) -> frozenset[int]:
    """The spaces that reach a Destination card's goal: kept per board (by the point the canoe
    is barred from, for the Unmapped Region's)."""
    key = ("goal", goal, player["barred"] if goal == "unmapped" else None)
    spaces = b.memo.get(key)
    if spaces is None:
        if goal == "unmapped":
            spaces = frozenset(s for s in b.entries if s != player["barred"])
        elif goal in ("northern_lights", "moose", "raven"):
            spaces = frozenset(attraction_spaces(b, goal))
        elif goal == "great_falls":
            spaces = frozenset({b.landing})
        elif goal == "northern_portage":
            spaces = frozenset({b.northern[-1]})
        else:
            spaces = frozenset(camp_goal_sites(b, goal))
        b.memo[key] = spaces
    return spaces


def attraction_spaces(b: Board, attraction: str) -> set[int]:
    """Where to be to see an attraction: a line's first space (for a line seen one way only,
    the space it is crossed from), its campsite or its space."""
    info = b.attractions[attraction]
    if "camp" in info:
        return {info["camp"]}
    if "space" in info:
        return {info["space"]}
    if info.get("one_way"):
        return {line[0] for line in info["lines"]}
    return {space for line in info["lines"] for space in line}


def distance(b: Board, space: int, targets: set[int]) -> int:
    return b.nearest(frozenset(targets)).get(space, FAR)


# --- what a move is worth ----------------------------------------------------------------------


def worth(state: State, player: Player, action: Action, aim: str, targets: set[int]) -> float:
    b = board(state)
    nearest = b.nearest(frozenset(targets))
    here = nearest.get(player["at"], FAR)
    return _worths(state, player, [action], aim, targets, b, nearest, here)[0]


def _worths(
    state: State,
    player: Player,
    actions: list[Action],
    aim: str,
    targets: AbstractSet[int],
    b: Board,
    nearest: dict[int, int],
    here: int,
) -> list[float]:
    """`worth` of each of `actions`, in one loop, with what is the same for every move of a
    decision worked out once: the board, the distances to the aim and the canoe's own, its
    Destination card's goal and whether Raven Rock's summit would score."""
    dock = b.dock
    card_spaces = b.card_spaces
    destination = player["destination"]
    goal = DESTINATION[destination]["goal"] if destination else None
    summit = b.summit if "raven" not in player["blocked"] else None  # None: no space scores it
    values = []
    for action in actions:
        if action["type"] == "wait":
            values.append(0.5 if aim == "raven" else 0.0)  # gains nothing, but loses nothing
            continue
        to = action["to"]
        if to == dock:
            values.append(DOCKING)
            continue
        passed = action.get("walk")  # the playout keeps it
        if passed is None or not is_free(state, b, to, player):
            path = [player["at"], *action["path"]]
            passed = passed or walk(b, player, path, weather(state))
            to, _ = settle(state, player, path)  # where it really ends if the space is taken
        scored = passed.scored
        value = float(sum(score for _, score in scored)) if scored else 0.0
        if to in card_spaces:
            value += CARD_AVERAGE[b.spaces[to]["card"]]
        if goal is not None:
            if goal in passed.goals:
                value += GOAL_REACHED
            if goal == "great_falls" and to == b.landing:
                value += GOAL_REACHED
        if to == summit:
            value += b.attractions["raven"]["score"]
        camp = action["camp"]
        if camp:
            value += _camp_worth(state, player, to, aim, targets)
        gained = here - nearest.get(to, FAR)
        if camp and aim == "camp" and to in targets:
            gained = here  # the aim is reached
        values.append(value + PROGRESS * gained)
    return values


def _camp_worth(state: State, player: Player, site: int, aim: str, targets: set[int]) -> float:
    b = board(state)
    value = b.spaces[site]["campsite"]["score"] + CARD_AVERAGE["camp"]
    attraction = b.camp_attraction.get(site)
    if attraction and attraction not in player["blocked"]:
        value += b.attractions[attraction]["score"]
    if aim == "camp" and site in targets:
        return value + NEEDED_NIGHT
    if player["destination"] and site in goal_spaces(
        b, player, DESTINATION[player["destination"]]["goal"]
    ):
        return value + GOAL_REACHED
    return value - MISSED_THROW


def _enter_pays(state: State, player: Player, aim: str, targets: set[int]) -> bool:
    if aim == "unmapped":
        return True
    b = board(state)
    exits = b.entries[player["at"]].values()
    expected = sum(distance(b, exit_, targets) for exit_ in exits) / len(exits)
    return expected < distance(b, player["at"], targets) - THROW_AVERAGE

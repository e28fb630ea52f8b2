"""A player's turn (M3-M5): throw, choose a highlighted space, land; and the turns between.

A turn is one or two actions. At the start: {"type": "throw"}, or {"type": "enter"} at the
Unmapped Region's boundary, or {"type": "wait"} at the foot of Raven Rock in bad weather. After
a throw that leaves a choice: {"type": "move", "to", "path", "camp"} for each reachable move,
and {"type": "wait"} by Dangerous Point unless the throw was a 5. Every action carries a label.
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import bare
from chase.engines.chance import Chance
from chase.engines.moosehead import cards
from chase.engines.moosehead.board import Board
from chase.engines.moosehead.moves import (
    Throw,
    Walk,
    blown_back,
    boundary_for,
    nearest_free,
    reachable,
    rules_for,
    sample,
    settle,
    steps,
    throw_for,
    walk,
)
from chase.engines.moosehead.state import (
    TRAIL,
    Events,
    Player,
    State,
    board,
    camp_goals,
    copy_state,
    current,
    dial_of,
    nights,
    points_text,
    weather,
)
from chase.engines.moosehead.tables import (
    DANGEROUS_POINT_FACE,
    NO_CLIMBING,
    WEATHER_CHANGE_FACE,
    WEATHER_NAMES,
)

Action = dict[str, Any]
WAIT_BY_THE_POINT = "Wait by Dangerous Point for a 5"
SKIP_GUARD = 1000  # turns passed over in a row before we call it a bug


# --- what a seat may do ------------------------------------------------------------------------


THROW = {"type": "throw", "label": "Throw the die"}
ENTER = {"type": "enter", "label": "Throw to enter the Unmapped Region: the die picks your exit"}
WAIT_AT_THE_FOOT = {"type": "wait", "label": "Wait at the foot of Raven Rock for better weather"}
WAIT_BY_THE_POINT_ACTION = {"type": "wait", "label": WAIT_BY_THE_POINT}


def legal_actions(state: State, role: str) -> list[Action]:
    if state["status"] != "playing" or current(state)["role"] != role:
        return []
    return [dict(action) for action in choices(state, current(state))]


def choices(state: State, player: Player) -> list[Action]:
    """The legal actions of `player`, whose turn it is, as shared dicts (the pending moves
    themselves and the constant actions): `legal_actions` gives copies; the playout reads them
    as they are and changes none."""
    if state["phase"] == "move":
        pending = state["pending"]
        if pending["wait"]:
            return [*pending["moves"], WAIT_BY_THE_POINT_ACTION]
        return pending["moves"]
    b = board(state)
    here = player["at"]
    actions: list[Action] = [THROW]
    if here in b.entries and here != player["barred"]:
        actions.append(ENTER)
    if here == b.raven_base and weather(state) in NO_CLIMBING:
        actions.append(WAIT_AT_THE_FOOT)
    return actions


def act(state: State, role: str, action: Action, chance: Chance) -> tuple[State, Events]:
    """Carry out one action, already found legal (`GameEngine.apply`), on a copy of the state."""
    state = copy_state(state)
    events: Events = []
    play(state, action, chance, events)
    return state, events


def play(
    state: State,
    action: Action,
    chance: Chance,
    events: Events | None,
    *,
    labels: bool = True,
    player: Player | None = None,
) -> None:
    """Carry out a legal action of the canoe whose turn it is (`player`, when the caller has it
    at hand), in place. The playout (`computer.playout`) plays its own copy this way without
    labelling the moves a throw reaches and without events (`events` None: nothing is told,
    the same things happen): nobody reads them, and no label or event changes what happens."""
    if player is None:
        player = current(state)
    kind = action["type"]
    if kind == "throw":
        _throw(state, player, chance, events, labels)
    elif kind == "enter":
        _enter(state, player, chance, events)
    elif kind == "wait":
        _wait(state, player, events)
    else:
        moves = state["pending"]["moves"]
        for chosen in moves:
            if chosen is action:  # the playout's own pick
                break
        else:
            chosen = next(m for m in moves if bare(m) == bare(action))
        _move(state, player, chosen, chance, events)


# --- the weather (M3) --------------------------------------------------------------------------


def advance_weather(state: State) -> str:
    """Move the indicator one space clockwise (M3) and say what changed."""
    before = weather(state)
    state["weather"] = (state["weather"] + 1) % len(dial_of(state["options"]))
    after = weather(state)
    if after == before:
        return f"the indicator moves on but the weather stays {WEATHER_NAMES[after]}"
    return f"the weather turns to {WEATHER_NAMES[after]}"


def weather_on_rock(state: State, events: Events | None) -> None:
    """M4: canoes caught on Raven Rock by a wind or rain must come down."""
    if weather(state) in NO_CLIMBING:
        _off_the_rock(state, events)


def _off_the_rock(state: State, events: Events | None) -> None:
    b = board(state)
    for player in state["players"]:
        if player["at"] in b.rock:
            player["at"] = nearest_free(state, player, b.raven_base)
            player["trail"] = []
            if events is None:
                continue
            events.append(
                {
                    "kind": "descent",
                    "seat": player["role"],
                    "to": player["at"],
                    "text": f"{player['name']} must come down off Raven Rock to "
                    f"{b.where(player['at'])}.",
                }
            )


# --- throwing ----------------------------------------------------------------------------------


def _roll(
    state: State, player: Player, chance: Chance, events: Events | None, verb: str
) -> tuple[int, str, dict[str, Any]]:
    """The die for a throw; a 6 moves the weather before the move (M3). The throw's event
    comes back to be told on (empty when nothing is told)."""
    die = chance.roll(6)
    if events is None:
        if die == WEATHER_CHANGE_FACE:
            advance_weather(state)
            weather_on_rock(state, events)
        return die, "", {}
    head = f"{player['name']} {verb} {die}"
    before = weather(state)
    if die == WEATHER_CHANGE_FACE:
        head += f": {advance_weather(state)}"
    event = {
        "kind": "throw",
        "seat": player["role"],
        "die": die,
        "weather_before": before,
        "weather": weather(state),
        "text": head,
    }
    events.append(event)
    if die == WEATHER_CHANGE_FACE:
        weather_on_rock(state, events)
    return die, head, event


def _throw(
    state: State, player: Player, chance: Chance, events: Events | None, labels: bool = True
) -> None:
    die, head, throw_event = _roll(state, player, chance, events, "throws")
    tell = events is not None
    thrown = throw_for(state, player, die)
    number = thrown.number
    if tell:
        joint = "; " if die == WEATHER_CHANGE_FACE else ": "
        throw_event["text"] = head + joint + (_sum_text(state, player, thrown) if labels else "")
        throw_event["number"] = number
    if thrown.stuck:
        if tell:
            where = board(state).where(player["at"])
            throw_event["text"] += f": windbound, {player['name']} cannot leave {where}."
        _end_turn(state, events)
        return
    if number < 0:
        _blown_back(state, player, thrown, events, throw_event)
        _end_turn(state, events)
        return
    if number == 0:
        if tell:
            throw_event["text"] += f": {player['name']} makes no headway."
        _end_turn(state, events)
        return
    moves = reachable(state, player, number)
    if not moves:
        if tell:
            throw_event["text"] += f": {player['name']} cannot move."
        _end_turn(state, events)
        return
    if tell:
        throw_event["text"] += "."
    if labels:
        for move in moves:
            move["label"] = move_label(state, player, move, move.pop("walk"))
    # The playout keeps what each move passes for the computer and the move (not a label).
    keys = ("type", "to", "path", "camp", "label")
    state["pending"] = {
        "die": die,
        "number": number,
        "moves": [{k: m[k] for k in keys} for m in moves] if labels else moves,
        "wait": thrown.sheltered and die != DANGEROUS_POINT_FACE,
    }
    state["phase"] = "move"


def _sum_text(state: State, player: Player, thrown: Throw) -> str:
    """'6 − 3 = 3 on Moosehead Lake', and the poling to come (M3)."""
    b = board(state)
    where = b.terrain_name(player["at"])
    if thrown.sheltered:
        return f"{thrown.die} by Dangerous Point, sheltered from the weather"
    number = thrown.number
    if thrown.modifier:
        sign = "+" if thrown.modifier > 0 else "−"
        shown = f"−{-number}" if number < 0 else str(number)
        text = f"{thrown.die} {sign} {abs(thrown.modifier)} = {shown} on {where}"
    else:
        text = f"{thrown.die} on {where}"
    if number <= 0 or thrown.stuck:
        return text
    came = player["trail"][-1] if player["trail"] else None
    ways = [
        up
        for _, up in steps(rules_for(state, player), player["at"], came, number, setting_off=True)
    ]
    if ways and all(ways):
        text += f", {number} − 1 = {number - 1} poling upstream"
    elif any(ways):
        text += f" ({number - 1} poling upstream)" if number > 1 else " (none poling upstream)"
    return text


def _blown_back(
    state: State, player: Player, thrown: Throw, events: Events | None, event: dict[str, Any]
) -> None:
    b = board(state)
    to, back = blown_back(state, player, -thrown.number)
    name = player["name"]
    if back == 0:
        if events is None:
            return
        held = "is not blown back" if thrown.terrain == "lake" else "does not slip"
        event["text"] += f": {name} {held} past {b.where(player['at'])}."
        return
    player["trail"] = player["trail"][: len(player["trail"]) - back]
    player["at"] = to
    if events is None:
        return
    spaces = f"{back} space{'s' if back != 1 else ''}"
    how = "is blown back" if thrown.terrain == "lake" else "slips back"
    event["text"] += f": {name} {how} {spaces} to {b.where(to)}."
    event["back"] = back


def _enter(state: State, player: Player, chance: Chance, events: Events | None) -> None:
    """M4: the throw to enter picks the exit; no going back in by the point just left."""
    b = board(state)
    entry = player["at"]
    die, head, throw_event = _roll(state, player, chance, events, "throws")
    exit_ = b.entries[entry][die]
    player["at"] = nearest_free(state, player, exit_)
    player["trail"] = []
    player["barred"] = exit_
    if events is not None:
        throw_event["text"] = (
            f"{head} and paddles into the Unmapped Region; after days in the white space "
            f"{player['name']} comes out at {b.where(player['at'])}."
        )
        throw_event["exit"] = exit_
    _reach_goals(state, player, ["unmapped"], events)
    _end_turn(state, events)


def _wait(state: State, player: Player, events: Events | None) -> None:
    b = board(state)
    if events is None:
        pass
    elif state["phase"] == "move":
        text = f"{player['name']} waits by Dangerous Point for a 5."
    else:
        text = f"{player['name']} waits at {b.where(b.raven_base)} for better weather."
    if events is not None:
        events.append({"kind": "wait", "seat": player["role"], "text": text})
    _end_turn(state, events)


# --- moving ------------------------------------------------------------------------------------


def move_label(state: State, player: Player, move: dict[str, Any], passed: Walk) -> str:
    b = board(state)
    to = move["to"]
    count = len(move["path"])
    where = b.where(to)
    if to == b.dock:
        return f"Land on {where} and finish the trip"
    if move["camp"]:
        return f"Camp at {where} ({count} space{'s' if count != 1 else ''})"
    if boundary_for(player, b, to):
        text = f"Paddle {count} to the edge of the Unmapped Region at {where}"
    elif to == b.summit:
        text = f"Climb {count} to {where}"
    else:
        text = f"Move {count} to {where}"
    if passed.scored:
        names = ", ".join(
            f"{_lower_first(b.attractions[a]['name'])} {points_text(s)}" for a, s in passed.scored
        )
        text += f", {names}"
    final, _ = settle(state, player, [player["at"], *move["path"]])
    if final != to:
        taken_by = next(p["name"] for p in state["players"] if p["at"] == to and p is not player)
        how = "drop back" if final in move["path"] or final == player["at"] else "go on"
        text += f" (taken by {taken_by}: you {how} to {b.where(final)})"
    return text


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _move(
    state: State, player: Player, move: dict[str, Any], chance: Chance, events: Events | None
) -> None:
    path = [player["at"], *move["path"]]
    passed = move.get("walk") or walk(board(state), player, path, weather(state))
    final, before = settle(state, player, path)
    player["trail"] = (player["trail"] + before)[-TRAIL:]
    player["at"] = final
    if events is not None:
        b = board(state)
        count = len(move["path"])
        text = f"{player['name']} moves {count} to {b.where(move['to'])}"
        if final != move["to"]:
            how = "drops back" if final in path else "goes on"
            text += f", which is taken: {player['name']} {how} to {b.where(final)}"
        events.append(
            {
                "kind": "move",
                "seat": player["role"],
                "to": final,
                "path": move["path"],
                "text": text + ".",
            }
        )
    _passed(state, player, passed, events)
    _land(state, player, final, move, chance, events)
    if state["status"] == "playing":
        _end_turn(state, events)


def _passed(state: State, player: Player, passed: Walk, events: Events | None) -> None:
    """Carry the walk's lakes, attractions and goals over to the player."""
    player["blocked"] = passed.blocked
    player["last_lake"] = passed.last_lake
    if passed.seen:  # most moves pass none
        b = board(state)
        scored = dict(passed.scored)
        for attraction in passed.seen:
            _tell_attraction(b, player, attraction, scored.pop(attraction, None), events)
    _reach_goals(state, player, passed.goals, events)


def _tell_attraction(
    b: Board, player: Player, attraction: str, score: int | None, events: Events | None
) -> None:
    if attraction not in player["seen"]:
        player["seen"].append(attraction)
    if events is None:
        if score is not None:
            player["points"] += score
        return
    name = _lower_first(b.attractions[attraction]["name"])
    if score is None:
        events.append(
            {
                "kind": "attraction",
                "seat": player["role"],
                "attraction": attraction,
                "points": 0,
                "text": f"{player['name']}: {name} again, but no points until another lake "
                "has been crossed.",
            }
        )
        return
    player["points"] += score
    events.append(
        {
            "kind": "attraction",
            "seat": player["role"],
            "attraction": attraction,
            "points": score,
            "text": f"{player['name']}: {name}! {points_text(score)}.",
        }
    )


def _land(
    state: State,
    player: Player,
    final: int,
    move: dict[str, Any],
    chance: Chance,
    events: Events | None,
) -> None:
    """What the space a move ends on brings: the dock, the summit, Great Falls' landing, the
    Unmapped Region's edge, a C or P card, and camping."""
    b = board(state)
    if final == b.dock and move["to"] == b.dock:
        _finish(state, player, events)
        return
    if events is not None and boundary_for(player, b, final):
        events.append(
            {
                "kind": "boundary",
                "seat": player["role"],
                "text": f"{player['name']} reaches the Unmapped Region's edge and waits there.",
            }
        )
    if final == b.summit:
        _summit(state, player, events)
    if final == b.landing and final == move["to"]:
        _reach_goals(state, player, ["great_falls"], events)
    card = b.spaces[final].get("card")
    if card:
        cards.take_card(state, player, card, chance, events, camping=False)
    if move["camp"]:
        _camp(state, player, final, chance, events)
    cards.obey_destination(state, player, events)


def _summit(state: State, player: Player, events: Events | None) -> None:
    b = board(state)
    attraction = b.space_attraction.get(b.summit)
    if attraction is None:  # pragma: no cover - every board has Raven Rock's attraction there
        return
    result = Walk(blocked=player["blocked"], last_lake=player["last_lake"])
    sample(b, result, attraction)
    player["blocked"] = result.blocked
    _tell_attraction(b, player, attraction, dict(result.scored).get(attraction), events)
    _reach_goals(state, player, result.goals, events)
    if events is None:
        return
    events.append(
        {
            "kind": "summit",
            "seat": player["role"],
            "text": f"{player['name']} takes in the view from the top and must start down next go.",
        }
    )


def _camp(state: State, player: Player, site: int, chance: Chance, events: Events | None) -> None:
    """M4: score the campsite, draw a Camp card, miss a throw."""
    b = board(state)
    score = b.spaces[site]["campsite"]["score"]
    player["points"] += score
    player["camps"].append(site)
    night = nights(player)
    if events is not None:
        events.append(
            {
                "kind": "camp",
                "seat": player["role"],
                "site": site,
                "points": score,
                "text": f"{player['name']} camps at {b.where(site)} (night {night}): "
                f"{points_text(score)}.",
            }
        )
    attraction = b.camp_attraction.get(site)
    if attraction:
        result = Walk(blocked=player["blocked"], last_lake=player["last_lake"])
        sample(b, result, attraction)
        player["blocked"] = result.blocked
        _tell_attraction(b, player, attraction, dict(result.scored).get(attraction), events)
    _reach_goals(state, player, camp_goals(b, site), events)
    cards.take_card(state, player, "camp", chance, events, camping=True)
    cards.play_hero(state, player, events)
    player["miss"].append(f"camping at {b.where(site)}")  # in the state: told even in a playout


def _reach_goals(state: State, player: Player, goals: list[str], events: Events | None) -> None:
    for goal in goals:
        cards.done(player, goal)
    cards.obey_destination(state, player, events)


def _finish(state: State, player: Player, events: Events | None) -> None:
    """M5: docking with the exact throw, ahead of everyone, ends the trip."""
    state["status"] = "finished"
    state["winner"] = player["role"]
    state["phase"] = "over"
    state["pending"] = None
    if events is None:
        return
    events.append(
        {
            "kind": "finish",
            "seat": player["role"],
            "text": f"{player['name']} lands on {board(state).where(player['at'])} with "
            f"{player['points']} points, ahead of everyone: {player['name']} wins the trip!",
        }
    )


# --- between turns -----------------------------------------------------------------------------


def _end_turn(state: State, events: Events | None) -> None:
    state["pending"] = None
    state["phase"] = "throw"
    _next_player(state)
    begin_turn(state, events)


def _next_player(state: State) -> None:
    state["current"] = (state["current"] + 1) % len(state["players"])
    if state["current"] == 0:
        state["round"] += 1


def begin_turn(state: State, events: Events | None) -> None:
    """Find the next canoe that throws: campers and repairers miss a throw; windbound canoes on
    islands cannot throw, and when every canoe is on an island the weather advances (M3)."""
    b = board(state)
    for _ in range(SKIP_GUARD):
        windbound = weather(state) == "windbound"
        if windbound and all(
            b.spaces[p["at"]]["kind"] == "island" for p in state["players"]
        ):  # every canoe on an island
            change = advance_weather(state)
            if events is not None:
                events.append(
                    {
                        "kind": "weather",
                        "cause": "islands",
                        "weather": weather(state),
                        "text": f"Every canoe is on an island: {change}.",
                    }
                )
            weather_on_rock(state, events)
            windbound = weather(state) == "windbound"
        player = current(state)
        if player["miss"]:
            why = player["miss"].pop(0)
            if events is not None:
                events.append(
                    {
                        "kind": "miss",
                        "seat": player["role"],
                        "text": f"{player['name']} misses a throw ({why}).",
                    }
                )
            _next_player(state)
            continue
        if windbound and b.spaces[player["at"]]["kind"] == "island":
            if events is not None:
                events.append(
                    {
                        "kind": "windbound",
                        "seat": player["role"],
                        "text": f"{player['name']} is windbound on {b.where(player['at'])} and "
                        "cannot throw.",
                    }
                )
            _next_player(state)
            continue
        return
    raise RuntimeError("no canoe could take a turn")  # pragma: no cover

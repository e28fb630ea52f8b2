"""The odds' playout of a trip with the hot path made compact: the throw, the moves it offers
and the computer's pick among them, over tuples worked out once per board.

A playout (the win odds play 1,000 of them) is some 100 to 250 throws, and most throws are a
roll, the moves it reaches and the computer's pick among them. `computer.playout` finds those
moves as dicts with a `Walk` each (`moves.reachable`), then weighs them (`computer._worths`).
Here the moves a throw may offer are kept per board and key as tuples already in the table's
order, with what makes two moves alike already merged (`_offered`), and the computer weighs
them as tuples (`_pick`, its pick kept by what it weighs). The move it picks is carried out in
place when it lands on a free space that brings nothing but a card, else by `turns._move`; the
turn's end is in place too (`_end_turn`). Everything else (the cards, camping, the Unmapped
Region, the foot of Raven Rock, being blown back, a wait by Dangerous Point) is played by the
rules' own functions on the dict state. The die and the piles
are drawn in the same order as `computer.playout` draws them, so a seeded playout ends in the
very same state (`tests/chase/engines/test_playout_pins.py` and
`test_moosehead_compact.py` hold it to that). `_pick` is `computer._choose` again: a change to
the computer's choices must be made in both (that test fails until it is).
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.moosehead import computer
from chase.engines.moosehead.board import Board
from chase.engines.moosehead.cards import obey_destination, take_card
from chase.engines.moosehead.moves import (
    Rules,
    _candidates,
    reachable,
    settle,
    throw_for,
    walk_along,
)
from chase.engines.moosehead.state import (
    TRAIL,
    State,
    board,
    copy_state,
    may_camp,
    may_dock,
)
from chase.engines.moosehead.tables import (
    DANGEROUS_POINT_FACE,
    DESTINATION,
    DIAL,
    LAKE_WIND,
    NO_CLIMBING,
    PORTAGE_RAIN,
    WEATHER_CHANGE_FACE,
)
from chase.engines.moosehead.turns import (
    SKIP_GUARD,
    _blown_back,
    _move,
    advance_weather,
    choices,
    play,
    weather_on_rock,
)

FAR = computer.FAR
PROGRESS = computer.PROGRESS
DOCKING = computer.DOCKING
GOAL_REACHED = computer.GOAL_REACHED
CARD_AVERAGE = computer.CARD_AVERAGE

# One move a throw offers: (to, path, camp, steps, seen, goals), `steps`, `seen` and `goals`
# being the path's `moves.plan_walk`.
UNKNOWN: Any = object()  # a key whose moves are not worked out yet
Offer = tuple[int, tuple[int, ...], bool, tuple[Any, ...], tuple[str, ...], tuple[str, ...]]
# the moves, the sites the camping ones camp at, and the spaces they go to
Offers = tuple[tuple[Offer, ...], frozenset[int], frozenset[int]]


class Tables:
    """What never changes on a board, as the compact playout reads it: built once per board."""

    __slots__ = (
        "offers",
        "turning",
        "dock",
        "entries",
        "raven_base",
        "shelters",
        "terrain",
        "island",
        "card_pile",
        "summit",
        "raven_score",
        "landing",
        "distances",
        "lands",
        "card_only",
        "picks",
    )

    def __init__(self, b: Board) -> None:
        # key -> the moves offered when no wait is among them (None: `moves.reachable` decides)
        self.offers: dict[tuple[Any, ...], Offers | None] = {}
        self.picks: dict[tuple[Any, ...], int] = {}  # the computer's pick (`_pick`)
        self.turning = frozenset(b.turning)
        self.dock = b.dock
        self.entries = frozenset(b.entries)
        self.raven_base = b.raven_base
        self.shelters = b.shelters
        self.terrain = b.terrain_at
        self.island = frozenset(s for s, space in b.spaces.items() if space["kind"] == "island")
        self.card_pile = {s: b.spaces[s]["card"] for s in b.card_spaces}
        self.summit = b.summit
        self.raven_score = b.attractions["raven"]["score"]
        self.landing = b.landing
        self.distances = b.distances()
        # where landing brings something (`turns._land`): the dock, the summit, Great Falls'
        # landing, a card space, the Unmapped Region's edge
        self.lands = frozenset(
            {b.dock, b.summit, b.landing, *b.card_spaces, *b.entries, *b.camp_attraction}
        )
        # card spaces where landing brings nothing else
        self.card_only = b.card_spaces - {b.dock, b.summit, b.landing, *b.entries}


def tables(b: Board) -> Tables:
    found = b.__dict__.get("_compact")
    if found is None:
        found = b.__dict__["_compact"] = Tables(b)
    return found


def _offered(b: Board, key: tuple[Any, ...], rules: Rules) -> Offers | None:
    """The moves `moves.reachable` offers for `key` when none of them is a wait (which asks
    whether its space is free): the first of each alike kind, in rank order, and the sites the
    camping ones camp at. Camping moves still need the canoe to be allowed to camp there
    (asked per canoe, in `_throw`): every move alike to one camps at the same site, so dropping
    them keeps the others' order."""
    start, came, number = key[0], key[1], key[2]
    candidates = b.reach.get(key)
    if candidates is None:
        candidates = _candidates(rules, start, came, number)
        if len(b.reach) > 20000:
            b.reach.clear()
        b.reach[key] = candidates
    firsts: dict[int, tuple[Any, ...]] = {}
    for candidate in candidates:
        alike = candidate[4]
        if alike not in firsts:
            firsts[alike] = candidate
    if any(candidate[3] for candidate in firsts.values()):
        return None  # a wait first of its kind: `moves.reachable` weighs it per state
    ranked = sorted(firsts.values(), key=lambda c: c[5])
    offers = tuple((c[0], c[1], c[2], *c[6]) for c in ranked)
    camping = frozenset(offer[0] for offer in offers if offer[2])
    return offers, camping, frozenset(offer[0] for offer in offers)


def playout(state: State, chance: Chance) -> State:
    """`computer.playout`, reaching the same final state with the same chance."""
    state = copy_state(state)
    b = board(state)
    t = tables(b)
    players = state["players"]
    dial = state["options"].get("dial", DIAL)
    while state["status"] == "playing":
        player = players[state["current"]]
        here = player["at"]
        if state["phase"] == "move" or (
            (here in t.entries and here != player["barred"])
            or (here == t.raven_base and dial[state["weather"]] in NO_CLIMBING)
        ):  # a choice other than a throw: as `computer.playout` plays it
            actions = choices(state, player)
            action = actions[0] if len(actions) == 1 else computer._choose(state, player, actions)
            play(state, action, chance, None, labels=False, player=player)
            continue
        _throw(state, b, t, player, chance, dial)
    return state


def _throw(
    state: State, b: Board, t: Tables, player: dict[str, Any], chance: Chance, dial: Any
) -> None:
    """`turns._throw` without events or labels, and the computer's pick of the moves."""
    die = chance.roll(6)
    if die == WEATHER_CHANGE_FACE:
        advance_weather(state)
        weather_on_rock(state, None)
    now = dial[state["weather"]]
    here = player["at"]
    sheltered = here in t.shelters
    terrain = t.terrain[here]
    number = die
    if not sheltered:
        if terrain == "lake":
            number += LAKE_WIND.get(now, 0)
            if now == "windbound" and here in t.island:  # stuck on the island
                _end_turn(state, t, dial)
                return
        elif terrain == "portage":
            number += PORTAGE_RAIN.get(now, 0)
    if number < 0:
        _blown_back(state, player, throw_for(state, player, die), None, {})
        _end_turn(state, t, dial)
        return
    if number == 0:
        _end_turn(state, t, dial)
        return
    wait = sheltered and die != DANGEROUS_POINT_FACE
    # `moves.reachable`'s key
    came = None if here in t.turning else (player["trail"][-1] if player["trail"] else None)
    far = t.distances[here]
    docking = far.get(t.dock, number + 1) <= number and may_dock(state, player)
    barred = player["barred"]
    if barred is not None and far.get(barred, number + 1) > number:
        barred = None
    key = (here, came, number, b.weather_class(now), docking, barred)
    found = t.offers.get(key, UNKNOWN)
    if found is UNKNOWN:
        if len(t.offers) > 20000:
            t.offers.clear()
        found = t.offers[key] = _offered(b, key, Rules(b, now, docking, barred))
    if found is None:  # a wait among them: the moves as `moves.reachable` gives them
        moves = reachable(state, player, number)
        if not moves:
            _end_turn(state, t, dial)
            return
        if len(moves) == 1 and not wait:
            _move(state, player, moves[0], chance, None)
            return
        state["pending"] = {"die": die, "number": number, "moves": moves, "wait": wait}
        state["phase"] = "move"
        actions = choices(state, player)
        action = computer._choose(state, player, actions)
        play(state, action, chance, None, labels=False, player=player)
        return
    offers, sites, tos = found
    camps = player["camps"]
    memo = key  # the pick is kept by this and the canoe's aim unless moves are dropped or taken
    if camps and not sites.isdisjoint(camps):
        memo = None
        offers = tuple(
            o for o in offers if not (o[2] and o[0] in camps and not may_camp(state, player, o[0]))
        )
    if not offers:
        _end_turn(state, t, dial)
        return
    walks: list[Any] = [None] * len(offers)
    taken = _taken(state, b, player)
    if len(offers) == 1 and not wait:
        chosen = 0
    else:
        if not taken.isdisjoint(tos):
            memo = None
        chosen = _pick(state, b, t, player, offers, wait, walks, taken, memo)
        if chosen < 0:  # the wait by Dangerous Point (`turns._wait`, untold)
            _end_turn(state, t, dial)
            return
    to, path, camp, steps_, seen, goals = offers[chosen]
    walked = walks[chosen] or walk_along(b, player, steps_, seen, goals)
    if camp or seen or goals or to in taken or (to in t.lands and to not in t.card_only):
        move = {"type": "move", "to": to, "path": list(path), "camp": camp, "walk": walked}
        _move(state, player, move, chance, None)
        return
    # `turns._move` of a plain move: to a free space that brings nothing but perhaps a card,
    # passing no attraction and reaching no goal (lakes it may cross)
    player["trail"] = (player["trail"] + [player["at"], *path[:-1]])[-TRAIL:]
    player["at"] = to
    player["blocked"] = walked.blocked
    player["last_lake"] = walked.last_lake
    _obey(state, player)  # as `turns._passed` asks
    pile = t.card_pile.get(to)
    if pile is not None:  # a C or P card space (`turns._land`)
        take_card(state, player, pile, chance, None, camping=False)
        _obey(state, player)  # as `turns._land` asks
    if state["status"] == "playing":
        _end_turn(state, t, dial)


def _obey(state: State, player: dict[str, Any]) -> None:
    """`cards.obey_destination`, asked only when there is something to obey."""
    card = player["destination"]
    if card is not None and DESTINATION[card]["goal"] in player["done"]:
        obey_destination(state, player, None)


def _taken(state: State, b: Board, player: dict[str, Any]) -> set[int]:
    """The spaces `state.is_free` says `player` may not end on."""
    shareable = b.shareable
    return {
        other["at"]
        for other in state["players"]
        if other is not player and other["at"] not in shareable
    }


def _end_turn(state: State, t: Tables, dial: Any) -> None:
    """`turns._end_turn` untold: the next canoe that throws (`turns.begin_turn`)."""
    state["pending"] = None
    state["phase"] = "throw"
    players = state["players"]
    count = len(players)
    island = t.island
    current = state["current"]
    for _ in range(SKIP_GUARD):
        current += 1
        if current == count:
            current = 0
            state["round"] += 1
        state["current"] = current
        windbound = dial[state["weather"]] == "windbound"
        if windbound and all(p["at"] in island for p in players):  # every canoe on an island
            advance_weather(state)
            weather_on_rock(state, None)
            windbound = dial[state["weather"]] == "windbound"
        player = players[current]
        if player["miss"]:
            player["miss"].pop(0)
            continue
        if windbound and player["at"] in island:
            continue
        return
    raise RuntimeError("no canoe could take a turn")  # pragma: no cover


def _pick(
    state: State,
    b: Board,
    t: Tables,
    player: dict[str, Any],
    offers: tuple[Offer, ...],
    wait: bool,
    walks: list[Any],
    taken: set[int],
    memo: tuple[Any, ...] | None,
) -> int:
    """`computer._choose` of the moves `offers` (and the wait by Dangerous Point, last, when
    `wait`): the index of the first of the best, -1 for the wait. The same sums in the same
    order as `computer._worths`, so the same floats. The walks it makes go into `walks`.

    With `memo` (the moves' key, when no move was dropped and no space they go to is taken),
    the pick is kept by it and all else it depends on: the aim, the Destination card held, the
    point the canoe is barred from (the Unmapped Region's goal), the attractions it is blocked
    from and the last lake it crossed (what scores), and whether it may wait."""
    aim, spaces = computer.aim_of(state, player)
    targets = frozenset(spaces)
    if memo is not None:
        blocked = player["blocked"]
        memo = (
            memo,
            aim,
            targets,
            player["destination"],
            player["barred"],
            tuple(blocked.items()) if blocked else (),
            player["last_lake"],
            wait,
        )
        kept = t.picks.get(memo)
        if kept is not None:
            return kept
    nearest = b.nearest(targets)
    here = nearest.get(player["at"], FAR)
    dock = t.dock
    card_pile = t.card_pile
    destination = player["destination"]
    goal = DESTINATION[destination]["goal"] if destination else None
    summit = t.summit if "raven" not in player["blocked"] else None
    best = None
    chosen = 0
    for index, (to, path, camp, steps_, seen, goals) in enumerate(offers):
        if to == dock:
            value = DOCKING
        else:
            if seen:  # only an attraction seen scores (a path that crosses lakes only, none)
                walked = walks[index] = walk_along(b, player, steps_, seen, goals)
                scored = walked.scored
            else:
                scored = None
            if to in taken:
                to, _ = settle(state, player, [player["at"], *path])
            value = float(sum(score for _, score in scored)) if scored else 0.0
            pile = card_pile.get(to)
            if pile is not None:
                value += CARD_AVERAGE[pile]
            if goal is not None:
                if goal in goals:
                    value += GOAL_REACHED
                if goal == "great_falls" and to == t.landing:
                    value += GOAL_REACHED
            if to == summit:
                value += t.raven_score
            if camp:
                value += computer._camp_worth(state, player, to, aim, targets)
            gained = here - nearest.get(to, FAR)
            if camp and aim == "camp" and to in targets:
                gained = here
            value = value + PROGRESS * gained
        if best is None or value > best:
            best = value
            chosen = index
    if wait:
        value = 0.5 if aim == "raven" else 0.0
        if value > best:
            chosen = -1
    if memo is not None:
        if len(t.picks) > 50000:
            t.picks.clear()
        t.picks[memo] = chosen
    return chosen

"""The odds' playout of a trip in a compact state: the whole trip played over slotted canoes
and plain lists, with what never changes on a board worked out once per board.

A playout (the win odds play 1,000 of them) is some 100 to 450 throws. `computer.playout`
plays each on the dict state through the rules' own functions: the moves as dicts with a
`Walk` each (`moves.reachable`), the computer's weighing of them (`computer._worths`), its aim
worked out afresh at every pick (`computer.aim_of`), the cards, camping and the turn's end.
Here the dict state is turned once into a `Trip` (the canoes as `Canoe`s, the piles as lists,
the weather as the dial's index) and the whole trip is played in it: the moves a throw may offer
are kept per board and key as tuples already in the table's order, with what makes two moves
alike already merged (`_offered`); the computer weighs them as tuples (`_pick`, its pick kept
by what it weighs) with its aim kept per canoe (`Trip._aim`) until what it depends on changes;
the cards, camping, the Unmapped Region, Raven Rock, being blown back and a wait by Dangerous
Point are the rules' functions written out over the compact state (`turns`, `cards`,
`moves.settle` and the others, each named where it is written out). At the end the canoes
and piles are written back into a copy of the state. The die and the piles are drawn in the
same order as `computer.playout` draws them, so a seeded playout ends in the very same state
(`tests/chase/engines/test_playout_pins.py` and `test_moosehead_compact.py` hold it to that).
`_pick` and `Trip._aim` are `computer._choose` and `computer.aim_of` again: a change to the
computer's choices must be made in both (that test fails until it is).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pathlib
import warnings
from collections import deque
from types import ModuleType
from typing import Any, Final

from chase.engines.chance import Chance
from chase.engines.moosehead import computer, moves, turns
from chase.engines.moosehead import state as trip_state
from chase.engines.moosehead import tables as rule_tables
from chase.engines.moosehead.board import Board
from chase.engines.moosehead.moves import Rules, _candidates, steps, stops_the_move
from chase.engines.moosehead.state import State, board, camp_goal_sites, camp_goals, copy_state
from chase.engines.moosehead.tables import GOAL_NAMES, LAKE_WIND, PORTAGE_RAIN
from chase.engines.moosehead.turns import choices, play

# The rules' and the computer's constants, `Final` here: the compiled playout reads a Final
# name from a C variable, any other module-level name from the module's dict (a look-up by
# name at every use).
CARD: Final = rule_tables.CARD
DANGEROUS_POINT_FACE: Final = rule_tables.DANGEROUS_POINT_FACE
DESTINATION: Final = rule_tables.DESTINATION
DIAL: Final = rule_tables.DIAL
NO_CLIMBING: Final = rule_tables.NO_CLIMBING
PILE_NAMES: Final = rule_tables.PILE_NAMES
SHUFFLE: Final = rule_tables.SHUFFLE
WEATHER_CHANGE_FACE: Final = rule_tables.WEATHER_CHANGE_FACE
SKIP_GUARD: Final = turns.SKIP_GUARD
SEEN_GOALS: Final = moves.SEEN_GOALS
TRAIL: Final = trip_state.TRAIL
FAR: Final = computer.FAR
PROGRESS: Final = computer.PROGRESS
DOCKING: Final = computer.DOCKING
GOAL_REACHED: Final = computer.GOAL_REACHED
CARD_AVERAGE: Final = computer.CARD_AVERAGE
NEEDED_NIGHT: Final = computer.NEEDED_NIGHT
MISSED_THROW: Final = computer.MISSED_THROW
THROW_AVERAGE: Final = computer.THROW_AVERAGE
AHEAD_SEARCH: Final = 12  # as `moves.AHEAD_SEARCH`
SHARED: Final = 1 << 20  # more canoes than a trip has (`Trip.held`)
TRAIL_KEPT: Final = 4 * TRAIL  # a trail longer than this is cut to its last TRAIL spaces
# what the weather acts on (`Tables.ground`)
OTHER: Final = 0
LAKE: Final = 1
ISLAND: Final = 2
PORTAGE: Final = 3
SHELTER: Final = 4
# the aims of the computer (`computer.aim_of`) and the Destination cards, numbered (None: 0)
AIM_NUMBER: Final = {
    aim: n for n, aim in enumerate(("dock", "points", "camp", "attractions", *GOAL_NAMES))
}
CARD_NUMBER: Final = {card: n + 1 for n, card in enumerate(DESTINATION)}
# by card: a Destination card's goal, and the other cards' effect (None: none; "" for a
# Destination card) and score, typed (the rules' tables are dicts of Any)
GOAL_OF: Final[dict[str, str]] = {card: info["goal"] for card, info in DESTINATION.items()}
CARD_EFFECT: Final[dict[str, str | None]] = {card: info["effect"] for card, info in CARD.items()}
CARD_SCORE: Final[dict[str, int]] = {card: info["score"] for card, info in CARD.items()}
# a throw's number is below this: the die's 6 and the most the weather adds (M3)
NUMBERS: Final = 7 + max(0, *LAKE_WIND.values(), *PORTAGE_RAIN.values())

UNKNOWN: Final[Any] = object()  # an aim not worked out yet


class Offer:
    """One move a throw offers: where it goes, its path, whether it camps, the path's
    `moves.plan_walk` (`steps`, `seen`, `goals`), and `plain`, its worth to the computer before
    its progress when nothing else adds to it (`_plain`). An object, not a tuple: the compiled
    playout reads a tuple of fixed shape into C values and builds it afresh wherever it is
    stored, an object it only passes on."""

    __slots__ = ("to", "path", "camp", "steps", "seen", "goals", "plain")

    def __init__(
        self,
        to: int,
        path: tuple[int, ...],
        camp: bool,
        steps: tuple[Any, ...],
        seen: tuple[str, ...],
        goals: tuple[str, ...],
        plain: float | None,
    ) -> None:
        self.to = to
        self.path = path
        self.camp = camp
        self.steps = steps
        self.seen = seen
        self.goals = goals
        self.plain = plain


# the moves, the sites the camping ones camp at, the spaces they go to, whether their worth
# asks what the canoe is blocked from, and the computer's picks of them (`Trip._pick`); or,
# when a wait is among them, (None, the candidates by alike kind, None, True, None), each
# candidate as (to, camp, wait, alike, rank, its move): what is offered then depends on the
# spaces taken
Offers = tuple[tuple[Offer, ...] | None, Any, Any, bool, dict[int, int] | None]
# A move `moves._candidates` found, when a wait is among them: (to, camp, wait, alike, rank, the
# move as offered)
Waiting = tuple[int, bool, bool, int, int, Offer]
# What a walk along a path brings a canoe (`moves.Walk`): what scores, the attractions it is
# blocked from after, and the last lake crossed.
Walked = tuple[list[tuple[str, int]], dict[str, Any], str | None]


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
        "pile_at",
        "summit",
        "raven_score",
        "landing",
        "distances",
        "lands",
        "card_only",
        "busy",
        "picks",
        "refused",
        "span",
        "contexts",
        "targets",
        "counted",
        "picked",
        "shareable",
        "turning_at",
        "shareable_at",
        "busy_at",
        "rock",
        "scores",
        "campsite_score",
        "camp_attraction",
        "camp_goals",
        "camp_words",
        "campsites",
        "campsite_order",
        "goal_sites",
        "camp_bit",
        "camp_span",
        "lake_no",
        "portage_no",
        "island_at",
        "rock_at",
        "attractions",
        "attraction_set",
        "attraction_bit",
        "all_bits",
        "fair",
        "attraction_spaces",
        "lake_of",
        "portage_of",
        "portages",
        "northern_portage",
        "out",
        "ground",
        "dock_far",
        "campable",
        "unseen",
        "ahead",
        "choosing",
        "nearest",
    )

    def __init__(self, b: Board) -> None:
        # the moves' key (`Trip._throw`, packed into an int) -> the moves offered (`_offered`)
        self.offers: dict[int, Offers] = {}
        # the key and the camping moves the canoe may not make (their sites' bits, `camp_bit`),
        # packed into an int -> the moves left
        self.refused: dict[int, Offers] = {}
        # a space's number in a key, None's being 0: below this
        self.span = max(b.spaces) + 2
        # the computer's picks (`_pick`), each kept in a dict of the moves (`offers`): those
        # dicts, and how many picks they keep
        self.picks: list[dict[int, int]] = []
        self.picked = 0
        # what a pick is kept by besides the moves (`Trip._kept_by`): the aims' spaces and
        # what scores -> their numbers, and the numbers given: never given twice, so a pick
        # kept by a number forgotten here is right
        self.targets: dict[frozenset[int], int] = {}
        self.contexts: dict[tuple[Any, ...], int] = {}
        self.counted = 0
        self.turning = frozenset(b.turning)
        self.dock = b.dock
        self.entries = b.entries
        # where a turn may offer more than the throw: the Unmapped Region's edge, Raven Rock's
        # foot (`Trip.play`)
        self.choosing = frozenset({*b.entries, b.raven_base})
        self.raven_base = b.raven_base
        self.shelters = b.shelters
        self.terrain = b.terrain_at
        self.island = frozenset(s for s, space in b.spaces.items() if space["kind"] == "island")
        self.card_pile = {s: b.spaces[s]["card"] for s in b.card_spaces}
        self.pile_at = [self.card_pile.get(s) for s in range(max(b.spaces) + 1)]  # by space
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
        self.busy = self.lands - self.card_only  # where landing brings more than a card
        self.shareable = b.shareable
        self.rock = b.rock
        self.scores = {a: info["score"] for a, info in b.attractions.items()}
        self.campsite_score = {s: b.spaces[s]["campsite"]["score"] for s in b.campsites}
        self.camp_attraction = b.camp_attraction
        self.camp_goals = {s: tuple(camp_goals(b, s)) for s in b.campsites}
        self.camp_words = {s: f"camping at {b.where(s)}" for s in b.campsites}  # `turns._camp`
        self.campsites = frozenset(b.campsites)
        self.campsite_order = tuple(b.campsites)  # looked through natively (`Trip._may_camp`)
        self.goal_sites: dict[str, tuple[int, ...]] = {}  # `state.camp_goal_sites` by goal
        # by space, a campsite's bit (0 elsewhere): a throw's camping moves and those dropped
        # as bits (`Trip._throw`), below `camp_span`
        order = {site: n for n, site in enumerate(sorted(b.campsites))}
        span = max(b.spaces) + 2
        self.camp_bit = [1 << order[s] if s in order else 0 for s in range(span)]
        self.camp_span = 1 << len(order)
        # by space, its lake's and its portage's number (-1: none), whether it is an island's
        # or Raven Rock's (`Trip._blown_back`, `Trip._weather_on_rock`)
        lakes: dict[str, int] = {}
        portages: dict[str, int] = {}
        self.lake_no = [-1] * span
        self.portage_no = [-1] * span
        for s, space in b.spaces.items():
            lake = space.get("lake")
            if lake is not None:
                self.lake_no[s] = lakes.setdefault(lake, len(lakes))
            portage = b.portage_of.get(s)
            if portage is not None:
                self.portage_no[s] = portages.setdefault(portage, len(portages))
        self.island_at = [s in self.island for s in range(span)]
        self.rock_at = [s in b.rock for s in range(span)]
        self.attractions = tuple(b.attractions)  # in the board's order
        self.attraction_set = frozenset(b.attractions)
        # the attractions as bits (`Canoe.seen_bits`), and all of them
        self.attraction_bit = {a: 1 << n for n, a in enumerate(b.attractions)}
        self.all_bits = (1 << len(b.attractions)) - 1
        # the weathers an attraction is seen in (None: every weather), as `computer.aim_of`
        self.fair = {
            a: tuple(info["weather"]) if "weather" in info else None
            for a, info in b.attractions.items()
        }
        self.attraction_spaces = {
            a: frozenset(computer.attraction_spaces(b, a)) for a in b.attractions
        }
        self.lake_of = {s: space.get("lake") for s, space in b.spaces.items()}
        self.portage_of = b.portage_of
        self.portages = {p: info["trail"] for p, info in b.portages.items()}
        self.northern_portage = b.places["northern_portage"]
        self.out = {s: tuple(link.to for link in links) for s, links in b.out.items()}
        # By space, as lists (an item of a list is read natively in the compiled playout, a
        # dict's or a set's is hashed and looked up): what the weather acts on there
        # (`moves.throw_for`), its steps to the dock, whether a canoe turns there, may share it
        # with others (`state.is_free`) or gets more than a card by landing there.
        spaces = range(max(b.spaces) + 1)
        self.ground = [
            SHELTER
            if s in b.shelters
            else ISLAND
            if s in self.island
            else {"lake": LAKE, "portage": PORTAGE}.get(b.terrain_at.get(s, ""), OTHER)
            for s in spaces
        ]
        self.dock_far = [self.distances.get(s, {}).get(b.dock, FAR) for s in spaces]
        self.turning_at = [s in self.turning for s in spaces]
        self.shareable_at = [s in self.shareable for s in spaces]
        self.busy_at = [s in self.busy for s in spaces]
        # the computer's aim (`Trip._aim`): the campsites a canoe may camp at, by its camps;
        # the attractions' spaces on an all-night trip, by those unseen and then the weather
        self.campable: dict[tuple[int, ...], tuple[Any, Any]] = {}
        # by the dial (a trip's option), then by the attractions seen (`Canoe.seen_bits`): the
        # aims are kept by the dial's index
        self.unseen: dict[tuple[str, ...], dict[int, list[Any]]] = {}
        # where a canoe sent on ahead looks for a free space (`Trip._free_ahead`), by its
        # space and the one it came from
        self.ahead: dict[tuple[int, int | None], tuple[tuple[int, tuple[int, ...]], ...]] = {}
        # `Board.nearest` by the targets, as lists by space (FAR where it is not reached)
        self.nearest: dict[frozenset[int], list[int]] = {}


TABLES = f"_tables_of_{__name__}"  # where a board keeps them: the compiled twin keeps its own


def tables(b: Board) -> Tables:
    found = b.__dict__.get(TABLES)
    if found is None:
        found = b.__dict__[TABLES] = Tables(b)
    return found


def _offered(b: Board, key: tuple[Any, ...], rules: Rules) -> Offers:
    """The moves `moves.reachable` offers for `key` when none of them is a wait (which asks
    whether its space is free): the first of each alike kind, in rank order, and the sites the
    camping ones camp at. Camping moves still need the canoe to be allowed to camp there
    (asked per canoe, in `Trip._throw`): every move alike to one camps at the same site, so
    dropping them keeps the others' order. With a wait among them: (None, the candidates,
    None, True, None), for `Trip._reachable` to choose from per state."""
    t = tables(b)
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
    if any(candidate[3] for candidate in firsts.values()):  # a wait first of its kind
        kinds: dict[int, list[Waiting]] = {}
        for c in candidates:
            kinds.setdefault(c[4], []).append((c[0], c[2], c[3], c[4], c[5], _offer(t, c)))
        # by their first's rank: `Trip._reachable` sorts nothing when each kind's first is
        # offered (the order of the kinds changes nothing else: each is chosen from alone)
        ranked_kinds = sorted(kinds.values(), key=lambda kind: kind[0][4])
        return None, tuple(tuple(kind) for kind in ranked_kinds), None, True, None
    ranked = sorted(firsts.values(), key=lambda c: c[5])
    offers = tuple(_offer(t, c) for c in ranked)
    camping = 0  # the sites the camping ones camp at, as bits (`Tables.camp_bit`)
    for offer in offers:
        if offer.camp:
            camping |= t.camp_bit[offer.to]
    # whether the computer's weighing of them asks what the canoe is blocked from (`_pick`):
    # a move that sees an attraction, climbs to the summit or camps by one
    summit, attracting = b.summit, b.camp_attraction
    scoring = any(o.seen or o.to == summit or (o.camp and o.to in attracting) for o in offers)
    spaces = tuple(dict.fromkeys(offer.to for offer in offers))  # a few: looked through
    return offers, camping, spaces, scoring, {}


def _offer(t: Tables, candidate: tuple[Any, ...]) -> Offer:
    """A move `moves._candidates` found, as the compact playout offers it."""
    to, path, camp, plan = candidate[0], candidate[1], candidate[2], candidate[6]
    steps_, seen, goals = plan
    return Offer(to, path, camp, steps_, seen, goals, _plain(t, to, camp, seen, goals))


def _plain(
    t: Tables, to: int, camp: bool, seen: tuple[str, ...], goals: tuple[str, ...]
) -> float | None:
    """A move's worth to the computer before its progress (`Trip._pick`, `computer._worths`)
    when nothing but the card it lands on can add to it: it camps nowhere, sees no attraction
    and reaches no goal, to a space other than the dock, the summit and Great Falls' landing;
    None for any other move. The same float as the worth's sum: 0.0 plus the pile's average."""
    if camp or seen or goals or to in (t.dock, t.summit, t.landing):
        return None
    pile = t.card_pile.get(to)
    return 0.0 + CARD_AVERAGE[pile] if pile is not None else 0.0


class Canoe:
    """A player of the state (`state.new_player`) as the compact playout plays it."""

    __slots__ = (
        "player",
        "at",
        "trail",
        "points",
        "camps",
        "destination",
        "obeyed",
        "done",
        "seen",
        "blocked",
        "last_lake",
        "hero",
        "miss",
        "barred",
        "kept_aim",
        "kept_dock",
        "kept_points",
        "kept_camps",
        "kept_campable",
        "seen_bits",
        "kept_seen",
        "kept_unseen",
        "context",
        "kept_targets",
        "kept_for",
        "kept_card",
        "kept_barred",
        "kept_plain",
        "kept_near_for",
        "kept_near",
    )

    def __init__(self, player: dict[str, Any]) -> None:
        self.player = player  # the dict it came from: the rest of it never changes
        self.at: int = player["at"]
        # the spaces behind it, last last: only its last TRAIL are the state's (`state.TRAIL`),
        # and only they are read, so a move cuts it only now and then (`TRAIL_KEPT`)
        self.trail: list[int] = list(player["trail"])
        self.points: int = player["points"]
        self.camps: list[int] = list(player["camps"])
        self.destination: str | None = player["destination"]
        self.obeyed: int = player["obeyed"]
        self.done: list[str] = list(player["done"])
        self.seen: list[str] = list(player["seen"])
        # never changed in place: a new dict when the canoe's attractions change (so the aim's
        # points kept by it stay right)
        self.blocked: dict[str, Any] = dict(player["blocked"])
        self.last_lake: str | None = player["last_lake"]
        self.hero: bool = player["hero"]
        self.miss: list[str] = list(player["miss"])
        self.barred: int | None = player["barred"]
        # the computer's aim, kept (`Trip._aim`), and whether a long or all-night trip's
        # canoe has camped and seen enough to dock (`Trip._may_dock`)
        self.kept_aim: Any = UNKNOWN
        self.kept_dock: tuple[Any, ...] = (-1, -1, False)
        self.kept_points: tuple[Any, ...] = ({None: None}, None)  # by the attractions blocked
        # the campsites it may camp at by how many camps it made, an all-night trip's aims by
        # the weather by how many attractions it saw (`Trip._aim_before_the_dock`); -1: none
        self.kept_camps = -1
        self.kept_campable: tuple[Any, Any] = (None, None)
        self.seen_bits = 0  # the attractions seen, as bits (`Tables.attraction_bit`, `Trip`)
        self.kept_seen = -1
        self.kept_unseen: list[Any] | None = None
        self.context: Context | None = None  # what its picks are kept by (`Trip._kept_by`)
        # the number of the rest (`Context.plain`), kept while its aim's spaces are the same
        # object and its aim, card and the point it is barred from the same
        self.kept_targets: frozenset[int] | None = None
        self.kept_for = ""
        self.kept_card: str | None = None
        self.kept_barred: int | None = None
        self.kept_plain = 0
        # `Trip._nearest` of the aim's spaces, kept while they are the same object
        self.kept_near_for: frozenset[int] | None = None
        self.kept_near: list[int] = []

    def written(self) -> dict[str, Any]:
        """The player dict again, as the rules' functions would have left it."""
        new = dict(self.player)
        new.update(
            at=self.at,
            trail=self.trail[-TRAIL:],
            points=self.points,
            camps=self.camps,
            destination=self.destination,
            obeyed=self.obeyed,
            done=self.done,
            seen=self.seen,
            blocked=self.blocked,
            last_lake=self.last_lake,
            hero=self.hero,
            miss=self.miss,
            barred=self.barred,
        )
        return new


class Context:
    """What a canoe's pick on moves whose worth asks what scores is kept by (`Trip._kept_by`),
    kept on the canoe while it is the same objects: the attractions it is blocked from and the
    last lake it crossed, and their number (`Tables.contexts`)."""

    __slots__ = ("blocked", "last_lake", "number")

    def __init__(self, blocked: dict[str, Any], last_lake: str | None, number: int) -> None:
        self.blocked = blocked
        self.last_lake = last_lake
        self.number = number


def playout(state: State, chance: Chance) -> State:
    """`computer.playout`, reaching the same final state with the same chance: `trip_playout`,
    of the compiled twin of this module when there is one (`COMPILED`), else of this one.

    The cyclic garbage collector is left as it is: switched off here and on again at the end,
    it is one switch for the whole process, and two threads playing out at once (the live
    server's and a test's, runserver's) can leave it off for good (one reads it off while the
    other has it off, then turns it off after the other turned it back on)."""
    if COMPILED is not None:
        return COMPILED.trip_playout(state, chance)
    return trip_playout(state, chance)


def trip_playout(state: State, chance: Chance) -> State:
    """The playout, as written here."""
    state = copy_state(state)
    while state["status"] == "playing" and state["phase"] == "move":
        # a position with a throw's moves pending: as `computer.playout` plays it
        player = state["players"][state["current"]]
        actions = choices(state, player)
        action = actions[0] if len(actions) == 1 else computer._choose(state, player, actions)
        play(state, action, chance, None, labels=False, player=player)
    if state["status"] != "playing":
        return state
    trip = Trip(state, chance)
    trip.play()
    return trip.written()


class Trip:
    """The trip in the compact state, played to its end by the computer at every seat."""

    __slots__ = (
        "state",
        "b",
        "t",
        "chance",
        "players",
        "weather",
        "dial",
        "piles",
        "current",
        "round",
        "obeyed",
        "status",
        "winner",
        "variant",
        "nights",
        "all_night",
        "roll",
        "bits",
        "modifier",
        "windbound",
        "no_climbing",
        "heavy_rain",
        "unseen",
        "weather_class",
        "picked_walk",
        "picked_settled",
        "held",
    )

    def __init__(self, state: State, chance: Chance) -> None:
        self.state = state  # a copy: its piles and obeyed list are played on as they are
        self.b = board(state)
        self.t = tables(self.b)
        self.chance = chance
        self.roll = chance.roll
        self.bits = chance.quiet_bits  # the die drawn here when the chance records nothing
        self.players = [Canoe(p) for p in state["players"]]
        self.weather: int = state["weather"]
        self.dial = state["options"].get("dial", DIAL)  # as `state.weather` reads it
        self.piles: dict[str, list[str]] = state["piles"]
        self.current: int = state["current"]
        self.round: int = state["round"]
        self.obeyed: list[str] = state["obeyed"]
        self.status: str = state["status"]
        self.winner: str | None = state["winner"]
        options = state["options"]
        self.variant: str = options["variant"]
        self.nights: int = options["nights"]
        self.all_night = self.variant == "all_night"
        # by the dial's index: the weather's modifiers (M3) and its class (`moves.reachable`)
        dial = self.dial
        lake_wind = [LAKE_WIND.get(now, 0) for now in dial]
        # by what the weather acts on (`Tables.ground`): lakes and islands the wind, portages
        # the rain (M3), Dangerous Point's shelters nothing (M4)
        self.modifier = [[0] * len(dial) for _ in range(SHELTER + 1)]
        self.modifier[LAKE] = self.modifier[ISLAND] = lake_wind
        self.modifier[PORTAGE] = [PORTAGE_RAIN.get(now, 0) for now in dial]
        self.windbound: list[bool] = [now == "windbound" for now in dial]
        self.no_climbing: list[bool] = [now in NO_CLIMBING for now in dial]
        self.heavy_rain: list[bool] = [now == "heavy_rain" for now in dial]
        # an all-night trip's aims by the attractions seen (`Tables.unseen`), of this dial
        self.unseen = self.t.unseen.setdefault(tuple(dial), {})
        self.weather_class = [self.b.weather_class(now) for now in dial]
        # what the last pick worked out for the move it chose (`_pick`): its walk, and where it
        # ends when its space is taken; None when it did not
        self.picked_walk: Walked | None = None
        self.picked_settled: tuple[int, list[int]] | None = None
        # by space, how many canoes are there (`_place` keeps it), a space any number may share
        # far below zero: a space is free to a canoe when this is at most 1 if it is there
        # itself, else at most 0 (`_is_free`)
        shareable = self.t.shareable_at
        self.held = [
            0 if s < len(shareable) and not shareable[s] else -SHARED for s in range(self.t.span)
        ]
        bit = self.t.attraction_bit
        for canoe in self.players:
            self.held[canoe.at] += 1
            for attraction in canoe.seen:
                canoe.seen_bits |= bit.get(attraction, 0)

    def written(self) -> State:
        """The state copy the trip was made from, with the trip's end written into it."""
        state = self.state
        state.update(
            weather=self.weather,
            players=[canoe.written() for canoe in self.players],
            current=self.current,
            round=self.round,
            status=self.status,
            winner=self.winner,
        )
        if self.status != "playing":
            state["phase"] = "over"
            state["pending"] = None
        return state

    # --- the turn ---------------------------------------------------------------------------------

    def play(self) -> None:
        """`computer.playout` from a throw: the computer's choice at the start of each turn
        (`turns.choices`, `computer._choose`), then the throw or what it chose."""
        t = self.t
        players = self.players
        entries = t.entries
        raven_base = t.raven_base
        choosing = t.choosing
        dial = self.dial
        while self.status == "playing":
            canoe = players[self.current]
            here = canoe.at
            if here in choosing:  # `computer._choose` of the throw and the other choices
                enter = here in entries and here != canoe.barred
                wait = here == raven_base and dial[self.weather] in NO_CLIMBING
                if enter or wait:
                    aim, targets = self._aim(canoe)
                    if enter and self._enter_pays(canoe, aim, targets):
                        self._enter(canoe)
                        continue
                    if wait and aim == "raven" and self._another_can_throw(canoe):
                        self._end_turn()  # `turns._wait`
                        continue
            self._throw(canoe)

    def _die(self) -> int:
        """`chance.roll(6)`: when the chance records nothing (`Chance.quiet_bits`) its very
        draw, by rejection on three bits (`chance._quiet_draws`), without a call into Python."""
        bits = self.bits
        if bits is None:
            return self.roll(6)
        drawn = bits(3)
        while drawn >= 6:
            drawn = bits(3)
        return drawn + 1

    def _roll(self) -> int:
        """`turns._roll` untold: a 6 moves the weather before the move (M3)."""
        die = self._die()
        if die == WEATHER_CHANGE_FACE:
            self._advance_weather()
            self._weather_on_rock()
        return die

    def _throw(self, canoe: Canoe) -> None:
        """`turns._throw` without events or labels, and the computer's pick of the moves."""
        t = self.t
        die = self._die()
        if die == WEATHER_CHANGE_FACE:
            self._advance_weather()
            self._weather_on_rock()
        weather = self.weather
        here = canoe.at
        ground = t.ground[here]  # `moves.throw_for`: what the weather acts on here
        if ground == ISLAND and self.windbound[weather]:  # stuck on the island
            self._end_turn()
            return
        number = die + self.modifier[ground][weather]
        if number <= 0:
            if number < 0:
                self._blown_back(canoe, -number)
            self._end_turn()
            return
        wait = ground == SHELTER and die != DANGEROUS_POINT_FACE  # a wait by Dangerous Point
        # `moves.reachable`'s key
        came = None if t.turning_at[here] else (canoe.trail[-1] if canoe.trail else None)
        docking = t.dock_far[here] <= number and self._may_dock(canoe)
        barred = canoe.barred
        if barred is not None and t.distances[here].get(barred, number + 1) > number:
            barred = None
        weather_class = self.weather_class[weather]
        span = t.span  # packed into one int: no tuple to make, hash and compare a throw
        key = (weather_class * NUMBERS + number) * span + here + 1
        key = (key * span + (0 if came is None else came + 1)) * span
        key = (key + (0 if barred is None else barred + 1)) * 2 + (1 if docking else 0)
        found = t.offers.get(key)
        if found is None:  # not worked out yet
            if len(t.offers) + len(t.refused) > 20000:
                t.offers.clear()
                t.refused.clear()
                t.picks.clear()
                t.picked = 0
            b = self.b
            rules = Rules(b, self.dial[weather], docking, barred)
            unpacked = (here, came, number, weather_class, docking, barred)
            found = t.offers[key] = _offered(b, unpacked, rules)
            if found[4] is not None:
                t.picks.append(found[4])
        offers, sites, tos, scoring, memo = found
        # the pick is kept by the moves (`memo`, their key's picks) and the canoe's aim ...
        if offers is None:  # a wait among them: the moves as `moves.reachable` gives them
            offers = self._reachable(canoe, sites)
            if not offers:
                self._end_turn()
                return
            crowded = True  # a space they go to may be taken
        else:
            # ... and by the camping moves dropped (their sites as bits, `Tables.camp_bit`)
            camping: int = sites
            dropped = 0
            if camping:  # most moves camp nowhere
                camp_bit = t.camp_bit
                for s in canoe.camps:
                    bit = camp_bit[s]
                    if camping & bit and not dropped & bit and not self._may_camp(canoe, s):
                        dropped |= bit
            if dropped:
                camp_bit = t.camp_bit
                kept = t.refused.get(key * t.camp_span + dropped)
                if kept is None:
                    # kept as `Offers` too (their sites, spaces and scoring unused)
                    kept = t.refused[key * t.camp_span + dropped] = (
                        tuple(o for o in offers if not (o.camp and camp_bit[o.to] & dropped)),
                        None,
                        None,
                        False,
                        {},
                    )
                    t.picks.append(kept[4])
                offers, memo = kept[0], kept[4]
            if not offers:
                self._end_turn()
                return
            crowded = self._crowded(canoe, tos)
            if crowded:  # ... unless a space they go to is taken
                memo = None
        settled = None  # where the move to a taken space ends, when the pick worked it out
        if len(offers) == 1 and not wait:
            offer = offers[0]
            walked = _walk_along(t, canoe, offer.steps)
        else:
            chosen = self._pick(canoe, offers, wait, crowded, memo, scoring)
            if chosen < 0:  # the wait by Dangerous Point (`turns._wait`, untold)
                self._end_turn()
                return
            offer = offers[chosen]
            # the walk and where a move to a taken space ends, when the pick worked them out
            found_walk = self.picked_walk
            walked = found_walk if found_walk is not None else _walk_along(t, canoe, offer.steps)
            settled = self.picked_settled
        to, path, camp, seen, goals = offer.to, offer.path, offer.camp, offer.seen, offer.goals
        taken = crowded and not self._is_free(to, canoe)
        if camp or seen or goals or taken or t.busy_at[to]:
            self._move(canoe, to, path, camp, seen, goals, walked, taken, settled)
            return
        # `turns._move` of a plain move: to a free space that brings nothing but perhaps a card,
        # passing no attraction and reaching no goal (lakes it may cross)
        trail = canoe.trail  # the canoe's own list
        trail.append(canoe.at)
        trail.extend(path[:-1])
        if len(trail) > TRAIL_KEPT:  # only the last TRAIL spaces are ever read (`Canoe.trail`)
            del trail[:-TRAIL]
        self._place(canoe, to)
        canoe.blocked = walked[1]
        canoe.last_lake = walked[2]
        # `turns._passed` asks `cards.obey_destination` here, which does nothing: no goal was
        # reached, and a canoe never holds a card whose goal it has reached (a card is obeyed
        # whenever a goal is reached, and one whose goal is done is never taken)
        pile = t.pile_at[to]
        if pile is not None:  # a C or P card space (`turns._land`)
            self._take_card(canoe, pile, camping=False)
            self._obey(canoe)  # as `turns._land` asks
        if self.status == "playing":
            self._end_turn()

    def _reachable(self, canoe: Canoe, kinds: tuple[tuple[Waiting, ...], ...]) -> tuple[Offer, ...]:
        """`moves.reachable` of candidates with a wait among them, by alike kind (`_offered`):
        the first of each kind that the canoe may camp at and whose waiting place is free, in
        rank order (most often the order they are found in: then nothing is sorted)."""
        found: list[Offer] = []
        ranks: list[int] = []
        in_order = True
        last = -1
        camps = canoe.camps
        for kind in kinds:
            for candidate in kind:
                to = candidate[0]
                if candidate[1] and to in camps and not self._may_camp(canoe, to):
                    continue
                if candidate[2] and not self._is_free(to, canoe):
                    continue
                rank = candidate[4]
                if rank < last:
                    in_order = False
                last = rank
                found.append(candidate[5])
                ranks.append(rank)
                break
        if in_order:
            return tuple(found)
        ranked = sorted([(ranks[index], index) for index in range(len(found))])  # all differ
        return tuple(found[index] for _, index in ranked)

    def _end_turn(self) -> None:
        """`turns._end_turn` untold: the next canoe that throws (`turns.begin_turn`)."""
        players = self.players
        current = self.current + 1
        if current < len(players) and not self.windbound[self.weather]:
            canoe = players[current]
            if not canoe.miss:  # the next canoe throws: what follows, in short
                self.current = current
                return
        count = len(players)
        island = self.t.island
        windbound = self.windbound[self.weather]  # by the dial's index
        current = self.current
        for _ in range(SKIP_GUARD):
            current += 1
            if current == count:
                current = 0
                self.round += 1
            self.current = current
            if windbound and all(p.at in island for p in players):  # every canoe on an island
                self._advance_weather()
                self._weather_on_rock()
                windbound = self.windbound[self.weather]
            canoe = players[current]
            if canoe.miss:
                canoe.miss.pop(0)
                continue
            if windbound and canoe.at in island:
                continue
            return
        raise RuntimeError("no canoe could take a turn")  # pragma: no cover

    # --- the weather (M3) -------------------------------------------------------------------------

    def _advance_weather(self) -> None:
        """`turns.advance_weather`: the indicator one space clockwise (M3)."""
        self.weather = (self.weather + 1) % len(self.dial)

    def _weather_on_rock(self) -> None:
        """`turns.weather_on_rock`: canoes caught on Raven Rock by wind or rain come down."""
        if self.no_climbing[self.weather]:
            rock = self.t.rock_at
            for canoe in self.players:
                if rock[canoe.at]:
                    self._place(canoe, self._nearest_free(canoe, self.t.raven_base))
                    canoe.trail = []

    # --- where a canoe ends (`moves`) -------------------------------------------------------------

    def _place(self, canoe: Canoe, space: int) -> None:
        """The canoe moved to `space`, and the canoes by space (`held`) with it."""
        held = self.held
        held[canoe.at] -= 1
        held[space] += 1
        canoe.at = space

    def _crowded(self, canoe: Canoe, spaces: tuple[int, ...]) -> bool:
        """Whether a space of `spaces` is taken (`state.is_free`)."""
        held = self.held
        at = canoe.at
        for space in spaces:  # noqa: SIM110 - a loop: no generator per call
            if held[space] > (1 if space == at else 0):
                return True
        return False

    def _is_free(self, space: int, canoe: Canoe) -> bool:
        """`state.is_free`: no other canoe there, or a space they may share."""
        return self.held[space] <= (1 if space == canoe.at else 0)

    def _settle(self, canoe: Canoe, path: list[int]) -> tuple[int, list[int]]:
        """`moves.settle`: a taken space sends the canoe on ahead if it has more points than
        the canoe there, else back to the nearest free space behind (M4)."""
        target = path[-1]
        if self._is_free(target, canoe):
            return target, path[:-1]
        for there in self.players:  # the canoe there
            if there.at == target and there is not canoe:
                break
        if canoe.points > there.points:
            ahead = self._free_ahead(canoe, path)
            if ahead is not None:
                return ahead[-1], path + ahead[:-1]
        for index in range(len(path) - 2, -1, -1):
            if self._is_free(path[index], canoe):
                return path[index], path[:index]
        return path[0], []  # pragma: no cover - the canoe's own space is always free to it

    def _free_ahead(self, canoe: Canoe, path: list[int]) -> list[int] | None:
        """`moves._free_ahead`: the way on to the nearest free space in front, the first free
        one of the spaces its search would look at were none free (`_ahead`)."""
        start = (path[-1], path[-2] if len(path) > 1 else None)
        ahead = self.t.ahead.get(start)
        if ahead is None:
            ahead = self.t.ahead[start] = _ahead(self.b, *start)
        for to, way in ahead:
            if self._is_free(to, canoe):
                return list(way)
        return None

    def _nearest_free(self, canoe: Canoe, space: int) -> int:
        """`moves.nearest_free`."""
        t = self.t
        out = t.out
        queue = deque([space])
        seen = {space}
        while queue:
            here = queue.popleft()
            if self._is_free(here, canoe) and here != t.dock and here not in t.rock:
                return here
            for to in out[here]:
                if to not in seen:
                    seen.add(to)
                    queue.append(to)
        return canoe.at  # pragma: no cover - a board has far more spaces than canoes

    def _blown_back(self, canoe: Canoe, spaces: int) -> None:
        """`moves.blown_back` and `turns._blown_back` (M3)."""
        t = self.t
        here = canoe.at
        island = t.island_at  # by space, as the lakes' and portages' numbers (-1: none)
        if island[here]:
            return
        lake_no = t.lake_no
        portage_no = t.portage_no
        lake = lake_no[here]
        portage = portage_no[here]
        back: list[int] = []
        trail = canoe.trail
        if len(trail) > TRAIL:  # the state's trail: its last TRAIL spaces
            del trail[:-TRAIL]
        for index in range(len(trail) - 1, -1, -1):
            space = trail[index]
            if len(back) == spaces:
                break
            if lake >= 0 and lake_no[space] != lake:
                break
            if lake < 0 and portage_no[space] != portage:
                break
            back.append(space)
            if island[space]:
                break
        while back and not self._is_free(back[-1], canoe):
            back.pop()
        if not back:
            return
        canoe.trail = canoe.trail[: len(canoe.trail) - len(back)]
        self._place(canoe, back[-1])

    # --- the Unmapped Region (M4) -----------------------------------------------------------------

    def _enter(self, canoe: Canoe) -> None:
        """`turns._enter`: the throw to enter picks the exit."""
        entry = canoe.at
        die = self._roll()
        exit_ = self.t.entries[entry][die]
        self._place(canoe, self._nearest_free(canoe, exit_))
        canoe.trail = []
        canoe.barred = exit_
        canoe.kept_aim = UNKNOWN  # the aim asks the point it is barred from
        self._reach_goals(canoe, ("unmapped",))
        self._end_turn()

    # --- moving (`turns`) -------------------------------------------------------------------------

    def _move(
        self,
        canoe: Canoe,
        to: int,
        path: tuple[int, ...],
        camp: bool,
        seen: tuple[str, ...],
        goals: tuple[str, ...],
        walked: Walked,
        taken: bool,
        settled: tuple[int, list[int]] | None,
    ) -> None:
        """`turns._move` untold (`taken`: whether `to` is taken; `settled`: where the move
        ends, when `_pick` settled it)."""
        t = self.t
        trail = canoe.trail  # the canoe's own list
        if taken:
            final, before = settled or self._settle(canoe, [canoe.at, *path])
            trail.extend(before)
        else:
            final = to
            trail.append(canoe.at)
            trail.extend(path[:-1])
        if len(trail) > TRAIL_KEPT:
            del trail[:-TRAIL]
        self._place(canoe, final)
        # `turns._passed`
        scored, canoe.blocked, canoe.last_lake = walked
        if seen:
            for attraction in seen:
                score = None  # what seeing it scored, the first time it is in `scored`
                for index in range(len(scored)):
                    if scored[index][0] == attraction:
                        score = scored.pop(index)[1]
                        break
                self._tell_attraction(canoe, attraction, score)
        if goals:
            self._reach_goals(canoe, goals)
        elif canoe.destination is not None:  # `turns._reach_goals` of none: the obeying only
            self._obey(canoe)
        # `turns._land`
        if final == t.dock and to == t.dock:
            self.status = "finished"  # `turns._finish`: M5
            self.winner = canoe.player["role"]
            return
        if final == t.summit:
            self._summit(canoe)
        if final == t.landing and final == to:
            self._reach_goals(canoe, ("great_falls",))
        pile = t.pile_at[final]
        if pile is not None:
            self._take_card(canoe, pile, camping=False)
        if camp:
            self._camp(canoe, final)
        if canoe.destination is not None:
            self._obey(canoe)
        if self.status == "playing":
            self._end_turn()

    def _tell_attraction(self, canoe: Canoe, attraction: str, score: int | None) -> None:
        """`turns._tell_attraction` untold."""
        if attraction not in canoe.seen:
            canoe.seen.append(attraction)
            canoe.seen_bits |= self.t.attraction_bit.get(attraction, 0)
            canoe.kept_aim = UNKNOWN  # the aim asks the attractions seen
        if score is not None:
            canoe.points += score

    def _sample(self, canoe: Canoe, attraction: str) -> int | None:
        """`moves.sample` for the canoe itself: what seeing `attraction` scores (M4)."""
        if attraction in canoe.blocked:
            return None
        blocked = dict(canoe.blocked)
        blocked[attraction] = canoe.last_lake
        canoe.blocked = blocked
        return self.t.scores[attraction]

    def _summit(self, canoe: Canoe) -> None:
        """`turns._summit`."""
        attraction = self.b.space_attraction.get(self.t.summit)
        if attraction is None:  # pragma: no cover - every board has Raven Rock's attraction there
            return
        score = self._sample(canoe, attraction)
        self._tell_attraction(canoe, attraction, score)
        goal = SEEN_GOALS.get(attraction)
        self._reach_goals(canoe, (goal,) if goal else ())

    def _camp(self, canoe: Canoe, site: int) -> None:
        """`turns._camp`: score the campsite, draw a Camp card, miss a throw (M4)."""
        t = self.t
        canoe.points += t.campsite_score[site]
        canoe.camps.append(site)
        canoe.kept_aim = UNKNOWN  # the aim asks the camps
        attraction = t.camp_attraction.get(site)
        if attraction:
            score = self._sample(canoe, attraction)
            self._tell_attraction(canoe, attraction, score)
        self._reach_goals(canoe, t.camp_goals[site])
        self._take_card(canoe, "camp", camping=True)
        self._play_hero(canoe)
        canoe.miss.append(t.camp_words[site])

    def _reach_goals(self, canoe: Canoe, goals: tuple[str, ...] | list[str]) -> None:
        """`turns._reach_goals` (with `cards.done`)."""
        done = canoe.done
        for goal in goals:
            if goal not in done:
                done.append(goal)
        self._obey(canoe)

    # --- the cards (`cards`, M2) ------------------------------------------------------------------

    def _obey(self, canoe: Canoe) -> None:
        """`cards.obey_destination`."""
        card = canoe.destination
        if card is None or GOAL_OF[card] not in canoe.done:
            return
        canoe.destination = None
        canoe.kept_aim = UNKNOWN  # the aim asks the card held
        canoe.obeyed += 1
        self.obeyed.append(card)

    def _draw(self, pile: str) -> str:
        """`cards.draw`."""
        cards = self.piles[pile]
        card = cards.pop(0)
        if card == SHUFFLE:
            bits = self.bits
            if bits is None:
                cards[:] = self.chance.shuffle(cards, label=f"{PILE_NAMES[pile]} pile") + [SHUFFLE]
            else:  # `chance._shuffler`'s very swaps, drawn here (`random.Random.shuffle`)
                for i in range(len(cards) - 1, 0, -1):
                    below = i + 1
                    width = below.bit_length()
                    j = bits(width)
                    while j >= below:
                        j = bits(width)
                    cards[i], cards[j] = cards[j], cards[i]
                cards.append(SHUFFLE)
            card = cards.pop(0)
        return card

    def _take_card(self, canoe: Canoe, pile: str, *, camping: bool) -> None:
        """`cards.take_card` untold."""
        card = self._draw(pile)
        goal = GOAL_OF.get(card)
        if goal is not None:  # a Destination card (`cards._destination`)
            if (
                goal in canoe.done
                or canoe.destination
                or (self.variant == "short" and canoe.obeyed)
            ):
                self.piles[pile].append(card)
            else:
                canoe.destination = card
                canoe.kept_aim = UNKNOWN
            return
        effect = CARD_EFFECT[card]
        if effect == "hero" and not (camping and self.heavy_rain[self.weather]):
            canoe.hero = True  # M2: kept, to be played when camping in the rain
            return
        canoe.points += CARD_SCORE[card]
        self.piles[pile].append(card)  # M2: back to the bottom of its pile
        if effect == "leak":
            canoe.miss.append("repairing the leak")
        elif effect in ("shortcut", "sleeping_bag"):
            self._along_portage(canoe, effect == "shortcut")

    def _play_hero(self, canoe: Canoe) -> None:
        """`cards.play_hero`."""
        if not canoe.hero or not self.heavy_rain[self.weather]:
            return
        canoe.hero = False
        canoe.points += CARD["camp-hero"]["score"]
        self.piles["camp"].append("camp-hero")

    def _along_portage(self, canoe: Canoe, to_end: bool) -> None:
        """`cards._along_portage` (with `cards.portage_ends`)."""
        t = self.t
        portage = t.portage_of.get(canoe.at)
        if portage is None:
            return
        trail = t.portages[portage]
        came = canoe.trail[-1] if canoe.trail else None
        here = trail.index(canoe.at)
        if came in trail:
            forward = trail.index(came) < here
        elif came is None:
            forward = True
        else:
            forward = here == 0 or here != len(trail) - 1
        if not forward:
            trail = trail[::-1]
        here = trail.index(canoe.at)
        line = trail[here:] if to_end else trail[: here + 1][::-1]
        target = next((i for i in range(len(line) - 1, 0, -1) if self._is_free(line[i], canoe)), 0)
        if not target:
            return
        self._place(canoe, line[target])
        if to_end:
            canoe.trail = (canoe.trail + line[:target])[-TRAIL:]
            if (
                line[target] == trail[-1]
                and t.portage_of[line[target]] == t.northern_portage
                and "northern_portage" not in canoe.done
            ):
                canoe.done.append("northern_portage")
        else:
            canoe.trail = [line[target + 1]] if target + 1 < len(line) else []

    # --- what the rules ask of a canoe (`state`) --------------------------------------------------

    def _may_dock(self, canoe: Canoe) -> bool:
        """`state.may_dock` (M5); the long and all-night trips' conditions kept on the canoe
        by the counts of its camps and attractions seen (only ever added to)."""
        if len(canoe.camps) < self.nights or canoe.destination:
            return False
        if self.variant == "long" or self.all_night:
            kept = canoe.kept_dock
            if kept[0] != len(canoe.camps) or kept[1] != len(canoe.seen):
                ready = (
                    self.t.campsites <= set(canoe.camps)
                    if self.variant == "long"
                    else canoe.seen_bits == self.t.all_bits  # every attraction seen
                )
                kept = canoe.kept_dock = (len(canoe.camps), len(canoe.seen), ready)
            if not kept[2]:
                return False
        points = canoe.points
        for other in self.players:  # noqa: SIM110 - a loop: no generator per call
            if other.points >= points and other is not canoe:
                return False
        return True

    def _may_camp(self, canoe: Canoe, site: int) -> bool:
        """`state.may_camp` (M4)."""
        camps = canoe.camps  # loops over native ints, no slice
        count = len(camps)
        last = count - 1
        while last >= 0 and camps[last] != site:
            last -= 1
        if last < 0:  # never camped there
            return True
        card = canoe.destination
        if card is not None:
            goal = GOAL_OF[card]
            sites = self.t.goal_sites.get(goal)
            if sites is None:
                sites = self.t.goal_sites[goal] = camp_goal_sites(self.b, goal)
            if site in sites:
                return True
        # every other campsite camped at since
        for other in self.t.campsite_order:
            if other == site:
                continue
            index = last + 1
            while index < count and camps[index] != other:
                index += 1
            if index == count:
                return False
        return True

    # --- the computer (`computer`) ----------------------------------------------------------------

    def _aim(self, canoe: Canoe) -> tuple[str, frozenset[int]]:
        """`computer.aim_of`, kept on the canoe while what it depends on stays: the
        Destination card held and the point it is barred from, the camps made and the
        attractions seen (it is forgotten wherever one of them changes); an all-night trip's
        attractions
        are kept by the weather too, the one aim that asks it; the dock is asked afresh each
        time (everyone's points), the points' spaces are kept by the attractions blocked (the
        dict's keys: a walk across a lake may make a new dict of the same ones)."""
        found = canoe.kept_aim
        if found is UNKNOWN:
            found = canoe.kept_aim = self._aim_before_the_dock(canoe)
        if isinstance(found, list):  # an all-night trip's attractions, by the weather
            by_weather = found
            found = by_weather[self.weather]
            if found is None:
                found = by_weather[self.weather] = self._attractions_aim(canoe)
        if found is not None:
            return found
        if self._may_dock(canoe):
            return "dock", self.b.dock_only
        kept = canoe.kept_points
        blocked = canoe.blocked
        if kept[0] is not blocked and kept[0].keys() != blocked.keys():
            kept = canoe.kept_points = (
                blocked,
                computer._points_spaces(self.b, frozenset(blocked)),
            )
        return "points", kept[1]

    def _aim_before_the_dock(self, canoe: Canoe) -> Any:
        """`computer.aim_of` up to the dock: the Destination card's goal, the nights and
        campsites, or for the attractions of an all-night trip those aims by the weather's
        index on the dial (kept per board and dial by the attractions unseen, each worked out
        when first asked: `_attractions_aim`); None when none of them is the aim."""
        card = canoe.destination
        b = self.b
        if card:
            goal = GOAL_OF[card]
            return goal, computer.goal_spaces(b, {"barred": canoe.barred}, goal)
        t = self.t
        camps = canoe.camps
        # `computer._campable`, kept by the camps (no card is held): on the canoe by how many
        # it made (only ever added to), per board by the camps themselves
        kept = canoe.kept_campable
        if canoe.kept_camps != len(camps):
            key = tuple(camps)
            found = t.campable.get(key)
            if found is None:
                campable = frozenset(
                    s for s in b.campsites if s not in camps or self._may_camp(canoe, s)
                )
                unvisited = frozenset(s for s in campable if s not in camps)
                if len(t.campable) > 4096:
                    t.campable.clear()
                found = t.campable[key] = (("camp", campable), ("camp", unvisited))
            kept = canoe.kept_campable = found
            canoe.kept_camps = len(camps)
        if self.variant == "long" and kept[1][1]:
            return kept[1]
        if len(camps) < self.nights and kept[0][1]:
            return kept[0]
        if self.all_night:  # kept on the canoe by the attractions it has seen
            seen_bits = canoe.seen_bits
            if canoe.kept_seen != seen_bits:
                by_weather = None
                if seen_bits != t.all_bits:  # attractions unseen
                    by_weather = self.unseen.get(seen_bits)
                    if by_weather is None:
                        by_weather = self.unseen[seen_bits] = [None] * len(self.dial)
                canoe.kept_unseen = by_weather
                canoe.kept_seen = seen_bits
            return canoe.kept_unseen
        return None

    def _attractions_aim(self, canoe: Canoe) -> tuple[str, frozenset[int]]:
        """`computer.aim_of` on an all-night trip with attractions unseen: the spaces of those
        seen in the weather now, or of all unseen when none is."""
        t = self.t
        now = self.dial[self.weather]
        seen = canoe.seen
        unseen = [a for a in t.attractions if a not in seen]
        fair = [a for a in unseen if (weathers := t.fair[a]) is None or now in weathers]
        return "attractions", frozenset().union(*[t.attraction_spaces[a] for a in fair or unseen])

    def _nearest(self, targets: frozenset[int]) -> list[int]:
        """`Board.nearest` as a list by space, FAR where no target is reached (`.get(space,
        FAR)`): asked at every pick, where a call of a Python method and a dict's look-ups
        cost the compiled playout more than reading a list."""
        kept = self.t.nearest
        found = kept.get(targets)
        if found is None:
            if len(kept) > 256:
                kept.clear()
            steps_to = self.b.nearest(targets)
            found = kept[targets] = [steps_to.get(s, FAR) for s in range(self.t.span)]
        return found

    def _enter_pays(self, canoe: Canoe, aim: str, targets: frozenset[int]) -> bool:
        """`computer._enter_pays`."""
        if aim == "unmapped":
            return True
        nearest = self.b.nearest(targets)
        exits = self.t.entries[canoe.at].values()
        expected = sum(nearest.get(exit_, FAR) for exit_ in exits) / len(exits)
        return expected < nearest.get(canoe.at, FAR) - THROW_AVERAGE

    def _another_can_throw(self, canoe: Canoe) -> bool:
        """`computer._another_can_throw`."""
        windbound = self.dial[self.weather] == "windbound"
        island = self.t.island
        return any(
            other is not canoe and not (windbound and other.at in island) for other in self.players
        )

    def _camp_worth(self, canoe: Canoe, site: int, aim: str, targets: frozenset[int]) -> float:
        """`computer._camp_worth`."""
        t = self.t
        value = t.campsite_score[site] + CARD_AVERAGE["camp"]
        attraction = t.camp_attraction.get(site)
        if attraction and attraction not in canoe.blocked:
            value += t.scores[attraction]
        if aim == "camp" and site in targets:
            return value + NEEDED_NIGHT
        card = canoe.destination
        if card:
            goal = GOAL_OF[card]
            key = ("goal", goal, canoe.barred if goal == "unmapped" else None)
            spaces = self.b.memo.get(key)
            if spaces is None:
                spaces = computer.goal_spaces(self.b, {"barred": canoe.barred}, goal)
            if site in spaces:
                return value + GOAL_REACHED
        return value - MISSED_THROW

    def _kept_by(self, canoe: Canoe, aim: str, targets: frozenset[int], scoring: bool) -> int:
        """The number the canoe's pick is kept by besides the moves (`_pick`): its aim, the
        Destination card held and the point it is barred from, packed into an int (the aim's
        spaces numbered in `Tables.targets`); and when a move's worth asks what scores
        (`scoring`), with them the attractions it is blocked from and the last lake it crossed
        (numbered in `Tables.contexts`, kept on the canoe while they are the same objects, and
        the two numbers paired). The first number is kept on the canoe
        while its aim's spaces are the same object, and its aim, card and point barred the
        same. Even numbers for the one, odd for the other."""
        t = self.t
        card = canoe.destination
        barred = canoe.barred
        if (
            targets is canoe.kept_targets
            and aim is canoe.kept_for
            and card is canoe.kept_card
            and barred == canoe.kept_barred
        ):
            plain = canoe.kept_plain
        else:
            numbered = self._numbered(t.targets, targets, 4096)
            plain = numbered * len(AIM_NUMBER) + AIM_NUMBER[aim]
            plain = plain * (len(DESTINATION) + 1) + (0 if card is None else CARD_NUMBER[card])
            plain = plain * t.span + (0 if barred is None else barred + 1)
            canoe.kept_targets = targets
            canoe.kept_for = aim
            canoe.kept_card = card
            canoe.kept_barred = barred
            canoe.kept_plain = plain
        if not scoring:
            return plain * 2
        kept = canoe.context
        blocked = canoe.blocked
        if kept is None or kept.blocked is not blocked or kept.last_lake is not canoe.last_lake:
            items = tuple(blocked.items()) if blocked else ()
            number = self._numbered(t.contexts, (items, canoe.last_lake), 50000)
            kept = canoe.context = Context(blocked, canoe.last_lake, number)
        # the two numbers paired (Cantor's pairing: one number for each pair, however large)
        both = plain + kept.number
        return (both * (both + 1) // 2 + kept.number) * 2 + 1

    def _numbered(self, table: dict[Any, int], key: Any, most: int) -> int:
        """The number of `key` in `table` (`Tables.targets` or `Tables.contexts`), a new one the
        first time; past `most` keys the table starts again, and the numbers given stay given
        (`Tables.counted` goes on)."""
        t = self.t
        found = table.get(key)
        if found is None:
            if len(table) > most:
                table.clear()
            found = table[key] = t.counted
            t.counted += 1
        return found

    def _pick(
        self,
        canoe: Canoe,
        offers: tuple[Offer, ...],
        wait: bool,
        crowded: bool,
        memo: dict[int, int] | None,
        scoring: bool,
    ) -> int:
        """`computer._choose` of the moves `offers` (and the wait by Dangerous Point, last, when
        `wait`): the index of the first of the best, -1 for the wait. The same sums in the same
        order as `computer._worths`, so the same floats. The walk it made for the move chosen
        goes into `picked_walk`, where that move ends when its space is taken into
        `picked_settled` (a space they go to may be taken only when `crowded`, and then there
        is no `memo`).

        With `memo` (the picks kept for these moves, those of their key or of their key and the
        camping moves dropped, when no space they go to is taken), the pick is kept in it by
        all else it depends on: the aim, the Destination
        card held, the point the canoe is barred from (the Unmapped Region's goal), the
        attractions it is blocked from and the last lake it crossed (what scores, when a move's
        worth asks it: `scoring`), and whether it may wait."""
        t = self.t
        aim, targets = self._aim(canoe)
        self.picked_walk = None
        self.picked_settled = None
        kept_by = 0
        if memo is not None:
            kept_by = self._kept_by(canoe, aim, targets, scoring) * 2 + (1 if wait else 0)
            kept = memo.get(kept_by)
            if kept is not None:
                return kept
        if targets is canoe.kept_near_for:
            nearest = canoe.kept_near
        else:
            nearest = canoe.kept_near = self._nearest(targets)
            canoe.kept_near_for = targets
        here = nearest[canoe.at]
        dock = t.dock
        pile_at = t.pile_at
        destination = canoe.destination
        goal = GOAL_OF[destination] if destination else None
        summit = t.summit if "raven" not in canoe.blocked else None
        best = None
        chosen = 0
        best_walk: Walked | None = None
        best_settled: tuple[int, list[int]] | None = None
        for index in range(len(offers)):
            offer = offers[index]
            to = offer.to
            plain = offer.plain
            walked: Walked | None = None
            settled: tuple[int, list[int]] | None = None
            taken = crowded and not self._is_free(to, canoe)
            if plain is not None and not taken:  # the card's worth and the progress
                value = plain + PROGRESS * (here - nearest[to])
            elif to == dock:
                value = DOCKING
            else:
                camp = offer.camp
                goals = offer.goals
                if offer.seen:  # only an attraction seen scores (a path crossing lakes only, none)
                    walked = _walk_along(t, canoe, offer.steps)
                    scored = walked[0]
                else:
                    scored = None
                if taken:
                    settled = self._settle(canoe, [canoe.at, *offer.path])
                    to = settled[0]
                value = float(sum(score for _, score in scored)) if scored else 0.0
                pile = pile_at[to]
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
                    value += self._camp_worth(canoe, to, aim, targets)
                gained = here - nearest[to]
                if camp and aim == "camp" and to in targets:
                    gained = here
                value = value + PROGRESS * gained
            if best is None or value > best:
                best = value
                chosen = index
                best_walk = walked
                best_settled = settled
        self.picked_walk = best_walk
        self.picked_settled = best_settled
        if wait:
            value = 0.5 if aim == "raven" else 0.0
            assert best is not None  # there is a move besides the wait
            if value > best:
                chosen = -1
        if memo is not None:
            t.picked += 1
            if t.picked > 50000:
                for picks in t.picks:
                    picks.clear()
                t.picked = 0
            memo[kept_by] = chosen
        return chosen


def _ahead(b: Board, start: int, came: int | None) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The spaces `moves._free_ahead` looks at from `start` (come from `came`), in the order it
    looks at them, each with the way to it, were every space taken: the search stops at the
    first free one, and until then it searches as if none were (a taken space is searched on
    from, a free one ends it), so the first free one of these is the one it finds. A space
    looked at again is left out (taken the first time, it is taken again). The weather, the
    dock and the point a canoe is barred from do not change the search: the dock and Raven
    Rock are never looked at (`moves.steps` drops no other space for them)."""
    rules = Rules(b, "", False, None)
    queue: deque[tuple[tuple[int, int | None], tuple[int, ...]]] = deque([((start, came), ())])
    seen = {(start, came)}
    looked: dict[int, tuple[int, ...]] = {}
    while queue:
        (here, came), way = queue.popleft()
        if len(way) >= AHEAD_SEARCH:
            continue
        for to, _ in steps(rules, here, came, 2):
            if to == b.dock or stops_the_move(b, to) or to in b.rock:
                continue
            if to not in looked:
                looked[to] = (*way, to)
            if (to, here) not in seen:
                seen.add((to, here))
                queue.append(((to, here), (*way, to)))
    return tuple(looked.items())


def _walk_along(t: Tables, canoe: Canoe, plan: tuple[tuple[bool, str], ...]) -> Walked:
    """`moves.walk_along` of a planned path by this canoe: what scores, the attractions it is
    blocked from after (the canoe's own dict unless the walk changes it) and the last lake."""
    blocked = canoe.blocked
    last_lake = canoe.last_lake
    scored: list[tuple[str, int]] = []
    if not plan:  # most paths leave no lake and pass no attraction
        return scored, blocked, last_lake
    copied = False
    scores = t.scores
    for is_lake, name in plan:
        if is_lake:
            last_lake = name
            if blocked:
                blocked = {k: v for k, v in blocked.items() if v == name}
                copied = True
        elif name not in blocked:
            scored.append((name, scores[name]))
            if not copied:
                blocked = dict(blocked)
                copied = True
            blocked[name] = last_lake
    return scored, blocked, last_lake


# --- the compiled twin (`make compile`) ----------------------------------------------------------


def compiled_twin() -> ModuleType | None:
    """This module compiled into a C extension by mypyc (`deploy/compile.py`), when one was built
    from this very source for this Python: it is named by the source's digest
    (`compact_<digest>`), so a build left from an older source is never loaded."""
    digest = hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest()[:16]
    name = f"chase.engines.moosehead.compact_{digest}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    except ImportError as error:  # a broken build: the odds run in Python, as without one
        warnings.warn(f"Moosehead's compiled playout did not load ({error})", stacklevel=1)
        return None


# The twin `playout` runs (the twin itself runs its own code: it has another name), unless
# FRONTIER_PURE_PYTHON=1 asks for this module's (to measure one against the other).
COMPILED = (
    compiled_twin()
    if __name__ == "chase.engines.moosehead.compact"
    and os.environ.get("FRONTIER_PURE_PYTHON") != "1"
    else None
)

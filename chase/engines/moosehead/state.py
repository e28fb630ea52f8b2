"""The trip's plain-data state, setting up, copying, and the small rules every part shares.

State (JSON-serialisable): the options, the board's checked data (kept in the state so a game
goes on even if a club edits its board file), the weather dial's index, the three piles (top
first), the players in seat order, whose turn it is and its phase ("throw", or "move" with the
reachable moves after a throw in `pending`), the round, the obeyed Destination cards, and the
status and winner.
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.moosehead.board import _LAST, Board, board_data, board_of
from chase.engines.moosehead.tables import (
    CARD,
    DESTINATION,
    DIAL,
    DIAL_START,
    KIND,
    PILE_NAMES,
    PILES,
    SHUFFLE,
    VARIANT_NAMES,
    WEATHER_NAMES,
)

State = dict[str, Any]
Player = dict[str, Any]
Events = list[dict[str, Any]]

TRAIL = 12  # spaces remembered behind a canoe: enough to be blown back along (M3)


def new_state(options: dict[str, Any], chance: Chance) -> tuple[State, Events]:
    """Shuffle the three piles (M2), put every canoe on the dock, and open the first turn."""
    data = board_data(options["board"])
    board = board_of(data)
    piles = {}
    for pile in PILES:
        cards = [card for card, info in CARD.items() if info["pile"] == pile]
        if options["variant"] != "short_none":  # M5: the short trip without Destination cards
            cards += [card for card, info in DESTINATION.items() if info["pile"] == pile]
        piles[pile] = chance.shuffle(cards, label=f"{PILE_NAMES[pile]} pile") + [SHUFFLE]
    players = [
        new_player(seat, name, board.dock) for seat, name in enumerate(options["names"], start=1)
    ]
    state: State = {
        "kind": KIND,
        "options": options,
        "board": data,
        "weather": dial_start(dial_of(options)),
        "piles": piles,
        "players": players,
        "current": 0,
        "phase": "throw",
        "pending": None,
        "round": 1,
        "obeyed": [],
        "status": "playing",
        "winner": None,
    }
    names = _and([p["name"] for p in players])
    nights = options["nights"]
    text = (
        f"{names} push off from {board.where(board.dock)} on {board.title}: "
        f"{VARIANT_NAMES[options['variant']].lower()}, at least {nights} "
        f"night{'s' if nights != 1 else ''} camping. The weather is "
        f"{WEATHER_NAMES[weather(state)]}."
    )
    return state, [{"kind": "setup", "text": text}]


def new_player(seat: int, name: str, dock: int) -> Player:
    return {
        "role": f"canoe-{seat}",
        "name": name,
        "at": dock,
        "trail": [],  # the spaces passed, oldest first; the last is where the canoe came from
        "points": 0,
        "camps": [],  # campsites camped at, in order (M4: nights and the camping rotation)
        "destination": None,  # the one Destination card held (M2)
        "obeyed": 0,
        "done": [],  # the Destination goals reached, ever
        "seen": [],  # the attractions seen, ever
        "blocked": {},  # attraction -> last lake crossed before it was sampled (M4)
        "last_lake": None,
        "hero": False,  # the Camp hero card kept for camping in the rain (M2)
        "miss": [],  # throws to miss, with why
        "barred": None,  # the Unmapped Region point last left by: no going straight back in
    }


def copy_state(state: State) -> State:
    """A copy safe to change. The options and the board never change after setup."""
    new = dict(state)
    new["piles"] = {pile: list(cards) for pile, cards in state["piles"].items()}
    new["players"] = [copy_player(p) for p in state["players"]]
    new["obeyed"] = list(state["obeyed"])
    new["pending"] = None if state["pending"] is None else dict(state["pending"])
    return new


def copy_player(player: Player) -> Player:
    new = dict(player)
    for key in ("trail", "camps", "done", "seen", "miss"):
        new[key] = list(player[key])
    new["blocked"] = dict(player["blocked"])
    return new


def board(state: State) -> Board:
    data = state["board"]
    if data is _LAST[0]:  # the board last asked for (`board_of` keeps it), without a call
        return _LAST[1]
    return board_of(data)


def dial_of(options: dict[str, Any]) -> tuple[str, ...]:
    """M3: the trip's weather dial (a setting; trips stored before it was one have the seed's)."""
    return tuple(options.get("dial", DIAL))


def dial_start(dial: tuple[str, ...]) -> int:
    """The indicator starts on the dial's last Calm (the seed's dial: its eighth space)."""
    return len(dial) - 1 - dial[::-1].index("calm") if "calm" in dial else DIAL_START


def weather(state: State) -> str:
    return state["options"].get("dial", DIAL)[state["weather"]]  # as `dial_of`, unconverted


def current(state: State) -> Player:
    return state["players"][state["current"]]


def player_of(state: State, role: str) -> Player:
    for player in state["players"]:
        if player["role"] == role:
            return player
    raise IllegalMove(f"There is no seat '{role}' on this trip.")


def occupant(state: State, space: int, but: Player | None = None) -> Player | None:
    for player in state["players"]:
        if player["at"] == space and player is not but:
            return player
    return None


def is_free(state: State, the_board: Board, space: int, but: Player | None = None) -> bool:
    """May a canoe end here? Campsites and the dock are shared (M4); other spaces hold one.
    (`occupant` is None, asked in place: the moves ask this of every space they offer.)"""
    if space in the_board.shareable:
        return True
    for player in state["players"]:  # noqa: SIM110 - a loop: no generator per call
        if player["at"] == space and player is not but:
            return False
    return True


def nights(player: Player) -> int:
    return len(player["camps"])


def dock_needs(state: State, player: Player, *, first: bool = False) -> list[str]:
    """What still keeps a canoe from docking (M5); empty when it may land on the dock. With
    `first`, only the first thing found (enough to know whether it may dock: `may_dock`)."""
    options = state["options"]
    needs = []
    missing = options["nights"] - len(player["camps"])
    if missing > 0:
        if first:
            return ["nights"]
        needs.append(f"{missing} more night{'s' if missing != 1 else ''} camping")
    if player["destination"]:
        needs.append("the Destination card held")
        if first:
            return needs
    if options["variant"] == "long":
        left = len(set(board(state).campsites) - set(player["camps"]))
        if left:
            needs.append(f"{left} campsite{'s' if left != 1 else ''} still to camp at")
            if first:
                return needs
    if options["variant"] == "all_night":
        left = len(set(board(state).attractions) - set(player["seen"]))
        if left:
            needs.append(f"{left} attraction{'s' if left != 1 else ''} still to see")
            if first:
                return needs
    if not ahead(state, player):
        needs.append("more points than everyone else")
    return needs


def may_dock(state: State, player: Player) -> bool:
    """M5: nothing keeps the canoe from docking."""
    return not dock_needs(state, player, first=True)


def ahead(state: State, player: Player) -> bool:
    """M5: more points than every other player still on the board."""
    return all(
        player["points"] > other["points"] for other in state["players"] if other is not player
    )


def may_camp(state: State, player: Player, site: int) -> bool:
    """M4: not the same site again until all the others are done, unless a Destination orders it.

    Exactly: a site never camped at, or one after whose last camp every other site was camped at.
    """
    camps = player["camps"]
    if site not in camps or ordered_to_camp(state, player, site):
        return True
    last = len(camps) - 1 - camps[::-1].index(site)
    since = set(camps[last + 1 :])
    return since >= set(board(state).campsites) - {site}


def ordered_to_camp(state: State, player: Player, site: int) -> bool:
    card = player["destination"]
    if card is None:
        return False
    return site in camp_goal_sites(board(state), DESTINATION[card]["goal"])


def camp_goal_sites(the_board: Board, goal: str) -> tuple[int, ...]:
    """The campsites where camping meets a Destination goal: kept per board (the moves ask it
    of every campsite they offer a canoe that camped there before)."""
    key = ("camp_goal", goal)
    sites = the_board.memo.get(key)
    if sites is None:
        places = the_board.places
        if goal == "sugar_island":
            sites = (places["sugar_island"],)
        elif goal == "solitude":
            sites = (places["solitude_point"],)
        elif goal == "indian_pond":
            pond = places["indian_pond"]
            sites = tuple(s for s in the_board.campsites if the_board.lake_of(s) == pond)
        else:
            sites = ()
        the_board.memo[key] = sites
    return sites


def camp_goals(the_board: Board, site: int) -> list[str]:
    """The Destination goals camping at `site` meets."""
    return [
        g
        for g in ("sugar_island", "solitude", "indian_pond")
        if site in camp_goal_sites(the_board, g)
    ]


def _and(items: list[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def points_text(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"

"""The three piles (M2): drawing, the Shuffle card, Destination cards and the cards' effects.

Everything here works in place on a state the caller has already copied.
"""

from __future__ import annotations

from chase.engines.chance import Chance
from chase.engines.moosehead.state import (
    TRAIL,
    Events,
    Player,
    State,
    board,
    is_free,
    points_text,
    weather,
)
from chase.engines.moosehead.tables import (
    CARD,
    DESTINATION,
    GOAL_NAMES,
    PILE_NAMES,
    SHUFFLE,
)


def draw(state: State, pile: str, chance: Chance, events: Events | None) -> str:
    """The top card; the Shuffle card shuffles the pile, goes back to the bottom, and the new top
    card is drawn instead (M2)."""
    cards = state["piles"][pile]
    card = cards.pop(0)
    if card == SHUFFLE:
        cards[:] = chance.shuffle(cards, label=f"{PILE_NAMES[pile]} pile") + [SHUFFLE]
        if events is not None:
            events.append(
                {
                    "kind": "shuffle",
                    "pile": pile,
                    "text": f"The Shuffle card: the {PILE_NAMES[pile]} "
                    "pile is shuffled and the Shuffle card goes back to the bottom.",
                }
            )
        card = cards.pop(0)
    return card


def take_card(
    state: State, player: Player, pile: str, chance: Chance, events: Events | None, *, camping: bool
) -> str:
    """Draw from `pile` for `player` and carry the card out. Returns the card drawn."""
    card = draw(state, pile, chance, events)
    name = player["name"]
    if card in DESTINATION:
        _destination(state, player, pile, card, events)
        return card
    info = CARD[card]
    tell = events is not None
    what = f"{name} draws a {PILE_NAMES[pile]} card: \u201c{info['text']}\u201d" if tell else ""
    if info["effect"] == "hero" and not (camping and weather(state) == "heavy_rain"):
        player["hero"] = True  # M2: kept, to be played when camping in the rain
        if not tell:
            return card
        events.append(
            {
                "kind": "card",
                "seat": player["role"],
                "card": card,
                "points": 0,
                "text": f"{what} {name} keeps it for a night of rain.",
            }
        )
        return card
    player["points"] += info["score"]
    if tell:
        events.append(
            {
                "kind": "card",
                "seat": player["role"],
                "card": card,
                "points": info["score"],
                "text": f"{what} {points_text(info['score'])}.",
            }
        )
    state["piles"][pile].append(card)  # M2: back to the bottom of its pile
    effect = info["effect"]
    if effect == "leak":
        player["miss"].append("repairing the leak")
    elif effect in ("shortcut", "sleeping_bag"):
        _along_portage(state, player, effect == "shortcut", events)
    return card


def play_hero(state: State, player: Player, events: Events | None) -> None:
    """M2: the kept Camp hero card scores when its holder camps in the rain."""
    if not player["hero"] or weather(state) != "heavy_rain":
        return
    player["hero"] = False
    score = CARD["camp-hero"]["score"]
    player["points"] += score
    state["piles"]["camp"].append("camp-hero")
    if events is None:
        return
    events.append(
        {
            "kind": "card",
            "seat": player["role"],
            "card": "camp-hero",
            "points": score,
            "text": f"{player['name']} plays the camp hero card: a fire in the rain, "
            f"{points_text(score)}.",
        }
    )


def _destination(state: State, player: Player, pile: str, card: str, events: Events | None) -> None:
    """M2: one Destination held at a time; one already done, or a second one, goes back."""
    goal = DESTINATION[card]["goal"]
    name = player["name"]
    drawn = f"{name} draws a Destination card: \u201c{DESTINATION[card]['text']}\u201d"
    if goal in player["done"]:
        why = f"{name} has already done it, so it goes back to the bottom of the pile"
    elif player["destination"]:
        why = f"{name} already holds one, so it goes back to the bottom of the pile"
    elif state["options"]["variant"] == "short" and player["obeyed"]:
        why = "on a short trip one Destination card is enough: it goes back"
    else:
        player["destination"] = card
        if events is None:
            return
        events.append(
            {
                "kind": "destination",
                "seat": player["role"],
                "card": card,
                "points": 0,
                "text": f"{drawn} {name} must {GOAL_NAMES[goal]} before docking.",
            }
        )
        return
    state["piles"][pile].append(card)
    if events is None:
        return
    events.append(
        {
            "kind": "destination",
            "seat": player["role"],
            "card": card,
            "points": 0,
            "text": f"{drawn} But {why}.",
        }
    )


def obey_destination(state: State, player: Player, events: Events | None) -> None:
    """Discard the held Destination card from the game once its goal is reached (M2)."""
    card = player["destination"]
    if card is None or DESTINATION[card]["goal"] not in player["done"]:
        return
    player["destination"] = None
    player["obeyed"] += 1
    state["obeyed"].append(card)
    if events is None:
        return
    events.append(
        {
            "kind": "obeyed",
            "seat": player["role"],
            "card": card,
            "text": f"{player['name']} has done it: {GOAL_NAMES[DESTINATION[card]['goal']]}. "
            "The Destination card leaves the game.",
        }
    )


def portage_ends(state: State, player: Player) -> tuple[list[int], bool] | None:
    """The portage trail the canoe is on, and whether it is heading along the trail's order."""
    the_board = board(state)
    portage = the_board.portage_of.get(player["at"])
    if portage is None:
        return None
    trail = the_board.portages[portage]["trail"]
    came = player["trail"][-1] if player["trail"] else None
    here = trail.index(player["at"])
    if came in trail:
        forward = trail.index(came) < here
    elif came is None:
        forward = True
    else:  # came onto the trail from outside: heading away from the end it came in at
        forward = here == 0 or here != len(trail) - 1
    return trail, forward


def _along_portage(state: State, player: Player, to_end: bool, events: Events | None) -> None:
    """The shortcut (on to the portage's end) and the forgotten sleeping bag (back to its start).

    If the end is taken, the canoe stops at the nearest free space short of it (M4).
    """
    found = portage_ends(state, player)
    if found is None:
        return
    the_board = board(state)
    trail, forward = found
    if not forward:
        trail = trail[::-1]
    here = trail.index(player["at"])
    line = trail[here:] if to_end else trail[: here + 1][::-1]  # from here to the end it goes to
    target = next(
        (i for i in range(len(line) - 1, 0, -1) if is_free(state, the_board, line[i], player)), 0
    )
    if not target:
        return
    player["at"] = line[target]
    if to_end:
        player["trail"] = (player["trail"] + line[:target])[-TRAIL:]
        if (
            line[target] == trail[-1]
            and the_board.portage_of[line[target]] == the_board.places["northern_portage"]
        ):
            done(player, "northern_portage")
    else:  # back to fetch the bag, then on again the way it was going
        player["trail"] = [line[target + 1]] if target + 1 < len(line) else []
    if events is None:
        return
    verb = "hurries on" if to_end else "trudges back"
    events.append(
        {
            "kind": "portage",
            "seat": player["role"],
            "to": player["at"],
            "text": f"{player['name']} {verb} to {the_board.where(player['at'])}.",
        }
    )


def done(player: Player, goal: str) -> None:
    """Note a Destination goal reached (whether or not its card is held)."""
    if goal not in player["done"]:
        player["done"].append(goal)

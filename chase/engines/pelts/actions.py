"""Action cards (Jack, Queen, King, Joker), the random events (P13), discards and the phases."""

from __future__ import annotations

from collections.abc import Callable

from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.flow import answer, ask_choice, ask_reaction, ask_test, run, step
from chase.engines.pelts.model import (
    HAND_LIMITS,
    Events,
    State,
    canoe,
    canoe_name,
    canoe_title,
    deal,
    discard,
    draw_up,
    drift,
    end_deck_effects,
    fresh_used,
    hurt,
    in_play,
    other,
    place,
    reshuffle,
    say,
    side_title,
    told,
)
from chase.engines.pelts.moves import free, hidden_sandbank, start_move
from chase.engines.pelts.tables import EVENTS, ROWER_LOST, ROWER_WOUNDED, SIDES


def _use_action(state: State, side: str, card: str) -> None:
    discard(state, side, card)
    state["used"]["action"] = True


# -- Jack and Queen ----------------------------------------------------------------------------


def reload(state: State, side: str, index: int, card: str, events: Events) -> None:
    """P6: a Jack reloads one canoe's gun."""
    _use_action(state, side, card)
    canoe(state, side, index)["loaded"] = True
    say(events, f"{cards.title(card)}: {canoe_name(state, side, index)} reloads.", side)


def fire(state: State, side: str, index: int, card: str, target: int, chance, events) -> None:
    """P6/P7: a Queen fires a loaded gun at an enemy canoe in sight; the target's owner may
    cancel the shot with an ace before the test (P6), then the test decides (P8)."""
    _use_action(state, side, card)
    canoe(state, side, index)["loaded"] = False
    victim = canoe_name(state, other(side), target)
    text = f"{cards.title(card)}: {canoe_name(state, side, index)} fires at {victim}."
    say(events, text, side)
    k = {"step": "shot", "side": side, "target": target}
    ask_reaction(state, other(side), "shot", text, k)


@step("shot")
def _shot(state: State, k: dict, chance: Chance, events: Events) -> None:
    if k["cancelled"]:
        say(events, "The shot is cancelled.")
        return
    k["step"] = "shot_result"
    victim = canoe_name(state, other(k["side"]), k["target"])
    ask_test(state, "shot", k["side"], f"A shot at {victim}.", k)


@step("shot_result")
def _shot_result(state: State, k: dict, chance: Chance, events: Events) -> None:
    if k["result"] == "hit":
        hurt(state, other(k["side"]), k["target"], chance, events, ROWER_WOUNDED)


# -- King: random events -----------------------------------------------------------------------


def cut_pile(state: State, chance: Chance, events: Events) -> str | None:
    """P13: cut the draw pile; the card shown goes back into it at a random place."""
    if not state["draw"] and state["discard"]:
        reshuffle(state, chance, events)
    pile = state["draw"]
    if not pile:
        return None
    card = pile.pop(chance.randint(0, len(pile) - 1, label="cut"))
    pile.insert(chance.randint(0, len(pile), label="cut back"), card)
    return card


def king(state: State, side: str, card: str, target: int, chance: Chance, events: Events) -> None:
    """P6/P13: a King sets a random event on an enemy canoe. Decided: the target's owner may
    cancel it with an ace once the cut shows which event it is, as it is the event that is
    "against" the canoe."""
    _use_action(state, side, card)
    victim = canoe_name(state, other(side), target)
    say(events, f"{cards.title(card)}: a random event for {victim}.", side)
    cut = cut_pile(state, chance, events)
    if cut is None:
        say(events, "There is no pile left to cut: nothing happens.")
        return
    key, title, cancellable = EVENTS[cards.RANK[cut]]
    text = f"The cut shows {cards.name(cut)}: {title}"
    say(events, text)
    k = {"step": "event", "event": key, "card": cut, "side": side, "target": target}
    if cancellable:
        ask_reaction(state, other(side), "event", f"{text} ({victim})", k)
    else:
        k["cancelled"] = False
        run(state, k, chance, events)


@step("event")
def _event(state: State, k: dict, chance: Chance, events: Events) -> None:
    if k["cancelled"]:
        say(events, "The event is cancelled.")
        return
    EVENT_EFFECTS[k["event"]](state, k, chance, events)


def _target(state: State, k: dict) -> tuple[str, int, dict]:
    side = other(k["side"])
    return side, k["target"], canoe(state, side, k["target"])


def _sharpshooter(state: State, k: dict, chance: Chance, events: Events) -> None:
    """2: a shot by the King's player (P13), needing neither sight nor a loaded gun."""
    side, index, _ = _target(state, k)
    k["step"] = "shot_result"
    ask_test(
        state, "shot", k["side"], f"A sharpshooter fires at {canoe_name(state, side, index)}.", k
    )


def _flag(flag: str, text: str) -> Callable:
    """An event that just marks the target canoe (holed, lost paddle, wet powder...)."""

    def effect(state: State, k: dict, chance: Chance, events: Events) -> None:
        side, index, boat = _target(state, k)
        boat[flag] = True
        say(events, f"{canoe_title(state, side, index)} {text}.")

    return effect


def _aground(state: State, k: dict, chance: Chance, events: Events) -> None:
    """10: the same rules as running aground on a sandbank (P9)."""
    side, index, boat = _target(state, k)
    boat.update(stuck="aground", stuck_on=None)
    say(events, f"{canoe_title(state, side, index)} runs aground on a hidden snag.")


def _overboard(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index, _ = _target(state, k)
    options = [
        {"option": "pick_up", "label": "Stop to pick the rower up (no movement card next turn)"},
        {"option": "go_on", "label": "Keep going without them (odd cards only from now on)"},
    ]
    text = f"A rower of {canoe_name(state, side, index)} falls overboard."
    ask_choice(state, side, "overboard", text, options, {**k, "step": "overboard"})


@step("overboard")
def _overboard_choice(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index, boat = _target(state, k)
    if k["choice"]["option"] == "pick_up":
        boat["skip_move"] = True
        say(events, f"{canoe_title(state, side, index)} stops to pick the rower up.")
    else:
        hurt(state, side, index, chance, events, ROWER_LOST)


def _rain(state: State, k: dict, chance: Chance, events: Events) -> None:
    state["rain"] = True
    say(events, "Torrential rain: no canoe may shoot for the rest of the chase.")


def _water(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index, _ = _target(state, k)
    options = [
        {"option": "bail", "label": "Bail out (no movement card next turn)"},
        {"option": "leak", "label": 'Paddle on (-1" on every move from now on)'},
    ]
    text = f"{canoe_title(state, side, index)} is taking on water."
    ask_choice(state, side, "water", text, options, {**k, "step": "water"})


@step("water")
def _water_choice(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index, boat = _target(state, k)
    if k["choice"]["option"] == "bail":
        boat["skip_move"] = True
        say(events, f"{canoe_title(state, side, index)} bails out.")
    else:
        boat["leaking"] = True
        say(events, f'{canoe_title(state, side, index)} paddles on, 1" slower on every move.')


def _bear(state: State, k: dict, chance: Chance, events: Events) -> None:
    """9: two melee rounds against the bear, whose sign the King's player shows (P13).
    Decided: a bear round's wound is not cancelled again, the ace could cancel the event."""
    side, index, _ = _target(state, k)
    k.update(step="bear_round", round=1)
    ask_test(
        state, "bear", k["side"], f"A grizzly bear attacks {canoe_name(state, side, index)}.", k
    )


@step("bear_round")
def _bear_round(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index, boat = _target(state, k)
    if k["result"] == "hit":
        hurt(state, side, index, chance, events, ROWER_WOUNDED)
    if k["round"] == 1 and state["status"] == "playing" and in_play(boat):
        k["round"] = 2
        ask_test(state, "bear", k["side"], "The bear attacks again.", k)
    elif state["status"] == "playing":
        say(events, "The bear lumbers off.")


def _hidden_sandbank(state: State, k: dict, chance: Chance, events: Events) -> None:
    """J: a hidden sandbank around the target, which tests at once (P8: a win passes)."""
    side, index, boat = _target(state, k)
    sand = hidden_sandbank(state, boat["position"])
    say(events, f'A hidden sandbank lies from {sand["start"]}" to {sand["end"]}".')
    k["step"] = "hidden_result"
    ask_test(state, "hidden", side, f"{canoe_title(state, side, index)} is on the sandbank.", k)


@step("hidden_result")
def _hidden_result(state: State, k: dict, chance: Chance, events: Events) -> None:
    if k["result"] == "aground":
        _, _, boat = _target(state, k)
        boat.update(stuck="aground", stuck_on=None)


def _midges(state: State, k: dict, chance: Chance, events: Events) -> None:
    """A: the target paddles 1D6" at once, upstream or downstream as its owner chooses."""
    side, index, _ = _target(state, k)
    inches = chance.roll(6)
    options = [
        {"option": "downstream", "label": f'Paddle {inches}" downstream'},
        {"option": "upstream", "label": f'Paddle {inches}" upstream'},
    ]
    text = f'Midges! {canoe_title(state, side, index)} flees {inches}".'
    ask_choice(state, side, "midges", text, options, {**k, "step": "midges", "inches": inches})


@step("midges")
def _midges_choice(state: State, k: dict, chance: Chance, events: Events) -> None:
    """Decided: the bonus move is a dash that frees a stuck canoe and takes no tests."""
    side, index, boat = _target(state, k)
    sign = 1 if k["choice"]["option"] == "downstream" else -1
    boat.update(stuck=None, stuck_on=None, wide_left=None)
    say(
        events, f'{canoe_title(state, side, index)} paddles {k["inches"]}" {k["choice"]["option"]}.'
    )
    place(state, boat, boat["position"] + sign * k["inches"], events)


def _joker(state: State, k: dict, chance: Chance, events: Events) -> None:
    count_joker(state, k["card"], chance, events)


EVENT_EFFECTS: dict[str, Callable[[State, dict, Chance, Events], None]] = {
    "sharpshooter": _sharpshooter,
    "holed": _flag("holed", "is holed for the rest of the chase"),
    "lost_paddle": _flag("paddle_lost", "loses a paddle: odd cards only from now on"),
    "overboard": _overboard,
    "wet_powder": _flag("wet_powder", "has wet powder until the deck is reshuffled"),
    "rain": _rain,
    "water": _water,
    "bear": _bear,
    "aground": _aground,
    "hidden_sandbank": _hidden_sandbank,
    "slowing": _flag("skip_phase", "is tired out and loses its next phase"),
    "exhausted": _flag("exhausted", "is exhausted: half moves until the deck is reshuffled"),
    "midges": _midges,
    "joker": _joker,
}


# -- Joker, discards and the end of a phase ----------------------------------------------------


def joker(state: State, side: str, card: str, chance: Chance, events: Events) -> None:
    """Decided: a joker has no colour; playing one uses the phase's action card."""
    _use_action(state, side, card)
    say(events, f"{side_title(side)} play a Joker.", side)
    count_joker(state, card, chance, events)


def count_joker(state: State, card: str, chance: Chance, events: Events) -> None:
    """P6: the first joker does nothing; the second ends the turn at once. P6/P13: the two must
    be different jokers, so a joker cut (and put back) and seen again counts once.

    The second joker ends the turn but clears no "Slowing down" (P6): the slowed canoe still
    loses its owner's next whole phase. Decided: a skipped move (P13 overboard, bailing) was
    skipped in the phase the joker cut short, so that one is cleared as before."""
    if card in state["jokers"]:
        say(events, "That Joker has already been seen: it does not count again.")
        return
    state["jokers"].append(card)
    if len(state["jokers"]) < 2:
        say(events, "The first Joker: nothing happens.")
        return
    say(events, "The second Joker ends the turn: all cards back, reshuffle, deal again.")
    for boat in state["canoes"][state["active"]]:
        boat["skip_move"] = False
    state["pending"] = None
    deal(state, chance, events)
    end_deck_effects(state)
    _start_turn(state)


def discard_card(state: State, side: str, card: str, events: Events) -> None:
    state["hands"][side].remove(card)  # `discard`, written out: nearly every phase does this
    state["discard"].append(card)
    state["used"]["discard"] = True
    events.append(DISCARDS[side][card])


# What a discard says, made once (it is said nearly every phase).
DISCARDS = {
    side: {
        card: told(f"{side_title(side)} discard {cards.name(card)}.", side)
        for card in cards.FULL_DECK
    }
    for side in SIDES
}


def end_phase(state: State, chance: Chance, events: Events) -> None:
    """Phases 2 and 4 draw back up; after the Indians, phase 5 drifts and a new turn starts."""
    side = state["active"]
    events.append(PHASE_ENDS[side])
    boats = state["canoes"][side]
    in_action = 0  # the side's canoes not out, for its hand size (`hand_limit`, written out)
    for boat in boats:
        # Skips last for the owner's next phase, and all of them are set in the enemy's phase.
        boat["skip_move"] = boat["skip_phase"] = False
        if not boat["out"]:
            in_action += 1
    draw_up(state, side, chance, events, HAND_LIMITS[side][len(boats), in_action])
    state["used"] = fresh_used()
    if side == "trapper":
        state["active"] = "indian"
        state["phase"] = 3
        return
    drift(state, events)
    if state["status"] == "playing":  # a new turn (`_start_turn`)
        state["turn"] += 1
        state["phase"] = 1
        state["active"] = "trapper"


PHASE_ENDS = {side: told(f"{side_title(side)} end their phase.", side) for side in SIDES}


def _start_turn(state: State) -> None:
    state["turn"] += 1
    state["phase"] = 1
    state["active"] = "trapper"
    state["used"] = fresh_used()


# -- carrying out an action --------------------------------------------------------------------

PENDING_ANSWERS = frozenset({"sign", "cancel", "allow", "counter", "no_counter", "choose"})


def perform(state: State, role: str, action: dict, chance: Chance, events: Events) -> None:
    """Carry out a legal action on `state` (a private copy), the commonest kinds first: moves,
    answers, ends of phases, discards (a playout plays those itself and hands on the rest)."""
    kind = action["type"]
    if kind == "move":
        start_move(state, role, action["canoe"], action["card"], chance, events)
    elif kind in PENDING_ANSWERS:
        answer(state, role, action, chance, events)
    elif kind == "end":
        end_phase(state, chance, events)
    elif kind == "discard":
        discard_card(state, role, action["card"], events)
    elif kind == "free":
        free(state, role, action["canoe"], action["card"], events)
    elif kind == "reload":
        reload(state, role, action["canoe"], action["card"], events)
    elif kind == "fire":
        fire(state, role, action["canoe"], action["card"], action["target"], chance, events)
    elif kind == "event":
        king(state, role, action["card"], action["target"], chance, events)
    else:
        joker(state, role, action["card"], chance, events)

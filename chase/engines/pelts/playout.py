"""The chase played to its end by the computer on both sides: `ENGINE.playout`, the win odds'
inner loop (`chase.engines.odds` plays a thousand of them for one answer).

The same rules and the same computer as stepping through `apply` with `computer_action` (a
test, tests/chase/engines/test_pelts_playout.py, holds the final states equal, log and all),
on one copy changed in place. What stepping does that a playout need not:

- the computer picks without building every legal action (see `computer.choose`), and nothing
  is checked that its own choice makes legal; no label is made;
- a test's signs are drawn for both sides at once, and the test resolved, without an action
  for each sign; a counter-card or an ace is played, or not, without an action either (a
  choice's answer is still built: it carries the option);
- the end of the phase after the computer's discard is known without asking it again;
- the log is cut to its last events once, at the end.
"""

from __future__ import annotations

from chase.engines.chance import Chance
from chase.engines.pelts.actions import discard_card, end_phase, perform
from chase.engines.pelts.computer import cancelling_ace, counter_card, pick, reply
from chase.engines.pelts.flow import answer, cancel, counter, resolve_test, run
from chase.engines.pelts.model import State, clone
from chase.engines.pelts.moves import start_move
from chase.engines.pelts.tables import LOG_LENGTH, OTHER, SIDES, SIGNS


def playout(state: State, chance: Chance) -> State:
    """The final state of the chase from a copy of `state`, the computer at every seat."""
    state = clone(state)
    events: list[dict] = []  # every event of the playout, kept for the log
    quick = state["options"]["quick_tests"]
    choice = chance.choice
    while state["status"] == "playing":
        pending = state["pending"]
        if pending is not None:  # a sub-phase's answers (as `actions.perform` hands them on)
            if pending["kind"] == "test":
                # The computer's signs, at random, in the order `seats_to_act` gives the
                # signers: a sign changes no one else's turn to sign until the last resolves
                # the test. P8 quick tests: the active side signs, and the other's is drawn.
                signs = pending["signs"]
                if quick:
                    side = state["active"]
                    signs[side] = choice(SIGNS, label="computer sign")
                    signs[OTHER[side]] = choice(SIGNS, label="sign")
                else:
                    for side in SIDES:
                        if signs[side] is None:
                            signs[side] = choice(SIGNS, label="computer sign")
                resolve_test(state, pending, events)
                state["pending"] = None
                run(state, pending["then"], chance, events)
                continue
            role = pending["seat"]
            k = pending["then"]
            kind = pending["kind"]
            if kind == "counter":
                card = counter_card(state, role)
                if card is None:
                    k["counter"] = None
                else:
                    counter(state, role, card)
            elif kind == "reaction":
                card = cancelling_ace(state, role, pending)
                if card is None:
                    k["cancelled"] = False
                else:
                    cancel(state, role, card, events)
            else:  # a choice: its answer carries the option chosen
                answer(state, role, reply(state, role, pending), chance, events)
                continue
            state["pending"] = None  # as `flow.answer` carries on
            run(state, k, chance, events)
            continue
        role = state["active"]
        action = pick(state, role)
        kind = action["type"]
        if kind == "discard":
            # The computer discards only when it has nothing else to play (`computer.pick`
            # tries every other kind first), and a discard leaves it fewer cards and no
            # discard: so it ends its phase next, which is done without asking it again.
            discard_card(state, role, action["card"], events)
            end_phase(state, chance, events)
        elif kind == "move":
            start_move(state, role, action["canoe"], action["card"], chance, events)
        elif kind == "end":
            end_phase(state, chance, events)
        else:
            perform(state, role, action, chance, events)
    state["log"] = (state["log"] + events)[-LOG_LENGTH:]
    return state

"""The computer's levels, once for every game: easy, normal and hard (plain Python, no Django).

- normal is the game's own computer (`computer_action`: one sensible policy per game);
- easy is the same policy, but a share of its moves (`EASY_MISTAKES`) is a random legal action
  instead, drawn from the chance it is given (never Python's global random);
- hard searches: for each of its legal actions it plays the game out to its end many times with
  the normal computer at every seat, each time from a world dealt afresh from its own seat's view
  (the engine's `determinize`, the odds' model of what a seat may not see), and takes the action
  with the best mean result for its seat (`seat_score`, from the game's finishing order).

The hard search never reads the real state but through `determinize(state, role, ...)` and the
seat's legal actions (both depend on the seat's view alone: the conformance suite checks it), so
its choice cannot depend on what the seat may not see: two states that differ only there give
the same choice from the same seed. Every playout of a world is shared by all the actions
compared (the same deal, the same seed for the dice after the action: common random numbers),
so two actions are compared on the same luck. With many actions the budget is spent by
sequential halving (Karnin, Koren and Somekh 2013): each round plays every action left on fresh
worlds and keeps the better half, so the first round is the cheap prior that picks the few worth
searching and the last rounds compare those few closely; the normal computer's own choice is
never halved away, and another action is taken only when it beats that choice on the same worlds
by more than luck would (`Search.confidence` standard errors, `CONFIDENCE` unless a bench
asks for another): a policy that is already sensible is
left only on evidence. The budget is a number of playouts and a cap of process CPU time (the
machine may be shared: CPU time is what the move costs).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from chase.engines.base import Action, Engine, IllegalMove, State
from chase.engines.chance import Chance, RandomChance

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)
EASY_MISTAKES = 30  # easy: this many moves in 100 are a random legal action
SEED_BITS = 62  # the seed a hard move draws from the chance it is given
# Hard leaves the normal computer's choice only for an action that beats it on the same worlds
# by this many standard errors (the best of several looks better than it is by luck alone).
CONFIDENCE = 1.5


@dataclass(frozen=True)
class Search:
    """A hard move's budget: at most `playouts` playouts in all (shared out among the actions)
    and at most `seconds` of process CPU time (None: no cap, the choice then depends on the
    seed alone, as the tests need); the time is checked between worlds, and a world plays
    every action still compared, so a cap never leaves two actions compared on unequal luck.
    Each round of the halving gets its share of both, so where playouts are cheap (a budget of
    more playouts than the time allows) the time is the budget, spent round by round."""

    playouts: int = 600
    seconds: float | None = 0.8
    # how many standard errors another action must beat the normal computer's choice by
    confidence: float = CONFIDENCE

    def __post_init__(self) -> None:
        if self.playouts < 1:
            raise ValueError("A hard move needs at least one playout.")
        if self.confidence < 0:
            raise ValueError("A hard move's confidence is a number of standard errors, 0 or more.")


DEFAULT_SEARCH = Search()
# The hard moves of one answer (the computer's moves between two of a person's: a whole Pelts
# phase) share this many CPU seconds (the app's CHASE_HARD_ANSWER_SECONDS by default), and a
# move past it still gets LEAST_SECONDS.
ANSWER_SECONDS = 2.0
LEAST_SECONDS = 0.1


def within_answer(search: Search, spent: float, answer: float = ANSWER_SECONDS) -> Search:
    """A hard move's budget after `spent` CPU seconds of hard moves in the same answer: its own
    cap, or what the answer has left, but never under LEAST_SECONDS."""
    if search.seconds is None:
        return search
    return replace(search, seconds=min(search.seconds, max(LEAST_SECONDS, answer - spent)))


def computer_move(
    engine: Engine,
    state: State,
    role: str,
    chance: Chance,
    level: str = NORMAL,
    *,
    search: Search | None = None,
) -> Action:
    """The computer's action for `role` at `level` (one of LEVELS), as `legal_actions` offers
    it. Every random choice comes from `chance`."""
    if level == NORMAL:
        return engine.computer_action(state, role, chance)
    if level == EASY:
        if chance.randint(1, 100, label="easy mistake") <= EASY_MISTAKES:
            return engine.random_action(state, role, chance)
        return engine.computer_action(state, role, chance)
    if level == HARD:
        return hard_action(engine, state, role, chance, search or DEFAULT_SEARCH)
    raise IllegalMove(f"There is no computer level {level!r}: choose one of {', '.join(LEVELS)}.")


@dataclass
class Searched:
    """What a hard move found (the benches and tests read it): the action chosen, the normal
    computer's own choice, each action's mean result and playouts, and the CPU time spent."""

    action: Action
    normal: Action
    means: dict[int, float]
    playouts: int
    seconds: float


def hard_action(engine: Engine, state: State, role: str, chance: Chance, search: Search) -> Action:
    return hard_search(engine, state, role, chance, search).action


def hard_search(
    engine: Engine, state: State, role: str, chance: Chance, search: Search
) -> Searched:
    """The hard computer's search (see the module's docstring) for `role`, which has an action
    to take in `state`."""
    started = time.process_time()
    actions = engine.legal_actions(state, role)
    if not actions:
        raise IllegalMove("There is nothing for this seat to do now.")
    rng = RandomChance(chance.randint(0, 2**SEED_BITS, label="hard search"), record=False)
    seen = _world(engine, state, role, rng)  # the real state is never read again
    normal = engine.computer_action(seen, role, rng)
    favourite = _index(actions, normal)
    if len(actions) == 1:
        return Searched(actions[favourite], normal, {}, 0, _since(started))
    alive = list(range(len(actions)))
    scores: dict[int, list[float]] = {i: [] for i in alive}  # each action's result, world by world
    worlds = 0  # worlds every action still alive has been played on
    played = 0
    rounds = max(1, math.ceil(math.log2(len(alive))))
    out_of_time = False
    for round_ in range(rounds):
        left = search.playouts - played
        if left < len(alive) or out_of_time:
            break
        share = left // (rounds - round_)  # this round's playouts
        # and this round's share of the CPU time left: each round gets its part of the time,
        # as of the playouts, so a cheap game's rounds spend the time allowed on more worlds
        deadline = None
        if search.seconds is not None:
            spent = _since(started)
            deadline = started + spent + (search.seconds - spent) / (rounds - round_)
        for _ in range(max(1, share // len(alive))):
            world = _world(engine, state, role, rng) if worlds or round_ else seen
            seed = rng.randint(0, 2**SEED_BITS)
            for i in alive:
                score = _playout(engine, world, role, actions[i], seed)
                if score is None:  # the seat has no result of its own: nothing to search for
                    return Searched(actions[favourite], normal, {}, played, _since(started))
                scores[i].append(score)
            played += len(alive)
            worlds += 1
            if deadline is not None and time.process_time() > deadline:
                out_of_time = time.process_time() - started > search.seconds
                break
        if round_ < rounds - 1 and not out_of_time and len(alive) > 2:
            # The better half goes on, and the normal computer's choice always: the one the
            # others must beat.
            ranked = sorted(alive, key=lambda i: (-sum(scores[i]), i != favourite, i))
            kept = ranked[: max(2, math.ceil(len(alive) / 2))]
            alive = sorted({*kept, favourite})
    means = {i: sum(scores[i]) / worlds for i in alive} if worlds else {}
    # The best mean among the actions played on every world (the last round's), the normal
    # computer's own choice first among equals; another wins only when it beats the normal
    # choice on the same worlds by more than chance would (`search.confidence`).
    best = max(alive, key=lambda i: (means.get(i, 0.0), i == favourite, -i))
    if best != favourite and not _better(scores[best], scores[favourite], search.confidence):
        best = favourite
    return Searched(actions[best], normal, means, played, _since(started))


def _better(these: list[float], those: list[float], confidence: float) -> bool:
    """Whether results world by world beat others on the same worlds by more than `confidence`
    standard errors of the mean of their differences."""
    diffs = [a - b for a, b in zip(these, those, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > confidence * math.sqrt(spread / n)


def _since(started: float) -> float:
    return time.process_time() - started


def _world(engine: Engine, state: State, role: str, chance: Chance) -> State:
    """A world the seat cannot tell from `state` (a game with nothing to hide declares no
    `determinize` and is its own only world)."""
    if engine.odds:
        return engine.determinize(state, role, chance)
    return engine.copy_state(state)


def _index(actions: list[Action], wanted: Action) -> int:
    for i, action in enumerate(actions):
        if action == wanted:
            return i
    bare = {k: v for k, v in wanted.items() if k != "label"}
    for i, action in enumerate(actions):
        if {k: v for k, v in action.items() if k != "label"} == bare:
            return i
    return 0  # pragma: no cover - the computer's choice is always one of the legal actions


def _playout(engine: Engine, world: State, role: str, action: Action, seed: int) -> float | None:
    chance = RandomChance(seed, record=False)
    after = engine.perform(world, role, action, chance).state
    if engine.status(after) == "playing":
        after = engine.playout(after, chance)
    return seat_score(engine, after, role)


def seat_score(engine: Engine, final: State, role: str) -> float | None:
    """How well `role` did in a finished (or abandoned) game, from 0 (last) to 1 (first): the
    share of the other teams of the finishing order it placed ahead of, a tie counting half.
    None when the order does not place the seat (the abstract chase's game master): the seat
    has no result of its own, and plays as the normal computer."""
    teams = engine.finishing_order(final["options"], final)
    mine = next((rank for rank, roles in teams if role in roles), None)
    if mine is None:
        return None
    if len(teams) < 2:
        return 0.5
    beaten = sum(1.0 if rank > mine else 0.5 if rank == mine else 0.0 for rank, _ in teams)
    return (beaten - 0.5) / (len(teams) - 1)  # its own team counted as a tie

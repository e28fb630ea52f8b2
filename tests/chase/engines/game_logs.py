"""Stored game logs: games recorded once, as a session's log holds them, replayed by the tests.

Each log in `logs/` holds a game's options and every step as the app's action log stores it
(the role, the action, the chance outcomes it used) with digests of what the engine produced
then: the state, the events, and what every seat and a spectator saw (view and legal actions).
Steps the computer chose also keep the seed of the chance it decided with, so the replay checks
the computer still chooses the same. A replay of every log must give the same digests: that is
how a faster engine proves it plays exactly the same game.

Record the logs again only when the rules change on purpose:

    .venv/bin/python -m tests.chase.engines.game_logs race
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from chase.engines.chance import RandomChance

LOGS = Path(__file__).resolve().parent / "logs"
MAX_STEPS = 5000

# name -> (kind, options, seed, policy by role: "computer", "random" or "mixed")
GAMES: dict[str, tuple[str, dict[str, Any], int, str]] = {
    "race-6-computer-hidden": ("race", {"canoes": 6}, 11, "computer"),
    "race-2-random-open": ("race", {"canoes": 2, "hidden": False}, 12, "random"),
    "race-8-mixed-short-legs": ("race", {"canoes": 8, "leg_length": 12}, 13, "mixed"),
    "race-4-hand-set-course": (
        "race",
        {
            "canoes": 4,
            "currents": [3, 1, 2, 3, 1, 2, 3],
            "classes": [6, 5, 4, 3, 6, 5],
            "names": [
                {"canoe": "Otter", "colony": "Delaware"},
                {"canoe": "Heron", "colony": "Georgia"},
                {"canoe": "Loon", "colony": "Vermont"},
                {"canoe": "Pike", "colony": "Maine"},
            ],
        },
        14,
        "mixed",
    ),
    "pelts-default-computer": ("pelts", {}, 21, "computer"),
    "pelts-default-random": ("pelts", {}, 22, "random"),
    "pelts-big-river-mixed": (
        "pelts",
        {
            "layout": ["straight", "bend", "bend", "straight", "bend", "straight", "bend", "bend"],
            "obstacles": 5,
            "rocks": 5,
            "trapper_canoes": 2,
            "indian_canoes": 3,
        },
        23,
        "mixed",
    ),
    "pelts-quick-tests-ace-computer": (
        "pelts",
        {"quick_tests": True, "trapper_ace": True, "indian_canoes": 1, "obstacles": 0},
        24,
        "computer",
    ),
    "pelts-short-river-random": (
        "pelts",
        {"layout": ["bend", "straight", "bend"], "rocks": 0},
        25,
        "random",
    ),
}


def get_engine(kind: str):
    """The engine alone (not the app's registry of games), so that a log can be recorded from
    another version of the engines put first on the path."""
    return importlib.import_module(f"chase.engines.{kind}").ENGINE


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def seen(engine, state: dict[str, Any], roles: list[str]) -> str:
    """What every seat and a spectator may see now, as one digest."""
    return digest(
        {
            "views": {role or "": engine.seat_view(state, role) for role in [*roles, None]},
            "legal": {role: engine.legal_actions(state, role) for role in roles},
            "status": engine.status(state),
            "winner": engine.winner(state),
        }
    )


def record(name: str) -> dict[str, Any]:
    kind, options, seed, policy = GAMES[name]
    engine = get_engine(kind)
    roles = engine.roles(engine.clean_options(options))
    chance = RandomChance(seed)
    outcome = engine.new_game(options, chance)
    state = outcome.state
    steps = [_step(engine, roles, None, None, chance, outcome)]
    for number in range(1, MAX_STEPS):
        if engine.status(state) == "finished":
            break
        role = next(r for r in roles if engine.legal_actions(state, r))
        decide_seed = seed * 100_000 + number
        decide = RandomChance(decide_seed)
        computer = policy == "computer" or (policy == "mixed" and roles.index(role) % 2 == 0)
        if computer:
            action = engine.computer_action(state, role, decide)
        else:
            action = decide.choice(engine.legal_actions(state, role), label="random player")
        chance = RandomChance(seed * 100_000 + MAX_STEPS + number)
        outcome = engine.apply(state, role, action, chance)
        step = _step(engine, roles, role, action, chance, outcome)
        if computer:
            step["decide_seed"] = decide_seed
        steps.append(step)
        state = outcome.state
    else:
        raise RuntimeError(f"{name} did not end in {MAX_STEPS} steps")
    return {"kind": kind, "options": options, "steps": steps, "final_state": state}


def _step(engine, roles, role, action, chance, outcome) -> dict[str, Any]:
    return {
        "role": role,
        "action": action,
        "outcomes": chance.outcomes,
        "state": digest(outcome.state),
        "events": digest(outcome.events),
        "seen": seen(engine, outcome.state, roles),
    }


def dumps(log: dict[str, Any]) -> str:
    """One step a line, so a changed step shows as one changed line."""
    head = {k: v for k, v in log.items() if k != "steps"}
    lines = [json.dumps(step, sort_keys=True) for step in log["steps"]]
    body = json.dumps(head, sort_keys=True)[:-1]
    return body + ', "steps": [\n' + ",\n".join(lines) + "\n]}\n"


def log_files(kind: str) -> list[Path]:
    return sorted(LOGS.glob(f"{kind}-*.json"))


if __name__ == "__main__":
    kinds = set(sys.argv[1:])
    LOGS.mkdir(exist_ok=True)
    for game, (game_kind, *_) in GAMES.items():
        if kinds and game_kind not in kinds:
            continue
        log = record(game)
        (LOGS / f"{game}.json").write_text(dumps(log))
        print(f"{game}: {len(log['steps'])} steps")

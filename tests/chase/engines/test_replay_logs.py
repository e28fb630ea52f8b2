"""Every stored game log replays to the very states, events and views it was recorded with.

The logs (tests/chase/engines/logs/) were recorded before the engines were made faster; a replay
from the options and the logged chance alone, as `session_replay` does it, must give the same
digests step by step, and the computer must still choose the logged action from the logged seed.
"""

from __future__ import annotations

import json

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from tests.chase.engines.game_logs import LOGS, digest, get_engine, seen

LOG_FILES = sorted(LOGS.glob("*.json"))


def test_there_are_stored_logs_of_every_game():
    kinds = {path.name.split("-")[0] for path in LOG_FILES}
    assert kinds >= {"race", "pelts"}


@pytest.mark.parametrize("path", LOG_FILES, ids=[path.stem for path in LOG_FILES])
def test_a_stored_log_replays_to_the_same_states(path):
    log = json.loads(path.read_text())
    engine = get_engine(log["kind"])
    roles = engine.roles(engine.clean_options(log["options"]))
    state = None
    for number, step in enumerate(log["steps"]):
        chance = ScriptedChance(step["outcomes"])
        if state is None:
            outcome = engine.new_game(log["options"], chance)
        else:
            if "decide_seed" in step:
                chosen = engine.computer_action(
                    state, step["role"], RandomChance(step["decide_seed"])
                )
                assert chosen == step["action"], f"step {number}: the computer chose otherwise"
            assert step["action"] in engine.legal_actions(state, step["role"]), f"step {number}"
            outcome = engine.apply(state, step["role"], step["action"], chance)
        assert chance.remaining == 0, f"step {number} left chance outcomes unused"
        assert digest(outcome.state) == step["state"], f"step {number}: another state"
        assert digest(outcome.events) == step["events"], f"step {number}: other events"
        assert seen(engine, outcome.state, roles) == step["seen"], f"step {number}: another view"
        state = outcome.state
    assert state == log["final_state"]
    assert engine.status(state) == "finished"

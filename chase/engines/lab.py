"""The balance lab's arithmetic: play computer games to the end and count who won.

Plain Python (no Django): the engine is passed in, so a test hands it a scripted engine and
knows every number. Game `i` of a run plays with `RandomChance(game_seed(seed, i))`, so a run
is the same whoever plays it, in however many chunks (a worker taken over mid-run resumes at
the next game and gets the same counts).

The tallies are plain data (JSON, kept on the run's row between chunks):
`{"games", "wins": {group: count}, "seats": {role: count}, "length": total}`.
A *group* is who a club asks about, as the game declares it (`lab_groups`, `lab_group` of
`chase.engines.base.GameEngine`): the winning role or side, for the race the track the winner
started on (R3: starters alternate inside and outside), and "none" for a game nobody won (every
canoe out of a race). A game's length is its state's counter the game declares (`length`).
"""

from __future__ import annotations

import math
from typing import Any

from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance

NONE = "none"  # the group of a game without a winner
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def game_seed(seed: int, index: int) -> str:
    """The seed of game `index` of a run seeded `seed` (random.Random hashes a str stably)."""
    return f"lab:{seed}:{index}"


def groups(engine, options: dict[str, Any]) -> list[str]:
    """The groups a run shares its games out among, in the order a page shows them."""
    return [*engine.lab_groups(options), NONE]


def group_of(engine, winner: str | None) -> str:
    """The group a winner counts for."""
    return NONE if winner is None else engine.lab_group(winner)


def length_of(engine, state: dict[str, Any]) -> int:
    key, _ = engine.length
    return int(state.get(key) or 0)


def length_word(engine) -> str:
    return engine.length[1]


def empty_tallies(engine, options: dict[str, Any]) -> dict[str, Any]:
    return {
        "games": 0,
        "wins": dict.fromkeys(groups(engine, options), 0),
        "seats": dict.fromkeys(engine.roles(options), 0),
        "length": 0,
    }


def play(
    engine, options: dict[str, Any], *, seed: int, start: int, count: int, tallies: dict
) -> dict[str, Any]:
    """Games `start` .. `start + count - 1` of the run, added to a copy of `tallies`: each
    set up by `setup` (from the run's options, cleaned once when it started) and played to
    its end by the engine's fast `playout`."""
    tallies = {
        "games": tallies["games"],
        "wins": dict(tallies["wins"]),
        "seats": dict(tallies["seats"]),
        "length": tallies["length"],
    }
    for index in range(start, start + count):
        chance = RandomChance(game_seed(seed, index), record=False)
        state = engine.playout(engine.setup(options, chance).state, chance)
        winner = engine.winner(state)
        group = group_of(engine, winner)
        tallies["wins"][group] = tallies["wins"].get(group, 0) + 1
        if winner in tallies["seats"]:
            tallies["seats"][winner] += 1
        tallies["length"] += length_of(engine, state)
        tallies["games"] += 1
    return tallies


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share: never outside 0..1, sound near 0 and 1."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def result(tallies: dict[str, Any]) -> dict[str, Any]:
    """What a run found: `games`; `wins` (group: share of all games); `intervals` (group:
    [low, high], the 95% Wilson interval); `margin` (the largest half-width of those
    intervals: the "± 2" a page shows); `mean_length`; `seats` (role: share of all games);
    `won_games`, `won` and `won_intervals`: the shares among the games someone won (where
    "no winner" is common, as in a two-canoe race, the fairness between the others)."""
    games = tallies["games"]
    wins, intervals = {}, {}
    for group, count in tallies["wins"].items():
        wins[group] = round(count / games, 4) if games else 0.0
        low, high = wilson(count, games)
        intervals[group] = [round(low, 4), round(high, 4)]
    margin = max(((high - low) / 2 for low, high in intervals.values()), default=0.0)
    won_games = games - tallies["wins"].get(NONE, 0)
    won, won_intervals = {}, {}
    for group, count in tallies["wins"].items():
        if group != NONE:
            won[group] = round(count / won_games, 4) if won_games else 0.0
            won_intervals[group] = [round(x, 4) for x in wilson(count, won_games)]
    return {
        "games": games,
        "wins": wins,
        "intervals": intervals,
        "margin": round(margin, 4),
        "mean_length": round(tallies["length"] / games, 2) if games else 0.0,
        "seats": {
            role: round(n / games, 4) if games else 0.0 for role, n in tallies["seats"].items()
        },
        "won_games": won_games,
        "won": won,
        "won_intervals": won_intervals,
    }


# --- the lab proposes: the value of one option that evens a balance ----------------------------

SEARCHABLE = ("int", "bool", "choice")  # option kinds whose values can be listed and tried
MAX_CANDIDATES = 9  # the values a numeric range is tried at, at most (its ends included)
EVEN = 0.5


def searchable(engine) -> list:
    """The options of a game the lab can search: a number, a yes/no or a choice, one value for
    the whole game (not a list, not one per seat)."""
    return [o for o in engine.options if o.kind in SEARCHABLE and not o.per_seat]


def candidates(option, limit: int = MAX_CANDIDATES) -> list[Any]:
    """The values of `option` a search tries, in order: a yes/no's two, a choice's choices, a
    number's range (min..max), spread evenly over it, ends included, when it holds more than
    `limit` values."""
    if option.kind == "bool":
        return [False, True]
    if option.kind == "choice":
        return option.values()
    low, high = option.min, option.max
    if high - low + 1 <= limit:
        return list(range(low, high + 1))
    return sorted({round(low + (high - low) * i / (limit - 1)) for i in range(limit)})


def with_value(engine, options: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    """Cleaned `options` with option `name` set to `value`. Options left at the default they
    had beside the others are left out first, so one that follows `name` follows it again (a
    race's crew names follow its number of canoes)."""
    kept = {}
    for key, given in options.items():
        try:
            default = engine.clean_options({k: v for k, v in options.items() if k != key})[key]
        except OptionsError:
            default = None
        if key != name and given != default:
            kept[key] = given
    return engine.clean_options({**kept, name: value})


def share_of(tallies: dict[str, Any], group: str) -> dict[str, Any]:
    """One candidate's balance: `group`'s share of the games someone won (a Pelts chase is
    always won; a race may not be), with its 95% Wilson interval."""
    games = tallies["games"]
    won = games - tallies["wins"].get(NONE, 0)
    count = tallies["wins"].get(group, 0)
    low, high = wilson(count, won)
    return {
        "games": games,
        "won_games": won,
        "wins": count,
        "share": round(count / won, 4) if won else 0.0,
        "interval": [round(low, 4), round(high, 4)],
    }


def propose(group: str, measured: list[tuple[Any, dict[str, Any]]]) -> dict[str, Any]:
    """The value whose `group` share of won games is closest to even, from `measured`: each
    (value, its tallies), in the order tried (the first of equally close values wins).

    Answers `value`, its `share`, `interval`, `games` and `won_games`; `candidates` (every
    value's row, in order); `close`: the other values whose interval overlaps the proposal's
    (the games played cannot tell them apart from it: play more to choose among them); and
    `even`: the values whose interval holds 50% (any of them may be fair)."""
    if not measured:
        raise ValueError("A search needs at least one value to try.")
    rows = [{"value": value, **share_of(tallies, group)} for value, tallies in measured]
    best = min(rows, key=lambda row: abs(row["share"] - EVEN))
    low, high = best["interval"]
    close = [
        row["value"]
        for row in rows
        if row is not best and row["interval"][0] <= high and row["interval"][1] >= low
    ]
    even = [row["value"] for row in rows if row["interval"][0] <= EVEN <= row["interval"][1]]
    return {
        "group": group,
        "value": best["value"],
        "share": best["share"],
        "interval": best["interval"],
        "games": best["games"],
        "won_games": best["won_games"],
        "candidates": rows,
        "close": close,
        "even": even,
    }


def search(
    engine,
    options: dict[str, Any],
    name: str,
    values: list[Any],
    group: str,
    *,
    seed: int,
    games: int,
) -> dict[str, Any]:
    """The whole search in one go (the service plays it in chunks instead, `play` per value):
    `games` games of each value of option `name` (the other options as `options` has them,
    cleaned for each value), every value with the same seeds, and the proposal."""
    measured = []
    for value in values:
        cleaned = with_value(engine, options, name, value)
        tallies = empty_tallies(engine, cleaned)
        measured.append(
            (value, play(engine, cleaned, seed=seed, start=0, count=games, tallies=tallies))
        )
    return propose(group, measured)

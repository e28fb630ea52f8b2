"""The rule tables of the chase, written once and cited by ruling id (RULINGS.md, section P)."""

from __future__ import annotations

SIDES = ("trapper", "indian")
OTHER = {"trapper": "indian", "indian": "trapper"}
SIDE_NAMES = {"trapper": "the trappers", "indian": "the Indians"}

# P1: the river, in inches along its centre line.
TILE_LENGTH = 24
TILE_KINDS = ("straight", "bend")
START = {"trapper": 9, "indian": 0}  # the trappers' head start is a house option (`head_start`)

DRIFT = 2  # P4: phase 5 sweeps canoes and floating obstacles 2" downstream
WIDE_EXTRA = 4  # P9: going wide round a bend costs 4" more
MELEE_REACH = 1  # P11: a melee may start within 1" of an enemy canoe
ROCK_REACH = 1  # P10: ending a move within 1" of a rock is a test
HIDDEN_SANDBANK_HALF_WIDTH = 1  # P13: the hidden sandbank is 2" wide around its target

# P2: hand sizes, +1 for every canoe over the default on a side.
HAND_BASE = {"trapper": 4, "indian": 5}
DEFAULT_CANOES = {"trapper": 1, "indian": 2}
LAST_INDIAN_CANOE_HAND = 3  # P5: with one Indian canoe left the hand drops to 3

# The options' bounds (the table is `options.OPTIONS`).
LAYOUT = ("straight", "bend", "straight", "bend")  # P1: four 24" tiles, two bends
TILES = (3, 8)
HEAD_START = (0, 24)  # P1 (a house option): the trappers' start, at most one tile up the river
ROWERS = (2, 6)  # P15

# P8: rock-paper-scissors.
SIGNS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}

# P8: what each test's result means for the side the test is for (the first side named).
TEST_RESULTS: dict[str, dict[str, str]] = {
    "cut": {"win": "pass", "draw": "pass", "loss": "aground"},
    "obstacle": {"win": "pass", "draw": "stuck", "loss": "stuck"},
    "hidden": {"win": "pass", "draw": "aground", "loss": "aground"},
    "rock": {"win": "pass", "draw": "caught", "loss": "holed"},
    "shot": {"win": "hit", "draw": "miss", "loss": "miss"},
    "bear": {"win": "hit", "draw": "miss", "loss": "miss"},
    "melee": {"win": "defender wounded", "draw": "nothing", "loss": "attacker wounded"},
}

TEST_TITLES = {
    "cut": "cutting the corner over the sandbank",
    "obstacle": "the floating obstacle",
    "hidden": "the hidden sandbank",
    "rock": "the rock",
    "shot": "the shot",
    "bear": "the grizzly bear",
    "melee": "the melee",
}

RESULT_WORDS = {
    "pass": "it passes",
    "aground": "it runs aground",
    "stuck": "it is stuck on the obstacle",
    "caught": "it is caught on the rock",
    "holed": "it is holed and carries on",
    "hit": "a hit",
    "miss": "a miss",
    "defender wounded": "the attacker wins",
    "attacker wounded": "the defender wins",
    "nothing": "neither side is hurt",
}

# P13: the random event a cut card shows: rank -> (key, title, can an ace cancel it?).
# Decided: an ace cancels only events that strike the target itself; rain (every canoe),
# midges (a bonus) and the joker are not "against your canoe".
EVENTS: dict[str, tuple[str, str, bool]] = {
    "2": ("sharpshooter", "Enemy sharpshooter!", True),
    "3": ("holed", "Holed!", True),
    "4": ("lost_paddle", "Lost paddle!", True),
    "5": ("overboard", "Overboard!", True),
    "6": ("wet_powder", "Wet powder!", True),
    "7": ("rain", "Torrential rain!", False),
    "8": ("water", "Taking on water!", True),
    "9": ("bear", "Grizzly bear!", True),
    "10": ("aground", "Run aground!", True),
    "J": ("hidden_sandbank", "Hidden sandbank!", True),
    "Q": ("slowing", "Slowing down!", True),
    "K": ("exhausted", "Exhausted!", True),
    "A": ("midges", "Midges!", False),
    "JK": ("joker", "Joker!", False),
}

ROWER_OK, ROWER_WOUNDED, ROWER_LOST = "ok", "wounded", "lost"
DEFAULT_ROWERS = 2  # P15: rowers per canoe unless the option asks for more
PADDLERS = 2  # P5/P15: with fewer unwounded rowers than this a canoe moves on odd cards only

LOG_LENGTH = 20  # how many recent events a state (and its view) keeps

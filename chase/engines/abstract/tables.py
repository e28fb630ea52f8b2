"""The abstract chase's rule tables, written once and cited by ruling id (A1-A7)."""

from __future__ import annotations

KIND = "abstract"
TITLE = "The Abstract Chase"

GM = "gm"  # the game master's seat, beside one seat per participant ("p1", "p2", ...)

# A1: the length of the chase, in rounds (None: a dogfight runs until one side withdraws).
LENGTHS: dict[str, int | None] = {"standard": 5, "extended": 10, "dogfight": None}
LENGTH_NAMES = {
    "standard": "a standard chase",
    "extended": "an extended chase",
    "dogfight": "a dogfight",
}

# A3: difficult terrain costs every participant 2 on the maneuvering roll.
TERRAINS = {"open": 0, "difficult": -2}

# A2: maneuvering trait dice, and the wild die a wild card rolls beside it.
TRAIT_DICE = (4, 6, 8, 10, 12)
WILD_DIE = 6

# A3: the target number and the size of a raise; the modifiers of the maneuvering roll.
SUCCESS = 4
RAISE = 4
FASTER = 2  # a higher top speed than the fastest opponent
TWICE_AS_FAST = 4  # a top speed at least twice the fastest opponent's
TWICE = 2
BETTER_CLIMB = 2
SHAKEN = -2
FORCED = -2  # A6: after each successful force against it, for its next maneuvering roll

# A2: each success and raise of a cooperating passenger adds this to the driver's total.
COOPERATION = 2

# A4: the attack range by the attacker's card rank (2..10, J 11, Q 12, K 13, A 14, Joker 15).
# (name, modifier) — None: out of range, no attack possible.
OUT_OF_RANGE = ("out of range", None)
LONG = ("long", -4)
MEDIUM = ("medium", -2)
SHORT = ("short", 0)  # melee attacks are possible too
RANGE_BANDS = ((2, 2, OUT_OF_RANGE), (3, 10, LONG), (11, 12, MEDIUM), (13, 15, SHORT))

# A5: the complication of a club by its rank: (key, words, trait modifier or None for no roll).
DISASTER = ("disaster", "a disaster", -4)  # failed: out of the chase
MAJOR_OBSTACLE = ("major", "a major obstacle", -2)  # failed: damage or fatigue (the GM's)
MINOR_OBSTACLE = ("minor", "a minor obstacle", 0)  # failed: damage or fatigue (the GM's)
DISTRACTION = ("distraction", "a distraction", None)  # no roll: no attack this round
COMPLICATION_BANDS = (
    (2, 2, DISASTER),
    (3, 10, MAJOR_OBSTACLE),
    (11, 12, MINOR_OBSTACLE),
    (13, 14, DISTRACTION),
)
# A6: a force won with a raise puts the target "as if hitting an obstacle". The seed does not say
# which; the plain (minor) obstacle is the one with no qualifier: a roll with no modifier.
FORCE_OBSTACLE = MINOR_OBSTACLE

# A7: what the game master records. Wild cards go out past three wounds; an extra (or one
# extra of a group) goes out with its first.
MAX_WOUNDS = 3
ATTACK_RESULTS = ("miss", "hit", "shaken", "wounded", "out")
HARM_RESULTS = ("unhurt", "shaken", "wounded", "out")
RECOVER_RESULTS = ("recovers", "still_shaken")
RECORDS = ("shaken", "recovers", "wounded", "out", "withdraws")

# Limits of the set-up (kept small enough for a phone's table).
PARTICIPANTS = (2, 12)
PASSENGERS = 6
EXTRAS = (2, 40)
TOP_SPEED = (1, 2000)
CLIMB = (-10, 10)
MAX_NAME = 40
MAX_SIDE = 30

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

"""The Colonial Canoe Race's rule tables, written once and cited by ruling id (R1-R8)."""

from __future__ import annotations

KIND = "race"
TITLE = "The Colonial Canoe Race"

# R1: the course.
LEGS = 7
RAPIDS = 6
LAST_LEG = LEGS - 1
RAPID_LENGTH = 4  # R1: a rapid is 4" long, the length of a canoe
CANOE_LENGTH = RAPID_LENGTH  # the seed cuts a rapid "to equal the length of a canoe"
TURN_AFTER_LEG = 3  # R1: the tracks swap at the U's turn, after leg 4 (index 3)
# The U has a corner either side of the swap (legs 3 and 5), so the track that saves inches on
# the first corner pays them back on the second: both tracks are exactly 7 legs long.
BEND_LEGS = (2, 4)
BEND_DELTA = 4  # inches the outside track adds, and the inside saves, on a corner leg
CURRENTS = (1, 3)  # R1: leg current rating 1-3
CLASSES = (3, 6)  # R1: rapid class 3-6
HOSTILE_LEGS = (1, 2, 3, 4, 5)  # R1: five hostiles, one on each of legs 2-6
WHIRLPOOL_HALVES = ((0, 1, 2), (3, 4, 5))  # rapids before and after the swap

TRACKS = ("inside", "outside")
OTHER_TRACK = {"inside": "outside", "outside": "inside"}
# R1: the track a canoe follows on each leg, by the track it starts on: they swap at the turn.
TRACK_ON = {
    start: tuple(start if leg <= TURN_AFTER_LEG else OTHER_TRACK[start] for leg in range(LEGS))
    for start in TRACKS
}

# R3: the crews.
CANOES = (2, 8)
CREW = 4

# R4: hostiles shoot first (lowest killing face by the target's track), then the bear.
RANGE = {"inside": "close", "outside": "long"}
SHOT_KILLS_FROM = {"inside": 5, "outside": 6}
BEAR_FLIPS_FROM = 4
BEAR_KILLS_FROM = 6

# R5: the paddle die by men in the canoe.
PADDLE_DIE = {4: 12, 3: 10, 2: 8, 1: 6}

# R6: re-crewing.
RECREW_FROM = 3
HELPING_HAND = 1

LEG_LENGTH = (12, 48)  # a leg must hold a canoe placed below a rapid even on a corner's inside
DEFAULT_LEG_LENGTH = 24  # R1
# A house option on R1/R3: the inches the outside starters line up behind the start line, so
# their course is that much longer than the inside starters' (negative: the inside starters line
# up behind). The seed starts every canoe on the line (0). At most the shortest leg.
OUTSIDE_EXTRA = (-12, 12)
DEFAULT_OUTSIDE_EXTRA = 0

DEFAULT_CREWS = (
    ("Virginia", "Swift Otter"),
    ("Massachusetts", "Heron"),
    ("New York", "Kingfisher"),
    ("Pennsylvania", "Beaver"),
    ("Connecticut", "Loon"),
    ("Maryland", "Muskrat"),
    ("Carolina", "Grey Wolf"),
    ("New Hampshire", "Osprey"),
)

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

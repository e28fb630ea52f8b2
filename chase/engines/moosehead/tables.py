"""The Moosehead Lake trip's rule tables, written once and cited by ruling id (M1-M5)."""

from __future__ import annotations

from typing import Any

KIND = "moosehead"
TITLE = "The Moosehead Lake Canoe Trip"

# --- M3: the weather dial -------------------------------------------------------------------
# The seed's eight spaces in clockwise order, the default of the `dial` option (M3: a setting);
# the indicator starts on the dial's last Calm and moves one space before the thrower's move on
# every 6.
DIAL = ("calm", "tailwind", "calm", "headwind", "windbound", "headwind", "heavy_rain", "calm")
DIAL_START = 7  # the seed's dial's last Calm
DIAL_SPACES = (1, 12)
WEATHER_NAMES = {
    "calm": "Calm",
    "tailwind": "Tailwind",
    "headwind": "Headwind",
    "windbound": "Windbound",
    "heavy_rain": "Heavy rain",
}
WEATHER_TEXT = {
    "calm": "move as shown by the die",
    "tailwind": "die +2 on lakes",
    "headwind": "die −3 on lakes",
    "windbound": "cannot leave islands; die −4 out on a lake",
    "heavy_rain": "die −2 on portages",
}
LAKE_WIND = {"tailwind": 2, "headwind": -3, "windbound": -4}  # M3: on lakes only
PORTAGE_RAIN = {"heavy_rain": -2}  # M3: on portages only
POLING = -1  # M3: poling up a river
WEATHER_CHANGE_FACE = 6
NO_CLIMBING = frozenset({"headwind", "windbound", "heavy_rain"})  # M4: Raven Rock
DANGEROUS_POINT_FACE = 5  # M4: wait by Dangerous Point until you throw a 5

# --- M2: the cards --------------------------------------------------------------------------
PILES = ("canoe", "camp", "portage")
PILE_NAMES = {"canoe": "Canoe", "camp": "Camp", "portage": "Portage"}
SHUFFLE = "shuffle"

# (card id, pile, score, what it says, effect); effects: None, "shortcut" (to the portage's
# end), "sleeping_bag" (back to the portage's start), "leak" (miss the next go), "hero" (may be
# kept and played when camping in the rain).
CARDS = (
    (
        "camp-wind-drops",
        "camp",
        -25,
        "The wind drops, the midges come out and it starts to rain. You lose the will to live.",
        None,
    ),
    ("camp-nerves", "camp", -10, "Your companions start to get on your nerves.", None),
    ("camp-rodent", "camp", -15, "A rodent gnaws through your rucksack in the night.", None),
    ("camp-sunset", "camp", 5, "Fantastic sunset.", None),
    ("camp-plate", "camp", -15, "You drop your dinner plate face down in the mud.", None),
    ("camp-no-fire", "camp", -10, "You cannot get a fire going. A miserable cold meal.", None),
    ("camp-breeze", "camp", 15, "A breeze keeps the midges away.", None),
    ("camp-snoring", "camp", -10, "Your companion snores.", None),
    (
        "camp-hero",
        "camp",
        40,
        "You split dry wood from the inside of a wet log and get a fire "
        "going in the rain. Become the camp hero.",
        "hero",
    ),
    ("camp-spruce", "camp", 10, "A bed of spruce tips and a great night's sleep.", None),
    (
        "camp-first-aid",
        "camp",
        5,
        "Your companion cuts themself; you do excellent first aid with antiseptic fungus and moss.",
        None,
    ),
    ("camp-level", "camp", 15, "You find a perfect level campsite.", None),
    (
        "portage-green-gear",
        "portage",
        -15,
        "All your equipment is green: you keep losing things.",
        None,
    ),
    (
        "portage-heavy-canoe",
        "portage",
        -10,
        "Your canoe is heavier than your companion's, but you pretend it is easy to carry.",
        None,
    ),
    (
        "portage-shortcut",
        "portage",
        10,
        "You find an easy shortcut. Go to the end of the portage.",
        "shortcut",
    ),
    ("portage-one-trip", "portage", 10, "You carry all your gear in one trip.", None),
    ("portage-tumpline", "portage", 5, "You finally get the hang of your tumpline.", None),
    (
        "portage-sleeping-bag",
        "portage",
        -15,
        "You left your sleeping bag at the start of this portage. Go back to the start to get it.",
        "sleeping_bag",
    ),
    (
        "portage-dead-end",
        "portage",
        -15,
        "You lead the group off into the woods: a dead end.",
        None,
    ),
    ("portage-stream", "portage", 20, "A small stream you can walk your canoe down.", None),
    ("portage-paddle", "portage", 15, "You find a paddle.", None),
    ("portage-fungi", "portage", 15, "You find some edible fungi.", None),
    ("portage-yoke", "portage", 10, "A new portage yoke that is really comfortable.", None),
    (
        "portage-strong",
        "portage",
        10,
        "A very strong companion shows off by carrying your heaviest sack.",
        None,
    ),
    ("canoe-rocks", "canoe", -5, "Your bow paddler steers towards every rock in sight.", None),
    (
        "canoe-phone",
        "canoe",
        5,
        "Your mobile phone goes over the side. Lose contact with the outside world.",
        None,
    ),
    (
        "canoe-better",
        "canoe",
        25,
        "Your companion says you are a better paddler than they are.",
        None,
    ),
    (
        "canoe-paddle-breaks",
        "canoe",
        20,
        "Your companion's expensive paddle breaks; your home-made one doesn't.",
        None,
    ),
    ("canoe-northwoods", "canoe", 15, "You finally master the Northwoods stroke.", None),
    ("canoe-admired", "canoe", 20, "Passers-by admire your home-built canoe.", None),
    (
        "canoe-no-fuel",
        "canoe",
        -20,
        'Lunch stop: "Can I have the Coleman fuel?" "I thought you brought it!"',
        None,
    ),
    ("canoe-neat-turn", "canoe", 15, "A neat turn saves you from a wave broadside.", None),
    ("canoe-splashed", "canoe", -5, "Your bow partner misses a stroke and soaks you.", None),
    (
        "canoe-leak",
        "canoe",
        -15,
        "Your canoe springs a leak. Miss your next go while you repair it.",
        "leak",
    ),
    ("canoe-thumb", "canoe", -10, "You are doing J-strokes with your thumb pointing up.", None),
    ("canoe-hit-rock", "canoe", -15, "You take a point too close in and hit a rock.", None),
)
CARD: dict[str, dict[str, Any]] = {
    row[0]: {"pile": row[1], "score": row[2], "text": row[3], "effect": row[4]} for row in CARDS
}

# M2: nine Destination cards, three shuffled into each pile. Which three go where is not in the
# seed; the camping orders go in the Camp pile, the trips on foot in the Portage pile.
DESTINATIONS = (
    (
        "dest-unmapped",
        "canoe",
        "unmapped",
        "You boasted of your navigation: enter the Unmapped Region to save face.",
    ),
    (
        "dest-northern-lights",
        "canoe",
        "northern_lights",
        "Your companion insists on seeing the Northern Lights.",
    ),
    (
        "dest-great-falls",
        "canoe",
        "great_falls",
        "Go to Great Falls and land at the portage just above them (good luck).",
    ),
    ("dest-solitude", "camp", "solitude", "An overwhelming desire to camp on Solitude Point."),
    ("dest-sugar", "camp", "sugar_island", "You must camp on Sugar Island (Moosehead Lake)."),
    ("dest-indian-pond", "camp", "indian_pond", "Camp at one of the Indian Pond campsites."),
    ("dest-raven", "portage", "raven", "You have to climb Raven Rock Peak."),
    ("dest-moose", "portage", "moose", "You refuse to go home without seeing a moose."),
    (
        "dest-northern-portage",
        "portage",
        "northern_portage",
        "You have to travel the Northern Portage.",
    ),
)
DESTINATION = {row[0]: {"pile": row[1], "goal": row[2], "text": row[3]} for row in DESTINATIONS}
GOAL_NAMES = {
    "unmapped": "enter the Unmapped Region",
    "northern_lights": "see the Northern Lights",
    "great_falls": "land just above Great Falls",
    "solitude": "camp on Solitude Point",
    "sugar_island": "camp on Sugar Island",
    "indian_pond": "camp at Indian Pond",
    "raven": "climb Raven Rock Peak",
    "moose": "see a moose",
    "northern_portage": "travel the Northern Portage",
}

# M1: the attractions every board holds (the seed's list).
ATTRACTIONS = (
    "moose",
    "northern_lights",
    "rainbow",
    "great_falls",
    "solitude",
    "rescue",
    "paddle",
    "raven",
)

# --- options (M5) ---------------------------------------------------------------------------
PLAYERS = (2, 6)
DEFAULT_PLAYERS = 3
NIGHTS = (1, 7)
DEFAULT_NIGHTS = 2  # M5
VARIANTS = ("standard", "short", "short_none", "long", "all_night")
VARIANT_NAMES = {
    "standard": "Standard trip",
    "short": "Short trip (obey one Destination card at most)",
    "short_none": "Short trip without Destination cards",  # M5
    "long": "Long trip (camp at every campsite)",
    "all_night": "All-night trip (see every attraction)",
}
DEFAULT_NAMES = ("Ann", "Bo", "Cal", "Dee", "Eli", "Fay")
MAX_NAME = 24

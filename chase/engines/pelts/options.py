"""The options table of a chase (P1, P2, P8, P10, P15): the engine's base cleans with it, the
lobby and `GET /api/rules/canoe-games/` read it."""

from __future__ import annotations

from chase.engines.base import Option
from chase.engines.pelts.tables import HEAD_START, LAYOUT, ROWERS, START, TILE_KINDS, TILES

OPTIONS = (
    Option(
        "layout",
        "list",
        list(LAYOUT),
        min=TILES[0],
        max=TILES[1],
        item=Option("tile", "choice", choices=tuple((t, t.capitalize()) for t in TILE_KINDS)),
        words="tiles",
        help='The river, 3 to 8 tiles of 24", each "straight" or "bend".',
    ),  # P1
    Option(
        "head_start",
        "int",
        START["trapper"],
        min=HEAD_START[0],
        max=HEAD_START[1],
        help="Inches up the river the trappers start, ahead of the Indian canoes, 0 to 24 "
        '(the rules say 9").',
        label="Trappers' head start",
        unit='"',
    ),  # P1 (the default is left out of the state: see model.new_state)
    Option(
        "obstacles",
        "int",
        2,
        min=0,
        max=5,
        help="Floating obstacles that drift down the river, 0 to 5.",
    ),  # P10
    Option(
        "rocks", "int", 2, min=0, max=5, help="Rocks that stay put and can hole a canoe, 0 to 5."
    ),
    Option(
        "trapper_canoes",
        "int",
        1,
        min=1,
        max=2,
        help="The trappers' canoes, 1 or 2; a second adds a card to their hand.",
    ),  # P2
    Option(
        "indian_canoes",
        "int",
        2,
        min=1,
        max=3,
        help="The chasing canoes, 1 to 3; a third adds a card to their hand.",
    ),  # P2
    Option(
        "trapper_ace",
        "bool",
        False,
        help="The trappers start with an ace in hand.",
        label="Trappers start with an ace",
    ),  # P2
    Option(
        "quick_tests",
        "bool",
        False,
        help="The other side's rock-paper-scissors sign is drawn at random.",
    ),  # P8
    Option(
        "rowers",
        "int",
        ROWERS[0],
        min=ROWERS[0],
        max=ROWERS[1],
        help="Rowers in every canoe, 2 to 6 (larger canoes and rafts): a canoe takes as many "
        "wounds as rowers; with fewer than two unwounded it moves on odd cards only.",
    ),  # P15 (the default is left out of the state: see model.new_state)
)

"""The pack: 52 cards and two jokers as short codes ("7S", "QH", "10C", "AD", "JK1", "JK2").

Everything about a card is looked up once in the tables below, so the rules never parse a code.
"""

from __future__ import annotations

SUIT_NAMES = {"S": "Spades", "C": "Clubs", "H": "Hearts", "D": "Diamonds"}
SUIT_COLOURS = {"S": "black", "C": "black", "H": "red", "D": "red"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
JOKERS = ("JK1", "JK2")
ACE_MOVE = 10  # P3: an ace played as a movement card is worth 10" (and counts as even, P5)

# P3: the trappers use black cards, the Indians red ones.
SIDE_COLOURS = {"trapper": "black", "indian": "red"}

FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUIT_NAMES for r in RANKS) + JOKERS

RANK: dict[str, str] = {}
COLOUR: dict[str, str | None] = {}
PIPS: dict[str, int | None] = {}  # the value of a number card (2..10), None for the rest
NAME: dict[str, str] = {}
for _card in FULL_DECK:
    if _card in JOKERS:
        RANK[_card], COLOUR[_card], PIPS[_card] = "JK", None, None
        NAME[_card] = "a Joker"
        continue
    _rank, _suit = _card[:-1], _card[-1]
    RANK[_card] = _rank
    COLOUR[_card] = SUIT_COLOURS[_suit]
    PIPS[_card] = int(_rank) if _rank.isdigit() else None
    NAME[_card] = f"the {RANK_NAMES.get(_rank, _rank)} of {SUIT_NAMES[_suit]}"


def is_number(card: str) -> bool:
    return PIPS[card] is not None


def is_ace(card: str) -> bool:
    return RANK[card] == "A"


def is_joker(card: str) -> bool:
    return card in JOKERS


def move_value(card: str) -> int:
    """Inches a movement card is worth: its number, or 10 for an ace (P3)."""
    return MOVE_VALUE[card]  # type: ignore[return-value]


MOVE_VALUE = {card: ACE_MOVE if RANK[card] == "A" else PIPS[card] for card in FULL_DECK}


def is_movement_card(card: str, side: str) -> bool:
    """A number card or an ace of the side's colour (P3)."""
    return COLOUR[card] == SIDE_COLOURS[side] and (PIPS[card] is not None or RANK[card] == "A")


def name(card: str) -> str:
    return NAME[card]


def title(card: str) -> str:
    """The card's name at the start of a sentence."""
    return TITLE[card]


TITLE = {card: text[0].upper() + text[1:] for card, text in NAME.items()}

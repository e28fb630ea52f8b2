"""The action deck: 52 cards and two jokers as short codes ("7S", "QH", "10C", "AD", "JK1").

Ranks run Two (2) to Ace (14), a Joker is 15. Advantage (A4) compares ranks only; the order of
action breaks ties of rank by suit, spades, hearts, diamonds, clubs, as action cards usually do.
"""

from __future__ import annotations

from chase.engines.abstract.tables import (
    COMPLICATION_BANDS,
    NUMBER_WORDS,
    RANGE_BANDS,
)

SUITS = ("S", "H", "D", "C")  # the tie order of action, best first
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
JOKERS = ("JK1", "JK2")
JOKER_RANK = 15

FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS


def _rank(card: str) -> int:
    if card in JOKERS:
        return JOKER_RANK
    return RANKS.index(card[:-1]) + 2


RANK = {card: _rank(card) for card in FULL_DECK}  # looked up: a playout asks it very often


def rank(card: str) -> int:
    return RANK[card]


def suit(card: str) -> str | None:
    return None if card in JOKERS else card[-1]


def is_club(card: str) -> bool:
    return suit(card) == "C"


def name(card: str) -> str:
    """ "the Queen of Hearts", "the 7 of Clubs", "a Joker"."""
    if card in JOKERS:
        return "a Joker"
    face = card[:-1]
    return f"the {RANK_NAMES.get(face, face)} of {SUIT_NAMES[card[-1]]}"


def short(card: str) -> str:
    """ "Q♥", "7♣", "Joker": for the table."""
    if card in JOKERS:
        return "Joker"
    return card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


def _order_key(card: str) -> tuple[int, int, str]:
    if card in JOKERS:
        return (-JOKER_RANK, 0, card)
    return (-rank(card), SUITS.index(card[-1]), card)


ORDER_KEY = {card: _order_key(card) for card in FULL_DECK}


def order_key(card: str) -> tuple[int, int, str]:
    """Sort key for the order of action: the highest rank first, ties by suit."""
    return ORDER_KEY[card]


def range_band(card: str) -> tuple[str, int | None]:
    """A4: the range an attacker on this card shoots at: (name, modifier or None)."""
    return RANGE_BAND[card]


def complication(card: str) -> tuple[str, str, int | None] | None:
    """A5: the complication a club brings (key, words, modifier of its roll); None otherwise."""
    return COMPLICATION[card]


def _range_band(card: str) -> tuple[str, int | None]:
    value = rank(card)
    for lo, hi, band in RANGE_BANDS:
        if lo <= value <= hi:
            return band
    raise ValueError(card)  # pragma: no cover - the bands cover 2..15


def _complication(card: str) -> tuple[str, str, int | None] | None:
    if not is_club(card):
        return None
    value = rank(card)
    for lo, hi, band in COMPLICATION_BANDS:
        if lo <= value <= hi:
            return band
    raise ValueError(card)  # pragma: no cover


RANGE_BAND = {card: _range_band(card) for card in FULL_DECK}
COMPLICATION = {card: _complication(card) for card in FULL_DECK}


def count_words(count: int, noun: str = "card") -> str:
    word = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return f"{word} {noun}" if count == 1 else f"{word} {noun}s"

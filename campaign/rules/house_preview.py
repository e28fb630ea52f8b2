"""What a house-rules change would do (C31), worked out exactly from the dice, never sampled.

Plain functions on rule books and warband sheets: the service loads the warbands and calls
these with the book in force and the proposed one.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from campaign.rules.book import D66_VALUES, RuleBook
from campaign.rules.factions import HERO, VETERAN
from campaign.rules.injuries import BLIND, DEAD, MULTIPLE, REROLLED
from campaign.rules.labels import STATUS_PLURALS
from campaign.rules.postgame.sheet import WarbandSheet

MEAN = {"D6": Fraction(7, 2), "2D6": Fraction(7)}  # the mean of each income roll (C18)
MULTIPLE_REROLLED = REROLLED  # C15: re-rolled among multiple injuries


def death_chance(book: RuleBook) -> Fraction:
    """C13-C15: the chance that a figure down or out of action, unhurt before, with no skill
    and no doctor, is dead after its injury roll: Dead on the D66, or Multiple injuries
    whose D6 rolls (Dead, Full recovery and Multiple re-rolled) bring a second Blind in one eye.
    """
    outcome = Counter(book.injury_for(v).key for v in D66_VALUES)
    dead, multiple = Fraction(outcome[DEAD], 36), Fraction(outcome[MULTIPLE], 36)
    kept = 36 - sum(outcome[k] for k in MULTIPLE_REROLLED)
    blind = Fraction(outcome[BLIND], kept) if kept else Fraction(0)
    twice_blind = Fraction(0)
    for count in range(1, 7):  # D6 injuries, each 1/6
        none = (1 - blind) ** count
        once = count * blind * (1 - blind) ** (count - 1)
        twice_blind += Fraction(1, 6) * (1 - none - once)
    return dead + multiple * twice_blind


def income_mean(
    book: RuleBook, *, result: str, earners: int = 0, traders: int = 0, prospector: bool = False
) -> Fraction:
    """C18: the expected income of a game `result` (won, drew, lost) for a warband whose
    `earners` Heroes and Veterans end it unhurt (`traders` of them Expert traders)."""
    dice = book.income
    mean = MEAN[dice[result]] + earners * MEAN[dice["earner"]] + traders * dice["expert_trader"]
    if prospector:
        mean += MEAN[dice["prospector"]]
    return mean


def list_rating(book: RuleBook, sheet: WarbandSheet) -> int:
    """C11 with every piece at the book's list price (a piece no longer sold, or a specialist's
    kit, at the price paid): what the warband is worth under those prices."""
    faction = book.factions[sheet.faction]
    total = sheet.treasury + sum(f.experience for f in sheet.roster)
    for piece in sheet.owned_pieces():
        item = None if piece.kit else faction.item(piece.key)
        total += item.price if item else piece.price
    return total


def kit_problems(book: RuleBook, sheet: WarbandSheet) -> list[str]:
    """Each roster figure carrying kit the book no longer allows it, in words."""
    faction = book.factions[sheet.faction]
    found = []
    for figure in sheet.roster:
        for piece in figure.equipment:
            if piece.kit:
                continue
            item = faction.item(piece.key)
            if item is None:
                found.append(f"{figure.name} carries a {piece.key.replace('_', ' ')}: not sold")
            elif item.veteran_and_hero_only and figure.status not in (HERO, VETERAN):
                found.append(f"{figure.name} carries a {item.name}: Heroes and Veterans only")
    return found


def limit_problems(book: RuleBook, sheet: WarbandSheet) -> list[str]:
    """Each C3/C21 limit of the book the warband's roster is over."""
    found = []
    roster = sheet.roster
    most = book.max_figures(sheet.faction)
    if len(roster) > most:
        found.append(f"{len(roster)} figures: at most {most}")
    statuses = Counter(f.status for f in roster if not f.specialist)
    for status, (_, high) in book.status_limits(sheet.faction).items():
        if high is not None and statuses[status] > high:
            found.append(f"{statuses[status]} {STATUS_PLURALS[status]}: at most {high}")
    hired = sum(1 for f in roster if f.specialist)
    if hired > book.specialist_limit:
        found.append(f"{hired} specialists: at most {book.specialist_limit}")
    return found


def warband_preview(before: RuleBook, after: RuleBook, sheet: WarbandSheet) -> dict[str, Any]:
    """One founded warband under the rules in force and the proposed ones."""
    earners = [f for f in sheet.roster if f.status in (HERO, VETERAN) and f.state == "active"]
    traders = sum(1 for f in earners if "expert_trader" in f.skills)
    prospector = any(f.specialist == "prospector" for f in sheet.roster)
    income = {
        name: {
            result: _number(
                income_mean(
                    book,
                    result=result,
                    earners=len(earners),
                    traders=traders,
                    prospector=prospector,
                )
            )
            for result in ("won", "lost")
        }
        for name, book in (("before", before), ("after", after))
    }
    old_kit, old_limits = set(kit_problems(before, sheet)), set(limit_problems(before, sheet))
    return {
        "id": sheet.id,
        "name": sheet.name,
        "rating_before": list_rating(before, sheet),
        "rating_after": list_rating(after, sheet),
        "kit_not_allowed": [p for p in kit_problems(after, sheet) if p not in old_kit],
        "over_limits": [p for p in limit_problems(after, sheet) if p not in old_limits],
        "income": income,
    }


def _number(value: Fraction) -> float:
    return float(round(value, 2))


def _share(value: Fraction) -> dict[str, Any]:
    """A probability as an exact fraction and a percentage rounded to 0.1."""
    return {
        "exact": f"{value.numerator}/{value.denominator}",
        "percent": float(round(100 * value, 1)),
    }


def numbers(book: RuleBook) -> dict[str, Any]:
    """The numbers a player feels: base income of a won and a lost game, the chance a downed
    figure dies."""
    return {
        "income_won": _number(income_mean(book, result="won")),
        "income_lost": _number(income_mean(book, result="lost")),
        "income_per_earner": _number(MEAN[book.income["earner"]]),
        "death_chance": _share(death_chance(book)),
    }

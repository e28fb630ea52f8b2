"""Building a warband and reading a figure's numbers: C2-C7 and C11, as plain functions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.dice import REROLL_LIMIT, Dice
from campaign.rules.errors import RosterError
from campaign.rules.factions import (
    MAX_COPIES,
    MOVEMENT,
    NON_COMBATANT_MOVEMENT,
    STARTING_SKILL_ROLLS,
    STATUS_NAMES,
    Faction,
)
from campaign.rules.injuries import injury_key
from campaign.rules.skills import SKILL_LISTS, skill_on


@dataclass(frozen=True)
class FigureDraft:
    """A figure as the builder knows it before founding: a profile and what it carries."""

    name: str
    profile: str
    equipment: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """One broken rule, in words a player understands, tied to the input it is about."""

    rule: str
    field: str
    message: str


@dataclass
class Check:
    cost: int = 0
    problems: list[Problem] = field(default_factory=list)
    figure_costs: list[int] = field(default_factory=list)  # in the order given

    @property
    def valid(self) -> bool:
        return not self.problems


def faction_or_error(key: str, book: RuleBook | None = None) -> Faction:
    """The faction as the campaign's rule book has it (C31; the seed's without a book)."""
    factions = (book or seed_book()).factions
    faction = factions.get(key)
    if faction is None:
        names = ", ".join(f.name for f in factions.values())
        raise RosterError(f"Unknown faction {key!r}: choose one of {names}.", field="faction")
    return faction


def _sellers(item_key: str, book: RuleBook) -> str:
    """Who sells an item, for the message that tells a player they picked another faction's."""
    names = [f.name for f in book.factions.values() if f.item(item_key)]
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else ""


def check_figure(
    faction: Faction, index: int, figure: FigureDraft, book: RuleBook | None = None
) -> tuple[int, list[Problem]]:
    """The cost of one figure and the problems with its profile and kit (C4, C5), at the
    prices of the campaign's rule book (C31): `faction` is the book's."""
    where = f"figures[{index}]"
    label = figure.name or f"Figure {index + 1}"
    profile = faction.profile(figure.profile)
    if profile is None:
        return 0, [
            Problem(
                "C4",
                f"{where}.profile",
                f"{label}: the {faction.name} have no profile {figure.profile!r}.",
            )
        ]
    cost, problems = profile.cost, []
    for key, copies in Counter(figure.equipment).items():
        item = faction.item(key)
        if item is None:
            sellers = _sellers(key, book or seed_book())
            why = f"sold by the {sellers}" if sellers else "there is no such item"
            problems.append(
                Problem(
                    "C4",
                    f"{where}.equipment",
                    f"{label}: the {faction.name} cannot buy {key!r} ({why}).",
                )
            )
            continue
        if item.veteran_and_hero_only and profile.status not in ("hero", "veteran"):
            problems.append(
                Problem(
                    "C4",
                    f"{where}.equipment",
                    f"{label}: the {item.name} is for Veterans and Heroes only.",
                )
            )
        allowed = MAX_COPIES.get(key, 1)
        if copies > allowed:
            times = "once" if allowed == 1 else f"{allowed} times"
            problems.append(
                Problem(
                    "C5",
                    f"{where}.equipment",
                    f"{label}: a figure may carry the {item.name} {times} only "
                    f"(you gave {copies}).",
                )
            )
        cost += item.price * copies
    return cost, problems


def check_warband(
    faction_key: str,
    figures: Sequence[FigureDraft],
    budget: int,
    book: RuleBook | None = None,
) -> Check:
    """Every C2-C5 rule a warband about to be founded breaks, and what it costs.

    The builder calls this on every change, so it reports all problems at once instead of
    stopping at the first.
    """
    book = book or seed_book()  # C31: the campaign's costs and limits
    faction = faction_or_error(faction_key, book)
    max_figures, required = book.max_figures(faction.key), book.required_weapon_count(faction.key)
    check = Check()
    statuses: Counter[str] = Counter()
    armed = 0
    for index, figure in enumerate(figures):
        cost, problems = check_figure(faction, index, figure, book)
        check.cost += cost
        check.figure_costs.append(cost)
        check.problems += problems
        profile = faction.profile(figure.profile)
        if profile:
            statuses[profile.status] += 1
        if faction.required_weapon in figure.equipment:
            armed += 1

    if len(figures) > max_figures:
        check.problems.append(
            Problem(
                "C3",
                "figures",
                f"A warband holds at most {max_figures} figures: you have {len(figures)}.",
            )
        )
    for status, (low, high) in book.status_limits(faction.key).items():
        have, name = statuses[status], STATUS_NAMES[status]
        plural = name + ("es" if name == "Hero" else "s")
        if low == high and have != low:
            check.problems.append(
                Problem(
                    "C3",
                    "figures",
                    f"A warband needs exactly {low} {name} (its leader): you have {have}.",
                )
            )
        elif have < low:
            check.problems.append(
                Problem(
                    "C3",
                    "figures",
                    f"A warband needs at least {low} {plural}: you have {have}.",
                )
            )
        elif high is not None and have > high:
            check.problems.append(
                Problem(
                    "C3", "figures", f"A warband may have at most {high} {plural}: you have {have}."
                )
            )
    if armed < required:
        item = faction.item(faction.required_weapon)
        weapon = (item.name if item else faction.required_weapon).lower()
        check.problems.append(
            Problem(
                "C3",
                "figures",
                f"{faction.name} need at least "
                f"{required} figures with a {weapon}: "
                f"you have {armed}.",
            )
        )
    if check.cost > budget:
        check.problems.append(
            Problem(
                "C2",
                "figures",
                f"The warband costs {check.cost} but the "
                f"budget is {budget}: {check.cost - budget} too much.",
            )
        )
    return check


def default_skill_lists(faction_key: str, status: str) -> list[str]:
    """The lists offered for each starting roll when the owner does not choose: the faction's
    lists in turn (C1, C6)."""
    lists = faction_or_error(faction_key).skill_lists
    return [lists[n % len(lists)] for n in range(STARTING_SKILL_ROLLS.get(status, 0))]


def roll_starting_skills(
    faction_key: str,
    status: str,
    lists: Sequence[str],
    dice: Dice,
    *,
    known: Iterable[str] = (),
    wanted: int | None = None,
) -> list[str]:
    """C6: one D6 per roll on the list the owner picked; a skill already held is re-rolled.

    Returns the skills gained. `wanted` is how many rolls are due: by default the status's
    starting rolls; a service rolling one at a time passes 1.
    """
    faction = faction_or_error(faction_key)
    due = STARTING_SKILL_ROLLS.get(status, 0) if wanted is None else wanted
    if len(lists) != due:
        raise RosterError(
            f"A {STATUS_NAMES[status]} rolls {due} starting skill(s); {len(lists)} list(s) "
            "were chosen.",
            field="starting_skills",
            rule="C6",
        )
    held = list(known)
    gained: list[str] = []
    for list_key in lists:
        if list_key not in faction.skill_lists:
            allowed = " or ".join(faction.skill_lists)
            raise RosterError(
                f"The {faction.name} roll on {allowed}, not {list_key!r}.",
                field="starting_skills",
                rule="C1",
            )
        if all(s.key in held for s in SKILL_LISTS[list_key]):
            continue  # nothing left to gain on this list; the roll is lost
        skill = skill_on(list_key, dice.d6())
        for _ in range(REROLL_LIMIT):  # C6: a duplicate is re-rolled (a skill not held is left)
            if skill.key not in held:
                break
            skill = skill_on(list_key, dice.d6())
        if skill.key in held:
            raise RosterError(
                f"{REROLL_LIMIT} skill rolls in a row of skills already held: the dice are not "
                "fair.",
                field="starting_skills",
                rule="C6",
            )
        held.append(skill.key)
        gained.append(skill.key)
    return gained


def movement(
    status: str,
    injuries: Iterable[str],
    *,
    non_combatant: bool = False,
    book: RuleBook | None = None,
) -> str:
    """C7 movement, open/terrain, less C14's injury penalties (leg and chest wounds) on both
    rates, each at least 1"."""
    open_ground, terrain = NON_COMBATANT_MOVEMENT if non_combatant else MOVEMENT[status]
    table = (book or seed_book()).penalty("movement")
    penalty = sum(table.get(injury_key(i), 0) for i in injuries)
    return f"{max(1, open_ground - penalty)}/{max(1, terrain - penalty)}"


def attribute_modifiers(
    increases: dict[str, int], injuries: Iterable[str], book: RuleBook | None = None
) -> dict[str, int]:
    """Net melee/shooting/morale modifiers: advancement increases less lasting injuries (C14)."""
    keys = [injury_key(i) for i in injuries]
    melee, shooting = (
        (book or seed_book()).penalty("melee"),
        (book or seed_book()).penalty("shooting"),
    )
    return {
        "melee": increases.get("melee", 0) - sum(melee.get(k, 0) for k in keys),
        "shooting": increases.get("shooting", 0) - sum(shooting.get(k, 0) for k in keys),
        "morale": increases.get("morale", 0),
    }


def team_rating(treasury: int, equipment_prices: Iterable[int], levels: Iterable[int]) -> int:
    """C11: cash + the price of everything owned + each figure's current experience level.

    Callers pass only figures still on the roster (dead, sold and departed count nothing) and,
    for specialists, retainer + experience gained as their level.
    """
    return treasury + sum(equipment_prices) + sum(levels)

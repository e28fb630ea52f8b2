"""Step 3, advancement (C10): a D6 per roll due (C8), on the table of the figure's status."""

from __future__ import annotations

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.dice import REROLL_LIMIT
from campaign.rules.errors import RulesError
from campaign.rules.factions import GREEN, HERO, STATUS_NAMES, TROOPER, VETERAN
from campaign.rules.postgame import prompts
from campaign.rules.postgame.answers import D6
from campaign.rules.postgame.run import (
    ADVANCEMENT,
    Run,
    Steps,
    ask_choice,
    ask_roll,
    card_change,
    card_numbers,
)
from campaign.rules.postgame.sheet import ATTRIBUTES, FigureSheet
from campaign.rules.seed import (  # C10's results (its tables are read from the rule book)
    CHOOSE,
    MELEE,
    MORALE,
    NEW_SKILL,
    PROMOTION,
    REPUTATION,
    SHOOTING,
)
from campaign.rules.skills import SKILL_LIST_NAMES, SKILL_LISTS, SKILLS, skill_on

RESULT_NAMES = {
    MELEE: "Melee +1",
    SHOOTING: "Shooting +1",
    MORALE: "Morale +1",
    CHOOSE: "Choose an attribute +1",
    NEW_SKILL: "New skill",
    REPUTATION: "Reputation +1",
    PROMOTION: "Promotion",
}
SKILL_LIMITS = {GREEN: 0, TROOPER: 0, VETERAN: 2, HERO: None}  # C10, None = any number
PROMOTED_TO = {GREEN: TROOPER, TROOPER: VETERAN}  # C10, mere mortals only
MAX_VETERANS = 2  # C3, checked on a Trooper's promotion (C10)
MAX_REPUTATION = 5
HIGHEST_FACE = 6  # C10: a total over 6 counts as 6
LOST = "lost"  # the last word of every effect that changes nothing


def table_for(status: str, book: RuleBook | None = None) -> tuple[str, ...]:
    """C10's table for the status, as the campaign's rule book has it (C31)."""
    return (book or seed_book()).advancement_table(status in (HERO, VETERAN))


def attribute_limit(status: str, book: RuleBook | None = None) -> int:
    return (book or seed_book()).attribute_limit(status)


def holds_every_increase(figure: FigureSheet, book: RuleBook | None = None) -> bool:
    return figure.increases_taken >= attribute_limit(figure.status, book)


def roll_bonus(figure: FigureSheet, book: RuleBook | None = None) -> int:
    """C10: +1 once the figure holds every attribute increase its status allows, until its next
    promotion (a new status) or a reputation gain made after that point (a gain made before
    the last increase does not end it); a Green only from its second roll on."""
    if not holds_every_increase(figure, book):
        return 0
    if figure.status == GREEN and figure.rolls_since_gain == 0:
        return 0
    if figure.bonus_ended:
        return 0
    return 1


def advance_result(
    status: str, face: int, bonus: int, book: RuleBook | None = None
) -> tuple[int, str]:
    total = min(HIGHEST_FACE, face + bonus)
    return total, table_for(status, book)[total - 1]


def open_attributes(figure: FigureSheet, book: RuleBook | None = None) -> list[str]:
    """Attributes this figure may still raise (C10), for "choose"."""
    if figure.increases_taken >= attribute_limit(figure.status, book):
        return []
    return [a for a in ATTRIBUTES if not figure.increases.get(a)]


def raise_attribute(figure: FigureSheet, attribute: str, book: RuleBook | None = None) -> str:
    """C10: +1 once in a life, within the status's allowance; otherwise the result is lost."""
    if figure.increases.get(attribute):
        return f"{attribute} already raised: {LOST} (tough, you missed out)"
    allowed = attribute_limit(figure.status, book)
    if figure.increases_taken >= allowed:
        return (
            f"a {STATUS_NAMES[figure.status]} may hold {allowed} attribute "
            f"increase{'' if allowed == 1 else 's'}: {LOST}"
        )
    before = card_numbers(figure, book)
    figure.increases[attribute] = 1
    return card_change(before, card_numbers(figure, book))


def veterans_on_roster(run: Run) -> int:
    """C3/C10: Veterans of the warband (specialists that count as veterans are not Veterans)."""
    return sum(1 for f in run.sheet.roster if f.status == VETERAN and not f.specialist)


def advancement_step(run: Run) -> Steps:
    run.step = ADVANCEMENT
    for figure in run.sheet.figures:
        for _ in range(run.rolls_due.get(figure.id, 0)):  # C8: one after the other
            yield from advance(run, figure)


def advance(run: Run, figure: FigureSheet) -> Steps:
    bonus = roll_bonus(figure, run.book)
    answer = yield from ask_roll(prompts.ADVANCE, D6, figure)
    face = answer.dice[0]
    total, result = advance_result(figure.status, face, bonus, run.book)
    figure.rolls_since_gain += 1
    shown = f"{face} + 1 = {total}" if bonus else str(face)
    entry = run.note(
        "advance",
        f"{figure.name}: advance {shown} {RESULT_NAMES[result]}",
        figure=figure,
        answer=answer,
    )
    effect = yield from apply_advance(run, figure, result)
    entry["text"] += f": {effect}"


def apply_advance(run: Run, figure: FigureSheet, result: str) -> Steps:
    if result in ATTRIBUTES:
        effect = raise_attribute(figure, result, run.book)
    elif result == CHOOSE:
        effect = yield from choose_attribute(run, figure)
    elif result == NEW_SKILL:
        effect = yield from new_skill(run, figure)
    elif result == REPUTATION:
        effect = yield from reputation(run, figure)
    else:
        effect = yield from promotion(run, figure)
    if not effect.endswith(LOST):
        run.change(figure, effect)
    return effect


def choose_attribute(run: Run, figure: FigureSheet) -> Steps:
    options = open_attributes(figure, run.book)
    if not options:
        return f"no attribute open: {LOST}"
    answer = yield from ask_choice(prompts.ATTRIBUTE, options, figure)
    run.note("attribute", f"{figure.name} picks {answer.choice}", figure=figure, answer=answer)
    return raise_attribute(figure, answer.choice, run.book)


def reputation(run: Run, figure: FigureSheet) -> Steps:
    """C10: Hero-and-veteran table 6, once per status; else a new skill."""
    if figure.reputation_gained_as == figure.status or figure.reputation >= MAX_REPUTATION:
        why = (
            "reputation already gained as " + STATUS_NAMES[figure.status]
            if figure.reputation_gained_as == figure.status
            else f"reputation already {figure.reputation}"
        )
        effect = yield from new_skill(run, figure)
        return f"{why}: new skill instead: {effect}"
    figure.reputation += 1
    figure.reputation_gained_as = figure.status
    figure.bonus_ended = holds_every_increase(figure, run.book)  # C10: only a gain after that point
    figure.rolls_since_gain = 0
    return f"reputation {figure.reputation - 1} → {figure.reputation}"


def promotion(run: Run, figure: FigureSheet) -> Steps:
    """C10: Mere-mortal 6. A Trooper becomes a Veteran only while there are fewer than 2.
    C27: a specialist keeps its role and is never promoted: the result is "choose"."""
    if figure.specialist:
        effect = yield from choose_attribute(run, figure)
        return f"a specialist is never promoted: choose instead: {effect}"
    most = run.book.status_limits(run.faction.key)[VETERAN][1]  # C3 as played (C31)
    if figure.status == TROOPER and most is not None and veterans_on_roster(run) >= most:
        effect = yield from choose_attribute(run, figure)
        return f"the warband has {most} Veterans already: choose instead: {effect}"
    before = (STATUS_NAMES[figure.status], figure.reputation)
    figure.status = PROMOTED_TO[figure.status]
    figure.reputation = min(MAX_REPUTATION, figure.reputation + 1)
    figure.rolls_since_gain = 0
    figure.bonus_ended = False  # C10: a new status, a new count of increases
    return (
        f"promoted {before[0]} → {STATUS_NAMES[figure.status]}, reputation "
        f"{before[1]} → {figure.reputation}"
    )


def new_skill(run: Run, figure: FigureSheet, *, reroll_duplicates: bool = False) -> Steps:
    """C10: pick one of the faction's lists, D6; a skill already held is lost (C6 at founding
    and for recruits: re-rolled instead)."""
    limit = SKILL_LIMITS[figure.status]
    if limit is not None and len(figure.skills) >= limit:
        return (
            f"a {STATUS_NAMES[figure.status]} holds at most {limit} skill"
            f"{'' if limit == 1 else 's'}: {LOST}"
        )
    answer = yield from ask_choice(prompts.SKILL_LIST, list(run.faction.skill_lists), figure)
    list_key = answer.choice
    run.note(
        "skill_list",
        f"{figure.name} rolls on the {SKILL_LIST_NAMES[list_key]} list",
        figure=figure,
        answer=answer,
    )
    if reroll_duplicates and all(s.key in figure.skills for s in SKILL_LISTS[list_key]):
        return f"every {SKILL_LIST_NAMES[list_key]} skill already held: {LOST}"
    for _ in range(REROLL_LIMIT + 1):  # C6: ends on a skill not held (one is, checked above)
        answer = yield from ask_roll(prompts.SKILL, D6, figure)
        skill = skill_on(list_key, answer.dice[0])
        text = f"{figure.name}: skill {answer.dice[0]} {skill.name}"
        if skill.key not in figure.skills:
            figure.skills.append(skill.key)
            run.note("skill", f"{text}: {SKILLS[skill.key].effect}", figure=figure, answer=answer)
            return f"new skill {skill.name}"
        if not reroll_duplicates:
            run.note("skill", f"{text}: already held", figure=figure, answer=answer)
            return f"{skill.name} already held: {LOST}"
        run.note("skill", f"{text}: already held, re-rolled", figure=figure, answer=answer)
    raise RulesError(
        f"{figure.name}: {REROLL_LIMIT} skill rolls in a row of skills already held: the dice "
        "are not fair.",
        field="dice",
        rule="C6",
    )

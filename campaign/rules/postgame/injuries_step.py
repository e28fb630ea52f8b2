"""Step 1, injuries: the Doctor (C17), the D66 injury roll (C13), Crack shot and Nimble (C17),
Multiple injuries (C15) and every effect (C14)."""

from __future__ import annotations

from campaign.rules.dice import REROLL_LIMIT
from campaign.rules.errors import RulesError
from campaign.rules.factions import BOW, MUSKET, RIFLE, item_name
from campaign.rules.injuries import (
    AGAINST_THE_ODDS,
    ARM,
    ARM_AMPUTATED,
    BITTER_ENEMY,
    BLIND,
    CAPTURED,
    CHEST,
    DEAD,
    HARDENED,
    LEG,
    MADNESS,
    MULTIPLE,
    NERVOUS,
    OLD_WOUND,
    RECOVERY,
    REROLLED,
    ROBBED,
    SNAKE_OIL,
    InjuryResult,
    injury_key,
)
from campaign.rules.postgame import prompts
from campaign.rules.postgame import sheet as s
from campaign.rules.postgame.answers import D6, D66
from campaign.rules.postgame.run import (
    INJURIES,
    Run,
    Steps,
    ask_choice,
    ask_roll,
    card_change,
    card_numbers,
    lose_equipment_to_storage,
)
from campaign.rules.postgame.sheet import FigureSheet, Piece

NONE = "none"
YES, NO = "yes", "no"
REROLL, KEEP = "reroll", "keep"
NIMBLE_SAVES = 4  # C17: 4+ on a D6 turns the result into Full recovery
MULTIPLE_REROLLED = REROLLED  # C15
# C14 Snake oil 6 cures these; Hardened and Bitter enemy are not wounds and stay.
WOUNDS = (LEG, CHEST, BLIND, NERVOUS, ARM_AMPUTATED, OLD_WOUND, MADNESS)
MIN_REPUTATION = 1  # C14 Nervous condition
MAX_REPUTATION = 5  # C14: Snake oil never raises reputation above this
TWO_HANDED = (MUSKET, RIFLE, BOW)  # C26: what an amputee may not carry


def d66(faces: tuple[int, ...]) -> int:
    return faces[0] * 10 + faces[1]


def needs_injury_roll(run: Run, figure: FigureSheet) -> bool:
    """C13: every figure that took part and ended the game down or out of action."""
    report = run.report_for(figure)
    return bool(report and report.outcome in (s.DOWN, s.OUT_OF_ACTION) and figure.on_roster)


def injuries_step(run: Run) -> Steps:
    run.step = INJURIES
    wounded = [f for f in run.sheet.figures if needs_injury_roll(run, f)]
    if not wounded:
        run.note("injury", "No figure ended the game down or out of action.")
        return
    healed = yield from doctor(run, wounded)
    for figure in wounded:
        if figure is not healed:
            yield from injury(run, figure)


def doctor(run: Run, wounded: list[FigureSheet]) -> Steps:
    """C17: the Doctor/Indian healer heals one model, which skips its injury roll."""
    doctors = [f for f in run.sheet.figures if f.specialist == "doctor" and f.state == s.ACTIVE]
    if not doctors:
        return None
    answer = yield from ask_choice(prompts.DOCTOR, [str(f.id) for f in wounded] + [NONE])
    if answer.choice == NONE:
        run.note("doctor", f"{doctors[0].name} heals nobody.", answer=answer)
        return None
    healed = next(f for f in wounded if str(f.id) == answer.choice)
    run.note(
        "doctor",
        f"{doctors[0].name} heals {healed.name}: no injury roll.",
        figure=healed,
        answer=answer,
    )
    run.change(healed, f"healed by {doctors[0].name}")
    return healed


def injury(run: Run, figure: FigureSheet) -> Steps:
    """One figure's injury roll, the re-rolls that may follow it, then its effect."""
    result, entry = yield from roll_injury(run, figure)
    shooter = run.report_for(figure).crack_shot_by
    if shooter and shooter not in run.used_crack_shots:  # C17: one forced re-roll each
        answer = yield from ask_choice(prompts.CRACK_SHOT, [REROLL, KEEP], figure)
        if answer.choice == REROLL:
            run.used_crack_shots.add(shooter)
            run.note(
                "crack_shot",
                f"{shooter}'s Crack shot forces {figure.name} to re-roll.",
                figure=figure,
                answer=answer,
            )
            result, entry = yield from roll_injury(run, figure)
        else:
            run.note(
                "crack_shot",
                f"{figure.name}'s {result.name} stands ({shooter} keeps it).",
                figure=figure,
                answer=answer,
            )
    if "nimble" in figure.skills and result.key != RECOVERY:  # C17
        answer = yield from ask_choice(prompts.NIMBLE_USE, [YES, NO], figure)
        uses = "uses" if answer.choice == YES else "does not use"
        run.note("nimble_use", f"{figure.name} {uses} Nimble", figure=figure, answer=answer)
        if answer.choice == YES:
            answer = yield from ask_roll(prompts.NIMBLE, D6, figure)
            face = answer.dice[0]
            if face >= NIMBLE_SAVES:
                entry = run.note(
                    "nimble",
                    f"{figure.name}: Nimble {face}: Full recovery instead of {result.name}",
                    figure=figure,
                    answer=answer,
                )
                result = run.book.injury(RECOVERY)
            else:
                entry = run.note(
                    "nimble",
                    f"{figure.name}: Nimble {face}: {result.name} stands",
                    figure=figure,
                    answer=answer,
                )
    if result.key == MULTIPLE:
        entry["text"] += ": roll D6 for how many injuries"
        yield from multiple_injuries(run, figure)
        return
    effect = yield from apply_injury(run, figure, result)
    entry["text"] += f": {effect}"


def roll_injury(run: Run, figure: FigureSheet) -> Steps:
    answer = yield from ask_roll(prompts.INJURY, D66, figure)
    value = d66(answer.dice)
    result = run.book.injury_for(value)  # C13, as the campaign plays it (C31)
    entry = run.note(
        "injury", f"{figure.name}: injury {value} {result.name}", figure=figure, answer=answer
    )
    return result, entry


def multiple_injuries(run: Run, figure: FigureSheet) -> Steps:
    """C15: D6 for how many, then that many D66; Dead, Full recovery and Multiple re-rolled.

    C15 as read in the rulings' spirit (C31): the re-rolls of one injury end when a result
    other than Dead, Full recovery or Multiple injuries comes up. The rule book refuses a table
    with no such result; one saved before that check is stopped here, before any die is asked
    for, and REROLL_LIMIT bounds the re-rolls whatever the dice."""
    if not run.book.injuries_on_table - set(MULTIPLE_REROLLED):
        raise RulesError(
            "The injury table in force has no result that ends Multiple injuries' re-rolls: "
            "this sequence cannot go on. The organiser can withdraw the game.",
            field="injuries.table.multiple_injuries",
            rule="C15",
        )
    answer = yield from ask_roll(prompts.INJURY_COUNT, D6, figure)
    count = answer.dice[0]
    run.note(
        "injury_count",
        f"{figure.name}: {count} injur{'y' if count == 1 else 'ies'}",
        figure=figure,
        answer=answer,
    )
    for number in range(1, count + 1):
        for _ in range(REROLL_LIMIT + 1):
            result, entry = yield from roll_injury(run, figure)
            if result.key not in MULTIPLE_REROLLED:
                break
            entry["text"] += ": re-rolled"
        else:
            raise RulesError(
                f"{figure.name}: {REROLL_LIMIT} re-rolls in a row without an injury that stands: "
                "the dice are not fair. The organiser can withdraw the game.",
                field="dice",
                rule="C15",
            )
        entry["text"] += f" ({number} of {count})"
        effect = yield from apply_injury(run, figure, result)
        entry["text"] += f": {effect}"
        if figure.state == s.DEAD:
            if number < count:
                run.note(
                    "injury",
                    f"{figure.name} is dead: the other rolls are not needed.",
                    figure=figure,
                )
            return


def apply_injury(run: Run, figure: FigureSheet, result: InjuryResult) -> Steps:
    """C14: change the figure and return the effect in words ("movement 6/3 → 5/2")."""
    key = result.key
    before = card_numbers(figure, run.book)
    if key == DEAD:
        return kill(run, figure, "Dead")
    if key == BLIND and figure.has_injury(BLIND):
        return kill(run, figure, "a second Blind in one eye: Dead")
    if key in (LEG, CHEST, BLIND):
        figure.injuries.append(key)
        effect = card_change(before, card_numbers(figure, run.book))
    elif key == NERVOUS:
        if figure.reputation > MIN_REPUTATION:
            figure.injuries.append(NERVOUS)  # held only when it cost a point (Snake oil gives
            figure.reputation -= 1  # the point back)
            effect = f"reputation {figure.reputation + 1} → {figure.reputation}"
        else:
            effect = f"reputation stays {MIN_REPUTATION} (the minimum)"
    elif key in (MADNESS, OLD_WOUND, HARDENED):
        effect = hold(figure, key)
    elif key == BITTER_ENEMY:
        effect = hold(figure, f"{BITTER_ENEMY}:{run.report.opponent}", run.report.opponent)
    elif key == ARM:
        effect = yield from arm_wound(run, figure)
    elif key == SNAKE_OIL:
        effect = yield from snake_oil(run, figure)
    elif key == ROBBED:
        lost = [item_name(p.key) for p in figure.equipment]
        figure.equipment = []
        effect = f"loses {', '.join(lost)}" if lost else "had nothing to lose"
    elif key == CAPTURED:  # C16: settled by ransom or sale outside this sequence
        run.set_state(figure, s.CAPTURED)
        figure.held_by = run.report.opponent
        effect = f"held by {run.report.opponent}"
    elif key == AGAINST_THE_ODDS:
        run.doubled.add(figure.id)
        effect = "double experience for this game"
    else:  # Full recovery
        return "only a scratch"
    run.change(figure, f"{result.name}: {effect}")
    return effect


def hold(figure: FigureSheet, entry: str, against: str | None = None) -> str:
    name = {MADNESS: "Madness", OLD_WOUND: "Old battle wound", HARDENED: "Hardened"}
    label = f"fearless against {against}" if against else f"{name[injury_key(entry)]} kept"
    if entry in figure.injuries:
        return f"{label} (already held)"
    figure.injuries.append(entry)
    return f"{label}, on the roster card"


def kill(run: Run, figure: FigureSheet, why: str) -> str:
    run.set_state(figure, s.DEAD)
    effect = why + lose_equipment_to_storage(run, figure)
    run.change(figure, effect)
    return effect


def arm_wound(run: Run, figure: FigureSheet) -> Steps:
    """C14: D6, 1 arm amputated, 2-6 misses the next game."""
    answer = yield from ask_roll(prompts.ARM_WOUND, D6, figure)
    face = answer.dice[0]
    if face == 1:
        if not figure.has_injury(ARM_AMPUTATED):
            figure.injuries.append(ARM_AMPUTATED)
        effect = "arm amputated (single-handed weapons only)" + store_two_handed(run, figure)
    else:
        run.set_state(figure, s.MISSES_NEXT_GAME)
        effect = "misses the next game"
    run.note(
        "arm_wound", f"{figure.name}: arm wound {face}: {effect}", figure=figure, answer=answer
    )
    return effect


def store_two_handed(run: Run, figure: FigureSheet) -> str:
    """C26: an amputee carries no musket, rifle or bow: any it carries go to storage (they
    reach the warband's storage when the sequence is committed)."""
    gone = [p for p in figure.equipment if p.key in TWO_HANDED and not p.kit]
    if not gone:
        return ""
    figure.equipment = [p for p in figure.equipment if p not in gone]
    run.sheet.storage.extend(Piece(p.key, p.price) for p in gone)
    return f"; {', '.join(item_name(p.key) for p in gone)} to storage"


def snake_oil(run: Run, figure: FigureSheet) -> Steps:
    """C14: D6, 1 misses the next game, 2-5 nothing, 6 every wound removed."""
    answer = yield from ask_roll(prompts.SNAKE_OIL, D6, figure)
    face = answer.dice[0]
    if face == 1:
        run.set_state(figure, s.MISSES_NEXT_GAME)
        effect = "misses the next game"
    elif face == 6:
        cured = [i for i in figure.injuries if injury_key(i) in WOUNDS]
        figure.injuries = [i for i in figure.injuries if injury_key(i) not in WOUNDS]
        # C14: the points Nervous condition took come back, but never above 5.
        figure.reputation = min(MAX_REPUTATION, figure.reputation + cured.count(NERVOUS))
        effect = "miracle cure: every wound removed" if cured else "miracle cure (nothing to cure)"
    else:
        effect = "no effect"
    run.note(
        "snake_oil", f"{figure.name}: snake oil {face}: {effect}", figure=figure, answer=answer
    )
    return effect

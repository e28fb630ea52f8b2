"""Step 4, income (C18), captives sold or ransomed (C16) and retainers (C19)."""

from __future__ import annotations

from campaign.rules.factions import HERO, STATUS_NAMES, VETERAN
from campaign.rules.postgame import prompts
from campaign.rules.postgame.answers import D6
from campaign.rules.postgame.run import (
    INCOME,
    Run,
    Steps,
    ask_roll,
    lose_equipment_to_storage,
    rolled,
)
from campaign.rules.postgame.sheet import CAPTURED, DEPARTED, OK, FigureSheet

EXPERT_TRADER = "expert_trader"
CAPTIVE_PRICE_PER_PIP = 5  # C16: sold for D6 x 5


def captive_sale_price(face: int) -> int:
    """C16: what the captor gets for selling a captive."""
    return face * CAPTIVE_PRICE_PER_PIP


def income_earners(run: Run) -> list[FigureSheet]:
    """C18: each Hero or Veteran (veteran-type specialists included) that took part and ended
    the game neither down nor out of action. Status as it was when the game ended."""
    earners = []
    for figure in run.sheet.figures:
        report = run.report_for(figure)
        status = run.start.figure(figure.id).status
        if report and report.outcome == OK and status in (HERO, VETERAN) and figure.on_roster:
            earners.append(figure)
    return earners


def prospectors(run: Run) -> list[FigureSheet]:
    """C18: a Prospector on the roster and not held captive adds one more 2D6."""
    return [f for f in run.sheet.figures if f.specialist == "prospector" and at_hand(f)]


def at_hand(figure: FigureSheet) -> bool:
    """On the roster and not held by the enemy."""
    return figure.on_roster and figure.state != CAPTURED


def income_step(run: Run) -> Steps:
    run.step = INCOME
    won = run.report.won
    dice_for = run.book.income  # C18's dice as the campaign plays them (C31)
    dice = dice_for[{True: "won", False: "lost", None: "drew"}[won]]
    result = {True: "won", False: "lost", None: "drew"}[won]
    answer = yield from ask_roll(prompts.INCOME, dice)
    total = sum(answer.dice)
    parts = [f"{dice} ({result}) {rolled(answer, dice)}"]
    run.note("income", f"Income: {parts[0]}", answer=answer)
    for figure in income_earners(run):
        earner = dice_for["earner"]
        answer = yield from ask_roll(prompts.INCOME, earner, figure)
        amount = sum(answer.dice)
        status = STATUS_NAMES[run.start.figure(figure.id).status]
        text = f"{status} {figure.name} {earner} {rolled(answer, earner)}"
        bonus = dice_for["expert_trader"]
        if EXPERT_TRADER in figure.skills and bonus:  # C18: +1 on his own income roll
            amount += bonus
            text += f", +{bonus} Expert trader = {amount}"
        total += amount
        parts.append(text)
        run.note("income", f"Income: {text}", figure=figure, answer=answer)
    for figure in prospectors(run):
        extra = dice_for["prospector"]
        answer = yield from ask_roll(prompts.INCOME, extra, figure)
        total += sum(answer.dice)
        name = run.book.specialists["prospector"].name
        text = f"{name} {figure.name} {extra} {rolled(answer, extra)}"
        parts.append(text)
        run.note("income", f"Income: {text}", figure=figure, answer=answer)
    before = run.sheet.treasury
    run.sheet.treasury += total
    run.note(
        "income_total",
        f"Income: {', '.join(parts)}: {run.money(total)} "
        f"(treasury {run.money(before)} → {run.money(run.sheet.treasury)})",
    )
    yield from captives(run)
    retainers(run)


def captives(run: Run) -> Steps:
    """C16, the captor's side: a ransom agreed is paid in; otherwise the captive is sold."""
    for captive in run.report.captives:
        if captive.ransom is not None:
            run.sheet.treasury += captive.ransom
            run.note(
                "ransom",
                f"Ransom for {captive.name}: {run.money(captive.ransom)} received "
                f"(treasury {run.money(run.sheet.treasury)})",
            )
            continue
        answer = yield from ask_roll(prompts.CAPTIVE_SALE, D6)
        price = captive_sale_price(answer.dice[0])
        run.sheet.treasury += price
        run.note(
            "captive_sale",
            f"{captive.name} sold: {answer.dice[0]} x 5 = {run.money(price)} "
            f"(treasury {run.money(run.sheet.treasury)})",
            answer=answer,
        )


def retainers(run: Run) -> None:
    """C19: after income each specialist's retainer is paid; one that cannot be paid leaves.
    A specialist held captive is not paid and does not leave."""
    for figure in run.sheet.figures:
        if not figure.specialist or not at_hand(figure):
            continue
        kind = run.book.specialists[figure.specialist]  # C31: the campaign's retainer
        if run.sheet.treasury >= kind.retainer:
            run.sheet.treasury -= kind.retainer
            run.note(
                "retainer",
                f"Retainer for the {kind.name} {figure.name}: {run.money(kind.retainer)} "
                f"paid (treasury {run.money(run.sheet.treasury)})",
                figure=figure,
            )
            continue
        figure.state = DEPARTED
        stored = lose_equipment_to_storage(run, figure)
        run.note(
            "retainer",
            f"Retainer for the {kind.name} {figure.name}: {run.money(kind.retainer)} "
            f"unpaid (treasury {run.money(run.sheet.treasury)}): {figure.name} leaves{stored}",
            figure=figure,
        )
        run.change(figure, f"left: retainer {run.money(kind.retainer)} unpaid{stored}")

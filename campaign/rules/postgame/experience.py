"""Step 2, experience (C8, C9): computed from the game report, no roll. It records how many
advancement rolls each figure is due for step 3."""

from __future__ import annotations

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.postgame.run import EXPERIENCE, Run
from campaign.rules.postgame.sheet import DEAD


def underdog_bonus(own_rating: int, opponent_rating: int, book: RuleBook | None = None) -> int:
    """C9: only the warband with the lower team rating before the game gets it; the bands of
    the campaign's rule book (C31)."""
    difference = opponent_rating - own_rating
    if difference <= 0:
        return 0
    for low, high, bonus in (
        (b.low, b.high, b.bonus) for b in (book or seed_book()).underdog_bands
    ):
        if difference >= low and (high is None or difference <= high):
            return bonus
    raise AssertionError("the bands cover every difference")  # pragma: no cover


def experience_gained(
    *, wounds: int, scalps: int, underdog: int, doubled: bool, book: RuleBook | None = None
) -> tuple[int, list[str]]:
    """C9: +1 survived, +1 per wound inflicted, +1 per scalp, the underdog bonus; Survives
    against the odds doubles the figure's total. Returns the total and its parts in words.
    The awards are the campaign's rule book's (C31)."""
    awards = (book or seed_book()).experience
    parts = [
        ("survived", awards["survived"]),
        ("wounds", wounds * awards["per_wound"]),
        ("scalps", scalps * awards["per_scalp"]),
        ("underdog", underdog),
    ]
    total = sum(n for _, n in parts)
    words = [f"{name} {n}" for name, n in parts if n]
    if doubled:
        total *= 2
        words.append("doubled: survives against the odds")
    return total, words


def advancement_rolls_due(start: int, before: int, after: int, book: RuleBook | None = None) -> int:
    """C8: one roll each time current - starting reaches a new multiple of 3 (the rule book's
    levels per advance, C31)."""
    step = (book or seed_book()).experience["levels_per_advance"]
    return max(0, (after - start) // step - max(0, before - start) // step)


def experience_step(run: Run) -> None:
    run.step = EXPERIENCE
    report = run.report
    underdog = underdog_bonus(report.rating_before, report.opponent_rating_before, run.book)
    run.note(
        "underdog",
        f"Team ratings {report.rating_before} against "
        f"{report.opponent_rating_before}: underdog bonus {underdog}",
    )
    for figure in run.sheet.figures:
        figure_report = run.report_for(figure)
        if figure_report is None:
            continue  # C9: only figures that took part
        if figure.state == DEAD:
            run.note("experience", f"{figure.name} is dead: no experience", figure=figure)
            continue
        gained, words = experience_gained(
            wounds=figure_report.wounds_inflicted,
            scalps=figure_report.scalps,
            underdog=underdog,
            doubled=figure.id in run.doubled,
            book=run.book,
        )
        before = figure.experience
        figure.experience += gained
        due = advancement_rolls_due(figure.experience_start, before, figure.experience, run.book)
        run.rolls_due[figure.id] = due
        rolls = {0: "", 1: ", an advancement roll is due"}.get(
            due, f", {due} advancement rolls are due"
        )
        run.note(
            "experience",
            f"{figure.name} gains {gained} experience ({', '.join(words)}): "
            f"{before} → {figure.experience}{rolls}",
            figure=figure,
        )
        run.change(figure, f"experience {before} → {figure.experience}")

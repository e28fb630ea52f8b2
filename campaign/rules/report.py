"""What makes a game report possible (C25, C29) and who put a figure down (C17).

Plain data in, a RulesError naming the figures out: the services build `ReportedFigure`s from
the rows and call `check_report` before anything is saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.rules.errors import RulesError
from campaign.rules.postgame.sheet import DOWN, OUT_OF_ACTION

NO_SCALPS_FACTIONS = ("regulars",)  # C25: the seed's Regulars may not scalp


class ImpossibleReport(RulesError):
    """A game report that could not have happened."""


@dataclass(frozen=True)
class ReportedFigure:
    id: int
    name: str
    warband: str  # the warband's name; two figures of one warband share it
    faction: str
    took_part: bool = True
    outcome: str = "ok"
    wounds_inflicted: int = 0
    scalps: int = 0
    put_down_by: int | None = None  # C17: the id of the enemy figure that put it down or out


def _names(figures: Sequence[ReportedFigure]) -> str:
    return ", ".join(f.name for f in figures) or "none"


def check_report(figures: Sequence[ReportedFigure]) -> None:
    """Raise ImpossibleReport, naming the figures, unless the report could have happened."""
    by_id = {f.id: f for f in figures}
    sides = list(dict.fromkeys(f.warband for f in figures))
    for figure in figures:
        _check_put_down_by(figure, by_id)
    for figure in figures:
        if figure.scalps and figure.faction in NO_SCALPS_FACTIONS:
            raise ImpossibleReport(
                f"{figure.name} is a Regular: Regulars may not scalp, so it takes no scalps.",
                field="scalps",
                rule="C25",
            )
    for side in sides:
        mine = [f for f in figures if f.warband == side]
        enemy = [f for f in figures if f.warband != side]
        if not enemy:
            continue
        enemy_name = enemy[0].warband
        scalpers = [f for f in mine if f.scalps]
        scalps = sum(f.scalps for f in scalpers)
        out = [f for f in enemy if f.outcome == OUT_OF_ACTION]
        if scalps > len(out):
            raise ImpossibleReport(
                f"{side} take {scalps} scalp{'s' if scalps != 1 else ''} "
                f"({_names(scalpers)}) but only {len(out)} figure"
                f"{'s' if len(out) != 1 else ''} of {enemy_name} ended out of action "
                f"({_names(out)}): a scalp is taken from a figure out of action.",
                field="scalps",
                rule="C29",
            )
        wounders = [f for f in mine if f.wounds_inflicted]
        wounds = sum(f.wounds_inflicted for f in wounders)
        hurt = [f for f in enemy if f.outcome in (DOWN, OUT_OF_ACTION)]
        if wounds < len(hurt):
            raise ImpossibleReport(
                f"{len(hurt)} figure{'s' if len(hurt) != 1 else ''} of {enemy_name} ended down "
                f"or out of action ({_names(hurt)}) but {side} inflicted only {wounds} "
                f"wound{'s' if wounds != 1 else ''} ({_names(wounders)}): each one down or out "
                "took at least one wound.",
                field="wounds_inflicted",
                rule="C29",
            )


def _check_put_down_by(figure: ReportedFigure, by_id: dict[int, ReportedFigure]) -> None:
    if figure.put_down_by is None:
        return
    if figure.outcome not in (DOWN, OUT_OF_ACTION):
        raise ImpossibleReport(
            f"{figure.name} ended the game standing: nobody put it down.",
            field="put_down_by",
            rule="C17",
        )
    enemy = by_id.get(figure.put_down_by)
    if enemy is None or enemy.warband == figure.warband or not enemy.took_part:
        raise ImpossibleReport(
            f"{figure.name} was put down by an enemy figure that took part in this game.",
            field="put_down_by",
            rule="C17",
        )

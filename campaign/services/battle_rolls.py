"""The calculators applied to the battle sheet (C23, C24): a shot, a melee, a morale test or
rally, the last wound. The calculators (services.tables) roll and log; these apply what they
rolled: a hit or a lost melee is a wound and calls for the last-wound D6, whose result sets the
figure's state and who put it there. A morale test can answer a side's losses check."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from campaign.models import Battle, BattleFigure
from campaign.rules.dice import Dice
from campaign.services import tables
from campaign.services.battles import BattleError, battle_line, bump, locked_battle
from campaign.services.games import MAX_TALLY
from campaign.services.tables import Rolled


def _wound(victim: BattleFigure, by: BattleFigure) -> None:
    """A wound (C23): taken by the victim, inflicted by `by`; the last-wound D6 is due."""
    victim.wounds_taken = min(MAX_TALLY, victim.wounds_taken + 1)
    victim.wounded_by = by.figure
    victim.last_wound_due = True
    victim.save(update_fields=["wounds_taken", "wounded_by", "last_wound_due"])
    by.wounds_inflicted = min(MAX_TALLY, by.wounds_inflicted + 1)
    by.save(update_fields=["wounds_inflicted"])


@transaction.atomic
def battle_shoot(
    *,
    battle: Battle,
    actor,
    shooter: int,
    at_range: str,
    target: int | None = None,
    weapon: str | None = None,
    cover: bool = False,
    volley: int = 1,
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
) -> Rolled:
    """A shot (C23) between two figures of the battle; a hit wounds the target."""
    battle = locked_battle(battle, actor)
    by = battle_line(battle, shooter, "shooter")
    at = battle_line(battle, target, "target") if target is not None else None
    rolled = tables.table_shoot(
        actor=actor,
        shooter=by.figure,
        target=at.figure if at else None,
        weapon=weapon,
        at_range=at_range,
        cover=cover,
        volley=volley,
        dice=dice,
        roller=roller,
        battle=battle,
    )
    if at is not None and rolled.roll is not None and rolled.roll.hit:
        _wound(at, by)
    bump(battle)
    return rolled


@transaction.atomic
def battle_melee(
    *,
    battle: Battle,
    actor,
    attacker: int,
    defender: int,
    attacker_factors: Sequence[str] = (),
    defender_factors: Sequence[str] = (),
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
) -> Rolled:
    """A melee (C23) between two figures of the battle; the loser takes a wound."""
    battle = locked_battle(battle, actor)
    a = battle_line(battle, attacker, "attacker")
    d = battle_line(battle, defender, "defender")
    rolled = tables.table_melee(
        actor=actor,
        attacker=a.figure,
        defender=d.figure,
        attacker_factors=attacker_factors,
        defender_factors=defender_factors,
        dice=dice,
        roller=roller,
        battle=battle,
    )
    if rolled.roll.result == "defender_wounds":
        _wound(d, a)
    elif rolled.roll.result == "attacker_wounds":
        _wound(a, d)
    bump(battle)
    return rolled


@transaction.atomic
def battle_morale(
    *,
    battle: Battle,
    actor,
    figure: int,
    modifiers: Sequence[str] = (),
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
    rally: bool = False,
    check: int | None = None,
) -> Rolled:
    """A morale test or rally (C24). `check` (20 or 40): the side's losses check it answers,
    so the sheet stops prompting it."""
    battle = locked_battle(battle, actor)
    line = battle_line(battle, figure, "figure")
    rolled = tables.table_morale(
        actor=actor,
        figure=line.figure,
        modifiers=modifiers,
        dice=dice,
        roller=roller,
        battle=battle,
        rally=rally,
    )
    if check in (20, 40) and not rally:
        field = "checked_a" if line.figure.warband_id == battle.warband_a_id else "checked_b"
        if getattr(battle, field) < check:
            setattr(battle, field, check)
            battle.save(update_fields=[field])
    bump(battle)
    return rolled


@transaction.atomic
def battle_last_wound(
    *,
    battle: Battle,
    actor,
    figure: int,
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
) -> Rolled:
    """The last-wound D6 (C23) for a figure hit, or down at the start of a turn: it sets the
    figure's state; down or out of action, the figure that wounded it is who put it there."""
    battle = locked_battle(battle, actor)
    line = battle_line(battle, figure, "figure")
    if line.state == "out_of_action":
        raise BattleError(f"{line.figure.name} is out of action already.", field="figure")
    rolled = tables.table_last_wound(
        actor=actor, figure=line.figure, dice=dice, roller=roller, battle=battle
    )
    line.state = rolled.roll.result
    line.last_wound_due = False
    if line.state in ("down", "out_of_action") and line.wounded_by_id:
        line.put_down_by_id = line.wounded_by_id
    line.save(update_fields=["state", "last_wound_due", "put_down_by"])
    bump(battle)
    return rolled

"""The table's calculators (C23, C24) with their dice and their log: shooting, melee, morale,
rally and the last wound. The rules (campaign.rules.table) do the arithmetic; these load the
figures as the calculators see them, roll (the app's dice or faces typed in, C12), and log the
roll with who made it and how. The battle sheet (services.battles) applies the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from campaign import access
from campaign.errors import DiceError
from campaign.models import Battle, BattleFigure, Campaign, Figure, TableLog
from campaign.rules import table as rules
from campaign.rules.dice import Dice, TypedDice
from campaign.rules.table import TableError
from campaign.rules.table.last_wound import LastWound
from campaign.rules.table.melee import MeleeRoll
from campaign.rules.table.morale import MoraleOutcome, RallyOutcome
from campaign.rules.table.shooting import ShotRoll
from campaign.rules.words import possessive
from campaign.selectors.battles import combatant, ongoing_line
from campaign.services import dice as dice_source
from campaign.services.campaigns import require_open

STATE_WORDS = {
    Figure.State.DEAD: "dead",
    Figure.State.CAPTURED: "held captive",
    Figure.State.MISSES_NEXT_GAME: "missing this game",
    Figure.State.SOLD: "sold",
    Figure.State.DEPARTED: "gone",
}


@dataclass(frozen=True)
class Rolled:
    """A calculation, its roll (None when nothing was thrown) and the log entry."""

    calc: Any  # rules.Shot, rules.Melee, rules.MoraleTest, rules.RallyTest or None
    roll: ShotRoll | MeleeRoll | MoraleOutcome | RallyOutcome | LastWound | None
    entry: TableLog
    words: str


def dice_for(campaign: Campaign | None, faces: Sequence[int] | None, roller: Dice | None) -> Dice:
    """Faces typed in from real dice (when the campaign allows it, C12), else the app's dice."""
    if faces is not None:
        if campaign is not None and not campaign.manual_dice:
            raise DiceError(
                f"{campaign.name} rolls with the app's dice (setting: typed-in dice not allowed):"
                " leave the faces out.",
                field="dice",
                rule="C12",
            )
        return TypedDice(faces)
    return roller or dice_source.app_dice()


def at_table(figure: Figure, field: str, campaign: Campaign | None = None) -> None:
    """A figure the calculators can take: on the roster, not captive, in the same campaign
    (and a campaign still open: a roll is logged)."""
    if campaign is None:
        require_open(figure.warband.campaign)
    elif figure.warband.campaign_id != campaign.id:
        raise TableError(f"{figure.name} plays in another campaign.", field=field)
    if figure.state != Figure.State.ACTIVE:
        raise TableError(f"{figure.name} is {STATE_WORDS[figure.state]}.", field=field)


def line_of(figure: Figure, battle: Battle | None) -> BattleFigure | None:
    """The figure's state in `battle`, or (no battle given) in the battle it is playing now."""
    if battle is None:
        return ongoing_line(figure)
    line = battle.figures.filter(figure=figure).first()
    if line is not None:
        line.battle = battle
    return line


def _log(
    *,
    kind: str,
    actor,
    campaign: Campaign | None,
    battle: Battle | None,
    figure=None,
    other=None,
    dice: Dice | None = None,
    result: str = "",
    text: str,
    data: dict | None = None,
) -> TableLog:
    # The one write of every calculator: a roll goes into a campaign's log only for one of its
    # players (issue 25, finding 9), whichever page or endpoint asked.
    if campaign is not None and not access.is_member(campaign, actor):
        raise PermissionDenied(access.NOT_A_MEMBER_ROLL)
    return TableLog.objects.create(
        campaign=campaign,
        battle=battle,
        turn=battle.turn if battle else None,
        kind=kind,
        actor=actor if actor is not None and actor.is_authenticated else None,
        figure=figure,
        other=other,
        faces=list(dice.rolls) if dice else [],
        typed_in=bool(dice and dice.typed_in),
        result=result,
        text=text[:500],
        data=data or {},
    )


def _unused(dice: Dice) -> None:
    if isinstance(dice, TypedDice) and dice.remaining:
        raise DiceError(f"More faces than the roll needs: {dice.unused} left over.", field="dice")


@transaction.atomic
def table_shoot(
    *,
    actor,
    shooter: Figure,
    at_range: str,
    target: Figure | None = None,
    weapon: str | None = None,
    cover: bool = False,
    volley: int = 1,
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
    battle: Battle | None = None,
) -> Rolled:
    """C23: the shot's odds and, unless it cannot hit, its 2D6."""
    campaign = shooter.warband.campaign
    at_table(shooter, "shooter")
    if target is not None:
        at_table(target, "target", campaign)
        if target.warband_id == shooter.warband_id:
            raise TableError(
                f"{target.name} is on {possessive(shooter.name)} own side.", field="target"
            )
    shot = rules.shooting(
        combatant(shooter, line_of(shooter, battle)),
        at_range=at_range,
        weapon=weapon,
        target=combatant(target, line_of(target, battle)) if target else None,
        cover=cover,
        volley=volley,
    )
    source = dice_for(campaign, dice, roller)
    thrown = shot.roll(source)
    words = shot.result_words(thrown)
    result = "cannot_hit" if thrown is None else "hit" if thrown.hit else "miss"
    entry = _log(
        kind=TableLog.Kind.SHOOTING,
        actor=actor,
        campaign=campaign,
        battle=battle,
        figure=shooter,
        other=target,
        dice=source,
        result=result,
        text=words,
        data={
            "needed": shot.needed,
            "range": at_range,
            "weapon": shot.weapon.key,
            "modifiers": [m.to_dict() for m in shot.modifiers],
        },
    )
    return Rolled(shot, thrown, entry, words)


@transaction.atomic
def table_melee(
    *,
    actor,
    attacker: Figure,
    defender: Figure,
    attacker_factors: Sequence[str] = (),
    defender_factors: Sequence[str] = (),
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
    battle: Battle | None = None,
) -> Rolled:
    """C23: both sides' 2D6 and scores; the result. Typed in: the attacker's two faces, then
    the defender's."""
    campaign = attacker.warband.campaign
    at_table(attacker, "attacker")
    at_table(defender, "defender", campaign)
    if defender.warband_id == attacker.warband_id:
        raise TableError(
            f"{defender.name} is on {possessive(attacker.name)} own side.", field="defender"
        )
    fight = rules.melee(
        combatant(attacker, line_of(attacker, battle)),
        combatant(defender, line_of(defender, battle)),
        attacker_factors=list(attacker_factors),
        defender_factors=list(defender_factors),
    )
    source = dice_for(campaign, dice, roller)
    thrown = fight.roll(source)
    _unused(source)
    words = fight.result_words(thrown)
    entry = _log(
        kind=TableLog.Kind.MELEE,
        actor=actor,
        campaign=campaign,
        battle=battle,
        figure=attacker,
        other=defender,
        dice=source,
        result=thrown.result,
        text=words,
        data={
            "attacker_score": thrown.attacker_score,
            "defender_score": thrown.defender_score,
            "attacker_factors": list(attacker_factors),
            "defender_factors": list(defender_factors),
        },
    )
    return Rolled(fight, thrown, entry, words)


@transaction.atomic
def table_morale(
    *,
    actor,
    figure: Figure,
    modifiers: Sequence[str] = (),
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
    battle: Battle | None = None,
    rally: bool = False,
) -> Rolled:
    """C24: a morale test (Brave re-rolls a failure; typed in, its faces follow the first two)
    or, with `rally`, a rally roll. Hardened figures roll nothing."""
    campaign = figure.warband.campaign
    at_table(figure, "figure")
    who = combatant(figure, line_of(figure, battle))
    test = rules.rally_test(who, modifiers) if rally else rules.morale_test(who, modifiers)
    source = dice_for(campaign, dice, roller)
    thrown = test.roll(source)
    words = test.result_words(thrown)
    result = ("rallied" if thrown.rallied else "not_rallied") if rally else thrown.result
    entry = _log(
        kind=TableLog.Kind.RALLY if rally else TableLog.Kind.MORALE,
        actor=actor,
        campaign=campaign,
        battle=battle,
        figure=figure,
        dice=source,
        result=result,
        text=words,
        data={"modifiers": list(modifiers)},
    )
    return Rolled(test, thrown, entry, words)


@transaction.atomic
def table_last_wound(
    *,
    actor,
    figure: Figure | None = None,
    dice: Sequence[int] | None = None,
    roller: Dice | None = None,
    battle: Battle | None = None,
) -> Rolled:
    """C23: the D6 on a figure's last wound."""
    campaign = figure.warband.campaign if figure else None
    if figure is not None:
        at_table(figure, "figure")
    source = dice_for(campaign, dice, roller)
    wound = rules.last_wound(source)
    name = figure.name if figure else "The figure"
    words = f"{possessive(name)} last wound: D6 {wound.face}: {wound.words}."
    entry = _log(
        kind=TableLog.Kind.LAST_WOUND,
        actor=actor,
        campaign=campaign,
        battle=battle,
        figure=figure,
        dice=source,
        result=wound.result,
        text=words,
    )
    return Rolled(None, wound, entry, words)

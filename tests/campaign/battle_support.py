"""Shared set-up for the battle sheet tests (this module holds no tests)."""

from __future__ import annotations

from campaign import services
from campaign.models import Battle, BattleFigure, Figure
from campaign.services import battles


def start(campaign, war_party, patrol, actor) -> Battle:
    return battles.battle_start(
        campaign=campaign, actor=actor, warband_a=war_party.id, warband_b=patrol.id
    )


def line(battle: Battle, name: str) -> BattleFigure:
    return battle.figures.select_related("figure").get(figure__name=name)


def fid(warband, name: str) -> int:
    return Figure.objects.get(warband=warband, name=name).id


__all__ = ["line", "fid", "services", "start"]

"""The battle sheet: a game played at the club, written as it is played (C23, C24).

Either player (or the organiser) starts a battle between two founded warbands of a campaign;
every figure of both rosters gets a line. The turn counter, the initiative, corrections by hand
and the end are here; the calculators' rolls applied to the sheet are in battle_rolls.py.
"File the report" turns the sheet into a game report (services.games) for the usual
confirmation and post-game sequence. Every change bumps `version`, which both players' pages
poll.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from campaign.access import is_organiser, may_play
from campaign.errors import CampaignError
from campaign.models import Battle, BattleFigure, Campaign, Figure, GameReport, TableLog, Warband
from campaign.rules.dice import Dice
from campaign.rules.table import STATE_NAMES, STATES, Losses
from campaign.rules.table.odds import roll
from campaign.selectors.battles import battle_sheet
from campaign.services.campaigns import require_open
from campaign.services.games import MAX_TALLY, GameLine, game_file
from campaign.services.tables import dice_for

OUTCOME = {"ok": "ok", "flesh_wound": "ok", "down": "down", "out_of_action": "out_of_action"}


class BattleError(CampaignError):
    """A battle sheet action that cannot be done as asked."""


def locked_battle(battle: Battle, actor) -> Battle:
    """The battle locked for a change by one of its players, while it is on."""
    row = (
        Battle.objects.select_for_update(of=("self",))
        .select_related("campaign", "warband_a", "warband_b")
        .get(pk=battle.pk)
    )
    if not may_play(row, actor):
        raise PermissionDenied("Only the two players or the organiser may play this battle.")
    require_open(row.campaign)
    if not row.is_on:
        raise BattleError(
            f"This battle is over ({row.get_status_display().lower()}): nothing changes on its "
            "sheet any more.",
            field="status",
        )
    return row


def battle_version_held(*, battle: Battle) -> int:
    """The sheet's version, its row locked to the end of the caller's transaction: a write
    made on a version (If-Match) is checked and applied on it, or not at all."""
    return (
        Battle.objects.select_for_update(of=("self",))
        .filter(pk=battle.pk)
        .values_list("version", flat=True)
        .get()
    )


def bump(battle: Battle) -> None:
    Battle.objects.filter(pk=battle.pk).update(version=F("version") + 1, updated_at=timezone.now())
    battle.refresh_from_db(fields=["version", "updated_at"])


def _note(
    battle: Battle,
    actor,
    kind: str,
    text: str,
    figure: Figure | None = None,
    dice: Dice | None = None,
    result: str = "",
) -> TableLog:
    return TableLog.objects.create(
        campaign=battle.campaign,
        battle=battle,
        turn=battle.turn,
        kind=kind,
        actor=actor,
        figure=figure,
        faces=list(dice.rolls) if dice else [],
        typed_in=bool(dice and dice.typed_in),
        result=result,
        text=text[:500],
    )


def battle_line(battle: Battle, figure_id: int | None, field: str) -> BattleFigure:
    line = (
        battle.figures.select_for_update(of=("self",))
        .select_related("figure__warband__campaign")
        .filter(figure_id=figure_id)
        .first()
    )
    if line is None:
        raise BattleError("That figure is not in this battle.", field=field)
    if not line.took_part:
        raise BattleError(f"{line.figure.name} is not taking part in this battle.", field=field)
    return line


# --- starting, the turn, the initiative --------------------------------------------------------


@transaction.atomic
def battle_start(*, campaign: Campaign, actor, warband_a: int, warband_b: int) -> Battle:
    """A battle between two founded warbands of the campaign, started by one of their players
    (or the organiser). A warband plays one battle at a time."""
    require_open(campaign)
    if warband_a == warband_b:
        raise BattleError("A battle is fought by two different warbands.", field="warband_b")
    found = {
        w.id: w
        for w in Warband.objects.select_for_update().filter(
            pk__in=[warband_a, warband_b], campaign=campaign
        )
    }
    for key, warband_id in (("warband_a", warband_a), ("warband_b", warband_b)):
        warband = found.get(warband_id)
        if warband is None:
            raise BattleError(f"There is no warband {warband_id} in {campaign}.", field=key)
        if warband.state != Warband.State.FOUNDED:
            raise BattleError(f"{warband.name} is not a founded warband.", field=key)
        busy = Battle.objects.on().filter(Q(warband_a=warband) | Q(warband_b=warband)).first()
        if busy is not None:
            raise BattleError(
                f"{warband.name} is already playing a battle ({busy}): finish, file or abandon "
                "it first.",
                field=key,
            )
    a, b = found[warband_a], found[warband_b]
    if not (is_organiser(campaign, actor) or actor.id in (a.owner_id, b.owner_id)):
        raise PermissionDenied("Only the two players or the organiser may start this battle.")
    figures = list(Figure.objects.filter(warband__in=[a, b], state=Figure.State.ACTIVE))
    for key, warband in (("warband_a", a), ("warband_b", b)):
        if not any(f.warband_id == warband.id for f in figures):
            raise BattleError(f"{warband.name} has no figure free to play.", field=key)
    battle = Battle.objects.create(campaign=campaign, warband_a=a, warband_b=b, started_by=actor)
    BattleFigure.objects.bulk_create(BattleFigure(battle=battle, figure=f) for f in figures)
    _note(battle, actor, TableLog.Kind.BATTLE, f"{a.name} v {b.name}: the battle starts, turn 1.")
    return battle


@transaction.atomic
def battle_initiative(
    *, battle: Battle, actor, dice: Sequence[int] | None = None, roller: Dice | None = None
) -> Battle:
    """The seed's turn: "Roll 1D6 for initiative, winner chooses to go first or last". One D6
    a side (typed in: side A's face, then side B's); a tie is rolled again."""
    battle = locked_battle(battle, actor)
    source = dice_for(battle.campaign, dice, roller)
    a, b = roll(source, 2)
    names = (battle.warband_a.name, battle.warband_b.name)
    if a == b:
        text = f"Turn {battle.turn} initiative: {names[0]} {a}, {names[1]} {b}: a tie, roll again."
        battle.initiative = None
    else:
        battle.initiative = battle.warband_a if a > b else battle.warband_b
        text = (
            f"Turn {battle.turn} initiative: {names[0]} {a}, {names[1]} {b}: "
            f"{battle.initiative.name} chooses to go first or last."
        )
    battle.goes_first = None
    battle.save(update_fields=["initiative", "goes_first"])
    _note(
        battle,
        actor,
        TableLog.Kind.INITIATIVE,
        text,
        dice=source,
        result="tie" if a == b else str(battle.initiative_id),
    )
    bump(battle)
    return battle


@transaction.atomic
def battle_choose_order(*, battle: Battle, actor, first: bool) -> Battle:
    """The initiative's winner goes first (`first`) or last."""
    battle = locked_battle(battle, actor)
    if battle.initiative is None:
        raise BattleError("Roll for the initiative first.", field="first")
    winner = battle.initiative
    other = battle.warband_b if winner.id == battle.warband_a_id else battle.warband_a
    battle.goes_first = winner if first else other
    battle.save(update_fields=["goes_first"])
    order = "first" if first else "last"
    _note(
        battle,
        actor,
        TableLog.Kind.INITIATIVE,
        f"{winner.name} goes {order}: {battle.goes_first.name} moves first in turn {battle.turn}.",
    )
    bump(battle)
    return battle


@transaction.atomic
def battle_next_turn(*, battle: Battle, actor) -> Battle:
    """The next turn: a new initiative roll, and every figure down rolls its D6 again (the
    seed: down figures take an injury roll each turn until a flesh wound or out of action)."""
    battle = locked_battle(battle, actor)
    battle.turn += 1
    battle.initiative = battle.goes_first = None
    battle.save(update_fields=["turn", "initiative", "goes_first"])
    down = battle.figures.filter(state="down", took_part=True)
    names = [line.figure.name for line in down.select_related("figure")]
    down.update(last_wound_due=True)
    text = f"Turn {battle.turn} begins."
    if names:
        text += f" Down, rolling again this turn: {', '.join(names)}."
    _note(battle, actor, TableLog.Kind.TURN, text)
    bump(battle)
    return battle


# --- corrections by hand -----------------------------------------------------------------------


@transaction.atomic
def battle_set_figure(
    *,
    battle: Battle,
    actor,
    figure: int,
    state: str,
    wounds_taken: int,
    wounds_inflicted: int,
    scalps: int,
    took_part: bool = True,
    put_down_by: int | None = None,
) -> BattleFigure:
    """Correct a figure's line by hand (what happened off the calculators: a coup claimed, a
    down figure finished off). Regulars take no scalps (C25)."""
    battle = locked_battle(battle, actor)
    line = (
        battle.figures.select_for_update(of=("self",))
        .select_related("figure__warband", "put_down_by")
        .filter(figure_id=figure)
        .first()
    )
    if line is None:
        raise BattleError("That figure is not in this battle.", field="figure")
    name = line.figure.name
    if state not in STATES:
        raise BattleError(f"A figure is {', '.join(STATES)}; not {state!r}.", field="state")
    for key, value in (
        ("wounds_taken", wounds_taken),
        ("wounds_inflicted", wounds_inflicted),
        ("scalps", scalps),
    ):
        if not 0 <= value <= MAX_TALLY:
            raise BattleError(f"{name}: {key.replace('_', ' ')} are 0 to {MAX_TALLY}.", field=key)
    if scalps and line.figure.warband.faction == "regulars":
        raise BattleError(
            f"{name} is a Regular: Regulars may not scalp.", field="scalps", rule="C25"
        )
    enemy = None
    if put_down_by is not None:
        enemy = battle.figures.filter(figure_id=put_down_by).select_related("figure").first()
        if enemy is None or enemy.figure.warband_id == line.figure.warband_id:
            raise BattleError(
                f"{name} is put down by a figure of the other side.", field="put_down_by"
            )
    if not took_part and (state != "ok" or wounds_inflicted or scalps):
        raise BattleError(
            f"{name} does not take part: it cannot be hurt nor hurt anyone.", field="took_part"
        )
    changes = _changes(
        line,
        state=state,
        wounds_taken=wounds_taken,
        wounds_inflicted=wounds_inflicted,
        scalps=scalps,
        took_part=took_part,
        put_down_by=enemy.figure if enemy else None,
    )
    if not changes:
        return line
    overrides = _rolls_overridden(battle, line, state=state, wounds_taken=wounds_taken)
    line.state, line.wounds_taken, line.wounds_inflicted = state, wounds_taken, wounds_inflicted
    line.scalps, line.took_part = scalps, took_part
    line.put_down_by = enemy.figure if enemy else None
    if state in ("ok", "out_of_action") or not took_part:
        line.last_wound_due = False
    line.save()
    _note(
        battle,
        actor,
        TableLog.Kind.FIGURE,
        f"{name}: {'; '.join(changes)} (by hand{overrides}).",
        figure=line.figure,
    )
    bump(battle)
    return line


def _rolls_overridden(battle: Battle, line: BattleFigure, *, state: str, wounds_taken: int) -> str:
    """C22 at the table: a logged roll is never taken back silently. A change by hand that
    undoes what the calculators' dice decided names the rolls it overrides."""
    words = []
    if state != line.state:
        last = (
            battle.log.filter(kind=TableLog.Kind.LAST_WOUND, figure_id=line.figure_id)
            .order_by("-id")
            .first()
        )
        if last is not None and last.result == line.state:
            how = "typed in" if last.typed_in else "the app's dice"
            faces = " ".join(str(f) for f in last.faces)
            words.append(
                f"over the last-wound roll of turn {last.turn} (D6 {faces}, {how}, "
                f"{last.actor or 'someone'})"
            )
    if wounds_taken < line.wounds_taken:
        words.append(f"taking back {line.wounds_taken - wounds_taken} wound(s) the dice dealt")
    return ", " + ", ".join(words) if words else ""


def _changes(line: BattleFigure, **new) -> list[str]:
    words = []
    if new["took_part"] != line.took_part:
        words.append("takes part" if new["took_part"] else "does not take part")
    if new["state"] != line.state:
        words.append(f"{STATE_NAMES[line.state]} → {STATE_NAMES[new['state']]}")
    for key in ("wounds_taken", "wounds_inflicted", "scalps"):
        if new[key] != getattr(line, key):
            words.append(f"{key.replace('_', ' ')} {getattr(line, key)} → {new[key]}")
    if new["put_down_by"] != line.put_down_by:
        who = new["put_down_by"].name if new["put_down_by"] else "nobody"
        words.append(f"put down by {who}")
    return words


# --- the end -----------------------------------------------------------------------------------


@transaction.atomic
def battle_file(
    *, battle: Battle, actor, winner: int | None, played_on: datetime.date | None = None
) -> GameReport:
    """File the sheet as a game report (services.games.game_file: the usual checks, and the
    opponent's confirmation unless the organiser files it). Flesh wounds end the game "ok";
    down and out of action as they stand."""
    battle = locked_battle(battle, actor)
    if winner is not None and winner not in (battle.warband_a_id, battle.warband_b_id):
        raise BattleError(
            "The winner is one of the two warbands, or none for a draw.", field="winner"
        )
    lines = list(battle.figures.select_related("figure"))
    report = game_file(
        campaign=battle.campaign,
        actor=actor,
        warbands=[battle.warband_a_id, battle.warband_b_id],
        winner=winner,
        played_on=played_on or timezone.localdate(),
        figures=[_report_line(line) for line in lines],
    )
    battle.status = Battle.Status.FILED
    battle.report = report
    battle.ended_at = timezone.now()
    battle.save(update_fields=["status", "report", "ended_at"])
    who = "a draw" if winner is None else f"{report.winner.name} won"
    _note(
        battle, actor, TableLog.Kind.BATTLE, f"The report is filed after turn {battle.turn}: {who}."
    )
    bump(battle)
    return report


def _report_line(line: BattleFigure) -> GameLine:
    """The figure's line of the report; who put it down (C17) when it ended down or out."""
    outcome = OUTCOME[line.state]
    return GameLine(
        figure=line.figure_id,
        took_part=line.took_part,
        outcome=outcome,
        wounds_inflicted=line.wounds_inflicted,
        scalps=line.scalps,
        put_down_by=line.put_down_by_id if outcome != "ok" else None,
    )


@transaction.atomic
def battle_abandon(*, battle: Battle, actor) -> Battle:
    """Give the battle up: nothing is reported; both warbands are free for another."""
    battle = locked_battle(battle, actor)
    battle.status = Battle.Status.ABANDONED
    battle.ended_at = timezone.now()
    battle.save(update_fields=["status", "ended_at"])
    _note(battle, actor, TableLog.Kind.BATTLE, f"The battle is abandoned in turn {battle.turn}.")
    bump(battle)
    return battle


def suggested_winner(battle: Battle) -> int | None:
    """The side whose enemy routed (C24: 50% losses), else the side that lost fewer."""
    sides = battle_sheet(battle)
    losses: list[Losses] = [s.losses for s in sides]
    routed = [s.routs for s in sides]
    if routed[0] != routed[1]:
        return sides[1].warband.id if routed[0] else sides[0].warband.id
    share = [loss.lost / loss.taking_part if loss.taking_part else 0 for loss in losses]
    if share[0] == share[1]:
        return None
    return sides[0].warband.id if share[0] < share[1] else sides[1].warband.id

"""Reads for the table companion: a figure as the calculators see it (its roster and its state
in the game), and the battle sheet both players look at. Who may see and play a battle is
campaign.access's (battle_for, may_play)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet

from campaign.models import Battle, BattleFigure, Campaign, Figure, TableLog, Warband
from campaign.rules.factions import SPECIALISTS, STATUS_NAMES, item_name
from campaign.rules.table import Combatant, Losses, shooting_weapons
from campaign.rules.table.morale import LOSS_KEYS


def battles_queryset() -> QuerySet[Battle]:
    return Battle.objects.select_related(
        "campaign", "warband_a__owner", "warband_b__owner", "initiative", "goes_first", "report"
    )


# --- a figure at the table ---------------------------------------------------------------------


def ongoing_line(figure: Figure) -> BattleFigure | None:
    """The figure's line in the battle its warband is playing now, if any."""
    return (
        BattleFigure.objects.filter(figure=figure, battle__status=Battle.Status.ON)
        .select_related("battle__warband_a", "battle__warband_b")
        .first()
    )


def combatant(figure: Figure, line: BattleFigure | None = None) -> Combatant:
    """The figure as the calculators see it: roster from its rows (kit prefetched or not),
    wounds and state from its line in a battle (C23: -1 per wound; down figures do nothing)."""
    battle = line.battle if line else None
    opponent = None
    if battle is not None:
        other = battle.warband_b if figure.warband_id == battle.warband_a_id else battle.warband_a
        opponent = other.name
    special = SPECIALISTS.get(figure.specialist)
    return Combatant(
        id=figure.id,
        name=figure.name,
        faction=figure.warband.faction,
        status=figure.status,
        reputation=figure.reputation,
        kit=tuple(p.key for p in figure.equipment.all()),
        skills=tuple(figure.skills),
        injuries=tuple(figure.injuries),
        increases=dict(figure.increases),
        wounds=line.wounds_taken if line else 0,
        state=line.state if line else "ok",
        warband=figure.warband.name,
        opponent=opponent,
        non_combatant=bool(special and special.non_combatant),
    )


# --- the battle sheet --------------------------------------------------------------------------


def battle_lines(battle: Battle) -> list[BattleFigure]:
    return list(
        battle.figures.select_related("figure__warband", "put_down_by", "wounded_by")
        .prefetch_related("figure__equipment")
        .order_by("figure__warband_id", "figure__position", "figure_id")
    )


@dataclass
class Row:
    """A figure's row on the sheet."""

    line: BattleFigure
    combatant: Combatant
    kit: str
    status_name: str
    morale: str = ""  # "Routed" or "Falling back": its last morale test, until a rally (C24)

    @property
    def figure(self) -> Figure:
        return self.line.figure

    @property
    def shoots(self) -> bool:
        return bool(shooting_weapons(self.combatant.kit))


@dataclass
class SideSheet:
    warband: Warband
    letter: str  # "a" or "b"
    rows: list[Row] = field(default_factory=list)
    losses: Losses = Losses(0, 0)
    checked: int = 0
    check_due: int | None = None
    routs: bool = False
    leader: Row | None = None

    @property
    def loss_key(self) -> str | None:
        return LOSS_KEYS.get(self.check_due) if self.check_due else self.losses.modifier_key

    @property
    def standing(self) -> list[Row]:
        return [r for r in self.rows if r.line.standing]


def _leader(rows: list[Row]) -> Row | None:
    """C24: checks are against the leader's morale: the Hero while he stands, else the
    standing figure of highest reputation."""
    standing = [r for r in rows if r.line.standing]
    heroes = [r for r in standing if r.figure.status == "hero"]
    if heroes:
        return heroes[0]
    return max(standing, key=lambda r: r.figure.reputation, default=None)


MORALE_MARKS = {"RT": "Routed", "FB": "Falling back"}  # C24's results that move a figure


def _morale_marks(battle: Battle) -> dict[int, str]:
    """Each figure's mark from its last morale test or rally on the sheet: a rout or a fall
    back stays marked until the figure rallies (or tests again with no effect)."""
    marks: dict[int, str] = {}
    entries = battle.log.filter(
        kind__in=[TableLog.Kind.MORALE, TableLog.Kind.RALLY], figure__isnull=False
    ).order_by("id")
    for figure_id, kind, result in entries.values_list("figure_id", "kind", "result"):
        if kind == TableLog.Kind.RALLY and result != "rallied":
            continue  # a failed rally leaves the figure as it was
        marks[figure_id] = MORALE_MARKS.get(result, "")
    return marks


def battle_sheet(battle: Battle, lines: list[BattleFigure] | None = None) -> list[SideSheet]:
    """Both sides with their rows, losses and the morale checks due (C24)."""
    lines = battle_lines(battle) if lines is None else lines
    sides = [
        SideSheet(battle.warband_a, "a", checked=battle.checked_a),
        SideSheet(battle.warband_b, "b", checked=battle.checked_b),
    ]
    morale = _morale_marks(battle)
    for line in lines:
        line.battle = battle  # spares a query per row in combatant()
        side = sides[0] if line.figure.warband_id == battle.warband_a_id else sides[1]
        figure = line.figure
        side.rows.append(
            Row(
                line=line,
                combatant=combatant(figure, line),
                kit=", ".join(item_name(p.key) for p in figure.equipment.all()) or "no kit",
                status_name=STATUS_NAMES.get(figure.status, figure.status),
                morale=morale.get(figure.id, "") if line.standing else "",
            )
        )
    for side in sides:
        taking_part = [r for r in side.rows if r.line.took_part]
        side.losses = Losses(len(taking_part), sum(1 for r in taking_part if r.line.lost))
        side.check_due = side.losses.check_due(side.checked)
        side.routs = side.losses.routs
        side.leader = _leader(side.rows)
    return sides


def battle_log(battle: Battle, limit: int = 60) -> list[TableLog]:
    return list(battle.log.select_related("actor").order_by("-id")[:limit])


def campaign_battles(campaign: Campaign) -> QuerySet[Battle]:
    return (
        battles_queryset()
        .filter(campaign=campaign)
        .prefetch_related(Prefetch("figures", queryset=BattleFigure.objects.only("id", "battle")))
    )


def battle_of_report(report_id: int) -> Battle | None:
    return Battle.objects.filter(report_id=report_id).first()


def playable_warbands(
    campaign: Campaign, user, *, organiser: bool
) -> tuple[QuerySet[Warband], QuerySet[Warband]]:
    """The warbands a user may start a battle with (theirs; the organiser's: any) and the
    opponents they may face: founded warbands of the campaign."""
    founded = campaign.warbands.filter(state=Warband.State.FOUNDED).select_related("owner")
    mine = founded if organiser else founded.filter(owner=user)
    return mine.order_by("name"), founded.order_by("name")

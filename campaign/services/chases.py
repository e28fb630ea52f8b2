"""Chases that feed the campaign (P14): a Pelts chase between two warbands of a campaign, its
rowers named from the rosters (two per canoe), and the game report filed from its end.

The chase is the chase app's game session (chase.services.sessions); this module names its rowers,
starts it, and files its report: every rower took part, a wounded or lost rower counts as down,
and the winner is the side that won the chase.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from campaign.access import is_organiser
from campaign.errors import CampaignError
from campaign.models import Campaign, CampaignChase, Figure, GameReport, Warband
from campaign.selectors.chases import SIDE_NAMES, SIDES, rower_fates
from campaign.services.campaigns import require_open
from campaign.services.games import GameLine, game_file
from chase.models import GameSession
from chase.services import sessions as chase_services

CANOES = {"trapper": (1, 2), "indian": (1, 3)}  # the chase's own bounds (P2's setting)
RIVERS = {
    "short": ["straight", "bend", "straight"],  # P1: the seed's minimum, 72"
    "standard": ["straight", "bend", "straight", "bend"],  # P1's default, 96"
}
HURT = ("wounded", "lost")  # P14: a rower wounded or lost overboard counts as down


class ChaseError(CampaignError):
    """A campaign chase that cannot be started or filed as asked."""


def _warband(campaign: Campaign, warband_id: int, field: str) -> Warband:
    warband = Warband.objects.filter(pk=warband_id, campaign=campaign).first()
    if warband is None:
        raise ChaseError(f"There is no warband {warband_id} in {campaign}.", field=field)
    if warband.state != Warband.State.FOUNDED:
        raise ChaseError(f"{warband.name} is not a founded warband.", field=field)
    return warband


def _check_rowers(side: str, warband: Warband, canoes: Sequence[Sequence[int]]) -> None:
    """Two rowers per canoe, each a figure of the side's warband free to play, each once."""
    field = f"rowers.{side}"
    low, high = CANOES[side]
    if not low <= len(canoes) <= high:
        raise ChaseError(
            f"{SIDE_NAMES[side].capitalize()} paddle {low} to {high} canoes.", field=field
        )
    if any(len(canoe) != 2 for canoe in canoes):
        raise ChaseError("Two rowers in each canoe.", field=field)
    ids = [figure for canoe in canoes for figure in canoe]
    if len(set(ids)) != len(ids):
        raise ChaseError("A figure rows in one canoe, in one seat.", field=field)
    found = set(
        Figure.objects.filter(pk__in=ids, warband=warband, state=Figure.State.ACTIVE).values_list(
            "pk", flat=True
        )
    )
    missing = [i for i in ids if i not in found]
    if missing:
        raise ChaseError(
            f"The rowers of {SIDE_NAMES[side]} are figures of {warband.name} free to play "
            f"(not {', '.join(map(str, missing))}).",
            field=field,
        )


@transaction.atomic
def chase_start(
    *,
    campaign: Campaign,
    actor,
    trappers: int,
    indians: int,
    rowers: dict[str, Sequence[Sequence[int]]],
    mode: str = GameSession.Mode.SOLO,
    play_as: str = "trapper",
    river: str = "standard",
) -> CampaignChase:
    """Start a Pelts chase between two warbands of the campaign (P14). The player plays
    `play_as` (their own warband's side, unless they are the organiser); solo, the computer
    plays the other side. Each side's rowers are named from its roster, two per canoe."""
    require_open(campaign)
    if trappers == indians:
        raise ChaseError("A chase is between two different warbands.", field="indians")
    sides = {
        "trapper": _warband(campaign, trappers, "trappers"),
        "indian": _warband(campaign, indians, "indians"),
    }
    if play_as not in SIDES:
        raise ChaseError("Play the trappers or the Indians.", field="play_as")
    organiser = is_organiser(campaign, actor)
    if not (organiser or actor.id in (sides["trapper"].owner_id, sides["indian"].owner_id)):
        raise PermissionDenied("Only the two players or the organiser may start this chase.")
    if not organiser and sides[play_as].owner_id != actor.id:
        raise ChaseError(
            f"You play your own warband: {sides[play_as].name} is not yours.", field="play_as"
        )
    if river not in RIVERS:
        raise ChaseError(f"The river is {' or '.join(RIVERS)}.", field="river")
    for side in SIDES:
        _check_rowers(side, sides[side], rowers.get(side) or [])
    session = chase_services.session_create(
        kind="pelts",
        mode=mode,
        options={
            "trapper_canoes": len(rowers["trapper"]),
            "indian_canoes": len(rowers["indian"]),
            "layout": RIVERS[river],
        },
        user=actor,
        play_as=play_as,
        creator_sits=True,
    )
    return CampaignChase.objects.create(
        campaign=campaign,
        session=session,
        trappers=sides["trapper"],
        indians=sides["indian"],
        rowers={side: [list(canoe) for canoe in rowers[side]] for side in SIDES},
        started_by=actor,
    )


def _credited_wounds(chase: CampaignChase, fates: dict[int, str]) -> dict[int, int]:
    """Each rower down was put there by the other side's cards (a shot, a melee, the King's
    random event): the wound is credited to that side's rowers in turn, canoe by canoe (the
    chase does not say which canoe's card it was), so the report stays possible (C29)."""
    credited: dict[int, int] = {}
    for side, other in (("trapper", "indian"), ("indian", "trapper")):
        down = sum(1 for canoe in chase.rowers[side] for f in canoe if fates[f] in HURT)
        enemies = [f for canoe in chase.rowers[other] for f in canoe]
        for n in range(down):
            figure = enemies[n % len(enemies)]
            credited[figure] = credited.get(figure, 0) + 1
    return credited


@transaction.atomic
def chase_file_report(*, chase: CampaignChase, actor) -> GameReport:
    """File the finished chase as a game report (P14): every rower took part; a wounded or
    lost rower ended the game down; the winner is the side that won the chase. The report
    goes through the usual confirmation and post-game sequences. Filing twice files once."""
    chase = (
        CampaignChase.objects.select_for_update(of=("self",))
        .select_related("session", "report")
        .get(pk=chase.pk)
    )
    if chase.report is not None and chase.report.status != GameReport.Status.WITHDRAWN:
        return chase.report
    if chase.session.status != GameSession.Status.FINISHED:
        raise ChaseError(
            "The chase is not over yet: file it once it has a winner.", field="session"
        )
    fates = rower_fates(chase)
    wounds = _credited_wounds(chase, fates)
    winner = {"trapper": chase.trappers_id, "indian": chase.indians_id}.get(chase.session.winner)
    lines = [
        GameLine(
            figure=figure,
            took_part=True,
            outcome="down" if fates[figure] in HURT else "ok",
            wounds_inflicted=wounds.get(figure, 0),
        )
        for side in SIDES
        for canoe in chase.rowers[side]
        for figure in canoe
    ]
    report = game_file(
        campaign=chase.campaign,
        actor=actor,
        warbands=[chase.trappers_id, chase.indians_id],
        winner=winner,
        played_on=timezone.localdate(),
        figures=lines,
    )
    chase.report = report
    chase.save(update_fields=["report"])
    return report

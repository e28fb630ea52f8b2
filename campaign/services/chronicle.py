"""Players' own lines in the chronicle: a member adds a line to a game's entry, its author takes
it back. The lines the chronicle writes from the records are never stored (selectors.chronicle).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction

from campaign.access import is_member
from campaign.errors import CampaignError
from campaign.models import CampaignChase, ChronicleLine, GameReport
from campaign.models.chronicle import LINE_MAX
from campaign.selectors.chronicle import (
    ChronicleEntry,
    campaign_chronicle,
    chase_odds_swings,
    swings_key,
)
from campaign.services.campaigns import require_open
from chase.services.odds import BROKER_ERRORS
from core.queue import task_named
from core.text import has_control_characters

logger = logging.getLogger(__name__)


def _checked_text(text) -> str:
    text = (text or "").strip() if isinstance(text, str) else ""
    if not text:
        raise CampaignError("Write something first: your line is empty.", field="text")
    if len(text) > LINE_MAX:
        raise CampaignError(
            f"A line is at most {LINE_MAX} characters; yours has {len(text)}.", field="text"
        )
    if has_control_characters(text):
        raise CampaignError(
            "One line of text, please: no line breaks, tabs or other control characters.",
            field="text",
        )
    return text


@transaction.atomic
def chronicle_line_add(*, game: GameReport, author, text: str) -> ChronicleLine:
    """A member's line under a confirmed game's entry, in their own words and name."""
    campaign = game.campaign
    require_open(campaign)
    if not is_member(campaign, author):
        raise PermissionDenied("Only the campaign's players and organiser add to its chronicle.")
    if game.status != GameReport.Status.CONFIRMED:
        raise CampaignError(
            "The chronicle tells confirmed games only: this one is not confirmed.", field="game"
        )
    return ChronicleLine.objects.create(game=game, author=author, text=_checked_text(text))


@transaction.atomic
def chronicle_line_delete(*, line: ChronicleLine, actor) -> None:
    """Its author takes a line back; nobody else may."""
    require_open(line.game.campaign)
    if not (actor.is_authenticated and actor.id == line.author_id):
        raise PermissionDenied("Only its author takes a line back.")
    line.delete()


# --- a canoe game's swings of the odds, worked out in the background -----------------------------

SWINGS_TASK = "campaign.chronicle_swings"  # campaign.tasks, on the `odds` queue (settings)
SWINGS_KEEP = 30 * 24 * 3600  # a finished chase's swings never change: kept a month
ASKED_SECONDS = 300  # a chase's swings asked for are not sent to a worker again for this long


def chronicle_worked_out(campaign) -> list[ChronicleEntry]:
    """The campaign's chronicle (selectors.chronicle.campaign_chronicle), with the swings of
    its finished chases asked for: worked out here and now without a broker, else queued
    (their entries say `pivotal_pending` until a worker is done)."""
    entries = campaign_chronicle(campaign)
    pending = [entry.game_id for entry in entries if entry.pivotal_pending]
    if not pending:
        return entries
    chases = CampaignChase.objects.select_related("session", "trappers", "indians").filter(
        report_id__in=pending
    )
    answers = [chase_swings_ask(chase=chase) for chase in chases]
    if any(answer is not None for answer in answers):
        entries = campaign_chronicle(campaign)  # read again with what was worked out
    return entries


def chase_swings_ask(*, chase: CampaignChase) -> list[dict] | None:
    """A finished chase's swings of the odds (selectors.chronicle.chase_odds_swings), or None
    while a worker works them out. They cost a few seconds of playouts: once per chase,
    kept in the cache. Without a broker (`make run`) they are worked out here and now."""
    key = swings_key(chase.session)
    found = cache.get(key)
    if found is not None:
        return found
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return chase_swings_work_out(chase_id=chase.id)
    if cache.add(f"{key}:asked", True, ASKED_SECONDS):
        try:
            task_named(SWINGS_TASK).apply_async(kwargs={"chase_id": chase.id})
        except BROKER_ERRORS as error:
            logger.warning("Broker unreachable (%s): the chase's swings wait.", error)
            cache.delete(f"{key}:asked")
    return None


def chase_swings_work_out(*, chase_id: int) -> list[dict] | None:
    """Work out and keep a finished chase's swings (the task's work; idempotent)."""
    chase = (
        CampaignChase.objects.select_related("session", "trappers", "indians")
        .filter(pk=chase_id)
        .first()
    )
    if chase is None or not chase.session.is_finished:
        return None
    swings = chase_odds_swings(chase)
    cache.set(swings_key(chase.session), swings, SWINGS_KEEP)
    return swings

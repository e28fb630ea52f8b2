"""Players' own lines in the chronicle: a member adds a line to a game's entry, its author takes
it back. The lines the chronicle writes from the records are never stored (selectors.chronicle).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from campaign.access import is_member
from campaign.errors import CampaignError
from campaign.models import ChronicleLine, GameReport
from campaign.models.chronicle import LINE_MAX
from campaign.services.campaigns import require_open
from core.text import has_control_characters


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

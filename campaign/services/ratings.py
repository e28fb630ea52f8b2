"""Queueing rating work after a change. The background-jobs issue replaces these bodies with
Celery tasks enqueued on commit; until then they run at once, in the caller's transaction."""

from __future__ import annotations

from collections.abc import Iterable

from campaign.models import Warband
from campaign.services.warbands import warband_recalculate_rating


def ratings_queue_recalculation(*, warband_ids: Iterable[int]) -> None:
    """The team ratings (C11) of these warbands changed: recalculate them."""
    for warband in Warband.objects.filter(pk__in=list(warband_ids)):
        warband_recalculate_rating(warband=warband)


def rankings_queue_rebuild(*, campaign_id: int) -> None:
    """A game of this campaign was confirmed, edited or withdrawn: rebuild its player rankings.

    Nothing to do until rankings exist (background-jobs issue)."""

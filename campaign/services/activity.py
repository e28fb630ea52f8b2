"""Writing the campaign's activity feed; called by the other services inside their
transactions, so a line exists exactly when the change it tells of does."""

from __future__ import annotations

from campaign.models import Activity, Campaign


def activity_record(
    *, campaign: Campaign | int, kind: str, text: str, url: str = "", actor=None
) -> Activity:
    campaign_id = campaign if isinstance(campaign, int) else campaign.id
    person = actor if actor is not None and actor.is_authenticated else None
    return Activity.objects.create(
        campaign_id=campaign_id, kind=kind, text=text[:300], url=url, actor=person
    )

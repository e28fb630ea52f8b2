"""A player leaving a campaign, or removed by its organiser: their warbands go with them."""

from __future__ import annotations

from django.db import transaction

from campaign.errors import CampaignError
from campaign.models import Activity, Campaign, Membership, Warband
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from campaign.services.warbands import warband_delete_draft, warband_retire


@transaction.atomic
def campaign_remove_member(*, campaign: Campaign, user, actor=None) -> dict[str, list[str]]:
    """A player leaves (or the organiser removes them): their founded warbands retire (kept in
    the league's history), their drafts are deleted (never played). The organiser stays.

    Returns the names of the warbands retired and the drafts deleted, for the message.
    """
    require_open(campaign)
    if user.id == campaign.organiser_id:
        raise CampaignError(
            "The organiser cannot leave their own campaign: close it instead.", field="user"
        )
    membership = Membership.objects.filter(campaign=campaign, user=user).first()
    if membership is None:
        raise CampaignError(f"{user} does not play in {campaign.name}.", field="user")
    done: dict[str, list[str]] = {"retired": [], "deleted": []}
    for warband in Warband.objects.filter(campaign=campaign, owner=user).select_related("campaign"):
        if warband.is_draft:
            warband_delete_draft(warband=warband)
            done["deleted"].append(warband.name)
        elif warband.state == Warband.State.FOUNDED:
            warband_retire(warband=warband)
            done["retired"].append(warband.name)
    membership.delete()
    leaving = actor is None or actor.id == user.id
    activity_record(
        campaign=campaign,
        kind=Activity.Kind.MEMBER,
        text=f"{user} left {campaign.name}"
        if leaving
        else f"{user} was removed from {campaign.name}",
        actor=actor if actor is not None else user,
    )
    return done

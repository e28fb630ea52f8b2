"""Campaigns: starting one, joining it (by its id or the invite code), changing its settings.

Services take keyword-only arguments, run in one transaction and raise the app's errors.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from campaign.errors import CampaignError
from campaign.models import Campaign, Membership


@transaction.atomic
def campaign_create(*, organiser, name: str, **settings) -> Campaign:
    campaign = Campaign(organiser=organiser, name=name.strip(), **settings)
    campaign.full_clean()
    campaign.save()
    Membership.objects.create(campaign=campaign, user=organiser)
    return campaign


WRONG_INVITE_CODE = "That invite code does not match this campaign."


@transaction.atomic
def campaign_join(*, campaign: Campaign | None, user, invite_code: str) -> Membership:
    """Join with the invite code. `campaign` None (no such id) answers exactly as a wrong code
    does, so a stranger cannot tell which private campaign ids exist."""
    if campaign is None or not secrets.compare_digest(
        invite_code.strip().upper().encode(), campaign.invite_code.encode()
    ):
        raise CampaignError(WRONG_INVITE_CODE, field="invite_code")
    membership, _ = Membership.objects.get_or_create(campaign=campaign, user=user)
    return membership


def campaign_join_by_code(*, user, invite_code: str) -> Campaign:
    campaign = Campaign.objects.filter(invite_code=invite_code.strip().upper()).first()
    if campaign is None:
        raise CampaignError("No campaign has that invite code.", field="invite_code")
    campaign_join(campaign=campaign, user=user, invite_code=invite_code)
    return campaign


@transaction.atomic
def campaign_update(*, campaign: Campaign, **changes) -> Campaign:
    for field, value in changes.items():
        setattr(campaign, field, value)
    campaign.full_clean()
    campaign.save()
    return campaign

"""Campaigns: starting one, joining it (by its id or the invite code), changing its settings,
a new invite code, closing it at the end of a season.

Services take keyword-only arguments, run in one transaction and raise the app's errors.
A closed campaign is read-only: every write service calls `require_open` first.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from campaign.errors import CampaignError
from campaign.models import Activity, Campaign, Membership, new_invite_code
from campaign.services.activity import activity_record
from campaign.services.webhooks import webhook_check_url
from core.text import require_plain_name

CLOSED = "{name} is closed: its books are kept as they are and nothing more can be changed."


def require_open(campaign: Campaign) -> None:
    """Refuse any write to a closed campaign, with a message the player reads. Asks the
    database, not the object in hand: that may have been read before the organiser closed it."""
    closed_at = Campaign.objects.filter(pk=campaign.pk).order_by().values_list("closed_at")[:1]
    campaign.closed_at = next((row[0] for row in closed_at), None)  # one row: no ORDER BY
    if campaign.is_closed:
        raise CampaignError(CLOSED.format(name=campaign.name), field="campaign")


@transaction.atomic
def campaign_create(*, organiser, name: str, **settings) -> Campaign:
    require_plain_name(name)  # finding 5
    if "webhook_url" in settings:
        settings["webhook_url"] = webhook_check_url(settings["webhook_url"])
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
    require_open(campaign)
    membership, created = Membership.objects.get_or_create(campaign=campaign, user=user)
    if created:
        activity_record(
            campaign=campaign,
            kind=Activity.Kind.MEMBER,
            text=f"{user} joined {campaign.name}",
            actor=user,
        )
    return membership


def campaign_join_by_code(*, user, invite_code: str) -> Campaign:
    campaign = Campaign.objects.filter(invite_code=invite_code.strip().upper()).first()
    if campaign is None:
        raise CampaignError("No campaign has that invite code.", field="invite_code")
    campaign_join(campaign=campaign, user=user, invite_code=invite_code)
    return campaign


@transaction.atomic
def campaign_update(*, campaign: Campaign, **changes) -> Campaign:
    require_open(campaign)
    require_plain_name(changes.get("name"))  # finding 5
    if changes.get("webhook_url", campaign.webhook_url) != campaign.webhook_url:
        # https to a public host only, resolved now (an address kept as it was is checked again
        # before each post, not at every save of the other settings)
        changes["webhook_url"] = webhook_check_url(changes["webhook_url"])
    for field, value in changes.items():
        setattr(campaign, field, value)
    campaign.full_clean()
    campaign.save()
    return campaign


@transaction.atomic
def campaign_new_invite_code(*, campaign: Campaign) -> str:
    """A fresh invite code; the old one stops working at once (a code that leaked)."""
    require_open(campaign)
    code = new_invite_code()
    while Campaign.objects.filter(invite_code=code).exists():  # 32^10 codes: practically never
        code = new_invite_code()
    campaign.invite_code = code
    campaign.save(update_fields=["invite_code"])
    return code


@transaction.atomic
def campaign_close(*, campaign: Campaign) -> Campaign:
    """End the season: the campaign, its warbands, games and league stay readable, unchanged."""
    require_open(campaign)
    campaign.closed_at = timezone.now()
    campaign.save(update_fields=["closed_at"])
    return campaign


@transaction.atomic
def campaign_reopen(*, campaign: Campaign) -> Campaign:
    """The organiser's undo of a close made by mistake."""
    campaign.closed_at = None
    campaign.save(update_fields=["closed_at"])
    return campaign

"""One access helper per object type: fetch it for a user, or 404 / 403.

A stranger gets a 404 for a private campaign, so its existence is not given away.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from campaign.models import Campaign, Figure, Warband
from campaign.selectors import warbands_with_roster


def is_member(campaign: Campaign, user) -> bool:
    return user.is_authenticated and (
        campaign.organiser_id == user.id or campaign.memberships.filter(user=user).exists()
    )


def campaign_for(user, campaign_id: int, *, organiser: bool = False, member: bool = False):
    campaign = get_object_or_404(Campaign.objects.select_related("organiser"), pk=campaign_id)
    if not (campaign.is_public or is_member(campaign, user)):
        raise Http404("No such campaign.")
    if organiser and campaign.organiser_id != getattr(user, "id", None):
        raise PermissionDenied("Only the campaign's organiser may do that.")
    if member and not is_member(campaign, user):
        raise PermissionDenied("Join the campaign first.")
    return campaign


def can_edit_warband(warband: Warband, user) -> bool:
    """The owner changes their own warband; the organiser may correct anything."""
    return user.is_authenticated and user.id in (warband.owner_id, warband.campaign.organiser_id)


def warband_for(user, warband_id: int, *, edit: bool = False, roster: bool = False) -> Warband:
    queryset = warbands_with_roster() if roster else Warband.objects.select_related("campaign")
    warband = get_object_or_404(queryset, pk=warband_id)
    campaign = warband.campaign
    if not (campaign.is_public or is_member(campaign, user)):
        raise Http404("No such warband.")
    if edit and not can_edit_warband(warband, user):
        raise PermissionDenied("Only the warband's owner or the organiser may change it.")
    return warband


def figure_for(user, figure_id: int, *, edit: bool = False) -> Figure:
    figure = get_object_or_404(Figure.objects.select_related("warband__campaign"), pk=figure_id)
    warband_for(user, figure.warband_id, edit=edit)
    return figure

"""Home, accounts and campaigns: create, join, read, settings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from campaign import selectors, services
from campaign.access import campaign_for, is_member, is_organiser
from campaign.forms.campaigns import (
    CampaignForm,
    JoinForm,
    SignupForm,
)
from campaign.models import Campaign
from campaign.rules.factions import (
    FACTIONS,
)
from config.domain_errors import domain_errors


@require_GET
def home(request):
    mine = Campaign.objects.none()
    if request.user.is_authenticated:
        mine = Campaign.objects.filter(memberships__user=request.user).select_related("organiser")
    public = Campaign.objects.filter(is_public=True).select_related("organiser")[:20]
    return render(request, "home.html", {"mine": mine, "public": public, "factions": FACTIONS})


@require_http_methods(["GET", "POST"])
def signup(request):
    form = SignupForm(request.POST or None)
    if form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request):
    form = CampaignForm(request.POST or None)
    if form.is_valid():
        campaign = services.campaign_create(organiser=request.user, **form.cleaned_data)
        return redirect("campaign", campaign.id)
    return render(request, "campaign/campaign_form.html", {"form": form, "title": "New campaign"})


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def campaign_join(request):
    form = JoinForm(request.POST or request.GET or None)
    if request.method == "POST" and form.is_valid():
        campaign = services.campaign_join_by_code(
            user=request.user, invite_code=form.cleaned_data["invite_code"]
        )
        messages.success(request, f"Welcome to {campaign.name}.")
        return redirect("campaign", campaign.id)
    return render(request, "campaign/join.html", {"form": form})


@require_GET
def campaign_detail(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, page=True)
    context = {  # the querysets are read only when the page's cached fragment is missing
        "campaign": campaign,
        "version": campaign.content_version,
        "warbands": selectors.campaign_warbands(campaign),
        "members": campaign.memberships.select_related("user").only("user__username"),
        "is_member": is_member(campaign, request.user),
        "is_organiser": is_organiser(campaign, request.user),
    }
    return render(request, "campaign/campaign_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    form = CampaignForm(request.POST or None, instance=campaign)
    if form.is_valid():
        services.campaign_update(campaign=campaign, **form.cleaned_data)
        messages.success(request, "Settings saved.")
        return redirect("campaign", campaign.id)
    return render(request, "campaign/campaign_form.html", {"form": form, "title": "Settings"})

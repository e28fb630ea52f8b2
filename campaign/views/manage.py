"""Fixing mistakes: rename, delete a draft, retire a warband; leave a campaign or remove a
player; a new invite code; close a campaign or open it again; join by a link.

Irreversible actions answer GET with a confirmation (views/confirm.py) and act on POST; each
says what it did, with its numbers.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from campaign import services
from campaign.access import (
    campaign_for,
    invited_campaign,
    is_member,
    membership_for,
    warband_for,
)
from campaign.forms.campaigns import JoinForm
from campaign.forms.warbands import RenameForm
from campaign.views.confirm import confirm
from core.domain_errors import domain_errors, form_error


def _names(names: list[str]) -> str:
    return ", ".join(names)


# --- warbands -----------------------------------------------------------------------------------


@login_required
@require_POST
@domain_errors
def warband_rename(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True)
    form = RenameForm(request.POST)
    if not form.is_valid():
        raise form_error(form, field="name")
    old = warband.name
    services.warband_rename(warband=warband, name=form.cleaned_data["name"], actor=request.user)
    messages.success(request, f"{old} is now called {warband.name}.")
    return redirect("warband", warband.id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def warband_delete(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True)
    if request.method == "GET":
        figures = warband.figures.count()
        return confirm(
            request,
            title=f"Delete the draft {warband.name}?",
            body=f"Its {figures} figure{'s' if figures != 1 else ''} and their kit are "
            "deleted with it. This cannot be undone.",
            button="Delete the draft",
            cancel_url=reverse("warband", args=[warband.id]),
        )
    campaign_id, name = warband.campaign_id, warband.name
    services.warband_delete_draft(warband=warband)
    messages.success(request, f"The draft {name} is deleted.")
    return redirect("campaign", campaign_id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def warband_retire(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True)
    games = warband.games_played
    if request.method == "GET":
        return confirm(
            request,
            title=f"Retire {warband.name}?",
            body=f"It leaves the campaign's active list and plays no more games. Its roster, "
            f"ledger and {games} game{'s' if games != 1 else ''} stay in the league's history.",
            button="Retire",
            cancel_url=reverse("warband", args=[warband.id]),
        )
    services.warband_retire(warband=warband)
    messages.success(
        request,
        f"{warband.name} is retired after {games} game{'s' if games != 1 else ''}, "
        f"with {warband.campaign.money(warband.treasury)} in its treasury.",
    )
    return redirect("warband", warband.id)


# --- players and the campaign -------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def member_remove(request, campaign_id: int, user_id: int):
    """The organiser removes a player, or a player leaves (their own id)."""
    membership = membership_for(request.user, campaign_id, user_id)
    campaign, player = membership.campaign, membership.user
    leaving = player.id == request.user.id
    if request.method == "GET":
        warbands = list(campaign.warbands.filter(owner=player).exclude(state="retired"))
        founded = [w.name for w in warbands if not w.is_draft]
        drafts = [w.name for w in warbands if w.is_draft]
        effects = []
        if founded:
            effects.append(f"retires {_names(founded)} (kept in the league's history)")
        if drafts:
            effects.append(f"deletes the draft{'s' if len(drafts) > 1 else ''} {_names(drafts)}")
        body = (
            ("This " + " and ".join(effects) + ".")
            if effects
            else ("You have no warband." if leaving else "They have no warband.")
        )
        title = f"Leave {campaign.name}?" if leaving else f"Remove {player} from {campaign.name}?"
        return confirm(
            request,
            title=title,
            body=body + " Rejoining takes the invite code.",
            button="Leave the campaign" if leaving else "Remove player",
            cancel_url=reverse("campaign", args=[campaign.id]),
        )
    done = services.campaign_remove_member(campaign=campaign, user=player, actor=request.user)
    parts = [f"{player} left {campaign.name}" if leaving else f"{player} is removed"]
    if done["retired"]:
        parts.append(f"retired: {_names(done['retired'])}")
    if done["deleted"]:
        parts.append(f"drafts deleted: {_names(done['deleted'])}")
    messages.success(request, "; ".join(parts) + ".")
    # One who left may no longer see a private campaign: back to their home page.
    return redirect("home") if leaving else redirect("campaign", campaign.id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def campaign_invite_code(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    if request.method == "GET":
        return confirm(
            request,
            title="Make a new invite code?",
            body=f"The code {campaign.invite_code} and its join link stop working at once; "
            "players who joined stay.",
            button="New invite code",
            cancel_url=reverse("campaign", args=[campaign.id]),
        )
    code = services.campaign_new_invite_code(campaign=campaign)
    messages.success(request, f"The new invite code is {code}.")
    return redirect("campaign", campaign.id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def campaign_close(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    if request.method == "GET":
        return confirm(
            request,
            title=f"Close {campaign.name}?",
            body="The season ends: rosters, games and the league stay readable, and nothing "
            "more can be changed (reports, post-games, builders, settings). You may open it "
            "again later.",
            button="Close the campaign",
            cancel_url=reverse("campaign", args=[campaign.id]),
        )
    services.campaign_close(campaign=campaign)
    messages.success(request, f"{campaign.name} is closed.")
    return redirect("campaign", campaign.id)


@login_required
@require_POST
@domain_errors
def campaign_reopen(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    services.campaign_reopen(campaign=campaign)
    messages.success(request, f"{campaign.name} is open again.")
    return redirect("campaign", campaign.id)


@require_http_methods(["GET"])
def join_link(request, code: str):
    """/join/<code>/: names the campaign, its organiser and what joining means; the join form
    filled in for someone logged in, else the ways to log in or sign up that come back here.
    A wrong code is said in words (404)."""
    invited = invited_campaign(code)
    context = {
        "form": JoinForm(initial={"invite_code": code}),
        "from_link": True,
        "invited": invited,
        "already": invited is not None and is_member(invited, request.user),
    }
    return render(request, "campaign/join.html", context, status=200 if invited else 404)

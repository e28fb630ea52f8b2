"""Chases that feed the campaign (P14): starting a Pelts chase between two warbands with their
rowers named, the chase's campaign page (the rowers and how they ended), filing it as a game
report, and the lobby's offer to members. The chase itself is played on the chase app's table
(`/play/<id>/`), which links back here."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign import access
from campaign.errors import RulesError
from campaign.forms.chases import ChaseForm
from campaign.selectors import battles as battle_selectors
from campaign.selectors import chases as selectors
from campaign.services import chases as services
from chase import access as chase_access
from chase.models import GameSession
from chase.services import sessions as chase_services
from core.addresses import address_digest
from core.domain_errors import domain_errors


@login_required
@require_http_methods(["GET", "POST"])
def chase_new(request, campaign_id: int):
    """The set-up: sides, warbands, how it is played, the river, and the rowers. Changing a
    warband, a side or a number of canoes redraws the rowers (HTMX); the chase starts on the
    chase app's table."""
    campaign = access.campaign_for(request.user, campaign_id, member=True)
    mine, opponents = battle_selectors.playable_warbands(
        campaign, request.user, organiser=access.is_organiser(campaign, request.user)
    )
    data = request.POST if request.method == "POST" else (request.GET or None)
    form = ChaseForm(data, mine=list(mine), opponents=list(opponents))
    if request.htmx and request.method == "GET":
        return render(
            request, "campaign/chase_new.html#setup", {"form": form, "campaign": campaign}
        )
    if request.method == "POST" and form.is_valid():
        try:
            chase = services.chase_start(campaign=campaign, actor=request.user, **form.chase())
        except RulesError as error:
            form.add_error(None, error.message)
        else:
            _hold_seats(request, chase.session)
            return redirect("chase:table", chase.session_id)
    context = {"campaign": campaign, "form": form, "has_warband": bool(mine)}
    status = 400 if request.method == "POST" else 200
    return render(request, "campaign/chase_new.html", context, status=status)


def _hold_seats(request, session: GameSession) -> None:
    """This browser holds the starter's seats: every human seat in hot-seat, else its own (in
    a game across two browsers the other seat waits for its invite link)."""
    chase_access.remember_created(request, session)
    for seat in session.seat_list():
        if seat.is_computer:
            continue
        if session.mode == GameSession.Mode.MULTI and seat.taken_at is None:
            continue
        chase_services.seat_take(seat=seat, user=request.user, address=address_digest(request))
        chase_access.remember_seat(request, seat)


@require_GET
def chase_page(request, chase_id: int):
    chase = access.chase_for(request.user, chase_id)
    context = {
        "chase": chase,
        "campaign": chase.campaign,
        "sides": selectors.chase_canoes(chase),
        "can_file": access.may_file_chase(chase, request.user),
    }
    return render(request, "campaign/chase.html", context)


@login_required
@require_POST
@domain_errors
def chase_file(request, chase_id: int):
    """File the finished chase as a game report (P14), then to the report for the usual
    confirmation."""
    chase = access.chase_for(request.user, chase_id, play=True)
    report = services.chase_file_report(chase=chase, actor=request.user)
    messages.success(request, "The chase is filed as a game report.")
    return redirect("game", report.id)


@require_GET
def chase_offers(request):
    """The canoe games lobby's offer to campaign members: a Pelts chase between two warbands
    of a campaign they play in (an HTMX fragment)."""
    campaigns = selectors.chase_campaigns(request.user)
    return render(request, "campaign/chase_new.html#offers", {"campaigns": campaigns})

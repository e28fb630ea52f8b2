"""The campaign's chronicle: each confirmed game told from the records (selectors.chronicle),
and the players' own lines under each, added and taken back in place (HTMX swaps the entry's
`lines` fragment; without JavaScript the forms post and come back to the page)."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaign import services
from campaign.access import (
    campaign_to_read,
    chronicle_game_for,
    chronicle_line_for,
    member_to_read,
)
from campaign.forms.chronicle import ChronicleLineForm
from campaign.selectors.chronicle import campaign_chronicle, player_lines
from core.content_version import campaign_scope
from core.domain_errors import domain_errors, form_error
from core.page_cache import cached


@require_GET
def chronicle(request, campaign_id: int):
    campaign = campaign_to_read(request, campaign_id)
    entries = cached(
        "chronicle", campaign.id, scopes=[campaign_scope(campaign.id)], request=request,
        render=lambda: campaign_chronicle(campaign),
    )  # fmt: skip
    if any(entry.pivotal_pending for entry in entries):
        # A chase's swings were being worked out: ask for them, and read afresh.
        entries = services.chronicle_worked_out(campaign)
    context = {
        "campaign": campaign,
        "entries": entries,
        "may_write": member_to_read(request, campaign) and not campaign.is_closed,
        "form": ChronicleLineForm(),
    }
    return render(request, "campaign/chronicle.html", context)


def _lines(request, game, campaign):
    """The entry's lines fragment, or back to the page without HTMX."""
    if not request.htmx:
        return redirect(reverse("campaign-chronicle", args=[campaign.id]) + f"#game-{game.id}")
    context = {
        "campaign": campaign,
        "entry": SimpleNamespace(game_id=game.id, player_lines=player_lines(game)),
        "may_write": True,
        "form": ChronicleLineForm(),
    }
    return render(request, "campaign/chronicle.html#lines", context)


@login_required
@require_POST
@domain_errors
def chronicle_line_add(request, campaign_id: int, game_id: int):
    game = chronicle_game_for(request.user, campaign_id, game_id)
    form = ChronicleLineForm(request.POST)
    if not form.is_valid():
        raise form_error(form)
    services.chronicle_line_add(game=game, author=request.user, text=form.cleaned_data["text"])
    return _lines(request, game, game.campaign)


@login_required
@require_POST
@domain_errors
def chronicle_line_delete(request, line_id: int):
    line = chronicle_line_for(request.user, line_id)
    game = line.game
    services.chronicle_line_delete(line=line, actor=request.user)
    return _lines(request, game, game.campaign)

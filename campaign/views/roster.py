"""A warband's roster page, its print cards, and the organiser's treasury correction."""

from __future__ import annotations

from functools import cached_property

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from campaign import selectors, services
from campaign.access import (
    campaign_for,
    can_edit_warband,
    is_organiser,
    warband_for,
    warband_to_read,
)
from campaign.forms.warbands import TreasuryForm
from campaign.models import Correction
from campaign.rules.factions import (
    STATUS_NAMES,
    STATUSES,
    item_name,
)
from core.domain_errors import domain_errors
from core.pwa import keep_offline


class RosterSections:
    """What the roster page's cached fragment shows, read only when that fragment is rendered
    (a cache miss); a hit costs none of these queries."""

    def __init__(self, warband):
        self.warband = warband

    @cached_property
    def _cards(self):
        return selectors.roster_cards(selectors.load_roster(self.warband))

    @cached_property
    def cards(self):
        # Sold, dead and departed figures leave the grid for the "Former members" list.
        return [c for c in self._cards if c.figure.on_roster]

    @cached_property
    def history(self) -> dict[int, list]:
        """Each figure's corrections (C30), oldest first, for its card."""
        by_figure: dict[int, list] = {}
        corrections = Correction.objects.filter(figure__warband=self.warband).select_related(
            "by", "confirmed_by"
        )
        for correction in corrections.order_by("created_at", "id"):
            by_figure.setdefault(correction.figure_id, []).append(correction)
        return by_figure

    @cached_property
    def cards_with_history(self):
        return [(card, self.history.get(card.figure.id, [])) for card in self.cards]

    @cached_property
    def former(self):
        return [c for c in self._cards if not c.figure.on_roster]

    @cached_property
    def former_with_history(self):
        """The former members with their corrections: one put in the wrong state (a death by
        mistake, C30) is corrected back from here."""
        return [(card, self.history.get(card.figure.id, [])) for card in self.former]

    @cached_property
    def storage(self):
        self._cards  # noqa: B018 (the prefetch)
        return [(item_name(p.key), p.price) for p in selectors.storage(self.warband)]

    @cached_property
    def founding_rolls(self):
        """The starting skills' dice (C6), logged at founding as the post-game logs its own."""
        return self.warband.rolls.filter(purpose="starting_skill").select_related("figure", "actor")

    @cached_property
    def ledger(self):
        self._cards  # noqa: B018 (the prefetch)
        return self.warband.ledger.all()


@require_GET
@keep_offline
def warband_detail(request, warband_id: int):
    warband = warband_to_read(request, warband_id)
    context = {
        "warband": warband,
        "campaign": warband.campaign,
        "roster": RosterSections(warband),
        "can_edit": can_edit_warband(warband, request.user),
        "is_organiser": is_organiser(warband.campaign, request.user),
        "treasury_form": TreasuryForm(),
    }
    return render(request, "campaign/roster.html", context)


@require_GET
def warband_print(request, warband_id: int):
    warband = warband_for(request.user, warband_id, roster=True)
    context = {
        "warband": warband,
        "cards": selectors.roster_cards(warband),
        "statuses": [(s, STATUS_NAMES[s]) for s in STATUSES],  # as the seed's card: Green first
    }
    return render(request, "campaign/print.html", context)


@login_required
@require_POST
@domain_errors
def warband_treasury(request, warband_id: int):
    warband = warband_for(request.user, warband_id)
    campaign_for(request.user, warband.campaign_id, organiser=True)
    form = TreasuryForm(request.POST)
    if form.is_valid():
        services.warband_treasury_correct(
            warband=warband,
            amount=form.cleaned_data["amount"],
            actor=request.user,
            reason=form.cleaned_data["reason"],
        )
        messages.success(request, "Treasury corrected.")
    else:
        messages.error(request, "Give a whole amount and a reason.")
    return redirect("warband", warband.id)

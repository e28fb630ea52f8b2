"""The warband builder: a draft edited with HTMX fragments, then founded (C2-C6)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign import selectors, services
from campaign.access import campaign_for, figure_for, warband_for
from campaign.forms.warbands import (
    AddFigureForm,
    EquipmentForm,
    FoundForm,
    WarbandForm,
)
from campaign.rules.factions import (
    FACTIONS,
    STARTING_SKILL_ROLLS,
)
from campaign.selectors.house_rules import rulebook_for
from campaign.views.confirm import confirm
from core.domain_errors import domain_errors, form_error


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def warband_create(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, member=True)
    form = WarbandForm(request.POST or None)
    if form.is_valid():
        warband = services.warband_create_draft(
            campaign=campaign, owner=request.user, **form.cleaned_data
        )
        return redirect("builder", warband.id)
    context = {"form": form, "campaign": campaign, "factions": FACTIONS.values()}
    return render(request, "campaign/warband_new.html", context)


def _builder_context(request, warband_id: int, **extra) -> dict:
    warband = warband_for(request.user, warband_id, edit=True, roster=True)
    book = rulebook_for(warband.campaign)  # C31: the campaign's prices and budget
    faction = book.factions[warband.faction]
    check = selectors.draft_check(warband)
    rows = [
        (
            figure,
            EquipmentForm(
                faction=warband.faction,
                status=figure.status,
                book=book,
                prefix=f"f{figure.id}",
                initial=_equipment_initial(figure),
            ),
            cost,
            selectors.figure_card(figure, book),  # the stats as the figure stands, while building
        )
        for figure, cost in zip(warband.figures.all(), check.figure_costs, strict=True)
    ]
    return {
        "warband": warband,
        "campaign": warband.campaign,
        "faction": faction,
        "check": check,
        "left": book.budget - check.cost,
        "rows": rows,
        "add_form": AddFigureForm(faction=warband.faction, book=book),
        **extra,
    }


def _equipment_initial(figure) -> dict:
    counts: dict[str, int] = {}
    for piece in figure.equipment.all():
        counts[piece.key] = counts.get(piece.key, 0) + 1
    return {key: (n if key == "pistol" else bool(n)) for key, n in counts.items()}


def _builder(request, warband_id: int, *fragments: str, **extra):
    """After a change: the changed fragments plus the summary (out of band) for HTMX; a
    redirect back to the builder page otherwise (so a reload never re-posts)."""
    if not request.htmx:
        return redirect("builder", warband_id)
    context = _builder_context(request, warband_id, oob=True, **extra)
    html = "".join(
        render_to_string(f"campaign/builder.html#{name}", context, request)
        for name in (*fragments, "summary")
    )
    return HttpResponse(html)


@login_required
@require_GET
def builder(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True)
    if not warband.is_draft:
        return redirect("warband", warband.id)
    return render(request, "campaign/builder.html", _builder_context(request, warband_id))


@login_required
@require_POST
@domain_errors
def builder_add_figure(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True)
    form = AddFigureForm(request.POST, faction=warband.faction, book=rulebook_for(warband.campaign))
    if not form.is_valid():
        raise form_error(form)
    services.warband_add_figure(warband=warband, **form.cleaned_data)
    return _builder(request, warband_id, "figures")


@login_required
@require_POST
@domain_errors
def builder_equip(request, figure_id: int):
    figure = figure_for(request.user, figure_id, edit=True)
    form = EquipmentForm(
        request.POST,
        faction=figure.warband.faction,
        book=rulebook_for(figure.warband.campaign),
        prefix=f"f{figure.id}",
    )
    if not form.is_valid():
        raise form_error(form)
    services.figure_set_equipment(figure=figure, keys=form.keys())
    return _figure_fragment(request, figure)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def builder_remove_figure(request, figure_id: int):
    """GET asks first (views/confirm.py); POST removes the figure and says what it saves."""
    figure = figure_for(request.user, figure_id, edit=True)
    warband = figure.warband
    if request.method == "GET":
        return confirm(
            request,
            title=f"Remove {figure.name}?",
            body="The figure and its kit leave the draft.",
            button="Remove figure",
            cancel_url=reverse("builder", args=[warband.id]),
        )
    before = _cost(warband)
    services.warband_remove_figure(figure=figure)
    after = _cost(warband)
    money = warband.campaign.money
    messages.success(
        request,
        f"{figure.name} removed: {money(before - after)} back, cost now {money(after)}, "
        f"{money(warband.campaign.starting_treasury - after)} left.",
    )
    return _builder(request, warband.id)


def _cost(warband) -> int:
    return selectors.draft_check(selectors.warbands_with_roster().get(pk=warband.pk)).cost


def _figure_fragment(request, figure):
    """One figure's row (with its new cost) and the summary."""
    if not request.htmx:
        return redirect("builder", figure.warband_id)
    context = _builder_context(request, figure.warband_id, oob=True)
    row = next(r for r in context["rows"] if r[0].id == figure.id)
    context.update(figure=row[0], form=row[1], cost=row[2], card=row[3])
    html = render_to_string("campaign/builder.html#figure", context, request)
    return HttpResponse(html + render_to_string("campaign/builder.html#summary", context, request))


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def warband_found(request, warband_id: int):
    warband = warband_for(request.user, warband_id, edit=True, roster=True)
    if not warband.is_draft:
        return redirect("warband", warband.id)
    rollers = [f for f in warband.figures.all() if STARTING_SKILL_ROLLS[f.status]]
    form = FoundForm(
        request.POST or None,
        warband=warband,
        figures=rollers,
        manual_dice=warband.campaign.manual_dice,
    )
    if form.is_valid():
        services.warband_found(warband=warband, actor=request.user, skill_rolls=form.skill_rolls())
        messages.success(request, f"{warband.name} is founded.")
        return redirect("warband", warband.id)
    check = selectors.draft_check(warband)
    return render(
        request,
        "campaign/found.html",
        {
            "warband": warband,
            "form": form,
            "check": check,
            "budget": rulebook_for(warband.campaign).budget,  # C2, or the house rule (C31)
        },
    )

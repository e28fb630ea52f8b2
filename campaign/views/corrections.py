"""Correcting a figure from its roster card (C30): the form in words, and the organiser's
confirmation of an owner's correction. The same services as the API."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from campaign import services
from campaign.access import correction_for, figure_to_correct, is_organiser
from campaign.forms.corrections import CorrectionForm
from campaign.rules.errors import RulesError
from core.domain_errors import domain_errors, message_of


def _card(figure) -> str:
    return reverse("warband", args=[figure.warband_id]) + f"#figure-{figure.id}"


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def figure_correct(request, figure_id: int):
    figure = figure_to_correct(request.user, figure_id)
    form = CorrectionForm(request.POST or None, figure=figure)
    status = 200
    if request.method == "POST" and form.is_valid() and not form.changes():
        form.add_error(None, "Nothing to correct: change a value, then save.")
    elif request.method == "POST" and form.is_valid():
        try:
            correction = services.figure_correct(
                figure=figure,
                actor=request.user,
                changes=form.changes(),
                reason=form.cleaned_data["reason"],
            )
        except RulesError as error:
            field = getattr(error, "field", None)
            form.add_error(field if field in form.fields else None, message_of(error))
        else:
            if correction.state == correction.State.APPLIED:
                messages.success(request, f"{figure.name} is corrected.")
            else:
                messages.info(request, f"Your correction of {figure.name} awaits the organiser.")
            return redirect(_card(figure))
    if request.method == "POST":
        status = 400
    context = {
        "figure": figure,
        "warband": figure.warband,
        "campaign": figure.warband.campaign,
        "form": form,
        "organiser": is_organiser(figure.warband.campaign, request.user),
    }
    return render(request, "campaign/correct.html", context, status=status)


@login_required
@require_POST
@domain_errors
def correction_confirm(request, correction_id: int):
    correction = correction_for(request.user, correction_id, confirm=True)
    services.correction_confirm(correction=correction, actor=request.user)
    messages.success(request, f"The correction of {correction.figure.name} is applied.")
    return redirect(_card(correction.figure))

"""The organiser's House rules page (C31): every table as a form in words, the seed's value
beside each change, reset per row, upload/download as JSON, a preview before saving (htmx).
Members read it; only the organiser changes it."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaign.access import campaign_for, is_organiser
from campaign.forms.house_rules import (
    document_from_post,
    document_from_upload,
    fills_the_form,
    tables,
)
from campaign.rules.book import HouseRulesError, validate
from campaign.rules.labels import labels
from campaign.selectors.house_rules import house_rules_history, house_rules_version, rulebook_for
from campaign.services.house_rules import house_rules_preview, house_rules_save
from core.domain_errors import domain_errors


def _page(request, campaign, document, *, preview=None, errors=(), status=200):
    book = rulebook_for(campaign)
    if preview is not None:  # the changed paths in words, for the page
        preview = {**preview, "changed_words": labels(preview["changed"])}
    context = {
        "campaign": campaign,
        "may_edit": is_organiser(campaign, request.user) and not campaign.is_closed,
        "version": house_rules_version(campaign),
        "tables": tables(document, book.base),
        "preview": preview,
        "errors": list(errors),
        "bad_paths": {p.field for p in errors},
        "history": house_rules_history(campaign),
    }
    if request.htmx and request.method == "POST":
        return render(request, "campaign/house_rules.html#preview", context, status=status)
    return render(request, "campaign/house_rules.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def house_rules(request, campaign_id: int):
    """GET: the rules in force (`?format=json` downloads them). POST (the organiser):
    `preview` shows what the posted tables would do, `save` saves them as the next version,
    `reset` puts a row back to the seed's, an uploaded file fills the form."""
    if request.method == "GET":
        campaign = campaign_for(request.user, campaign_id)
        book = rulebook_for(campaign)
        if request.GET.get("format") == "json":
            return _download(campaign, book)
        return _page(request, campaign, book.document)
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    seed = rulebook_for(campaign).base
    if "file" in request.FILES:
        try:
            document = document_from_upload(request.FILES["file"])
        except ValueError as error:
            fail = HouseRulesError(str(error), field="file")
            document = rulebook_for(campaign).document
            return _page(request, campaign, document, errors=[fail], status=400)
        found = validate(document)
        if found and not fills_the_form(document, seed):  # shown on the rules in force
            fail = HouseRulesError.of(found)
            document = rulebook_for(campaign).document
            return _page(request, campaign, document, errors=fail.problems, status=400)
    else:
        document = document_from_post(request.POST, seed, request.POST.get("reset", ""))
    try:
        if request.POST.get("action") == "save":
            house_rules_save(campaign=campaign, actor=request.user, rules=document)
            messages.success(request, f"House rules version {house_rules_version(campaign)} saved.")
            return redirect("house-rules", campaign.id)
        preview = house_rules_preview(campaign=campaign, rules=document)
    except HouseRulesError as error:
        return _page(request, campaign, document, errors=error.problems, status=400)
    return _page(request, campaign, document, preview=preview)


def _download(campaign, book) -> HttpResponse:
    version = house_rules_version(campaign)
    body = {"version": version, "rules": book.document, "changed": book.changed}
    response = HttpResponse(json.dumps(body, indent=2), content_type="application/json")
    name = f"house-rules-{campaign.id}-v{body['version']}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response

"""The organiser's House rules page (C31): every table as a form in words, the seed's value
beside each change, reset per row, upload/download as JSON, a preview before saving (htmx).
Members read it; only the organiser changes it.

Both forms carry the version the page was drawn from (`version`): a save from a version that is
no longer the latest is refused (409) and the page shows both sides, with the organiser's
change written over the rules saved now, ready to save again."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaign.access import campaign_for, is_organiser
from campaign.errors import HouseRulesConflict
from campaign.forms.house_rules import (
    conflict_rows,
    document_from_post,
    document_from_upload,
    fills_the_form,
    tables,
)
from campaign.rules.book import HouseRulesError, validate
from campaign.rules.labels import labels
from campaign.selectors.house_rules import (
    house_rules_conflict,
    house_rules_history,
    house_rules_version,
    rulebook_for,
)
from campaign.services.house_rules import house_rules_preview, house_rules_save
from core.domain_errors import domain_errors


def _page(
    request, campaign, document, *, started=None, preview=None, errors=(), conflict=None, status=200
):
    """`started`: the version the organiser's form was drawn from (default: the latest),
    carried on through previews and resets so that a save still knows it."""
    book = rulebook_for(campaign)
    if preview is not None:  # the changed paths in words, for the page
        preview = {**preview, "changed_words": labels(preview["changed"])}
    version = house_rules_version(campaign)
    shown = tables(document, book.base)
    if conflict is not None:
        conflict = {**conflict, "rows": conflict_rows(conflict["rows"], shown)}
    context = {
        "campaign": campaign,
        "may_edit": is_organiser(campaign, request.user) and not campaign.is_closed,
        "version": version,
        "started": version if started is None else started,
        "tables": shown,
        "preview": preview,
        "errors": list(errors),
        "bad_paths": {p.field for p in errors},
        "conflict": conflict,
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
    started = _started(request.POST.get("version"))
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
            if started is None:
                raise HouseRulesError(MISSING_VERSION, field="version")
            house_rules_save(campaign=campaign, actor=request.user, rules=document, version=started)
            messages.success(request, f"House rules version {house_rules_version(campaign)} saved.")
            return redirect("house-rules", campaign.id)
        preview = house_rules_preview(campaign=campaign, rules=document)
    except HouseRulesConflict:
        conflict = house_rules_conflict(campaign, started=started, document=document)
        return _page(request, campaign, conflict["merged"], conflict=conflict, status=409)
    except HouseRulesError as error:
        return _page(
            request, campaign, document, started=started, errors=error.problems, status=400
        )
    return _page(request, campaign, document, started=started, preview=preview)


MISSING_VERSION = (
    "The form did not say which version of the rules it was drawn from, so it cannot tell "
    "whether someone saved meanwhile: nothing was saved. Reload the page and make the change "
    "again."
)


def _started(raw: str | None) -> int | None:
    """The version the posted form was drawn from; None when missing or not a number."""
    raw = (raw or "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() else None


def _download(campaign, book) -> HttpResponse:
    version = house_rules_version(campaign)
    body = {"version": version, "rules": book.document, "changed": book.changed}
    response = HttpResponse(json.dumps(body, indent=2), content_type="application/json")
    name = f"house-rules-{campaign.id}-v{body['version']}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response

"""The league page (table, charts), a warband's rating history, and job progress.

Sorting is server-side (`?sort=-won`): each header is a plain link that HTMX turns into a swap of
the table alone. The organiser's "Recalculate the campaign" starts a Job; its progress bar polls
the job every second until it is done.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from campaign import services
from campaign.access import (
    campaign_for,
    campaign_to_read,
    is_organiser,
    job_campaign,
    warband_for,
)
from campaign.selectors import league as league_selectors
from campaign.services.jobs import RECALCULATE
from core.content_version import campaign_scope
from core.domain_errors import domain_errors
from core.jobs import job_for
from core.models import Job
from core.page_cache import cached


def _table_context(request, campaign) -> dict:
    # Read lazily: the table and the charts are cached fragments (keyed by the campaign, the
    # sort and the content version), so a cache hit makes none of their queries.
    sort = request.GET.get("sort")
    key, descending = league_selectors.parse_sort(sort)
    return {
        "campaign": campaign,
        "rows": SimpleLazyObject(lambda: league_selectors.league_rows(campaign, sort)),
        "headers": league_selectors.sort_links(sort),
        "sort": f"-{key}" if descending else key,
        "is_organiser": is_organiser(campaign, request.user),
        # The organiser's last recalculation: the row from the page cache (a job's progress is a
        # write, so a new version), its "done 2 minutes ago" worked out on every answer.
        "job": SimpleLazyObject(
            lambda: cached(
                "latest-job",
                campaign.id,
                RECALCULATE,
                scopes=[campaign_scope(campaign.id)],
                request=request,
                render=lambda: league_selectors.latest_job(campaign, RECALCULATE),
            )  # fmt: skip
        ),
        "settled_games": league_selectors.SETTLED_GAMES,
    }


@require_GET
def league(request, campaign_id: int):
    campaign = campaign_to_read(request, campaign_id)
    context = _table_context(request, campaign)
    if request.htmx:  # a header clicked, or the campaign page loading its section
        return render(request, "campaign/league.html#league-table", context)
    context["rating_chart"] = SimpleLazyObject(lambda: league_selectors.rating_chart(campaign))
    context["ranking_chart"] = SimpleLazyObject(lambda: league_selectors.ranking_chart(campaign))
    chosen = request.GET.get("warband", "")
    if chosen.isdigit():
        warband = warband_for(request.user, int(chosen))
        if warband.campaign_id == campaign.id:
            context.update(_history_context(warband))
    return render(request, "campaign/league.html", context)


def _history_context(warband) -> dict:
    history = league_selectors.rating_history(warband)
    return {
        "warband": warband,
        "history": history,
        "sparkline": league_selectors.sparkline([line.point.rating for line in history]),
    }


@require_GET
def warband_rating_history(request, warband_id: int):
    """The roster page loads this section; without JavaScript its link opens the league page."""
    warband = warband_for(request.user, warband_id)
    if not request.htmx:
        url = reverse("campaign-league", args=[warband.campaign_id])
        return redirect(f"{url}?warband={warband.id}#rating-history")
    return render(request, "campaign/league.html#rating-history", _history_context(warband))


@login_required
@require_POST
@domain_errors
def campaign_recalculate(request, campaign_id: int):
    """Organiser only: every warband's rating and history, then the rankings, as one job."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
    job.refresh_from_db()  # it may already be done (no broker: it ran in-process)
    if request.htmx:
        return _progress(request, job)
    return redirect("job", job.id)


def _progress(request, job):
    """The progress fragment; once the job is done, the league table on the page reloads."""
    response = render(request, "campaign/job_progress.html#progress", {"job": job})
    if job.state == Job.State.DONE:
        trigger_client_event(response, "league-changed")
    return response


@require_GET
def job_detail(request, job_id: int):
    job = job_for(request.user, job_id)
    if request.htmx:
        return _progress(request, job)
    context = {"job": job, "campaign": job_campaign(job)}
    return render(request, "campaign/job_progress.html", context)

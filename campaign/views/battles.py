"""The battle sheet: a game at the club on a phone (C23, C24).

One page template with fragments: `sheet` (turn, initiative, prompts, both sides' figures, the
log), which both players' pages poll like the canoe games (`?version=N`: 204 while nothing
changed), and `calc`, the calculator panel (battle_calcs.py) that opens over it. Every button
works without JavaScript too: it posts and comes back to the page.
"""

from __future__ import annotations

import contextlib
import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling, reswap, retarget

from campaign import access
from campaign.access import campaign_for, is_member
from campaign.errors import BattleConflict
from campaign.forms.battles import StartForm
from campaign.models import Battle
from campaign.rules.table.morale import LOSS_KEYS
from campaign.rules.words import possessive
from campaign.selectors import battles as selectors
from campaign.selectors import chases as chase_selectors
from campaign.services import battles as services
from campaign.views import conflicts
from campaign.views.confirm import confirm
from core.conditional import etag, if_match_version
from core.domain_errors import domain_errors
from core.pwa import answer_unseen, keep_offline


def _prompts(battle: Battle, sides) -> list[dict]:
    """What the sheet asks for now: a morale check at 20/40% losses, a rout at 50% (C24), the
    last-wound D6 of every figure hit or down (C23)."""
    prompts = []
    for side in sides:
        losses = side.losses
        lost = (
            f"{side.warband.name} has lost {losses.lost} of {losses.taking_part} "
            f"({losses.percent}%)"
        )
        if side.routs:
            prompts.append(
                {
                    "kind": "rout",
                    "text": f"{lost}: it routs and the game is over.",
                    "calc": "end",
                    "query": "",
                    "button": "End the game",
                }
            )
        elif side.check_due and side.leader:
            leader, due = side.leader.figure, side.check_due
            prompts.append(
                {
                    "kind": "morale",
                    "text": f"{lost}: test {possessive(leader.name)} morale ({due}% losses).",
                    "calc": "morale",
                    "query": f"figure={leader.id}&check={due}&modifiers={LOSS_KEYS[due]}",
                    "button": f"Test {leader.name}",
                }
            )
    for side in sides:
        for row in side.rows:
            line = row.line
            if not (line.last_wound_due and line.took_part):
                continue
            if line.state == "down":
                text = f"{row.figure.name} is down: the D6 again this turn."
            else:
                by = f" by {line.wounded_by.name}" if line.wounded_by else ""
                text = f"{row.figure.name} was wounded{by}: roll the last wound."
            prompts.append(
                {
                    "kind": "wound",
                    "text": text,
                    "calc": "last_wound",
                    "query": f"figure={row.figure.id}",
                    "button": "Roll the D6",
                }
            )
    return prompts


CALC_LINKS = [
    ("shooting", "Shoot"),
    ("melee", "Melee"),
    ("morale", "Morale"),
    ("rally", "Rally"),
    ("last_wound", "Last wound"),
    ("end", "End the game"),
]


def sheet_context(request, battle: Battle) -> dict:
    sides = selectors.battle_sheet(battle)
    return {
        "calc_links": CALC_LINKS,
        "battle": battle,
        "campaign": battle.campaign,
        "sides": sides,
        "prompts": _prompts(battle, sides) if battle.is_on else [],
        "log": selectors.battle_log(battle),
        "can_play": access.may_play(battle, request.user) and battle.is_on,
    }


def render_sheet(request, battle: Battle, oob: bool = False) -> str:
    context = sheet_context(request, battle) | {"oob": oob}
    return render_to_string("campaign/battle.html#sheet", context, request=request)


# --- writes: made on a version (If-Match), answered with the version now (ETag) -----------------


def sheet_write(kind: str | None = None):
    """A battle-sheet write (`kind`: what it does, or the calculator's `kind` from the URL).

    With `If-Match: "<version>"` it is checked and done on that version of the sheet, its row
    locked meanwhile; on another version nothing is done and the answer is the `conflict`
    fragment (409). Without If-Match it goes ahead as it always did. Every answer of a POST
    carries the sheet's version as its ETag."""

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, battle_id: int, **kwargs):
            if request.method != "POST":
                return view(request, battle_id, **kwargs)
            started = if_match_version(request)
            held = transaction.atomic() if started is not None else contextlib.nullcontext()
            with held:
                if started is not None:
                    battle = access.battle_for(request.user, battle_id, play=True)
                    now = services.battle_version_held(battle=battle)
                    if now != started:
                        return stale_write(request, battle, kind or kwargs["kind"], started, now)
                response = view(request, battle_id, **kwargs)
            version = Battle.objects.filter(pk=battle_id).values_list("version", flat=True)
            if version:
                response["ETag"] = etag(version[0])
            return response

        return wrapper

    return decorator


def stale_write(request, battle: Battle, kind: str, started: int, now: int) -> HttpResponse:
    """The 409 of a write made on an older version: the `conflict` fragment in the calculator
    panel (#calc), theirs beside the sheet now, and the fresh sheet behind it."""
    battle = access.battle_for(request.user, battle.id)
    log = selectors.battle_log(battle)
    conflict = {
        "message": BattleConflict(started=started, version=now).message,
        "started": started,
        "version": now,
        "mine": conflicts.battle_words(kind, request.POST, battle),
        "now": conflicts.battle_now(battle, log),
        "back": reverse("battle", args=[battle.id]),
        **conflicts.resend(request, now),
    }
    # The resend's answer goes where the original's went: the sheet for the turn bar's
    # buttons, the panel for a calculator's.
    sheet_buttons = kind in ("turn", "order")
    fragment = {
        "x": conflict,
        "send_target": "#sheet" if sheet_buttons else "#calc",
        "send_swap": "outerHTML" if sheet_buttons else "innerHTML",
        "drop_closes": True,
    }
    if not request.htmx:
        page = sheet_context(request, battle) | {"calc": None, "conflict": fragment}
        response = render(request, "campaign/battle.html", page, status=409)
    else:
        html = render_to_string("campaign/battle.html#conflict", fragment, request=request)
        html += render_sheet(request, battle, oob=True)
        response = reswap(retarget(HttpResponse(html, status=409), "#calc"), "innerHTML")
    response["ETag"] = etag(now)
    return response


@require_GET
@keep_offline
def battle_page(request, battle_id: int):
    """The sheet. An HTMX poll (`?version=N`) gets 204 while nothing changed (286, stop
    polling, once the battle is over), else the fresh sheet."""
    if request.htmx and "version" in request.GET:
        row = Battle.objects.filter(pk=battle_id).values_list("version", "status").first()
        if row is not None and str(row[0]) == request.GET["version"]:
            if row[1] != Battle.Status.ON:
                return HttpResponseStopPolling()
            return HttpResponse(status=204)
    battle = access.battle_for(request.user, battle_id)
    if request.htmx:
        return HttpResponse(render_sheet(request, battle))
    return render(request, "campaign/battle.html", sheet_context(request, battle) | {"calc": None})


# --- starting ----------------------------------------------------------------------------------


@require_GET
def campaign_battles(request, campaign_id: int):
    """The campaign's battles (for the games page): those on, the last ones, a start button.
    The games page loads it as a fragment; opened directly it is a whole page."""
    campaign = campaign_for(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "battles": selectors.campaign_battles(campaign)[:12],
        "chases": chase_selectors.campaign_chases(campaign)[:12],
        "is_member": is_member(campaign, request.user),
    }
    if request.htmx:
        return render(request, "campaign/battle_new.html#battles", context)
    return render(request, "campaign/battles.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def battle_new(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, member=True)
    mine, opponents = selectors.playable_warbands(
        campaign, request.user, organiser=access.is_organiser(campaign, request.user)
    )
    form = StartForm(request.POST or None, mine=mine, opponents=opponents)
    if request.method == "POST" and form.is_valid():
        try:
            battle = services.battle_start(
                campaign=campaign,
                actor=request.user,
                warband_a=form.cleaned_data["warband_a"].id,
                warband_b=form.cleaned_data["warband_b"].id,
            )
        except services.BattleError as error:
            form.add_error(None, error.message)
        else:
            return redirect("battle", battle.id)
    status = 400 if form.errors else 200
    context = {"campaign": campaign, "form": form, "has_warband": mine.exists()}
    return render(request, "campaign/battle_new.html", context, status=status)


# --- the turn, the end -------------------------------------------------------------------------


def _back(request, battle: Battle):
    """After a button: the fresh sheet for HTMX (and the panel closed), the page otherwise."""
    if not request.htmx:
        return redirect("battle", battle.id)
    if answer_unseen(request):  # an outbox's queued write, the next one's answer drawn instead
        return HttpResponse(status=204)
    # The panel emptied, not replaced: the dock keeps its attributes (the outbox's mark).
    closed = '<div id="calc" hx-swap-oob="innerHTML"></div>'
    return HttpResponse(render_sheet(request, battle) + closed)


@login_required
@require_POST
@domain_errors
@sheet_write("turn")
def battle_turn(request, battle_id: int):
    battle = access.battle_for(request.user, battle_id, play=True)
    battle = services.battle_next_turn(battle=battle, actor=request.user)
    return _back(request, battle)


@login_required
@require_POST
@domain_errors
@sheet_write("order")
def battle_order(request, battle_id: int):
    battle = access.battle_for(request.user, battle_id, play=True)
    battle = services.battle_choose_order(
        battle=battle, actor=request.user, first=request.POST.get("first") == "1"
    )
    return _back(request, battle)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
@sheet_write("abandon")
def battle_abandon(request, battle_id: int):
    """GET asks in the app's dialog (never the browser's confirm()); POST abandons."""
    battle = access.battle_for(request.user, battle_id, play=True)
    if request.method == "GET":
        return confirm(
            request,
            title="Abandon this battle?",
            body="The sheet stops here and nothing is reported: no game, no post-game.",
            button="Abandon the battle",
            cancel_url=reverse("battle", args=[battle.id]),
        )
    services.battle_abandon(battle=battle, actor=request.user)
    messages.info(request, "The battle is abandoned: nothing was reported.")
    if request.htmx:
        return HttpResponseClientRedirect(reverse("battle", args=[battle.id]))
    return redirect("battle", battle.id)

"""Game reports and the guided post-game sequence (C8-C22), and captives to settle (C16).

The sequence page is one template with fragments: each answer is an hx-post that returns the
`sequence` fragment (steps, prompt or trading forms, preview, log). Without JavaScript the same
forms post and redirect back to the page.
"""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign import access, services
from campaign.access import campaign_for, can_edit_warband, is_member, warband_for
from campaign.errors import PostGameConflict, RulesError
from campaign.forms.games import (
    AnswerForm,
    GameReportForm,
    RansomForm,
    SellCaptiveForm,
    TradeForm,
    report_initial,
)
from campaign.rules.words import possessive
from campaign.selectors import games
from campaign.views import conflicts, words
from campaign.views.confirm import confirm
from core.conditional import etag, if_match_version
from core.domain_errors import domain_errors, form_error
from core.pwa import keep_offline

# --- lists: the campaign's games, a warband's games ----------------------------------------------


@require_GET
def campaign_games(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "games": games.campaign_games(campaign),
        "is_member": is_member(campaign, request.user),
    }
    template = "campaign/game_list.html#games" if request.htmx else "campaign/game_list.html"
    return render(request, template, context)


@require_GET
def warband_games(request, warband_id: int):
    warband = warband_for(request.user, warband_id)
    can_edit = can_edit_warband(warband, request.user)
    context = {
        "warband": warband,
        "campaign": warband.campaign,
        "can_edit": can_edit,
        "open_postgames": games.open_postgames(warband),
        "games": games.warband_games(warband),
        "captives": games.captives_of(warband),
        "held": games.captives_held_by(warband),
        "ransom_form": RansomForm(),
        "sell_form": SellCaptiveForm(),
    }
    context["to_confirm"] = [
        g for g in context["games"] if g.status == "pending" and access.may_confirm(g, request.user)
    ]
    template = (
        "campaign/game_warband.html#section" if request.htmx else "campaign/game_warband.html"
    )
    return render(request, template, context)


# --- the report ----------------------------------------------------------------------------------


def _report_form(request, campaign, game=None):
    organiser = access.is_organiser(campaign, request.user)
    lines = {line.figure_id: line for line in game.figures.all()} if game else None
    source = request.POST if request.method == "POST" else None
    initial = report_initial(game) if game else {}
    initial.update({k: request.GET[k] for k in ("warband_a", "warband_b") if k in request.GET})
    return GameReportForm(
        source,
        campaign=campaign,
        user=request.user,
        organiser=organiser,
        lines=lines,
        initial=initial,
    )


def _report_page(request, campaign, form, game=None, status=200):
    if request.htmx and request.method == "GET":  # the warbands changed: new figure rows
        return render(request, "campaign/game_form.html#rows", {"form": form})
    context = {"campaign": campaign, "form": form, "game": game}
    return render(request, "campaign/game_form.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, member=True)
    form = _report_form(request, campaign)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_file(campaign=campaign, actor=request.user, **form.report())
        except RulesError as error:
            form.add_error(None, error.message)
        else:
            return redirect("game", game.id)
    return _report_page(request, campaign, form, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def game_edit(request, game_id: int):
    game = access.game_for(request.user, game_id, edit=True)
    if game.status != "pending":
        messages.error(request, "Only a report waiting for confirmation can be edited.")
        return redirect("game", game.id)
    form = _report_form(request, game.campaign, game)
    if request.method == "POST" and form.is_valid():
        try:
            services.game_edit(game=game, actor=request.user, **form.report())
        except RulesError as error:
            form.add_error(None, error.message)
        else:
            return redirect("game", game.id)
    return _report_page(request, game.campaign, form, game, status=400 if form.errors else 200)


@require_GET
def game_detail(request, game_id: int):
    game = access.game_for(request.user, game_id)
    user = request.user
    sides = games.game_sides(game)
    # The organiser's way out of a stuck post-game: the sides still open, shown open at once
    # when the other side committed (the ordinary withdraw is refused then) or one is stuck.
    release = []
    if game.status == "confirmed" and access.is_organiser(game.campaign, user):
        release = [s for s in sides if s["postgame"] and s["step"] != games.COMMITTED]
    steps = {s["step"] for s in sides}
    context = {
        "game": game,
        "campaign": game.campaign,
        "sides": sides,
        "release": release,
        "release_open": bool(release) and bool(steps & {games.COMMITTED, games.STUCK}),
        "can_confirm": game.status == "pending" and access.may_confirm(game, user),
        "can_edit": game.status == "pending" and access.may_edit(game, user),
        # Once a side committed the ordinary withdraw is refused: the panel above is the way.
        "can_withdraw": game.status != "withdrawn"
        and games.COMMITTED not in steps
        and access.may_withdraw(game, user),
    }
    return render(request, "campaign/game_detail.html", context)


@login_required
@require_POST
@domain_errors
def game_confirm(request, game_id: int):
    game = access.game_for(request.user, game_id, confirm=True)
    services.game_confirm(game=game, actor=request.user)
    messages.success(request, "Report confirmed: both post-game sequences are open.")
    return redirect("game", game.id)


@login_required
@require_POST
@domain_errors
def game_withdraw(request, game_id: int):
    game = access.game_for(request.user, game_id, withdraw=True)
    services.game_withdraw(game=game, actor=request.user)
    messages.success(request, "Report withdrawn.")
    return redirect("game", game.id)


# --- the organiser's way out of a stuck post-game (services.postgame_release) ---------------------


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def game_withdraw_stuck(request, game_id: int):
    """GET asks; POST withdraws the game keeping a committed side (the organiser)."""
    game = access.game_for(request.user, game_id, withdraw=True)
    if not access.is_organiser(game.campaign, request.user):
        raise PermissionDenied("Only the organiser may withdraw a game with a committed side.")
    if request.method == "GET":
        return confirm(
            request,
            title="Withdraw this game?",
            body="The post-game still open is discarded and the game no longer counts. A side "
            "that has committed keeps its roster changes: correct them by hand if they should "
            "go. Every player sees this in the activity feed.",
            button="Withdraw the game",
            cancel_url=reverse("game", args=[game.id]),
        )
    services.game_withdraw_keeping_committed(game=game, actor=request.user)
    messages.success(request, "Game withdrawn: the open post-game is discarded.")
    return redirect("game", game.id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def postgame_restart(request, postgame_id: int):
    """GET asks; POST starts the sequence again under the rules in force (the organiser)."""
    postgame = access.postgame_for(request.user, postgame_id, drive=True)
    if not access.is_organiser(postgame.warband.campaign, request.user):
        raise PermissionDenied("Only the organiser may restart a post-game sequence.")
    name = possessive(postgame.warband.name)
    if request.method == "GET":
        return confirm(
            request,
            title=f"Restart {name} post-game?",
            body="Its answers are set aside (its log keeps them) and it starts again from the "
            "first roll under the house rules in force now. Its dice stay its own: the same "
            "rolls come up again. Every player sees this in the activity feed.",
            button="Restart it",
            cancel_url=reverse("game", args=[postgame.game_id]),
        )
    services.postgame_restart(postgame=postgame, actor=request.user)
    messages.success(request, f"{name} post-game starts again.")
    return redirect("postgame", postgame.id)


# --- the sequence --------------------------------------------------------------------------------


def _sequence_context(request, postgame) -> dict:
    run = games.postgame_run(postgame)
    state = games.postgame_state(postgame, run)
    sheet = run.preview_sheet()
    campaign = postgame.warband.campaign
    step = state["step"]
    order = list(games.PUBLIC_STEPS)
    trading = step == "trading" and state["prompt"] is None
    game = postgame.game
    return {
        "postgame": postgame,
        "warband": postgame.warband,
        "campaign": campaign,
        "game": game,
        "opponent": game.warband_b if game.warband_a_id == postgame.warband_id else game.warband_a,
        "state": state,
        "steps": [(s, words.STEP_NAMES[s], order.index(s) - order.index(step)) for s in order],
        "prompt": words.prompt_view(state["prompt"], sheet),
        "log": words.log_view(state["log"]),
        "preview": state["preview"],
        "treasury_before": postgame.sheet["treasury"],
        "trade": words.trade_options(sheet, campaign.currency, run.book) if trading else None,
        "can_drive": access.may_drive(postgame, request.user),
    }


@require_GET
@keep_offline
def postgame_page(request, postgame_id: int):
    postgame = access.postgame_for(request.user, postgame_id)
    return render(request, "campaign/postgame.html", _sequence_context(request, postgame))


def _sequence_fragment(request, postgame, written=None):
    """After a step: the sequence fragment for HTMX, the page again otherwise; its ETag the
    sequence's version now (the page's `#sequence` says it too, in data-version). `written`:
    the row the step returned, whose saved run the fragment draws from (no replay again)."""
    postgame = access.postgame_for(request.user, postgame.id)
    if written is not None:
        games.postgame_run_kept_from(postgame, written)
    if not request.htmx:
        response = redirect("postgame", postgame.id)
    else:
        context = _sequence_context(request, postgame)
        response = render(request, "campaign/postgame.html#sequence", context)
    response["ETag"] = etag(postgame.version)
    return response


def stale_steps(kind: str):
    """A step sent with an If-Match that is no longer the sequence's version: nothing is done,
    and the player gets the sequence as it is now with the `conflict` box on top (theirs beside
    what is there now, "Send mine anyway", "Drop mine"), 409."""

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request, postgame_id: int):
            try:
                return view(request, postgame_id)
            except PostGameConflict as error:
                postgame = access.postgame_for(request.user, postgame_id)
                context = _sequence_context(request, postgame)
                context["conflict"] = {
                    "message": error.message,
                    "started": error.started,
                    "version": error.version,
                    "mine": conflicts.postgame_words(kind, request.POST, postgame),
                    "now": conflicts.postgame_now(
                        context["state"], context["prompt"], context["log"]
                    ),
                    "back": reverse("postgame", args=[postgame.id]),
                    **conflicts.resend(request, error.version),
                }
                template = "campaign/postgame.html"
                if request.htmx:
                    template += "#sequence"
                response = render(request, template, context, status=409)
                response["ETag"] = etag(error.version)
                return response

        return wrapper

    return decorator


@login_required
@require_POST
@domain_errors
@stale_steps("advance")
def postgame_advance(request, postgame_id: int):
    postgame = access.postgame_for(request.user, postgame_id, drive=True)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        raise form_error(form, field="dice")
    data = form.cleaned_data
    written = services.postgame_answer(
        postgame=postgame,
        actor=request.user,
        dice=data["dice"],
        choice=data["choice"] or None,
        position=data["position"],
        version=if_match_version(request),
    )
    return _sequence_fragment(request, postgame, written)


@login_required
@require_POST
@domain_errors
@stale_steps("trade")
def postgame_trade(request, postgame_id: int):
    postgame = access.postgame_for(request.user, postgame_id, drive=True)
    form = TradeForm(request.POST)
    if not form.is_valid():
        raise form_error(form, field="action")
    written = services.postgame_trade(
        postgame=postgame,
        actor=request.user,
        action=form.action_dict(),
        position=form.cleaned_data["position"],
        version=if_match_version(request),
    )
    return _sequence_fragment(request, postgame, written)


@login_required
@require_POST
@domain_errors
@stale_steps("undo")
def postgame_undo(request, postgame_id: int):
    postgame = access.postgame_for(request.user, postgame_id, drive=True)
    form = AnswerForm(request.POST)
    position = form.cleaned_data["position"] if form.is_valid() else None
    written = services.postgame_undo(
        postgame=postgame,
        actor=request.user,
        position=position,
        version=if_match_version(request),
    )
    return _sequence_fragment(request, postgame, written)


@login_required
@require_POST
@domain_errors
@stale_steps("commit")
def postgame_commit(request, postgame_id: int):
    postgame = access.postgame_for(request.user, postgame_id, drive=True)
    services.postgame_commit(
        postgame=postgame, actor=request.user, version=if_match_version(request)
    )
    return _sequence_fragment(request, postgame)


# --- captives (C16) ------------------------------------------------------------------------------


@login_required
@require_POST
@domain_errors
def captive_ransom(request, figure_id: int):
    figure = access.figure_for_captive(request.user, figure_id)
    form = RansomForm(request.POST)
    if not form.is_valid():
        raise form_error(form, field="price")
    price = form.cleaned_data["price"]
    services.captive_ransom_offer(figure=figure, price=price, actor=request.user)
    money = figure.warband.campaign.money(price)
    messages.success(
        request, f"Ransom of {money} offered for {figure.name}: it waits for the captor."
    )
    return redirect("warband", figure.warband_id)


@login_required
@require_POST
@domain_errors
def captive_ransom_accept(request, figure_id: int):
    figure = access.figure_for_captive(request.user, figure_id)
    form = RansomForm(request.POST)
    if not form.is_valid():
        raise form_error(form, field="price")
    captor = games.captor_of(figure)
    services.captive_ransom_accept(
        figure=figure, price=form.cleaned_data["price"], actor=request.user
    )
    messages.success(request, f"Ransom accepted: {figure.name} returns to {figure.warband.name}.")
    return redirect("warband", captor.id)


@login_required
@require_http_methods(["GET", "POST"])
@domain_errors
def captive_sell(request, figure_id: int):
    """GET asks first, with the die typed in if any (views/confirm.py); POST sells and says
    for how much ("Young 1 sold for £20")."""
    figure = access.figure_for_captive(request.user, figure_id)
    form = SellCaptiveForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        raise form_error(form, field="die")
    captor = games.captor_of(figure)
    faces = form.cleaned_data["die"]
    if request.method == "GET":
        money = captor.campaign.money
        roll = f"{faces[0]} × 5 = {money(faces[0] * 5)}" if faces else "D6 × 5 (the app rolls)"
        return confirm(
            request,
            title=f"Sell the captive {figure.name}?",
            body=f"{figure.name} leaves {possessive(figure.warband.name)} roster for good; "
            f"{captor.name} "
            f"gets {roll}.",
            button="Sell the captive",
            cancel_url=reverse("warband", args=[captor.id]),
            hidden={"die": faces[0]} if faces else None,
        )
    services.captive_sell(figure=figure, actor=request.user, dice=faces)
    sale = captor.ledger.order_by("-id").first()  # the line the sale just wrote
    messages.success(request, f"{figure.name} sold for {captor.campaign.money(sale.amount)}.")
    return redirect("warband", captor.id)

"""The balance lab's pages under /play/lab/ and the club variants (saving one, starting a game
from one in the lobby). The lab compares two sets of options (the seed rules, a saved variant,
or options typed as JSON): it starts a run for each and the page polls their progress."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseStopPolling

from chase.access import remember_created, remember_seat
from chase.engines import lab as lab_rules
from chase.errors import SessionError
from chase.forms.lab import LabOptionsForm
from chase.games import game_for, kinds, registry
from chase.models import GameSession, LabRun, Variant
from chase.services import lab
from chase.services import sessions as services
from core.addresses import address_digest
from core.domain_errors import domain_errors
from core.throttles import throttle_wait, too_many, wait_words

SIDES = ("a", "b")


def _games():
    return [(kind, game.title) for kind, game in registry().items()]


def _kind(data) -> str:
    """The game the lab's forms are drawn for: the one chosen, else the first."""
    kind = data.get("kind") or ""
    return kind if kind in kinds() else kinds()[0]


def _option_form(data, kind: str, prefix: str) -> LabOptionsForm:
    return LabOptionsForm(data if data.get("kind") == kind else None, kind=kind, prefix=prefix)


def _form_changes(form: LabOptionsForm, field: str) -> dict:
    if not form.is_valid():
        name, problems = next(iter(form.errors.items()))
        label = form.fields[name].label if name in form.fields else name
        raise SessionError(f"{label}: {problems[0]}", field=field)
    return form.changes()


def _side_options(post, side: str, kind: str) -> tuple[dict, str]:
    """A side's options and label: a saved variant (of this game), or the options changed in
    its labelled fields (or, as before, typed as JSON), or the seed rules."""
    chosen = post.get(f"{side}_variant") or ""
    typed = (post.get(f"{side}_options") or "").strip()
    if chosen:
        variant = Variant.objects.filter(pk=chosen if chosen.isdigit() else 0, kind=kind).first()
        if variant is None:
            raise SessionError("Choose a variant of this game.", field=f"{side}_variant")
        return variant.options, variant.name
    changes = _form_changes(_option_form(post, kind, side), f"{side}_options")
    if changes:
        return changes, None  # labelled by its changes once checked
    if typed:
        try:
            options = json.loads(typed)
        except ValueError:
            raise SessionError(
                'Type the options as JSON, e.g. {"trapper_ace": true}.', field=f"{side}_options"
            ) from None
        return options, None  # labelled by its changes once checked
    return {}, lab.SEED_RULES


def _variants() -> list[Variant]:
    """Every saved variant, each with its game's title to show."""
    titles = dict(_games())
    variants = list(Variant.objects.select_related("owner"))
    for variant in variants:
        variant.game_title = titles.get(variant.kind, variant.kind)
    return variants


def _runs(request) -> list[LabRun]:
    ids = [request.GET.get(side) for side in SIDES]
    found = LabRun.objects.select_related("job").in_bulk([i for i in ids if i and i.isdigit()])
    return [found[int(i)] for i in ids if i and i.isdigit() and int(i) in found]


def _row(run: LabRun, group: str, share: float, interval: list[float], suffix="") -> dict:
    """One group's share in percent, its ± (at least 1) and its 95% interval, in words."""
    low, high = interval
    game = game_for(run.kind)
    word = "no winner" if group == lab_rules.NONE else game.group_words(run.options, group)
    return {"group": group + suffix, "word": word, "percent": round(100 * share),
            "plus": max(1, round(100 * (high - low) / 2)),
            "low": round(100 * low), "high": round(100 * high)}  # fmt: skip


def _shown(run: LabRun) -> dict:
    """A run as the page shows it: each group's share of all games and, when some games had
    no winner, of the games someone won (the race's inside/outside fairness)."""
    result = lab.lab_result(run)
    rows, won_rows = [], []
    if result is not None:
        rows = [_row(run, g, share, result["intervals"][g]) for g, share in result["wins"].items()]
        if result["wins"].get(lab_rules.NONE) and result["won_games"]:
            won_rows = [
                _row(run, g, share, result["won_intervals"][g], suffix="-won")
                for g, share in result["won"].items()
            ]
    changes = [
        lab.changes_words(run.kind, {name: value})
        for name, value in lab.changed(run.kind, run.options).items()
    ]
    return {"run": run, "job": run.job, "result": result, "rows": rows, "won_rows": won_rows,
            "changes": changes}  # fmt: skip


def _compared(shown: list[dict]) -> list[dict]:
    """Both runs finished: one row per group with each run's share, side by side (then, if
    either had games nobody won, each group's share of the games won)."""
    if len(shown) != 2 or not all(s["result"] for s in shown):
        return []
    first, second = ({row["group"]: row for row in s["rows"] + s["won_rows"]} for s in shown)
    rows = [
        {"word": row["word"], "sides": [row, second.get(group)]} for group, row in first.items()
    ]
    for group, row in second.items():  # a group only the second run has (won by someone)
        if group not in first:
            rows.append({"word": row["word"], "sides": [None, row]})
    for row in rows:
        row["won"] = any(side and side["group"].endswith("-won") for side in row["sides"])
    return rows


def _runs_context(runs: list[LabRun]) -> dict:
    shown = [_shown(run) for run in runs]
    return {"runs": shown, "compared": _compared(shown), "polling": _polling(runs)}


@require_http_methods(["GET", "POST"])
@login_required
def lab_page(request):
    """The form (game, two sides, games) and, with ?a=&b=, the two runs' progress or result."""
    error = None
    if request.method == "POST":
        kind = request.POST.get("kind") or ""
        try:
            games = int(request.POST.get("games") or lab.DEFAULT_GAMES)
        except ValueError:
            games = -1
        try:
            chosen = []
            for side in SIDES:
                options, label = _side_options(request.POST, side, kind)
                lab.clean(kind, options)  # both sides checked before either starts
                chosen.append((options, label or lab.described(kind, options)))
            lab.check_games(games)
            # Two runs: both must fit in the queue and in the budget the API counts too.
            lab.lab_room(len(chosen))
            lab.lab_budget(request, len(chosen))
            started = [
                lab.lab_start(
                    kind=kind,
                    options=options,
                    games=games,
                    label=label,
                    user=request.user,
                    stepwise=True,
                )  # fmt: skip
                for options, label in chosen
            ]
        except (lab.LabThrottled, lab.LabBusy) as problem:
            return too_many(_page(request, error=problem), problem.retry_after, problem.status_code)
        except SessionError as problem:
            error = problem
        else:
            query = "&".join(f"{s}={r.pk}" for s, r in zip(SIDES, started, strict=True))
            return redirect(f"{reverse('chase:lab')}?{query}")
    return _page(request, error=error)


def _page(request, *, error=None, variant_error=None, propose_error=None):
    runs = _runs(request)
    data = request.POST if request.method == "POST" else request.GET
    kind = _kind(data)
    context = {
        **_proposal_context(request),
        **_propose_choices(kind),
        "propose_error": propose_error,
        "kind": kind,
        "games": _games(),
        "variants": _variants(),
        **_runs_context(runs),
        "error": error,
        "variant_error": variant_error,
        "posted": request.POST,
        "sides": [
            {
                "side": side,
                "word": word,
                "variant": request.POST.get(f"{side}_variant", ""),
                "form": _option_form(data, kind, side),
            }
            for side, word in zip(SIDES, ("First", "Second"), strict=True)
        ],  # fmt: skip
        "variant_form": _option_form(data, kind, "variant"),
        "default_games": lab.DEFAULT_GAMES,
        "max_games": lab.MAX_GAMES,
        "max_games_words": f"{lab.MAX_GAMES:,}",
    }
    failed = error is not None or variant_error is not None or propose_error is not None
    return render(request, "chase/lab.html", context, status=400 if failed else 200)


@require_GET
@login_required
def lab_progress(request):
    """The runs' fragment, polled (or, with ?p=, the search's). Without a worker each poll
    plays a chunk of each run."""
    if request.GET.get("p"):
        return _proposal_progress(request)
    runs = _runs(request)
    for run in runs:
        if _polling([run]) and settings.CELERY_TASK_ALWAYS_EAGER:
            lab.lab_step(job_id=run.job_id, seconds=settings.CHASE_LAB_POLL_SECONDS)
    runs = _runs(request)
    context = _runs_context(runs)
    response = render(request, "chase/lab.html#runs", context)
    if not context["polling"]:
        return HttpResponseStopPolling(response.content)
    return response


# --- the lab proposes (issue 38) ------------------------------------------------------------------


@require_POST
@login_required
def lab_propose(request):
    """Start a search: one option's values tried on the seed rules or a saved variant, for the
    value that evens the chosen group's share; the page then polls it (?p=)."""
    post = request.POST
    kind = post.get("kind") or ""
    try:
        games = int(post.get("p_games") or lab.DEFAULT_SEARCH_GAMES)
    except ValueError:
        games = -1
    try:
        options, _ = _side_options(post, "p", kind)
        search = {"kind": kind, "options": options, "search": post.get("search") or "",
                  "even": post.get("even") or "", "games": games}  # fmt: skip
        lab.search_plan(**search)  # checked before it counts against the budget
        lab.lab_room(1)
        lab.lab_budget(request, 1)
        run = lab.lab_search_start(**search, user=request.user, stepwise=True)
    except (lab.LabThrottled, lab.LabBusy) as problem:
        return too_many(
            _page(request, propose_error=problem), problem.retry_after, problem.status_code
        )
    except SessionError as problem:
        return _page(request, propose_error=problem)
    return redirect(f"{reverse('chase:lab')}?kind={kind}&p={run.pk}")


def _propose_choices(kind: str) -> dict:
    """The search form's choices for a game: the options it can search, the groups to even."""
    game = game_for(kind)
    engine = game.engine
    options = engine.clean_options({})
    return {
        "search_options": [(o.name, o.heading()) for o in lab_rules.searchable(engine)],
        "even_groups": [(g, game.group_words(options, g)) for g in engine.lab_groups(options)],
        "default_search_games": lab.DEFAULT_SEARCH_GAMES,
    }


def _proposal_context(request) -> dict:
    """The search the page shows (?p=): its progress, then the proposal and every value."""
    pk = request.GET.get("p") or ""
    run = LabRun.objects.select_related("job").filter(pk=pk if pk.isdigit() else 0).first()
    if run is None or not run.is_search:
        return {"proposal_run": None}
    result = lab.lab_result(run)
    proposal = result["proposal"] if result else None
    group_words = game_for(run.kind).group_words(run.options, run.search_group)
    rows = []
    for row in proposal["candidates"] if proposal else []:
        low, high = row["interval"]
        rows.append({**row, "percent": round(100 * row["share"], 1), "low": round(100 * low, 1),
                     "high": round(100 * high, 1), "chosen": row["value"] == proposal["value"],
                     "close": row["value"] in proposal["close"]})  # fmt: skip
    changes = [
        lab.changes_words(run.kind, {name: value})
        for name, value in lab.changed(run.kind, run.options).items()
        if name != run.search_option
    ]
    chosen = next((row for row in rows if row["chosen"]), None)
    return {"proposal_run": run, "proposal": proposal, "proposal_rows": rows,
            "proposal_row": chosen, "proposal_group": group_words,
            "proposal_changes": changes, "proposal_polling": _polling([run]),
            "proposal_close": [row["words"] for row in rows if row["close"]]}  # fmt: skip


def _polling(runs: list[LabRun]) -> bool:
    return any(run.job.state not in ("done", "failed") for run in runs)


def _proposal_progress(request):
    context = _proposal_context(request)
    run = context["proposal_run"]
    if run is not None and context["proposal_polling"] and settings.CELERY_TASK_ALWAYS_EAGER:
        lab.lab_step(job_id=run.job_id, seconds=settings.CHASE_LAB_POLL_SECONDS)
        context = _proposal_context(request)
    response = render(request, "chase/lab.html#proposal", context)
    if not context["proposal_polling"]:
        return HttpResponseStopPolling(response.content)
    return response


@require_POST
@login_required
def variant_save(request):
    """Save the options typed on the lab page as a named variant of the game; on an error the
    page comes back with it and with what was typed."""
    try:
        kind = request.POST.get("kind") or ""
        typed = (request.POST.get("options") or "").strip()  # as JSON, as the page once asked
        if kind in kinds() and not typed:
            options = _form_changes(_option_form(request.POST, kind, "variant"), "options")
        else:
            try:
                options = json.loads(typed or "{}")
            except ValueError:
                raise SessionError(
                    'Type the options as JSON, e.g. {"trapper_ace": true}.', field="options"
                ) from None
        lab.variant_save(
            user=request.user,
            kind=request.POST.get("kind") or "",
            name=request.POST.get("name"),
            options=options,
        )
    except SessionError as error:
        return _page(request, variant_error=error)
    return redirect("chase:lab")


@require_POST
@domain_errors
def variant_start(request):
    """The lobby's "Start from a variant": a game with the variant's options, solo or hot-seat,
    this browser holding its human seats."""
    wait = throttle_wait(request, "session_create")  # a new game, counted as the lobby's are
    if wait:
        words = [f"Too many new games: try again in {wait_words(wait)}."]
        return too_many(
            render(request, "error_page.html", {"messages_list": words}, status=429), wait
        )
    variant = get_object_or_404(Variant, pk=request.POST.get("variant") or 0)
    mode = request.POST.get("mode") or GameSession.Mode.SOLO
    if mode not in (GameSession.Mode.SOLO, GameSession.Mode.HOTSEAT):
        raise SessionError("Start a variant solo or hot-seat.", field="mode")
    session = services.session_create(
        kind=variant.kind, mode=mode, options=variant.options, user=request.user,
        creator_sits=True, address=address_digest(request),
    )  # fmt: skip
    remember_created(request, session)
    for seat in session.seats.filter(kind="human"):
        services.seat_take(seat=seat, user=request.user, address=address_digest(request))
        remember_seat(request, seat)
    return redirect("chase:table", session.pk)

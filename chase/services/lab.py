"""Canoe game variants (a club's house rules for a game) and the balance lab's runs.

Every write of the two goes through here. The options are read as each engine's
`clean_options` has them (`clean`, the one place to switch to a declared options table).

A lab run is a `core.Job` of kind "balance" (its progress: `done` of `total` games, as
`GET /api/jobs/{id}/` and the page show it) and a `LabRun` row (the options, the seed and the
counts so far). It is played in chunks (`lab_step`), each in one transaction that keeps the
counts, so a run taken over by another worker resumes at the next game and finds what the
first would have: game `i` always plays with the same seed (chase.engines.lab). With Redis, a
worker of the Celery queue `lab` plays it (`chase.balance_lab`); without (`make run`, eager
tasks), the API's run plays here and now, and the page's plays a chunk at each poll, so its
progress shows.

A run is minutes of CPU, so its cost is bounded (issue 34):

- *Never in a request on a server.* When the broker cannot be reached (refused or hung), the run
  is kept queued with a message saying so (UNSENT) and the sweep sends it once the broker is
  back (`lab_sweep`, from the campaign's periodic sweep); a run whose worker died (its progress
  older than the job lease) is sent again the same way. Only `make run`'s eager mode plays in
  the process, by design.
- *A budget per account, per run.* The page (two runs a form) and the API (one) count each run
  against the same `lab_account` rate (core.throttles.throttle_take): LabThrottled, 429.
- *A bounded queue.* With CHASE_LAB_QUEUE_MAX runs waiting (counted per run, from the jobs),
  LabBusy (503 with Retry-After) instead of more.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from chase.engines import lab as lab_rules
from chase.engines.base import OptionsError
from chase.errors import SessionError
from chase.games import get_engine
from chase.models import LabRun, Variant
from chase.services.sessions import check_option_texts
from core.models import Job
from core.queue import publish
from core.throttles import throttle_take, wait_words

LAB = "balance"  # the Job kind of a lab run
LAB_TASK = "chase.balance_lab"  # chase.tasks.balance_task, sent by name (core.queue)
DEFAULT_GAMES = 2000
DEFAULT_SEARCH_GAMES = 1000  # games for each value a search tries
MAX_GAMES = 10_000
MAX_NAME = 80
STEP_SECONDS = 1.0  # a chunk plays games for about this long, then writes its progress
SEED_RULES = "Seed rules"
WAITING = "Waiting for a worker"
UNSENT = "Waiting: the job queue cannot be reached just now; the run starts once it can"
BUSY_SECONDS = 60  # Retry-After when the lab queue is full


class LabThrottled(SessionError):
    """This account has started its share of runs for now."""

    status_code = 429

    def __init__(self, wait: int):
        super().__init__(f"Many runs in a short time: try again in {wait_words(wait)}.")
        self.retry_after = wait


class LabBusy(SessionError):
    """The lab queue is full: nothing more is queued until it drains."""

    status_code = 503

    def __init__(self):
        super().__init__(
            "The balance lab has many runs waiting already: try again in a few minutes."
        )
        self.retry_after = BUSY_SECONDS


def lab_budget(request, runs: int) -> None:
    """Count `runs` new runs against the client's lab budget (per account when signed in), all
    or none; LabThrottled past it."""
    wait = throttle_take(request, "lab", runs)
    if wait:
        raise LabThrottled(wait)


def lab_room(runs: int) -> None:
    """LabBusy when `runs` more would put the waiting runs past CHASE_LAB_QUEUE_MAX. Not with
    eager tasks (`make run`): there is no queue, each run plays in the process."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    waiting = Job.objects.filter(kind=LAB, state=Job.State.QUEUED).count()
    if waiting + runs > settings.CHASE_LAB_QUEUE_MAX:
        raise LabBusy()


def clean(kind: str, options: Any) -> dict[str, Any]:
    """The options of a game of `kind`, complete and checked by its engine; SessionError
    naming the kind or the option otherwise (the engines' messages name the option)."""
    try:
        engine = get_engine(kind)
    except OptionsError as error:
        raise SessionError(str(error), field="kind") from None
    if not isinstance(options, dict):
        raise SessionError("The options must be an object of option names.", field="options")
    check_option_texts(options)
    try:
        return engine.clean_options(options)
    except OptionsError as error:
        raise SessionError(str(error), field=getattr(error, "field", None) or "options") from None


def changed(kind: str, options: dict[str, Any]) -> dict[str, Any]:
    """The (cleaned) options that differ from the seed's: each compared with the default it
    would get beside the others (a race's crew names follow its number of canoes)."""
    engine = get_engine(kind)
    found = {}
    for name, value in options.items():
        try:
            default = engine.clean_options({k: v for k, v in options.items() if k != name})[name]
        except OptionsError:
            default = _NO_DEFAULT
        if default != value:
            found[name] = value
    return found


_NO_DEFAULT = object()


def described(kind: str, options: dict[str, Any]) -> str:
    """The options in words for a label: "Seed rules" or "Indian canoes: 3 · Hidden: no"."""
    changes = changed(kind, clean(kind, options))
    if not changes:
        return SEED_RULES
    return changes_words(kind, changes)


def changes_words(kind: str, changes: dict[str, Any]) -> str:
    """Changed options by their labels: "Indian canoes: 3 · Trappers start with an ace: yes"."""
    engine = get_engine(kind)
    named = {o.name: o for o in engine.options}
    return " · ".join(
        f"{named[name].heading()}: {named[name].value_words(value)}"
        if name in named
        else f"{name}: {value}"
        for name, value in changes.items()
    )


# --- variants ----------------------------------------------------------------------------------


@transaction.atomic
def variant_save(*, user, kind: str, name: str, options: dict[str, Any]) -> Variant:
    """Save (or replace, by the same name) a named variant of a game's options."""
    name = (name or "").strip()
    if not name or len(name) > MAX_NAME:
        raise SessionError(f"A variant needs a name of 1 to {MAX_NAME} characters.", field="name")
    cleaned = clean(kind, options)
    try:
        with transaction.atomic():
            variant, _ = Variant.objects.update_or_create(
                owner=user, kind=kind, name=name, defaults={"options": cleaned}
            )
    except IntegrityError:  # the same name saved twice at once: the other one stands
        variant = Variant.objects.get(owner=user, kind=kind, name=name)
    return variant


@transaction.atomic
def variant_delete(*, user, variant: Variant) -> None:
    if variant.owner_id != user.id:
        raise SessionError("Only the player who saved a variant can delete it.")
    variant.delete()


# --- lab runs ----------------------------------------------------------------------------------


def check_games(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SessionError(
            f"The number of games must be a whole number from 1 to {MAX_GAMES:,}.", field="games"
        )
    return games


def lab_start(
    *,
    kind: str,
    options: dict[str, Any],
    games: int = DEFAULT_GAMES,
    label: str = "",
    user=None,
    seed: int = 0,
    stepwise: bool = False,
) -> LabRun:
    """Queue a run of `games` computer games for the `lab` queue's worker. With eager tasks
    (`make run`, no worker) it is played here and now, unless `stepwise` (the page): then each
    poll plays a chunk (`lab_step`). The caller checks the budget and the room first
    (`lab_budget`, `lab_room`); a broker that cannot be reached leaves the run queued (UNSENT)
    for the sweep: it is never played in the request."""
    cleaned = clean(kind, options)
    games = check_games(games)
    engine = get_engine(kind)
    return _queued(
        {"kind": kind, "options": cleaned, "label": (label or SEED_RULES)[:MAX_NAME],
         "games": games, "seed": seed, "tallies": lab_rules.empty_tallies(engine, cleaned)},
        total=games, user=user, stepwise=stepwise,
    )  # fmt: skip


def lab_search_start(
    *,
    kind: str,
    options: dict[str, Any],
    search: str,
    even: str = "",
    values: list[Any] | None = None,
    games: int = DEFAULT_SEARCH_GAMES,
    label: str = "",
    user=None,
    seed: int = 0,
    stepwise: bool = False,
) -> LabRun:
    """Queue a search (the lab proposes, issue 38): `games` games for each value of the option
    `search` (`values`, or the option's own: `chase.engines.lab.candidates`), the other options
    as `options` has them, to find the value that brings the group `even`'s share of the games
    won closest to 50%. One run to the budget and the queue, like any other, and no more
    games in all than a run may play (MAX_GAMES); played as a run is (`lab_step`)."""
    fields = search_plan(
        kind=kind, options=options, search=search, even=even, values=values, games=games
    )
    if label:
        fields["label"] = label[:MAX_NAME]
    total = fields["games"] * len(fields["search_values"])
    return _queued({**fields, "seed": seed}, total=total, user=user, stepwise=stepwise)


def search_plan(
    *,
    kind: str,
    options: dict[str, Any],
    search: str,
    even: str = "",
    values: list[Any] | None = None,
    games: int = DEFAULT_SEARCH_GAMES,
) -> dict[str, Any]:
    """A search's row, checked (SessionError naming the field at fault): what
    `lab_search_start` queues, and what the page checks before it counts the run."""
    cleaned = clean(kind, options)
    engine = get_engine(kind)
    option = next((o for o in lab_rules.searchable(engine) if o.name == search), None)
    if option is None:
        names = ", ".join(o.name for o in lab_rules.searchable(engine))
        raise SessionError(f"Search one of this game's options: {names}.", field="search")
    if values is None:
        tried = lab_rules.candidates(option)
    else:
        tried = _values(engine, cleaned, search, values)
    if len(tried) < 2:
        raise SessionError("A search needs at least two values to try.", field="values")
    groups = engine.lab_groups(cleaned)
    even = even or groups[0]
    if even not in groups:
        raise SessionError(f"Even one of: {', '.join(groups)}.", field="even")
    games = check_games(games)
    if games * len(tried) > MAX_GAMES:
        raise SessionError(
            f"{games:,} games for each of {len(tried)} values is more than {MAX_GAMES:,} in "
            f"all: play at most {MAX_GAMES // len(tried):,} for each.",
            field="games",
        )
    return {
        "kind": kind,
        "options": cleaned,
        "games": games,
        "label": f"{option.heading()}: the most even"[:MAX_NAME],
        "tallies": lab_rules.empty_tallies(engine, cleaned),
        "search_option": search,
        "search_values": tried,
        "search_group": even,
        "search_tallies": [
            lab_rules.empty_tallies(engine, lab_rules.with_value(engine, cleaned, search, v))
            for v in tried
        ],
    }


def _values(engine, cleaned: dict[str, Any], name: str, values: Any) -> list[Any]:
    """The values a caller asked to try, each checked as the option's (named when refused),
    once each, in the order given."""
    if not isinstance(values, list):
        raise SessionError("The values to try must be a list.", field="values")
    tried: list[Any] = []
    for value in values:
        try:
            value = lab_rules.with_value(engine, cleaned, name, value)[name]
        except OptionsError as error:
            raise SessionError(str(error), field="values") from None
        if value not in tried:
            tried.append(value)
    if len(tried) > lab_rules.MAX_CANDIDATES:
        raise SessionError(
            f"Try at most {lab_rules.MAX_CANDIDATES} values at once.", field="values"
        )
    return tried


def _queued(fields: dict[str, Any], *, total: int, user, stepwise: bool) -> LabRun:
    """The run's job and row, then sent to the `lab` queue (or, eager, played now unless
    `stepwise`): see `lab_start`."""
    with transaction.atomic():
        waiting = "Starting" if settings.CELERY_TASK_ALWAYS_EAGER else WAITING
        job = Job.objects.create(kind=LAB, total=total, message=waiting)
        run = LabRun.objects.create(
            job=job,
            created_by=user if user is not None and user.is_authenticated else None,
            **fields,
        )
    if settings.CELERY_TASK_ALWAYS_EAGER:
        if not stepwise:
            lab_run(job_id=job.pk)
    elif not publish(LAB_TASK, {"job_id": job.pk}):
        Job.objects.filter(pk=job.pk, state=Job.State.QUEUED).update(message=UNSENT)
    return LabRun.objects.select_related("job").get(pk=run.pk)


def lab_sweep(*, now=None) -> int:
    """Send again the runs the broker never took (UNSENT) and those whose worker died (running,
    progress older than the job lease: a run writes its progress every STEP_SECONDS). Called by
    the periodic sweep (core.jobs.kinds_sweep); returns how many were sent. Nothing is played
    here: a broker still unreachable leaves them as they are for the next sweep."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0  # `make run`: the page's polls play them
    now = now or timezone.now()
    lease = datetime.timedelta(seconds=settings.FRONTIER_JOB_LEASE_SECONDS)
    lost = Q(state=Job.State.QUEUED, message=UNSENT) | Q(
        state=Job.State.RUNNING, updated_at__lt=now - lease
    )
    sent = 0
    for job_id in Job.objects.filter(lost, kind=LAB).order_by("pk").values_list("pk", flat=True):
        if not publish(LAB_TASK, {"job_id": job_id}):
            break  # the broker is still away: the rest wait for the next sweep
        # Sent: a lease's grace before it counts as lost again.
        Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(message=WAITING)
        Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(updated_at=now)
        sent += 1
    return sent


def lab_step(*, job_id: int, seconds: float = STEP_SECONDS) -> bool:
    """Play the run's next games for about `seconds` (at least one game) and keep the counts
    and the progress; True once the run is finished (or failed, or gone)."""
    with transaction.atomic():
        run = LabRun.objects.select_for_update().select_related("job").filter(job_id=job_id)
        run = run.first()
        if run is None or run.job.state in (Job.State.DONE, Job.State.FAILED):
            return True
        engine = get_engine(run.kind)
        until = time.monotonic() + seconds
        try:
            if run.is_search:
                _search_step(run, engine, until)
            else:
                run.tallies = _played(engine, run.options, run, run.tallies, until)
        except Exception as error:
            Job.objects.filter(pk=job_id).update(
                state=Job.State.FAILED, message=f"Failed: {error}"[:200], updated_at=timezone.now()
            )
            return True
        done = sum(t["games"] for t in _all_tallies(run))
        total = run.games * len(_all_tallies(run))
        finished = done >= total
        run.save(update_fields=["tallies", "search_tallies"])
        Job.objects.filter(pk=job_id).update(
            state=Job.State.DONE if finished else Job.State.RUNNING,
            done=done,
            message=(
                f"{run.label}: {done:,} games played"
                if finished
                else f"{run.label}: {done:,} of {total:,} games"
            ),
            updated_at=timezone.now(),
        )
    return finished


def _all_tallies(run: LabRun) -> list[dict[str, Any]]:
    return run.search_tallies if run.is_search else [run.tallies]


def _played(engine, options: dict[str, Any], run: LabRun, tallies: dict, until: float) -> dict:
    """`tallies` with the run's next games of `options` played, until `until` (at least one
    chunk) or the run's `games`."""
    while tallies["games"] < run.games:
        step = min(10, run.games - tallies["games"])
        tallies = lab_rules.play(
            engine, options, seed=run.seed, start=tallies["games"], count=step, tallies=tallies
        )
        if time.monotonic() >= until:
            break
    return tallies


def _search_step(run: LabRun, engine, until: float) -> None:
    """A search's next games: its values one after the other, each with the run's seeds (game
    `i` of every value plays from the same seed, so the values are compared on the same deals
    and rolls)."""
    for index, value in enumerate(run.search_values):
        tallies = run.search_tallies[index]
        if tallies["games"] >= run.games:
            continue
        options = lab_rules.with_value(engine, run.options, run.search_option, value)
        run.search_tallies[index] = _played(engine, options, run, tallies, until)
        if time.monotonic() >= until:
            return


def lab_run(*, job_id: int, seconds: float = STEP_SECONDS) -> None:
    """The whole run, chunk after chunk (the worker's task and the in-process run)."""
    while not lab_step(job_id=job_id, seconds=seconds):
        pass


def lab_result(run: LabRun) -> dict[str, Any] | None:
    """The run's result once it is finished (chase.engines.lab.result, with the game's kind,
    the options and the unit of `mean_length`); None while it runs."""
    if run.job.state != Job.State.DONE:
        return None
    engine = get_engine(run.kind)
    if run.is_search:
        return search_result(run, engine)
    return {
        **lab_rules.result(_in_order(engine, run.options, run.tallies)),
        "kind": run.kind,
        "label": run.label,
        "options": run.options,
        "length_unit": lab_rules.length_word(engine),
    }


def search_result(run: LabRun, engine) -> dict[str, Any]:
    """A finished search as a run's result: the proposed value's games as an ordinary run's
    result (its options complete), and `proposal` (`chase.engines.lab.propose`, with the
    option's name and its words, and the value's words)."""
    measured = list(zip(run.search_values, run.search_tallies, strict=True))
    proposal = lab_rules.propose(run.search_group, measured)
    best = run.search_values.index(proposal["value"])
    options = lab_rules.with_value(engine, run.options, run.search_option, proposal["value"])
    option = engine.option(run.search_option)
    for row in proposal["candidates"]:
        row["words"] = option.value_words(row["value"])
    return {
        **lab_rules.result(_in_order(engine, options, run.search_tallies[best])),
        "kind": run.kind,
        "label": run.label,
        "options": options,
        "length_unit": lab_rules.length_word(engine),
        "proposal": {
            "option": run.search_option,
            "heading": option.heading(),
            "words": option.value_words(proposal["value"]),
            **proposal,
        },
    }


def _in_order(engine, options: dict[str, Any], tallies: dict[str, Any]) -> dict[str, Any]:
    """The counts with their groups in the game's order (`lab_groups`, then no winner) and its
    seats in turn order: PostgreSQL's jsonb gives an object's keys back in an order of its own
    (shortest first), and the page and the API show them in the order they come."""

    def ordered(counts: dict[str, Any], order: list[str]) -> dict[str, Any]:
        return {key: counts[key] for key in order if key in counts} | counts

    return {
        **tallies,
        "wins": ordered(tallies["wins"], [*engine.lab_groups(options), lab_rules.NONE]),
        "seats": ordered(tallies["seats"], engine.roles(options)),
    }


def may_read_job(job: Job, user) -> bool:
    """A lab run's job has nothing private: whoever asks reads it (registered with core.jobs
    when the app is ready)."""
    return True


def job_result(job: Job) -> dict[str, Any] | None:
    """A lab run's result as its job's (`GET /api/jobs/{id}/`'s `result`): registered with
    core.jobs when the app is ready."""
    run = getattr(job, "lab_run", None)
    return lab_result(run) if run is not None else None

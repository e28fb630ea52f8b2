"""The kinds of background job the apps register, and who may read a job.

A `Job` points at what it works on by a scope (core.models.Job); the app that owns a kind of job
says, when it is ready (`register_job_kind`), who may read one (the campaign: whoever may read
its campaign; the canoe games' lab: anyone signed in), if its jobs have one, the result a
finished job answers, and, if it has one, its sweep: what the periodic sweep (campaign.sweep)
calls to send again the jobs of that kind that a lost message or a dead worker left behind
(`kinds_sweep`). Core reads no app's tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404

from core.models import Job

ReadCheck = Callable[[Job, Any], bool]  # (job, user) -> whether they may read it
JobResult = Callable[[Job], dict[str, Any] | None]  # the finished job's result, or None
JobSweep = Callable[[], int]  # sends again the kind's lost jobs; returns how many

NO_SUCH_JOB = "No such job."


@dataclass(frozen=True)
class JobKind:
    read_check: ReadCheck
    result: JobResult | None = None
    sweep: JobSweep | None = None


_KINDS: dict[str, JobKind] = {}


def register_job_kind(
    kind: str,
    *,
    read_check: ReadCheck,
    result: JobResult | None = None,
    sweep: JobSweep | None = None,
):
    """From the owning app's ready(): who may read a job of `kind` (`read_check(job, user)`),
    the result a finished one answers (`GET /api/jobs/{id}/`'s `result`), if any, and the
    kind's own sweep of lost jobs, if it has one."""
    _KINDS[kind] = JobKind(read_check=read_check, result=result, sweep=sweep)


def kinds_sweep() -> dict[str, int]:
    """Run every registered kind's sweep (the periodic sweep calls this): {kind: jobs sent}."""
    return {kind: entry.sweep() for kind, entry in _KINDS.items() if entry.sweep is not None}


def job_for(user, job_id: int) -> Job:
    """A job, to whoever its kind's app lets read it; a 404 otherwise, the same as for a job
    that does not exist (a stranger is not told which ids are a private campaign's)."""
    job = Job.objects.filter(pk=job_id).first()
    kind = _KINDS.get(job.kind) if job is not None else None
    if kind is None or not kind.read_check(job, user):
        raise Http404(NO_SUCH_JOB)
    return job


def job_result(job: Job) -> dict[str, Any] | None:
    kind = _KINDS.get(job.kind)
    return kind.result(job) if kind is not None and kind.result is not None else None

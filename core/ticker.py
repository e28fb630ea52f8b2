"""Periodic work inside the web process, for the demo server only.

A club server runs its periodic tasks on celery beat (`chase.turn_alerts` every minute). The
demo server (`make run`: runserver, SQLite, Celery eager, no Redis, no beat) has no beat, yet the
help promises that a turn alert goes "within a minute". So when, and only when, the process is
runserver's serving process and Celery runs tasks in-process (no broker, so no beat can exist),
a daemon thread calls the registered jobs every few seconds.

Not started in tests (pytest is not runserver), under gunicorn or a worker, nor in runserver's
autoreloader parent: only in the child that serves (RUN_MAIN), or in `runserver --noreload`.
Each restart of the autoreloader is a new process, so there is one ticker per serving process;
the jobs themselves must be safe to run twice at once (the turn alerts mark a seat with a
conditional UPDATE before mailing, so two runs never both send).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence

logger = logging.getLogger(__name__)

Job = Callable[[], object]


def wanted(*, argv: Sequence[str], environ: Mapping[str, str], eager: bool) -> bool:
    """Whether this process should tick: runserver's serving process with in-process Celery.
    FRONTIER_IN_PROCESS_TICKER=0 turns it off."""
    if environ.get("FRONTIER_IN_PROCESS_TICKER", "") == "0" or not eager:
        return False
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    return environ.get("RUN_MAIN") == "true" or "--noreload" in argv


class Ticker:
    """Calls each job every `seconds`, in a daemon thread; `tick()` runs them once (tests call it
    directly, with the clock they inject into the jobs, instead of waiting)."""

    def __init__(self, jobs: list[Job], seconds: float) -> None:
        self.jobs = jobs  # read at each tick: jobs registered after the start count too
        self.seconds = seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def tick(self) -> None:
        """Run every job once. A job's error is logged, never raised: the next tick tries
        again. The thread's database connection is closed after, as a request's would be."""
        from django.db import close_old_connections, connection  # settings: only when ticking

        for job in self.jobs:
            try:
                job()
            except Exception:  # noqa: BLE001 - a background loop must outlive one bad run
                logger.exception("In-process periodic job %r failed", job)
            finally:
                close_old_connections()
        connection.close()

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="frontier-ticker", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.seconds):
            self.tick()


# The jobs of the process's ticker: each app's ready() registers its own (core's ready() starts
# the thread before the apps after it are ready; the first tick comes `seconds` later).
JOBS: list[Job] = []
_started: Ticker | None = None
_lock = threading.Lock()


def register(job: Job) -> None:
    if job not in JOBS:
        JOBS.append(job)


def running() -> bool:
    """Whether this process ticks (the demo server's serving process): work too slow for a
    request can then be left to a job here instead of being done while the player waits."""
    return _started is not None


def start_once(seconds: float) -> Ticker:
    """Start the process's ticker over JOBS unless it runs already (ready() may run twice)."""
    global _started
    with _lock:
        if _started is None:
            _started = Ticker(JOBS, seconds)
            _started.start()
            logger.info(
                "Demo server: turn alerts and other periodic work run in this process every %s s",
                seconds,
            )
        return _started

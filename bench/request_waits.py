"""Where a club server's request spends its time, for the club night (`CLUB_WAITS_DIR`): on a
core, waiting for a core, in the database, or blocked on something else (Redis, the network, a
lock outside the database). One line per request, appended to a file per process, summed up by
bench/club_night.py after the run (with the moment each ended, to tell the run's halves apart).

On a core and waiting for one come from Linux's scheduler statistics of the request's thread
(`/proc/thread-self/schedstat`: time run, time runnable but not running), so a busy machine's
queue for the cores is told apart from a wait on a service; the database's time is the time its
statements kept the thread off the cores (waiting for the answer, a lock, the commit's flush to
disk). What is left of the wall time is the other waits: Redis, the network, a lock elsewhere."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from django.db import connection

SCHEDSTAT = "/proc/thread-self/schedstat"

# Each thread's schedstat file, opened once and read again from its start (`os.pread`: the
# kernel writes it afresh at each read). Opening and reading it by path at every statement was
# 4% of the web workers' CPU at a 30-club night, counted as the server's own.
_mine = threading.local()


def _sched() -> tuple[float, float]:
    try:
        pid, fd = getattr(_mine, "fd", (None, None))
        if pid != os.getpid():  # first read of this thread, or a process forked since
            fd = os.open(SCHEDSTAT, os.O_RDONLY)
            _mine.fd = (os.getpid(), fd)
        run, wait, _ = os.pread(fd, 128, 0).split()
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(run) / 1e9, int(wait) / 1e9


class RequestWaitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        folder = Path(os.environ["CLUB_WAITS_DIR"])
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / f"{os.getpid()}.txt"

    def __call__(self, request):
        spent = [0.0]

        def timed(execute, sql, params, many, context):
            """The statement's time off the cores: neither running nor runnable (waiting
            for the database's answer, its locks, its flush to disk)."""
            began, (run, wait) = time.perf_counter(), _sched()
            try:
                return execute(sql, params, many, context)
            finally:
                run_after, wait_after = _sched()
                spent[0] += (time.perf_counter() - began) - (run_after - run) - (wait_after - wait)

        began, (run, wait) = time.perf_counter(), _sched()
        with connection.execute_wrapper(timed):
            response = self.get_response(request)
        wall = time.perf_counter() - began
        run_after, wait_after = _sched()
        line = (
            f"{request.method} {request.path} {response.status_code} {wall:.5f} "
            f"{run_after - run:.5f} {wait_after - wait:.5f} {spent[0]:.5f} {time.time():.3f}\n"
        )
        out = getattr(_mine, "out", None)
        if out is None:
            out = _mine.out = self.path.open("a", buffering=1)  # a line at a time
        out.write(line)
        return response

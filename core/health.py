"""`GET /healthz`: what a monitor polls. 200 when every part is well, 503 naming the failing ones.

    {"status": "ok", "version": "0.2.0", "failing": [],
     "database": {"status": "ok"}, "migrations": {"status": "ok"},
     "redis": {"status": "ok"}, "queues": {"status": "ok", "depth": {"celery": 0, ...}},
     "workers": {"status": "ok", "seen": {"odds@host": {"queues": ["odds"], ...}}},
     "beat": {"status": "ok", "seen_seconds_ago": 12},
     "streams": {"status": "ok", "open": 37}}

`streams` counts the live pages and programs open now (core.streams: across every event
process with Redis, else this process's own); it never fails the check.

Each part is `ok`, `failing` (with the reason) or `not used` (`make run`: no Redis, jobs run
in the web process, no beat), or `unknown` while Redis, where the workers and beat leave their
heartbeats (core.heartbeat), cannot be read. Cheap and bounded: the probes run side by side and
each gets PROBE_SECONDS; no throttle counts it; nothing secret is shown (no address with a
password, only the first line of an error, any `user:password@` removed).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from django.conf import settings
from django.db import connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from core import heartbeat
from core.schema import unapplied_migrations
from core.streams import slots
from frontier import __version__

PROBE_SECONDS = 2.0
WORKER_SILENT_AFTER = 60  # seconds: a worker's heart records every 10 s
BEAT_SILENT_AFTER = 120  # seconds: beat ticks at least every 30 s (CELERY_BEAT_MAX_LOOP_INTERVAL)

OK = {"status": "ok"}
NOT_USED = {"status": "not used"}


def failing(reason: str, **extra) -> dict:
    return {"status": "failing", "error": reason, **extra}


def queue_names() -> list[str]:
    """Celery's default queue and every queue a task is routed to (CELERY_TASK_ROUTES)."""
    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values() if "queue" in route}
    return sorted({getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery"), *routed})


def _short(error: BaseException) -> str:
    """The first line of an error, without credentials an address in it might carry."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = re.sub(r"//[^/@\s]*@", "//", text)
    return f"{type(error).__name__}: {text}"[:200] if text else type(error).__name__


def _database() -> dict[str, dict]:
    """SELECT 1 and the migrations, on this thread's own connection, closed after."""
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # set_config, not SET: a SET takes no bound parameter (server-side binding)
                timeout = str(int(PROBE_SECONDS * 1000))
                cursor.execute("SELECT set_config('statement_timeout', %s, false)", [timeout])
            cursor.execute("SELECT 1")
        missing = unapplied_migrations(connection)
    except Exception as error:  # noqa: BLE001 - whatever it is, the database is the failing part
        return {"database": failing(_short(error)), "migrations": {"status": "unknown"}}
    finally:
        connection.close()
    migrations = failing("not applied", unapplied=missing) if missing else OK
    return {"database": OK, "migrations": migrations}


def _redis() -> dict[str, dict]:
    """PING, the queues' depths, and the workers' and beat's heartbeats."""
    if not settings.REDIS_URL:
        return dict.fromkeys(("redis", "queues", "workers", "beat"), NOT_USED)
    client = heartbeat.redis_client()
    try:
        client.ping()
        depth = {name: client.llen(name) for name in queue_names()}
        workers = heartbeat.workers_seen(client)
        beat_at = heartbeat.beat_seen(client)
    except Exception as error:  # noqa: BLE001 - a refused, hung or confused Redis alike
        unknown = {"status": "unknown", "error": "Redis cannot be read"}
        return {"redis": failing(_short(error)), "queues": unknown, "workers": unknown,
                "beat": unknown}  # fmt: skip
    return {
        "redis": OK,
        "queues": {"status": "ok", "depth": depth},
        "workers": workers_report(workers, time.time()),
        "beat": beat_report(beat_at, time.time()),
    }


def workers_report(workers: dict[str, dict], now: float) -> dict:
    """Every queue needs a worker heard from lately; every worker heard from must run this
    release (one left on the old code after an upgrade would run old tasks on new tables)."""
    seen, problems = {}, []
    for name, entry in sorted(workers.items()):
        ago = round(now - entry.get("at", 0))
        seen[name] = {"queues": entry.get("queues", []), "version": entry.get("version"),
                      "seen_seconds_ago": ago}  # fmt: skip
        if ago > WORKER_SILENT_AFTER:
            problems.append(f"worker {name} silent for {ago} s")
        elif entry.get("version") != __version__:
            problems.append(
                f"worker {name} runs version {entry.get('version')}, this server {__version__}: "
                "restart it"
            )
    for queue in queue_names():
        alive = [
            name
            for name, entry in seen.items()
            if queue in entry["queues"] and entry["seen_seconds_ago"] <= WORKER_SILENT_AFTER
        ]
        if not alive:
            problems.append(f"no worker heard from on queue {queue}")
    report = {"status": "failing" if problems else "ok", "seen": seen}
    if problems:
        report["error"] = "; ".join(problems)
    return report


def beat_report(beat_at: float | None, now: float) -> dict:
    if beat_at is None:
        return failing("beat never recorded a heartbeat: is `celery -A config beat` running?")
    ago = round(now - beat_at)
    if ago > BEAT_SILENT_AFTER:
        return failing(f"beat silent for {ago} s", seen_seconds_ago=ago)
    return {"status": "ok", "seen_seconds_ago": ago}


def _streams() -> dict[str, dict]:
    try:
        return {"streams": {"status": "ok", "open": slots().open_count()}}
    except Exception as error:  # noqa: BLE001 - an unreadable count is not a failing server
        return {"streams": {"status": "unknown", "error": _short(error)}}


def _guarded(probe: Callable[[], dict[str, dict]]) -> dict[str, dict]:
    try:
        return probe()
    except Exception as error:  # noqa: BLE001 - a probe's own bug still answers
        return {"probe": failing(_short(error))}


def health_report() -> dict:
    """Run the probes side by side, each within PROBE_SECONDS."""
    probes = {"database": _database, "redis": _redis, "streams": _streams}
    parts_of = {"database": ("database", "migrations"), "streams": ("streams",),
                "redis": ("redis", "queues", "workers", "beat")}  # fmt: skip
    pool = ThreadPoolExecutor(max_workers=len(probes), thread_name_prefix="healthz")
    futures = {name: pool.submit(_guarded, probe) for name, probe in probes.items()}
    deadline = time.monotonic() + PROBE_SECONDS
    parts: dict[str, dict] = {}
    for name, future in futures.items():
        try:
            parts.update(future.result(timeout=max(0.0, deadline - time.monotonic())))
        except FutureTimeout:
            late = failing(f"no answer within {PROBE_SECONDS:g} s")
            parts.update(dict.fromkeys(parts_of[name], late))
    pool.shutdown(wait=False)  # a hung probe's thread ends on its own timeout; nobody waits
    bad = [
        name for name, part in parts.items() if part["status"] == "failing" and name != "streams"
    ]
    return {"status": "failing" if bad else "ok", "version": __version__, "failing": bad, **parts}


@require_safe
@never_cache
def healthz(request):
    report = health_report()
    return JsonResponse(report, status=503 if report["failing"] else 200)

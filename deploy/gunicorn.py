"""gunicorn's settings for a club server: `gunicorn -c deploy/gunicorn.py config.wsgi`.

The access log goes to standard output, one `key=value` line per request like the app's own
lines (core.logs), with the request's id (the X-Request-ID the app answers), so an access line
and the app's lines of the same request share it. Error log to standard error. Options given on
the command line win over these (`--bind 0.0.0.0:8000`, `--workers 5`).
"""

import gc
import os

# WEB_CONCURRENCY (gunicorn's own variable, honcho and most hosts know it): worker processes.
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
# PORT: set by honcho (`make serve`, PORT=8000 by default); behind a proxy on this machine.
bind = os.environ.get("GUNICORN_BIND") or f"127.0.0.1:{os.environ.get('PORT', '8000')}"
accesslog = "-"
errorlog = "-"
access_log_format = (
    "time=%(t)s level=INFO process=%(p)s request=%({x-request-id}o)s logger=access "
    'remote=%(h)s method=%(m)s path="%(U)s" status=%(s)s bytes=%(B)s '
    'duration_ms=%(M)s agent="%(a)s"'
)
# A worker silent this long (a request stuck on a hung service) is killed and replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# The live pages' streams are the event process's (config/asgi.py): a sync worker never holds
# one, Redis or not (a stream sent here is answered 503 and its page polls).
os.environ.setdefault("FRONTIER_EVENTS_IN_WEB", "0")


def post_worker_init(worker):
    """Each worker compiles the templates and builds the URLs' table before its first request
    (core.warmup): after a restart the club's first pages are not the slow ones."""
    from core.warmup import warm  # here: gunicorn reads this file before Django is set up

    try:
        warm()
    except Exception:  # noqa: BLE001 (a failed warm-up leaves the worker as it was: cold)
        worker.log.exception("warm-up failed; the worker starts cold")
    # What the worker holds from now on (Django, the templates, the URLs, the engines' tables)
    # is left out of the garbage collector's full passes: each of them walked it all, some
    # 0.1 s of a worker's time every so often, a page held that long (issue 35). The objects
    # made by requests are collected as before.
    gc.freeze()

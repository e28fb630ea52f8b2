"""The event process: Django over ASGI, served by uvicorn, for the live streams only
(core.streams): `uvicorn config.asgi:application` (the `events:` line of the Procfile).

Each open stream waits in this process's event loop, not in a thread, fed by one Redis
subscription (core.events), so a few hundred streams cost a few hundred sockets and no worker.
The proxy sends it `/events/` and `/api/sessions/<id>/events/` (docs/club-server/README.md);
everything else goes to gunicorn. It would answer any other page too, one at a time in a
thread, which is why the proxy does not send it any.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
# Every request here runs its sync part (the middleware, a stream's checks at its opening) in a
# thread of its own (asgiref's thread-sensitive context, one a request), so its connection is a
# new one each time: a new PostgreSQL backend for every stream opened (a club night's tables
# reconnect all night). On PostgreSQL the process borrows its connections from psycopg's pool
# instead (DATABASE_POOL, settings; `DATABASE_POOL=0` in its environment turns that off), at
# most four (core.streams' three reading threads and the streams being opened, which wait their
# turn): however many streams are open, the process holds no more connections than that.
if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
    os.environ.setdefault("DATABASE_POOL", "1")
    os.environ.setdefault("DATABASE_POOL_MIN", "1")
    os.environ.setdefault("DATABASE_POOL_MAX", "4")
application = get_asgi_application()

from concurrent.futures import ThreadPoolExecutor  # noqa: E402

from core.schema import refuse_unapplied_migrations  # noqa: E402
from core.warmup import warm  # noqa: E402

# uvicorn imports the application inside its event loop (in each worker, with --workers), where
# Django refuses a query: the check runs in a thread of its own, and its refusal still stops us.
# Then the process is warmed as gunicorn's workers are (core.warmup): without it the first stream
# opened imported every URL's views (a quarter of the process's time in a club night's first
# half minute, when every table opens its streams), and what it holds is left out of the garbage
# collector's full passes.
with ThreadPoolExecutor(max_workers=1) as pool:
    pool.submit(refuse_unapplied_migrations).result()
    pool.submit(warm).result()
gc.freeze()

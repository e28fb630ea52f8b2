"""A game's version and status in the shared cache: what answers a table poll that finds nothing
new (and the API's version poll) without a database query.

The services set it on every version bump (`remember`, from chase.services.sessions._commit),
inside the transaction and under the game's row lock, before the commit. So the cached version
is never behind the database: the writes are made one after another, in version order, by the
holders of the lock; a poll that misses reads the row and only *adds* what it read, which never
overwrites a newer value set meanwhile. It can be ahead for a moment (set, not yet committed) or
after a rollback: a poll then renders the table from the database, as it would without the
cache, and sees what is committed. What it must never do, answer "nothing new" while the game
moved, it cannot.

The cache is the `versions` alias: Redis shared by every web process, which misses (never falls
back to one process's memory) while Redis cannot be reached, so a poll then reads the row
(core.redis_cache). Without Redis it is a dummy cache, and every poll reads the row: several
processes' own memories would disagree.
"""

from __future__ import annotations

from django.core.cache import caches

from chase.models import GameSession

ALIAS = "versions"
SECONDS = 3600  # an unused game's entry goes; the next poll reads the row once


def key(session_id: int) -> str:
    """The game's entry (chase.view_cache reads it with the seats' stamp, in one round trip)."""
    return f"game:{session_id}"


def remember(session_id: int, version: int, status: str) -> None:
    """After a version bump, inside its transaction (see the module)."""
    caches[ALIAS].set(key(session_id), (version, status), SECONDS)


def current(session_id: int) -> tuple[int, str] | None:
    """(version, status) of the game, from the cache or else its row; None: no such game."""
    cache = caches[ALIAS]
    found = cache.get(key(session_id))
    if found is not None:
        return found
    row = GameSession.objects.filter(pk=session_id).values_list("version", "status").first()
    if row is None:
        return None
    cache.add(key(session_id), tuple(row), SECONDS)  # never over a newer one (see the module)
    return tuple(row)

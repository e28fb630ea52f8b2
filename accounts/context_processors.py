"""The top bar's inbox badge: computed only when a page shows it, and only for a player.

The count is cached per player under their inbox's version (core.content_version): a write
to what it counts (a report of one of their games, a sequence of their warband, a captive, a
move of one of their canoe games) changes the key. The minute is in the key too, as the canoe
games' items also leave the inbox when a game has been idle too long (chase.inbox.IDLE_DAYS),
and so are the registered sources.
"""

from __future__ import annotations

import time

from django.utils.functional import SimpleLazyObject

from accounts import inbox as inbox_module
from accounts.inbox import inbox_of
from core.content_version import inbox_scope
from core.page_cache import cached


def inbox(request) -> dict:
    if not request.user.is_authenticated:
        return {}
    count = SimpleLazyObject(
        lambda: cached(
            "inbox-count", request.user.id, minute(), sources(),
            scopes=[inbox_scope(request.user.id)], request=request,
            render=lambda: len(inbox_of(request)), at_once=True,
        )
    )  # fmt: skip
    return {"inbox_count": count}


def sources() -> str:
    """The registered sources: the count is theirs (fixed once the apps are loaded)."""
    return ",".join(f"{f.__module__}.{f.__qualname__}" for f in inbox_module.SOURCES)


def minute() -> int:
    """A key part that changes every minute: an idle canoe game leaves the inbox on time."""
    return int(time.time() // 60)

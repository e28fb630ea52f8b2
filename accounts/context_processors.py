"""The top bar's inbox badge: computed only when a page shows it, and only for a player.

The count is cached per player under their inbox's version (core.content_version): a write
to what it counts (a report of one of their games, a sequence of their warband, a captive, a
move of one of their canoe games) changes the key. The minute is in the key too, as the canoe
games' items also leave the inbox when a game has been idle too long (chase.inbox.IDLE_DAYS),
and so are the registered sources.

A source registered with a scope of its own (`count_scope`, accounts.inbox.COUNT_SCOPES: the
campaign's) is counted apart, under that scope alone: a canoe move or a new minute, which
change the inbox's key, do not make its queries again (most of a count's cost).
"""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from accounts.selectors import group_items, minute, source_groups, sources
from core.content_version import inbox_scope
from core.page_cache import cached


def inbox(request) -> dict:
    if not request.user.is_authenticated:
        return {}
    return {"inbox_count": SimpleLazyObject(lambda: count(request))}


def count(request) -> int:
    """How many items wait for the request's user (as len(inbox_listed(request)))."""
    user = request.user
    if hasattr(request, "_inbox"):  # the page lists them: counted already
        return len(request._inbox)
    rest, groups = source_groups()
    total = cached(
        "inbox-count", user.id, minute(), sources(rest),
        scopes=[inbox_scope(user.id)], request=request, at_once=True,
        render=lambda: sum(1 for f in rest for _ in f(user)),
    )  # fmt: skip
    for scope, functions in groups.items():  # the sources of one scope: one cached count
        total += cached(
            "inbox-source-count", user.id, sources(functions),
            scopes=[scope(user.id)], request=request, at_once=True,
            # their items, kept for the home page's list too (accounts.selectors.group_items)
            render=lambda functions=functions, scope=scope: len(
                group_items(request, scope, functions)
            ),
        )  # fmt: skip
    return total
